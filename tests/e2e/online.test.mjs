// Online play in real Chromium through the real game server (battleline-server serving the tests' build of
// the page on one port): a person starts "Play a friend online" and copies the invite link, a friend opens
// it in another browser, and the two play a whole game by clicks while a third person watches from the
// spectators' link; the friend reloads mid-game and goes on in the same seat; no page ever shows a card of
// the other player's hand; the server is killed and started again and every page reconnects; then a
// rematch, ended by a draw offered and accepted. Also: the element's mode="online" with three players and
// a spectator; a dead link; Copy, another tab of the same browser in the same seat, a resignation; phone
// size; and the page served as static files, where no game server answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGameServer as startOnDb } from './game-server.mjs';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, assertAccessible, assertNoErrors, clickAction, closeEndDialog, launchBrowser, legal, openPage, shot, startServer, state, waitReady } from './helpers.mjs';

let server = null;
let browser = null;
let dbDir = null;

/** Starts the game server on `port` (0: a free one) over the test's database. */
const startGameServer = (port) => startOnDb(dbDir, port);

before(async () => {
  dbDir = mkdtempSync(join(tmpdir(), 'battleline-online-'));
  server = await startGameServer(0);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (dbDir) rmSync(dbDir, { recursive: true, force: true });
});

/** Simple moves first, so that a whole game by clicks stays short: claims, troops, ends, draws. */
const pick = (actions) =>
  actions.find((a) => a.type === 'claim') ??
  actions.find((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card)) ??
  actions.find((a) => a.type === 'endClaims') ??
  actions.find((a) => a.type === 'draw') ??
  actions.find((a) => a.type === 'pass') ??
  actions[0];

/** Every card name the page shows (cards, hand, sources), read from its shadow DOM. */
const shownCards = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('battle-line-game').shadowRoot;
    const names = new Set();
    for (const el of root.querySelectorAll('[data-card], [data-hand], [data-src]')) {
      for (const attr of ['data-card', 'data-hand', 'data-src']) {
        const v = el.getAttribute(attr);
        if (v) names.add(v);
      }
    }
    return [...names];
  });

const hand = (page) => page.evaluate(() => window.__battleline.view().hand);
const count = (page) => page.evaluate(() => window.__battleline.game?.actionCount ?? -1);

async function waitCount(page, n) {
  await page.waitForFunction((k) => (window.__battleline.game?.actionCount ?? -1) >= k, n, { timeout: 15000 });
}

/** A person opens the page, chooses "Play a friend online" in the start dialog and starts; returns the invite. */
async function startOnlineGame(page, { tactics = true } = {}) {
  await page.goto(server.url);
  await waitReady(page);
  const dialog = page.locator('dialog.start');
  await dialog.waitFor();
  await dialog.locator('input[name=online]').check();
  if (!tactics) await dialog.locator('input[name=tactics]').setChecked(false);
  await dialog.locator('[data-dlg=start]').click();
  await dialog.waitFor({ state: 'detached' });
  const link = page.locator('.online-link');
  await link.waitFor();
  return link.inputValue();
}

