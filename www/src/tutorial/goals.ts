// Whether a step's goal is reached: read from the engine's state and the learner's own actions since the
// step began, never decided by a rule of the page's own.
import type { Action } from '../../../pkg/full.js';
import type { Board } from '../game/table.js';
import type { Goal } from './lessons.js';

/** The learner's seat (the bottom of the board); the opponent is player 1. */
export const LEARNER = 0;

/** What happened since the step began, for the goals that are about the learner's doing. */
export interface StepHistory {
  /** The learner's actions since the step began, in order. */
  actions: Action[];
  /** Flags whose claim the learner asked about and was shown refused. */
  refusalsShown: Set<number>;
}

function tacticOf(action: Action): string | null {
  switch (action.type) {
    case 'play':
    case 'environment':
      return action.card;
    case 'scout':
      return 'scout';
    case 'redeploy':
    case 'deserter':
    case 'traitor':
      return action.type;
    default:
      return null;
  }
}

export function goalReached(goal: Goal, game: Board, history: StepHistory): boolean {
  const view = game.view(LEARNER);
  switch (goal.kind) {
    case 'played':
      return history.actions.some((a) => a.type === 'play' && (!goal.card || a.card === goal.card) && (!goal.flag || a.flag === goal.flag));
    case 'drew':
      return history.actions.some((a) => a.type === 'draw');
    case 'formation': {
      const side = game.formations(goal.flag).find((s) => s.player === LEARNER);
      return !!side && side.complete && side.strength?.kind === goal.formation;
    }
    case 'refusalShown':
      return history.refusalsShown.has(goal.flag);
    case 'claimed':
      return view.flags[goal.flag - 1]?.claimedBy === LEARNER;
    case 'won':
      return game.result()?.winner === LEARNER;
    case 'tactic': {
      const step = game.phase.step;
      // Scout is finished once its cards are back: not while its draws and returns are under way.
      const busy = step === 'scoutDraw' || step === 'scoutReturn';
      return !busy && history.actions.some((a) => tacticOf(a) === goal.card);
    }
  }
}
