// The tutorial, loaded when first used: starting one imports its chunk (tutorial-chunk.ts); everything else
// the game does with a tutorial happens while one runs (ctx.s.lesson is set), so the chunk is there already.
import { adoptCss } from '../feature-css.js';
import type { Ctx } from '../game/state.js';

export type TutorialChunk = typeof import('./tutorial-chunk.js');

let loaded: TutorialChunk | null = null;
let loading: Promise<TutorialChunk> | null = null;

/** The tutorial's chunk, fetched once (again after a failed fetch). */
export function loadTutorial(): Promise<TutorialChunk> {
  loading ??= import('./tutorial-chunk.js').then(
    (chunk) => (loaded = chunk),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The tutorial's chunk if loaded: always, while a lesson runs (only startTutorial begins one). */
export function tutorialLoaded(): TutorialChunk | null {
  return loaded;
}

/** Opens the tutorial (lesson-flow.ts startTutorial) once its chunk is here. */
export async function openTutorial(ctx: Ctx): Promise<void> {
  let chunk: TutorialChunk;
  try {
    chunk = await loadTutorial();
  } catch (err) {
    console.error('battleline: the tutorial could not be loaded', err);
    return;
  }
  adoptCss(ctx.host.shadow, chunk.tutorialCss);
  chunk.startTutorial(ctx);
}
