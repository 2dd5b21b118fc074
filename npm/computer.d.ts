/**
 * The computer player in a worker: `new Computer().suggest(view, level)` answers a Promise, and the
 * page's main thread never runs a search.
 * @module battleline-engine/computer
 */
import type {
  Action,
  BotLevel,
  Evaluation,
  GameRecord,
  Hint,
  PlayerIndex,
  PlayerView,
  Review,
  ReviewedDecision,
  SearchLevel,
  WasmModule,
} from './full/battleline.js';

export { BattleLineError } from './errors.js';
export type {
  Action,
  BotLevel,
  ErrorCode,
  Evaluation,
  FlagChange,
  GameRecord,
  Hint,
  Judgement,
  PlayerView,
  Review,
  ReviewedDecision,
  ReviewThresholds,
  SearchLevel,
} from './full/battleline.js';

/** Where the computer's engine (the full wasm, with the computer players) comes from. */
export type ComputerWasm = WasmModule | ArrayBuffer | ArrayBufferView | URL | string | Response;

export interface ComputerOptions {
  /**
   * The full engine's wasm: a compiled `WebAssembly.Module` (a page that already compiled
   * `battleline-engine/full.wasm` passes it to avoid a second download), its bytes, or a URL to fetch.
   * Default: the copy inlined in this package, loaded on the first suggestion.
   */
  wasm?: ComputerWasm | Promise<ComputerWasm>;
}

export interface SuggestOptions {
  /** The same view, level and seed give the same action. Default 0. A whole number 0 … 2^53 - 1. */
  seed?: number;
  /** Aborting rejects the suggestion with a BattleLineError `aborted` (a running search is stopped). */
  signal?: AbortSignal;
}

/** Options of `evaluate` and `hint`: a seed (the same view, level and seed give the same numbers) and a signal. */
export type EvaluateOptions = SuggestOptions;

/** A review's progress, after each judged decision (and once with `done: 0` before the first). */
export interface ReviewProgress {
  done: number;
  total: number;
  /** The decision just judged (null before the first). */
  decision: ReviewedDecision | null;
}

export interface ReviewOptions {
  /** The same record, player, level and seed give the same review. Default 0. */
  seed?: number;
  /** Aborting rejects the review with a BattleLineError `aborted` (the running review is stopped). */
  signal?: AbortSignal;
  /** Called in order as the review goes on (an exception thrown there is reported, not fatal). */
  onProgress?: (progress: ReviewProgress) => void;
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
  /**
   * The viewer's chance to win the game and each flag, from the view alone (never from hidden cards), at
   * the search budget of `level`: on the viewer's decision the search's rating of its best move,
   * otherwise the evaluation averaged over samples of the hidden cards. Rejects as `suggest`.
   *
   * ```ts
   * const { win, flags } = await computer.evaluate(game.view(0), 'medium');
   * console.log(`${Math.round(win * 100)}% to win; flag 3: ${Math.round(flags[2] * 100)}%`);
   * ```
   */
  evaluate(view: PlayerView, level: SearchLevel, options?: EvaluateOptions): Promise<Evaluation>;
  /**
   * The search's move for the viewer (the same as `suggest` at that level and seed) with the chances
   * before and after it, and the flag it raises most as its reason. Rejects as `suggest`.
   */
  hint(view: PlayerView, level: SearchLevel, options?: EvaluateOptions): Promise<Hint>;
  /**
   * A post-game review of `player`'s decisions in `record` at the search budget of `level`: each decision
   * judged from the view that player had then, with the search's move, the chances after each, the
   * share of the chance to win given up and its mark (thresholds in the answer: 0.05, 0.10, 0.20).
   * Rejects with `bad_record`, `bad_player`, `aborted`, `worker_failed`.
   *
   * ```ts
   * const review = await computer.review(record, 0, 'medium', { onProgress: ({ done, total }) => bar.value = done / total });
   * for (const d of review.decisions) if (d.judgement) console.log(d.index, d.judgement, d.best);
   * ```
   */
  review(record: GameRecord | string, player: PlayerIndex, level: SearchLevel, options?: ReviewOptions): Promise<Review>;
  /** Stops the worker; pending requests reject with `aborted`. The Computer cannot be used again. */
  terminate(): void;
  /** The same as `terminate()`, so that `using computer = new Computer()` stops it at the end of the block. */
  [Symbol.dispose](): void;
}

/** `new Computer().suggest(…)` on one Computer shared by every call of these functions. */
export declare function suggest(view: PlayerView, level: BotLevel, options?: SuggestOptions): Promise<Action>;
/** `new Computer().evaluate(…)` on the shared Computer. */
export declare function evaluate(view: PlayerView, level: SearchLevel, options?: EvaluateOptions): Promise<Evaluation>;
/** `new Computer().review(…)` on the shared Computer. */
export declare function review(record: GameRecord | string, player: PlayerIndex, level: SearchLevel, options?: ReviewOptions): Promise<Review>;
