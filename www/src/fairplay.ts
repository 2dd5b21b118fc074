// What the page may show and hand out while a game is unfinished (docs/FAIR_PLAY.md): one undo policy
// for every mode, which replays are open, and when a record may be exported. A player never sees a card
// hidden from them: not on the board, in an accessible name, in the log, nor in an exported file.
import type { PlayerIndex } from '../../pkg/index.js';
import type { Table } from './game/table.js';
import type { LogEntry } from './log.js';

/** Why Undo is not available (each has a sentence in i18n.ts). */
export type UndoBlock = 'undoOver' | 'undoNotYourTurn' | 'undoRevealed' | 'undoNothing';

/** Actions that showed their actor a hidden card: undoing them would let the actor look ahead. */
function reveals(entry: LogEntry): boolean {
  const type = entry.action.type;
  return type === 'draw' || type === 'scoutDraw';
}

/**
 * Undo, the same in every mode: only the asking player's own actions of the turn in progress, and never
 * back past a card that was revealed to them (a draw, Scout's draws), nor past another player's action
 * (which may have shown a card from their hand). A finished game is never undone: its result stands.
 * Returns the number of actions to keep, or why nothing can be undone.
 */
export function undoPolicy(game: Pick<Table, 'result' | 'current'>, entries: readonly LogEntry[], asker: PlayerIndex, myTurn: boolean): { keep: number } | { blocked: UndoBlock } {
  if (game.result()) return { blocked: 'undoOver' };
  if (!myTurn || game.current !== asker) return { blocked: 'undoNotYourTurn' };
  const last = entries[entries.length - 1];
  if (!last || last.actor !== asker || last.action.type === 'nextGame') return { blocked: 'undoNothing' };
  if (reveals(last)) return { blocked: 'undoRevealed' };
  // Ending the claims is undone together with the action after it (one gesture in the page).
  let keep = entries.length - 1;
  while (keep > 0 && entries[keep - 1]!.action.type === 'endClaims' && entries[keep - 1]!.actor === asker) keep--;
  return { keep };
}

/**
 * A replay shows every hand only once the whole match is over; before that it shows what `viewer` saw
 * (their own hand, the public cards, their own draws), whoever asks and however the record came.
 */
export function replayIsOpen(full: Pick<Table, 'matchScore'>): boolean {
  return full.matchScore().over;
}

/**
 * An exported record holds the seed, from which every hidden card follows: only a finished match may be
 * exported.
 */
export function canExport(game: Pick<Table, 'matchScore'> | null): boolean {
  return game !== null && game.matchScore().over;
}
