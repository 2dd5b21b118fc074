// The page's computer player: the package's own (battleline-engine/computer, a Web Worker), handed the
// engine the page already compiled. A failure (no worker can run, the engine refuses, an illegal answer)
// is reported to the caller as an error to show: a computer's move is never replaced by another.
import { Computer as EngineComputer, BattleLineError } from '../../pkg/computer.js';
import type { Action, BotLevel, PlayerView } from '../../pkg/computer.js';
import { sameAction } from './moves.js';

/** The computer's action, or why it has none. */
export type Suggestion = { action: Action } | { error: string };

/**
 * Whether a Content-Security-Policy violation is the refusal of a worker started from a Blob URL: the
 * policy has no `worker-src blob:` (its worker-src falls back to child-src, script-src, then default-src).
 */
export function refusesBlobWorker(event: SecurityPolicyViolationEvent): boolean {
  return event.blockedURI.startsWith('blob') && /^(worker|child|script|default)-src/.test(event.effectiveDirective);
}

/**
 * What the developer reads in the console when the policy refuses a worker of the element: the computer's or
 * the coach's (coach/client.ts), which start from the same script, so one file given as worker-url serves both.
 */
export const BLOCKED_WORKER_ADVICE =
  "<battle-line-game>: the page's Content-Security-Policy refuses the element's workers (the computer player's and the coach's), which start from a blob: URL. " +
  'Serve the file battleline-engine/computer.worker.js and give its URL in the element\'s worker-url attribute ' +
  '(<battle-line-game worker-url="/assets/computer.worker.js">), or allow worker-src blob: in the policy.';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class Computer {
  private readonly engine: EngineComputer | null;
  private readonly startError: string | null;
  private pending = new AbortController();
  /** Stops listening for the page's policy refusing the worker (terminate()). */
  private readonly listening = new AbortController();

  /**
   * `blocked` is called once if the page's Content-Security-Policy refuses a Blob-URL worker (no `worker`
   * file given), this one or the coach's: a failure no retry can mend, which the console explains to the
   * developer.
   */
  constructor(module: WebAssembly.Module, worker: string | null = null, blocked: () => void = () => undefined) {
    if (worker === null && typeof document !== 'undefined') {
      let told = false;
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          if (told || !refusesBlobWorker(event)) return;
          told = true;
          console.error(BLOCKED_WORKER_ADVICE);
          blocked();
        },
        { signal: this.listening.signal },
      );
    }
    let engine: EngineComputer | null = null;
    let startError: string | null = null;
    try {
      engine = new EngineComputer(worker === null ? { wasm: module } : { wasm: module, worker });
    } catch (error) {
      startError = message(error);
    }
    this.engine = engine;
    this.startError = startError;
  }

  /** One action for the player whose view this is; `legal` are that player's legal actions. Null when cancelled. */
  async suggest(view: PlayerView, legal: Action[], level: string, seed: number): Promise<Suggestion | null> {
    if (!this.engine) return { error: this.startError ?? 'no computer player' };
    const signal = this.pending.signal;
    try {
      const action = await this.engine.suggest(view, level as BotLevel, { seed, signal });
      if (legal.some((a) => sameAction(a, action))) return { action };
      return { error: `it chose an action that is not legal now: ${JSON.stringify(action)}` };
    } catch (error) {
      if (error instanceof BattleLineError && error.code === 'aborted') return null;
      return { error: message(error) };
    }
  }

  /** Stops the worker for good (the element was removed): a pending suggestion answers null. */
  terminate(): void {
    this.listening.abort();
    this.pending.abort();
    this.engine?.terminate();
  }

  /** Drops a computation nobody waits for any more (undo, new game). */
  cancel(): void {
    this.pending.abort();
    this.pending = new AbortController();
  }
}
