// The package's element (pkg/element.js) laid out in a host page's boxes, measured box by box and shot
// (tests/e2e/screenshots/element-layout-*.png): in a 720 × 560 box every unit's name on the hand's cards is
// whole (not cut, not past its card); in an element 786 px wide a long status (the replay of a game not
// over) wraps beside the turn's dot and headline, never under the dot; in a 360 × 640 box, on a phone's
// viewport and a desktop's, the hand's cards are at least 44 px on screen each way (comfortable to tap)
// although the game is zoomed out to fit, in one row inside the box.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, openPage, shot } from './helpers.mjs';
import { makeSite, serveSite } from './element-site.mjs';

const env = { server: null, browser: null };

before(async () => {
  env.server = await serveSite(makeSite('element-layout', ['boxed.html', 'boxed.css', 'boxed.js']));
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

/** boxed.html with a w × h box and a hot-seat game, its curtain opened: the first player's hand shown. */
async function openBoxed(w, h, { viewport = { width: 1280, height: 900 }, lang = 'en' } = {}) {
  const { context, page, errors } = await openPage(env.browser, { viewport });
  await page.goto(`${env.server.url}boxed.html?w=${w}&h=${h}&mode=hotseat&tactics=off&seed=5&lang=${lang}`);
  await page.waitForFunction(() => window.__loaded === true, null, { timeout: 20_000 });
  await page.evaluate(() => document.querySelector('#game').ready);
  const game = page.locator('#game');
  await game.locator('#curtain [data-act=reveal]').click();
  await game.locator('#hand .card').first().waitFor();
  await page.waitForTimeout(300); // the fit's zoom follows the layout by a frame or two
  return { context, page, errors, game };
}

/** Boxes on screen (zoom included), rounded: { left, top, right, bottom, width, height }. */
const boxOf = (b) => ({ left: Math.round(b.left), top: Math.round(b.top), right: Math.round(b.right), bottom: Math.round(b.bottom), width: Math.round(b.width), height: Math.round(b.height) });

test('720 × 560: every unit name on the hand’s cards is whole, on its card', async () => {
  const { context, page, errors, game } = await openBoxed(720, 560);
  const units = await game.locator('#hand .card .unit').evaluateAll((els) =>
    els.map((unit) => {
      const card = unit.closest('.card').getBoundingClientRect();
      const box = unit.getBoundingClientRect();
      return { name: unit.textContent, shown: getComputedStyle(unit).display !== 'none', cut: unit.scrollWidth > unit.clientWidth + 1, inside: box.left >= card.left - 0.5 && box.right <= card.right + 0.5 && box.bottom <= card.bottom + 0.5 };
    }),
  );
  assert.equal(units.length, 7);
  for (const u of units) assert.deepEqual(u, { name: u.name, shown: true, cut: false, inside: true }, `${u.name}: ${JSON.stringify(u)}`);
  // The seeded hand holds the longest names (Skirmishers, Phalangists): the check is not vacuous.
  assert.ok(units.some((u) => /Skirmishers|Phalangists/.test(u.name)), units.map((u) => u.name).join(', '));
  await shot(page, 'element-layout-720x560-hand');
  assertNoErrors(errors);
  await context.close();
});

for (const lang of ['en', 'zh']) {
  test(`786 px wide (${lang}): a long status wraps beside the turn's dot and headline, never under the dot`, async () => {
    const { context, page, errors, game } = await openBoxed(786, 700, { lang });
    // One move, then the replay of the game not over: its status says whose view it shows (a long detail).
    await game.locator('#hand .playable[data-hand]').first().click();
    await game.locator('.flag-btn').first().click();
    await game.locator('.tools [data-act=menu]').click();
    await game.locator('.menu [data-act=replay]').click();
    await game.locator('.replay-bar').waitFor();
    await page.waitForTimeout(300);
    const status = await game.locator('#status').evaluate((st) => [...st.children].map((c) => ({ cls: c.className.split(' ')[0], text: c.textContent, box: c.getBoundingClientRect().toJSON() })));
    const [dot, ...rest] = status;
    assert.equal(dot.cls, 'seat-dot');
    const detail = rest.find((c) => c.cls === 'detail');
    assert.ok(detail.box.height > 30, `the detail is long enough to wrap (${detail.text}: ${detail.box.height} px)`);
    for (const part of rest) assert.ok(part.box.left >= dot.box.right, `${part.cls} "${part.text}" starts at ${Math.round(part.box.left)}, under the dot (${Math.round(dot.box.left)}–${Math.round(dot.box.right)})`);
    // The dot stands beside the text, within its height.
    assert.ok(dot.box.top >= Math.min(...rest.map((p) => p.box.top)) && dot.box.bottom <= Math.max(...rest.map((p) => p.box.bottom)));
    await shot(page, `element-layout-786-status-${lang}`);
    assertNoErrors(errors);
    await context.close();
  });
}

for (const [name, viewport] of [['a desktop', { width: 1280, height: 900 }], ['a phone', { width: 390, height: 800 }]]) {
  test(`360 × 640 on ${name}'s viewport: the hand's cards are 44 px or more on screen, in one row inside the box`, async () => {
    const { context, page, errors, game } = await openBoxed(360, 640, { viewport });
    const zoom = await game.locator('.app').first().evaluate((app) => Number(getComputedStyle(app).zoom));
    assert.ok(zoom < 1, `the game is zoomed out to fit (zoom ${zoom}): the case that shrank the cards`);
    const host = boxOf(await game.evaluate((el) => el.getBoundingClientRect().toJSON()));
    const cards = (await game.locator('#hand .card').evaluateAll((els) => els.map((c) => c.getBoundingClientRect().toJSON()))).map(boxOf);
    assert.equal(cards.length, 7);
    for (const c of cards) {
      assert.ok(c.width >= 44 && c.height >= 44, `a hand card of ${c.width} × ${c.height} px`);
      assert.ok(c.left >= host.left && c.right <= host.right && c.bottom <= host.bottom, `a card outside the box: ${JSON.stringify(c)} in ${JSON.stringify(host)}`);
    }
    assert.equal(new Set(cards.map((c) => c.top)).size, 1, 'one row');
    await shot(page, `element-layout-360x640-${viewport.width}`);
    assertNoErrors(errors);
    await context.close();
  });
}
