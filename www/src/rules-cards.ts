// The card pictures of the players' rules (www/rules/*.md): the Markdown writes `{cards r5 r6 r7 | caption}`
// as an empty `.rules-cards` placeholder (scripts/markdown.mjs); this fills it with the game's own card faces,
// named in the language of the text around them. Used by the rules page and by the single file's rules dialog.
import type { CardName } from '../../pkg/index.js';
import { cardHTML } from './cards.js';
import { words, type Lang } from './i18n.js';

/** Fills every card placeholder under `root` with faces named in `lang`. */
export function fillRuleCards(root: ParentNode, lang: Lang): void {
  for (const figure of root.querySelectorAll<HTMLElement>('.rules-cards')) {
    const row = figure.querySelector<HTMLElement>('.rules-cards-row');
    const cards = (figure.dataset['cards'] ?? '').split(' ').filter(Boolean) as CardName[];
    if (row) row.innerHTML = cards.map((card) => cardHTML(words(lang), card)).join('');
  }
}
