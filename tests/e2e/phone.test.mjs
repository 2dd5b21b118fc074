// A phone-sized screen (390×844): everything fits without sideways scrolling, a card played by a tap
// and one by dragging it onto a flag.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, clickAction, legal, openPage, PHONE, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

const myTurn = (page) => page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 15000 });

async function finishTurn(page) {
  for (;;) {
    const s = await state(page);
    if (!s.myTurn || s.over) return;
    const actions = await legal(page);
    const next = actions.find((a) => a.type === 'draw') ?? actions.find((a) => a.type === 'endClaims');
    if (!next) return;
    await clickAction(page, next);
  }
}

test('a phone-sized screen: tap and drag to play', async () => {
  const { context, page, errors } = await openPage(env.browser, { viewport: PHONE });
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startGame(page, { mode: 'computer', level: 'random', seed: 8 });
  for (let turn = 0; turn < 6; turn++) {
    await myTurn(page);
    const play = (await legal(page)).find((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
    if (!play) break;
    if (turn % 2 === 0) {
      await clickAction(page, play);
    } else {
      // Drag the card onto the flag.
      const before = (await state(page)).actionCount;
      const card = await page.locator(`[data-hand="${play.card}"]`).boundingBox();
      const side = await page.locator(`.col[data-flag="${play.flag}"] .side.me`).boundingBox();
      await page.mouse.move(card.x + card.width / 2, card.y + card.height / 2);
      await page.mouse.down();
      await page.mouse.move(card.x + card.width / 2, card.y - 40, { steps: 4 });
      assert.ok((await page.locator('.drag-ghost').count()) === 1, 'a card follows the finger');
      assert.ok((await page.locator('.col.lit-side').count()) > 0, 'legal targets light up while dragging');
      await page.mouse.move(side.x + side.width / 2, side.y + side.height / 2, { steps: 6 });
      await page.mouse.up();
      await page.waitForFunction((n) => window.__battleline.state().actionCount > n, before);
      assert.deepEqual(await page.evaluate(() => window.__battleline.game.record().actions.at(-1)), play, 'the drop played the card');
    }
    await finishTurn(page);
  }
  await myTurn(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `no sideways scrolling (${width}px)`);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= PHONE.width, 'the nine flags fit the screen');
  await shot(page, 'phone');
  assertNoErrors(errors);
  await context.close();
});
