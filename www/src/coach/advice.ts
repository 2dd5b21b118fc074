// The hint in words: the suggested action as advice in the present tense, with its reason ("Play Green 9
// at flag 3: it completes a Wedge the opponent cannot beat"). The reason is read from the engine on a copy
// of the game with the action played: the viewer's formation there and whether a claim would be proved.
// Only what the viewer may see is read (their side, the table, proofs from public cards), never a hand or
// a deck of the copy.
import type { Action, CardName, FlagNumber, PlayerIndex } from '../../../pkg/full.js';
import type { Words } from '../i18n.js';
import type { Board } from '../game/table.js';
import { escapeHTML, miniCard } from '../cards.js';
import { strengthText } from '../log.js';
import type { Reason, Strength } from '../../../pkg/full.js';
import { pageStyle, reasonsText } from './reasons.js';

const words = {
  en: {
    play: 'Play {card} at flag {flag}: {reason}',
    completesUnbeatable: 'it completes a {formation} the opponent cannot beat, so you can claim the flag.',
    completes: 'it completes a {formation}.',
    joins: 'it goes with your {cards} there.',
    starts: 'it starts a formation where your side is empty.',
    fog: 'Play {card} at flag {flag}: there only the totals will count.',
    mud: 'Play {card} at flag {flag}: there each side will need four cards.',
    scout: 'Play {card}: draw three cards, then put back the two you need least.',
    scoutDraw: 'Draw from the {deck}.',
    scoutReturn: 'Put {card} back: you need it least.',
    redeployMove: 'Move {card} from flag {from} to flag {to}: {reason}',
    redeployDiscard: 'Discard {card} from flag {from}: it does not help you there.',
    deserter: 'Discard the opponent’s {card} from flag {from}: it weakens their side there.',
    traitor: 'Take the opponent’s {card} from flag {from} to flag {to}: {reason}',
    claim: 'Claim flag {flag}: no card still to come can beat your {formation}.',
    endClaims: 'Go on to your play: no other flag can be proved yours now.',
    drawTroop: 'Draw from the troop deck: troops build your formations.',
    drawTactics: 'Draw from the tactics deck: a tactics card can turn a flag your way.',
    pass: 'Pass: you have no card you can play.',
    fogSide: 'side totalling {sum} under Fog',
    environmentWhy: 'Play {card} at flag {flag}: {reason}',
    redeployDiscardWhy: 'Discard {card} from flag {from}: {reason}',
    deserterWhy: 'Discard the opponent’s {card} from flag {from}: {reason}',
  },
  zh: {
    play: '把 {card} 放到地区 {flag}：{reason}',
    completesUnbeatable: '它组成对手无法击败的{formation}，你可以占据该地区。',
    completes: '它组成{formation}。',
    joins: '它和你在那里的 {cards} 相配。',
    starts: '你在那里还没有牌，可以开始组成牌型。',
    fog: '把 {card} 放到地区 {flag}：那里将只比较点数总和。',
    mud: '把 {card} 放到地区 {flag}：那里每一方都将需要四张牌。',
    scout: '打出 {card}：摸三张牌，再把最不需要的两张放回。',
    scoutDraw: '从{deck}摸牌。',
    scoutReturn: '把 {card} 放回：你最不需要它。',
    redeployMove: '把 {card} 从地区 {from} 移到地区 {to}：{reason}',
    redeployDiscard: '把 {card} 从地区 {from} 弃掉：它在那里帮不上你。',
    deserter: '弃掉对手在地区 {from} 的 {card}：这会削弱对手在那里的牌型。',
    traitor: '把对手的 {card} 从地区 {from} 拿到地区 {to}：{reason}',
    claim: '占据地区 {flag}：之后的任何牌都无法击败你的{formation}。',
    endClaims: '进入出牌：现在无法再证明其他地区属于你。',
    drawTroop: '从部队牌堆摸牌：部队牌用来组成牌型。',
    drawTactics: '从战术牌堆摸牌：战术牌能让一个地区倒向你。',
    pass: '跳过：你没有可以打出的牌。',
    fogSide: '迷雾下总和为 {sum} 的一侧',
    environmentWhy: '把 {card} 放到地区 {flag}：{reason}',
    redeployDiscardWhy: '把 {card} 从地区 {from} 弃掉：{reason}',
    deserterWhy: '弃掉对手在地区 {from} 的 {card}：{reason}',
  },
} as const;

type Key = keyof (typeof words)['en'];

