// The coach's computer: a worker of its own (battleline-engine/computer), so that a review or the win
// chances never hold up the computer opponent's moves. It is handed only a player's view (win chances,
// hints) or a finished game's record (reviews); the engine judges each decision from its player's view.
import { BattleLineError, Computer } from '../../../pkg/computer.js';
import type { PlayerIndex } from '../../../pkg/full.js';
import type { Action, Evaluation, GameRecord, Hint, PlayerView, Previous, Review, ReviewedDecision, ReviewProgress, SearchLevel } from '../../../pkg/computer.js';

export type {
  Evaluation,
  Hint,
  Judgement,
  Review,
  ReviewedDecision,
  ReviewThresholds,
  ReviewStep,
  TurningPoint,
  GameStory,
  SearchLevel,
} from '../../../pkg/computer.js';

interface Wanted {
  key: string;
  view: PlayerView;
  done: (key: string, value: Evaluation | null) => void;
}

export class CoachClient {
  private engine: Computer | null = null;
  private wanted: Wanted | null = null;
  private busy = false;

  /** `worker`: the element's `worker-url` (null: the package's worker from a Blob URL). */
  constructor(
    private readonly module: WebAssembly.Module,
    private readonly worker: string | null = null,
  ) {}

  private computer(): Computer {
    this.engine ??= new Computer(this.worker === null ? { wasm: this.module } : { wasm: this.module, worker: this.worker });
    return this.engine;
  }

  /** Stops the coach's worker for good (the element was removed); whatever was asked is dropped. */
  terminate(): void {
    this.wanted = null;
    this.engine?.terminate();
    this.engine = null;
  }

  /**
   * The chances for `view`, latest first: while one is computed, a newer request replaces any waiting one,
   * so that quick moves never build a queue. `done` gets null when the engine fails.
   */
  chances(key: string, view: PlayerView, done: Wanted['done']): void {
    this.wanted = { key, view, done };
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.busy || !this.wanted) return;
    const { key, view, done } = this.wanted;
    this.wanted = null;
    this.busy = true;
    let value: Evaluation | null = null;
    try {
      value = await this.computer().evaluate(view, 'medium');
    } catch {
      value = null;
    }
    this.busy = false;
    done(key, value);
    void this.pump();
  }

  /**
   * The search's move with its chances before and after and its reasons (see `Computer.hint`); given the
   * previous hint (its move and the hand it was made from), never one that takes its card back unless a
   * card seen since changes the plan.
   */
  hint(view: PlayerView, level: SearchLevel, seed: number, previous: Previous | null = null): Promise<Hint> {
    return this.computer().hint(view, level, { seed, previous });
  }

  /** A move tried at a reviewed decision, judged as the review judges (the puzzle of a marked decision). */
  judgeMove(view: PlayerView, action: Action, index: number, level: SearchLevel): Promise<ReviewedDecision> {
    return this.computer().judgeMove(view, action, index, level, { seed: 1 });
  }

  /** A review of `player`'s decisions; rejects with code `aborted` when `signal` aborts. */
  review(record: GameRecord, player: PlayerIndex, level: SearchLevel, signal: AbortSignal, onProgress: (p: ReviewProgress) => void): Promise<Review> {
    return this.computer().review(record, player, level, { signal, onProgress, seed: 1 });
  }
}

export function isAborted(error: unknown): boolean {
  return error instanceof BattleLineError && error.code === 'aborted';
}
