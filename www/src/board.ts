// The board: nine flags in a line with both sides' cards, pennants that move to their owner when
// claimed, Fog and Mud on their flags, the decks, the discard piles and each player's strip.
import type { CardName, DeckKind, FlagNumber, FlagView, PlayerIndex, PlayerView } from '../../pkg/index.js';
import { cardBackHTML, cardHTML, escapeAttr, escapeHTML, miniCard, tacticIcon } from './cards.js';
import type { Words } from './i18n.js';

export interface Highlights {
  cards: Set<CardName>;
  flags: Set<FlagNumber>;
  decks: Set<DeckKind>;
}

/** What a feature draws on the board beside the cards (the coach's win chances): HTML for a flag's
 * centre and for the viewer's strip. */
export interface BoardMarks {
  flag(f: FlagView): string;
  stat(): string;
}

/** Everything the page draws, computed by the controller. */
export interface RenderModel {
  view: PlayerView;
  /** The seat at the bottom of the screen. */
  viewer: PlayerIndex;
  names: readonly string[];
  /** The other seats, in seat order from the one after the viewer (one or two, R-3P). */
  opponents: readonly PlayerIndex[];
  /** Every seat's hand face up, by seat (replays only). */
  openHand: readonly (readonly CardName[])[] | null;
  /** Hot-seat curtain: no hand shown. */
  hideHand: boolean;
  /** The viewer may act now. */
  interactive: boolean;
  selectableHand: Set<CardName>;
  /** Why each card of the hand that cannot be played now is greyed out (the player to move only). */
  idleWhy: ReadonlyMap<CardName, string>;
  selected: CardName | null;
  targetFlags: Set<FlagNumber>;
  /** With a card selected: why it cannot go to each flag that is not a target (from the engine). */
  flagWhy: ReadonlyMap<FlagNumber, string>;
  /** Fog and Mud light whole flags; cards light the viewer's side. */
  targetKind: 'side' | 'flag';
  sourceCards: Set<CardName>;
  pickedSource: CardName | null;
  claimFlags: Set<FlagNumber>;
  hintFlags: Set<FlagNumber>;
  decks: Set<DeckKind>;
  discardTarget: boolean;
  last: Highlights;
  suggestion: Highlights | null;
  /** The viewer's chances to win each flag and the game (the coach's setting, drawn by the coach), or null. */
  chances?: BoardMarks | null;
  thinking: boolean;
  /** The flags that won the game (the breakthrough's three, or all the winner's). */
  winFlags: Set<FlagNumber>;
  /** The words of the element's language. */
  words: Words;
}

function sideHTML(m: RenderModel, f: FlagView, seat: PlayerIndex, mine: boolean): string {
  const cards = f.sides[seat] ?? [];
  const items = cards.map((card) => {
    const src = m.sourceCards.has(card) && f.claimedBy === null;
    const classes = [
      'on-board',
      m.last.cards.has(card) ? 'last' : '',
      src ? 'source' : '',
      m.pickedSource === card ? 'picked' : '',
      m.suggestion?.cards.has(card) ? 'suggested' : '',
    ].join(' ');
    return cardHTML(m.words, card, { classes, button: src, attrs: src ? `data-src="${card}"` : '' });
  });
  const lost = f.claimedBy !== null && f.claimedBy !== seat ? 'lost' : '';
  return `<div class="side ${mine ? 'me' : 'opp'} seat-p${seat} ${lost}" data-flag="${f.flag}" data-seat="${seat}">${items.join('')}</div>`;
}

function pennant(owner: PlayerIndex | null, extra = ''): string {
  const cls = owner === null ? 'neutral' : `p${owner}`;
  return `<svg class="pennant ${cls} ${extra}" aria-hidden="true" focusable="false"><use href="#pennant"/></svg>`;
}

function envBadge(m: RenderModel, kind: 'fog' | 'mud', placer: PlayerIndex): string {
  const { t } = m.words;
  const src = m.sourceCards.has(kind);
  const pos = placer === m.viewer ? 'me' : 'opp';
  const cls = `env-badge ${kind} ${pos} ${src ? 'source' : ''} ${m.pickedSource === kind ? 'picked' : ''} ${m.last.cards.has(kind) ? 'last' : ''}`;
  const label = `${t(kind)} (${m.names[placer] ?? ''})`;
  if (src) return `<button type="button" class="${cls}" data-src="${kind}" aria-label="${escapeAttr(label)}">${tacticIcon(kind)}</button>`;
  return `<span class="${cls}" role="img" aria-label="${escapeAttr(label)}" title="${escapeAttr(label)}">${tacticIcon(kind)}</span>`;
}

