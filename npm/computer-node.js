// battleline-engine/computer in Node: the computer player in a worker thread (worker_threads), started
// from the same inlined script as in browsers. The thread does not keep the process alive while idle.
import { Worker } from 'node:worker_threads';
import { ComputerBase, sharedFunctions } from './computer-core.js';
import workerSource from './computer-worker.js';

export { BattleLineError } from './errors.js';

// The worker script expects a browser-like port: onmessage receiving { data }, postMessage.
const bootstrap = `const { parentPort } = require('node:worker_threads');
globalThis.__battlelinePort = {
  postMessage: (message) => parentPort.postMessage(message),
  set onmessage(handler) { parentPort.on('message', (data) => handler({ data })); },
};
`;

function spawn(onMessage, onFailure) {
  const worker = new Worker(bootstrap + workerSource, { eval: true, name: 'battleline-computer' });
  worker.unref();
  worker.on('message', onMessage);
  worker.on('error', (error) => onFailure(`the computer's worker failed: ${error.message}`));
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => void worker.terminate(),
    busy: () => worker.ref(),
    idle: () => worker.unref(),
  };
}

const inlineWasm = () => import('./full/wasm-base64.js').then((m) => m.bytes());

/** The computer player in its own worker thread. */
export class Computer extends ComputerBase {
  constructor(options) {
    super(spawn, inlineWasm, options);
  }
}

/** One Computer shared by every call of these functions: `suggest`, `evaluate` (win chances), `review`. */
export const { suggest, evaluate, review } = sharedFunctions(() => new Computer());
