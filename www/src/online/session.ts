// An online game in the element: creating a room from the start dialog's choice, joining one from an
// invite link (or as a spectator from a watch link), resuming the room on the board after a reload, and
// turning the page's actions into messages to the server. The server decides: the page checks an action
// against the legal actions of its seat first (instant feedback), sends it, and draws what the server
// sends back. Resign, draw offers, rematch and the invite link live in the online panel (panel.ts).
import type { Action, LogEntry as EngineLogEntry, PlayerIndex } from '../../../pkg/full.js';
import type { StartChoice } from '../start-dialog.js';
import type { Words } from '../i18n.js';
import { fromEngine, type LogEntry } from '../log.js';
import { find } from '../moves.js';
import type { Seat } from '../storage.js';
import { render } from '../game/draw.js';
import { replaceGame } from '../game/keeping.js';
import { continueAfterChange, newGame } from '../game/session.js';
import { NONE, wordsOf, type Ctx } from '../game/state.js';
import { Connection } from './connection.js';
import { onlineOf, onlineSlot, type Online } from './online-state.js';
import { drawOnline, noticeOnline } from './panel.js';
import type { ClientMessage, ServerMessage, StateMessage } from './protocol.js';
import { currentRoom, heldSeat, holdSeat, linkedRoom, setCurrentRoom } from './seats.js';
import { socketUrl } from './server.js';
import { onlineServer } from './online-loader.js';
import { OnlineTable } from './table.js';
import { openLobby } from './lobby.js';

/** Resumes the room an invite link names, or the room on the board before a reload; false if none. */
export async function resumeOnline(ctx: Ctx): Promise<boolean> {
  const { t } = wordsOf(ctx.s);
  const target = linkedRoom(location.hash) ?? currentRoom(ctx.host.store);
  if (!target) return false;
  const server = await onlineServer(ctx);
  if (!server) {
    // An invite opened where no game server answers (the page served as static files, or the server
    // down): say so, rather than quietly show a game on this device only.
    if (linkedRoom(location.hash)) noticeOnline(ctx, t('onlineUnavailable'));
    return false;
  }
  const held = target.watch ? null : heldSeat(ctx.host.store, target.room);
  connect(ctx, server, { type: 'join', room: target.room, ...(held ? { token: held.token } : {}), ...(target.watch ? { watch: true } : {}) });
  return true;
}

/** A new room with the start dialog's options; the creator takes the first seat. */
export function startOnline(ctx: Ctx, choice: StartChoice): void {
  const three = choice.players === 3;
  const options = {
    ...(three ? { players: 3 } : {}),
    claimTiming: choice.claimTiming,
    tactics: three ? false : choice.tactics,
    games: choice.games,
  };
  const minutes = choice.clockMinutes ?? 0;
  const clock = minutes > 0 ? { initialMs: minutes * 60_000, incrementMs: 0 } : null;
  ctx.s.lastStart = { ...choice, seed: null };
  void onlineServer(ctx).then((server) => {
    if (!server) {
      ctx.s.message = { text: ({ t }) => t('onlineUnavailable'), kind: 'error' };
      render(ctx);
      return;
    }
    const coach = choice.coach === true;
    // The lobby: take a game someone posted, or post this one; either enters its room as a create would.
    if (choice.lobby) void openLobby(wordsOf(ctx.s), ctx.host.shadow, server, { options, clock, coach }, (first) => connect(ctx, server, first));
    else connect(ctx, server, { type: 'create', options, clock, coach });
  });
}

/**
 * Leaves the online game (a new game, another room, or the element going away). `onPurpose`: the person
 * chose to (a new game): the others are told that they left. Either way the seat's token stays in the
 * store, so the invite link brings them back to their seat while the server keeps the room.
 */
