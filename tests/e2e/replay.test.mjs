// A finished game replayed step by step; the record exported and imported (a finished record opens in
// the replay, an unfinished one continues on this device, a bad one is refused with the reason).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, closeEndDialog, fastForward, openPage, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

function claimFirst(actions, h, random) {
  const claim = actions.find((a) => a.type === 'claim');
  if (claim) return claim;
  const plays = actions.filter((a) => a.type !== 'endClaims' && a.type !== 'pass');
  return plays.length ? plays[Math.floor(random() * plays.length)] : actions[0];
}

async function importText(page, text) {
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=import]').click();
  const dialog = page.locator('dialog.dlg');
  await dialog.locator('textarea').fill(text);
  await dialog.locator('[data-dlg=load]').click();
  return dialog;
}

test('replay a finished game step by step; export and import its record', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 55 });
  await fastForward(page, { until: () => false, policy: claimFirst, seed: 2 });
  assert.equal((await state(page)).over, true);
  const record = await page.evaluate(() => window.__battleline.game.record());
  const total = record.actions.length;

  // Export: the dialog shows the record as JSON.
  await closeEndDialog(page);
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=export]').click();
  const exported = JSON.parse(await page.locator('dialog.dlg textarea').inputValue());
  assert.equal(exported.format, 'battleline-record');
  assert.deepEqual(exported, record);
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('dialog.dlg [data-dlg=download]').click()]);
  assert.match(download.suggestedFilename(), /^battleline-\d+\.json$/);
  await page.locator('dialog.dlg [data-dlg=close]').click();

  // Replay from the end screen's button.
  await page.evaluate(() => {
    void window.__battleline.controller.showEnd();
  });
  await page.locator('dialog.end [data-dlg=replay]').click();
  const bar = page.locator('.replay-bar');
  await bar.waitFor();
  assert.match(await bar.innerText(), new RegExp(`Step 0 of ${total}`));
  for (let i = 0; i < 5; i++) await page.locator('[data-act=rp-next]').click();
  assert.match(await bar.innerText(), new RegExp(`Step 5 of ${total}`));
  assert.equal(await page.evaluate(() => window.__battleline.controller.state.replay.game.actionCount), 5);
  await page.locator('[data-act=rp-prev]').click();
  assert.match(await bar.innerText(), new RegExp(`Step 4 of ${total}`));
  await page.keyboard.press('End');
  assert.match(await bar.innerText(), new RegExp(`Step ${total} of ${total}`));
  // Every seat's view at the replay's last step is the game's at its end (the replay's table has no digest
  // of the whole position: it would stand for the cards it may not show).
  assert.deepEqual(
    await page.evaluate(() => [0, 1].map((p) => window.__battleline.controller.state.replay.game.viewDigest(p))),
    await page.evaluate(() => [0, 1].map((p) => window.__battleline.game.viewDigest(p))),
    'the replay ends where the game ended',
  );
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  assert.match(await bar.innerText(), /Step 1 of/);
  assert.ok((await page.locator('.strip.top .open-hand .mini').count()) > 0, 'in a replay both hands are shown');
  await page.locator('[data-act=rp-flip]').click();
  await shot(page, 'replay');
  await page.locator('[data-act=rp-exit]').click();
  assert.equal((await state(page)).replay, false);

  // Import: the finished record opens in the replay…
  let dialog = await importText(page, JSON.stringify(record));
  await dialog.waitFor({ state: 'detached' });
  assert.equal((await state(page)).replay, true);
  await page.locator('[data-act=rp-exit]').click();
  // …an unfinished one continues as a game on this device…
  dialog = await importText(page, JSON.stringify({ ...record, actions: record.actions.slice(0, 20) }));
  await dialog.waitFor({ state: 'detached' });
  let s = await state(page);
  assert.equal(s.replay, false);
  assert.equal(s.mode, 'hotseat');
  assert.equal(s.actionCount, 20);
  assert.equal(s.handover, true);
  // …and a broken one is refused with the engine's reason.
  dialog = await importText(page, '{"format":"battleline-record","version":1,"options":{},"seed":1,"actions":[{"type":"fly"}]}');
  assert.match(await dialog.locator('.status').innerText(), /not a valid record/);
  await dialog.locator('[data-dlg=cancel]').click();
  s = await state(page);
  assert.equal(s.actionCount, 20, 'a refused import changes nothing');
  assertNoErrors(errors);
  await context.close();
});
