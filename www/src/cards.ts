// Card faces drawn with CSS and SVG: a colour band, a big value, the unit's name and a symbol per colour
// (● ▲ ■ ◆ ★ ✚) so that colour-blind players tell the colours apart; tactics cards are dark with gold.
import type { CardName, ColourLetter, DeckKind, TacticName } from '../../pkg/index.js';
import type { Words } from './i18n.js';

export const COLOURS: readonly ColourLetter[] = ['r', 'o', 'y', 'g', 'b', 'p'];

export type TacticGroup = 'morale' | 'environment' | 'guile';

export type ParsedCard =
  | { kind: 'troop'; colour: ColourLetter; value: number }
  | { kind: 'tactic'; name: TacticName; group: TacticGroup };

const groups: Record<TacticName, TacticGroup> = {
  alexander: 'morale',
  darius: 'morale',
  companion: 'morale',
  shield: 'morale',
  fog: 'environment',
  mud: 'environment',
  scout: 'guile',
  redeploy: 'guile',
  deserter: 'guile',
  traitor: 'guile',
};

export function parseCard(card: CardName): ParsedCard {
  if (card in groups) return { kind: 'tactic', name: card as TacticName, group: groups[card as TacticName] };
  return { kind: 'troop', colour: card[0] as ColourLetter, value: Number(card.slice(1)) };
}

export function isTactic(card: CardName): card is TacticName {
  return card in groups;
}

/** The deck a card belongs to. */
export function deckOf(card: CardName): DeckKind {
  return isTactic(card) ? 'tactics' : 'troop';
}

/** Sort key for a hand: troops by colour then value, tactics after. */
export function handOrder(card: CardName): number {
  const p = parseCard(card);
  if (p.kind === 'troop') return COLOURS.indexOf(p.colour) * 20 + p.value;
  return 200 + Object.keys(groups).indexOf(p.name);
}

const colourShapes: Record<ColourLetter, string> = {
  r: '<circle cx="10" cy="10" r="8"/>',
  o: '<path d="M10 1.5 L18.8 17.5 H1.2 Z"/>',
  y: '<path d="M2.5 2.5h15v15h-15z"/>',
  g: '<path d="M10 0.8 L19.2 10 L10 19.2 L0.8 10 Z"/>',
  b: '<path d="M10 0.8l2.7 6.1 6.6.6-5 4.4 1.5 6.5L10 15l-5.8 3.4 1.5-6.5-5-4.4 6.6-.6z"/>',
  p: '<path d="M6.8 1.5h6.4v5.3h5.3v6.4h-5.3v5.3H6.8v-5.3H1.5V6.8h5.3z"/>',
};

