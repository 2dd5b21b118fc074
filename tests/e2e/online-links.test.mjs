// Online play's links and leaving, in real Chromium through the real game server, as people do it: the
// panel's link for spectators leads to the room as a spectator only (the invited friend still gets their
// seat), and who comes and goes shows on the others' panels at once; a player who starts a new game is
// asked first, the friend reads that they left (not a lost connection), and the invite link brings the
// leaver back to their seat though a game on this device is on the board; "Play a friend online" is in
// sight in the start dialog of a laptop and of a phone, in English and in Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveGameAndLaunch } from './game-server.mjs';
import { PHONE, assertAccessible, assertNoErrors, clickAction, legal, openPage, shot, state, waitReady } from './helpers.mjs';

const env = serveGameAndLaunch('online-links');

/** A person opens the page, chooses "Play a friend online" and starts; returns the invite link. */
async function startOnlineGame(page) {
  await page.goto(env.server.url);
  await waitReady(page);
  const dialog = page.locator('dialog.start');
  await dialog.waitFor();
  await dialog.locator('input[name=online]').check();
  await dialog.locator('[data-dlg=start]').click();
  await dialog.waitFor({ state: 'detached' });
  const link = page.locator('.online-link');
  await link.waitFor();
  return link.inputValue();
}

const roomOf = (link) => /#(?:room|watch)=([0-9a-f]{32})$/.exec(link)?.[1] ?? null;
const online = (page) => page.waitForFunction(() => window.__battleline.state().mode === 'online' && window.__battleline.game !== null);

test('the link for spectators never takes a seat, the invited friend still gets theirs, and comings and goings show at once', async () => {
  const a = await openPage(env.browser);
  const invite = await startOnlineGame(a.page);
  const watchLink = await a.page.locator('.online-watch-link').getAttribute('href');
  const [room, watchId] = [roomOf(invite), roomOf(watchLink)];
  assert.match(watchLink, /#watch=[0-9a-f]{32}$/);
  assert.ok(room && watchId && room !== watchId, 'the link for spectators carries its own id, not the invite\'s');

  // A spectator arrives first, while the friend's seat is free: they watch, and learn no invite.
  const fan = await openPage(env.browser);
  await fan.page.goto(watchLink);
  await waitReady(fan.page);
  await fan.page.locator('.online-status', { hasText: 'Waiting for the players' }).waitFor();
  assert.ok(!(await fan.page.evaluate(() => JSON.stringify(localStorage))).includes('token'), 'the spectator holds no seat');
  const fanSees = await fan.page.evaluate(() => location.href + JSON.stringify(localStorage) + document.querySelector('battle-line-game').shadowRoot.innerHTML);
  assert.ok(!fanSees.includes(room), 'the invite\'s id is nowhere on the spectator\'s page, address or store');
  assert.equal(await fan.page.locator('.online-link').inputValue(), watchLink, 'a spectator passes on the watch link');
  // The host's panel counts the spectator (a presence message, no new state).
  await a.page.locator('.online-watchers', { hasText: 'Watching: 1' }).waitFor();

  // The invited friend takes the second seat, and the game begins for everyone.
  const b = await openPage(env.browser);
  await b.page.goto(invite);
  await waitReady(b.page);
  await online(b.page);
  assert.equal((await state(b.page)).viewer, 1, 'the invited friend got the seat');
  await a.page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  await fan.page.locator('.online-status', { hasText: 'watching' }).waitFor();
  await assertAccessible(fan.page, 'online: a spectator from the watch link');

  // The spectator goes, and the friend's connection drops: both show on the host's panel at once.
  await fan.context.close();
  await a.page.locator('.online-watchers').waitFor({ state: 'detached' });
  await b.context.close();
  await a.page.locator('.online-status', { hasText: 'connection lost' }).waitFor();
  assertNoErrors(a.errors);
  await a.context.close();
});

test('leaving for a new game asks first, tells the friend, and the invite link brings the leaver back over a local game', async () => {
  const a = await openPage(env.browser);
  const invite = await startOnlineGame(a.page);
  const b = await openPage(env.browser);
  await b.page.goto(invite);
  await waitReady(b.page);
  await online(b.page);
  await a.page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  const seat = (await state(a.page)).viewer;
  const hand = await a.page.evaluate(() => window.__battleline.view().hand);

  // New game in the tool bar asks first; Cancel keeps the online game.
  await a.page.locator('.tool[data-act=new]').click();
  const ask = a.page.locator('dialog.dlg', { hasText: 'Leave the online game?' });
  await ask.waitFor();
  await shot(a.page, 'online-leave-ask');
  await assertAccessible(a.page, 'online: leave the online game?');
  await ask.locator('[data-dlg=cancel]').click();
  await ask.waitFor({ state: 'detached' });
  assert.equal((await state(a.page)).mode, 'online', 'Cancel keeps the online game');

  // Asked again and confirmed: a game against the computer on this device.
  await a.page.locator('.tool[data-act=new]').click();
  await ask.locator('[data-dlg=ok]').click();
  const start = a.page.locator('dialog.start');
  await start.waitFor();
  await start.locator('input[name=online]').setChecked(false);
  await start.locator('input[name=mode][value=computer]').check();
  await start.locator('[data-dlg=start]').click();
  await start.waitFor({ state: 'detached' });
  await a.page.waitForFunction(() => window.__battleline.state().mode === 'computer' && window.__battleline.game !== null);
  // A turn of theirs, and the computer answers (its worker starts under the game server's CSP).
  await a.page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 20000 });
  while ((await state(a.page)).myTurn) {
    const actions = await legal(a.page);
    await clickAction(a.page, actions.find((x) => x.type === 'play' && /^[roygbp]\d/.test(x.card)) ?? actions.find((x) => x.type === 'draw') ?? actions[0]);
  }
  const played = (await state(a.page)).actionCount;
  await a.page.waitForFunction((n) => window.__battleline.state().myTurn && window.__battleline.state().actionCount > n, played, { timeout: 20000 });

  // The friend reads that the player left, not that a connection was lost.
  const status = b.page.locator('.online-status', { hasText: 'left the game' });
  await status.waitFor();
  assert.doesNotMatch(await status.innerText(), /connection lost/);
  await shot(b.page, 'online-friend-left');
  await assertAccessible(b.page, 'online: the friend left');

  // The invite link, opened in the tab where the local game is on the board: back in the same seat.
  await a.page.evaluate((link) => {
    location.href = link;
  }, invite);
  await a.page.waitForFunction((s) => window.__battleline.state().mode === 'online' && window.__battleline.state().viewer === s, seat);
  assert.deepEqual(await a.page.evaluate(() => window.__battleline.view().hand), hand, 'the same seat, the same hand');
  await b.page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  for (const p of [a, b]) assertNoErrors(p.errors);
  for (const p of [a, b]) await p.context.close();
});