/** A reason the selected card cannot go here: tooltip, accessible description, and for the tests. */
function whyAttrs(why: string | undefined): string {
  return why ? ` title="${escapeAttr(why)}" aria-description="${escapeAttr(why)}" data-why="${escapeAttr(why)}"` : '';
}

function flagLabel(m: RenderModel, f: FlagView): string {
  const { t, cardList } = m.words;
  const parts = [t('flag', { n: f.flag })];
  parts.push(f.claimedBy === null ? t('unclaimed') : t('claimedBy', { name: m.names[f.claimedBy] ?? '' }));
  parts.push(t('sideOf', { name: m.names[m.viewer] ?? '', cards: cardList(f.sides[m.viewer] ?? []) }));
  for (const opp of m.opponents) parts.push(t('sideOf', { name: m.names[opp] ?? '', cards: cardList(f.sides[opp] ?? []) }));
  if (f.fog !== null) parts.push(t('fog'));
  if (f.mud !== null) parts.push(t('mud'));
  if (m.claimFlags.has(f.flag) || m.hintFlags.has(f.flag)) parts.push(t('claimable'));
  return parts.join('. ');
}

export interface Column {
  flag: FlagNumber;
  className: string;
  inner: string;
}

function column(m: RenderModel, f: FlagView): Column {
  const { t } = m.words;
  const claimNow = m.claimFlags.has(f.flag);
  const hinted = !claimNow && m.hintFlags.has(f.flag);
  const flagTarget = m.targetKind === 'flag' && m.targetFlags.has(f.flag);
  const sideTarget = m.targetKind === 'side' && m.targetFlags.has(f.flag);
  const lastFlag = m.last.flags.has(f.flag);
  const colClasses = [
    'col',
    f.fog !== null ? 'fog' : '',
    f.mud !== null ? 'mud' : '',
    f.claimedBy !== null ? (f.claimedBy === m.viewer ? 'won-me' : 'won-opp') : '',
    f.claimedBy !== null && m.opponents.length > 1 ? `won-by-p${f.claimedBy}` : '',
    flagTarget ? 'lit-flag' : '',
    sideTarget ? 'lit-side' : '',
    m.suggestion?.flags.has(f.flag) ? 'suggested' : '',
    m.winFlags.has(f.flag) ? 'winning' : '',
  ].join(' ');
  const won = (owner: PlayerIndex): string =>
    `<span class="won-flag ${lastFlag ? 'last' : ''}" role="img" aria-label="${escapeAttr(`${t('flag', { n: f.flag })}: ${t('claimedBy', { name: m.names[owner] ?? '' })}`)}">${pennant(owner)}<span class="fnum">${f.flag}</span></span>`;
  const topSlot = f.claimedBy !== null && f.claimedBy !== m.viewer ? won(f.claimedBy) : '';
  const bottomSlot = f.claimedBy === m.viewer ? won(m.viewer) : '';
  const badges = [f.fog !== null ? envBadge(m, 'fog', f.fog) : '', f.mud !== null ? envBadge(m, 'mud', f.mud) : ''].join('');
  const flagBtn =
    `<button type="button" class="flag-btn ${claimNow ? 'claimable' : ''} ${hinted ? 'hinted' : ''} ${lastFlag ? 'last' : ''}" data-flag="${f.flag}" data-focus="flag:${f.flag}" aria-label="${escapeAttr(flagLabel(m, f))}"${whyAttrs(m.flagWhy.get(f.flag))}>` +
    (f.claimedBy === null ? pennant(null) : '<span class="post" aria-hidden="true"></span>') +
    `<span class="fnum">${f.flag}</span>` +
    // Drawn by CSS: the button's name already ends with it, and text in the button would not match that name.
    (claimNow || hinted ? `<span class="claim-tag" data-text="${escapeAttr(t('claimable'))}"></span>` : '') +
    `</button>`;
  return {
    flag: f.flag,
    className: colClasses,
    inner:
      `<div class="claim-slot top">${topSlot}</div>` +
      m.opponents.map((opp) => sideHTML(m, f, opp, false)).join('') +
      `<div class="center">${flagBtn}${badges}${m.chances?.flag(f) ?? ''}</div>` +
      sideHTML(m, f, m.viewer, true) +
      `<div class="claim-slot bottom">${bottomSlot}</div>` +
      (f.fog !== null ? '<div class="fog-mist" aria-hidden="true"></div>' : ''),
  };
}

/** The line of nine flags: the line's class and each column's class and content, drawn separately. */
export function boardParts(m: RenderModel): { lineClass: string; label: string; columns: Column[] } {
  const { t } = m.words;
  // The tallest room of any flag (4 where Mud lies), from the engine's flag views.
  const cap = Math.max(...m.view.flags.map((f) => f.capacity));
  return {
    lineClass: `line cap${cap} ${m.opponents.length > 1 ? 'three' : ''} ${m.targetFlags.size > 0 ? 'targeting' : ''}`,
    label: t('title'),
    columns: m.view.flags.map((f) => column(m, f)),
  };
}

