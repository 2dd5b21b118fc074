// Learn from your mistakes: each marked decision of the reviewed player replayed as a puzzle. The board
// shows the position before it (the better move hidden); the player picks a move from the legal ones,
// the coach judges it as the review judged the decision, and any move within the inaccuracy threshold of
// the best is accepted; then the reasons for the move tried and for the best are shown
// (review-puzzle-panel.ts draws it).
import { render } from '../game/draw.js';
import type { Ctx } from '../game/state.js';
import { accepted, same } from './review-puzzle-panel.js';
import { markedOf } from './review-state.js';
import { selectDecision } from './review.js';

/** Opens the puzzle of marked decision `i` (or the first marked one). */
export function openPuzzle(ctx: Ctx, i?: number): void {
  const run = ctx.s.coach.review;
  const r = ctx.s.replay;
  if (!run || !r) return;
  const target = i ?? markedOf(run)[0];
  if (target === undefined || !run.decisions[target]) return;
  selectDecision(ctx, target);
  // The replay's table answers no action (nobody acts on a replay): a look-ahead copy of the step says
  // what its player could have done.
  const copy = r.game.clone();
  const moves = copy.legalActions();
  copy.free();
  run.puzzle = { decision: target, moves, status: 'asking', tried: null };
  render(ctx);
  ctx.el.coach.querySelector<HTMLElement>('.pz-title')?.focus({ preventScroll: true });
}

export function closePuzzle(ctx: Ctx): void {
  const run = ctx.s.coach.review;
  if (!run) return;
  run.puzzle = null;
  render(ctx);
}

/** Tries move `k` of the puzzle: judged by the coach's worker at the review's level. */
export async function tryMove(ctx: Ctx, k: number): Promise<void> {
  const run = ctx.s.coach.review;
  const r = ctx.s.replay;
  const p = run?.puzzle;
  const d = p ? run.decisions[p.decision] : undefined;
  const action = p?.moves[k];
  if (!run || !r || !p || !d || !action || p.status === 'judging') return;
  p.status = 'judging';
  render(ctx);
  try {
    const view = r.game.view(d.player);
    const tried = same(action, d.played) ? d : await ctx.coach.judgeMove(view, action, d.index, run.level);
    if (run.puzzle !== p) return;
    p.tried = tried;
    p.status = !same(action, d.played) && accepted(d, tried, run.thresholds?.inaccuracy ?? 0.05) ? 'solved' : 'missed';
  } catch {
    if (run.puzzle !== p) return;
    p.status = 'failed';
  }
  render(ctx);
  ctx.el.coach.querySelector<HTMLElement>('.pz-result')?.focus({ preventScroll: true });
}

