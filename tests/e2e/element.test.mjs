// <battle-line-game> as the npm package ships it (pkg/element.js), on a host page that is not ours: two
// elements on one page play independent games in their own languages; the host's CSS and the game's stay
// apart; attributes start the game; the methods start a game, load a record and export one, and refuse
// nonsense without changing anything; the events report moves, claims and the end of a game with no hidden
// card in them; a whole game played by clicks ends with a record that replays to the same result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { assertAccessible, assertNoErrors, launchBrowser, openPage, root, shot, startServer } from './helpers.mjs';
import { playToEnd } from './element-driver.mjs';

const site = join(root, 'target', 'element-e2e');
const env = { server: null, browser: null };
before(async () => {
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  cpSync(join(root, 'pkg'), join(site, 'pkg'), { recursive: true });
  cpSync(join(root, 'tests', 'e2e', 'fixtures', 'two-elements.html'), join(site, 'index.html'));
  env.server = await startServer(`${site}/`);
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

/** A finished game's record, played by the engine in this process (the first legal action every time). */
async function finishedRecord(seed) {
  const engine = await import(join(root, 'pkg', 'index.js'));
  engine.initSync({ module: readFileSync(join(root, 'pkg', 'rules', 'battleline_bg.wasm')) });
  const game = new engine.Game({ seed, tactics: false });
  while (!game.matchScore().over) game.apply(game.legalActions()[0]);
  const record = game.record();
  const result = game.result();
  game.free();
  return { record, result, engine };
}

async function open() {
  const { context, page, errors } = await openPage(env.browser, { viewport: { width: 1366, height: 900 } });
  await page.goto(env.server.url);
  await page.waitForFunction(() => window.__ready === true, null, { timeout: 20_000 });
  return { context, page, errors };
}

const events = (page, id) => page.evaluate((id) => window.__events[id], id);

test('two elements on one page: independent games, their own languages, and CSS that stays on its side', async () => {
  const { context, page, errors } = await open();
  // Attributes started the games: hot-seat behind the hand-over curtain, against the computer without one.
  assert.equal(await page.locator('#a #curtain').isVisible(), true, 'a: hot-seat starts behind the curtain');
  assert.equal(await page.locator('#b #curtain').isVisible(), false, 'b: no curtain against the computer');
  assert.equal(await page.locator('#a [data-act=new]').getAttribute('aria-label'), 'New game');
  assert.match(await page.locator('#b [data-act=new]').getAttribute('aria-label'), /[\u4e00-\u9fff]/, 'b speaks Chinese');

  // The host's `.board, .hand { display: none !important }` and `button { all: unset }` do not reach in ...
  assert.equal(await page.locator('#b #board').isVisible(), true);
  assert.equal(await page.locator('#b #hand').isVisible(), true);
  assert.notEqual(await page.locator('#b [data-act=new]').evaluate((el) => getComputedStyle(el).cursor), 'auto');
  // ... nor the game's `.card` and `.app` out ...
  assert.equal(await page.locator('#host-card').evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(255, 0, 255)');
  assert.equal(await page.locator('#host-app').evaluate((el) => getComputedStyle(el).display), 'block');
  // ... while the theme's custom properties do, per element.
  const felt = (id) => page.locator(`#${id} #board`).evaluate((el) => getComputedStyle(el).getPropertyValue('--felt').trim());
  assert.equal(await felt('b'), 'rgb(59, 42, 92)');
  assert.equal(await felt('a'), '#1d5134');

  // A move in a is a's alone.
  const bBefore = (await events(page, 'b')).filter((e) => e.type === 'battleline-move').length;
  await page.locator('#a #curtain [data-act=reveal]').click();
  const troop = page.locator('#a #hand .playable[data-hand]').first();
  const card = await troop.getAttribute('data-hand');
  await troop.click();
  await page.locator('#a .col.lit-side .side.me').first().click();
  const aMoves = (await events(page, 'a')).filter((e) => e.type === 'battleline-move');
  assert.equal(aMoves.length, 1, 'one move event in a');
  assert.equal(aMoves[0].detail.index, 0);
  assert.equal(aMoves[0].detail.action.type, 'play');
  assert.equal(aMoves[0].detail.action.card, card);
  const bMoves = (await events(page, 'b')).filter((e) => e.type === 'battleline-move');
  assert.deepEqual(bMoves.map((e) => e.detail.index), bMoves.map((_, i) => i), "b's moves are numbered in b's own game");
  assert.ok(bMoves.length >= bBefore, "a's move is not among b's");
  await shot(page, 'element-two-on-a-page');
  await assertAccessible(page, 'two elements on a host page');
  assertNoErrors(errors);
  await context.close();
});

test("the element's methods: start, loadRecord and exportRecord, and nonsense refused without a change", async () => {
  const { record, result } = await finishedRecord(11);
  const { context, page, errors } = await open();
  const b = page.locator('#b');
  assert.equal(await b.evaluate((el) => el.exportRecord()), null, 'no record of an unfinished game (it holds the seed)');

  const board = () => page.locator('#b #board').innerHTML();
  // `ready` does not wait for the computer's opening move: the board is compared once it is the person's turn.
  await page.locator('#b #hand.my-turn').waitFor();
  const before = await board();
  for (const [options, pattern] of [
    [{ level: 'nope' }, /level/],
    [{ players: 4 }, /players/],
    [{ games: 0 }, /games/],
    [{ claimTiming: 'whenever' }, /claim-timing/],
  ]) {
    const error = await b.evaluate((el, options) => {
      try {
        el.start(options);
        return null;
      } catch (e) {
        return `${e.name}: ${e.message}`;
      }
    }, options);
    assert.match(error ?? 'no error', pattern, `start(${JSON.stringify(options)}) is refused`);
    assert.match(error, /^RangeError/);
  }
  const badRecord = await b.evaluate((el) => {
    try {
      el.loadRecord('{"not": "a record"');
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.ok(badRecord, 'a broken record is refused');
  assert.equal(await board(), before, 'the refusals left the game as it was');

  // A finished record opens in the replay and comes back out as it went in.
  await b.evaluate((el, record) => el.loadRecord(record), record);
  await page.locator('#b [data-act=rp-exit]').waitFor();
  assert.deepEqual(await b.evaluate((el) => el.exportRecord()), record);
  assert.equal(result.winner === 0 || result.winner === 1, true);

  // Properties reflect their attributes, refuse nonsense, and feed the next start().
  const props = await b.evaluate((el) => {
    el.level = 'hard';
    el.tactics = true;
    el.claimTiming = 'endOfTurn';
    let refused = null;
    try {
      el.games = 'many';
    } catch (e) {
      refused = e.name;
    }
    return { level: el.getAttribute('level'), tactics: el.getAttribute('tactics'), timing: el.getAttribute('claim-timing'), games: el.getAttribute('games'), read: [el.level, el.tactics, el.claimTiming, el.players], refused };
  });
  assert.deepEqual(props, { level: 'hard', tactics: 'on', timing: 'endOfTurn', games: null, read: ['hard', true, 'endOfTurn', undefined], refused: 'RangeError' });

  // start() with options over the attributes: a hot-seat game now, behind the curtain.
  await b.evaluate((el) => el.start({ mode: 'hotseat', seed: 3 }));
  assert.equal(await page.locator('#b #curtain').isVisible(), true);
  assert.equal(await page.locator('#b [data-act=rp-exit]').count(), 0, 'the replay is closed');
  assert.equal(await b.evaluate((el) => el.exportRecord()), null);
  assertNoErrors(errors);
  await context.close();
});

test('a whole hot-seat game by clicks: move, claim and end events, no hidden card in them, and a record that replays to the same end', async () => {
  const { context, page, errors } = await open();
  const clicks = await playToEnd(page, '#a');
  const list = await events(page, 'a');
  const moves = list.filter((e) => e.type === 'battleline-move').map((e) => e.detail);
  const claims = list.filter((e) => e.type === 'battleline-claim').map((e) => e.detail);
  const ends = list.filter((e) => e.type === 'battleline-end').map((e) => e.detail);
  assert.equal(ends.length, 1, 'one end event');
  const { record, result, match } = ends[0];
  assert.ok(record, 'the match is over (one game): the end event carries the record');
  assert.ok(match.over);
  assert.equal(moves.length, record.actions.length, 'a move event for every action of the record');
  assert.equal(moves.length, clicks, 'every action was a click of the driver (hot-seat: both seats)');
  assert.deepEqual(moves.map((m) => m.index), moves.map((_, i) => i));
  const claimActions = record.actions.filter((a) => a.type === 'claim').length;
  assert.equal(claims.length, claimActions, 'a claim event for every successful claim');
  assert.ok(claims.length > 0, 'the driver claimed flags (the events were seen, not only counted as zero)');
  // Nobody's drawn card is in an event: the events are what a spectator may know.
  for (const m of moves) for (const e of m.events) if (e.type === 'drew') assert.equal(e.card, null, `the card drawn at action ${m.index} is hidden`);
  // The record replays, in this process, to the result the element reported.
  const { engine } = await finishedRecord(1);
  const replayed = engine.Game.fromRecord(record);
  assert.deepEqual(replayed.result(), result);
  replayed.free();
  assert.equal(await page.locator('#a dialog.end').isVisible(), true);
  await shot(page, 'element-game-over');
  assertNoErrors(errors);
  await context.close();
});

test('two languages on one page: a dialog or an answer of one game never speaks the other\'s language, and one game\'s dialog never blocks the other', async () => {
  const { context, page, errors } = await open();
  const cjk = /[\u4e00-\u9fff]/;
  await page.locator('#a #curtain [data-act=reveal]').click();
  // b (Chinese) opens its settings; a (English) still plays: b's dialog is b's alone.
  await page.locator('#b #hand.my-turn').waitFor();
  await page.locator('#b [data-act=menu]').click();
  await page.locator('#b [data-act=settings]').click();
  const bDialog = page.locator('#b dialog.dlg');
  await bDialog.waitFor();
  assert.match(await bDialog.locator('h2').textContent(), cjk);
  await page.locator('#a #hand .playable[data-hand]').first().click();
  await page.locator('#a .col.lit-side .side.me').first().click();
  assert.equal((await events(page, 'a')).filter((e) => e.type === 'battleline-move').length, 1, "a plays while b's dialog is open");
  await bDialog.locator('button').first().focus();
  await page.keyboard.press('Escape');
  await bDialog.waitFor({ state: 'detached' });

  // Both clicks in one task, so that b draws (in Chinese) after a asked and before a's answer comes.
  const clickBoth = (first) =>
    page.evaluate((first) => {
      const inGame = (id, selector) => document.getElementById(id).shadowRoot.querySelector(selector);
      inGame('a', first).click();
      inGame('b', '#tools [data-act=log]').click();
    }, first);
  // a asks for a hint; before the computer answers, b draws in Chinese; a's answer is told in English.
  await clickBoth('[data-act=hint]');
  const aMessage = page.locator('#a #actionbar .message');
  await aMessage.waitFor();
  const hintText = await aMessage.textContent();
  assert.doesNotMatch(hintText, cjk, `a's hint is told in a's language: ${hintText}`);

  // a's New game asks (English); b draws in Chinese meanwhile; what a's answer opens is English too.
  await page.locator('#a [data-act=new]').click();
  const confirm = page.locator('#a dialog.dlg');
  assert.doesNotMatch(await confirm.textContent(), cjk);
  assert.match(await page.locator('#b #status').textContent(), cjk, 'b is drawn in Chinese');
  await clickBoth('dialog.dlg [data-dlg=ok]');
  const start = page.locator('#a dialog.start');
  await start.waitFor();
  assert.doesNotMatch(await start.textContent(), cjk, "a's start dialog, opened after b drew, speaks English");
  assert.equal(await page.locator('#b dialog').count(), 0, "a's dialog is not in b");
  await start.locator('[data-dlg=cancel]').click();
  assertNoErrors(errors);
  await context.close();
});