export function renderDecks(m: RenderModel): string {
  const { t } = m.words;
  const v = m.view;
  const deck = (kind: DeckKind, count: number): string => {
    const lit = m.decks.has(kind);
    const classes = `deck deck-${kind} ${lit ? 'lit' : ''} ${m.last.decks.has(kind) ? 'last' : ''} ${m.suggestion?.decks.has(kind) ? 'suggested' : ''} ${count === 0 ? 'empty' : ''}`;
    const layers = Math.min(4, Math.ceil(count / 12));
    const backs = Array.from({ length: Math.max(layers, count > 0 ? 1 : 0) }, (_, i) => cardBackHTML(m.words, kind, `layer l${i}`)).join('');
    // The visible name and count, in that order, start the accessible name (label-in-name, for voice control).
    const label = `${t(kind === 'troop' ? 'troopDeck' : 'tacticsDeck')} ${t('cardsLeft', { n: count })}`;
    return (
      `<button type="button" class="${classes}" data-deck="${kind}" data-focus="deck:${kind}" aria-label="${escapeAttr(label)}" ${lit ? '' : 'aria-disabled="true"'}>` +
      `<span class="pile">${backs}</span><span class="deck-name">${t(kind === 'troop' ? 'troopDeck' : 'tacticsDeck')}</span> <span class="count">${count}</span></button>`
    );
  };
  return `${deck('troop', v.troopDeck)}${v.options.tactics ? deck('tactics', v.tacticsDeck) : ''}`;
}

export function renderStrip(m: RenderModel, seat: PlayerIndex): string {
  const { t, cardList } = m.words;
  const v = m.view;
  const top = seat !== m.viewer;
  const current = v.current === seat && !v.result;
  // A seat that resigned from a three-player game (R-3P-RESIGN) is out: said so, its hand out of play.
  const out = v.retired === seat;
  const flags = v.flags.filter((f) => f.claimedBy === seat).length;
  const sizes = v.handSizes[seat] ?? { troops: 0, tactics: 0 };
  let hand = '';
  if (top && !out) {
    if (m.openHand) {
      hand = `<span class="open-hand">${(m.openHand[seat] ?? []).map((c) => miniCard(m.words, c)).join('')}</span>`;
    } else {
      const backs = [
        ...Array.from({ length: sizes.troops }, () => cardBackHTML(m.words, 'troop', 'tiny')),
        ...Array.from({ length: sizes.tactics }, () => cardBackHTML(m.words, 'tactics', 'tiny')),
      ].join('');
      hand = `<span class="backs" role="img" aria-label="${escapeAttr(t('inHand', { troops: sizes.troops, tactics: sizes.tactics }))}">${backs}</span>`;
    }
  }
  const discards = v.discards[seat] ?? [];
  const discardTarget = !top && m.discardTarget;
  const pile =
    `<div class="discards ${discardTarget ? 'lit' : ''}" ${discardTarget ? 'data-discard="1" role="button" tabindex="0"' : ''} aria-label="${escapeAttr(`${t('discardPile')}: ${cardList(discards)}`)}">` +
    `<span class="label">${t('discardPile')}</span>` +
    (discards.length ? discards.map((c) => miniCard(m.words, c, m.last.cards.has(c) ? 'last' : '')).join('') : `<span class="none">${t('emptyPile')}</span>`) +
    `</div>`;
  return (
    `<div class="strip ${top ? 'top' : 'bottom'} p${seat} ${current ? 'current' : ''} ${out ? 'out' : ''}">` +
    `<div class="who"><span class="seat-dot p${seat}" aria-hidden="true"></span><span class="name">${escapeHTML(m.names[seat] ?? '')}</span>` +
    (out ? `<span class="seat-out">${t('seatOut')}</span>` : '') +
    (current && m.thinking ? `<span class="thinking">${t('thinking')}</span>` : '') +
    `</div>` +
    hand +
    `<div class="stats">${top ? '' : (m.chances?.stat() ?? '')}<span class="stat flags-won" title="${escapeAttr(t('flagsClaimedN', { n: flags }))}">${pennant(seat, 'tiny')}${flags}</span>` +
    (v.options.tactics ? `<span class="stat tactics-played" title="${escapeAttr(t('tacticsPlayedN', { n: v.tacticsPlayed[seat] ?? 0 }))}">${tacticIcon('alexander', 'ticon tiny')}${v.tacticsPlayed[seat] ?? 0}</span>` : '') +
    `</div>` +
    pile +
    `</div>`
  );
}
