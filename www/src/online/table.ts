// An online seat's table: the server holds the game; the page holds the server's last state for its seat
// (or for a spectator) and the engine's `Seat` built from that view. What the server alone knows (the
// legal actions it will accept, the match score, the count of actions, the record once the match is
// over) comes from its state; the rule queries (why a card cannot go somewhere, claim proofs, formations,
// look-ahead copies) are the engine's, asked of the seat's view. Nothing here can reach a hidden card:
// `Seat` has none to give.
import { Seat, type Action, type FlagNumber, type GameOptions, type GameRecord, type PlayerIndex, type PlayerView, type Proof, type SideFormation } from '../../../pkg/full.js';
import { SeatCopy } from '../game/seat-copy.js';
import type { Lookahead, Remote, Table } from '../game/table.js';
import type { StateMessage } from './protocol.js';

export class OnlineTable implements Table {
  readonly #state: StateMessage;
  readonly #seat: Seat;
  readonly remote: Remote;

  constructor(state: StateMessage, remote: Remote) {
    this.#state = state;
    this.#seat = new Seat(state.view, state.seat === null);
    this.remote = remote;
  }

  get current(): PlayerIndex {
    return this.#state.view.current;
  }

  get phase(): PlayerView['phase'] {
    return this.#state.view.phase;
  }

  get options(): GameOptions {
    return this.#state.view.options;
  }

  /** The deal is the server's secret: 0 names "not this device's deal" in the page's cache keys. */
  readonly seed = 0;

  get actionCount(): number {
    return this.#state.n;
  }

  /** The seat's view as the server sent it (a spectator's for a spectator). */
  view(): PlayerView {
    return this.#state.view;
  }

  /** What the server will accept from this seat now. */
  legalActions(): Action[] {
    return this.#state.legal;
  }

  result(): PlayerView['result'] {
    return this.#state.view.result;
  }

  matchScore(): StateMessage['match'] {
    return this.#state.match;
  }

  explainClaim(flag: FlagNumber, player?: PlayerIndex): Proof {
    return this.#seat.explainClaim(flag, player);
  }

  formations(flag: FlagNumber): SideFormation[] {
    return this.#seat.formations(flag);
  }

  /** The room, its match and the action count name the position (the page's caches). */
  viewDigest(): string {
    const s = this.#state;
    return `${s.room.id}:${s.room.generation}:${s.n}:${s.seat ?? 's'}`;
  }

  clone(): Lookahead {
    return new SeatCopy(this.#seat.clone());
  }

  /** The record holds the deal: the server sends it once the match is over, never before. */
  record(): GameRecord {
    if (!this.#state.record) throw new Error('the record of an online match comes once the match is over');
    return this.#state.record;
  }

  free(): void {
    this.#seat.free();
  }
}
