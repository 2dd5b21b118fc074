// The coach in an online game, as a room setting, tried in real Chromium through the real game server: a
// room made without choosing it offers no hint, no unseen cards and no win chances to anyone (though a
// player turned win chances on in their settings), and both players read so in the panel; a room made with
// the coach chosen in the start dialog offers them to both, and both read that too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveGameAndLaunch } from './game-server.mjs';
import { PHONE, assertAccessible, assertNoErrors, openPage, shot, state, waitReady } from './helpers.mjs';

const env = serveGameAndLaunch('online-coach');

/** Two people in a room: the host (win chances turned on in their settings beforehand) and the friend
 * (in their own language, if given). */
async function twoPlayers({ coach, viewport, friendLocale }) {
  const a = await openPage(env.browser, { viewport });
  await a.context.addInitScript(() => localStorage.setItem('battleline.settings.v1', JSON.stringify({ winChances: true })));
  await a.page.goto(env.server.url);
  await waitReady(a.page);
  const dialog = a.page.locator('dialog.start');
  await dialog.waitFor();
  await dialog.locator('input[name=online]').check();
  const box = dialog.locator('input[name=coach]');
  assert.equal(await box.isChecked(), false, 'the coach is off unless chosen');
  if (coach) await box.check();
  await dialog.locator('[data-dlg=start]').click();
  await dialog.waitFor({ state: 'detached' });
  const invite = await a.page.locator('.online-link').inputValue();
  const b = await openPage(env.browser, { viewport, ...(friendLocale ? { locale: friendLocale } : {}) });
  await b.page.goto(invite);
  await waitReady(b.page);
  await a.page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  await b.page.waitForFunction(() => window.__battleline.state().mode === 'online' && window.__battleline.game !== null);
  return { a, b };
}

/** The page of the player to move. */
async function mover(a, b) {
  await a.page.waitForFunction(() => window.__battleline.game !== null);
  return (await state(a.page)).myTurn ? a.page : b.page;
}

/** The coach's parts the menu and the settings offer on this page. */
async function offered(page) {
  await page.locator('.tools [data-act=menu]').click();
  const unseen = await page.locator('.menu [data-act=unseen]').count();
  await page.locator('.menu [data-act=settings]').click();
  const settings = page.locator('dialog.dlg');
  const winChances = await settings.locator('input[name=winChances]').count();
  await settings.locator('[data-dlg=cancel]').click();
  await settings.waitFor({ state: 'detached' });
  return { unseen, winChances };
}

test('a room made without the coach offers it to nobody, and everyone reads so', async () => {
  const { a, b } = await twoPlayers({ coach: false });
  for (const p of [a.page, b.page]) assert.match(await p.locator('.online-coach').innerText(), /No coach in this game/);
  const turn = await mover(a, b);
  assert.equal(await turn.locator('.tool[data-act=hint]').isDisabled(), true, 'no hint for the player to move');
  for (const p of [a.page, b.page]) assert.deepEqual(await offered(p), { unseen: 0, winChances: 0 }, 'no unseen cards, no win-chances setting');
  // The host had turned win chances on: none are asked for, none shown.
  await a.page.waitForTimeout(500);
  const chances = await a.page.evaluate(() => window.__battleline.controller.state.coach.chances);
  assert.equal(chances.key, '', 'no win chances asked for');
  assert.equal(await a.page.locator('.chance, .win-chance').count(), 0, 'no win chances on the board');
  await shot(a.page, 'online-no-coach');
  await assertAccessible(a.page, 'online: a room without the coach');
  for (const p of [a, b]) assertNoErrors(p.errors);
  for (const p of [a, b]) await p.context.close();
});

test('a room made with the coach offers hint, unseen cards and win chances to both, and both read so', async () => {
  const { a, b } = await twoPlayers({ coach: true });
  for (const p of [a.page, b.page]) assert.match(await p.locator('.online-coach').innerText(), /Coach on for everyone/);
  const turn = await mover(a, b);
  assert.equal(await turn.locator('.tool[data-act=hint]').isDisabled(), false, 'a hint for the player to move');
  for (const p of [a.page, b.page]) assert.deepEqual(await offered(p), { unseen: 1, winChances: 1 });
  // The host's win chances (their setting) are computed and shown.
  await a.page.waitForFunction(() => {
    const c = window.__battleline.controller.state.coach.chances;
    return c.value !== null && c.valueKey === c.key;
  });
  await a.page.locator('.win-chance').first().waitFor();
  await shot(b.page, 'online-coach-on');
  await assertAccessible(b.page, 'online: a room with the coach');
  for (const p of [a, b]) assertNoErrors(p.errors);
  for (const p of [a, b]) await p.context.close();
});

test('at phone size, the coach line fits in the panel, in Chinese too', async () => {
  const { a, b } = await twoPlayers({ coach: false, viewport: PHONE, friendLocale: 'zh-CN' });
  const line = a.page.locator('.online-coach');
  const box = await line.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the coach line ${JSON.stringify(box)} fits the phone's width`);
  // The friend's page speaks Chinese: the same line in their language.
  await b.page.locator('.online-coach', { hasText: '本局不用教练' }).waitFor();
  await shot(b.page, 'online-no-coach-phone-zh');
  await assertAccessible(b.page, 'online: the coach line at phone size, in Chinese');
  for (const p of [a, b]) assertNoErrors(p.errors);
  for (const p of [a, b]) await p.context.close();
});
