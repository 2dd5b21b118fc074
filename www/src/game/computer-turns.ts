// The computer's turns: its view and legal actions to the worker, its answer applied, at the settings' pace;
// a failure is shown with Try again, never replaced by another move. A lesson's opponent plays its script.
import { heldGame } from './table.js';
import { escapeHTML } from '../cards.js';
import { sleep, errorText, type Ctx } from './state.js';
import { render } from './draw.js';
import { isComputer, levelOf } from './queries.js';
import { play, save } from './keeping.js';

/**
 * Plays the computer's turns while it is to move; true if they ended the game (the session then shows its
 * end: session.ts computerTurns), false if they stopped for any other reason.
 */
export async function runComputer(ctx: Ctx): Promise<boolean> {
  const gen = ctx.s.generation;
  if (ctx.s.aiLoop === gen) return false;
  ctx.s.aiLoop = gen;
  try {
    while (gen === ctx.s.generation) {
      // The computer plays only in a game this device holds.
      const g = heldGame(ctx.s.game);
      if (!g || g.result() || !isComputer(ctx.s, g.current)) break;
      const seat = g.current;
      if (ctx.s.lesson) {
        // A lesson's opponent plays its script, at the computer's pace; without one it waits.
        const move = ctx.features.tutorial.scriptedMove(ctx, g);
        if (!move) break;
        ctx.s.thinking = true;
        render(ctx);
        await sleep(ctx.s.settings.aiDelay);
        if (gen !== ctx.s.generation) return false;
        play(ctx, g, move);
        render(ctx);
        continue;
      }
      // (Already drawn as thinking when the move before it was drawn: continueAfterChange.)
      if (!ctx.s.thinking) {
        ctx.s.thinking = true;
        render(ctx);
      }
      const started = performance.now();
      const legal = g.legalActions();
      const level = levelOf(ctx.s, seat);
      const suggestion = await ctx.computer.suggest(g.view(seat), legal, level, ctx.s.session.aiSeed++);
      if (legal.length > 1) ctx.s.computerTimes.push({ level, ms: performance.now() - started });
      if (gen !== ctx.s.generation) return false;
      const wait = ctx.s.settings.aiDelay - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      if (gen !== ctx.s.generation) return false;
      if (!suggestion) break;
      // A failure is shown, with a way to try again; the computer's move is never made up.
      let failure = 'error' in suggestion ? suggestion.error : null;
      if ('action' in suggestion) {
        try {
          play(ctx, g, suggestion.action);
        } catch (err) {
          failure = errorText(err);
        }
      }
      if (failure !== null) {
        ctx.s.computerFailed = true;
        const msg = escapeHTML(failure);
        ctx.s.message = { text: ({ t }) => (ctx.s.computerBlocked ? t('computerBlocked') : t('computerFailed', { msg })), kind: 'error' };
        break;
      }
      ctx.s.lookaheadFor = -1;
      if (ctx.s.session.mode === 'hotseat' && !g.result() && !isComputer(ctx.s, g.current) && g.current !== ctx.s.shownSeat) ctx.s.handover = true;
      save(ctx);
      render(ctx);
    }
  } finally {
    if (ctx.s.aiLoop === gen) ctx.s.aiLoop = -1;
  }
  if (gen !== ctx.s.generation) return false;
  ctx.s.thinking = false;
  render(ctx);
  return Boolean(ctx.s.game?.result());
}
