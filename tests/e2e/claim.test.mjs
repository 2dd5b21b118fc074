// Claims by clicking a flag: a refused claim shows the engine's reason with its counterexample; an
// accepted one moves the pennant to the claimant's side.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, fastForward, openPage, revealIfHandover, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

/** Troops only, never claiming: complete sides pile up. */
function troopsNoClaims(actions, h, random) {
  const plays = actions.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
  if (plays.length) return plays[Math.floor(random() * plays.length)];
  return actions.find((a) => a.type === 'draw' && a.deck === 'troop') ?? actions.find((a) => a.type === 'endClaims') ?? actions.find((a) => a.type === 'draw') ?? actions.find((a) => a.type === 'pass') ?? actions[0];
}

/** The player to move has a complete side the engine refuses, with a counterexample to show. */
function refusedClaimWaiting(h) {
  const s = h.state();
  if (s.phase !== 'play') return false;
  const view = h.game.view(s.current);
  return view.flags.some((f) => {
    if (f.claimedBy !== null || f.sides[s.current].length !== 3 || f.mud !== null) return false;
    const other = f.sides[1 - s.current].length;
    if (other === 0 || other === 3) return false;
    const proof = h.game.explainClaim(f.flag, s.current);
    return !proof.claimable && proof.opponents.some((o) => o.beatsClaimant && o.added.length > 0);
  });
}

test('a refused claim shows why, with the counterexample; a claim that holds moves the pennant', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 77, tactics: false });
  await fastForward(page, { until: refusedClaimWaiting, policy: troopsNoClaims, seed: 3 });
  let s = await state(page);
  assert.equal(s.over, false, 'a refusable claim came up before the end');
  await revealIfHandover(page);
  const flag = await page.evaluate(() => {
    const h = window.__battleline;
    const me = h.state().current;
    return h.game.view(me).flags.find((f) => {
      if (f.claimedBy !== null || f.sides[me].length !== 3 || f.mud !== null) return false;
      const other = f.sides[1 - me].length;
      const proof = h.game.explainClaim(f.flag, me);
      return other > 0 && other < 3 && !proof.claimable && proof.opponents.some((o) => o.beatsClaimant && o.added.length > 0);
    }).flag;
  });
  const before = await page.evaluate(() => window.__battleline.game.digest());
  await page.locator(`.flag-btn[data-flag="${flag}"]`).click();
  const dialog = page.locator('dialog.claim');
  await dialog.waitFor();
  const text = await dialog.innerText();
  assert.match(text, new RegExp(`Flag ${flag}: can Player [12] claim it\\?`));
  assert.match(text, /No, not yet\./);
  assert.match(text, /Counterexample: if Player [12] gets/);
  assert.match(text, /which beats/);
  assert.ok((await dialog.locator('.proof-row.counter .mini').count()) >= 2, 'the counterexample cards are drawn');
  assert.ok((await dialog.locator('.proof-row.mine .mini').count()) === 3, 'the claimant’s three cards are drawn');
  await shot(page, 'claim-explanation');
  await dialog.locator('[data-dlg=close]').click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => window.__battleline.game.digest()), before, 'a refused claim changes nothing');

  // Now a claim that holds: fast-forward until the player to move may claim.
  await fastForward(page, {
    until: (h) => h.legal().some((a) => a.type === 'claim'),
    policy: troopsNoClaims,
    seed: 5,
  });
  s = await state(page);
  assert.equal(s.over, false);
  await revealIfHandover(page);
  const claim = (await page.evaluate(() => window.__battleline.legal())).find((a) => a.type === 'claim');
  assert.equal(await page.locator(`.flag-btn[data-flag="${claim.flag}"].claimable`).count(), 1, 'the claimable flag is marked');
  await page.locator(`.flag-btn[data-flag="${claim.flag}"]`).click();
  await page.locator(`.col[data-flag="${claim.flag}"] .claim-slot.bottom .won-flag`).waitFor();
  assert.equal(await page.evaluate((f) => window.__battleline.game.view(0).flags[f - 1].claimedBy !== null, claim.flag), true);
  assert.match(await page.locator('#log').innerText(), new RegExp(`claimed flag ${claim.flag}`));
  assertNoErrors(errors);
  await context.close();
});

test('the claim hints can be turned off in the settings', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 78, tactics: false });
  await fastForward(page, {
    until: (h) => h.state().phase === 'play' && h.game.view(h.state().current).claimable.length > 0,
    policy: troopsNoClaims,
    seed: 9,
  });
  await revealIfHandover(page);
  assert.ok((await page.locator('.flag-btn.hinted, .flag-btn.claimable').count()) > 0, 'hints are on by default');
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=settings]').click();
  const dialog = page.locator('dialog.dlg');
  await dialog.locator('input[name=hints]').uncheck();
  await dialog.locator('[data-dlg=ok]').click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.locator('.flag-btn.hinted').count(), 0, 'no hints once turned off');
  assertNoErrors(errors);
  await context.close();
});
