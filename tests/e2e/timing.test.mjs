// The three claim timings (R-VAR-1) through the page: the step chips follow the timing, and the claim
// step ends by simply going on (a deck after playing; a card at the start of a turn) or with End turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, fastForward, openPage, revealIfHandover, serveAndLaunch, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

function troopsNoClaims(actions, h, random) {
  const plays = actions.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
  if (plays.length) return plays[Math.floor(random() * plays.length)];
  return actions.find((a) => a.type === 'draw' && a.deck === 'troop') ?? actions.find((a) => a.type === 'endClaims') ?? actions.find((a) => a.type === 'draw') ?? actions.find((a) => a.type === 'pass') ?? actions[0];
}

const lastTwo = (page) => page.evaluate(() => window.__battleline.game.record().actions.slice(-2));

async function toClaimStep(page, timing, seed) {
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed, timing, tactics: false });
  await fastForward(page, { until: (h) => h.state().phase === 'claim', policy: troopsNoClaims, seed });
  const s = await state(page);
  assert.equal(s.over, false);
  assert.equal(s.phase, 'claim');
  await revealIfHandover(page);
  return s;
}

const chips = (page) => page.locator('#actionbar .steps li').allInnerTexts();

test('standard timing: drawing during the claim step ends the claims', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await toClaimStep(page, 'afterPlay', 61);
  assert.deepEqual(await chips(page), ['Play', 'Claim', 'Draw']);
  assert.equal(await page.locator('#actionbar .steps li.now').innerText(), 'Claim');
  assert.ok((await page.locator('.flag-btn.claimable').count()) > 0, 'claimable flags are marked');
  await page.locator('[data-deck=troop]').click();
  const [a, b] = await lastTwo(page);
  assert.deepEqual(a, { type: 'endClaims' });
  assert.deepEqual(b, { type: 'draw', deck: 'troop' });
  assertNoErrors(errors);
  await context.close();
});

test('advanced timing (claim, play, draw): playing a card ends the claims', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await toClaimStep(page, 'startOfTurn', 62);
  assert.deepEqual(await chips(page), ['Claim', 'Play', 'Draw']);
  const card = await page.locator('#hand .card.playable').first().getAttribute('data-hand');
  assert.ok(card, 'hand cards can be chosen during the claim step');
  await page.locator(`[data-hand="${card}"]`).click();
  const target = page.locator('.col.lit-side').first();
  const flag = Number(await target.getAttribute('data-flag'));
  assert.equal((await state(page)).phase, 'claim', 'choosing a card does not end the claims yet');
  await target.locator('.side.me').click();
  const [a, b] = await lastTwo(page);
  assert.deepEqual(a, { type: 'endClaims' });
  assert.deepEqual(b, { type: 'play', card, flag });
  assertNoErrors(errors);
  await context.close();
});

test('end-of-turn timing (play, draw, claim): claim, then End turn', async () => {
  const { context, page, errors } = await openPage(env.browser);
  const s = await toClaimStep(page, 'endOfTurn', 63);
  assert.deepEqual(await chips(page), ['Play', 'Draw', 'Claim']);
  const claim = (await page.evaluate(() => window.__battleline.legal())).find((a) => a.type === 'claim');
  await page.locator(`.flag-btn[data-flag="${claim.flag}"]`).click();
  await page.waitForFunction((f) => window.__battleline.game.view(0).flags[f - 1].claimedBy !== null, claim.flag);
  const now = await state(page);
  if (!now.over && now.phase === 'claim' && now.current === s.current) {
    await page.locator('#actionbar [data-act=endClaims]').click();
    const [a, b] = await lastTwo(page);
    assert.equal(a.type, 'claim');
    assert.deepEqual(b, { type: 'endClaims' });
  }
  assertNoErrors(errors);
  await context.close();
});
