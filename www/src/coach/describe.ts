// A move in a few words with its cards drawn small ("Red 8 at flag 5"), for the review and the hint.
import type { Action, CardName, FlagView } from '../../../pkg/full.js';
import { escapeHTML, miniCard } from '../cards.js';
import { deckWord, tacticName } from '../i18n.js';
import { say } from './words.js';

const tactic = (name: 'scout' | 'redeploy' | 'deserter' | 'traitor'): string => escapeHTML(tacticName(name));

/** The flag where `card` lies on `flags` (null when not given or not found). */
function lyingAt(flags: readonly FlagView[] | undefined, card: CardName): number | null {
  const found = flags?.find((f) => f.sides.some((side) => side.includes(card)) || (card === 'fog' && f.fog !== null) || (card === 'mud' && f.mud !== null));
  return found ? found.flag : null;
}

/**
 * The move as a short phrase (HTML: cards as small cards). Given the board the move was made on (`flags`),
 * a Deserter or a Redeploy names the flag its card leaves.
 */
export function moveWords(action: Action, flags?: readonly FlagView[]): string {
  switch (action.type) {
    case 'play':
    case 'environment':
      return say('movePlay', { card: miniCard(action.card), flag: action.flag });
    case 'scout':
      return say('moveScout', { scout: tactic('scout') });
    case 'scoutDraw':
      return say('moveScoutDraw', { deck: deckWord(action.deck) });
    case 'scoutReturn':
      return say('moveScoutReturn', { card: miniCard(action.card) });
    case 'redeploy': {
      const from = lyingAt(flags, action.card);
      const words = { redeploy: tactic('redeploy'), card: miniCard(action.card) };
      if (action.to === null) return from === null ? say('moveRedeployOut', words) : say('moveRedeployOutAt', { ...words, from });
      return from === null ? say('moveRedeployTo', { ...words, flag: action.to }) : say('moveRedeployFromTo', { ...words, from, flag: action.to });
    }
    case 'deserter': {
      const from = lyingAt(flags, action.card);
      const words = { deserter: tactic('deserter'), card: miniCard(action.card) };
      return from === null ? say('moveDeserter', words) : say('moveDeserterAt', { ...words, flag: from });
    }
    case 'traitor':
      return say('moveTraitor', { traitor: tactic('traitor'), card: miniCard(action.card), flag: action.to });
    case 'draw':
      return say('moveDraw', { deck: deckWord(action.deck) });
    case 'claim':
      return say('moveClaim', { flag: action.flag });
    case 'endClaims':
      return say('moveEndClaims');
    case 'pass':
    case 'nextGame':
    // Never a move the coach describes (not a legal action): worded as a pass.
    case 'resign':
      return say('movePass');
  }
}
