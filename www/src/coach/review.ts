// The post-game review on the page: from the end of a finished match or the replay of any finished game
// (an imported record too), the coach's worker judges each decision of the chosen player from the view
// they had then, with a progress bar and Cancel; the result is kept in the element's store with the game
// and shown as a graph of the chance to win, marked decisions, and the better move on the board.
import type { PlayerIndex } from '../../../pkg/full.js';
import { render } from '../game/draw.js';
import { personSeats } from '../game/queries.js';
import { replayTo, startReplay } from '../game/replay.js';
import { finishedRecord } from '../game/session.js';
import type { Ctx } from '../game/state.js';
import { isAborted, type Review } from './client.js';
import { dropReview, keepReview, nextMarked, recordKey, storedReview } from './review-state.js';
import type { ReviewRun } from './state.js';

/** Panels whose graph range is listened to (once per panel element). */
const wired = new WeakSet<HTMLElement>();

/** The graph's range moves along the steps from the keyboard: each value shows its step, focus stays on it. */
function wireRange(ctx: Ctx): void {
  if (wired.has(ctx.el.coach)) return;
  wired.add(ctx.el.coach);
  // The range's own keys stay the range's: the replay's arrow keys (on the page) would move the replay.
  ctx.el.coach.addEventListener('keydown', (event) => {
    if ((event.target as Element).closest('.rv-slider') && /^(Arrow|Home$|End$|Page)/.test(event.key)) event.stopPropagation();
  });
  ctx.el.coach.addEventListener('input', (event) => {
    const range = (event.target as Element).closest<HTMLInputElement>('.rv-slider');
    if (!range) return;
    selectStep(ctx, Number(range.value));
    ctx.el.coach.querySelector<HTMLInputElement>('.rv-slider')?.focus({ preventScroll: true });
  });
}

/** Opens the review of the finished match on the board (in the replay), or of the replayed one. */
export function startReview(ctx: Ctx): void {
  if (!ctx.host.coach.review) return;
  wireRange(ctx);
  const g = ctx.s.game;
  if (!ctx.s.replay?.open) {
    // The match on the board, once it is over (the session says when its record may be read).
    const record = finishedRecord(ctx);
    if (!record) return;
    startReplay(ctx, record);
  }
  const r = ctx.s.replay;
  if (!r?.open) return;
  const key = recordKey(r.record);
  const shown = ctx.s.coach.review;
  if (shown?.key === key && shown.status !== 'cancelled') {
    render(ctx);
    return;
  }
  // The person's own game against the computer: their decisions. Otherwise (two persons, an imported
  // record) the panel asks whose.
  const own = g !== null && g.actionCount === r.record.actions.length && recordKey(g.record()) === key;
  const persons = personSeats(ctx.s);
  const player = own && persons.length === 1 ? persons[0]! : null;
  ctx.s.coach.review = {
    record: r.record,
    key,
    player,
    // The hard search (3,000 playouts): a review's time stays a second or two.
    level: 'hard',
    status: 'asking',
    done: 0,
    total: 0,
    decisions: [],
    steps: [],
    turningPoints: [],
    games: [],
    accuracy: [],
    thresholds: null,
    selected: null,
    step: null,
    expanded: true,
    puzzle: null,
    abort: null,
    error: null,
    ms: null,
  };
  if (player === null) render(ctx);
  else void runReview(ctx, player);
}

/** Reviews `player`'s decisions (a stored review is shown at once). */
export async function runReview(ctx: Ctx, player: PlayerIndex): Promise<void> {
  const run = ctx.s.coach.review;
  if (!run) return;
  run.player = player;
  const stored = storedReview(ctx.host.store, run.key, player, run.level);
  if (stored) {
    finish(run, stored, null);
    render(ctx);
    return;
  }
  run.status = 'running';
  run.done = 0;
  run.total = 0;
  run.decisions = [];
  run.abort = new AbortController();
  const t0 = performance.now();
  render(ctx);
  try {
    const review = await ctx.coach.review(run.record, player, run.level, run.abort.signal, (p) => {
      if (ctx.s.coach.review !== run) return;
      run.done = p.done;
      run.total = p.total;
      render(ctx);
    });
    if (ctx.s.coach.review !== run) return;
    finish(run, review, performance.now() - t0);
    keepReview(ctx.host.store, run.key, review);
    ctx.host.reviewed(review, run.record);
  } catch (error) {
    if (ctx.s.coach.review !== run) return;
    run.status = isAborted(error) ? 'cancelled' : 'failed';
    run.error = error instanceof Error ? error.message : String(error);
  }
  run.abort = null;
  render(ctx);
}

function finish(run: ReviewRun, review: Review, ms: number | null): void {
  run.status = 'done';
  run.decisions = review.decisions;
  run.steps = review.steps ?? [];
  run.turningPoints = review.turningPoints ?? [];
  run.games = review.games ?? [];
  run.accuracy = review.accuracy ?? [];
  run.thresholds = review.thresholds;
  run.total = review.decisions.length;
  run.done = run.total;
  run.ms = ms;
  run.selected = null;
  run.step = null;
  run.puzzle = null;
}

/** On a phone: the whole screen for the review, or a strip above the board. */
export function toggleExpanded(ctx: Ctx): void {
  const run = ctx.s.coach.review;
  if (!run) return;
  run.expanded = !run.expanded;
  render(ctx);
}

export function cancelReview(ctx: Ctx): void {
  ctx.s.coach.review?.abort?.abort();
}

export function closeReview(ctx: Ctx): void {
  dropReview(ctx);
  render(ctx);
}

/** Shows decision `i` on the board: the position before it, from its player's side, the better move marked. */
export function selectDecision(ctx: Ctx, i: number): void {
  const run = ctx.s.coach.review;
  const r = ctx.s.replay;
  const d = run?.decisions[i];
  if (!run || !r || !d || run.player === null) return;
  if (run.puzzle && run.puzzle.decision !== i) run.puzzle = null;
  run.selected = i;
  const step = run.steps.findIndex((s) => s.cause.type === 'decision' && s.cause.decision === i);
  run.step = step >= 0 ? step : run.step;
  // The position before the decision, from the side of the player who made it.
  r.viewer = d.player;
  ctx.s.animate = false;
  replayTo(ctx, d.index);
  render(ctx);
  ctx.el.coach.querySelector<HTMLElement>('.rv-detail')?.focus({ preventScroll: true });
  // The graph and the decision at the top of the panel (on a phone the panel is short and scrolls).
  ctx.el.coach.scrollTop = 0;
}

/** The next (or previous) marked decision after the one shown. */
export function stepMarked(ctx: Ctx, direction: 1 | -1): void {
  const run = ctx.s.coach.review;
  if (!run) return;
  const next = nextMarked(run, direction);
  if (next !== undefined) selectDecision(ctx, next);
}

/** Shows step `i` of the graph: a decision's on the board, the cards' where the next decision is. */
export function selectStep(ctx: Ctx, i: number): void {
  const run = ctx.s.coach.review;
  const r = ctx.s.replay;
  const step = run?.steps[i];
  if (!run || !r || !step) return;
  if (step.cause.type === 'decision') {
    selectDecision(ctx, step.cause.decision);
    return;
  }
  run.step = i;
  run.selected = null;
  run.puzzle = null;
  ctx.s.animate = false;
  replayTo(ctx, Math.min(step.index, r.record.actions.length));
  render(ctx);
}
