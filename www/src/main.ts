// The page's entry: load the engine, draw the table, resume or start a game, go offline-capable.
import { spriteSVG } from './cards.js';
import { Controller } from './controller.js';
import { loadEngine, singleFile } from './engine.js';
import { installHook } from './hook.js';
import { setLang, t } from './i18n.js';
import { loadSettings } from './storage.js';

/**
 * Set by the build (scripts/build-www.mjs): true only in the end-to-end tests' build (www/dist-e2e/).
 * The production page (www/dist/) has no test hook: `window.__battleline` would show every hand and let
 * the console play any seat.
 */
declare const __TEST_HOOK__: boolean;

function byId(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el;
}

async function main(): Promise<void> {
  const settings = loadSettings();
  setLang(settings.lang);
  document.body.insertAdjacentHTML('afterbegin', spriteSVG());
  const loading = document.getElementById('loading');
  if (loading) loading.textContent = t('loading');
  let module: WebAssembly.Module;
  try {
    module = await loadEngine();
  } catch (err) {
    if (loading) loading.textContent = t('loadFailed', { msg: err instanceof Error ? err.message : String(err) });
    throw err;
  }
  loading?.remove();
  const controller = new Controller(
    {
      root: byId('app'),
      tools: byId('tools'),
      status: byId('status'),
      oppStrip: byId('opp-strip'),
      board: byId('board'),
      decks: byId('decks'),
      myStrip: byId('my-strip'),
      hand: byId('hand'),
      bar: byId('actionbar'),
      log: byId('log'),
      curtain: byId('curtain'),
      announce: byId('announce'),
      lesson: byId('lesson'),
    },
    module,
    settings,
  );
  if (__TEST_HOOK__) installHook(controller);
  byId('app').hidden = false;
  const booting = controller.boot();
  performance.mark('battleline-interactive');
  if (__TEST_HOOK__) window.__battleline!.ready = true;
  if ('serviceWorker' in navigator && !singleFile() && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('sw.js').catch((err: unknown) => console.warn('service worker not registered', err));
  }
  await booting;
}

void main();
