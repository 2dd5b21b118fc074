// An element's online game as the page keeps it (the connection, the room, the seat, the server's last
// state), and the panel's commands: apart from online/session.ts, which connects and draws, so that the
// panel and the board can read it without importing the session that draws them.
import type { Action, LogEntry as EngineLogEntry } from '../../../pkg/full.js';
import type { CoachFeatures } from '../coach/state.js';
import type { Ctx } from '../game/state.js';
import type { Connection, ConnectionStatus } from './connection.js';
import type { StateMessage } from './protocol.js';

/** What the element knows of its online game. */
export interface Online {
  conn: Connection;
  /** The room's id as this connection knows it: the invite's for a seat, the watch id for a spectator. */
  room: string | null;
  /** For a seat: the watch id, for the link that lets others watch and never take a seat. */
  watch: string | null;
  seat: number | null;
  state: StateMessage | null;
  /** The match's log so far, as the engine wrote it for this seat. */
  log: EngineLogEntry[];
  status: ConnectionStatus;
  /** Actions to send once the one in flight is applied (ending the claims, then the chosen play). */
  queue: Action[];
  /** The last refusal or problem, shown in the panel. */
  problem: string | null;
  /** The Copy button was just used. */
  copied: boolean;
}

/** Online play's state in the element (GameState's `online`). */
export interface OnlineSlot {
  /** The online game, while the element plays one (online/session.ts sets and drops it). */
  session: Online | null;
  /** A note left in the panel when there is no online game any more (a link to a room that is gone). */
  notice: string | null;
  /** The panel's clock timer while a clock runs. */
  ticking: number | null;
  /** When the last state arrived (its clocks count down from then). */
  received: { state: StateMessage; at: number } | null;
  /** The panel element its click handler is on. */
  wired: HTMLElement | null;
  /** The address's invite links are followed (online-loader.ts). */
  following: boolean;
}

declare module '../game/state.js' {
  interface FeatureStates {
    online: OnlineSlot;
  }
}

/** Online play's state in a new element: no room yet. */
export function initialOnline(): OnlineSlot {
  return { session: null, notice: null, ticking: null, received: null, wired: null, following: false };
}

/** The element's online slot. */
export function onlineSlot(ctx: Ctx): OnlineSlot {
  return ctx.s.online;
}

export function onlineOf(ctx: Ctx): Online | null {
  return ctx.s.session.mode === 'online' ? onlineSlot(ctx).session : null;
}

/**
 * Whether the coach (hints, unseen cards, win chances) may help here: always in a game on this device; in
 * an online room only when the room was created with it, so that everyone in it has the same help and
 * knows it (off until the room's state says otherwise).
 */
export function coachOn(ctx: Ctx): boolean {
  const o = onlineOf(ctx);
  return !o || o.state?.room.coach === true;
}

/** The coach's parts the element offers, less those an online room without the coach turns off. */
export function coachInRoom(ctx: Ctx, offered: CoachFeatures): CoachFeatures {
  return coachOn(ctx) ? offered : { ...offered, winChances: false, unseen: false };
}

/** The online panel's commands. */
export function onlineCommand(ctx: Ctx, command: 'resign' | 'offerDraw' | 'declineDraw' | 'rematch'): void {
  const o = onlineOf(ctx);
  if (!o) return;
  o.conn.send({ type: command });
}