function say(w: Words, key: Key, params: Record<string, string | number> = {}): string {
  const text: string = words[w.lang][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A formation in words; under Fog only its total counts. */
function formationWords(w: Words, strength: Strength, fog: boolean): string {
  return fog ? say(w, 'fogSide', { sum: strength.sum }) : strengthText(w, strength, false);
}

/** The flag the card lies on, from the viewer's view. */
function flagOf(game: Board, viewer: PlayerIndex, card: CardName): FlagNumber | '?' {
  const f = game.view(viewer).flags.find((fv) => fv.sides.some((side) => side.includes(card)));
  return f ? f.flag : '?';
}

/** Why putting a card on the viewer's side of `flag` is good, read after `action` on a copy of the game. */
function reasonAt(w: Words, game: Board, viewer: PlayerIndex, action: Action, flag: FlagNumber, placed: CardName): string {
  const copy = game.clone();
  try {
    copy.apply(action);
    const side = copy.formations(flag).find((s) => s.player === viewer);
    const fog = copy.view(viewer).flags[flag - 1]?.fog !== null;
    if (side?.complete && side.strength) {
      const formation = formationWords(w, side.strength, fog);
      return say(w, copy.explainClaim(flag, viewer).claimable ? 'completesUnbeatable' : 'completes', { formation });
    }
    const others = (side?.cards ?? []).filter((c) => c !== placed);
    return others.length ? say(w, 'joins', { cards: others.map((c) => miniCard(w, c)).join(' ') }) : say(w, 'starts');
  } finally {
    copy.free();
  }
}

/**
 * The suggested action as advice with its reason (HTML with small cards): the engine's reasons for it when
 * given (a hint's `reasons`, worded by coach/reasons.ts, with the one about `focus`, the chance line's flag),
 * otherwise the formation it makes.
 */
export function adviceText(w: Words, game: Board, viewer: PlayerIndex, action: Action, reasons: readonly Reason[] = [], focus: FlagNumber | null = null): string {
  const why = reasons.length ? reasonsText(reasons, focus, pageStyle(w)) : null;
  const at = (flag: FlagNumber, card: CardName) => why ?? reasonAt(w, game, viewer, action, flag, card);
  switch (action.type) {
    case 'play':
      return say(w, 'play', { card: miniCard(w, action.card), flag: action.flag, reason: at(action.flag, action.card) });
    case 'environment':
      if (why) return say(w, 'environmentWhy', { card: escapeHTML(w.tacticName(action.card)), flag: action.flag, reason: why });
      return say(w, action.card, { card: escapeHTML(w.tacticName(action.card)), flag: action.flag });
    case 'scout':
      return say(w, 'scout', { card: escapeHTML(w.tacticName('scout')) });
    case 'scoutDraw':
      return say(w, 'scoutDraw', { deck: w.deckWord(action.deck) });
    case 'scoutReturn':
      return say(w, 'scoutReturn', { card: miniCard(w, action.card) });
    case 'redeploy': {
      const from = flagOf(game, viewer, action.card);
      if (action.to === null) {
        return why ? say(w, 'redeployDiscardWhy', { card: miniCard(w, action.card), from, reason: why }) : say(w, 'redeployDiscard', { card: miniCard(w, action.card), from });
      }
      return say(w, 'redeployMove', { card: miniCard(w, action.card), from, to: action.to, reason: at(action.to, action.card) });
    }
    case 'deserter': {
      const from = flagOf(game, viewer, action.card);
      return why ? say(w, 'deserterWhy', { card: miniCard(w, action.card), from, reason: why }) : say(w, 'deserter', { card: miniCard(w, action.card), from });
    }
    case 'traitor':
      return say(w, 'traitor', {
        card: miniCard(w, action.card),
        from: flagOf(game, viewer, action.card),
        to: action.to,
        reason: at(action.to, action.card),
      });
    case 'claim': {
      const side = game.formations(action.flag).find((s) => s.player === viewer);
      const fog = game.view(viewer).flags[action.flag - 1]?.fog !== null;
      return say(w, 'claim', { flag: action.flag, formation: side?.strength ? formationWords(w, side.strength, fog) : '' });
    }
    case 'endClaims':
      return say(w, 'endClaims');
    case 'draw':
      return say(w, action.deck === 'troop' ? 'drawTroop' : 'drawTactics');
    case 'pass':
    case 'nextGame':
    // Never advised (not a legal action): worded as a pass, so that every action has words.
    case 'resign':
      return say(w, 'pass');
  }
}
