// Replay: stepping through a record (every hand shown only once the match is over), and opening a record
// (a finished one in the replay). Export and import are game/records.ts.
import { Game, type GameRecord } from '../../../pkg/full.js';
import { replayIsOpen } from '../fairplay.js';
import { replayLogged } from '../log.js';
import type { Seat } from '../storage.js';
import { NONE, type Ctx } from './state.js';
import { render } from './draw.js';
import { isComputer, viewerSeat } from './queries.js';
import { replaceGame, save } from './keeping.js';

export function startReplay(ctx: Ctx, record: GameRecord): void {
  const viewer = viewerSeat(ctx.s);
  // The game of this session keeps its players' names ("You", "Computer"); another record has none.
  const own = ctx.s.game !== null && ctx.s.game.seed === record.seed && ctx.s.game.actionCount === record.actions.length;
  exitReplay(ctx, false);
  const { game: full, entries } = replayLogged(record, Game);
  const game = full.replayTo(0);
  const open = replayIsOpen(full);
  ctx.s.replay = { record, open, full, game, index: 0, entries, viewer: open ? 0 : viewer, timer: null, own };
  ctx.s.animate = false;
  ctx.s.sel = NONE;
  render(ctx);
}

export function replayTo(ctx: Ctx, index: number): void {
  const r = ctx.s.replay;
  if (!r) return;
  const n = Math.max(0, Math.min(index, r.record.actions.length));
  if (n === r.index) return;
  if (n === r.index + 1) {
    r.game.apply(r.record.actions[r.index]!);
  } else {
    r.game.free();
    r.game = r.full.replayTo(n);
    ctx.s.animate = false;
  }
  r.index = n;
  render(ctx);
}

export function toggleReplayPlay(ctx: Ctx): void {
  const r = ctx.s.replay;
  if (!r) return;
  if (r.timer !== null) {
    clearInterval(r.timer);
    r.timer = null;
  } else {
    r.timer = window.setInterval(() => {
      if (!ctx.s.replay || ctx.s.replay.index >= ctx.s.replay.record.actions.length) {
        if (ctx.s.replay?.timer != null) clearInterval(ctx.s.replay.timer);
        if (ctx.s.replay) ctx.s.replay.timer = null;
        render(ctx);
        return;
      }
      replayTo(ctx, ctx.s.replay.index + 1);
    }, Math.max(300, ctx.s.settings.aiDelay));
  }
  render(ctx);
}

export function exitReplay(ctx: Ctx, redraw = true): void {
  const r = ctx.s.replay;
  if (!r) return;
  if (r.timer !== null) clearInterval(r.timer);
  r.game.free();
  r.full.free();
  ctx.s.replay = null;
  ctx.s.animate = false;
  if (redraw) render(ctx);
}

/** Opens a record: a finished game in the replay, an unfinished one as a game with the current opponents. */
export function loadRecord(ctx: Ctx, record: GameRecord): void {
  const { game, entries } = replayLogged(record, Game);
  if (game.matchScore().over) {
    game.free();
    startReplay(ctx, record);
    return;
  }
  exitReplay(ctx, false);
  replaceGame(ctx, game, entries);
  // The opponents stay: a game against the computer goes on against it, in the same seats, when the
  // record has as many players; otherwise everybody plays on this device.
  if (ctx.s.session.seats.length !== record.options.players) {
    const persons: Seat[] = Array.from({ length: record.options.players }, () => ({ kind: 'person' }));
    ctx.s.session = { mode: 'hotseat', level: ctx.s.session.level, humanSeat: 0, aiSeed: ctx.s.session.aiSeed, seats: persons };
  }
  ctx.s.shownSeat = null;
  // The curtain only between persons at one device: against the computer the game simply goes on.
  ctx.s.handover = ctx.s.session.mode === 'hotseat' && !isComputer(ctx.s, game.current);
  ctx.s.endShownAt = -1;
  save(ctx);
  render(ctx);
  ctx.flow.continueAfterChange(ctx, null);
}
