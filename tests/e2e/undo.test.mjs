// Against the computer: a turn played with the keyboard alone, Undo back to before the human's move
// while no card has been drawn, then the turn finished: the computer's answer shown step by step from
// its own view, and Undo no longer available (it would cross the drawn card and the computer's move),
// with the reason on the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, legal, openPage, serveAndLaunch, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

const myTurn = (page) => page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 15000 });

test('a turn by keyboard against the computer, then undo', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(60));
  await startGame(page, { mode: 'computer', level: 'random', seed: 5, tactics: true });
  await myTurn(page);
  assert.equal((await state(page)).viewer, 0, 'the human sits at the bottom');

  // A hint: the engine's suggestion from the human's own view, marked on the page.
  await page.locator('.tools [data-act=hint]').click();
  // Advice in the present tense with its reason, not a log sentence.
  await page.locator('#actionbar .message').filter({ hasText: /^(Play|Draw|Claim|Move|Discard|Take|Put|Pass|Go on)\b[^:]*: \S/ }).waitFor();
  assert.ok((await page.locator('.suggested').count()) > 0, 'the hint is marked on the page');

  const digest0 = await page.evaluate(() => window.__battleline.game.digest());
  const count0 = (await state(page)).actionCount;
  const play = (await legal(page)).find((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
  assert.ok(play);
  // Keyboard only: focus the card, Enter selects it, the flag's number plays it, T draws a troop card.
  await page.locator(`[data-hand="${play.card}"]`).focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.locator(`[data-hand="${play.card}"][aria-pressed=true]`).count(), 1, 'Enter selected the card');
  assert.ok((await page.locator('.col.lit-side').count()) > 0, 'legal targets light up');
  await page.keyboard.press(String(play.flag));
  await page.waitForFunction((n) => window.__battleline.game.actionCount > n, count0);
  assert.deepEqual((await page.evaluate(() => window.__battleline.game.record().actions))[count0], play);
  let s = await state(page);
  if (s.phase === 'claim') {
    await page.keyboard.press('e');
    s = await state(page);
  }

  // Undo before drawing: back to before the human's card, the card in the hand again.
  const undo = page.locator('.tools [data-act=undo]');
  for (let i = 0; i < 3 && (await page.evaluate(() => window.__battleline.game.actionCount)) > count0; i++) {
    await undo.click();
  }
  assert.equal(await page.evaluate(() => window.__battleline.game.digest()), digest0, 'undo restored the position');
  assert.equal(await page.locator(`[data-hand="${play.card}"]`).count(), 1, 'the card is back in the hand');

  // The same card again, then the draw: the turn is over.
  await page.locator(`[data-hand="${play.card}"]`).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press(String(play.flag));
  await page.waitForFunction((n) => window.__battleline.game.actionCount > n, count0);
  if ((await state(page)).phase === 'claim') await page.keyboard.press('e');
  if ((await state(page)).phase === 'draw') await page.keyboard.press('t');

  // The computer answers; its steps land one by one, with the last move marked.
  await myTurn(page);
  const after = await page.evaluate(() => window.__battleline.game.record().actions);
  assert.ok(after.length >= count0 + 2, 'the computer played');
  assert.ok((await page.locator('.card.on-board.last, .deck.last').count()) > 0, 'the last move is highlighted');
  assert.match(await page.locator('#log').innerText(), /Computer (played|put)/);

  // Undo cannot go back past the drawn card or the computer's move, and says so.
  assert.equal(await undo.getAttribute('aria-disabled'), 'true');
  assert.match((await undo.getAttribute('aria-description')) ?? '', /^Undo is not available: /);
  await page.keyboard.press('u');
  await page.locator('#actionbar .message').filter({ hasText: /^Undo is not available/ }).waitFor();
  assert.equal((await page.evaluate(() => window.__battleline.game.record().actions)).length, after.length, 'nothing was undone');
  assertNoErrors(errors);
  await context.close();
});

test('cards and flags carry ARIA labels', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startGame(page, { mode: 'computer', level: 'random', seed: 6 });
  await myTurn(page);
  const labels = await page.locator('#hand [data-hand]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  assert.ok(labels.length >= 7);
  for (const label of labels) assert.match(label, /^(Red|Orange|Yellow|Green|Blue|Purple) \d+, \w|^[A-Z]/);
  const flags = await page.locator('.flag-btn').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  assert.equal(flags.length, 9);
  flags.forEach((label, i) => assert.match(label, new RegExp(`^Flag ${i + 1}\\. (unclaimed|claimed)`)));
  assert.ok(await page.locator('[data-deck=troop][aria-label^="Troop deck"]').count());
  assertNoErrors(errors);
  await context.close();
});
