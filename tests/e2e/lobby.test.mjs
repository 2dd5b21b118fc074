// The lobby in real Chromium through the real game server: one person opens "Open games" from the start
// dialog, posts their game under a name; another person, whose lobby was already open, sees it appear
// without reloading, takes it with the keyboard, and both play a move. A name that is markup is shown as
// text. axe-core on the lobby (empty and with a game) at 1366×768 and 390×844, in English and Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveGameAndLaunch } from './game-server.mjs';
import { PHONE, assertAccessible, assertNoErrors, clickAction, legal, openPage, shot, state, waitReady } from './helpers.mjs';

const LAPTOP = { width: 1366, height: 768 };
const env = serveGameAndLaunch('lobby');

/** A fresh page with its start dialog's "Open games" opened; the lobby dialog. */
async function openLobby(opts = {}) {
  const p = await openPage(env.browser, opts);
  await p.page.goto(env.server.url);
  await waitReady(p.page);
  const start = p.page.locator('dialog.start');
  await start.waitFor();
  if (opts.tactics === false) await start.locator('input[name=tactics]').uncheck();
  const find = start.locator('.find-game');
  const box = await find.boundingBox();
  const viewport = opts.viewport ?? { width: 1280, height: 800 };
  assert.ok(box && box.y + box.height <= viewport.height, `"Open games" is seen without scrolling: ${JSON.stringify(box)}`);
  await find.click();
  const lobby = p.page.locator('dialog.lobby');
  await lobby.waitFor();
  return { ...p, lobby };
}

test('one person posts a game, another sees it appear, takes it with the keyboard, and both play', async () => {
  const b = await openLobby({ viewport: LAPTOP });
  await b.lobby.locator('.lobby-status', { hasText: 'Open games: 0' }).waitFor();
  assert.equal(await b.lobby.locator('.lobby-none').isVisible(), true, 'the empty list says so');
  await shot(b.page, 'lobby-empty-laptop');
  await assertAccessible(b.page, 'the lobby, empty, at 1366×768');

  // A posts their game (no tactics) under a name.
  const a = await openLobby({ viewport: LAPTOP, tactics: false });
  await a.lobby.locator('input[name=lobby-name]').fill('Ada');
  await a.lobby.locator('[data-dlg=post]').click();
  await a.lobby.waitFor({ state: 'detached' });
  await a.page.locator('.online-status', { hasText: 'Waiting for your friend' }).waitFor();

  // B's open lobby shows it, live.
  const game = b.lobby.locator('.lobby-game');
  await game.waitFor();
  assert.equal(await game.locator('.lobby-name').innerText(), 'Ada');
  assert.match(await game.locator('.lobby-what').innerText(), /2 players · no tactics cards/);
  await b.lobby.locator('.lobby-status', { hasText: 'Open games: 1' }).waitFor();
  await shot(b.page, 'lobby-one-game-laptop');
  await assertAccessible(b.page, 'the lobby with a game, at 1366×768');

  // Taken with the keyboard: focus the game's button and press Enter.
  const take = game.getByRole('button', { name: 'Play Ada’s game' });
  await take.focus();
  await b.page.keyboard.press('Enter');
  await b.lobby.waitFor({ state: 'detached' });
  await a.page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  await b.page.waitForFunction(() => window.__battleline.state().mode === 'online' && window.__battleline.game !== null);
  const seats = await Promise.all([a.page, b.page].map((p) => p.evaluate(() => window.__battleline.state().viewer)));
  assert.deepEqual(seats.sort(), [0, 1], 'the poster and the taker hold the two seats');

  // Both play: whoever is on move plays a card (and ends the turn), then the other does.
  const count = (p) => p.evaluate(() => window.__battleline.game.actionCount);
  const firstMover = (await state(a.page)).myTurn ? a.page : b.page;
  const secondMover = firstMover === a.page ? b.page : a.page;
  for (const [mover, other] of [[firstMover, secondMover], [secondMover, firstMover]]) {
    await mover.waitForFunction(() => window.__battleline.state().myTurn);
    const actions = await legal(mover);
    const play = actions.find((x) => x.type === 'play');
    assert.ok(play, 'a card to play');
    const n = await count(mover);
    await clickAction(mover, play);
    await other.waitForFunction((k) => window.__battleline.game.actionCount > k, n);
    // The rest of the turn (a draw, claims' end) until it is the other's.
    for (let steps = 0; steps < 4 && (await state(mover)).myTurn; steps++) {
      const rest = await legal(mover);
      const k = await count(mover);
      await clickAction(mover, rest.find((x) => x.type === 'draw') ?? rest[0]);
      await other.waitForFunction((m) => window.__battleline.game.actionCount > m, k);
    }
  }
  assert.ok((await count(a.page)) >= 2 && (await count(a.page)) === (await count(b.page)), 'both pages saw both moves');
  await shot(b.page, 'lobby-taken-playing');
  // Nothing left in a third person's lobby.
  const c = await openLobby({ viewport: PHONE });
  await c.lobby.locator('.lobby-status', { hasText: 'Open games: 0' }).waitFor();
  for (const p of [a, b, c]) assertNoErrors(p.errors);
  for (const p of [a, b, c]) await p.context.close();
});

test('at phone size and in Chinese the lobby fits and is accessible; a name is shown as text only', async () => {
  // A poster whose name the server refuses as markup gets the page's own check first.
  const a = await openLobby({ viewport: PHONE });
  await a.lobby.locator('input[name=lobby-name]').fill('<b>x</b>');
  await a.lobby.locator('[data-dlg=post]').click();
  await a.lobby.locator('.lobby-problem', { hasText: 'Give a name' }).waitFor();
  assert.equal(await a.lobby.locator('input[name=lobby-name]').getAttribute('aria-invalid'), 'true');
  await a.lobby.locator('input[name=lobby-name]').fill("O'Brien & co");
  await a.lobby.locator('[data-dlg=post]').click();
  await a.lobby.locator('.lobby-problem', { hasText: 'Give a name' }).waitFor();
  await a.lobby.locator('input[name=lobby-name]').fill("Li O'Brien");
  await a.lobby.locator('input[name=lobby-name]').press('Enter');
  await a.lobby.waitFor({ state: 'detached' });

  const b = await openLobby({ viewport: PHONE, locale: 'zh-CN' });
  const game = b.lobby.locator('.lobby-game');
  await game.waitFor();
  assert.equal(await game.locator('.lobby-name').innerText(), "Li O'Brien");
  assert.equal(await game.locator('.lobby-name b').count(), 0);
  await b.lobby.locator('.lobby-status', { hasText: '公开对局：1' }).waitFor();
  const overflow = await b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0, 'no sideways scrolling');
  const box = await game.locator('.lobby-take').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the take button fits: ${JSON.stringify(box)}`);
  await shot(b.page, 'lobby-phone-zh');
  await assertAccessible(b.page, 'the lobby with a game, at 390×844, in Chinese');
  // The poster leaves (closes the page): the game leaves B's list at once.
  await a.context.close();
  await b.lobby.locator('.lobby-status', { hasText: '公开对局：0' }).waitFor();
  await shot(b.page, 'lobby-phone-zh-empty');
  await assertAccessible(b.page, 'the lobby, empty, at 390×844, in Chinese');
  assertNoErrors(b.errors);
  assertNoErrors(a.errors);
  await b.context.close();
});
