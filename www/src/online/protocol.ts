// The online protocol's messages as the page receives them (docs/ONLINE.md; the server's
// server/src/protocol.rs). The view, legal actions and log entries are the engine's own types: the
// server sends each seat exactly what the wasm API's `view(seat)` and `log(seat)` give (a spectator:
// `spectatorView()` and `log(null)`).
import type { Action, ClaimTiming, GameRecord, LogEntry, MatchScore, PlayerView } from '../../../pkg/full.js';

export interface ClockSetting {
  initialMs: number;
  incrementMs: number;
}

export interface Ended {
  reason: 'finished' | 'resigned' | 'drawAgreed' | 'time';
  by: number | null;
  winner: number | null;
}

/** A seat as everybody sees it: held, its connections now, and whether its player left on purpose. */
export interface SeatInfo {
  taken: boolean;
  connected: number;
  left: boolean;
}

export interface RoomInfo {
  /** The invite's id for a seat; the watch id for a spectator. */
  id: string;
  options: { players: 2 | 3; tactics: boolean; claimTiming: ClaimTiming; games: number };
  status: 'waiting' | 'playing' | 'over';
  seats: SeatInfo[];
  spectators: number;
  ended: Ended | null;
  drawOffers: number[];
  rematch: number[];
  generation: number;
  clock: (ClockSetting & { remainingMs: number[]; running: number | null }) | null;
  /** The coach (hints, unseen cards, win chances) for everyone in the room, chosen at its creation. */
  coach: boolean;
}

export interface StateMessage {
  type: 'state';
  room: RoomInfo;
  seat: number | null;
  n: number;
  view: PlayerView;
  legal: Action[];
  log: LogEntry[];
  logFrom: number;
  match: MatchScore;
  record: GameRecord | null;
}

/** A game posted to the lobby: its poster's name and options, never its room's id. */
export interface OpenGame {
  /** The listing's id, what `take` names. */
  id: string;
  /** The poster's name: checked by the server (letters, digits, spaces, -_.'), shown as text only. */
  name: string;
  options: RoomInfo['options'];
  clock: ClockSetting | null;
  coach: boolean;
  /** Seats still free. */
  free: number;
}

export type ServerMessage =
  // `watch`: for a seat, the id of the link that only ever watches (null for a spectator, whose `room`
  // is that id already).
  | { type: 'welcome'; protocol: number; room: string; seat: number | null; token: string | null; watch: string | null }
  // Someone came or went: the seats' connections and the spectators, nothing else changed.
  | { type: 'presence'; seats: SeatInfo[]; spectators: number }
  | StateMessage
  | { type: 'ack'; id: string; n: number; duplicate: boolean }
  | { type: 'error'; code: string; message: string; id?: string }
  | { type: 'pong' }
  // The lobby: the whole list on `lobby`, then one game added or changed, or gone (and why).
  | { type: 'lobby'; games: OpenGame[] }
  | { type: 'listed'; game: OpenGame }
  | { type: 'unlisted'; game: string; reason: 'taken' | 'withdrawn' | 'expired' }
  // The poster's own game, listed (after its welcome and state).
  | { type: 'posted'; game: OpenGame };

export type ClientMessage =
  | { type: 'create'; options: Record<string, unknown>; clock: ClockSetting | null; coach: boolean }
  | { type: 'join'; room: string; token?: string | null; watch?: boolean }
  | { type: 'act'; id: string; action: Action; n: number }
  | { type: 'resign' }
  | { type: 'offerDraw' }
  | { type: 'declineDraw' }
  | { type: 'rematch' }
  | { type: 'leave' }
  | { type: 'ping' }
  | { type: 'lobby' }
  | { type: 'post'; name: string; options: Record<string, unknown>; clock: ClockSetting | null; coach: boolean }
  | { type: 'unpost' }
  | { type: 'take'; game: string };