const tacticIcons: Record<TacticName, string> = {
  alexander:
    '<path d="M3 17.5 4.3 7.2l4.4 4.1L12 4.5l3.3 6.8 4.4-4.1L21 17.5Z"/><path d="M3 19h18v2.4H3z"/><circle cx="12" cy="3" r="1.4"/>',
  darius:
    '<path d="M4 17.5 5 6l3.5 4.3L12 3l3.5 7.3L19 6l1 11.5Z"/><path d="M3.5 19h17v2.4h-17z"/><path d="M12 12.5l1.6 2-1.6 2-1.6-2z" fill="var(--tac-bg, #2b2118)"/>',
  companion:
    '<path d="M7 21.5c-.2-3.6.8-6 3-8.2-2 .2-3.6.8-4.6.2-1.3-.8-.9-2.6.5-3.7l5.3-4.6L12 2.5l1.8 2.3c3.7 1.5 6 4.9 6 9.4v7.3Z"/><circle cx="14.3" cy="7.6" r="1" fill="var(--tac-bg, #2b2118)"/>',
  shield: '<path d="M12 2 20.5 5.2v6.2c0 5.2-3.6 8.7-8.5 10.6-4.9-1.9-8.5-5.4-8.5-10.6V5.2Z"/><path d="M12 5.5v13.2c3-1.5 5.3-4 5.3-7.4V7.4Z" fill="var(--tac-bg, #2b2118)" opacity=".45"/>',
  fog: '<path d="M6.5 14.5a4 4 0 0 1 .4-8 5.6 5.6 0 0 1 10.7 1.6 3.2 3.2 0 0 1-.3 6.4Z"/><path d="M3 17h15v1.8H3zM6 20.2h15V22H6z" opacity=".75"/>',
  mud: '<path d="M12 2.5s-4.5 5.4-4.5 8.2a4.5 4.5 0 0 0 9 0c0-2.8-4.5-8.2-4.5-8.2Z"/><path d="M1.5 18.5c2.2-2 4.2-2 6.3 0s4.2 2 6.3 0 4.2-2 6.3 0 1.5 1 2.1 1.2V22H1.5Z"/>',
  scout:
    '<path fill-rule="evenodd" d="M1 12c3-5.6 6.8-8 11-8s8 2.4 11 8c-3 5.6-6.8 8-11 8s-8-2.4-11-8Zm11 4.6a4.6 4.6 0 1 0 0-9.2 4.6 4.6 0 0 0 0 9.2Z"/><circle cx="12" cy="12" r="2.3"/>',
  redeploy: '<path d="M3 7.5h12.5V4L21.5 9l-6 5v-3.5H3Z"/><path d="M21 16.5H8.5V13l-6 5 6 5v-3.5H21Z"/>',
  deserter: '<path d="M3 2.5h10.5v5h-2.2V4.7H5.2v14.6h6.1v-2.8h2.2v5H3Z"/><path d="m15.5 7.5 6 4.5-6 4.5v-3.3H8.5v-2.4h7Z"/>',
  traitor:
    '<path d="M12 1.2 14.2 4v10.3H9.8V4Z"/><path d="M6.5 14.3h11v2.1h-11z"/><path d="M10.9 16.4h2.2v4.2h-2.2z"/><circle cx="12" cy="21.6" r="1.5"/>',
};

/** The SVG sprite every card refers to with <use>; inserted once into the page. */
export function spriteSVG(): string {
  const colours = COLOURS.map((c) => `<symbol id="sym-${c}" viewBox="0 0 20 20">${colourShapes[c]}</symbol>`).join('');
  const tactics = (Object.keys(tacticIcons) as TacticName[])
    .map((n) => `<symbol id="tac-${n}" viewBox="0 0 24 24">${tacticIcons[n]}</symbol>`)
    .join('');
  const pennant =
    '<symbol id="pennant" viewBox="0 0 40 48"><rect x="5" y="2" width="2.6" height="44" rx="1.2" fill="#5b4630"/><circle cx="6.3" cy="2.6" r="2.4" fill="#d9b45a"/><path d="M7.6 5 37 14.5 7.6 25Z" fill="var(--pennant, #efe6cf)" stroke="rgba(0,0,0,.35)" stroke-width="1"/></symbol>';
  return `<svg xmlns="http://www.w3.org/2000/svg" class="sprite" width="0" height="0" aria-hidden="true">${colours}${tactics}${pennant}</svg>`;
}

export function symbolUse(colour: ColourLetter, cls = 'sym'): string {
  return `<svg class="${cls}" aria-hidden="true" focusable="false"><use href="#sym-${colour}"/></svg>`;
}

export function tacticIcon(name: TacticName, cls = 'ticon'): string {
  return `<svg class="${cls}" aria-hidden="true" focusable="false"><use href="#tac-${name}"/></svg>`;
}

const moraleValue: Partial<Record<TacticName, string>> = { alexander: '★', darius: '★', companion: '8', shield: '1-3' };

