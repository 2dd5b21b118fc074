// The coach's part of the game's state: which of its parts the element offers, the review in progress or
// shown, and the win chances last computed for the person at the screen.
import type { GameRecord, PlayerIndex } from '../../../pkg/full.js';
import type { Puzzle } from './review-puzzle-panel.js';
import type { CoachClient, Evaluation, GameStory, ReviewedDecision, ReviewStep, ReviewThresholds, SearchLevel, TurningPoint } from './client.js';

/** The coach's parts an element offers (its attributes `review`, `win-chances`, `statistics`, `unseen-cards`). */
export interface CoachFeatures {
  review: boolean;
  winChances: boolean;
  statistics: boolean;
  unseen: boolean;
}

export const NO_COACH: CoachFeatures = { review: false, winChances: false, statistics: false, unseen: false };

export interface ReviewRun {
  record: GameRecord;
  /** The record's identity (reviews are stored under it with the player and level). */
  key: string;
  /** The reviewed player; null while the panel asks whose decisions to review. */
  player: PlayerIndex | null;
  level: SearchLevel;
  status: 'asking' | 'running' | 'done' | 'cancelled' | 'failed';
  done: number;
  total: number;
  /** Every decision of every side (`player` says whose). */
  decisions: ReviewedDecision[];
  /** The reviewed player's chance after every step, with its cause. */
  steps: ReviewStep[];
  turningPoints: TurningPoint[];
  games: GameStory[];
  /** Each seat's accuracy in percent. */
  accuracy: (number | null)[];
  thresholds: ReviewThresholds | null;
  /** The decision shown on the board (an index into `decisions`). */
  selected: number | null;
  /** The step of the graph shown (an index into `steps`). */
  step: number | null;
  /** On a phone, whether the panel takes the whole screen (otherwise a strip above the board). */
  expanded: boolean;
  /** The marked decision replayed as a puzzle, if one is open. */
  puzzle: Puzzle | null;
  abort: AbortController | null;
  error: string | null;
  /** Milliseconds the review took (null while running, and for a stored review). */
  ms: number | null;
}

export interface CoachState {
  review: ReviewRun | null;
  /**
   * The win chances: `key` names the position and viewer wanted now, `value` the last chances computed
   * and `valueKey` theirs (shown, dimmed, until the new ones come, but only to the same viewer).
   */
  chances: { key: string; value: Evaluation | null; valueKey: string };
}

declare module '../game/state.js' {
  interface FeatureStates {
    coach: CoachState;
  }
  interface Ctx {
    /** The coach's own worker (reviews, win chances, hints), made with the element's controller. */
    readonly coach: CoachClient;
  }
}

/** The coach's state in a new element (GameState's `coach`): no review, no chances yet. */
export function initialCoach(): CoachState {
  return { review: null, chances: { key: '', value: null, valueKey: '' } };
}
