// Three players (R-3P) on the page: the start dialog's seats, three sides per flag, hot-seat hand-over
// between three persons, and a mixed game (one person, two computer seats) played to its end by clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, clickAction, closeEndDialog, legal, openPage, PHONE, revealIfHandover, rng, serveAndLaunch, shot, startThreePlayers, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

/** Starts a three-player game (helpers' startThreePlayers), checking the dialog's three-player hints. */
const startThree = (page, options) =>
  startThreePlayers(page, {
    ...options,
    // R-3P: the tactics option is off and disabled, with the reason.
    async checkDialog(dialog) {
      assert.equal(await dialog.locator('input[name=tactics]').isDisabled(), true);
      assert.equal(await dialog.locator('input[name=tactics]').isChecked(), false);
      assert.match(await dialog.locator('.hint.tactics3').innerText(), /without tactics cards; a player wins with 3 adjacent flags or any 4/);
      assert.doesNotMatch(await dialog.locator('.hint.tactics3').innerText(), /R-[0-9A-Z]/, 'no rule ids of the specification shown to players');
    },
  });

/** Claims first, otherwise a random troop play or draw; ending the claims last. */
function choose(actions, random) {
  const claim = actions.find((a) => a.type === 'claim');
  if (claim) return claim;
  const others = actions.filter((a) => a.type !== 'endClaims' && a.type !== 'pass');
  const pool = others.length ? others : actions;
  return pool[Math.floor(random() * pool.length)];
}

async function assertBoardForThree(page) {
  assert.equal(await page.locator('.line.three').count(), 1, 'the three-player board');
  assert.equal(await page.locator('.col').count(), 9, 'nine flags in one line');
  assert.equal(await page.locator('.col[data-flag="5"] .side').count(), 3, 'three sides per flag');
  assert.equal(await page.locator('#opp-strip .strip').count(), 2, 'two opponents’ strips');
  assert.equal(await page.locator('[data-deck=tactics]').count(), 0, 'no tactics deck');
}

test('three persons hot-seat: a complete game by clicks, the curtain between every two persons', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startThree(page, { seats: ['person', 'person', 'person'], seed: 303 });
  let s = await state(page);
  assert.equal(s.handover, true, 'the curtain is up before the first turn');
  const view = await page.evaluate(() => window.__battleline.game.view(0));
  assert.equal(view.options.players, 3);
  assert.equal(view.options.tactics, false);
  assert.equal(view.handSizes.length, 3);
  assert.deepEqual(view.handSizes.map((h) => h.troops), [7, 7, 7], '7 cards dealt to each');

  const random = rng(33);
  const order = [];
  let steps = 0;
  let midShot = false;
  while (!(s = await state(page)).over) {
    if (s.handover) {
      assert.equal(await page.locator('#hand [data-hand]').count(), 0, 'no hand behind the curtain');
      await revealIfHandover(page);
      const now = await state(page);
      if (order.at(-1) !== now.current) order.push(now.current);
      continue;
    }
    assert.equal(s.viewer, s.current, 'the board shows the player whose turn it is');
    const action = choose(await legal(page), random);
    await clickAction(page, action);
    steps++;
    if (steps === 1) await assertBoardForThree(page);
    const after = await state(page);
    if (!midShot && steps >= 45 && !after.handover && !after.over) {
      await shot(page, 'three-players');
      midShot = true;
    }
    assert.ok(steps < 700, 'the game ends');
  }
  // Seat order 1, 2, 3, 1, …
  for (let i = 1; i < order.length; i++) assert.equal(order[i], (order[i - 1] + 1) % 3, `turns in seat order: ${order.slice(0, 12)}`);
  assert.ok(order.length > 15, `turns: ${order.length}`);

  const end = page.locator('dialog.end');
  await end.waitFor();
  const text = await end.innerText();
  assert.match(text, /Player [123] wins by (breakthrough|envelopment|holding)|A draw/);
  assert.match(text, /Player 3/, 'the end lists three players');
  const result = await page.evaluate(() => window.__battleline.game.result());
  const flags = await page.evaluate(() => window.__battleline.game.view(0).flags.map((f) => f.claimedBy));
  if (result.victory === 'breakthrough') {
    assert.ok(flags.some((_, i) => i + 2 < 9 && [0, 1, 2].every((k) => flags[i + k] === result.winner)), 'three adjacent flags');
  } else if (result.victory === 'envelopment') {
    assert.ok(flags.filter((f) => f === result.winner).length >= 4, 'any four flags');
  }
  await shot(page, 'three-players-end');
  if (!midShot) await shot(page, 'three-players');
  await closeEndDialog(page);
  assertNoErrors(errors);
  await context.close();
});

