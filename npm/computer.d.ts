/**
 * The computer player in a worker: `new Computer().suggest(view, level)` answers a Promise, and the
 * page's main thread never runs a search.
 * @module battleline-engine/computer
 */
import type { Action, BotLevel, PlayerView, WasmModule } from './full/battleline.js';

export { BattleLineError } from './errors.js';
export type { Action, BotLevel, ErrorCode, PlayerView } from './full/battleline.js';

/** Where the computer's engine (the full wasm, with the computer players) comes from. */
export type ComputerWasm = WasmModule | ArrayBuffer | ArrayBufferView | URL | string | Response;

export interface ComputerOptions {
  /**
   * The full engine's wasm: a compiled `WebAssembly.Module` (a page that already compiled
   * `battleline-engine/full.wasm` passes it to avoid a second download), its bytes, or a URL to fetch.
   * Default: the copy inlined in this package, loaded on the first suggestion.
   */
  wasm?: ComputerWasm | Promise<ComputerWasm>;
  /**
   * Browsers: the URL of the worker script, where your site serves `battleline-engine/computer.worker.js`
   * (for a Content-Security-Policy that allows scripts only from your origin, without `worker-src blob:`).
   * Default: the copy inlined in this package, started from a Blob URL. Ignored in Node.
   */
  worker?: string | URL;
}

export interface SuggestOptions {
  /** The same view, level and seed give the same action. Default 0. A whole number 0 … 2^53 - 1. */
  seed?: number;
  /** Aborting rejects the suggestion with a BattleLineError `aborted` (a running search is stopped). */
  signal?: AbortSignal;
}

/**
 * The computer player in its own worker (a Web Worker in browsers, a worker thread in Node): the page's
 * main thread never runs a search. Requests are answered one at a time, in order.
 *
 * ```ts
 * const computer = new Computer();
 * const action = await computer.suggest(game.view(1), 'hard', { seed: 7, signal });
 * game.apply(action);
 * computer.terminate();
 * ```
 */
export declare class Computer {
  constructor(options?: ComputerOptions);
  /**
   * An action for the player whose view this is (the bot sees only the view). Rejects with a
   * BattleLineError: the engine's codes (`bad_input`, `not_your_turn`, `game_over`), `aborted` when the
   * signal aborts or the computer is terminated, `worker_failed` when no worker can run.
   */
  suggest(view: PlayerView, level: BotLevel, options?: SuggestOptions): Promise<Action>;
  /** Stops the worker; pending suggestions reject with `aborted`. The Computer cannot be used again. */
  terminate(): void;
  /** The same as `terminate()`, so that `using computer = new Computer()` stops it at the end of the block. */
  [Symbol.dispose](): void;
}

/** `new Computer().suggest(…)` on one Computer shared by every call of this function. */
export declare function suggest(view: PlayerView, level: BotLevel, options?: SuggestOptions): Promise<Action>;
