// Win chances on the board (a setting, off by default): the chance to win each flag and the game for the
// person at the screen, from their own view only, asked of the coach's worker after every action. Never
// for a view that is not theirs: in a game of several persons only once the curtain is down for the
// player to move; never in a replay, a lesson, or behind the curtain.
import type { Ctx } from '../game/state.js';
import { chancesWanted } from './model.js';

/**
 * Asks for the chances of the position on the board when they are wanted and not yet asked for;
 * `redraw` once they come.
 */
export function refreshChances(ctx: Ctx, redraw: () => void): void {
  const want = chancesWanted(ctx.s, ctx.host.coach.winChances);
  const chances = ctx.s.coach.chances;
  if (!want) {
    chances.key = '';
    chances.value = null;
    chances.valueKey = '';
    return;
  }
  if (chances.key === want.key) return;
  chances.key = want.key;
  const view = ctx.s.game!.view(want.viewer);
  ctx.coach.chances(want.key, view, (key, value) => {
    if (ctx.s.coach.chances.key !== key || !value) return;
    ctx.s.coach.chances.value = value;
    ctx.s.coach.chances.valueKey = key;
    redraw();
  });
}