test('one person and two computer seats (Easy): played to the end by clicks; claims explained against both opponents', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startThree(page, { seats: ['person', 'computer:easy', 'computer:easy'], seed: 77 });
  await assertBoardForThree(page);
  const names = await page.locator('#opp-strip .strip .name').allInnerTexts();
  assert.deepEqual(names, ['Computer 2', 'Computer 3']);
  const random = rng(5);
  let explained = false;
  let s;
  let steps = 0;
  while (!(s = await state(page)).over) {
    if (s.thinking || s.current !== 0 || !s.myTurn) {
      await page.waitForFunction(() => {
        const st = window.__battleline.state();
        return st.over || (st.myTurn && st.current === 0);
      }, null, { timeout: 60000 });
      continue;
    }
    assert.equal(s.handover, false, 'no curtain with a single person');
    // Once: ask about a flag where the person has a side, and read the explanation.
    if (!explained && (s.phase === 'play')) {
      const view = await page.evaluate(() => window.__battleline.view());
      const f = view.flags.find((x) => x.claimedBy === null && x.sides[0].length === 3);
      if (f) {
        await page.locator(`.flag-btn[data-flag="${f.flag}"]`).click();
        const dlg = page.locator('dialog.claim');
        await dlg.waitFor();
        const text = await dlg.innerText();
        assert.match(text, /Computer [23]/, 'the explanation names an opponent');
        assert.match(text, /Computer [23] could still win this flag|Neither Computer 2 nor Computer 3 can beat|can no longer complete/, text);
        await dlg.locator('[data-dlg=close]').click();
        await dlg.waitFor({ state: 'detached' });
        explained = true;
      }
    }
    const action = choose(await legal(page), random);
    await clickAction(page, action);
    steps++;
    assert.ok(steps < 300);
  }
  await page.locator('dialog.end').waitFor();
  assert.ok(explained, 'a claim explanation was read');
  const result = await page.evaluate(() => window.__battleline.game.result());
  assert.ok(result);
  assert.equal(result.flags.length, 3);
  // The replay of a three-player game: both other hands open above, the view turns to each seat in order.
  const end = page.locator('dialog.end');
  await end.locator('[data-dlg=replay]').click();
  await end.waitFor({ state: 'detached' });
  await page.waitForFunction(() => window.__battleline.state().replay);
  await page.locator('[data-act=rp-last]').click();
  await assertBoardForThree(page);
  assert.equal(await page.locator('#opp-strip .open-hand').count(), 2, 'both other hands face up in the replay');
  const seatsSeen = [];
  for (let i = 0; i < 3; i++) {
    seatsSeen.push(await page.locator('#my-strip .name').innerText());
    await page.locator('[data-act=rp-flip]').click();
  }
  // The replay of the game just played keeps its players' names.
  assert.deepEqual(seatsSeen, ['You', 'Computer 2', 'Computer 3']);
  await page.locator('[data-act=rp-exit]').click();
  assertNoErrors(errors);
  await context.close();
});

test('three players at phone size: the board fits and a card can be played', async () => {
  const { context, page, errors } = await openPage(env.browser, { viewport: PHONE });
  await page.goto(env.server.url);
  await waitReady(page);
  await startThree(page, { seats: ['person', 'person', 'person'], seed: 9 });
  await revealIfHandover(page);
  await assertBoardForThree(page);
  const box = await page.locator('.line').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width + 1, `the line fits the width: ${JSON.stringify(box)}`);
  const action = (await legal(page)).find((a) => a.type === 'play');
  await clickAction(page, action);
  await shot(page, 'three-players-phone');
  // A reload resumes the three-player game with its seats.
  const count = await page.evaluate(() => window.__battleline.game.actionCount);
  await page.reload();
  await waitReady(page);
  assert.equal(await page.evaluate(() => window.__battleline.game.actionCount), count);
  await revealIfHandover(page);
  await assertBoardForThree(page);
  assertNoErrors(errors);
  await context.close();
});

test('two persons and a computer seat: the curtain between the persons, no hand shown while the computer plays', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startThree(page, { seats: ['person', 'computer:random', 'person'], seed: 11 });
  const random = rng(9);
  let toldBoth = 0;
  let s;
  let curtains = 0;
  let steps = 0;
  while (!(s = await state(page)).over) {
    if (s.current === 1) {
      // The computer's turn: the last person's hand is hidden until the next person takes the device.
      assert.equal(await page.locator('#hand [data-hand]').count(), 0, 'no hand while the computer plays');
      await page.waitForFunction(() => {
        const st = window.__battleline.state();
        return st.over || st.current !== 1;
      }, null, { timeout: 30000 });
      continue;
    }
    if (s.handover) {
      if (s.current === 2 && steps > 0) {
        // Player 3 is told every turn since their own: Player 1's and then the computer seat's.
        const told = await page.locator('#curtain .recent li').allInnerTexts();
        assert.ok(told.some((x) => /^Player 1 /.test(x)) && told.some((x) => /^Computer /.test(x)), `the hand-over tells both turns: ${told.join(' | ')}`);
        toldBoth++;
      }
      await revealIfHandover(page);
      curtains++;
      continue;
    }
    assert.equal(s.viewer, s.current);
    await clickAction(page, choose(await legal(page), random));
    steps++;
    assert.ok(steps < 400);
  }
  assert.ok(curtains > 8, `curtains: ${curtains}`);
  assert.ok(toldBoth > 3, `hand-overs to Player 3 checked: ${toldBoth}`);
  await page.locator('dialog.end').waitFor();
  await closeEndDialog(page);
  assertNoErrors(errors);
  await context.close();
});
