// The tutorial in progress: which step, what the learner did in it, whether its goal is reached, and the
// progress kept between visits. Plain functions over one record; the controller calls them and draws.
import { Game, type Action } from '../../../pkg/full.js';
import type { Board } from '../game/table.js';
import { goalReached } from './goals.js';
import type { Lesson } from '../game/state.js';
import { STEPS, type Step } from './lessons.js';
import { sketchState } from './setup.js';
import type { Store } from '../storage.js';
import { PROGRESS, storedProgress, type Progress } from './progress.js';

// The run is the game's lesson (GameState's `lesson`): the game declares what it reads of it (whether the
// step is done, what the learner did), the tutorial adds the rest here.
declare module '../game/state.js' {
  interface Lesson {
    index: number;
    /** How many of the step's scripted opponent moves were played. */
    scriptAt: number;
    /** The game as the step began, to start the step again. */
    start: Game;
  }
}

export type LessonRun = Lesson;

export function loadProgress(store: Store): Progress | null {
  const p = storedProgress(store);
  return p && { index: Math.min(Math.max(0, p.index), STEPS.length - 1), completed: p.completed };
}

function saveProgress(store: Store, progress: Progress): void {
  store.write(PROGRESS, progress);
}

/** Where the tutorial resumes: the saved step, or the first when it was finished or never begun. */
export function resumeIndex(store: Store): number {
  const p = loadProgress(store);
  if (!p || p.completed.length >= STEPS.length) return 0;
  return p.index;
}

export function step(run: LessonRun): Step {
  return STEPS[run.index]!;
}

/** A run at step `index`, with the game it is played on: the step's own position, or `previous` to go on. */
export function beginStep(store: Store, index: number, previous: Game | null): { run: LessonRun; game: Game } {
  const s = STEPS[index]!;
  // A step that goes on from the last one starts over from the nearest step before it with a position.
  let game: Game;
  if (s.sketch) game = Game.fromSetup(sketchState(s.sketch));
  else if (previous) game = previous.clone();
  else return beginStep(store, index - 1, null);
  const p = loadProgress(store);
  saveProgress(store, { index, completed: p?.completed ?? [] });
  return { run: freshRun(index, game), game };
}

function freshRun(index: number, game: Game): LessonRun {
  return { index, done: false, history: { actions: [], refusalsShown: new Set() }, scriptAt: 0, start: game.clone() };
}

/** The step from its beginning again. */
export function restartStep(run: LessonRun): { run: LessonRun; game: Game } {
  const game = run.start.clone();
  run.start.free();
  return { run: freshRun(run.index, game), game };
}

/** Frees what the run holds (leaving the tutorial or moving on). */
export function endRun(run: LessonRun): void {
  run.start.free();
}

/** After any change: marks the step done (and remembers it) once its goal is reached. True if it just became done. */
export function checkGoal(store: Store, run: LessonRun, game: Board): boolean {
  if (run.done || !goalReached(step(run).goal, game, run.history)) return false;
  run.done = true;
  const p = loadProgress(store) ?? { index: run.index, completed: [] };
  const completed = p.completed.includes(step(run).id) ? p.completed : [...p.completed, step(run).id];
  const last = run.index === STEPS.length - 1;
  saveProgress(store, { index: last ? run.index : run.index + 1, completed });
  return true;
}

/**
 * The opponent's next scripted move, or null when the script has none, without taking it (the lesson's
 * table answers it as the opponent's one legal action). A move scripted for the play step is preceded by
 * ending the claim step when the engine is still in it (the opponent claims nothing).
 */
export function nextScripted(run: LessonRun, game: Game): Action | null {
  const next = (step(run).opponent ?? [])[run.scriptAt];
  if (!next) return null;
  const legal = game.legalActions();
  if (legal.some((a) => JSON.stringify(a) === JSON.stringify(next))) return next;
  return legal.some((a) => a.type === 'endClaims') ? { type: 'endClaims' } : null;
}

/** The opponent's next scripted move, taken: the script moves on past it (not past an ending of claims). */
export function scriptedMove(run: LessonRun, game: Game): Action | null {
  const move = nextScripted(run, game);
  if (move !== null && move === step(run).opponent?.[run.scriptAt]) run.scriptAt++;
  return move;
}

export const STEP_COUNT = STEPS.length;
