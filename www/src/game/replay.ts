// Replay: stepping through a record (every hand shown only once the match is over). The step shown is a
// table of its own (replay-table.ts), read-only. Opening a record is session.ts (a finished one comes
// here); export and import are game/records.ts.
import { Game, type GameRecord } from '../../../pkg/full.js';
import { replayIsOpen } from '../fairplay.js';
import { replayLogged } from '../log.js';
import { NONE, type Ctx } from './state.js';
import { render } from './draw.js';
import { ReplayTable } from './replay-table.js';
import { viewerSeat } from './queries.js';

export function startReplay(ctx: Ctx, given: GameRecord): void {
  const viewer = viewerSeat(ctx.s);
  // The game of this session keeps its players' names ("You", "Computer"); another record has none.
  const own = ctx.s.game !== null && ctx.s.game.seed === given.seed && ctx.s.game.actionCount === given.actions.length;
  exitReplay(ctx, false);
  const { game: full, entries } = replayLogged(given, Game);
  // The record as the engine writes it (what export and the coach's review are given).
  const record = full.record();
  const open = replayIsOpen(full);
  const game = new ReplayTable(record, full, open ? null : viewer);
  ctx.s.replay = { record, open, game, index: 0, entries, viewer: open ? 0 : viewer, timer: null, own };
  ctx.s.animate = false;
  ctx.s.sel = NONE;
  render(ctx);
}

export function replayTo(ctx: Ctx, index: number): void {
  const r = ctx.s.replay;
  if (!r) return;
  const n = Math.max(0, Math.min(index, r.record.actions.length));
  if (n === r.index) return;
  // One step forward animates its card in; a jump draws the board afresh.
  if (n !== r.index + 1) ctx.s.animate = false;
  r.game.goTo(n);
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
  ctx.s.replay = null;
  ctx.s.animate = false;
  if (redraw) render(ctx);
}
