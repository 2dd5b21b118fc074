// The engine's reasons for a move (`Reason`, battleline::bot::explain) in words, English and Chinese: each
// names its flag and the formations, cards and outs it is about ("it aims at a Wedge at flag 5 (r1 r2 r3)
// with r1 r3 in hand"). The cards are drawn small by default; `card` words them otherwise (plain text for
// the corpus of lab/ or a screen reader's text).
import type { CardName, FormationKind, Reach, Reason, Strength } from '../../../pkg/full.js';
import { miniCard } from '../cards.js';
import { formationNameIn, type Lang, type Words } from '../i18n.js';

const en = {
  completesClaim: 'it completes {formation} the opponent cannot beat, so you can claim flag {flag}.',
  completes: 'it completes {formation} at flag {flag}.',
  aimsHand: 'it aims at {formation} {cards} at flag {flag}, with {held} in hand.',
  aimsOuts: 'it aims at {formation} {cards} at flag {flag}{held}; {outs}.',
  withHeld: ' with {cards} in hand',
  targetTotal: '{formation} ({cards}).',
  targetDone: '{formation} {cards}.',
  targetHand: '{formation} {cards}, with {held} in hand.',
  targetOuts: '{formation} {cards}{held}; {outs}.',
  outs1: '1 out unseen: {cards}',
  outsN: '{n} outs unseen: {cards}',
  outsAll: '{cards} must still come (unseen)',
  aimsOne: 'it aims at {formation} at flag {flag}: {base} and one more; {outs}.',
  targetOne: '{formation}: {base} and one more; {outs}.',
  against: ' Their best there: {target}',
  againstNone: '; the opponent has no card there yet.',
  drawsTroop: 'a troop draw looks for {outs} for {formation} {cards} at flag {flag}: {n} of the {unseen} troops you have not seen.',
  drawsTactics: 'a tactics draw looks for Fog, which would turn flag {flag}: their {theirs} beats your best, {mine}, but not your total. Still to come: {cards}.',
  scouts: 'Scout shows you three cards, looking for {outs} for {formation} {cards} at flag {flag}.',
  claims: 'your {formation} at flag {flag} can no longer be beaten: their best there is {theirs}.',
  claimsNone: 'your {formation} at flag {flag} can no longer be beaten: their side there cannot be completed.',
  aimsTotal: 'it adds to your total at flag {flag}: at best {formation} ({cards}).',
  keeps: 'it keeps {held} in hand for {formation} {cards} at flag {flag}.',
  deniesLast: '{card} was the last card that could give the opponent {formation} at flag {flag}.',
  denies: 'it takes {card}, a card the opponent needs for {formation} at flag {flag}, out of the cards to come.',
  secures: 'flag {flag} becomes provably yours: no card still to come beats your {formation} there.',
  unwinnable: 'at flag {flag} your best is now {mine}, which can never beat their {theirs}.',
  unwinnableFull: 'at flag {flag} your side can no longer beat their {theirs}.',
  dump: 'flag {flag} is lost anyway (their {theirs} cannot be beaten), so {card} costs nothing there.',
  weakens: '{card} turns your {from} draw at flag {flag} into {to}',
  weakensFull: '{card} leaves your side at flag {flag} no way to be completed.',
  fog: 'Fog makes flag {flag} a contest of totals: at best {mine} for you against {theirs} for the opponent.',
  mud: 'Mud makes each side at flag {flag} need four cards: at best {mine} for you against {theirs} for the opponent.',
  breaks: 'it takes {card} from the opponent’s side at flag {flag}: they need {need} there again, for at best {to} (before: {from}).',
  need1: '1 card',
  needN: '{n} cards',
  frees: 'it frees a place at flag {flag}: your best there becomes {to}.',
  tempo: 'completing first counts at flag {flag}: the opponent can at best equal your {formation}, and the later side loses a tie.',
  replans: 'since {card} went to flag {flag}, {seen} came to light.',
  kind: 'a {name} (sum {sum})',
  kindBare: '{name} (sum {sum})',
  kindOnly: 'a {name}',
  total: 'a total of {sum}',
  totalBare: 'total of {sum}',
  nothing: 'nothing',
  join: ' ',
};

type Key = keyof typeof en;

