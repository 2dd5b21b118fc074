// The unseen cards: every troop (by colour and value) and tactics card the person at the screen has not
// seen, read from their view alone (their hand, the cards on the table, the discards, the cards they put
// back with Scout), with how many cards are in each deck and in each other hand. An unseen card may be in
// a deck or in a hand the viewer cannot see: the panel never says which.
import type { CardName, ColourLetter, PlayerView, TacticName } from '../../../pkg/full.js';
import type { Words } from '../i18n.js';
import { escapeAttr, escapeHTML, miniCard } from '../cards.js';
import { say } from './words.js';

const COLOURS: ColourLetter[] = ['r', 'o', 'y', 'g', 'b', 'p'];
const TACTICS: TacticName[] = ['alexander', 'darius', 'companion', 'shield', 'fog', 'mud', 'scout', 'redeploy', 'deserter', 'traitor'];

export interface Unseen {
  troops: Record<ColourLetter, number[]>;
  tactics: TacticName[];
  troopDeck: number;
  tacticsDeck: number;
  /** Every other seat's hand: troops and tactics cards held. */
  hands: { seat: number; troops: number; tactics: number }[];
}

/** What the view shows: every card its player has seen, and so every card they have not. */
export function unseenCards(view: PlayerView): Unseen {
  const seen = new Set<CardName>(view.hand);
  for (const flag of view.flags) {
    for (const side of flag.sides) for (const card of side) seen.add(card);
    if (flag.fog !== null) seen.add('fog');
    if (flag.mud !== null) seen.add('mud');
  }
  for (const pile of view.discards) for (const card of pile) seen.add(card);
  for (const known of view.scoutReturned) seen.add(known.card);
  const troops = Object.fromEntries(
    COLOURS.map((c) => [c, Array.from({ length: 10 }, (_, i) => i + 1).filter((v) => !seen.has(`${c}${v}` as CardName))]),
  ) as Record<ColourLetter, number[]>;
  return {
    troops,
    tactics: view.options.tactics ? TACTICS.filter((name) => !seen.has(name)) : [],
    troopDeck: view.troopDeck,
    tacticsDeck: view.tacticsDeck,
    hands: view.handSizes.flatMap((h, seat) => (seat === view.player ? [] : [{ seat, troops: h.troops, tactics: h.tactics }])),
  };
}

/**
 * The panel's body: the unseen troops as a table by value (columns 1 to 10 under their headers, a row per
 * colour, a card drawn small where it is unseen), the unseen tactics cards, the counts.
 */
export function unseenHTML(w: Words, view: PlayerView, names: readonly string[]): string {
  const u = unseenCards(view);
  const values = Array.from({ length: 10 }, (_, i) => i + 1);
  const head = `<thead><tr><td></td>${values.map((v) => `<th scope="col">${v}</th>`).join('')}</tr></thead>`;
  const rows = COLOURS.map((c) => {
    const left = u.troops[c];
    const label = say(w, 'unseenColour', { colour: w.colourName(c), values: left.length ? left.join(', ') : say(w, 'unseenNone') });
    const cells = values.map((v) => `<td>${left.includes(v) ? miniCard(w, `${c}${v}` as CardName) : ''}</td>`).join('');
    return `<tr class="unseen-row"><th scope="row" title="${escapeAttr(label)}"><span class="unseen-dot c-${c}" aria-hidden="true"></span><span class="visually-hidden">${escapeHTML(label)}</span></th>${cells}</tr>`;
  }).join('');
  const tactics = view.options.tactics
    ? `<h3>${say(w, 'unseenTactics')}</h3><p class="unseen-tactics">${u.tactics.length ? u.tactics.map((n) => `<span class="tactic-name">${escapeHTML(w.tacticName(n))}</span>`).join(' · ') : say(w, 'unseenNone')}</p>`
    : '';
  const hands = u.hands.map((h) => `<p>${say(w, 'unseenHand', {
        name: escapeHTML(names[h.seat] ?? ''),
        troops: say(w, h.troops === 1 ? 'unseenTroop1' : 'unseenTroopN', { n: h.troops }),
        tactics: say(w, h.tactics === 1 ? 'unseenTactic1' : 'unseenTacticN', { n: h.tactics }),
      })}</p>`).join('');
  return (
    `<p>${say(w, 'unseenIntro')}</p>` +
    `<h3>${say(w, 'unseenTroops')}</h3><table class="unseen-table">${head}<tbody>${rows}</tbody></table>` +
    tactics +
    `<p class="unseen-counts">${say(w, 'unseenCounts', { troop: u.troopDeck, tactics: u.tacticsDeck })}</p>` +
    hands
  );
}
