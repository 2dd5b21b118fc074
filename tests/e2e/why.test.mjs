// A greyed-out card says why, in the player's language, from the engine's refusal: on hover
// (tooltip), on focus (its accessible description) and when pressed (the message bar). Built from a seeded
// game in which the player to move holds a tactics card they may not play: one tactics card ahead (R-TAC-1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, fastForward, openPage, revealIfHandover, serveAndLaunch, startGame, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

test('a tactics card that would put the player two ahead is greyed out and says why', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 14 });
  await revealIfHandover(page);
  // Play on (troops only, drawing tactics) until a player who is one tactics card ahead holds another:
  // first let someone play one tactics card, then wait for that player's turn with a tactics card in hand.
  await fastForward(page, {
    until: (h) => {
      const v = h.view();
      const me = h.state().viewer;
      const mine = v.tacticsPlayed[me];
      const theirs = v.tacticsPlayed[1 - me];
      return h.state().phase === 'play' && v.current === me && mine > theirs && v.hand.some((c) => !/^[roygbp]\d/.test(c));
    },
    policy: (acts, h, random) => {
      const v = h.view();
      const tactic = acts.find((a) => a.type === 'play' && ['companion', 'shield', 'alexander', 'darius'].includes(a.card));
      if (tactic && v.tacticsPlayed.every((n) => n === 0)) return tactic;
      const troops = acts.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
      if (troops.length) return troops[Math.floor(random() * troops.length)];
      return acts.find((a) => a.type === 'draw' && a.deck === 'tactics') ?? acts.find((a) => a.type === 'endClaims') ?? acts.find((a) => a.type === 'draw') ?? acts[0];
    },
  });
  await revealIfHandover(page);
  const idle = page.locator('.hand [data-hand][data-why]');
  assert.ok((await idle.count()) > 0, 'a greyed-out card carries its reason');
  const card = page.locator('.hand .tactic[data-why]').first();
  const why = 'Not now: you may be at most one tactics card ahead of your opponent.';
  assert.equal(await card.getAttribute('title'), why, 'the tooltip says why');
  assert.equal(await card.getAttribute('aria-description'), why, 'read with the card on focus');
  assert.equal(await card.getAttribute('aria-disabled'), 'true');
  await card.click({ force: true }); // (aria-disabled, not disabled: a person can press it)
  await page.locator('#actionbar', { hasText: why }).waitFor();
  // The engine agrees that no action plays it.
  const name = await card.getAttribute('data-hand');
  assert.equal(await page.evaluate((c) => window.__battleline.legal().some((a) => a.card === c), name), false);
  // In Chinese the same reason, in Chinese.
  await page.locator('.tools [data-act=lang]').click();
  assert.match(await page.locator('.hand .tactic[data-why]').first().getAttribute('title'), /战术牌最多只能比对手多一张/);
  assertNoErrors(errors);
  await context.close();
});

test('with a card selected, a flag it cannot go to says why on focus and on a press, instead of opening a claim', async () => {
  const { context, page, errors } = await openPage(env.browser);
  // The tutorial's fifth step: your side of flag 2 is full (a Phalanx of sevens) and cannot be claimed yet.
  await page.addInitScript(() => localStorage.setItem('battleline.tutorial.v1', JSON.stringify({ index: 4, completed: [] })));
  await page.goto(env.server.url);
  await waitReady(page);
  await page.locator('dialog.start [data-dlg=start]').click();
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=tutorial]').click();
  await page.locator('#lesson').waitFor();
  await page.locator('[data-hand="r2"]').click();
  const flag2 = page.locator('.flag-btn[data-flag="2"]');
  const why = 'Not here: your side of flag 2 is full.';
  assert.equal(await flag2.getAttribute('aria-description'), why, 'focus: the accessible description');
  assert.equal(await flag2.getAttribute('title'), why, 'hover: the tooltip');
  assert.equal(await page.locator('.flag-btn[data-flag="4"][data-why]').count(), 0, 'a flag it can go to has no reason');
  await flag2.click();
  await page.locator('#actionbar .message', { hasText: why }).waitFor();
  assert.equal(await page.locator('dialog.claim').count(), 0, 'no claim window');
  assertNoErrors(errors);
  await context.close();
});
