// A look-ahead copy of a seat's table: the engine's `Seat`, built from one view, whose turn, step and
// result read from that view. The tables that hold no whole game to copy hand it out as their `clone()`:
// an online seat (online/table.ts) and a replay's step (replay-table.ts); it has no hidden card to give.
import type { Seat, Action, FlagNumber, LogEntry, PlayerIndex, PlayerView, Proof, SideFormation } from '../../../pkg/full.js';
import type { Lookahead } from './table.js';

export class SeatCopy implements Lookahead {
  readonly #seat: Seat;

  constructor(seat: Seat) {
    this.#seat = seat;
  }

  get current(): PlayerIndex {
    return this.#seat.view().current;
  }

  get phase(): PlayerView['phase'] {
    return this.#seat.view().phase;
  }

  view(): PlayerView {
    return this.#seat.view();
  }

  legalActions(): Action[] {
    return this.#seat.legalActions();
  }

  result(): PlayerView['result'] {
    return this.#seat.view().result;
  }

  explainClaim(flag: FlagNumber, player?: PlayerIndex): Proof {
    return this.#seat.explainClaim(flag, player);
  }

  formations(flag: FlagNumber): SideFormation[] {
    return this.#seat.formations(flag);
  }

  apply(action: Action): LogEntry {
    return this.#seat.apply(action);
  }

  clone(): Lookahead {
    return new SeatCopy(this.#seat.clone());
  }

  free(): void {
    this.#seat.free();
  }
}