const zh: Record<Key, string> = {
  completesClaim: '它组成对手无法击败的{formation}，你可以占据地区 {flag}。',
  completes: '它在地区 {flag} 组成{formation}。',
  aimsHand: '它瞄准地区 {flag} 的{formation}（{cards}），{held} 已在你手中。',
  aimsOuts: '它瞄准地区 {flag} 的{formation}（{cards}）{held}；{outs}。',
  withHeld: '，{cards} 已在你手中',
  targetTotal: '{formation}（{cards}）。',
  targetDone: '{formation}（{cards}）。',
  targetHand: '{formation}（{cards}），{held} 已在你手中。',
  targetOuts: '{formation}（{cards}）{held}；{outs}。',
  outs1: '还有 1 张未见过的牌能补上：{cards}',
  outsN: '还有 {n} 张未见过的牌能补上：{cards}',
  outsAll: '还需要 {cards}（都未见过）',
  aimsOne: '它瞄准地区 {flag} 的{formation}：{base} 再加一张；{outs}。',
  targetOne: '{formation}：{base} 再加一张；{outs}。',
  against: '对手在那里最多：{target}',
  againstNone: '；对手在那里还没有牌。',
  drawsTroop: '摸部队牌是为了 {outs}，以组成地区 {flag} 的{formation}（{cards}）：你未见过的 {unseen} 张部队牌中有 {n} 张。',
  drawsTactics: '摸战术牌是为了迷雾，它能扭转地区 {flag}：对手的{theirs}胜过你最多能组成的{mine}，但总和不如你。还未出现：{cards}。',
  scouts: '侦察让你看三张牌，寻找 {outs}，以组成地区 {flag} 的{formation}（{cards}）。',
  claims: '你在地区 {flag} 的{formation}已无法被击败：对手在那里最多{theirs}。',
  claimsNone: '你在地区 {flag} 的{formation}已无法被击败：对手那一侧已无法完成。',
  aimsTotal: '它增加你在地区 {flag} 的点数：最多{formation}（{cards}）。',
  keeps: '它把 {held} 留在手中，用于地区 {flag} 的{formation}（{cards}）。',
  deniesLast: '{card} 是对手在地区 {flag} 组成{formation}的最后一张牌。',
  denies: '它打出 {card}：对手在地区 {flag} 组成{formation}需要这张牌。',
  secures: '地区 {flag} 已可证明属于你：之后的任何牌都无法击败你在那里的{formation}。',
  unwinnable: '在地区 {flag}，你最多只能组成{mine}，永远无法击败对手的{theirs}。',
  unwinnableFull: '在地区 {flag}，你那一侧已无法击败对手的{theirs}。',
  dump: '地区 {flag} 反正已经输了（对手的{theirs}无法被击败），所以 {card} 放在那里没有损失。',
  weakens: '{card} 把你在地区 {flag} 的{from}计划改为{to}',
  weakensFull: '{card} 让你在地区 {flag} 的一侧无法再完成。',
  fog: '迷雾让地区 {flag} 只比点数总和：你最多{mine}，对手最多{theirs}。',
  mud: '泥泞让地区 {flag} 每一方都需要四张牌：你最多{mine}，对手最多{theirs}。',
  breaks: '它拿走对手在地区 {flag} 的 {card}：对手在那里又需要 {need}，最多{to}（之前：{from}）。',
  need1: '1 张牌',
  needN: '{n} 张牌',
  frees: '它在地区 {flag} 空出一个位置：你在那里最多可组成{to}。',
  tempo: '在地区 {flag} 先完成很重要：对手最多只能组成同样的{formation}，而平局时后完成的一方输。',
  replans: '{card} 放到地区 {flag} 之后，又看到了 {seen}。',
  kind: '{name}（总和 {sum}）',
  kindBare: '{name}（总和 {sum}）',
  kindOnly: '{name}',
  total: '总和 {sum}',
  totalBare: '总和 {sum}',
  nothing: '无',
  join: '',
};

const tables: Record<Lang, Record<Key, string>> = { en, zh };

/** How the words are made: the language, and how a card is written. */
export interface ReasonStyle {
  lang: Lang;
  card: (card: CardName) => string;
}

/** The page's style: in the element's language, with its small cards. */
export const pageStyle = (w: Words): ReasonStyle => ({ lang: w.lang, card: (c) => miniCard(w, c) });

