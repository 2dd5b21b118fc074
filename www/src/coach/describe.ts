// A move in a few words with its cards drawn small ("Red 8 at flag 5"), for the review and the hint.
import type { Action } from '../../../pkg/full.js';
import { escapeHTML, miniCard } from '../cards.js';
import { deckWord, tacticName } from '../i18n.js';
import { say } from './words.js';

const tactic = (name: 'scout' | 'redeploy' | 'deserter' | 'traitor'): string => escapeHTML(tacticName(name));

/** The move as a short phrase (HTML: cards as small cards). */
export function moveWords(action: Action): string {
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
    case 'redeploy':
      return action.to === null
        ? say('moveRedeployOut', { redeploy: tactic('redeploy'), card: miniCard(action.card) })
        : say('moveRedeployTo', { redeploy: tactic('redeploy'), card: miniCard(action.card), flag: action.to });
    case 'deserter':
      return say('moveDeserter', { deserter: tactic('deserter'), card: miniCard(action.card) });
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
      return say('movePass');
  }
}
