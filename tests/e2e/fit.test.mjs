// The element's fit zoom (src/fit.ts) as a person sees it: a phone's game is not zoomed out when it fits
// (the hidden online panel once made the fit count the tool bar twice, and shrank a 390 × 844 phone's 44 px
// targets), and the zoom comes to rest when the layout changes with it (a tool bar that wraps only when
// the zoom is larger swung the game between two zooms every frame, so that a button never stood still
// long enough to be clicked).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, assertNoErrors, openPage, revealIfHandover, serveAndLaunch, startGame, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

/** The game's zoom in every frame of the next `frames` (after `settle` frames), and how far its parts reach below its box. */
function watchZoom(page, { settle = 10, frames = 20 } = {}) {
  return page.evaluate(
    async ({ settle, frames }) => {
      const app = document.querySelector('battle-line-game').shadowRoot.querySelector('#app');
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (let i = 0; i < settle; i++) await frame();
      const zooms = [];
      for (let i = 0; i < frames; i++) {
        await frame();
        zooms.push(app.style.zoom || '1');
      }
      const bottom = Math.max(...[...app.querySelectorAll(':scope > .topbar, :scope > .table > *')].map((el) => el.getBoundingClientRect().bottom));
      return { zooms, changes: zooms.filter((z, i) => i > 0 && z !== zooms[i - 1]).length, below: bottom - app.getBoundingClientRect().bottom };
    },
    { settle, frames },
  );
}

test('a phone game that fits is not zoomed out: its 44 px tool buttons stay 44 px', async () => {
  const { context, page, errors } = await openPage(env.browser, { viewport: PHONE, hasTouch: true });
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 12 });
  await revealIfHandover(page);
  // A card chosen: the action bar says what to do with it, the table's tallest state of a first turn.
  await page.locator('#hand [data-hand]').first().click();
  const { zooms, changes } = await watchZoom(page);
  assert.equal(changes, 0, `the zoom keeps still: ${zooms.join(' ')}`);
  assert.equal(zooms.at(-1), '1', 'the phone game is not zoomed out');
  const sizes = await page.locator('.tools button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => [r.width, r.height]));
  assert.ok(sizes.length >= 6, `the tools: ${JSON.stringify(sizes)}`);
  assert.deepEqual(sizes.filter(([w, h]) => w < 44 || h < 44), [], 'every tool button is 44 px at least');
  assertNoErrors(errors);
  await context.close();
});

test('the zoom comes to rest when the tool bar wraps only at the larger zoom, and the game still fits its box', async () => {
  const { context, page, errors } = await openPage(env.browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 3 });
  await revealIfHandover(page);
  // A status that needs a second line of the tool bar unless the section is wide in CSS pixels, which a
  // smaller zoom makes it: the layout depends on the zoom, as the replay's long status does.
  const swinging = [];
  for (const height of [660, 680, 700, 720]) {
    for (const width of [240, 280, 320, 360]) {
      await page.setViewportSize({ width: 1280, height });
      await page.evaluate((width) => {
        const root = document.querySelector('battle-line-game').shadowRoot;
        let style = root.querySelector('#wide-status');
        if (!style) {
          style = document.createElement('style');
          style.id = 'wide-status';
          root.append(style);
        }
        style.textContent = `.status::after { content: ''; width: ${width}px; height: 40px; }`;
      }, width);
      const { zooms, changes, below } = await watchZoom(page);
      if (changes > 0) swinging.push(`${height} px high, ${width} px: ${[...new Set(zooms)].join(' and ')}`);
      assert.ok(below <= 1, `${height} px high, ${width} px: the game reaches ${below} px below its box at zoom ${zooms.at(-1)}`);
    }
  }
  assert.deepEqual(swinging, [], 'the zoom swings');
  assertNoErrors(errors);
  await context.close();
});
