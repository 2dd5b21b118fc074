// The main thread's side of the computer player, shared by the browser (computer.js: a Web Worker) and
// Node (computer-node.js: a worker thread). One request runs at a time (a suggestion, win chances, a hint,
// a review); the others wait here, so that cancelling a waiting request just drops it, and cancelling the
// running one replaces the worker (a search in wasm cannot be interrupted). Every failure is a
// BattleLineError.
import { BattleLineError } from './errors.js';

const WHAT = { suggest: 'suggestion', evaluate: 'evaluation', hint: 'hint', review: 'review' };

const aborted = (signal, type) =>
  new BattleLineError('aborted', `the ${WHAT[type]} was cancelled`, signal?.reason === undefined ? undefined : { cause: signal.reason });

/** Compiles whatever the caller gave as the full engine's wasm (a module, bytes, a URL or a Response). */
export async function compileWasm(source) {
  source = await source;
  if (source instanceof WebAssembly.Module) return source;
  if (typeof source === 'string' || source instanceof URL) source = await fetch(source);
  if (typeof Response === 'function' && source instanceof Response) {
    if (!source.ok) throw new Error(`${source.url}: HTTP ${source.status}`);
    const streaming = source.headers.get('content-type') === 'application/wasm';
    return streaming ? WebAssembly.compileStreaming(source) : WebAssembly.compile(await source.arrayBuffer());
  }
  return WebAssembly.compile(source);
}

/** The module's functions `suggest`, `evaluate` and `review`: one Computer (made on first use) shared by every call. */
export function sharedFunctions(make) {
  let shared = null;
  const computer = () => (shared ??= make());
  return {
    suggest: (view, level, options) => computer().suggest(view, level, options),
    evaluate: (view, level, options) => computer().evaluate(view, level, options),
    review: (record, player, level, options) => computer().review(record, player, level, options),
  };
}

export class ComputerBase {
  #spawn;
  #wasm;
  #defaultWasm;
  #module = null;
  #worker = null;
  #queue = [];
  #running = null;
  #nextId = 1;
  #terminated = false;

  /** `spawn()` starts a worker: { post(message), terminate(), busy(), idle() }, calling `onMessage(data)` and `onFailure(text)`. */
  constructor(spawn, defaultWasm, options = {}) {
    this.#spawn = spawn;
    this.#wasm = options.wasm;
    this.#defaultWasm = defaultWasm;
  }

  // Compiled once, on first use: a page that never asks the computer never downloads its engine.
  #loadModule() {
    this.#module ??= compileWasm(this.#wasm === undefined ? this.#defaultWasm() : this.#wasm).catch((error) => {
      this.#module = null; // the next request tries again
      throw error;
    });
    return this.#module;
  }

  suggest(view, level, options = {}) {
    return this.#request('suggest', { view, level, seed: options.seed }, options);
  }

  evaluate(view, level, options = {}) {
    return this.#request('evaluate', { view, level, seed: options.seed }, options);
  }

  hint(view, level, options = {}) {
    return this.#request('hint', { view, level, seed: options.seed }, options);
  }

  review(record, player, level, options = {}) {
    return this.#request('review', { record, player, level, seed: options.seed }, options);
  }

  #request(type, payload, options) {
    const { signal, onProgress } = options ?? {};
    return new Promise((resolve, reject) => {
      if (this.#terminated) return reject(new BattleLineError('aborted', 'the computer was terminated'));
      if (signal?.aborted) return reject(aborted(signal, type));
      const job = { id: this.#nextId++, type, payload, resolve, reject, signal, onAbort: null, onProgress };
      if (signal) {
        job.onAbort = () => this.#cancel(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.#queue.push(job);
      void this.#pump();
    });
  }

  /** Stops the worker; every pending request rejects with `aborted`. */
  terminate() {
    this.#terminated = true;
    this.#stopWorker();
    const jobs = [...(this.#running ? [this.#running] : []), ...this.#queue];
    this.#running = null;
    this.#queue = [];
    for (const job of jobs) this.#settle(job, null, new BattleLineError('aborted', 'the computer was terminated'));
  }

  /** `using computer = new Computer()` terminates it at the end of the block (like `terminate()`). */
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() {
    this.terminate();
  }

  #settle(job, value, error) {
    job.signal?.removeEventListener('abort', job.onAbort);
    if (error) job.reject(error);
    else job.resolve(value);
  }

  #cancel(job) {
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

  #stopWorker() {
    this.#worker?.terminate();
    this.#worker = null;
  }

  #fail(text) {
    this.#stopWorker();
    const job = this.#running;
    this.#running = null;
    if (job) this.#settle(job, null, new BattleLineError('worker_failed', text));
    void this.#pump();
  }

  async #pump() {
    if (this.#running || this.#queue.length === 0 || this.#terminated) return;
    const job = this.#queue.shift();
    this.#running = job;
    try {
      if (!this.#worker) {
        let module;
        try {
          module = await this.#loadModule();
        } catch (error) {
          throw new BattleLineError('worker_failed', `the computer's engine could not be loaded: ${error?.message ?? error}`);
        }
        if (this.#running !== job) return; // cancelled while the engine loaded
        const worker = this.#spawn(
          (data) => this.#onMessage(worker, data),
          (text) => this.#worker === worker && this.#fail(text),
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
          : error?.name === 'DataCloneError'
            ? new BattleLineError('bad_input', `the ${job.type === 'review' ? 'record' : 'view'} is not plain data: ${error.message}`)
            : new BattleLineError('worker_failed', `the computer's worker did not start: ${error?.message ?? error}`);
      this.#settle(job, null, failure);
      void this.#pump();
    }
  }

  #onMessage(worker, data) {
    if (worker !== this.#worker) return;
    if (data.type === 'failed') return this.#fail(data.message);
    if (this.#running?.id !== data.id) return;
    const job = this.#running;
    if (data.type === 'progress') {
      try {
        job.onProgress?.({ done: data.done, total: data.total, decision: data.decision ?? null });
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
