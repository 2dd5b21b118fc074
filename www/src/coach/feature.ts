// The coach as the game sees it (game/features.ts): its entries, in the element's first load, each asking
// the coach's chunk (coach-loader.ts) once it is here and answering as though there were no coach before
// (there is no review, no win chance, no word of it to show until then). A hint fetches the chunk first.
import { escapeHTML } from '../cards.js';
import type { CoachFeature } from '../game/features.js';
import { render } from '../game/draw.js';
import { myTurn } from '../game/queries.js';
import { errorText } from '../game/state.js';
import { coachLoaded, loadCoach } from './coach-loader.js';

export const coachFeature: CoachFeature = {
  async hint(ctx) {
    // Nothing is fetched for a hint that cannot be given (not the person's turn, a room without the coach).
    if (!myTurn(ctx.s) || !ctx.s.game || !ctx.features.online.coachAllowed(ctx)) return;
    let chunk;
    try {
      chunk = await loadCoach();
    } catch (err) {
      const msg = escapeHTML(errorText(err));
      ctx.s.message = { text: ({ t }) => t('computerFailed', { msg }), kind: 'error' };
      render(ctx);
      return;
    }
    await chunk.askHint(ctx);
  },
  noteResult: (ctx, game) => coachLoaded()?.noteResult(ctx, game),
  say: (words, key) => coachLoaded()?.say(words, key) ?? null,
  startReview: (ctx) => coachLoaded()?.startReview(ctx),
  menuHTML: (ctx) => coachLoaded()?.coachMenuHTML(ctx) ?? '',
  reviewButtonHTML: (ctx) => coachLoaded()?.reviewButtonHTML(ctx) ?? '',
  draw: (ctx, redraw) => coachLoaded()?.drawCoach(ctx, redraw),
  act: (ctx, act) => coachLoaded()?.coachAct(ctx, act) ?? false,
  reviewedBest: (state) => coachLoaded()?.reviewedBest(state) ?? null,
  reviewing: (state) => coachLoaded()?.reviewing(state) ?? false,
  marks: (state) => coachLoaded()?.boardMarks(state) ?? null,
};
