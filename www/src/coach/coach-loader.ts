// The coach, loaded when first used: an element offering any of the coach's parts loads its chunk
// (coach-chunk.ts) before its game is drawn, and a hint loads it when asked for. Without the chunk, no
// part of the coach is offered, so there is nothing of it to draw: those calls give nothing meanwhile.
import type { CoachFeatures } from './state.js';

export type CoachChunk = typeof import('./coach-chunk.js');

let loaded: CoachChunk | null = null;
let loading: Promise<CoachChunk> | null = null;

/** The chunk, fetched once (again after a failed fetch). */
export function loadCoach(): Promise<CoachChunk> {
  loading ??= import('./coach-chunk.js').then(
    (chunk) => (loaded = chunk),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The chunk if loaded: always where an element offers a part of the coach (loaded before it is drawn). */
export function coachLoaded(): CoachChunk | null {
  return loaded;
}

/** Whether these features offer any part of the coach (then the chunk is loaded before the game is drawn). */
export function offersCoach(features: CoachFeatures): boolean {
  return features.review || features.winChances || features.statistics || features.unseen;
}
