// Below 1200 px the game log is a drawer over the board and the tool bar (it could not be
// closed, only a reload cleared it). It closes by its close button, by Esc and by a tap outside it, at a
// tablet width and on a phone, and the tool bar's toggle opens it again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, assertNoErrors, openPage, revealIfHandover, serveAndLaunch, shot, startGame, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

for (const [size, viewport] of [['tablet', { width: 1024, height: 768 }], ['phone', PHONE]]) {
  test(`the log drawer closes by its button, by Esc and by a tap outside (${size})`, async () => {
    const { context, page, errors } = await openPage(env.browser, { viewport });
    await page.goto(env.server.url);
    await waitReady(page);
    await startGame(page, { mode: 'hotseat', seed: 4 });
    await revealIfHandover(page);
    const log = page.locator('#log');
    const toggle = page.locator('.tools [data-act=log]');
    assert.equal(await log.isVisible(), false, 'closed at first');
    const open = async () => {
      await toggle.click();
      await log.waitFor({ state: 'visible' });
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    };
    await open();
    await shot(page, `log-drawer-${size}`);
    const close = page.locator('#log .log-close');
    const box = await close.boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44, `the close button is a 44 px touch target (${box.width}×${box.height})`);
    await close.click();
    await log.waitFor({ state: 'hidden' });
    await open();
    await page.keyboard.press('Escape');
    await log.waitFor({ state: 'hidden' });
    await open();
    // A tap on the board, outside the drawer: it closes, and the tap does nothing else.
    const before = await page.evaluate(() => window.__battleline.game.actionCount);
    await page.mouse.click(20, viewport.height / 2);
    await log.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => window.__battleline.game.actionCount), before);
    assert.equal(await page.locator('dialog').count(), 0, 'no dialog opened by the closing tap');
    assert.equal(await page.locator('.selected').count(), 0, 'nothing selected by the closing tap');
    // Taps inside the drawer leave it open.
    await open();
    await page.locator('#log h2').click();
    assert.equal(await log.isVisible(), true);
    assertNoErrors(errors);
    await context.close();
  });
}
