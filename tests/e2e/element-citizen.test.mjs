// <battle-line-game> as a good citizen of someone else's page, with the package's element
// (pkg/element.js) on a host page of its own (fixtures/boxed.html): it lays out in the box the page gives
// it (720 × 560 and a phone's 360 × 640: nothing outside the box, nothing scrolled inside); it cleans up
// (removed, it stops its computer's worker, its timers and listeners; moved, it keeps its game); its
// dialogs and hand-over curtain stay in its box and leave the host page usable; `ready` does not wait for a
// person, and `start()` closes the start dialog; a strict Content-Security-Policy works with the worker
// served as a file, and logs nothing; a `rules-href` that is not an http(s) or relative address never runs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertAccessible, assertNoErrors, launchBrowser, openPage, root, shot } from './helpers.mjs';
import { makeSite, serveSite } from './element-site.mjs';

const env = { server: null, browser: null };

before(async () => {
  const site = makeSite('element-citizen', ['boxed.html', 'boxed.css', 'boxed.js']);
  // The host's own rules page, for a relative `rules-href`.
  writeFileSync(join(site, 'rules.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rules</title></head><body><h1>Rules</h1></body></html>');
  env.server = await serveSite(site);
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

/** boxed.html with these query parameters (the box's w and h, the element's attributes). */
async function open(query, viewport = { width: 1280, height: 900 }) {
  const { context, page, errors } = await openPage(env.browser, { viewport });
  await page.goto(`${env.server.url}boxed.html?${query}`);
  await page.waitForFunction(() => window.__loaded === true, null, { timeout: 20_000 });
  await page.evaluate(() => document.getElementById('game').ready);
  return { context, page, errors };
}

/** Everything the element draws lies inside its box, and nothing in it is scrolled. */
async function assertFits(page, where) {
  const report = await page.evaluate(() => {
    const el = document.getElementById('game');
    const host = el.getBoundingClientRect();
    const outside = [];
    const scrolled = [];
    for (const node of el.shadowRoot.querySelectorAll('*')) {
      if (node.closest('[hidden], .visually-hidden, .sprite, svg defs') || node.checkVisibility?.() === false) continue;
      // A dialog taller than the box scrolls inside itself: the dialog is measured, not its content.
      if (node.parentElement?.closest('dialog')) continue;
      const box = node.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const over = Math.max(box.right - host.right, box.bottom - host.bottom, host.left - box.left, host.top - box.top);
      if (over > 1) outside.push(`${node.tagName.toLowerCase()}.${[...node.classList].join('.')} by ${Math.round(over)} px`);
      // The log's list and a long dialog scroll by design; the game's layout never does.
      if ((node.scrollTop > 0 || node.scrollLeft > 0) && !node.matches('.log-lines, dialog')) scrolled.push(node.tagName.toLowerCase() + '.' + node.className);
    }
    return { outside: outside.slice(0, 8), scrolled, size: [Math.round(host.width), Math.round(host.height)] };
  });
  assert.deepEqual(report.outside, [], `${where}: drawn outside the element's ${report.size.join(' × ')} box`);
  assert.deepEqual(report.scrolled, [], `${where}: scrolled inside the element`);
  return report.size;
}

for (const [w, h] of [[720, 560], [360, 640]]) {
  test(`in a ${w} × ${h} box: the game, its dialogs and the hand-over curtain fit the box and nothing scrolls`, async () => {
    const { context, page, errors } = await open(`w=${w}&h=${h}&mode=hotseat&seed=5&tactics=on`);
    const game = page.locator('#game');
    assert.deepEqual(await assertFits(page, 'the hand-over curtain'), [w, h]);
    await game.locator('#curtain [data-act=reveal]').click();
    await assertFits(page, 'the game');
    // Play a few turns by clicks, then measure again (cards on the board, a message).
    for (let turn = 0; turn < 4; turn++) {
      await game.locator('#hand .playable[data-hand]').first().click();
      await game.locator('.col.lit-side .side.me').first().click();
      const end = game.locator('#actionbar [data-act=endClaims]');
      if (await end.isVisible()) await end.click();
      await game.locator('[data-deck=troop]:not([aria-disabled=true])').click();
      await game.locator('#curtain [data-act=reveal]').click();
    }
    await assertFits(page, 'after four turns');
    await shot(page, `element-box-${w}x${h}`);
    // The start dialog (New game, confirmed): in the box too.
    await game.locator('[data-act=new]').click();
    await game.locator('dialog [data-dlg=ok]').click();
    await game.locator('dialog.start').waitFor();
    await assertFits(page, 'the start dialog');
    await shot(page, `element-box-${w}x${h}-dialog`);
    assertNoErrors(errors);
    await context.close();
  });
}

test("dialogs and the curtain are the game's alone: the host page around stays usable", async () => {
  const { context, page, errors } = await open('w=720&h=560&mode=hotseat&seed=5');
  const game = page.locator('#game');
  // The curtain covers the element's box, not the page.
  const curtain = await game.locator('#curtain').boundingBox();
  const box = await game.boundingBox();
  assert.ok(curtain.y >= box.y - 1 && curtain.y + curtain.height <= box.y + box.height + 1, 'the curtain stays in the box');
  await game.locator('#curtain [data-act=reveal]').click();
  await game.locator('[data-act=menu]').click();
  await game.locator('[data-act=settings]').click();
  const dialog = game.locator('dialog.dlg');
  await dialog.waitFor();
  assert.equal(await page.evaluate(() => document.body.inert || document.querySelector('#after').inert), false);
  // A click on the host's own button works (the page is not inert) and keeps its focus.
  await page.locator('#host-button').click();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'host-button');
  const dialogBox = await dialog.boundingBox();
  assert.ok(dialogBox.x >= box.x && dialogBox.x + dialogBox.width <= box.x + box.width + 1, 'the dialog lies in the box');
  // While it is open the rest of the game is inert, and Escape closes it.
  assert.equal(await game.locator('#app').evaluate((el) => el.inert), true);
  await dialog.locator('button').first().focus();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await game.locator('#app').evaluate((el) => el.inert), false);
  await assertAccessible(page, 'the boxed element');
  assertNoErrors(errors);
  await context.close();
});

test('`ready` resolves with the start dialog open; start() closes it and starts the game', async () => {
  const { context, page, errors } = await open('w=720&h=560');
  const game = page.locator('#game');
  assert.equal(await game.locator('dialog.start').isVisible(), true, 'the start dialog asks (no mode attribute)');
  const events = await page.evaluate(() => window.__events.map((e) => e.type));
  assert.deepEqual(events, ['battleline-ready'], 'battleline-ready fired before anyone answered');
  await game.evaluate((el) => el.start({ mode: 'hotseat', seed: 3 }));
  assert.equal(await game.locator('dialog').count(), 0, 'no dialog left open over the new game');
  assert.equal(await game.locator('#app').evaluate((el) => el.inert), false);
  assert.equal(await game.locator('#curtain').isVisible(), true, 'the hot-seat game started');
  assertNoErrors(errors);
  await context.close();
});

test('removed, the element stops its worker; 20 remove-and-create cycles leave none behind; a move keeps the game', async () => {
  const { context, page, errors } = await open('w=720&h=560&mode=computer&level=easy&seed=4');
  const live = () => page.workers().length;
  const askHint = async () => {
    await page.locator('#game [data-act=hint]').click();
    await page.waitForFunction(() => document.getElementById('game').shadowRoot.querySelector('.message'), null, { timeout: 20_000 });
  };
  await askHint();
  // The computer's worker (its moves) and the coach's (the hint's chances): one element's, at most two.
  const perElement = live();
  assert.ok(perElement >= 1 && perElement <= 2, `the element's workers: ${perElement}`);
  // Moved to another place in the page: the same game goes on, with the same worker.
  const before = await page.locator('#game #board').innerHTML();
  await page.evaluate(() => document.body.append(document.getElementById('box')));
  await page.waitForTimeout(100);
  assert.equal(await page.locator('#game #board').innerHTML(), before, 'a moved element keeps its game');
  assert.equal(live(), perElement);
  for (let cycle = 0; cycle < 20; cycle++) {
    await page.evaluate(() => {
      const old = document.getElementById('game');
      const next = document.createElement('battle-line-game');
      for (const { name, value } of old.attributes) next.setAttribute(name, value);
      old.remove();
      document.getElementById('box').append(next);
    });
    await page.evaluate(() => document.getElementById('game').ready);
    await askHint();
  }
  await page.waitForTimeout(300);
  assert.equal(live(), perElement, `workers alive after 20 remove-and-create cycles with one element on the page: ${live()}`);
  // destroy(): at once, and the element stays empty.
  await page.evaluate(() => document.getElementById('game').destroy());
  await page.waitForTimeout(300);
  assert.equal(live(), 0, 'destroy() stopped the last worker');
  assert.equal(await page.evaluate(() => document.getElementById('game').shadowRoot.childElementCount), 0);
  console.log(`[element-citizen] workers alive after 20 remove-and-create cycles: ${perElement} (the live element's); after destroy(): ${live()}`);
  assertNoErrors(errors);
  await context.close();
});

test('a strict Content-Security-Policy: the element and its computer work with the worker served as a file, with nothing logged', async () => {
  const { context, page, errors } = await open('csp&w=720&h=560&mode=computer&level=easy&seed=4&worker-url=pkg/computer.worker.js');
  const game = page.locator('#game');
  await game.locator('[data-act=hint]').click();
  await page.waitForFunction(() => document.getElementById('game').shadowRoot.querySelector('.message'), null, { timeout: 20_000 });
  assert.doesNotMatch(await game.locator('.message').textContent(), /could not|failed/i, 'the computer answered');
  // The computer's worker and the coach's (the hint), each started from the file.
  assert.ok(page.workers().length >= 1 && page.workers().length <= 2, `workers: ${page.workers().length}`);
  for (const worker of page.workers()) assert.match(worker.url(), /\/pkg\/computer\.worker\.js$/, 'the worker came from the file');
  await assertFits(page, 'under the strict policy');
  // The rest of what the element draws from markup, under the same policy: the rules inline, the
  // settings dialog, the log. An inline `style` attribute in any of them would be refused and logged.
  await game.locator('[data-act=rules]').click();
  await game.locator('dialog .rules-inline').waitFor();
  await page.keyboard.press('Escape');
  await game.locator('dialog').waitFor({ state: 'detached' });
  await game.locator('[data-act=menu]').click();
  await game.locator('[data-act=settings]').click();
  await game.locator('dialog.dlg').waitFor();
  await page.keyboard.press('Escape');
  await game.locator('dialog').waitFor({ state: 'detached' });
  // The start dialog (New game, confirmed), with its form.
  await game.locator('[data-act=new]').click();
  await game.locator('dialog [data-dlg=ok]').click();
  await game.locator('dialog.start').waitFor();
  await game.locator('dialog.start [data-dlg=cancel]').click();
  await game.locator('dialog').waitFor({ state: 'detached' });
  await game.locator('#tools [data-act=log]').click();
  await page.waitForTimeout(300);
  // And statically: the element's module writes no `style="…"` and no inline event handler (`onsubmit=…`)
  // into its markup.
  const bundle = readFileSync(join(root, 'pkg', 'element.js'), 'utf8');
  assert.doesNotMatch(bundle, /style=\\?["']/, 'an inline style attribute in pkg/element.js');
  assert.doesNotMatch(bundle, /<[a-z][^<>]*\son[a-z]+=/, 'an inline event handler in pkg/element.js');
  assertNoErrors(errors);
  await context.close();
});

test('`rules-href` runs no script: only http(s) and relative addresses are opened', async () => {
  for (const href of ['javascript:window.__pwned=1//', 'javascript:window.__pwned=1', ' JavaScript:window.__pwned=1', 'java\tscript:window.__pwned=1', 'data:text/html,<script>parent.__pwned=1</script>', 'vbscript:x']) {
    const { context, page, errors } = await open(`w=720&h=560&mode=hotseat&seed=2&rules-href=${encodeURIComponent(href)}`);
    const game = page.locator('#game');
    await game.locator('[data-act=rules]').click();
    // Refused: the rules open inline instead, and nothing ran.
    await game.locator('dialog .rules-inline').waitFor();
    assert.equal(page.url().startsWith(env.server.url), true);
    assert.equal(await page.evaluate(() => window.__pwned), undefined, `rules-href=${JSON.stringify(href)} ran`);
    assertNoErrors(errors);
    await context.close();
  }
  // A relative address is opened, with the game's language.
  const { context, page } = await open('w=720&h=560&mode=hotseat&seed=2&rules-href=rules.html');
  await page.locator('#game [data-act=rules]').click();
  await page.waitForURL(/\/rules\.html#en$/);
  assert.equal(await page.locator('h1').textContent(), 'Rules');
  await context.close();
});
