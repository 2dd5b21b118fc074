// The tutorial's progress kept between visits, as stored: read here, outside the tutorial's chunk, because
// the start dialog asks whether a tutorial was ever begun before any tutorial is loaded.
import type { Store } from '../storage.js';

export const PROGRESS = 'tutorial.v1';

export interface Progress {
  /** The step to resume at. */
  index: number;
  /** Ids of the steps completed at least once. */
  completed: string[];
}

/** The stored progress, checked (never trusted, storage.ts), or null; the step index not yet clamped. */
export function storedProgress(store: Store): Progress | null {
  const saved = store.read<Progress>(PROGRESS);
  if (!saved) return null;
  if (typeof saved.index !== 'number' || !Number.isFinite(saved.index) || !Array.isArray(saved.completed)) {
    console.warn(`battleline: the tutorial's stored progress was dropped: ${(JSON.stringify(saved) ?? String(saved)).slice(0, 200)}`);
    return null;
  }
  return { index: Math.floor(saved.index), completed: saved.completed.filter((x) => typeof x === 'string') };
}
