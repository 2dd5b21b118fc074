// Replay: stepping through a record (every hand shown only once the match is over). Opening a record is
// session.ts (a finished one comes here); export and import are game/records.ts.
import { Game, type GameRecord } from '../../../pkg/full.js';
import { replayIsOpen } from '../fairplay.js';
import { replayLogged } from '../log.js';
import { NONE, type Ctx } from './state.js';
import { render } from './draw.js';
import { viewerSeat } from './queries.js';

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
