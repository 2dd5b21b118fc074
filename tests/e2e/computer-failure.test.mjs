// When the computer player cannot move (here: the browser refuses to start its worker), the page says so
// and offers to try again; it never makes up a move for the computer (no random fallback).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { actionCount, clickAction, legal, openPage, serveAndLaunch, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

test('a computer that cannot move is an error with Try again, never a made-up move', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.addInitScript(() => {
    window.Worker = class {
      constructor() {
        throw new Error('workers are blocked here');
      }
    };
  });
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startGame(page, { mode: 'computer', level: 'easy', seed: 3 });
  // Play until it is the computer's turn.
  for (let i = 0; i < 4 && (await state(page)).current === 0; i++) {
    const acts = await legal(page);
    await clickAction(page, acts.find((a) => a.type === 'play') ?? acts.find((a) => a.type === 'draw') ?? acts[0]);
  }
  assert.equal((await state(page)).current, 1, "the computer's turn");
  const message = page.locator('#actionbar .message.error');
  await message.waitFor();
  assert.match(await message.innerText(), /The computer player could not move \(.*workers are blocked here.*\)\. Try again, or undo\./);
  const count = await actionCount(page);
  await page.waitForTimeout(500);
  assert.equal(await actionCount(page), count, 'no move was made for the computer');
  const retry = page.locator('#actionbar [data-act=retryComputer]');
  await retry.click();
  await message.waitFor();
  assert.equal(await actionCount(page), count, 'trying again fails the same way, still without a move');
  assert.ok(errors.every((e) => !/uncaught|page:/i.test(e)), `no page errors: ${errors.join('\n')}`);
  await context.close();
});
