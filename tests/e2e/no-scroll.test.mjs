// No state of a test game scrolls the page (at 1366×768 a Mud column plus a message scrolled it;
// the three-player board overflowed by a few pixels). Whole games at a laptop's 1366×768 and a phone's
// 390×844, two players with tactics (Mud taking a fourth card) and three players, the page measured after
// every action.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, assertNoErrors, openPage, pageOverflow as overflow, revealIfHandover, serveAndLaunch, shot, startGame, waitReady } from './helpers.mjs';

const env = serveAndLaunch();
const LAPTOP = { width: 1366, height: 768 };


for (const [size, viewport] of [['laptop', LAPTOP], ['phone', PHONE]]) {
  for (const players of [2, 3]) {
    test(`${players} players at ${viewport.width}×${viewport.height}: no state of a whole game scrolls the page`, async () => {
      const { context, page, errors } = await openPage(env.browser, { viewport });
      await page.goto(env.server.url);
      await waitReady(page);
      await page.evaluate(() => window.__battleline.setAiDelay(0));
      if (players === 3) {
        const dialog = page.locator('dialog.start');
        await dialog.locator('input[name=players][value="3"]').check();
        await dialog.locator('input[name=seed]').fill('8');
        await dialog.locator('[data-dlg=start]').click();
        await dialog.waitFor({ state: 'detached' });
      } else {
        await startGame(page, { mode: 'hotseat', seed: 8, tactics: true });
      }
      let worst = { x: 0, y: 0, at: -1 };
      let sawTall = false;
      for (let n = 0; n < 800; n++) {
        await revealIfHandover(page);
        const done = await page.evaluate((step) => {
          const h = window.__battleline;
          if (h.state().over) return true;
          if (!h.state().myTurn) return false; // a computer seat is moving: measure, then look again
          const acts = h.legal();
          // Mud first and fourth cards where it lies; otherwise the first play, claims as they come.
          const mudFlag = h.view().flags.findIndex((f) => f.mud !== null) + 1;
          const pick =
            acts.find((a) => a.type === 'environment' && a.card === 'mud') ??
            acts.find((a) => a.type === 'claim') ??
            acts.find((a) => a.type === 'play' && a.flag === mudFlag) ??
            acts.filter((a) => a.type === 'play')[step % 5] ??
            acts.find((a) => a.type === 'play') ??
            acts.find((a) => a.type === 'endClaims') ??
            acts.find((a) => a.type === 'draw' && a.deck === 'tactics') ??
            acts[0];
          h.apply(pick);
          return false;
        }, n);
        // The tallest state: a Mud column with four cards on a side, and a message under the hand.
        const tall = await page.evaluate(() => window.__battleline.view().flags.some((f) => f.mud !== null && f.sides.some((side) => side.length === 4)));
        if (tall && !sawTall && players === 2) {
          sawTall = true;
          await page.keyboard.press('u'); // Undo refused: its reason appears in the action bar
          await page.locator('#actionbar .message').waitFor();
        }
        const o = await overflow(page);
        if (o.x > worst.x || o.y > worst.y) {
          worst = { x: Math.max(o.x, worst.x), y: Math.max(o.y, worst.y), at: n };
          await shot(page, `scroll-${size}-${players}p-${n}`);
        }
        if (done) break;
        if (!(await page.evaluate(() => window.__battleline.state().myTurn))) await page.waitForTimeout(20);
      }
      if (players === 2) assert.ok(sawTall, 'the game reached a Mud column of four cards');
      assert.deepEqual(worst, { x: 0, y: 0, at: -1 }, `the page scrolled (pixels beyond the window, first at action ${worst.at})`);
      assertNoErrors(errors);
      await context.close();
    });
  }
}
