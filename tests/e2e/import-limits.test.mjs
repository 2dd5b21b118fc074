// The import dialog refuses oversize input with a clear message: a file larger than any
// record is refused before it is read, pasted text longer than the limit is refused before the engine
// sees it, and a record with more actions than any match has gets the engine's reason. Nothing changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, openPage, serveAndLaunch, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();
const MB = 1024 * 1024;

async function openImport(page) {
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=import]').click();
  return page.locator('dialog.dlg');
}

test('the import dialog refuses oversize files, text and records with a clear message', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 7 });
  const before = await state(page);

  // A 17 MB file: refused by its size, never loaded into the text box.
  let dialog = await openImport(page);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: Buffer.alloc(17 * MB, 32) });
  assert.match(await dialog.locator('.status').innerText(), /17\.0 MB, too large for a record \(at most 16\.0 MB\)/);
  assert.equal(await dialog.locator('textarea').inputValue(), '');

  // The same amount pasted: refused on Load without reaching the engine.
  await dialog.locator('textarea').evaluate((box, size) => (box.value = ' '.repeat(size)), 16 * MB + 1);
  await dialog.locator('[data-dlg=load]').click();
  assert.match(await dialog.locator('.status').innerText(), /too large for a record/);

  // A short text with more actions than any match: the engine's reason.
  const actions = Array(100_001).fill('{}').join(',');
  await dialog.locator('textarea').fill(`{"format":"battleline-record","version":1,"options":{},"seed":1,"actions":[${actions}]}`);
  await dialog.locator('[data-dlg=load]').click();
  assert.match(await dialog.locator('.status').innerText(), /not a valid record: .*more than 100000 actions/);
  await dialog.locator('[data-dlg=cancel]').click();

  const after = await state(page);
  assert.equal(after.actionCount, before.actionCount, 'a refused import changes nothing');
  assertNoErrors(errors);
  await context.close();
});

// A record starting from a draw step with both decks empty (not over, no legal action) was
// imported, and the page showed "The computer player could not move" for good. The engine refuses it
// now, and the import dialog says why; the game in progress is untouched and goes on.
test('a record starting from a position that could never end is refused with the reason', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'computer', level: 'random', seed: 12 });
  const before = await state(page);
  const text = await page.evaluate(() => {
    const game = window.__battleline.game;
    const start = game.fullState();
    // Both decks face up in a discard pile, and player 0 in the draw step with 6 cards.
    start.discards[0].push(...start.troopDeck.splice(0), ...start.tacticsDeck.splice(0), start.hands[0].pop());
    start.current = 0;
    start.phase = { step: 'draw' };
    start.turn = { step: 2, skipDraw: false, passed: false, claimed: false };
    return JSON.stringify({ ...game.record(), actions: [], start });
  });
  const dialog = await openImport(page);
  await dialog.locator('textarea').fill(text);
  await dialog.locator('[data-dlg=load]').click();
  assert.match(await dialog.locator('.status').innerText(), /not a valid record: .*could never end/);
  await dialog.locator('[data-dlg=cancel]').click();
  const after = await state(page);
  assert.equal(after.actionCount, before.actionCount, 'a refused import changes nothing');
  assert.ok((await page.evaluate(() => window.__battleline.game.legalActions().length)) > 0, 'the game goes on');
  assertNoErrors(errors);
  await context.close();
});
