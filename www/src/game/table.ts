// The table: the game on the board as the page may ask it, one interface for every seat. Its providers:
// the engine's `Game` itself (a game of this device against the computer or hot-seat), which holds every
// card and answers for whoever is to move; an online seat (online/table.ts), built on the engine's `Seat`,
// which holds only the seat's view and can answer only what that seat may know; a replay's step
// (replay-table.ts), read-only, which shows only what the replay may show; and a lesson
// (tutorial/lesson-table.ts), the lesson's game under the lesson's rules about what may be played.
// Everything the page asks of the game on the board is listed here, so the type checker, not a list of
// overrides, says what each provider must answer.
import { Game, type Action, type FlagNumber, type GameOptions, type GameRecord, type GameResult, type LogEntry, type MatchScore, type Phase, type PlayerIndex, type PlayerView, type Proof, type SideFormation } from '../../../pkg/full.js';

/** The rule queries every position answers, on the board or on a copy: the engine's, never the page's. */
export interface Board {
  readonly current: PlayerIndex;
  readonly phase: Phase;
  /** The view of `player`: a seat's table has one view, whatever the argument. */
  view(player: PlayerIndex): PlayerView;
  /** The legal actions of the player to move (a seat's table: of the seat, none when it is not its turn). */
  legalActions(): Action[];
  result(): GameResult | null;
  explainClaim(flag: FlagNumber, player?: PlayerIndex): Proof;
  formations(flag: FlagNumber): SideFormation[];
  /** A copy to look ahead on: the engine's answers, never the real hidden cards for a seat. */
  clone(): Lookahead;
  free(): void;
}

/** A copy of the table to try actions on (a look-ahead, a probe of why a card cannot go somewhere). */
export interface Lookahead extends Board {
  /** Takes `action` for the player to move (throws the engine's refusal, changing nothing). */
  apply(action: Action): LogEntry;
}

/** Where the actions of a seat of a game held elsewhere go (online: the server), and what it says. */
export interface Remote {
  /** Sends the page's actions (the first now, the rest as each is applied); false if refused here. */
  send(actions: Action[]): boolean;
  /** The seat's names for the board ("You" and the others), or null for the page's defaults. */
  names(): string[] | null;
}

/** The game on the board as the page may ask it. */
export interface Table extends Board {
  readonly options: GameOptions;
  /** The deal's seed where this device holds the game (keys of caches); 0 at a seat of a game held
   * elsewhere, whose deal is the server's secret. */
  readonly seed: number;
  /** Actions taken in the match so far. */
  readonly actionCount: number;
  matchScore(): MatchScore;
  /** A key of the position as `viewer` sees it (caches): tells nothing they do not see. */
  viewDigest(viewer: PlayerIndex): string;
  /** The record (options, seed, actions): throws for a seat until the match is over (`canExport`). */
  record(): GameRecord;
  /** Present for a seat of a game held elsewhere (online); absent where this device holds the game. */
  readonly remote?: Remote;
  /** The engine's whole game under a table with rules of its own (a lesson), which this device plays on. */
  readonly held?: Game;
}

/** The engine's whole game when this device plays on it (to play on, save, undo); null for a seat's or a
 * replay's table. Whether an action may be taken is still the table's to answer (`legalActions`). */
export function heldGame(table: Table | null): Game | null {
  return table instanceof Game ? table : (table?.held ?? null);
}
