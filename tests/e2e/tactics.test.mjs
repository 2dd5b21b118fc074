// Each of the ten tactics cards used through the page: the test fast-forwards through the hook with
// troop plays (drawing tactics when it can) and, whenever a player can use a tactics card not yet
// covered, carries it out by clicks: morale cards to a flag, Fog and Mud on a flag, Scout's three
// draws and two returns, Redeploy / Deserter / Traitor by source card and destination.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, clickAction, closeEndDialog, fastForward, lastAction, legal, newGameViaUI, openPage, revealIfHandover, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

const MORALE = ['alexander', 'darius', 'companion', 'shield'];
function tacticOf(a) {
  if (a.type === 'play' && MORALE.includes(a.card)) return a.card;
  if (a.type === 'environment') return a.card;
  if (['scout', 'redeploy', 'deserter', 'traitor'].includes(a.type)) return a.type;
  return null;
}

/** Fast-forward policy (runs in the page): draw tactics, play troops, never claim (flags stay open). */
function filler(actions, h, random) {
  const morale = ['alexander', 'darius', 'companion', 'shield'];
  const draws = actions.filter((a) => a.type === 'draw' || a.type === 'scoutDraw');
  if (draws.length) return draws.find((a) => a.deck === 'tactics') ?? draws[0];
  const troops = actions.filter((a) => a.type === 'play' && !morale.includes(a.card));
  if (troops.length) return troops[Math.floor(random() * troops.length)];
  return actions.find((a) => a.type === 'endClaims') ?? actions.find((a) => a.type === 'pass') ?? actions.find((a) => a.type === 'scoutReturn') ?? actions[0];
}

test('every tactics card, used through the page', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  const wanted = new Set([...MORALE, 'fog', 'mud', 'scout', 'redeploy', 'deserter', 'traitor']);
  const shots = new Set();
  let games = 0;
  for (const seed of [31, 32, 33, 34, 35, 36, 37, 38]) {
    if (wanted.size === 0) break;
    if (games === 0) await startGame(page, { mode: 'hotseat', seed });
    else await newGameViaUI(page, { mode: 'hotseat', seed });
    games++;
    for (let steps = 0; steps < 60 && wanted.size > 0; steps++) {
      // Fast-forward in the page until the player to move can use a tactics card still wanted.
      const wantedNow = [...wanted];
      await fastForward(page, {
        until: new Function('h', `const wanted = ${JSON.stringify(wantedNow)};
          if (h.state().phase !== 'play') return false;
          return h.legal().some((a) => (a.type === 'play' || a.type === 'environment') ? wanted.includes(a.card) : wanted.includes(a.type));`),
        policy: filler,
        seed: seed * 7 + steps,
      });
      const s = await state(page);
      if (s.over) break;
      const actions = await legal(page);
      const use = actions.find((a) => wanted.has(tacticOf(a)));
      if (!use) break;
      const tactic = tacticOf(use);
      await revealIfHandover(page);
      if (tactic === 'traitor' || tactic === 'redeploy') {
        // Half-way through: the source is picked and the destinations are lit.
        await page.locator(`[data-hand="${tactic}"]`).click();
        await page.locator(`[data-src="${use.card}"]`).click({ position: { x: 12, y: 7 } });
        assert.ok((await page.locator('.col.lit-side').count()) > 0 || (await page.locator('[data-act=discard]').count()) > 0);
        if (!shots.has('guile')) {
          await shot(page, 'tactic-guile');
          shots.add('guile');
        }
        await page.locator('[data-act=cancel]').click();
      }
      await clickAction(page, use);
      assert.deepEqual(await lastAction(page), use, `${tactic} was played as chosen`);
      if (tactic === 'scout') {
        // Scout: three draws, choosing decks, then two cards go back.
        let draws = 0;
        let returns = 0;
        for (;;) {
          const st = await state(page);
          if (st.phase !== 'scoutDraw' && st.phase !== 'scoutReturn') break;
          const next = await legal(page);
          const act = st.phase === 'scoutDraw' ? next.find((a) => a.deck === (draws % 2 ? 'tactics' : 'troop')) ?? next[0] : next[0];
          if (st.phase === 'scoutReturn' && !shots.has('scout')) {
            assert.match(await page.locator('#actionbar').innerText(), /Scout: pick a card/);
            await shot(page, 'tactic-scout-return');
            shots.add('scout');
          }
          await clickAction(page, act);
          assert.deepEqual(await lastAction(page), act);
          if (act.type === 'scoutDraw') draws++;
          else returns++;
        }
        assert.ok(draws >= 1 && draws <= 3, `scout drew ${draws}`);
        assert.ok(returns >= 1 && returns <= 2, `scout returned ${returns}`);
      }
      if (tactic === 'fog' || tactic === 'mud') {
        assert.equal(await page.locator(`.col[data-flag="${use.flag}"].${tactic}`).count(), 1, `${tactic} shows on flag ${use.flag}`);
      }
      wanted.delete(tactic);
    }
    await closeEndDialog(page);
  }
  assert.deepEqual([...wanted], [], `tactics not reached: ${[...wanted].join(', ')}`);
  assertNoErrors(errors);
  await context.close();
});
