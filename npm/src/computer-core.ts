// The main thread's side of the computer player, shared by the browser (computer.ts: a Web Worker) and
// Node (computer-node.ts: a worker thread). One request runs at a time (a suggestion, win chances, a
// hint, a review); the others wait here, so that
// cancelling a waiting request just drops it, and cancelling the running one replaces the worker (a
// search in wasm cannot be interrupted). Every failure is a BattleLineError. Compiled by tsc into the
// package (scripts/finish-pkg.mjs), which also writes the declarations from it.
import { BattleLineError } from './errors.js';
import type {
  Action,
  BotLevel,
  ErrorCode,
  Evaluation,
  GameRecord,
  Hint,
  Outlook,
  PlayerIndex,
  PlayerView,
  Previous,
  Reason,
  Review,
  ReviewedDecision,
  SearchLevel,
  WasmModule,
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

/** Options of `evaluate` and `hint`: a seed (the same view, level and seed give the same numbers) and a signal. */
export type EvaluateOptions = SuggestOptions;

/** Options of `hint`: those of `evaluate`, and the previous hint's move with the hand it was made from. */
export interface HintOptions extends EvaluateOptions {
  /** With it, the hint never takes that move's card back unless a card seen since changes the plan. */
  previous?: Previous | null;
}

/** Options of `explain` and `explainMove`: a signal. */
export interface ExplainOptions {
  /** Aborting rejects with a BattleLineError `aborted`. */
  signal?: AbortSignal;
}

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

/** What the worker answers (npm/worker-main.js). @internal */
export interface WorkerMessage {
  type: 'ready' | 'failed' | 'answer' | 'progress';
  id?: number;
  value?: unknown;
  error?: { code: ErrorCode; message: string };
  message?: string;
  done?: number;
  total?: number;
  decision?: ReviewedDecision;
}

/** What a request asks of the worker. */
type RequestType = 'suggest' | 'evaluate' | 'hint' | 'explain' | 'explainMove' | 'judgeMove' | 'review';

const WHAT: Record<RequestType, string> = {
  suggest: 'suggestion',
  evaluate: 'evaluation',
  hint: 'hint',
  explain: 'explanation',
  explainMove: 'explanation',
  judgeMove: 'judgement',
  review: 'review',
};

/** A started worker, as an entry point spawns it (a Web Worker, a worker thread). @internal */
export interface WorkerHandle {
  post(message: unknown): void;
  terminate(): void;
  /** A request runs: keep the process alive (Node). */
  busy(): void;
  /** Nothing runs. */
  idle(): void;
}

/** Starts a worker that calls `onMessage` with each answer and `onFailure` if it fails. @internal */
export type Spawn = (onMessage: (data: WorkerMessage) => void, onFailure: (text: string) => void) => WorkerHandle;

interface Job {
  id: number;
  type: RequestType;
  /** The request's fields as the worker reads them. */
  payload: Record<string, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: BattleLineError) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | null;
  onProgress: ((progress: ReviewProgress) => void) | undefined;
}

const aborted = (signal: AbortSignal | undefined, type: RequestType) =>
  new BattleLineError('aborted', `the ${WHAT[type]} was cancelled`, signal?.reason === undefined ? undefined : { cause: signal.reason });

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

// `using computer = new Computer()` needs Symbol.dispose, which older engines lack: there the method
// is keyed by the registered symbol of that name (what their polyfills use).
const dispose: typeof Symbol.dispose = Symbol.dispose ?? (Symbol.for('Symbol.dispose') as typeof Symbol.dispose);

/** The copy of the full engine's wasm inlined in the package, loaded only when asked. @internal */
export const inlineWasm = (): Promise<ComputerWasm> => import('./full/wasm-base64.js').then((m) => m.bytes());

/** The Computer of an entry point's functions (`suggest`, `evaluate`, `review`): made on the first call, shared by every call. @internal */
export function sharedComputer(make: () => ComputerBase): () => ComputerBase {
  let shared: ComputerBase | null = null;
  return () => (shared ??= make());
}

