// The review's keeping, without any drawing: a record's identity, the reviews kept in the element's store
// with their games, and dropping the review shown (its worker stopped).
import type { GameRecord, PlayerIndex } from '../../../pkg/full.js';
import type { Store } from '../storage.js';
import type { Ctx } from '../game/state.js';
import type { Review } from './client.js';
import type { ReviewRun } from './state.js';

// v2: reviews with both sides' decisions and the story (steps, turning points, accuracy).
const STORE_KEY = 'reviews.v2';
/** Reviews kept in the store (the latest). */
const KEPT = 20;

interface StoredReview {
  key: string;
  review: Review;
  at: number;
}

/** A record's identity: its seed, length and a hash of its actions (FNV-1a). */
export function recordKey(record: GameRecord): string {
  const text = JSON.stringify([record.options, record.actions, 'start' in record ? record.start : null]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${record.seed}:${record.actions.length}:${h.toString(16)}`;
}

export function storedReview(store: Store, key: string, player: PlayerIndex, level: string): Review | null {
  const all = store.read<StoredReview[]>(STORE_KEY) ?? [];
  const found = Array.isArray(all) ? all.find((r) => r.key === key && r.review?.player === player && r.review?.level === level) : undefined;
  return found && Array.isArray(found.review.decisions) && Array.isArray(found.review.steps) ? found.review : null;
}

export function keepReview(store: Store, key: string, review: Review): void {
  const all = (store.read<StoredReview[]>(STORE_KEY) ?? []).filter((r) => !(r.key === key && r.review.player === review.player && r.review.level === review.level));
  store.write(STORE_KEY, [...all, { key, review, at: Date.now() }].slice(-KEPT));
}

/** Drops the review shown, stopping its worker if it runs. */
export function dropReview(ctx: Ctx): void {
  ctx.s.coach.review?.abort?.abort();
  ctx.s.coach.review = null;
}

/** The reviewed player's marked decisions (indices into `decisions`). */
export function markedOf(run: ReviewRun): number[] {
  return run.decisions.flatMap((d, i) => (d.judgement && d.player === run.player ? [i] : []));
}

/** The marked decision after (or before) the one shown, if any: the buttons are disabled without one. */
export function nextMarked(run: ReviewRun, direction: 1 | -1): number | undefined {
  const marked = markedOf(run);
  const from = run.selected ?? (direction > 0 ? -1 : run.decisions.length);
  return direction > 0 ? marked.find((i) => i > from) : marked.reverse().find((i) => i < from);
}