export function leaveOnline(ctx: Ctx, onPurpose = false): void {
  noticeOnline(ctx, null);
  const slot = onlineSlot(ctx);
  const o = slot.session;
  if (!o) return;
  // Sent before the close: a WebSocket sends what was queued before its close frame.
  if (onPurpose && o.seat !== null) o.conn.send({ type: 'leave' });
  o.conn.close();
  slot.session = null;
  setCurrentRoom(ctx.host.store, null);
  if (linkedRoom(location.hash)) history.replaceState(null, '', location.href.split('#')[0]);
  drawOnline(ctx);
}

function connect(ctx: Ctx, server: string, first: ClientMessage): void {
  leaveOnline(ctx, true);
  const online: Online = { conn: null as unknown as Connection, room: null, watch: null, seat: null, state: null, log: [], status: 'connecting', queue: [], problem: null, copied: false };
  const slot = onlineSlot(ctx);
  slot.session = online;
  online.conn = new Connection(socketUrl(server), {
    message: (m) => {
      if (slot.session === online) onMessage(ctx, online, m);
    },
    status: (status) => {
      online.status = status;
      if (slot.session === online) drawOnline(ctx);
    },
  });
  online.conn.enter(first);
  drawOnline(ctx);
}

function onMessage(ctx: Ctx, o: Online, m: ServerMessage): void {
  switch (m.type) {
    case 'welcome': {
      o.room = m.room;
      o.watch = m.watch ?? null;
      o.seat = m.seat;
      if (m.seat !== null && m.token) holdSeat(ctx.host.store, m.room, { seat: m.seat, token: m.token });
      // Every later connection rejoins the same seat (or watches again).
      const held = heldSeat(ctx.host.store, m.room);
      o.conn.enter(m.seat !== null && held ? { type: 'join', room: m.room, token: held.token } : { type: 'join', room: m.room, watch: true }, false);
      setCurrentRoom(ctx.host.store, { room: m.room, watch: m.seat === null });
      // The address names the room: a reload, or the link copied from the address bar, comes back to it.
      const hash = `#${m.seat === null ? 'watch' : 'room'}=${m.room}`;
      if (location.hash !== hash && location.protocol.startsWith('http')) history.replaceState(null, '', hash);
      break;
    }
    case 'state':
      onState(ctx, o, m);
      break;
    case 'presence':
      // Someone came or went: only the seats' connections and the spectators change (changed in place,
      // so that the clocks still count from the state's arrival).
      if (o.state) {
        o.state.room.seats = m.seats;
        o.state.room.spectators = m.spectators;
      }
      break;
    case 'ack':
      o.conn.settle(m.id);
      break;
    case 'error':
      onError(ctx, o, m.code, m.message, m.id);
      break;
    case 'pong':
      break;
  }
  drawOnline(ctx);
}

function onError(ctx: Ctx, o: Online, code: string, message: string, id: string | undefined): void {
  const { t } = wordsOf(ctx.s);
  if (id) {
    o.conn.settle(id);
    o.queue = [];
  }
  if (code === 'room_full' && o.room === null) {
    // Every seat is taken: watch instead.
    const target = linkedRoom(location.hash) ?? currentRoom(ctx.host.store);
    if (target) {
      o.conn.enter({ type: 'join', room: target.room, watch: true });
      o.problem = t('onlineRoomFull');
      return;
    }
  }
  if (code === 'bad_token' && o.room === null) {
    // A seat this browser no longer holds (another server's database): take a free one, or watch.
    const target = linkedRoom(location.hash) ?? currentRoom(ctx.host.store);
    if (target) {
      o.conn.enter({ type: 'join', room: target.room });
      return;
    }
  }
  if (code === 'unknown_room') {
    leaveOnline(ctx);
    noticeOnline(ctx, t('onlineRoomGone'));
    render(ctx);
    // Nothing on the board (a link to a room that is gone): ask for a game, as on a first visit.
    if (!ctx.s.game) void newGame(ctx);
    return;
  }
  ctx.s.message = { text: ({ t }) => t('onlineError', { msg: message }), kind: 'error' };
  render(ctx);
}

