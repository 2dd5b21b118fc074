// battleline-engine/computer in browsers: the computer player in a Web Worker. The worker's script is
// inlined in the package and started from a Blob URL, so no bundler has to find or copy a worker file;
// the full engine's wasm is loaded on the first request (or taken from `options.wasm`).
import { ComputerBase, sharedFunctions } from './computer-core.js';
import workerSource from './computer-worker.js';

export { BattleLineError } from './errors.js';

let sourceUrl = null;

function spawn(onMessage, onFailure) {
  sourceUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  const worker = new Worker(sourceUrl, { name: 'battleline-computer' });
  worker.onmessage = (event) => onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onFailure(`the computer's worker failed: ${event.message || 'it could not start (a Content-Security-Policy without worker-src blob:?)'}`);
  };
  return { post: (message) => worker.postMessage(message), terminate: () => worker.terminate(), busy() {}, idle() {} };
}

const inlineWasm = () => import('./full/wasm-base64.js').then((m) => m.bytes());

/** The computer player in its own Web Worker. */
export class Computer extends ComputerBase {
  constructor(options) {
    super(spawn, inlineWasm, options);
  }
}

/** One Computer shared by every call of these functions: `suggest`, `evaluate` (win chances), `review`. */
export const { suggest, evaluate, review } = sharedFunctions(() => new Computer());