function fill(style: ReasonStyle, key: Key, params: Record<string, string | number>): string {
  return tables[style.lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Cards by value, then colour: "r1 r2 r3". */
function cardList(style: ReasonStyle, cards: readonly CardName[]): string {
  const value = (c: string) => Number(c.slice(1)) || 0;
  return [...cards].sort((a, b) => value(a) - value(b) || a.localeCompare(b)).map(style.card).join(' ');
}

/** A formation with its sum ("a Wedge (sum 24)"; "Wedge (sum 24)" after "your" or "their"); under Fog a total. */
function strength(style: ReasonStyle, s: Strength | null | undefined, fog: boolean, bare = false): string {
  if (!s) return fill(style, 'nothing', {});
  if (fog) return fill(style, bare ? 'totalBare' : 'total', { sum: s.sum });
  return fill(style, bare ? 'kindBare' : 'kind', { name: formationNameIn(style.lang, s.kind as FormationKind), sum: s.sum });
}

/** The outs of a formation: the cards that must all still come, or the unseen cards any one of which completes it. */
function outsWords(style: ReasonStyle, target: Reach): string {
  if (target.unseen.length >= 2) return fill(style, 'outsAll', { cards: cardList(style, target.outs) });
  const n = target.outs.length;
  return fill(style, n === 1 ? 'outs1' : 'outsN', { n, cards: cardList(style, target.outs) });
}

/** The cards of a formation lacking one unseen card: the side and the cards in hand. */
function baseCards(style: ReasonStyle, target: Reach): string {
  const missing = new Set(target.unseen);
  return cardList(style, target.cards.filter((c) => !missing.has(c)));
}

const formationOnly = (style: ReasonStyle, target: Reach) =>
  fill(style, 'kindOnly', { name: formationNameIn(style.lang, target.strength.kind as FormationKind) });

/** A formation to aim at, as the rest of a sentence: its cards, those in hand, and the outs. */
export function targetWords(style: ReasonStyle, target: Reach): string {
  const cards = cardList(style, target.cards);
  if (target.strength.kind === 'host') return fill(style, 'targetTotal', { formation: strength(style, target.strength, true), cards });
  const formation = formationOnly(style, target);
  if (target.unseen.length === 0) {
    return target.held.length ? fill(style, 'targetHand', { formation, cards, held: cardList(style, target.held) }) : fill(style, 'targetDone', { formation, cards });
  }
  if (target.unseen.length === 1 && target.outs.length > 0) return fill(style, 'targetOne', { formation, base: baseCards(style, target), outs: outsWords(style, target) });
  const held = target.held.length ? fill(style, 'withHeld', { cards: cardList(style, target.held) }) : '';
  return fill(style, 'targetOuts', { formation, cards, held, outs: outsWords(style, target) });
}

/** A side's best reachable formation in words, with the page's small cards (the win chances' explanation). */
export function reachText(w: Words, target: Reach): string {
  return targetWords(pageStyle(w), target);
}

/** The words of an aim at a formation: its cards, those in hand, and the outs; then the opponent's side there. */
function aims(style: ReasonStyle, flag: number, target: Reach, against: Reach | null | undefined): string {
  const cards = cardList(style, target.cards);
  // An empty side there is a clause of the aim's own sentence (it names nothing by itself); their best is a sentence of its own.
  const them = against === undefined ? '' : against ? fill(style, 'against', { target: targetWords(style, against) }) : fill(style, 'againstNone', {});
  const aimWith = (words: string): string => (against === null ? words.replace(/[.。]$/, '') + them : words + them);
  if (target.strength.kind === 'host') return aimWith(fill(style, 'aimsTotal', { flag, formation: strength(style, target.strength, true), cards }));
  const formation = formationOnly(style, target);
  if (target.unseen.length === 0) return aimWith(fill(style, 'aimsHand', { flag, formation, cards, held: cardList(style, target.held) }));
  if (target.unseen.length === 1 && target.outs.length > 0) {
    return aimWith(fill(style, 'aimsOne', { flag, formation, base: baseCards(style, target), outs: outsWords(style, target) }));
  }
  const held = target.held.length ? fill(style, 'withHeld', { cards: cardList(style, target.held) }) : '';
  return aimWith(fill(style, 'aimsOuts', { flag, formation, cards, held, outs: outsWords(style, target) }));
}

/** What a draw or Scout looks for: the outs, and the formation with its cards. */
function looksFor(style: ReasonStyle, target: Reach): { outs: string; formation: string; cards: string } {
  const formation = target.strength.kind === 'host' ? strength(style, target.strength, true) : formationOnly(style, target);
  return { outs: cardList(style, target.outs), formation, cards: cardList(style, target.cards) };
}

/** One reason in words (HTML with small cards on the page). */
export function reasonText(reason: Reason, style: ReasonStyle): string {
  const f = reason.flag;
  const s = (x: Strength | null | undefined, fog = false) => strength(style, x, fog);
  const bare = (x: Strength | null | undefined) => strength(style, x, false, true);
  switch (reason.type) {
    case 'completes':
      return fill(style, reason.claim ? 'completesClaim' : 'completes', { flag: f, formation: s(reason.strength) });
    case 'aims':
      return aims(style, f, reason.target, reason.against);
    case 'keeps':
      return fill(style, 'keeps', {
        flag: f,
        held: cardList(style, reason.cards),
        formation: fill(style, 'kindOnly', { name: formationNameIn(style.lang, reason.target.strength.kind as FormationKind) }),
        cards: cardList(style, reason.target.cards),
      });
    case 'denies':
      return fill(style, reason.last ? 'deniesLast' : 'denies', { flag: f, card: style.card(reason.card), formation: s(reason.strength) });
    case 'secures':
      return fill(style, 'secures', { flag: f, formation: bare(reason.strength) });
    case 'unwinnable':
      return reason.mine
        ? fill(style, 'unwinnable', { flag: f, mine: s(reason.mine), theirs: bare(reason.theirs) })
        : fill(style, 'unwinnableFull', { flag: f, theirs: bare(reason.theirs) });
    case 'dump':
      return fill(style, 'dump', { flag: f, theirs: bare(reason.theirs), card: style.card(reason.card) });
    case 'weakens':
      return reason.to
        ? fill(style, 'weakens', { flag: f, card: style.card(reason.card), from: bare(reason.from), to: targetWords(style, reason.to) })
        : fill(style, 'weakensFull', { flag: f, card: style.card(reason.card) });
    case 'fog':
      return fill(style, 'fog', { flag: f, mine: s(reason.mine, true), theirs: s(reason.theirs, true) });
    case 'mud':
      return fill(style, 'mud', { flag: f, mine: s(reason.mine), theirs: s(reason.theirs) });
    case 'breaks':
      return fill(style, 'breaks', {
        flag: f,
        card: style.card(reason.card),
        from: s(reason.from),
        to: s(reason.to),
        need: fill(style, reason.need === 1 ? 'need1' : 'needN', { n: reason.need }),
      });
    case 'frees':
      return fill(style, 'frees', { flag: f, to: reason.to ? `${s(reason.to.strength)} (${cardList(style, reason.to.cards)})` : s(null) });
    case 'tempo':
      return fill(style, 'tempo', { flag: f, formation: bare(reason.strength) });
    case 'drawsTroop':
      return fill(style, 'drawsTroop', { flag: f, ...looksFor(style, reason.target), n: reason.target.outs.length, unseen: reason.unseen });
    case 'drawsTactics':
      return fill(style, 'drawsTactics', {
        flag: f,
        theirs: bare(reason.theirs),
        mine: s(reason.mine),
        cards: reason.cards.map(style.card).join(' '),
      });
    case 'scouts':
      return fill(style, 'scouts', { flag: f, ...looksFor(style, reason.target) });
    case 'claims':
      return reason.theirs
        ? fill(style, 'claims', { flag: f, formation: bare(reason.strength), theirs: s(reason.theirs) })
        : fill(style, 'claimsNone', { flag: f, formation: bare(reason.strength) });
    case 'replans':
      return fill(style, 'replans', { flag: f, card: style.card(reason.card), seen: cardList(style, reason.seen) });
  }
}

/** The reasons of `reasons` that `others` does not also give (what tells a better move from the one played). */
export function reasonsBesides(reasons: readonly Reason[], others: readonly Reason[]): Reason[] {
  const given = new Set(others.map((r) => JSON.stringify(r)));
  return reasons.filter((r) => !given.has(JSON.stringify(r)));
}

/**
 * The reasons worth saying: the first `most`, and the first about `focus` (the flag of the chance line that
 * follows) when none of those is, so that the chance line never names a flag the words left out.
 */
export function pickReasons(reasons: readonly Reason[], focus: number | null = null, most = 2): Reason[] {
  const picked = reasons.slice(0, most);
  const about = focus === null || picked.some((r) => r.flag === focus) ? undefined : reasons.find((r) => r.flag === focus);
  return about ? [...picked, about] : picked;
}

/** The reasons picked by `pickReasons` in words, one after another. */
export function reasonsText(reasons: readonly Reason[], focus: number | null, style: ReasonStyle): string {
  // Each reason reads as the rest of a sentence ("Play r2 at flag 5: it aims at …"); those after the
  // first start sentences of their own.
  const capital = (text: string) => text.replace(/^[a-z]/, (c) => c.toUpperCase());
  return pickReasons(reasons, focus)
    .map((r, i) => (i === 0 ? reasonText(r, style) : capital(reasonText(r, style))))
    .join(tables[style.lang].join);
}
