// A replay's step as a table: what the replay may show at one step of a record, and nothing it may not.
// Read-only: nobody acts on a replay, so it answers no legal action and has no `apply`; the bar, its keys
// and its timer move it with `goTo`, which plays nothing of the page's. It never hands out the record's
// whole game (that would hold the cards of the actions after the step, and before the match is over the
// other hands): its views are those the replay may show (every seat's once the match is over, otherwise
// the one seat's whose record it is, fairplay.ts), and its rule queries and look-ahead copies are the
// engine's `Seat`, built from the view shown.
import { Seat, type Action, type FlagNumber, type Game, type GameOptions, type GameRecord, type MatchScore, type PlayerIndex, type PlayerView, type Proof, type SideFormation } from '../../../pkg/full.js';
import { SeatCopy } from './seat-copy.js';
import type { Lookahead, Table } from './table.js';

export class ReplayTable implements Table {
  readonly #record: GameRecord;
  /** The record's whole game: only to go to another step from, never asked or handed out. */
  readonly #full: Game;
  /** The game at the step shown. */
  #step: Game;
  #index = 0;
  /** The one seat whose view may be shown before the match is over; null once every hand may be. */
  readonly #only: PlayerIndex | null;
  /** The engine's table of the view shown at this step (rule queries, look-ahead copies); made when asked. */
  #seat: Seat | null = null;

  /** `full` is the record's game (the table frees it); `only` the seat the replay is limited to, or null. */
  constructor(record: GameRecord, full: Game, only: PlayerIndex | null) {
    this.#record = record;
    this.#full = full;
    this.#only = only;
    this.#step = full.replayTo(0);
  }

  /** Goes to just after the first `n` actions of the record (0 to its length: the engine refuses any other). */
  goTo(n: number): void {
    if (n === this.#index) return;
    if (n === this.#index + 1) {
      this.#step.apply(this.#record.actions[this.#index]!);
    } else {
      const step = this.#full.replayTo(n);
      this.#step.free();
      this.#step = step;
    }
    this.#index = n;
    this.#seat?.free();
    this.#seat = null;
  }

  get current(): PlayerIndex {
    return this.#step.current;
  }

  get phase(): PlayerView['phase'] {
    return this.#step.phase;
  }

  get options(): GameOptions {
    return this.#record.options;
  }

  /** The deal's seed only once every card may be shown; 0 before (it would tell every hidden card). */
  get seed(): number {
    return this.#only === null ? this.#record.seed : 0;
  }

  /** The step: how many of the record's actions were taken. */
  get actionCount(): number {
    return this.#index;
  }

  /** The view of `player` once the match is over; before, the one seat's whatever the argument. */
  view(player: PlayerIndex): PlayerView {
    return this.#step.view(this.#only ?? player);
  }

  /** None: nobody acts on a replay (a look-ahead copy, `clone()`, says what the player to move could do). */
  legalActions(): Action[] {
    return [];
  }

  result(): PlayerView['result'] {
    return this.#step.result();
  }

  matchScore(): MatchScore {
    return this.#step.matchScore();
  }

  explainClaim(flag: FlagNumber, player?: PlayerIndex): Proof {
    return this.#seatNow().explainClaim(flag, player);
  }

  formations(flag: FlagNumber): SideFormation[] {
    return this.#seatNow().formations(flag);
  }

  viewDigest(viewer: PlayerIndex): string {
    return this.#step.viewDigest(this.#only ?? viewer);
  }

  /** A copy to look ahead on, for the player to move (the one seat before the match is over): no hidden card. */
  clone(): Lookahead {
    return new SeatCopy(this.#seatNow().clone());
  }

  /** The record up to the step, once the match is over; before, it would give the deal away. */
  record(): GameRecord {
    if (this.#only !== null) throw new Error('the record of an unfinished match is not shown');
    return { ...this.#record, actions: this.#record.actions.slice(0, this.#index) };
  }

  free(): void {
    this.#seat?.free();
    this.#seat = null;
    this.#step.free();
    this.#full.free();
  }

  #seatNow(): Seat {
    this.#seat ??= new Seat(this.#step.view(this.#only ?? this.#step.current));
    return this.#seat;
  }
}

