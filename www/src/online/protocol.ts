// Derived from the Rust types of server/src/protocol.rs by server/src/protocol_ts.rs (ts-rs); do not
// edit: run `BLESS=1 cargo test -p battleline-server --bin battleline-server protocol_ts` after changing a type.
//
// The online protocol's messages (docs/ONLINE.md). The view, legal actions and log entries are the
// engine's own types: the server sends each seat exactly what the wasm API's `view(seat)` and
// `log(seat)` give (a spectator: `spectatorView()` and `log(null)`).
import type { Action, GameOptions, GameRecord, LogEntry, MatchScore, PlayerView } from '../../../pkg/full.js';

/**
 * What the server sends.
 */
export type ServerMessage = {
  "type": "welcome";
  /**
   * The protocol's version.
   */
  protocol: number;
  /**
   * The room's id (for a spectator: the watch id, to join again with).
   */
  room: string;
  /**
   * The seat, or null for a spectator.
   */
  seat: number | null;
  /**
   * The seat's token: keep it to rejoin the seat (never shown to anyone else).
   */
  token: string | null;
  /**
   * For a seat: the room's watch id, for a link that lets others watch and never take a seat
   * (join with it as `room`). Null for a spectator.
   */
  watch: string | null;
} | {
  "type": "presence";
  /**
   * The seats.
   */
  seats: Array<SeatInfo>;
  /**
   * Spectators connected.
   */
  spectators: number;
} | {
  "type": "state";
} & StateMessage | {
  "type": "ack";
  /**
   * The client's action id.
   */
  id: string;
  /**
   * The action count after it.
   */
  n: number;
  /**
   * The id had been applied before; nothing changed now.
   */
  duplicate: boolean;
} | {
  "type": "error";
  /**
   * A stable code.
   */
  code: string;
  /**
   * What was wrong, in words.
   */
  message: string;
  /**
   * The action id the refusal answers, if any.
   */
  id?: string;
} | {
  "type": "pong";
} | {
  "type": "lobby";
  /**
   * Every open game, oldest first.
   */
  games: Array<OpenGame>;
} | {
  "type": "listed";
  /**
   * The game as listed now.
   */
  game: OpenGame;
} | {
  "type": "unlisted";
  /**
   * The listing's id.
   */
  game: string;
  /**
   * Why.
   */
  reason: Unlisted;
} | {
  "type": "posted";
  /**
   * The game as listed.
   */
  game: OpenGame;
};

/**
 * What a client asks.
 */
export type ClientMessage = {
  "type": "create";
  /**
   * The game's options (as the engine reads them).
   */
  options?: Record<string, unknown> | null;
  /**
   * Optional clocks, enforced by the server.
   */
  clock?: ClockSetting | null;
  /**
   * The coach (hints, unseen cards, win chances) for everyone in the room; off unless asked for.
   */
  coach?: boolean;
} | {
  "type": "join";
  /**
   * The room's id (from the invite link).
   */
  room: string;
  /**
   * The seat's token kept by the client.
   */
  token?: string | null;
  /**
   * Watch as a spectator instead of playing.
   */
  watch?: boolean;
} | {
  "type": "act";
  /**
   * The client's id for this action (at most 64 bytes).
   */
  id: string;
  /**
   * The action, as the engine's legal actions list it.
   */
  action: Action;
  /**
   * The action count the client saw when choosing.
   */
  n?: number | null;
} | {
  "type": "resign";
} | {
  "type": "offerDraw";
} | {
  "type": "declineDraw";
} | {
  "type": "rematch";
} | {
  "type": "ping";
} | {
  "type": "leave";
} | {
  "type": "lobby";
} | {
  "type": "post";
  /**
   * The name the poster is shown under (1–24 letters, digits, spaces or `-_.'`).
   */
  name: string;
  /**
   * The game's options (as the engine reads them).
   */
  options?: Record<string, unknown> | null;
  /**
   * Optional clocks, enforced by the server.
   */
  clock?: ClockSetting | null;
  /**
   * The coach for everyone in the room.
   */
  coach?: boolean;
} | {
  "type": "unpost";
} | {
  "type": "take";
  /**
   * The listed game's id (from `lobby` or `listed`; never a room's or watch id).
   */
  game: string;
};

/**
 * The clocks as of the message.
 */
export type ClockInfo = {
  /**
   * Each seat's time left, in milliseconds, when the message was made.
   */
  remainingMs: Array<number>;
  /**
   * The seat whose clock runs, if any.
   */
  running: number | null;
  /**
   * Each player's time for the match, in milliseconds.
   */
  initialMs: number;
  /**
   * Added to a player's time after each action of theirs that ends their turn, in milliseconds.
   */
  incrementMs: number;
};

