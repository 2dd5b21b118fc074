// What the coach's buttons do (the review's, the menu's Statistics and Unseen cards): the game's input
// hands every act it does not know to `coachAct`.
import type { PlayerIndex } from '../../../pkg/full.js';
import { openDialog } from '../dialogs.js';
import { render } from '../game/draw.js';
import { seatNames, viewerSeat } from '../game/queries.js';
import { wordsOf, type Ctx } from '../game/state.js';
import { canShowUnseen } from './parts.js';
import { cancelReview, closeReview, runReview, selectDecision, selectStep, startReview, stepMarked, toggleExpanded } from './review.js';
import { closePuzzle, openPuzzle, tryMove } from './review-puzzle.js';
import { nextPuzzle } from './review-puzzle-panel.js';
import { openStats } from './stats.js';
import { unseenHTML } from './unseen.js';
import { say } from './words.js';

async function openUnseen(ctx: Ctx): Promise<void> {
  const w = wordsOf(ctx.s);
  if (!canShowUnseen(ctx.s)) return;
  const r = ctx.s.replay;
  const viewer = viewerSeat(ctx.s);
  const view = r ? r.game.view(r.viewer) : ctx.s.game?.view(viewer);
  if (!view) return;
  await openDialog(ctx.host.shadow, {
    title: say(w, 'unseen'),
    body: unseenHTML(w, view, seatNames(ctx.s)),
    className: 'unseen-dlg',
    buttons: [{ id: 'close', label: w.t('close'), primary: true }],
  });
}

/** The coach's buttons; false for an act that is not the coach's. */
export function coachAct(ctx: Ctx, act: string): boolean {
  const [name, arg] = act.split(':');
  switch (name) {
    case 'review':
      startReview(ctx);
      return true;
    case 'rv-player':
      void runReview(ctx, Number(arg) as PlayerIndex);
      return true;
    case 'rv-again': {
      const player = ctx.s.coach.review?.player;
      if (player !== null && player !== undefined) void runReview(ctx, player);
      else startReview(ctx);
      return true;
    }
    case 'rv-cancel':
      cancelReview(ctx);
      return true;
    case 'rv-close':
      closeReview(ctx);
      return true;
    case 'rv-go':
      selectDecision(ctx, Number(arg));
      return true;
    case 'pz-start':
      openPuzzle(ctx);
      return true;
    case 'pz-try':
      void tryMove(ctx, Number(arg));
      return true;
    case 'pz-again': {
      const p = ctx.s.coach.review?.puzzle;
      if (p) openPuzzle(ctx, p.decision);
      return true;
    }
    case 'pz-next': {
      const run = ctx.s.coach.review;
      const next = run ? nextPuzzle(run) : undefined;
      if (next !== undefined) openPuzzle(ctx, next);
      return true;
    }
    case 'pz-close':
      closePuzzle(ctx);
      return true;
    case 'rv-expand':
      toggleExpanded(ctx);
      return true;
    case 'rv-step':
      selectStep(ctx, Number(arg));
      return true;
    case 'rv-prev':
    case 'rv-next':
      stepMarked(ctx, name === 'rv-next' ? 1 : -1);
      return true;
    case 'stats':
    case 'unseen':
      ctx.s.menuOpen = false;
      render(ctx);
      void (name === 'stats' ? openStats(ctx) : openUnseen(ctx));
      return true;
    default:
      return false;
  }
}
