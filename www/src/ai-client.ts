// The main thread's side of the computer player: Web Workers (Blob workers in the single-file build)
// that answer one action from the computer's view. A level that searches several independent trees
// (hard: two) gives each tree its own worker, so that both cores think at once, and combines their
// answers here; the action is the one `suggest` gives for the same view, level and seed. A random
// legal action if no worker can run.
import * as engine from '../../pkg/index.js';
import type { Action, PlayerView, TreeAnswer } from '../../pkg/index.js';
import type { SuggestReply, SuggestRequest, TreeReply, TreeRequest } from './ai-worker.js';
import { singleFile } from './engine.js';
import { randomAction, sameAction } from './random-player.js';

export interface Suggestion {
  action: Action;
  source: 'engine' | 'random';
  /** Workers that searched side by side for it (1: one worker for the whole decision; 0: random). */
  trees: number;
}

type Reply = SuggestReply | TreeReply;

function createWorker(): Worker {
  if (singleFile()) {
    const source = document.getElementById('ai-worker-src')?.textContent ?? '';
    return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  }
  return new Worker(new URL('ai-worker.js', document.baseURI));
}

/** An export of the package, if this build has it (a package built without bots has none). */
function engineFunction<F>(name: string): F | null {
  const fn = (engine as unknown as Record<string, unknown>)[name];
  return typeof fn === 'function' ? (fn as F) : null;
}

/** How many trees the level searches (1 when the engine cannot say). */
function treesOf(level: string): number {
  try {
    return engineFunction<(level: string) => number>('searchTrees')?.(level) ?? 1;
  } catch {
    return 1;
  }
}

export class Computer {
  /** Worker `i` answers tree `i`; worker 0 also answers whole decisions. Started when first needed. */
  private workers: Worker[] = [];
  private readonly pending = new Map<number, (reply: Reply | null) => void>();
  private nextId = 1;
  private broken = false;
  /** Counts the times the workers were dropped: a decision that saw it change was cancelled. */
  private generation = 0;

  private readonly module: WebAssembly.Module;

  constructor(module: WebAssembly.Module) {
    this.module = module;
    this.worker(0);
  }

  /** Worker `index`, started if needed; null if workers cannot run here. */
  private worker(index: number): Worker | null {
    if (this.broken) return null;
    while (this.workers.length <= index) {
      try {
        const worker = createWorker();
        worker.onmessage = (event: MessageEvent<Reply | { type: 'ready' }>) => {
          const data = event.data;
          if ('id' in data) {
            this.pending.get(data.id)?.(data);
            this.pending.delete(data.id);
          }
        };
        worker.onerror = (event) => {
          event.preventDefault();
          this.dropWorkers();
        };
        worker.postMessage({ type: 'init', module: this.module });
        this.workers.push(worker);
      } catch {
        this.dropWorkers();
        this.broken = true;
        return null;
      }
    }
    return this.workers[index]!;
  }

  private dropWorkers(): void {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    this.generation += 1;
    for (const resolve of this.pending.values()) resolve(null);
    this.pending.clear();
  }

  private ask(index: number, request: SuggestRequest | TreeRequest): Promise<Reply | null> {
    const worker = this.worker(index);
    if (!worker) return Promise.resolve(null);
    return new Promise<Reply | null>((resolve) => {
      this.pending.set(request.id, resolve);
      worker.postMessage(request);
    });
  }

  /** The level's trees, one worker each, combined; null if any tree failed. */
  private async searchTrees(view: PlayerView, legal: Action[], level: string, seed: number, trees: number): Promise<Action | null> {
    const combine = engineFunction<(view: PlayerView, answers: TreeAnswer[]) => Action>('combineTrees');
    if (!combine) return null;
    const requests = Array.from({ length: trees }, (_, tree) =>
      this.ask(tree, { type: 'tree', id: this.nextId++, view, level, seed, tree }),
    );
    const replies = (await Promise.all(requests)) as (TreeReply | null)[];
    const answers: TreeAnswer[] = [];
    for (const reply of replies) {
      if (!reply?.answer) {
        if (reply?.error) console.warn(`computer player: ${reply.error}`);
        return null;
      }
      answers.push(reply.answer);
    }
    try {
      const action = combine(view, answers);
      return legal.some((a) => sameAction(a, action)) ? action : null;
    } catch (err) {
      console.warn(`computer player: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }

  /** One action for the player whose view this is; `legal` are that player's legal actions. */
  async suggest(view: PlayerView, legal: Action[], level: string, seed: number): Promise<Suggestion | null> {
    const trees = treesOf(level);
    const generation = this.generation;
    let reply: SuggestReply | null = null;
    if (trees > 1) {
      const action = await this.searchTrees(view, legal, level, seed, trees);
      if (action) return { action, source: 'engine', trees };
    }
    if (generation === this.generation) {
      // One worker for the whole decision (also when the trees could not run side by side).
      reply = (await this.ask(0, { type: 'suggest', id: this.nextId++, view, legal, level, seed })) as SuggestReply | null;
      if (reply?.error) console.warn(`computer player: ${reply.error}`);
    }
    if (reply?.action) return { action: reply.action, source: reply.source, trees: reply.source === 'engine' ? 1 : 0 };
    const action = randomAction(legal, seed);
    return action ? { action, source: 'random', trees: 0 } : null;
  }

  /** Drops a computation nobody waits for any more (undo, new game): fresh workers take over. */
  cancel(): void {
    if (this.pending.size === 0) return;
    this.dropWorkers();
    this.worker(0);
  }
}
