// The hint: the search's own move for the person to move, from their view only, shown as a suggestion
// with its reason in terms of the chances ("It raises your chance at flag 3 from 40% to 85%", read from
// the engine's hint: the move with the chances before and after it).
import { escapeHTML } from '../cards.js';
import type { Words } from '../i18n.js';
import { adoptCss } from '../feature-css.js';
import { render } from '../game/draw.js';
import { myTurn, viewerSeat } from '../game/queries.js';
import { errorText, type Ctx } from '../game/state.js';
import { adviceText } from './advice.js';
import type { Hint } from './client.js';
import coachCss from './coach.css';
import { percent, say } from './words.js';

export function hintReason(w: Words, hint: Hint): string {
  const win = percent(hint.after.win);
  const r = hint.reason;
  return r ? say(w, 'hintChance', { flag: r.flag, from: percent(r.from), to: percent(r.to), win }) : say(w, 'hintWin', { win });
}

/** A move for the person to move, with what it does to their chances (coach/hint.ts), from their view only. */
export async function askHint(ctx: Ctx): Promise<void> {
  if (!myTurn(ctx.s) || !ctx.s.game || !ctx.features.online.coachAllowed(ctx)) return;
  const g = ctx.s.game;
  const viewer = viewerSeat(ctx.s);
  const count = g.actionCount;
  // Hints come quickly, the hard search at most (3,000 playouts): the medium search (300) against an
  // easy or random computer.
  const level = ctx.s.session.mode === 'computer' && (ctx.s.session.level === 'easy' || ctx.s.session.level === 'random') ? 'medium' : 'hard';
  let advice: Hint | null = null;
  try {
    const view = g.view(viewer);
    advice = await ctx.coach.hint(view, level, ctx.s.session.aiSeed + 7919, ctx.s.lastHint?.table === g ? ctx.s.lastHint.previous : null);
    ctx.s.lastHint = { table: g, previous: { action: advice.action, hand: view.hand } };
  } catch (err) {
    if (ctx.s.game !== g || g.actionCount !== count) return;
    const msg = escapeHTML(errorText(err));
    // Worded when drawn: the policy's refusal may be heard after the coach's worker failed.
    ctx.s.message = { text: ({ t }) => (ctx.s.computerBlocked ? t('coachBlocked') : t('computerFailed', { msg })), kind: 'error' };
  }
  if (ctx.s.game !== g || g.actionCount !== count) return;
  if (advice) {
    const found = advice;
    adoptCss(ctx.host.shadow, coachCss);
    ctx.s.suggestion = found.action;
    // Worded when drawn, in the game's language then (it may change while the hint shows).
    ctx.s.message = { text: (w) => (ctx.s.game === g ? `${adviceText(w, g, viewer, found.action, found.reasons, found.reason?.flag ?? null)}${w.lang === 'zh' ? '' : ' '}${hintReason(w, found)}` : ''), kind: 'info' };
  }
  render(ctx);
}
