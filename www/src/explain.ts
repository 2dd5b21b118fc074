// A claim's verdict in words, built from the engine's proof (not its English sentence) so that it reads
// in both languages: the claimant's formation, and for a refusal the counterexample the engine found.
import type { CardName, FlagView, PlayerIndex, Proof, Strength } from '../../pkg/index.js';
import { COLOURS, escapeHTML, handOrder, miniCard, parseCard } from './cards.js';
import type { Words } from './i18n.js';
// Its words, added to the tables as this module (a chunk of its own: game/selection.ts) loads.
import './explain-words.js';
import { strengthText } from './log.js';
// Its rules, in the same chunk: the game adds them to its stylesheet before the first explanation shows.
export { default as explainCss } from './explain.css';

export interface ExplainContext {
  names: readonly string[];
  /** The player asking (the claimant). */
  viewer: PlayerIndex;
  flag: FlagView;
  /** The words of the element's language. */
  words: Words;
}

/** A formation's cards in the order a player reads them: by value, then colour (the engine's order is its own). */
function cards(w: Words, list: readonly CardName[]): string {
  const key = (card: CardName): number => {
    const p = parseCard(card);
    return p.kind === 'troop' ? p.value * 10 + COLOURS.indexOf(p.colour) : 1000 + handOrder(card);
  };
  const sorted = [...list].sort((a, b) => key(a) - key(b));
  return `<span class="cardrow">${sorted.map((c) => miniCard(w, c)).join('')}</span>`;
}

function sameStrength(a: Strength, b: Strength): boolean {
  return a.kind === b.kind && a.sum === b.sum;
}

export function explainHTML(proof: Proof, ctx: ExplainContext): string {
  const { flag, words } = ctx;
  const { t } = words;
  const fog = flag.fog !== null;
  const need = flag.capacity;
  const name = (p: PlayerIndex): string => `<b class="who p${p}">${escapeHTML(ctx.names[p] ?? '')}</b>`;
  const parts: string[] = [];
  parts.push(`<p class="verdict ${proof.claimable ? 'yes' : 'no'}">${proof.claimable ? t('claimYes') : t('claimNo')}</p>`);
  if (flag.claimedBy !== null) {
    parts.push(`<p>${t('claimAlreadyClaimed', { name: name(flag.claimedBy) })}</p>`);
    return parts.join('');
  }
  const mine = flag.sides[proof.claimant] ?? [];
  if (!proof.claimantStrength) {
    const key = proof.claimant === ctx.viewer ? 'claimIncomplete' : 'claimIncompleteOther';
    parts.push(`<p>${t(key, { name: name(proof.claimant), have: mine.length, need })}</p>`);
    if (mine.length) parts.push(`<p>${cards(words, mine)}</p>`);
    return parts.join('');
  }
  const own = proof.claimantStrength;
  if (proof.opponents.length > 1) {
    // Three players (R-3P): the claim must hold against both opponents; say who could still win.
    const winners = proof.opponents.filter((o) => o.beatsClaimant);
    if (winners.length) for (const o of winners) parts.push(`<p class="could-win">${t('claimCouldWin', { name: name(o.player) })}</p>`);
    else if (proof.claimable) parts.push(`<p class="could-win">${t('claimBothBeaten', { a: name(proof.opponents[0]!.player), b: name(proof.opponents[1]!.player) })}</p>`);
  }
  parts.push(
    `<div class="proof-row mine"><span class="label">${t('claimYourFormation')}</span>${cards(words, mine)}<span class="strength">${strengthText(words, own, fog)}</span></div>`,
  );
  for (const opp of proof.opponents) {
    if (opp.beatsClaimant && opp.strength) {
      const lead = opp.complete
        ? t('claimCounterComplete', { name: name(opp.player) })
        : t('claimCounter', { name: name(opp.player), cards: cards(words, opp.added) });
      parts.push(
        `<div class="proof-row counter"><p class="label">${lead}</p>${cards(words, opp.cards)}<span class="strength">${strengthText(words, opp.strength, fog)}</span>` +
          `<p class="beats">${t('claimBeats', { formation: strengthText(words, own, fog) })}</p></div>`,
      );
    } else if (!opp.strength) {
      parts.push(`<p>${t('claimCannotComplete', { name: name(opp.player) })}</p>`);
    } else {
      parts.push(
        `<div class="proof-row best"><span class="label">${t('claimTheirBest', { name: name(opp.player) })}</span>${cards(words, opp.cards)}<span class="strength">${strengthText(words, opp.strength, fog)}</span></div>`,
      );
      parts.push(
        `<p>${sameStrength(opp.strength, own) ? t('claimTieWins', { name: name(opp.player) }) : t('claimBestNotEnough', { name: name(opp.player), formation: strengthText(words, opp.strength, fog) })}</p>`,
      );
    }
  }
  if (fog) parts.push(`<p class="note">${t('underFog')}</p>`);
  if (flag.mud !== null) parts.push(`<p class="note">${t('withMud')}</p>`);
  return parts.join('');
}
