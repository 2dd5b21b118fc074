// Offline: the single self-contained file opened from file:// plays (the computer's worker runs from
// a Blob), and after a first visit the served page works with the network cut (service worker).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { assertNoErrors, clickAction, legal, openPage, root, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

const pick = (actions) =>
  actions.find((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card)) ??
  actions.find((a) => a.type === 'claim') ??
  actions.find((a) => a.type === 'draw') ??
  actions.find((a) => a.type === 'endClaims') ??
  actions[0];

async function playAgainstComputer(page, turns) {
  for (let i = 0; i < turns; i++) {
    await page.waitForFunction(() => window.__battleline.state().myTurn || window.__battleline.state().over, null, { timeout: 15000 });
    if ((await state(page)).over) break;
    await clickAction(page, pick(await legal(page)));
  }
  await page.waitForFunction(() => window.__battleline.state().myTurn || window.__battleline.state().over, null, { timeout: 15000 });
}

test('the single-file build opens from file:// and plays against the computer', async () => {
  const file = `${root}www/dist-e2e/battleline.html`;
  assert.ok(existsSync(file), 'www/dist-e2e/battleline.html is built');
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(`file://${file}`);
  await waitReady(page);
  assert.equal(await page.evaluate(() => window.__BATTLELINE_SINGLE_FILE__), true);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  // Easy: the engine's own bot, searching in the worker (a Blob worker here).
  await startGame(page, { mode: 'computer', level: 'easy', seed: 3 });
  await playAgainstComputer(page, 6);
  const actions = await page.evaluate(() => window.__battleline.game.record().actions);
  const seats = await page.evaluate(() => {
    const g = window.__battleline.game;
    return g.record().actions.length;
  });
  assert.ok(seats >= 12, `both sides played (${actions.length} actions)`);
  assert.match(await page.locator('#log').innerText(), /Computer played/);
  // The rules are inside the file too.
  await page.locator('.tools [data-act=rules]').click();
  const rules = page.locator('dialog .rules-inline');
  await rules.waitFor();
  // The players' rules, with their card pictures drawn inside the dialog as on the rules page.
  assert.match(await rules.innerText(), /How to play Battle Line/);
  assert.doesNotMatch(await rules.innerText(), /R-[A-Z]+-\d/);
  assert.ok((await rules.locator('.rules-cards .card').count()) >= 25, 'card pictures in the single file\'s rules');
  await page.locator('dialog [data-dlg=close]').click();
  await shot(page, 'single-file');
  assertNoErrors(errors);
  await context.close();
});

test('after the first visit the page works offline (service worker)', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  assert.equal(await page.evaluate(() => (document.querySelector('link[rel=manifest]') ?? {}).href?.endsWith('manifest.webmanifest')), true);
  await context.setOffline(true);
  await page.reload();
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startGame(page, { mode: 'computer', level: 'random', seed: 4 });
  await playAgainstComputer(page, 3);
  assert.ok((await page.evaluate(() => window.__battleline.game.actionCount)) >= 6);
  // The rules page is cached too.
  await page.goto(`${env.server.url}rules.html`);
  await page.locator('article[data-lang=en]').waitFor();
  await context.setOffline(false);
  assertNoErrors(errors);
  await context.close();
});
