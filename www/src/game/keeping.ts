// The game in progress kept: replaced by another (or by none), saved for the next visit, and played on
// with the action logged and the host told. The flows that change the game (session.ts, the computer's
// turns, the replay, the lessons) all keep it through these, and this module knows none of them.
import type { Action, Game } from '../../../pkg/full.js';
import { applyLogged, type LogEntry } from '../log.js';
import { saveGame } from '../storage.js';
import { NONE, type Ctx } from './state.js';
import { heldGame, type Table } from './table.js';

/** The game on the board becomes `game` (or none), with the log `entries`: whatever was under way stops. */
export function replaceGame(ctx: Ctx, game: Table | null, entries: LogEntry[]): void {
  ctx.s.generation++;
  ctx.computer.cancel();
  ctx.s.game?.free();
  ctx.s.game = game;
  ctx.s.entries = entries;
  ctx.s.sel = NONE;
  ctx.s.suggestion = null;
  ctx.s.thinking = false;
  ctx.s.computerFailed = false;
  ctx.s.lookaheadFor = -1;
  ctx.s.animate = false;
  ctx.s.message = null;
}

/** Saves the game in progress (never a lesson's, never one this device does not hold). */
export function save(ctx: Ctx): void {
  // A lesson is never saved as the game in progress: the player's own game waits for them. A game held
  // elsewhere (online: the server's; online/seats.ts keeps the seat's token) is not this device's to save.
  const game = heldGame(ctx.s.game);
  if (!game || ctx.s.lesson) return;
  saveGame(ctx.host.store, {
    version: 1,
    mode: ctx.s.session.mode,
    level: ctx.s.session.level,
    humanSeat: ctx.s.session.humanSeat,
    record: game.record(),
    handover: ctx.s.handover,
    aiSeed: ctx.s.session.aiSeed,
    ...(ctx.s.session.seats.length === 3 ? { seats: ctx.s.session.seats } : {}),
    ...(ctx.s.session.names ? { names: ctx.s.session.names } : {}),
    savedAt: Date.now(),
  });
}

/** Applies `action` for the current player (throws as the engine does), logs it, and tells the host. */
export function play(ctx: Ctx, g: Game, action: Action): void {
  ctx.s.entries.push(applyLogged(g, action));
  ctx.host.played(g, g.actionCount - 1);
}
