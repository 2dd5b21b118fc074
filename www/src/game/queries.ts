// Reading the game's state: whose seat is shown, whose turn, what the viewer may do now (from the engine's
// legal actions, never a rule of its own), what undo would take back. Pure functions of the state.
import type { Action, CardName, PlayerIndex } from '../../../pkg/full.js';
import { cleanName } from '../player-name.js';
import { replayIsOpen, undoPolicy, type UndoBlock } from '../fairplay.js';
import { affordances, find, type Affordances } from '../moves.js';
import type { Level } from '../storage.js';
import { other, wordsOf, type GameState } from './state.js';
import { heldGame } from './table.js';

/** Players in the game on the board (2 or 3). */
export function playerCount(state: GameState): number {
  if (state.replay) return state.replay.record.options.players;
  return state.session.seats.length;
}

/** The computer plays this seat. */
export function isComputer(state: GameState, seat: PlayerIndex): boolean {
  return state.session.seats[seat]?.kind === 'computer';
}

export function personSeats(state: GameState): PlayerIndex[] {
  return state.session.seats.flatMap((s, i) => (s.kind === 'person' ? [i as PlayerIndex] : []));
}

export function levelOf(state: GameState, seat: PlayerIndex): Level {
  const s = state.session.seats[seat];
  return s && s.kind === 'computer' ? s.level : state.session.level;
}

export function seatNames(state: GameState): string[] {
  const { t } = wordsOf(state);
  // Names given in the start dialog (or read back from storage): cleaned here, where every name comes from.
  const defaults = [t('player1'), t('player2'), t('player3')];
  const given = (state.session.names ?? []).map((n) => cleanName(String(n ?? '')));
  const three = [0, 1, 2].map((i) => given[i] || defaults[i]!);
  if (state.replay && !state.replay.own) return defaults.slice(0, playerCount(state));
  // A seat of a game held elsewhere names the seats as its provider says (online: "You" and the others).
  const remote = state.game?.remote?.names();
  if (remote) return remote;
  if (state.session.seats.length === 3) {
    const persons = personSeats(state).length;
    const computers = 3 - persons;
    return state.session.seats.map((s, i) =>
      s.kind === 'person' ? (persons === 1 ? t('you') : three[i]!) : computers === 1 ? t('computer') : t('computerN', { n: i + 1 }),
    );
  }
  if (state.session.mode === 'computer') {
    const names = ['', ''];
    names[state.session.humanSeat] = t('you');
    names[other(state.session.humanSeat)] = t('computer');
    return names;
  }
  return three.slice(0, 2);
}

/** The seat drawn at the bottom. */
export function viewerSeat(state: GameState): PlayerIndex {
  if (state.replay) return state.replay.viewer;
  if (!state.game) return 0;
  // Against the computer, and at a seat of a game held elsewhere, the board is always the person's seat.
  if (state.session.mode === 'computer' || state.game.remote) return state.session.humanSeat;
  const current = state.game.current;
  if (!isComputer(state, current)) return current;
  // A computer seat is playing between persons: the board stays with the last person shown.
  return state.shownSeat ?? state.session.humanSeat;
}

export function phaseStep(state: GameState): string {
  return state.game?.phase.step ?? 'gameOver';
}

/** The viewer may act now. */
export function myTurn(state: GameState): boolean {
  const g = state.game;
  if (!g || state.replay || state.handover || state.thinking || state.dialogOpen() || state.session.spectator) return false;
  if (g.result()) return false;
  // A table that is not the engine's own game says when its seat may act (online: not after a
  // resignation; a lesson: not once the step's goal is reached).
  if (heldGame(g) !== g && g.legalActions().length === 0) return false;
  return g.current === viewerSeat(state);
}

export function legalNow(state: GameState): Action[] {
  return myTurn(state) ? state.game!.legalActions() : [];
}

/** During a claim step: what the player could do right after ending the claims (same player only). */
export function lookahead(state: GameState): Action[] {
  const g = state.game!;
  if (g.phase.step !== 'claim') return [];
  if (state.lookaheadFor === g.actionCount) return state.lookaheadLegal;
  let legal: Action[] = [];
  const clone = g.clone();
  try {
    clone.apply({ type: 'endClaims' });
    if (clone.current === g.current && !clone.result()) legal = clone.legalActions();
  } catch {
    legal = [];
  } finally {
    clone.free();
  }
  state.lookaheadFor = g.actionCount;
  state.lookaheadLegal = legal;
  return legal;
}

/** The actions that carry out `action` now: itself, or ending the claims first. */
export function resolve(state: GameState, action: Action): Action[] | null {
  if (!myTurn(state)) return null;
  const legal = state.game!.legalActions();
  const now = find(legal, action);
  if (now) return [now];
  if (legal.some((a) => a.type === 'endClaims')) {
    const later = find(lookahead(state), action);
    if (later) return [{ type: 'endClaims' }, later];
  }
  return null;
}

export function affordancesNow(state: GameState): { now: Affordances; later: Affordances; legal: Action[]; after: Action[] } {
  const legal = legalNow(state);
  const after = legal.some((a) => a.type === 'endClaims') ? lookahead(state) : [];
  return { now: affordances(legal), later: affordances(after), legal, after };
}

export function handCards(state: GameState): Set<CardName> {
  const { now, later } = affordancesNow(state);
  if (phaseStep(state) === 'scoutReturn') return now.returns;
  return new Set([...now.hand, ...later.hand]);
}

/** Legal actions that can start with `card` (now, or after ending the claims). */
export function actionsFor(state: GameState, card: CardName): Action[] {
  const { now, legal, after } = affordancesNow(state);
  return now.hand.has(card) ? legal : after;
}

/** The undo policy of fairplay.ts, asked for the person at the screen. */
export function undoState(state: GameState): { keep: number } | { blocked: UndoBlock } | null {
  const g = state.game;
  // Only a game this device holds can be taken back (online, the server's record is the game).
  if (!g || state.replay || g.remote) return null;
  return undoPolicy(g, state.entries, viewerSeat(state), myTurn(state));
}

export function undoTarget(state: GameState): number | null {
  const u = undoState(state);
  return u && 'keep' in u ? u.keep : null;
}

/** Why Undo is unavailable, in words, or null when it is available (or there is nothing to say). */
export function undoBlockedText(state: GameState): string | null {
  const { t } = wordsOf(state);
  const u = undoState(state);
  return u && 'blocked' in u ? t('undoUnavailable', { why: t(u.blocked) }) : null;
}

/** Replay is offered once an action was played, and not behind the hand-over curtain of an unfinished game. */
export function canReplay(state: GameState): boolean {
  const g = state.game;
  if (!g || g.actionCount === 0) return false;
  // A seat of a game held elsewhere gets the record (and with it the replay) once the match is over.
  if (g.remote) return g.matchScore().over;
  return !state.handover || replayIsOpen(g);
}
