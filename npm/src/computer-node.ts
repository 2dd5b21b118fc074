// battleline-engine/computer in Node: the computer player in a worker thread (worker_threads), started
// from the same inlined script as in browsers. The thread does not keep the process alive while idle.
// Its declarations are those of computer.ts (the same API).
import { Worker } from 'node:worker_threads';
import {
  ComputerBase,
  inlineWasm,
  sharedComputer,
  type ComputerOptions,
  type EvaluateOptions,
  type ReviewOptions,
  type Spawn,
  type SuggestOptions,
  type WorkerMessage,
} from './computer-core.js';
import workerSource from './inline-worker-source.js';
import type { Action, BotLevel, Evaluation, GameRecord, PlayerIndex, PlayerView, Review, SearchLevel } from './full/battleline.js';

export { BattleLineError } from './errors.js';

// The worker script expects a browser-like port: onmessage receiving { data }, postMessage.
const bootstrap = `const { parentPort } = require('node:worker_threads');
globalThis.__battlelinePort = {
  postMessage: (message) => parentPort.postMessage(message),
  set onmessage(handler) { parentPort.on('message', (data) => handler({ data })); },
};
`;

const spawn: Spawn = (onMessage, onFailure) => {
  const worker = new Worker(bootstrap + workerSource, { eval: true, name: 'battleline-computer' });
  worker.unref();
  worker.on('message', (data: WorkerMessage) => onMessage(data));
  worker.on('error', (error: Error) => onFailure(`the computer's worker failed: ${error.message}`));
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => void worker.terminate(),
    busy: () => worker.ref(),
    idle: () => worker.unref(),
  };
};

/** The computer player in its own worker thread (see {@link ComputerBase} for what it does). */
export class Computer extends ComputerBase {
  constructor(options?: ComputerOptions) {
    super(spawn, inlineWasm, options);
  }
}

const shared = sharedComputer(() => new Computer());

/** `new Computer().suggest(…)` on one Computer shared by every call of these functions. */
export function suggest(view: PlayerView, level: BotLevel, options?: SuggestOptions): Promise<Action> {
  return shared().suggest(view, level, options);
}

/** `new Computer().evaluate(…)`: the viewer's win chances, on the shared Computer. */
export function evaluate(view: PlayerView, level: SearchLevel, options?: EvaluateOptions): Promise<Evaluation> {
  return shared().evaluate(view, level, options);
}

/** `new Computer().review(…)`: a post-game review, on the shared Computer. */
export function review(record: GameRecord | string, player: PlayerIndex, level: SearchLevel, options?: ReviewOptions): Promise<Review> {
  return shared().review(record, player, level, options);
}
