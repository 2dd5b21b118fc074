// The tutorial as the game sees it (game/features.ts): its entries, in the element's first load. Only
// opening the tutorial fetches its chunk (tutorial-loader.ts); everything else happens while a lesson is on
// the board, so the chunk is there already, and without a lesson there is nothing of it to do.
import type { TutorialFeature } from '../game/features.js';
import { wordsOf } from '../game/state.js';
import { storedProgress } from './progress.js';
import { openTutorial, tutorialLoaded } from './tutorial-loader.js';
import { tutorialUiText } from './ui-text.js';

export const tutorialFeature: TutorialFeature = {
  label: (lang) => tutorialUiText(lang).tutorial,
  offer(store, lang) {
    const words = tutorialUiText(lang);
    const first = storedProgress(store) === null;
    return { note: first ? words.offer : null, button: first ? words.learn : words.tutorial };
  },
  open: openTutorial,
  panelHTML: (ctx) => (ctx.s.lesson ? (tutorialLoaded()?.lessonPanelHTML(wordsOf(ctx.s), ctx.s.lesson, ctx.s.thinking) ?? '') : ''),
  progress: (ctx) => tutorialLoaded()?.lessonProgress(ctx),
  scriptedMove: (ctx, game) => (ctx.s.lesson ? (tutorialLoaded()?.scriptedMove(ctx.s.lesson, game) ?? null) : null),
  table(ctx, game) {
    const chunk = tutorialLoaded();
    return ctx.s.lesson && chunk ? new chunk.LessonTable(game, ctx.s.lesson) : game;
  },
  next: (ctx) => tutorialLoaded()?.nextStep(ctx),
  restart: (ctx) => tutorialLoaded()?.restartLessonStep(ctx),
  leave: async (ctx) => {
    await tutorialLoaded()?.leaveTutorial(ctx);
  },
  end(ctx) {
    if (!ctx.s.lesson) return;
    tutorialLoaded()?.endRun(ctx.s.lesson);
    ctx.s.lesson = null;
  },
};
