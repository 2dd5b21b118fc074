// The viewer's hand: cards as buttons, the playable ones raised, the selected one lifted; hidden behind
// the hand-over screen in hot-seat games.
import { cardBackHTML, cardHTML, handOrder } from './cards.js';
import type { RenderModel } from './board.js';
import { cardLong, t } from './i18n.js';

export function renderHand(m: RenderModel): string {
  const v = m.view;
  if (m.hideHand) {
    const sizes = v.handSizes[m.viewer] ?? { troops: 0, tactics: 0 };
    const backs = [
      ...Array.from({ length: sizes.troops }, () => cardBackHTML('troop', 'in-hand')),
      ...Array.from({ length: sizes.tactics }, () => cardBackHTML('tactics', 'in-hand')),
    ];
    return `<div class="hand-cards hidden-hand">${backs.join('')}</div>`;
  }
  const cards = [...v.hand].sort((a, b) => handOrder(a) - handOrder(b));
  const returned = new Set(v.scoutReturned.map((k) => k.card));
  const items = cards.map((card) => {
    const playable = m.interactive && m.selectableHand.has(card);
    const classes = [
      'in-hand',
      playable ? 'playable' : 'idle',
      m.selected === card ? 'selected' : '',
      m.suggestion?.cards.has(card) ? 'suggested' : '',
      returned.has(card) ? 'known' : '',
    ].join(' ');
    const label = cardLong(card);
    return cardHTML(card, {
      classes,
      button: true,
      disabled: !playable,
      label,
      attrs: `data-hand="${card}" data-focus="hand:${card}" aria-pressed="${m.selected === card}"`,
    });
  });
  return `<div class="hand-cards" role="group" aria-label="${t('handOf')}" style="--n: ${Math.max(7, cards.length)}">${items.join('')}</div>`;
}