/** Compiles whatever the caller gave as the full engine's wasm (a module, bytes, a URL or a Response). */
async function compileWasm(given: ComputerWasm | Promise<ComputerWasm>): Promise<WebAssembly.Module> {
  let source = await given;
  if (source instanceof WebAssembly.Module) return source;
  if (typeof source === 'string' || source instanceof URL) source = await fetch(source);
  if (typeof Response === 'function' && source instanceof Response) {
    if (!source.ok) throw new Error(`${source.url}: HTTP ${source.status}`);
    const streaming = source.headers.get('content-type') === 'application/wasm';
    return streaming ? WebAssembly.compileStreaming(source) : WebAssembly.compile(await source.arrayBuffer());
  }
  return WebAssembly.compile(source as BufferSource);
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
export class ComputerBase {
  #spawn: Spawn;
  #wasm: ComputerWasm | Promise<ComputerWasm> | undefined;
  #defaultWasm: () => Promise<ComputerWasm>;
  #module: Promise<WebAssembly.Module> | null = null;
  #worker: WorkerHandle | null = null;
  #queue: Job[] = [];
  #running: Job | null = null;
  #nextId = 1;
  #terminated = false;

  /** `spawn` starts a worker; `defaultWasm` loads the engine when the options name none. @internal */
  constructor(spawn: Spawn, defaultWasm: () => Promise<ComputerWasm>, options: ComputerOptions = {}) {
    this.#spawn = spawn;
    this.#wasm = options.wasm;
    this.#defaultWasm = defaultWasm;
  }

  // Compiled once, on first use: a page that never asks the computer never downloads its engine.
  #loadModule(): Promise<WebAssembly.Module> {
    this.#module ??= compileWasm(this.#wasm === undefined ? this.#defaultWasm() : this.#wasm).catch((error: unknown) => {
      this.#module = null; // the next request tries again
      throw error;
    });
    return this.#module;
  }

  /**
   * An action for the player whose view this is (the bot sees only the view). Rejects with a
   * BattleLineError: the engine's codes (`bad_input`, `not_your_turn`, `game_over`), `aborted` when the
   * signal aborts or the computer is terminated, `worker_failed` when no worker can run.
   */
  suggest(view: PlayerView, level: BotLevel, options: SuggestOptions = {}): Promise<Action> {
    return this.#request('suggest', options, (seed) => ({ view, level, seed })) as Promise<Action>;
  }

  /**
   * The viewer's chance to win the game and each flag, from the view alone (never from hidden cards): the
   * evaluation averaged over samples of the hidden cards, more of them at a higher `level`. Rejects with
   * `bad_input` for a bad view or level.
   *
   * ```ts
   * const { win, flags } = await computer.evaluate(game.view(0), 'medium');
   * ```
   */
  evaluate(view: PlayerView, level: SearchLevel, options: EvaluateOptions = {}): Promise<Evaluation> {
    return this.#request('evaluate', options, (seed) => ({ view, level, seed })) as Promise<Evaluation>;
  }

  /**
   * The search's move for the viewer with the chances before and after it, its reasons in formations,
   * cards and flags (`reasons`), and the chance line of a flag those reasons concern (`reason`). Given
   * `previous` (the last hint's move and the hand it was made from), the hint never takes that move's
   * card back unless a card seen since changes the plan (then its first reason, `replans`, says which).
   * Rejects as `suggest`.
   */
  hint(view: PlayerView, level: SearchLevel, options: HintOptions = {}): Promise<Hint> {
    const previous = options.previous ?? null;
    return this.#request('hint', options, (seed) => ({ view, level, seed, previous })) as Promise<Hint>;
  }

  /**
   * Each open flag as the viewer sees it: both sides' best reachable formations, the cards that complete
   * them (held and unseen), the outs, who completes first and who can prove it. From the view alone.
   * Rejects with `bad_input`.
   */
  explain(view: PlayerView, options: ExplainOptions = {}): Promise<Outlook> {
    return this.#request('explain', options, () => ({ view })) as Promise<Outlook>;
  }

  /**
   * What the viewer's `action` changes, as reasons naming formations, cards and flags. Rejects with
   * `bad_input` (also for an action the viewer cannot take now).
   */
  explainMove(view: PlayerView, action: Action, options: ExplainOptions = {}): Promise<Reason[]> {
    return this.#request('explainMove', options, () => ({ view, action })) as Promise<Reason[]>;
  }

  /**
   * `action` tried at a reviewed decision (`view`, the decision's `index` in its record), judged as the
   * review judges a decision: the search's move, the chances after each, the share of the chance to win
   * given up (`loss`: within the inaccuracy threshold, as good as the best) and the reasons of both. The
   * puzzle of a marked decision. Rejects with `bad_input`, `aborted`, `worker_failed`.
   */
  judgeMove(view: PlayerView, action: Action, index: number, level: SearchLevel, options: ExplainOptions & { seed?: number } = {}): Promise<ReviewedDecision> {
    return this.#request('judgeMove', options, (seed) => ({ view, action, index, level, seed })) as Promise<ReviewedDecision>;
  }

  /**
   * A post-game review of `record` for `player` at the search budget of `level`: every decision of both
   * sides judged from the view its player had then, with the search's move, the chances after each, the
   * share of the chance to win given up, its mark (thresholds in the answer: 0.05, 0.10, 0.20) and the
   * reasons of both moves; `player`'s chance after every step with its cause (a decision or the draws),
   * the turning points, each game's split (own decisions, the opponent's, luck) and each side's accuracy.
   * Rejects with `bad_record`, `bad_player`, `aborted`, `worker_failed`.
   *
   * ```ts
   * const review = await computer.review(record, 0, 'hard', { onProgress: ({ done, total }) => (bar.value = done / total) });
   * ```
   */
  review(record: GameRecord | string, player: PlayerIndex, level: SearchLevel, options: ReviewOptions = {}): Promise<Review> {
    return this.#request('review', options, (seed) => ({ record, player, level, seed })) as Promise<Review>;
  }

  /** Queues a request; `options` as the caller gave them (anything at all: they are checked here). */
  #request(type: RequestType, options: ReviewOptions, payload: (seed: number | undefined) => Record<string, unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      // Bad options reject like every other failure (`null` used to throw a TypeError at the caller).
      const badOptions = (what: string): void => reject(new BattleLineError('bad_options', `the options of ${type} ${what}`));
      const given: unknown = options;
      if (given === null || typeof given !== 'object') {
        return badOptions(`are an object like { seed, signal }, not ${given === null ? 'null' : typeof given}`);
      }
      let seed: ReviewOptions['seed'];
      let signal: ReviewOptions['signal'];
      let onProgress: ReviewOptions['onProgress'];
      try {
        ({ seed, signal, onProgress } = options);
      } catch (error) {
        return badOptions(`cannot be read: ${(error as Error | undefined)?.message ?? String(error)}`);
      }
      if (signal !== undefined && typeof (signal as { addEventListener?: unknown } | null)?.addEventListener !== 'function') {
        return badOptions('have a signal that is not an AbortSignal');
      }
      if (onProgress !== undefined && typeof onProgress !== 'function') return badOptions('have an onProgress that is not a function');
      if (this.#terminated) return reject(new BattleLineError('aborted', 'the computer was terminated'));
      if (signal?.aborted) return reject(aborted(signal, type));
      const job: Job = { id: this.#nextId++, type, payload: payload(seed), resolve, reject, signal, onAbort: null, onProgress };
      if (signal) {
        job.onAbort = () => this.#cancel(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.#queue.push(job);
      void this.#pump();
    });
  }

  /** Stops the worker; pending suggestions reject with `aborted`. The Computer cannot be used again. */
  terminate(): void {
    this.#terminated = true;
    this.#stopWorker();
    const jobs = [...(this.#running ? [this.#running] : []), ...this.#queue];
    this.#running = null;
    this.#queue = [];
    for (const job of jobs) this.#settle(job, null, new BattleLineError('aborted', 'the computer was terminated'));
  }

  /** The same as `terminate()`, so that `using computer = new Computer()` stops it at the end of the block. */
  [dispose](): void {
    this.terminate();
  }

  #settle(job: Job, value: unknown, error: BattleLineError | null): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (error) job.reject(error);
    else job.resolve(value);
  }

  #cancel(job: Job): void {
    if (this.#running === job) {
      this.#running = null;
      this.#stopWorker();
    } else {
      const at = this.#queue.indexOf(job);
      if (at < 0) return;
      this.#queue.splice(at, 1);
    }
    this.#settle(job, null, aborted(job.signal, job.type));
    void this.#pump();
  }

  #stopWorker(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }

  #fail(text: string): void {
    this.#stopWorker();
    const job = this.#running;
    this.#running = null;
    if (job) this.#settle(job, null, new BattleLineError('worker_failed', text));
    void this.#pump();
  }

  async #pump(): Promise<void> {
    if (this.#running || this.#queue.length === 0 || this.#terminated) return;
    const job = this.#queue.shift() as Job;
    this.#running = job;
    try {
      if (!this.#worker) {
        let module: WebAssembly.Module;
        try {
          module = await this.#loadModule();
        } catch (error) {
          throw new BattleLineError('worker_failed', `the computer's engine could not be loaded: ${message(error)}`);
        }
        if (this.#running !== job) return; // cancelled while the engine loaded
        const worker: WorkerHandle = this.#spawn(
          (data) => this.#onMessage(worker, data),
          (text) => {
            if (this.#worker === worker) this.#fail(text);
          },
        );
        worker.post({ type: 'init', module });
        this.#worker = worker;
      }
      this.#worker.busy();
      this.#worker.post({ type: job.type, id: job.id, ...job.payload });
    } catch (error) {
      if (this.#running !== job) return;
      this.#running = null;
      const failure =
        error instanceof BattleLineError
          ? error
          : error instanceof Error && error.name === 'DataCloneError'
            ? new BattleLineError('bad_input', `the ${job.type === 'review' ? 'record' : 'view'} is not plain data: ${error.message}`)
            : new BattleLineError('worker_failed', `the computer's worker did not start: ${message(error)}`);
      this.#settle(job, null, failure);
      void this.#pump();
    }
  }

  #onMessage(worker: WorkerHandle, data: WorkerMessage): void {
    if (worker !== this.#worker) return;
    if (data.type === 'failed') return this.#fail(data.message ?? 'the computer\'s worker failed');
    const job = this.#running;
    if (job === null || job.id !== data.id) return;
    if (data.type === 'progress') {
      try {
        job.onProgress?.({ done: data.done ?? 0, total: data.total ?? 0, decision: data.decision ?? null });
      } catch (error) {
        queueMicrotask(() => {
          throw error; // the caller's callback failed: reported, the review goes on
        });
      }
      return;
    }
    if (data.type !== 'answer') return;
    this.#running = null;
    worker.idle();
    if (data.error) this.#settle(job, null, new BattleLineError(data.error.code, data.error.message));
    else this.#settle(job, data.value, null);
    void this.#pump();
  }
}
