// battleline-engine/computer in browsers: the computer player in a Web Worker. The worker's script is
// inlined in the package and started from a Blob URL, so no bundler has to find or copy a worker file; a
// site whose Content-Security-Policy allows no `blob:` worker serves the same script as a file
// (battleline-engine/computer.worker.js) and passes its URL (`options.worker`). The full engine's wasm is
// loaded on the first request (or taken from `options.wasm`).
import { ComputerBase } from './computer-core.js';
import workerSource from './computer-worker.js';

export { BattleLineError } from './errors.js';

let sourceUrl = null;

function spawner(file) {
  return (onMessage, onFailure) => {
    let url = file;
    if (url === undefined) url = sourceUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    const worker = new Worker(url, { name: 'battleline-computer' });
    worker.onmessage = (event) => onMessage(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      const why = file === undefined ? 'a Content-Security-Policy without worker-src blob:? then serve battleline-engine/computer.worker.js and pass its URL as `worker`' : `is ${file} served?`;
      onFailure(`the computer's worker failed: ${event.message || `it could not start (${why})`}`);
    };
    return { post: (message) => worker.postMessage(message), terminate: () => worker.terminate(), busy() {}, idle() {} };
  };
}

const inlineWasm = () => import('./full/wasm-base64.js').then((m) => m.bytes());

/** The computer player in its own Web Worker. */
export class Computer extends ComputerBase {
  constructor(options) {
    super(spawner(options?.worker ?? undefined), inlineWasm, options);
  }
}

let shared = null;

/** A suggestion from one Computer shared by every call of this function. */
export function suggest(view, level, options) {
  shared ??= new Computer();
  return shared.suggest(view, level, options);
}
