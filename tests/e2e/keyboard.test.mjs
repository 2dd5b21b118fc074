// The keyboard alone (after the start dialog focus was on the page and a troop play took about
// 12 presses, Redeploy up to 41). Every key press is counted: the start dialog by Enter, focus lands in the
// game, a troop is played in at most 4 presses (Shift+value, then the flag), C jumps to the hand, and a
// Redeploy takes a handful; the key list in Settings names every key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, fastForward, legal, openPage, revealIfHandover, serveAndLaunch, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

test('a troop play in at most 4 key presses, a Redeploy in a handful, focus in the game after the start dialog', async () => {
  const { context, page, errors } = await openPage(env.browser);
  let presses = 0;
  const press = async (key) => {
    presses++;
    await page.keyboard.press(key);
  };
  await page.goto(env.server.url);
  await waitReady(page);
  const dialog = page.locator('dialog.start');
  await dialog.waitFor();
  await dialog.locator('input[name=mode][value=hotseat]').check();
  await dialog.locator('input[name=seed]').fill('27');
  await dialog.locator('input[name=seed]').focus();
  await press('Enter'); // starts the game from the dialog's form
  await dialog.waitFor({ state: 'detached' });
  // Focus is in the game: on the curtain's button (hot seat), which Enter opens, then on the hand.
  assert.equal(await page.evaluate(() => window.__activeElement()?.dataset.act ?? window.__activeElement()?.dataset.hand ?? null), 'reveal');
  await press('Enter');
  await page.waitForFunction(() => !window.__battleline.state().handover);
  assert.ok(await page.evaluate(() => window.__activeElement()?.hasAttribute('data-hand')), 'focus on a card of the hand');

  // A troop play: Shift+value selects, the flag's number plays.
  const play = (await legal(page)).find((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
  const value = Number(play.card.slice(1));
  const before = (await state(page)).actionCount;
  presses = 0;
  await press(`Shift+Digit${value % 10}`);
  let guard = 0;
  while ((await page.evaluate(() => window.__battleline.controller.state.sel.card ?? null)) !== play.card && guard++ < 3) await press(`Shift+Digit${value % 10}`);
  await press(String(play.flag));
  assert.equal((await state(page)).actionCount, before + 1, 'the card was played');
  assert.deepEqual(await page.evaluate(() => window.__battleline.game.record().actions.at(-1)), play);
  assert.ok(presses <= 4, `a troop play took ${presses} presses`);

  // C jumps back to the hand from anywhere.
  await page.locator('.tools [data-act=hint]').focus();
  await press('c');
  assert.ok(await page.evaluate(() => window.__activeElement()?.hasAttribute('data-hand')), 'C focuses the hand');

  // Redeploy: play on until the player to move may redeploy, then do it by keys only.
  await fastForward(page, {
    until: (h) => h.state().phase === 'play' && h.legal().some((a) => a.type === 'redeploy' && a.to !== null),
    policy: (acts, h, random) => {
      const troops = acts.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
      if (troops.length) return troops[Math.floor(random() * troops.length)];
      return acts.find((a) => a.type === 'draw' && a.deck === 'tactics') ?? acts.find((a) => a.type === 'endClaims') ?? acts.find((a) => a.type === 'draw') ?? acts[0];
    },
    max: 400,
  });
  await revealIfHandover(page);
  const redeploy = (await legal(page)).find((a) => a.type === 'redeploy' && a.to !== null);
  assert.ok(redeploy, 'a Redeploy is possible');
  const from = await page.evaluate((card) => window.__battleline.view().flags.findIndex((f) => f.sides.flat().includes(card)) + 1, redeploy.card);
  const count = (await state(page)).actionCount;
  presses = 0;
  await press('c');
  // To the Redeploy card with the arrow keys, Enter picks it.
  for (let i = 0; i < 10 && (await page.evaluate(() => window.__activeElement()?.dataset.hand)) !== 'redeploy'; i++) await press('ArrowRight');
  await press('Enter');
  await press(String(from)); // the card to move: the first the Redeploy can take at that flag
  const picked = await page.evaluate(() => window.__battleline.controller.state.sel.source);
  const to = (await legal(page)).find((a) => a.type === 'redeploy' && a.card === picked && a.to !== null).to;
  await press(String(to));
  assert.equal((await state(page)).actionCount, count + 1, 'the Redeploy was played');
  assert.deepEqual(await page.evaluate(() => window.__battleline.game.record().actions.at(-1)), { type: 'redeploy', card: picked, to });
  assert.ok(presses <= 12, `a Redeploy took ${presses} presses`);

  // The key list in Settings names every key the page answers to.
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=settings]').click();
  const help = await page.locator('dialog').innerText();
  for (const key of ['C ', 'Shift+', '1–9', 'T ', 'K ', 'S ', 'D ', 'E ', 'P ', 'U ', 'H ', 'Esc']) assert.ok(help.includes(key), `the key list names ${key}`);
  assertNoErrors(errors);
  await context.close();
});