function tacticSubtitle({ t }: Words, name: TacticName): string {
  switch (name) {
    case 'alexander':
    case 'darius':
      return t('anyColourValue');
    case 'companion':
      return t('anyColour8');
    case 'shield':
      return t('anyColour123');
    case 'fog':
      return t('descFog');
    case 'mud':
      return t('descMud');
    case 'scout':
      return t('descScout');
    case 'redeploy':
      return t('descRedeploy');
    case 'deserter':
      return t('descDeserter');
    case 'traitor':
      return t('descTraitor');
  }
}

export interface CardOptions {
  /** Extra classes on the card. */
  classes?: string;
  /** Render as a <button> (selectable), with these data attributes. */
  button?: boolean;
  attrs?: string;
  /** Accessible label; defaults to the card's long name. */
  label?: string;
  /** Disabled button (still focusable for reading). */
  disabled?: boolean;
}

/**
 * A card face. The same markup serves the hand, the board (stacked, only the band shows) and mini cards.
 * The accessible name (the card's long name) must contain the face's visible text, word for word, for
 * people who operate the page by voice ("click Javelineers"): the repeated big value and a tactic's help
 * line are drawn from data-text by CSS, so the text a card carries is its value and unit, or its name.
 */
export function cardHTML(w: Words, card: CardName, opts: CardOptions = {}): string {
  const p = parseCard(card);
  const label = opts.label ?? w.cardLong(card);
  const tag = opts.button ? 'button' : 'div';
  const role = opts.button ? ' type="button"' : ' role="img"';
  const disabled = opts.button && opts.disabled ? ' aria-disabled="true"' : '';
  const common = `data-card="${card}" aria-label="${escapeAttr(label)}"${role}${disabled} ${opts.attrs ?? ''}`;
  if (p.kind === 'troop') {
    return (
      `<${tag} class="card troop c-${p.colour} ${opts.classes ?? ''}" ${common}>` +
      `<span class="band"><span class="v">${p.value}</span>${symbolUse(p.colour)}</span>` +
      `<span class="face">${symbolUse(p.colour, 'sym big')}<span class="bigv" data-text="${p.value}"></span></span> ` +
      `<span class="unit">${w.unitName(p.value)}</span>` +
      `</${tag}>`
    );
  }
  const mv = moraleValue[p.name];
  return (
    `<${tag} class="card tactic g-${p.group} t-${p.name} ${opts.classes ?? ''}" ${common}>` +
    `<span class="band">${mv ? `<span class="v" data-text="${mv}"></span>` : ''}${tacticIcon(p.name)}</span>` +
    `<span class="face">${tacticIcon(p.name, 'ticon big')}<span class="tname" data-text="${escapeAttr(w.tacticCardName(p.name))}"></span></span>` +
    `<span class="unit" data-text="${escapeAttr(tacticSubtitle(w, p.name))}"></span>` +
    `</${tag}>`
  );
}

/** A small inline card for texts: the log, the claim explanation, discards. */
export function miniCard(w: Words, card: CardName, classes = ''): string {
  const p = parseCard(card);
  const label = escapeAttr(w.cardLong(card));
  if (p.kind === 'troop') {
    return `<span class="mini troop c-${p.colour} ${classes}" role="img" aria-label="${label}" title="${label}" data-card="${card}"><span class="v">${p.value}</span>${symbolUse(p.colour)}</span>`;
  }
  // A tactic has no value to show: its short name beside the icon says which card it is.
  return `<span class="mini tactic g-${p.group} ${classes}" role="img" aria-label="${label}" title="${label}" data-card="${card}">${tacticIcon(p.name)}<span class="mini-name">${escapeHTML(w.tacticName(p.name, true))}</span></span>`;
}

/** The back of a card of one deck. */
export function cardBackHTML(w: Words, deck: DeckKind, classes = ''): string {
  return `<span class="card back back-${deck} ${classes}" role="img" aria-label="${escapeAttr(w.t('cardBack'))}: ${escapeAttr(w.deckName(deck))}"></span>`;
}

export function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeHTML(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
