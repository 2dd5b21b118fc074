// A three-player online game in three browsers through the real game server, where one player resigns:
// after confirming, that seat is marked out ("resigned") on every page, the two others are told that they
// play on, and they still make moves that reach all three pages; the one who resigned watches and may no
// longer act.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveGameAndLaunch } from './game-server.mjs';
import { assertNoErrors, clickAction, legal, openPage, shot, state, waitReady } from './helpers.mjs';

const env = serveGameAndLaunch('three-resign');

const count = (page) => page.evaluate(() => window.__battleline.game?.actionCount ?? -1);

async function waitCount(page, n) {
  await page.waitForFunction((k) => (window.__battleline.game?.actionCount ?? -1) >= k, n, { timeout: 15000 });
}

/** Simple moves first (a claim, a troop, the end of claims, a draw), so that the game moves on quickly. */
const pick = (actions) =>
  actions.find((a) => a.type === 'claim') ??
  actions.find((a) => a.type === 'play') ??
  actions.find((a) => a.type === 'endClaims') ??
  actions.find((a) => a.type === 'draw') ??
  actions[0];

/** The page whose seat is on move, waiting a little for the state to arrive; null if none within 10 s. */
async function onMove(players) {
  for (let tries = 0; tries < 200; tries++) {
    for (const p of players) if ((await state(p.page)).myTurn) return p;
    await players[0].page.waitForTimeout(50);
  }
  return null;
}

/** The one on move makes a move by clicks; every page sees it. */
async function moveOnce(players, everyone) {
  const mover = await onMove(players);
  assert.ok(mover, 'one of the players is on move');
  const n = await count(mover.page);
  await clickAction(mover.page, pick(await legal(mover.page)));
  await Promise.all(everyone.map((p) => waitCount(p.page, n + 1)));
}

test('three browsers play online; one resigns; the two others see the seat out and play on', { timeout: 300_000 }, async () => {
  const host = await openPage(env.browser);
  await host.page.goto(env.server.url);
  await waitReady(host.page);
  const dialog = host.page.locator('dialog.start');
  await dialog.waitFor();
  await dialog.locator('input[name=players][value="3"]').check();
  await dialog.locator('input[name=online]').check();
  await dialog.locator('[data-dlg=start]').click();
  await dialog.waitFor({ state: 'detached' });
  const link = host.page.locator('.online-link');
  await link.waitFor();
  const invite = await link.inputValue();
  assert.match(invite, /#room=[0-9a-f]{32}$/);

  // Two friends open the invite in browsers of their own.
  const guests = [];
  for (let i = 0; i < 2; i++) {
    const guest = await openPage(env.browser);
    await guest.page.goto(invite);
    await waitReady(guest.page);
    await guest.page.waitForFunction(() => window.__battleline.state().mode === 'online' && window.__battleline.game !== null);
    guests.push(guest);
  }
  const everyone = [host, ...guests];
  await host.page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  const seats = await Promise.all(everyone.map(async (p) => (await state(p.page)).viewer));
  assert.deepEqual([...seats].sort(), [0, 1, 2], 'three seats, one per browser');

  // A few moves, then a player who is not on move resigns (after confirming).
  for (let i = 0; i < 4; i++) await moveOnce(everyone, everyone);
  let resigner = null;
  for (const p of everyone) if (!(await state(p.page)).myTurn) resigner = p;
  const out = (await state(resigner.page)).viewer;
  const stay = everyone.filter((p) => p !== resigner);
  const n = await count(host.page);
  await resigner.page.locator('[data-online=resign]').click();
  assert.match(await resigner.page.locator('dialog').innerText(), /the two others play on/);
  await resigner.page.locator('dialog [data-dlg=ok]').click();
  await Promise.all(everyone.map((p) => waitCount(p.page, n + 1)));

  // Every page marks the seat out; the two others are told that they play on; nobody's match is over.
  await resigner.page.locator('.online-status', { hasText: 'You resigned: you are watching the two others play on.' }).waitFor();
  for (const p of stay) {
    await p.page.locator('.online-status', { hasText: 'resigned: the two others play on.' }).waitFor();
    assert.doesNotMatch(await p.page.locator('.online-status').innerText(), /You resigned/);
  }
  for (const p of everyone) {
    await p.page.locator(`.strip.p${out}.out .seat-out`, { hasText: 'resigned' }).waitFor();
    assert.equal(await p.page.locator('.seat-out').count(), 1, 'only that seat is out');
    assert.equal((await state(p.page)).over, false, 'the match goes on');
  }
  assert.equal(await resigner.page.locator('[data-online=resign]').count(), 0, 'nothing left to resign');

  // The two others play on: moves by clicks that reach all three pages; the resigned seat is never on move.
  for (let i = 0; i < 6; i++) {
    await moveOnce(stay, everyone);
    assert.equal((await state(resigner.page)).myTurn, false, 'the seat that resigned never moves again');
    assert.equal((await legal(resigner.page)).length, 0, 'nor has anything to do');
  }
  await shot(stay[0].page, 'online-three-resigned');
  for (const p of everyone) assertNoErrors(p.errors);
  for (const p of everyone) await p.context.close();
});
