// Import as a person meets it: it asks before replacing a game in progress, a game against the
// computer goes on against the computer, and a broken record is refused in words for people, not in the
// parser's ("key must be a string at line 1 column 2").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, fastForward, openPage, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

async function openImport(page, text) {
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=import]').click();
  const dialog = page.locator('dialog.dlg');
  await dialog.locator('textarea').fill(text);
  await dialog.locator('[data-dlg=load]').click();
  return dialog;
}

const firstPlay = (acts) => acts.find((a) => a.type === 'play') ?? acts.find((a) => a.type === 'endClaims') ?? acts.find((a) => a.type === 'draw') ?? acts[0];

test('import asks before replacing a game in progress and keeps the computer opponent', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  // An unfinished record of another game (seed 5, six actions), made in this page.
  await startGame(page, { mode: 'hotseat', seed: 5 });
  await fastForward(page, { until: (h) => h.state().actionCount >= 6, policy: firstPlay });
  const record = await page.evaluate(() => window.__battleline.game.record());
  // Now a game against the computer, in progress.
  await page.locator('.tools [data-act=new]').click();
  await page.locator('dialog [data-dlg=ok]').click();
  await startGame(page, { mode: 'computer', level: 'easy', seed: 9 });
  await page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 15000 });
  await fastForward(page, { until: (h) => !h.state().myTurn, policy: firstPlay, max: 4 });
  await page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 15000 });
  const before = await page.evaluate(() => window.__battleline.game.digest());

  // Cancelled at the question: nothing changes.
  await openImport(page, JSON.stringify(record));
  const ask = page.locator('dialog', { hasText: 'instead of the game in progress' });
  await ask.waitFor();
  await shot(page, 'import-confirm');
  await ask.locator('[data-dlg=cancel]').click();
  await page.locator('dialog').waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => window.__battleline.game.digest()), before, 'the game in progress is kept');

  // Confirmed: the record's game goes on, still against the computer.
  await openImport(page, JSON.stringify(record));
  await ask.waitFor();
  await ask.locator('[data-dlg=ok]').click();
  await page.locator('dialog').waitFor({ state: 'detached' });
  const s = await state(page);
  assert.equal(s.mode, 'computer', 'the opponent is still the computer');
  assert.equal(await page.evaluate(() => window.__battleline.game.seed), record.seed);
  assert.ok(s.actionCount >= record.actions.length);
  assertNoErrors(errors);
  await context.close();
});

test('a broken record is refused in words for people, in both languages', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 6 });
  const good = await page.evaluate(() => {
    const h = window.__battleline;
    h.apply(h.legal().find((a) => a.type === 'play'));
    return h.game.record();
  });
  const cases = [
    ['{x', /not the text of a game record/],
    ['hello', /not the text of a game record/],
    [JSON.stringify({ ...good, format: 'chess' }), /not a Battle Line record/],
    [JSON.stringify({ ...good, actions: [{ type: 'draw', deck: 'troop' }] }), /move 1 is not possible in its game/],
    [JSON.stringify({ ...good, actions: [{ type: 'fly' }] }), /move 1 cannot be read/],
  ];
  for (const [text, expected] of cases) {
    const dialog = await openImport(page, text);
    const status = await dialog.locator('.status').innerText();
    assert.match(status, expected);
    assert.doesNotMatch(status, /line \d+ column|unknown variant|wrong_phase|expected one of/, `no parser or engine jargon: ${status}`);
    await dialog.locator('[data-dlg=cancel]').click();
  }
  await page.locator('.tools [data-act=lang]').click();
  const dialog = await openImport(page, '{x');
  assert.match(await dialog.locator('.status').innerText(), /不是游戏记录/);
  await shot(page, 'import-error-zh');
  await dialog.locator('[data-dlg=cancel]').click();
  assertNoErrors(errors);
  await context.close();
});
