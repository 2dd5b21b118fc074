// The tutorial in the game: entering a step, its goal reached, the next step, starting a step again, leaving
// (the steps themselves are data in tutorial/).
import type { Game } from '../../../pkg/full.js';
import { beginStep, checkGoal, endRun, restartStep, resumeIndex, STEP_COUNT, type LessonRun } from './run.js';
import { tutorialText } from './text.js';
import type { Words } from '../i18n.js';
import { logIsDrawer } from '../log-drawer.js';
import { NONE, twoSeats, type Ctx } from '../game/state.js';
import { render } from '../game/draw.js';
import { exitReplay } from '../game/replay.js';
import { replaceGame } from '../game/keeping.js';
import { boot, continueAfterChange } from '../game/session.js';
import { heldGame } from '../game/table.js';
import { focusInGame } from '../focus.js';
import { LessonTable } from './lesson-table.js';

/** Opens the tutorial at the step where it was left (the first if finished or never begun). */
export function startTutorial(ctx: Ctx, index = resumeIndex(ctx.host.store)): void {
  exitReplay(ctx, false);
  ctx.s.menuOpen = false;
  const previous = ctx.s.lesson;
  const { run, game } = beginStep(ctx.host.store, index, ctx.s.lesson ? heldGame(ctx.s.game) : null);
  if (previous) endRun(previous);
  enterLesson(ctx, run, game);
}

export function enterLesson(ctx: Ctx, run: LessonRun, game: Game): void {
  // On the board, the lesson's table: the page offers only what the lesson lets be played.
  replaceGame(ctx, new LessonTable(game, run), []);
  ctx.s.lesson = run;
  ctx.s.session = { mode: 'computer', level: 'easy', humanSeat: 0, aiSeed: 1, seats: twoSeats('computer', 'easy', 0) };
  ctx.s.shownSeat = null;
  ctx.s.handover = false;
  ctx.s.message = null;
  ctx.s.endShownAt = -1;
  ctx.s.logOpen = false;
  render(ctx);
  focusInGame(ctx.el.lesson.querySelector<HTMLElement>('.lesson-text'));
  continueAfterChange(ctx, null);
}

export function nextStep(ctx: Ctx): void {
  const run = ctx.s.lesson;
  if (!run?.done) return;
  if (run.index + 1 >= STEP_COUNT) {
    void leaveTutorial(ctx, (words) => tutorialText(words.lang).ui.allDone);
    return;
  }
  startTutorial(ctx, run.index + 1);
}

export function restartLessonStep(ctx: Ctx): void {
  if (!ctx.s.lesson) return;
  const { run, game } = restartStep(ctx.s.lesson);
  enterLesson(ctx, run, game);
}

/** Back to the game of one's own that was saved before the tutorial (or a new one). */
export async function leaveTutorial(ctx: Ctx, note?: (words: Words) => string): Promise<void> {
  if (!ctx.s.lesson) return;
  endRun(ctx.s.lesson);
  ctx.s.lesson = null;
  replaceGame(ctx, null, []);
  ctx.s.logOpen = !logIsDrawer(ctx.el.root);
  await boot(ctx);
  if (note) {
    ctx.s.message = { text: note, kind: 'info' };
    render(ctx);
  }
}

/** After any change in a lesson: the step's goal checked; once reached, the Next button takes the focus. */
export function lessonProgress(ctx: Ctx): void {
  const table = ctx.s.game;
  if (ctx.s.lesson && table && checkGoal(ctx.host.store, ctx.s.lesson, table)) {
    ctx.s.sel = NONE;
    render(ctx);
    focusInGame(ctx.el.lesson.querySelector<HTMLElement>('[data-act=lesson-next]'));
  }
}
