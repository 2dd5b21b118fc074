// Why a card in the hand cannot be played now, in the player's language (a greyed-out card must
// say why). The page holds no rule: it asks the engine. A card is unplayable when no legal action uses it;
// the reason is the engine's refusal of playing it (tried on a copy of the game, since a probe must never
// touch the real one), turned from its stable code into words.
import type { Action, CardName, FlagNumber } from '../../pkg/full.js';
import type { Board, Lookahead } from './game/table.js';
import { BattleLineError } from '../../pkg/full.js';
import { parseCard } from './cards.js';
import type { Key, Words } from './i18n.js';

const FLAGS: FlagNumber[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** The actions that would play `card`, each as the engine's refusal will judge it. */
function attempts(game: Lookahead, card: CardName): Action[] {
  const p = parseCard(card);
  if (p.kind === 'troop' || p.group === 'morale') return FLAGS.map((flag) => ({ type: 'play', card, flag }));
  if (p.name === 'fog' || p.name === 'mud') return FLAGS.map((flag) => ({ type: 'environment', card: p.name as 'fog' | 'mud', flag }));
  // Guile: the target does not matter for the reasons that come first (turn, step, limits); a card of the
  // board stands for it, and a refusal about the target means there is none.
  const onBoard = game.view(game.current).flags.flatMap((f) => f.sides.flat());
  const target = onBoard.find((c) => parseCard(c).kind === 'troop') ?? 'r1';
  switch (p.name) {
    case 'scout':
      return [{ type: 'scout' }];
    case 'redeploy':
      return [{ type: 'redeploy', card: target, to: null }];
    case 'deserter':
      return [{ type: 'deserter', card: target }];
    default:
      return [{ type: 'traitor', card: target as Extract<Action, { type: 'traitor' }>['card'], to: 1 }];
  }
}

const reasons: Partial<Record<string, Key>> = {
  tactics_limit: 'whyTacticsLimit',
  leader_limit: 'whyLeaderLimit',
  wrong_phase: 'whyWrongStep',
  not_your_turn: 'whyNotYourTurn',
  flag_full: 'whyNoRoom',
  flag_claimed: 'whyNoRoom',
  bad_target: 'whyNoTarget',
  card_not_in_hand: 'whyNoTarget',
  wrong_card: 'whyNoTarget',
  deck_empty: 'whyDecksEmpty',
  game_over: 'whyGameOver',
  tactics_disabled: 'whyNoTarget',
};
// When the tries are refused for different reasons, the first of these that occurs says the most.
const order = ['game_over', 'not_your_turn', 'wrong_phase', 'tactics_limit', 'leader_limit', 'deck_empty', 'bad_target', 'card_not_in_hand', 'wrong_card', 'flag_claimed', 'flag_full'];

// Refusals that do not depend on where the card would go: one try is enough.
const general = new Set(['game_over', 'not_your_turn', 'wrong_phase', 'tactics_limit', 'leader_limit', 'tactics_disabled']);

/**
 * Why each of `cards` cannot be played now by the player to move (cards some legal action plays get no
 * entry). One copy of the game serves every probe: a refused action leaves it exactly as it was.
 */
export function whyUnplayable({ t }: Words, game: Board, cards: readonly CardName[]): Map<CardName, string> {
  const out = new Map<CardName, string>();
  let probe = game.clone();
  try {
    for (const card of cards) {
      const codes = new Set<string>();
      let accepted = false;
      for (const action of attempts(probe, card)) {
        try {
          probe.apply(action);
          accepted = true; // the card is playable after all; the copy moved on, so take a fresh one
          probe.free();
          probe = game.clone();
          break;
        } catch (err) {
          if (!(err instanceof BattleLineError)) throw err;
          codes.add(err.code);
          if (general.has(err.code)) break;
        }
      }
      if (accepted) continue;
      const code = order.find((c) => codes.has(c));
      const key = code ? reasons[code] : undefined;
      if (key) out.set(card, t(key));
    }
  } finally {
    probe.free();
  }
  return out;
}

/**
 * Why the selected `card` cannot go to each of `flags` (flags it could go to get no entry), asked of the
 * engine on a copy of the game as for the hand. Only cards played to a flag (troops, morale, Fog, Mud).
 */
export function whyNotAt({ t }: Words, game: Board, card: CardName, flags: readonly FlagNumber[]): Map<FlagNumber, string> {
  const out = new Map<FlagNumber, string>();
  const p = parseCard(card);
  const env = p.kind === 'tactic' && (p.name === 'fog' || p.name === 'mud');
  if (p.kind === 'tactic' && p.group !== 'morale' && !env) return out;
  const probe = game.clone();
  try {
    // In a claim step the card would be played after ending the claims, as the page does it.
    if (probe.phase.step === 'claim') probe.apply({ type: 'endClaims' });
    for (const flag of flags) {
      const action: Action = env ? { type: 'environment', card: card as 'fog' | 'mud', flag } : { type: 'play', card, flag };
      try {
        probe.apply(action);
        return out; // accepted: the position moved on, so the card's refusals are not what holds it back
      } catch (err) {
        if (!(err instanceof BattleLineError)) throw err;
        const key: Key = err.code === 'flag_full' ? 'whyFlagFull' : err.code === 'flag_claimed' ? 'whyFlagClaimed' : 'whyNotHere';
        out.set(flag, t(key, { n: flag }));
      }
    }
  } finally {
    probe.free();
  }
  return out;
}