test('two browsers play a whole game through the server by clicks; one reloads and goes on; a spectator watches', { timeout: 600_000 }, async () => {
  const a = await openPage(browser);
  const invite = await startOnlineGame(a.page, { tactics: false });
  assert.match(invite, /#room=[0-9a-f]{32}$/);
  assert.match(await a.page.locator('.online-status').innerText(), /Waiting for your friend/);
  // The header too: no game is under way yet, so it names nobody's turn.
  assert.equal(await a.page.locator('#status').innerText(), 'Waiting for your friend');
  assert.equal(await a.page.locator('.steps').count(), 0, 'no turn steps before the friend is there');
  await shot(a.page, 'online-invite');
  await assertAccessible(a.page, 'online: the invite');

  const b = await openPage(browser);
  await b.page.goto(invite);
  await waitReady(b.page);
  await b.page.waitForFunction(() => window.__battleline.state().mode === 'online' && window.__battleline.game !== null);
  const watch = await openPage(browser);
  await watch.page.goto(invite.replace('#room=', '#watch='));
  await waitReady(watch.page);
  await watch.page.locator('.online-status', { hasText: 'watching' }).waitFor();
  await a.page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  assert.notEqual((await state(a.page)).viewer, (await state(b.page)).viewer, 'the friend took the other seat');

  let n = await count(a.page);
  let reloaded = false;
  let restarted = false;
  let checks = 0;
  for (let moves = 0; moves < 400; moves++) {
    const [sa, sb] = [await state(a.page), await state(b.page)];
    if (sa.over && sb.over) break;
    const mover = sa.myTurn ? a.page : sb.myTurn ? b.page : null;
    if (!mover) {
      await a.page.waitForTimeout(50);
      continue;
    }
    await clickAction(mover, pick(await legal(mover)));
    n += 1;
    await Promise.all([waitCount(a.page, n), waitCount(b.page, n), waitCount(watch.page, n)]);
    if (n % 10 === 0) {
      // No page shows a card of the other player's hand; the spectator's shows none of either.
      const [handA, handB] = [await hand(a.page), await hand(b.page)];
      const [onA, onB, onWatch] = [await shownCards(a.page), await shownCards(b.page), await shownCards(watch.page)];
      for (const card of handB) assert.ok(!onA.includes(card), `A's page shows B's ${card}`);
      for (const card of handA) assert.ok(!onB.includes(card), `B's page shows A's ${card}`);
      for (const card of [...handA, ...handB]) assert.ok(!onWatch.includes(card), `the spectator's page shows ${card}`);
      checks++;
    }
    // The reload and the restart come early enough for every game: the deal is the server's secret, and a
    // game can end by a breakthrough after about 36 actions (nine cards of the winner's, eight of the
    // other's, their draws and three claims), so one at 40 was missed by the shortest games.
    if (n >= 15 && !reloaded) {
      // The friend reloads mid-game: the same seat, the same position, and the game goes on.
      const seat = (await state(b.page)).viewer;
      const before = await hand(b.page);
      await b.page.reload();
      await waitReady(b.page);
      await waitCount(b.page, n);
      assert.equal((await state(b.page)).viewer, seat, 'the same seat after a reload');
      assert.deepEqual(await hand(b.page), before, 'the same hand after a reload');
      reloaded = true;
      await shot(b.page, 'online-after-reload');
    }
    if (n >= 30 && !restarted) {
      // The server is killed (SIGKILL) and started again on the same port and database: every page
      // reconnects by itself, and the game goes on from the last acknowledged action.
      const killed = new Promise((resolve) => server.proc.once('exit', resolve));
      server.proc.kill('SIGKILL');
      await killed;
      await a.page.locator('.online-status', { hasText: 'reconnecting' }).waitFor();
      server = await startGameServer(server.port);
      for (const p of [a.page, b.page, watch.page]) {
        await p.locator('.online-status').filter({ hasNotText: 'reconnecting' }).waitFor({ timeout: 15000 });
        await waitCount(p, n);
      }
      restarted = true;
    }
  }
  assert.ok(reloaded && restarted, 'the game lasted past the reload and the restart');
  assert.ok(checks >= 3, `the pages were compared ${checks} times`);
  const [sa, sb, sw] = [await state(a.page), await state(b.page), await state(watch.page)];
  assert.ok(sa.over && sb.over && sw.over, 'the game ended on every page');
  // Online, a player's end dialog leads to a rematch with the same friend: Rematch is its main button.
  for (const p of [a.page, b.page]) {
    await p.locator('dialog.end').waitFor();
    assert.equal(await p.locator('dialog.end .dlg-buttons .primary').getAttribute('data-dlg'), 'rematch', 'Rematch is the main button');
    assert.equal(await p.locator('dialog.end [data-dlg=new]').count(), 1, 'a new game is still offered');
  }
  await shot(a.page, 'online-end-dialog');
  await assertAccessible(a.page, 'online: the end dialog');
  await a.page.locator('dialog.end [data-dlg=rematch]').click();
  await a.page.locator('dialog.end').waitFor({ state: 'detached' });
  await closeEndDialog(b.page);
  await a.page.locator('.online-status', { hasText: 'match is over' }).waitFor();
  await a.page.locator('.online-offer', { hasText: 'Waiting for the others to accept the rematch' }).waitFor();
  // The spectator's "Game over" stays until the rematch starts.
  await watch.page.locator('dialog.end').waitFor();
  assert.equal(await watch.page.locator('dialog.end [data-dlg=rematch]').count(), 0, 'a spectator is offered no rematch');
  await shot(watch.page, 'online-spectator');
  await shot(a.page, 'online-over');
  // The record (and the replay) come once the match is over.
  assert.equal(await a.page.evaluate(() => window.__battleline.game.record().actions.length), n);

  // A rematch (the first player asked from the end dialog, the friend from the panel), then a draw
  // offered and accepted. The spectator's old "Game over" closes as the rematch starts.
  await b.page.locator('[data-online=rematch]').click();
  await a.page.waitForFunction(() => window.__battleline.game.actionCount === 0 && !window.__battleline.state().over);
  await watch.page.waitForFunction(() => window.__battleline.game.actionCount === 0 && !window.__battleline.state().over);
  await watch.page.locator('dialog.end').waitFor({ state: 'detached' });
  await a.page.locator('[data-online=offerDraw]').click();
  await b.page.locator('[data-online=offerDraw]', { hasText: 'Accept' }).click();
  await a.page.locator('.online-status', { hasText: 'Drawn by agreement' }).waitFor();
  await assertAccessible(a.page, 'online: a match drawn by agreement');
  // While the server was down, Chromium reported the failed reconnection attempts; nothing else.
  for (const p of [a, b, watch]) assertNoErrors(p.errors.filter((e) => !/WebSocket connection to .* failed/.test(e)));
  for (const p of [a, b, watch]) await p.context.close();
});

test('an element with mode="online" creates a room at once; three players take their seats and a fourth watches', async () => {
  const host = await openPage(browser);
  await host.page.goto(server.url);
  await waitReady(host.page);
  await host.page.evaluate((url) => {
    const element = document.createElement('battle-line-game');
    element.id = 'second';
    element.setAttribute('mode', 'online');
    element.setAttribute('players', '3');
    element.setAttribute('server', url);
    element.setAttribute('storage-key', 'second-game');
    document.body.append(element);
  }, server.url.replace(/\/$/, ''));
  const linkOf = () => document.getElementById('second')?.shadowRoot?.querySelector('.online-link')?.value ?? '';
  // Spelled out in the predicate: the server's Content-Security-Policy refuses eval in the page.
  await host.page.waitForFunction(() => /#room=[0-9a-f]{32}$/.test(document.getElementById('second')?.shadowRoot?.querySelector('.online-link')?.value ?? ''), null, { timeout: 15000 });
  const invite = await host.page.evaluate(linkOf);
  const held = await host.page.evaluate(() => JSON.parse(localStorage.getItem('second-game.online.v1') ?? 'null'));
  assert.equal(Object.values(held.seats)[0].seat, 0, 'the element holds the first seat, its token in its own store');
  const guests = [];
  for (const expected of [1, 2, 'watching']) {
    const guest = await openPage(browser);
    await guest.page.goto(invite);
    await waitReady(guest.page);
    if (expected === 'watching') {
      // Every seat is taken: the fourth person watches.
      await guest.page.locator('.online-status', { hasText: 'watching' }).waitFor();
      assert.match(await guest.page.locator('.online-problem').innerText(), /Every seat is taken/);
    } else {
      await guest.page.waitForFunction((seat) => window.__battleline.state().mode === 'online' && window.__battleline.state().viewer === seat, expected);
    }
    guests.push(guest);
  }
  await guests[0].page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  assert.equal(await guests[1].page.locator('.online-clock').count(), 0, 'no clock unless one was chosen');
  for (const p of [host, ...guests]) assertNoErrors(p.errors);
  for (const p of [host, ...guests]) await p.context.close();
});

test('a link to a room that does not exist says so and offers a new game', async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(`${server.url}#room=${'0'.repeat(32)}`);
  await waitReady(page);
  await page.locator('dialog.start').waitFor();
  assert.match(await page.locator('.online-problem').innerText(), /does not exist/);
  assert.equal(new URL(page.url()).hash, '', 'the dead link is gone from the address');
  assertNoErrors(errors);
  await context.close();
});

test('the invite is copied; another tab of the same browser rejoins the same seat and resigns for it', async () => {
  const a = await openPage(browser);
  await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
  const invite = await startOnlineGame(a.page);
  // Copy puts the invite on the clipboard, and says so.
  await a.page.locator('[data-online=copy]').click();
  await a.page.locator('[data-online=copy]', { hasText: 'Copied' }).waitFor();
  assert.equal(await a.page.evaluate(() => navigator.clipboard.readText()), invite);

  // The friend pastes it into another browser.
  const b = await openPage(browser);
  await b.page.goto(invite);
  await waitReady(b.page);
  await b.page.waitForFunction(() => window.__battleline.state().mode === 'online' && window.__battleline.game !== null);
  await a.page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  const seatA = (await state(a.page)).viewer;

  // The same link opened in another tab of the first browser rejoins that browser's seat (its token is in
  // the browser's store), not a spectator's place: the same seat, the same hand.
  const tab = await a.context.newPage();
  const tabErrors = [];
  tab.on('pageerror', (err) => tabErrors.push(err.message));
  await tab.goto(invite);
  await waitReady(tab);
  await tab.waitForFunction(() => window.__battleline.state().mode === 'online' && window.__battleline.game !== null);
  assert.equal((await state(tab)).viewer, seatA, 'the other tab holds the same seat');
  assert.deepEqual(await hand(tab), await hand(a.page), 'and sees the same hand');
  assert.equal(await tab.locator('.online-problem').count(), 0, 'no "every seat is taken" note');

  // A move made in one tab shows in the other and at the friend's.
  const n = await count(a.page);
  const mover = (await state(tab)).myTurn ? tab : b.page;
  await clickAction(mover, pick(await legal(mover)));
  await Promise.all([waitCount(a.page, n + 1), waitCount(tab, n + 1), waitCount(b.page, n + 1)]);

  // The tab resigns for the seat (after confirming): the match is over everywhere.
  await tab.locator('[data-online=resign]').click();
  await tab.locator('dialog [data-dlg=ok]').click();
  await tab.locator('.online-status', { hasText: 'You resigned.' }).waitFor();
  await a.page.locator('.online-status', { hasText: 'You resigned.' }).waitFor();
  await b.page.locator('.online-status', { hasText: 'resigned.' }).waitFor();
  assert.doesNotMatch(await b.page.locator('.online-status').innerText(), /You resigned/);
  // The header says the match is over, not whose turn it would be; no step of a turn is offered.
  await b.page.locator('#status', { hasText: 'Opponent resigned.' }).waitFor();
  assert.equal(await b.page.locator('.steps').count(), 0, 'no turn steps after the resignation');
  await tab.locator('#status', { hasText: 'You resigned.' }).waitFor();
  await shot(b.page, 'online-opponent-resigned');
  await assertAccessible(b.page, 'online: the opponent resigned');
  assertNoErrors([...a.errors, ...b.errors, ...tabErrors]);
  for (const p of [a, b]) await p.context.close();
});

test('at phone size the invite, the panel and its buttons fit the screen, before and during the game', async () => {
  /** The element's right edge and the page's width: nothing pokes out sideways. */
  const fits = async (page, selector) => {
    const box = await page.locator(selector).first().boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width + 0.5, `${selector} fits the phone's width: ${JSON.stringify(box)}`);
  };
  const noSideScroll = async (page) =>
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width, 'no sideways scrolling');
  const a = await openPage(browser, { viewport: PHONE });
  const invite = await startOnlineGame(a.page);
  for (const selector of ['.online-status', '.online-link', '[data-online=copy]', '.online-watch-link']) await fits(a.page, selector);
  await noSideScroll(a.page);
  await shot(a.page, 'online-phone-invite');
  await assertAccessible(a.page, 'online at phone size: the invite');

  const b = await openPage(browser, { viewport: PHONE });
  await b.page.goto(invite);
  await waitReady(b.page);
  await a.page.locator('.online-status', { hasText: 'everybody is here' }).waitFor();
  // One move each way, by clicks on the phone-sized pages.
  for (let i = 0; i < 2; i++) {
    const n = await count(a.page);
    // The page to move: A's page may say everybody is here before B's page has its seat's state.
    let mover = null;
    for (let tries = 0; tries < 300 && !mover; tries++) {
      mover = (await state(a.page)).myTurn ? a.page : (await state(b.page)).myTurn ? b.page : null;
      if (!mover) await a.page.waitForTimeout(50);
    }
    assert.ok(mover, 'one of the two pages is to move');
    await clickAction(mover, pick(await legal(mover)));
    await Promise.all([waitCount(a.page, n + 1), waitCount(b.page, n + 1)]);
  }
  for (const p of [a.page, b.page]) {
    for (const selector of ['.online-status', '[data-online=offerDraw]', '[data-online=resign]']) await fits(p, selector);
    await noSideScroll(p);
  }
  await shot(b.page, 'online-phone-playing');
  await assertAccessible(b.page, 'online at phone size: playing');
  assertNoErrors([...a.errors, ...b.errors]);
  for (const p of [a, b]) await p.context.close();
});

test('the page served as static files (no game server) plays offline, offers no online game, and says an invite cannot be followed', async () => {
  const statics = await startServer();
  try {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${statics.url}#room=${'ab'.repeat(16)}`);
    await waitReady(page);
    const dialog = page.locator('dialog.start');
    await dialog.waitFor();
    assert.equal(await dialog.locator('input[name=online]').count(), 0, 'no online choice without a game server');
    assert.match(await page.locator('.online-problem').innerText(), /cannot be reached/);
    await assertAccessible(page, 'online: an invite where no game server answers');
    // The game on this device still plays.
    await dialog.locator('[data-dlg=start]').click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.__battleline.state().mode !== 'online' && window.__battleline.game !== null);
    const n = await count(page);
    if (!(await state(page)).myTurn) await page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 15000 });
    await clickAction(page, pick(await legal(page)));
    await page.waitForFunction((k) => window.__battleline.game.actionCount > k, n);
    assertNoErrors(errors);
    await context.close();
  } finally {
    await statics.stop();
  }
});