/**
 * A clock for each player: `initialMs` for the whole match, plus `incrementMs` after each of their moves.
 */
export type ClockSetting = {
  /**
   * Each player's time for the match, in milliseconds.
   */
  initialMs: number;
  /**
   * Added to a player's time after each action of theirs that ends their turn, in milliseconds.
   */
  incrementMs: number;
};

/**
 * How a match ended, beyond the engine's own results.
 */
export type EndReason = "finished" | "resigned" | "drawAgreed" | "time";

/**
 * The end of a match: why, who caused it (resign, time), and the winner (null: a draw or no single winner).
 */
export type Ended = {
  /**
   * Why the match ended.
   */
  reason: EndReason;
  /**
   * The seat that resigned or ran out of time.
   */
  by: number | null;
  /**
   * The winning seat, if there is exactly one.
   */
  winner: number | null;
};

/**
 * An open game as the lobby lists it: who posted it and what it is; never the room's id.
 */
export type OpenGame = {
  /**
   * The listing's id (what `take` names): 32 hex digits of its own.
   */
  id: string;
  /**
   * The poster's name, as they wrote it (checked: letters, digits, spaces, `-_.'`).
   */
  name: string;
  /**
   * The options of the room's matches.
   */
  options: GameOptions;
  /**
   * The clocks, if the room has them.
   */
  clock: ClockSetting | null;
  /**
   * Whether the room has the coach.
   */
  coach: boolean;
  /**
   * Seats still free (1 for a two-player game).
   */
  free: number;
};

/**
 * The room around the game.
 */
export type RoomInfo = {
  /**
   * The room's id: for a seat, the invite's; for a spectator, the watch id (a spectator never learns
   * the invite's id, which would let them take a free seat).
   */
  id: string;
  /**
   * The options of its matches.
   */
  options: GameOptions;
  /**
   * `waiting` (seats free), `playing` or `over`.
   */
  status: RoomStatus;
  /**
   * The seats.
   */
  seats: Array<SeatInfo>;
  /**
   * Spectators connected.
   */
  spectators: number;
  /**
   * How the match ended, once it has.
   */
  ended: Ended | null;
  /**
   * Seats offering a draw now.
   */
  drawOffers: Array<number>;
  /**
   * Seats asking for a rematch.
   */
  rematch: Array<number>;
  /**
   * Which match of the room this is (0, then 1 after a rematch, …).
   */
  generation: number;
  /**
   * The clocks, if the room has them.
   */
  clock: ClockInfo | null;
  /**
   * The coach (hints, unseen cards, win chances) is on for everyone in the room: chosen at its creation,
   * kept for its rematches. The server only keeps and tells it; each page offers its coach or not.
   */
  coach: boolean;
};

/**
 * Where a room stands: `room.status` on the wire, written as its `code()`.
 */
export type RoomStatus = "waiting" | "playing" | "over";

/**
 * A seat as everybody sees it.
 */
export type SeatInfo = {
  /**
   * Someone holds the seat.
   */
  taken: boolean;
  /**
   * Connections on that seat now (tabs, devices).
   */
  connected: number;
  /**
   * The seat's player left the room on purpose (`leave`) and has not come back since.
   */
  left: boolean;
};

/**
 * The body of a `state` message.
 */
export type StateMessage = {
  /**
   * The room.
   */
  room: RoomInfo;
  /**
   * The receiver's seat, or null for a spectator.
   */
  seat: number | null;
  /**
   * Actions played in this match so far.
   */
  n: number;
  /**
   * The receiver's view (the engine's `view(seat)`, or `spectatorView()`).
   */
  view: PlayerView;
  /**
   * The receiver's legal actions (empty unless they may act now).
   */
  legal: Action[];
  /**
   * New log entries as the receiver may know them (the engine's `log(seat, logFrom)`).
   */
  log: LogEntry[];
  /**
   * The index of the first entry in `log`.
   */
  logFrom: number;
  /**
   * The match's score (the engine's, as the wasm API's `matchScore()` gives it).
   */
  match: MatchScore;
  /**
   * The whole record (options, seed, actions), only once the match is over (before, it would reveal
   * every hidden card).
   */
  record: GameRecord | null;
};

/**
 * Why a game left the lobby.
 */
export type Unlisted = "taken" | "withdrawn" | "expired";
