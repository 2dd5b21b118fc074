// The page: one <battle-line-game> (element/element.ts) with what only a page has around it: its loading
// line, the window's title and language, the players' rules as a page of their own (inline in the
// single-file build), offline support (the service worker), and in the tests' build the test hook.
import { loadEngine, singleFile } from './engine.js';
import { controllerOf, defineBattleLineGame, type BattleLineGameElement } from './element/element.js';
import { installHook } from './hook.js';
import { langTag, words } from './i18n.js';
import { loadSettings, localStore } from './storage.js';
import { gameCss } from './element/game-css.js';

/**
 * Set by the build (scripts/build-www.mjs): true only in the end-to-end tests' build (www/dist-e2e/).
 * The production page (www/dist/) has no test hook: `window.__battleline` would show every hand and let
 * the console play any seat.
 */
declare const __TEST_HOOK__: boolean;

const element = document.querySelector<BattleLineGameElement>('battle-line-game')!;
const loading = document.getElementById('loading');
// The loading line speaks the language the game will: the one its settings keep.
const { t } = words(loadSettings(localStore(element.getAttribute('storage-key') ?? 'battleline')).lang);
if (loading) loading.textContent = t('loading');

// The single file opens from the file system: no rules page beside it, so the rules come inline.
if (singleFile()) element.removeAttribute('rules-href');
const inlineRules = singleFile()
  ? { html: (lang: string) => (document.getElementById(`rules-${lang}`) as HTMLTemplateElement | null)?.innerHTML ?? '' }
  : null;

element.addEventListener('battleline-ready', () => {
  loading?.remove();
  element.hidden = false;
  const controller = controllerOf(element)!;
  if (__TEST_HOOK__) installHook(controller);
  performance.mark('battleline-interactive');
  if (__TEST_HOOK__) window.__battleline!.ready = true;
});

defineBattleLineGame({
  loadEngine: () =>
    loadEngine().catch((err: unknown) => {
      if (loading) loading.textContent = t('loadFailed', { msg: err instanceof Error ? err.message : String(err) });
      throw err;
    }),
  css: gameCss,
  rules: inlineRules,
  // The game is this page: it takes the focus from the start, and the page's language follows the game's.
  ownsPage: true,
  rendered: (el, title) => {
    if (document.title !== title) document.title = title;
    // Only when it changes: setting `lang`, even to the same value, restyles the whole page.
    const tag = langTag(controllerOf(el)?.settings.lang ?? 'en');
    if (document.documentElement.lang !== tag) document.documentElement.lang = tag;
  },
});

if ('serviceWorker' in navigator && !singleFile() && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('sw.js').catch((err: unknown) => console.warn('service worker not registered', err));
}