test('"Play a friend online" is in sight in the start dialog of a laptop and of a phone, in both languages', async () => {
  for (const [name, viewport] of [
    ['laptop', { width: 1366, height: 768 }],
    ['phone', PHONE],
  ]) {
    for (const locale of ['en-GB', 'zh-CN']) {
      const { context, page, errors } = await openPage(env.browser, { viewport, locale });
      await page.goto(env.server.url);
      await waitReady(page);
      const dialog = page.locator('dialog.start');
      await dialog.waitFor();
      // The choice as a person sees it: the check box's label, with nothing scrolled.
      const label = dialog.locator('fieldset.online-choice label.check', { has: page.locator('input[name=online]') });
      const box = await label.boundingBox();
      assert.ok(box, `${name} ${locale}: the online choice is shown`);
      const inside = box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
      assert.ok(inside, `${name} ${locale}: "Play a friend online" at ${JSON.stringify(box)} is outside the ${viewport.width}×${viewport.height} screen`);
      const scrolled = await page.evaluate(() => {
        const d = document.querySelector('battle-line-game').shadowRoot.querySelector('dialog.start');
        return [window.scrollY, d.scrollTop, d.querySelector('.dlg-body')?.scrollTop ?? 0];
      });
      assert.deepEqual(scrolled, [0, 0, 0], `${name} ${locale}: nothing was scrolled`);
      // And in front: what is at its middle is the choice itself (no scrim or dialog edge over it).
      const hit = await page.evaluate(([x, y]) => {
        const root = document.querySelector('battle-line-game').shadowRoot;
        return root.elementFromPoint(x, y)?.closest('fieldset.online-choice') !== null;
      }, [box.x + Math.min(box.width / 2, 20), box.y + box.height / 2]);
      assert.ok(hit, `${name} ${locale}: the online choice is not covered`);
      await shot(page, `start-online-${name}-${locale}`);
      await assertAccessible(page, `the start dialog (${name}, ${locale})`);
      assertNoErrors(errors);
      await context.close();
    }
  }
});
