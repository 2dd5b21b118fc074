// Save and resume: a reload loses nothing (the position, the log, the hot-seat curtain).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, clickAction, legal, openPage, revealIfHandover, serveAndLaunch, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

const pick = (actions) =>
  actions.find((a) => a.type === 'claim') ??
  actions.find((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card)) ??
  actions.find((a) => a.type === 'draw') ??
  actions.find((a) => a.type === 'endClaims') ??
  actions[0];

test('a reload resumes the game against the computer exactly', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startGame(page, { mode: 'computer', level: 'random', seed: 12 });
  for (let i = 0; i < 8; i++) {
    await page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 15000 });
    await clickAction(page, pick(await legal(page)));
  }
  await page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 15000 });
  const digest = await page.evaluate(() => window.__battleline.game.digest());
  const log = await page.locator('#log .log-lines').innerText();
  const hand = await page.locator('#hand [data-hand]').evaluateAll((els) => els.map((e) => e.dataset.hand));
  await page.reload();
  await waitReady(page);
  assert.equal(await page.evaluate(() => window.__battleline.game.digest()), digest);
  assert.equal(await page.locator('#log .log-lines').innerText(), log);
  assert.deepEqual(await page.locator('#hand [data-hand]').evaluateAll((els) => els.map((e) => e.dataset.hand)), hand);
  assert.match(await page.locator('#actionbar').innerText(), /Your game was restored/);
  assert.equal((await state(page)).mode, 'computer');
  // And it goes on.
  await clickAction(page, pick(await legal(page)));
  assertNoErrors(errors);
  await context.close();
});

test('a reload during a hot-seat hand-over keeps the hand hidden', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 13 });
  await revealIfHandover(page);
  while (!(await state(page)).handover) await clickAction(page, pick(await legal(page)));
  const digest = await page.evaluate(() => window.__battleline.game.digest());
  await page.reload();
  await waitReady(page);
  assert.equal(await page.evaluate(() => window.__battleline.game.digest()), digest);
  assert.equal(await page.locator('#curtain').isVisible(), true, 'the curtain is still up');
  assert.equal(await page.locator('#hand [data-hand]').count(), 0);
  await revealIfHandover(page);
  assert.ok((await page.locator('#hand [data-hand]').count()) > 0);
  assertNoErrors(errors);
  await context.close();
});
