// The rules page: the players' rules (www/rules/*.md) in English and Chinese side by side in the page, one
// shown at a time, following the language chosen in the game (or the #en / #zh in the address).
import { spriteSVG } from './cards.js';
import type { Lang } from './i18n.js';
import { fillRuleCards } from './rules-cards.js';

function show(lang: Lang): void {
  for (const section of document.querySelectorAll<HTMLElement>('[data-lang]')) section.hidden = section.dataset['lang'] !== lang;
  for (const tab of document.querySelectorAll<HTMLElement>('[data-show]')) tab.setAttribute('aria-pressed', String(tab.dataset['show'] === lang));
  try {
    const key = 'battleline.settings.v1';
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    // Only a plain object is kept (a stored string or array would be spread into nonsense); the game
    // checks each setting again when it loads them (storage.ts).
    const settings = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
    localStorage.setItem(key, JSON.stringify({ ...settings, lang }));
  } catch {
    // no storage: the choice lasts for this page only
  }
}

function initial(): Lang {
  if (location.hash === '#zh' || location.hash === '#en') return location.hash.slice(1) as Lang;
  try {
    const saved = JSON.parse(localStorage.getItem('battleline.settings.v1') ?? '{}') as { lang?: string };
    if (saved.lang === 'zh' || saved.lang === 'en') return saved.lang;
  } catch {
    // fall through
  }
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

document.addEventListener('click', (event) => {
  const tab = (event.target as Element).closest<HTMLElement>('[data-show]');
  if (tab) show(tab.dataset['show'] as Lang);
});
document.body.insertAdjacentHTML('afterbegin', spriteSVG());
for (const article of document.querySelectorAll<HTMLElement>('article[data-lang]')) fillRuleCards(article, article.dataset['lang'] === 'zh' ? 'zh' : 'en');
show(initial());
