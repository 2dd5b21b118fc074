// The viewer's hand: cards as buttons, the playable ones raised, the selected one lifted; hidden behind
// the hand-over screen in hot-seat games.
import { cardBackHTML, cardHTML, escapeAttr, handOrder } from './cards.js';
import type { RenderModel } from './board.js';
import type { Keyed } from './patch.js';

/** The hand-over curtain's hand: backs only. */
export function hiddenHandHTML(m: RenderModel): string {
  const sizes = m.view.handSizes[m.viewer] ?? { troops: 0, tactics: 0 };
  const backs = [
    ...Array.from({ length: sizes.troops }, () => cardBackHTML(m.words, 'troop', 'in-hand')),
    ...Array.from({ length: sizes.tactics }, () => cardBackHTML(m.words, 'tactics', 'in-hand')),
  ];
  return `<div class="hand-cards hidden-hand">${backs.join('')}</div>`;
}

/** A greyed-out card's reason: a tooltip on hover, read with the card on focus, shown when pressed. */
function whyAttrs(why: string | undefined): string {
  return why ? ` title="${escapeAttr(why)}" aria-description="${escapeAttr(why)}" data-why="${escapeAttr(why)}"` : '';
}

/** The viewer's cards, one keyed element each. */
export function handItems(m: RenderModel): Keyed[] {
  const { cardLong } = m.words;
  const v = m.view;
  const cards = [...v.hand].sort((a, b) => handOrder(a) - handOrder(b));
  const returned = new Set(v.scoutReturned.map((k) => k.card));
  return cards.map((card) => {
    const playable = m.interactive && m.selectableHand.has(card);
    const classes = [
      'in-hand',
      playable ? 'playable' : 'idle',
      m.selected === card ? 'selected' : '',
      m.suggestion?.cards.has(card) ? 'suggested' : '',
      returned.has(card) ? 'known' : '',
    ].join(' ');
    const label = cardLong(card);
    return {
      key: card,
      html: cardHTML(m.words, card, {
        classes,
        button: true,
        disabled: !playable,
        label,
        attrs: `data-hand="${card}" data-focus="hand:${card}" aria-pressed="${m.selected === card}"${whyAttrs(m.idleWhy.get(card))}`,
      }),
    };
  });
}