/** The page's log entries from the engine's, with the game of the match each belongs to. */
function entriesOf(log: readonly EngineLogEntry[]): LogEntry[] {
  let gameIndex = 0;
  return log.map((e) => {
    const entry = fromEngine(e, gameIndex);
    gameIndex = entry.gameIndex;
    return entry;
  });
}

function onState(ctx: Ctx, o: Online, state: StateMessage): void {
  const prev = o.state;
  o.log = state.logFrom === 0 ? [...state.log] : [...o.log.slice(0, state.logFrom), ...state.log];
  o.state = state;
  const continuing = prev !== null && ctx.s.game !== null && prev.room.id === state.room.id && prev.room.generation === state.room.generation && state.n >= prev.n;
  const players = state.room.options.players;
  const seats: Seat[] = Array.from({ length: players }, () => ({ kind: 'person' }));
  const selection = continuing && state.n === prev.n ? ctx.s.sel : NONE;
  replaceGame(ctx, new OnlineTable(state, { send: (actions) => sendOnline(ctx, actions), names: () => seatNamesOf(wordsOf(ctx.s), state) }), entriesOf(o.log));
  ctx.s.sel = selection;
  // New cards animate in as in a local game, except on the first drawing of a room.
  ctx.s.animate = continuing;
  ctx.s.session = { ...ctx.s.session, mode: 'online', humanSeat: (state.seat ?? 0) as PlayerIndex, seats, spectator: state.seat === null };
  ctx.s.lastStart = { ...ctx.s.lastStart, players, claimTiming: state.room.options.claimTiming, tactics: state.room.options.tactics, games: state.room.options.games };
  ctx.s.handover = false;
  ctx.s.shownSeat = null;
  if (!continuing) ctx.s.endShownAt = state.view.result ? state.n : -1;
  // A rematch began: the last match's "Game over" dialog (a spectator's, or a player's left open) goes.
  if (prev && prev.room.id === state.room.id && prev.room.generation !== state.room.generation) {
    for (const dialog of ctx.host.shadow.querySelectorAll<HTMLDialogElement>('dialog.dlg.end[open]')) dialog.close();
  }
  if (prev && state.n !== prev.n) {
    ctx.s.message = null;
    o.problem = null;
  }
  // The rest of a multi-step choice (a claim step ended, then the play) goes once the first is applied.
  if (o.queue.length > 0 && !o.conn.waiting && state.n > (prev?.n ?? -1)) {
    const next = o.queue.shift()!;
    const legal = find(state.legal, next);
    if (legal) o.conn.act(legal, state.n);
    else o.queue = [];
  }
  continueAfterChange(ctx, null);
}

/** The board's names for an online room: "You" at one's own seat, the others by seat (a spectator sees every
 * seat so). */
function seatNamesOf({ t }: Words, state: StateMessage): string[] {
  const defaults = [t('player1'), t('player2'), t('player3')].slice(0, state.room.options.players);
  if (state.seat === null) return defaults;
  if (defaults.length === 2) return state.seat === 0 ? [t('you'), t('onlineOpponent')] : [t('onlineOpponent'), t('you')];
  return defaults.map((name, i) => (i === state.seat ? t('you') : name));
}

/** Sends the page's actions (the first now, the rest as each is applied); false if refused here. */
export function sendOnline(ctx: Ctx, actions: Action[]): boolean {
  const o = onlineOf(ctx);
  const state = o?.state;
  const [first, ...rest] = actions;
  if (!o || !state || !first) return false;
  if (o.conn.waiting) return false;
  const legal = find(state.legal, first);
  if (!legal) {
    ctx.s.message = { text: ({ t }) => t('illegal', { msg: t('onlineNotNow') }), kind: 'error' };
    render(ctx);
    return false;
  }
  o.queue = rest;
  o.conn.act(legal, state.n);
  ctx.s.sel = NONE;
  ctx.s.suggestion = null;
  render(ctx);
  return true;
}
