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

export interface RoomInfo {
  id: string;
  options: { players: 2 | 3; tactics: boolean; claimTiming: ClaimTiming; games: number };
  status: 'waiting' | 'playing' | 'over';
  seats: { taken: boolean; connected: number }[];
  spectators: number;
  ended: Ended | null;
  drawOffers: number[];
  rematch: number[];
  generation: number;
  clock: (ClockSetting & { remainingMs: number[]; running: number | null }) | null;
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

export type ServerMessage =
  | { type: 'welcome'; protocol: number; room: string; seat: number | null; token: string | null }
  | StateMessage
  | { type: 'ack'; id: string; n: number; duplicate: boolean }
  | { type: 'error'; code: string; message: string; id?: string }
  | { type: 'pong' };

export type ClientMessage =
  | { type: 'create'; options: Record<string, unknown>; clock: ClockSetting | null }
  | { type: 'join'; room: string; token?: string | null; watch?: boolean }
  | { type: 'act'; id: string; action: Action; n: number }
  | { type: 'resign' }
  | { type: 'offerDraw' }
  | { type: 'declineDraw' }
  | { type: 'rematch' }
  | { type: 'ping' };
