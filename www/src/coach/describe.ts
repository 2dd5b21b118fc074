// A move in a few words with its cards drawn small ("Red 8 at flag 5"), for the review and the hint.
import type { Action, CardName, FlagView } from '../../../pkg/full.js';
import type { Words } from '../i18n.js';
import { escapeHTML, miniCard } from '../cards.js';
import { say } from './words.js';

const tactic = (w: Words, name: 'scout' | 'redeploy' | 'deserter' | 'traitor'): string => escapeHTML(w.tacticName(name));

/** The flag where `card` lies on `flags` (null when not given or not found). */
function lyingAt(flags: readonly FlagView[] | undefined, card: CardName): number | null {
  const found = flags?.find((f) => f.sides.some((side) => side.includes(card)) || (card === 'fog' && f.fog !== null) || (card === 'mud' && f.mud !== null));
  return found ? found.flag : null;
}

/**
 * The move as a short phrase (HTML: cards as small cards). Given the board the move was made on (`flags`),
 * a Deserter or a Redeploy names the flag its card leaves.
 */
export function moveWords(w: Words, action: Action, flags?: readonly FlagView[]): string {
  switch (action.type) {
    case 'play':
    case 'environment':
      return say(w, 'movePlay', { card: miniCard(w, action.card), flag: action.flag });
    case 'scout':
      return say(w, 'moveScout', { scout: tactic(w, 'scout') });
    case 'scoutDraw':
      return say(w, 'moveScoutDraw', { deck: w.deckWord(action.deck) });
    case 'scoutReturn':
      return say(w, 'moveScoutReturn', { card: miniCard(w, action.card) });
    case 'redeploy': {
      const from = lyingAt(flags, action.card);
      const words = { redeploy: tactic(w, 'redeploy'), card: miniCard(w, action.card) };
      if (action.to === null) return from === null ? say(w, 'moveRedeployOut', words) : say(w, 'moveRedeployOutAt', { ...words, from });
      return from === null ? say(w, 'moveRedeployTo', { ...words, flag: action.to }) : say(w, 'moveRedeployFromTo', { ...words, from, flag: action.to });
    }
    case 'deserter': {
      const from = lyingAt(flags, action.card);
      const words = { deserter: tactic(w, 'deserter'), card: miniCard(w, action.card) };
      return from === null ? say(w, 'moveDeserter', words) : say(w, 'moveDeserterAt', { ...words, flag: from });
    }
    case 'traitor':
      return say(w, 'moveTraitor', { traitor: tactic(w, 'traitor'), card: miniCard(w, action.card), flag: action.to });
    case 'draw':
      return say(w, 'moveDraw', { deck: w.deckWord(action.deck) });
    case 'claim':
      return say(w, 'moveClaim', { flag: action.flag });
    case 'endClaims':
      return say(w, 'moveEndClaims');
    case 'pass':
    case 'nextGame':
    // Never a move the coach describes (not a legal action): worded as a pass.
    case 'resign':
      return say(w, 'movePass');
  }
}
