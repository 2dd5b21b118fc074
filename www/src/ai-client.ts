// The main thread's side of the computer player: a Web Worker (a Blob worker in the single-file build)
// that answers one action from the computer's view; a random legal action if no worker can run.
import type { Action, PlayerView } from '../../pkg/index.js';
import type { SuggestReply, SuggestRequest } from './ai-worker.js';
import { singleFile } from './engine.js';
import { randomAction } from './random-player.js';

export interface Suggestion {
  action: Action;
  source: 'engine' | 'random';
}

function createWorker(): Worker {
  if (singleFile()) {
    const source = document.getElementById('ai-worker-src')?.textContent ?? '';
    return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  }
  return new Worker(new URL('ai-worker.js', document.baseURI));
}

export class Computer {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, (reply: SuggestReply | null) => void>();
  private nextId = 1;

  private readonly module: WebAssembly.Module;

  constructor(module: WebAssembly.Module) {
    this.module = module;
    this.start();
  }

  private start(): void {
    try {
      const worker = createWorker();
      worker.onmessage = (event: MessageEvent<SuggestReply | { type: 'ready' }>) => {
        const data = event.data;
        if ('id' in data) {
          this.pending.get(data.id)?.(data);
          this.pending.delete(data.id);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        this.dropWorker();
      };
      worker.postMessage({ type: 'init', module: this.module });
      this.worker = worker;
    } catch {
      this.worker = null;
    }
  }

  private dropWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const resolve of this.pending.values()) resolve(null);
    this.pending.clear();
  }

  /** One action for the player whose view this is; `legal` are that player's legal actions. */
  async suggest(view: PlayerView, legal: Action[], level: string, seed: number): Promise<Suggestion | null> {
    let reply: SuggestReply | null = null;
    if (this.worker) {
      const id = this.nextId++;
      const request: SuggestRequest = { type: 'suggest', id, view, legal, level, seed };
      reply = await new Promise<SuggestReply | null>((resolve) => {
        this.pending.set(id, resolve);
        this.worker!.postMessage(request);
      });
      if (reply?.error) console.warn(`computer player: ${reply.error}`);
    }
    if (reply?.action) return { action: reply.action, source: reply.source };
    const action = randomAction(legal, seed);
    return action ? { action, source: 'random' } : null;
  }

  /** Drops a computation nobody waits for any more (undo, new game): a fresh worker takes over. */
  cancel(): void {
    if (this.pending.size === 0) return;
    this.dropWorker();
    this.start();
  }
}
