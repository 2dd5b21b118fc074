// Win chances on the board (a setting, off by default): the chance to win each flag and the game for the
// person at the screen, from their own view only, asked of the coach's worker after every action. Never
// for a view that is not theirs: in a game of several persons only once the curtain is down for the
// player to move; never in a replay, a lesson, or behind the curtain. With them, what explains each flag's
// chance (the engine's `explain`: each side's best reachable formation and its outs) and how much each
// flag's chance moved since the chances last shown to the same viewer in the same game.
import { explain, type Outlook } from '../../../pkg/full.js';
import type { Ctx } from '../game/state.js';
import type { Evaluation } from './client.js';
import { chancesWanted } from './model.js';

/** The chances as the coach keeps them: the worker's numbers, the outlook behind them and the change per flag. */
export type Explained = Evaluation & {
  /** Each open flag as the viewer sees it (null when the engine could not say). */
  outlook?: Outlook | null;
  /** Per flag (index 0 for flag 1), the change since the previous chances shown; null for the first. */
  change?: number[] | null;
};

/** The outlook of `view`, or null (the chances are still worth showing without it). */
function outlookOf(view: Parameters<typeof explain>[0]): Outlook | null {
  try {
    return explain(view);
  } catch {
    return null;
  }
}

const guarded = new WeakSet<ShadowRoot>();

/**
 * A click or tap on a flag's chance shows its explanation (by focusing it; a tap elsewhere hides it) and
 * goes no further: the flag's own button and column, which the chance lies on, would take it as a click on the
 * flag. Listened to once per game, in the capture phase, before the board's own listeners.
 */
function guardClicks(shadow: ShadowRoot): void {
  if (guarded.has(shadow)) return;
  guarded.add(shadow);
  shadow.addEventListener(
    'click',
    (event) => {
      const chance = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.col .chance');
      if (!chance) return;
      event.stopPropagation();
      // Focused already by the press itself on most browsers; not on all (Safari does not focus buttons).
      chance.focus();
    },
    true,
  );
}

/**
 * Asks for the chances of the position on the board when they are wanted and not yet asked for;
 * `redraw` once they come.
 */
export function refreshChances(ctx: Ctx, redraw: () => void): void {
  const want = chancesWanted(ctx.s, ctx.host.coach.winChances);
  if (want) guardClicks(ctx.host.shadow);
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
    const kept = ctx.s.coach.chances;
    if (kept.key !== key || !value) return;
    // The change is against the last chances of the same game and viewer (the key less its move count).
    const seat = (k: string): string => k.replace(/\|\d+\|/, '|');
    const previous = kept.value && kept.valueKey !== key && seat(kept.valueKey) === seat(key) ? kept.value : null;
    const explained: Explained = {
      ...value,
      outlook: outlookOf(view),
      change: previous ? value.flags.map((p, i) => p - (previous.flags[i] ?? p)) : null,
    };
    kept.value = explained;
    kept.valueKey = key;
    redraw();
  });
}
