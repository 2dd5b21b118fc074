// A complete hot-seat game played by clicks to its end: the test reads the legal actions through the
// test hook, picks one, and carries it out by clicking the page (card then flag, decks, flags to claim,
// the hand-over curtain between turns).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, clickAction, closeEndDialog, legal, openPage, revealIfHandover, rng, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

/** Claims first, troops more often than tactics, pass and ending the claims last. */
function choose(actions, random) {
  const claim = actions.find((a) => a.type === 'claim');
  if (claim) return claim;
  const troops = actions.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
  const others = actions.filter((a) => a.type !== 'endClaims' && a.type !== 'pass');
  const pool = troops.length && random() < 0.8 ? troops : others.length ? others : actions;
  return pool[Math.floor(random() * pool.length)];
}

test('a complete hot-seat game, played by clicks to its end', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 2024, tactics: true });

  // The curtain is up before the first turn: it hides the hands.
  let s = await state(page);
  assert.equal(s.handover, true);
  assert.equal(await page.locator('#curtain').isVisible(), true);
  assert.equal(await page.locator('#hand [data-hand]').count(), 0, 'no hand is shown behind the curtain');

  const random = rng(7);
  let handovers = 0;
  let steps = 0;
  let midShot = false;
  let lastCurrent = null;
  while (!(s = await state(page)).over) {
    if (s.handover) {
      // The curtain shows nobody's cards; then the next player reveals their own hand.
      assert.equal(await page.locator('#hand [data-hand]').count(), 0);
      if (handovers === 12) await shot(page, 'handover');
      await revealIfHandover(page);
      handovers++;
      continue;
    }
    if (lastCurrent !== null && lastCurrent !== s.current) assert.fail('the turn changed hands without the curtain');
    lastCurrent = s.current;
    assert.equal(s.viewer, s.current, 'the board shows the player whose turn it is');
    const actions = await legal(page);
    assert.ok(actions.length > 0);
    const action = choose(actions, random);
    await clickAction(page, action);
    steps++;
    const after = await state(page);
    if (after.current !== s.current || after.over) lastCurrent = null;
    if (!midShot && steps >= 70 && !after.handover) {
      await shot(page, 'board-midgame');
      midShot = true;
    }
    assert.ok(steps < 600, 'the game ends');
  }
  assert.ok(handovers > 10, `hand-overs: ${handovers}`);

  // The end: who won and how.
  const end = page.locator('dialog.end');
  await end.waitFor();
  const text = await end.innerText();
  assert.match(text, /wins by (breakthrough|envelopment|holding)|A draw/);
  await shot(page, 'end-screen');
  const result = await page.evaluate(() => window.__battleline.game.result());
  assert.ok(result);
  const ids = await closeEndDialog(page);
  assert.deepEqual(ids, ['replay', 'review', 'close', 'new'], 'the page offers the review of a finished match');
  // The log tells the story in words.
  const log = await page.locator('#log').innerText();
  assert.match(log, /claimed flag \d/);
  assert.match(log, /played/);
  if (!midShot) await shot(page, 'board-midgame');
  assertNoErrors(errors);
  await context.close();
});
