// What the coach adds to the view model, as pure readers of the state (no drawing, no worker): the win
// chances that may be shown now and the better move of the reviewed decision on the board.
import type { Action, PlayerIndex } from '../../../pkg/full.js';
import { isComputer, personSeats, viewerSeat } from '../game/queries.js';
import type { GameState } from '../game/state.js';
import type { Evaluation } from './client.js';

/**
 * The seat whose chances may be shown now, with the key of the position; null when none may. Only the
 * person at the screen, from their own view: in a game of several persons only once the curtain is down
 * for the player to move; never in a replay, a lesson, or behind the curtain.
 */
export function chancesWanted(state: GameState, offered: boolean): { key: string; viewer: PlayerIndex } | null {
  const g = state.game;
  if (!offered || !state.settings.winChances || !g || state.replay || state.lesson || state.handover || g.result()) return null;
  const viewer = viewerSeat(state);
  if (isComputer(state, viewer)) return null;
  // Online, each person is at their own device (never behind a curtain); a spectator holds no hand.
  if (g.remote) {
    if (state.session.spectator) return null;
  } else if (personSeats(state).length > 1 && (g.current !== viewer || state.shownSeat !== viewer)) {
    // Several persons at one device: only the player to move, whose hand is shown.
    return null;
  }
  return { key: `${g.seed}|${g.actionCount}|${viewer}`, viewer };
}

/**
 * The chances to draw now, for the person at the screen: those of the position on the board, or while
 * they are computed the last ones of the same game and viewer (`fresh` false: drawn dimmed).
 */
export function shownChances(state: GameState): (Evaluation & { fresh: boolean }) | null {
  // Asked for only where the element offers them (refreshChances clears them otherwise).
  const want = chancesWanted(state, true);
  const { value, valueKey } = state.coach.chances;
  if (!want || !value) return null;
  const seat = (key: string): string => key.replace(/\|\d+\|/, '|');
  if (valueKey !== want.key && seat(valueKey) !== seat(want.key)) return null;
  return { ...value, fresh: valueKey === want.key };
}

/** A review is open: the replay shows each decision as its player saw it. */
export function reviewing(state: GameState): boolean {
  return state.coach.review !== null;
}

/** The better move to mark on the board while the replay shows a reviewed decision. */
export function reviewedBest(state: GameState): Action | null {
  const run = state.coach.review;
  const d = run?.selected !== null && run?.selected !== undefined ? run.decisions[run.selected] : undefined;
  // A puzzle hides the answer until a move is tried.
  const asking = run?.puzzle && (run.puzzle.status === 'asking' || run.puzzle.status === 'judging');
  return d && !asking && state.replay?.index === d.index ? d.best : null;
}
