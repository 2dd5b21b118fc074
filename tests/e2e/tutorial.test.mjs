// The tutorial as a newcomer meets it: offered in the first visit's start dialog, walked step
// by step by clicks on the real board (a play, a draw, a formation, a comparison, a refused claim and its
// explanation, a claim with proof, breakthrough and envelopment, then every tactics card), each step's
// goal reached only by doing it; axe-core on every step; a screenshot of every step in English and
// Chinese; progress kept across a reload; the player's own game untouched by it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, assertAccessible, revealIfHandover, assertNoErrors, clickAction, openPage, serveAndLaunch, shot, startGame, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

/** What the learner does in each step, as engine actions carried out by clicks (or a step's own driver). */
const WALK = [
  ['turnPlay', [{ type: 'play', card: 'r3', flag: 1 }]],
  ['turnDraw', [{ type: 'draw', deck: 'troop' }]],
  ['formWedge', [{ type: 'play', card: 'r10', flag: 3 }]],
  ['formCompare', [{ type: 'claim', flag: 3 }]],
  ['proofRefused', 'refused-claim'],
  ['proofClaim', [{ type: 'claim', flag: 6 }]],
  ['winBreakthrough', [{ type: 'claim', flag: 3 }]],
  ['winEnvelopment', [{ type: 'claim', flag: 9 }]],
  ['tacticLeader', [{ type: 'play', card: 'alexander', flag: 4 }]],
  ['tacticCompanion', [{ type: 'play', card: 'companion', flag: 5 }]],
  ['tacticShield', [{ type: 'play', card: 'shield', flag: 7 }]],
  ['tacticFog', [{ type: 'environment', card: 'fog', flag: 8 }]],
  ['tacticMud', [{ type: 'environment', card: 'mud', flag: 2 }]],
  [
    'tacticScout',
    [
      { type: 'scout' },
      { type: 'scoutDraw', deck: 'troop' },
      { type: 'scoutDraw', deck: 'troop' },
      { type: 'scoutDraw', deck: 'tactics' },
      { type: 'scoutReturn', card: 'o5' },
      { type: 'scoutReturn', card: 'y3' },
    ],
  ],
  ['tacticRedeploy', [{ type: 'redeploy', card: 'g5', to: 2 }]],
  ['tacticDeserter', [{ type: 'deserter', card: 'b10' }]],
  ['tacticTraitor', [{ type: 'traitor', card: 'o10', to: 6 }]],
];

/** The flags that win the two winning steps: a breakthrough's three, an envelopment's five. */
const WON = { winBreakthrough: [1, 2, 3], winEnvelopment: [1, 3, 5, 7, 9] };

const panel = (page) => page.locator('#lesson');
const nextButton = (page) => page.locator('#lesson [data-act=lesson-next]');
const stepCount = (page) => page.locator('#lesson .lesson-count').textContent();

/** The step count once it reads `pattern` (the lesson redraws after Next), or as it reads after 5 s. */
async function stepCountOnceShown(page, pattern) {
  await page.locator('#lesson .lesson-count').filter({ hasText: pattern }).waitFor({ timeout: 5000 }).catch(() => {});
  return stepCount(page);
}

async function doStep(page, how) {
  if (how === 'refused-claim') {
    // Asking about flag 2 opens the explanation with a counterexample; closing it completes the step.
    await page.locator('.flag-btn[data-flag="2"]').click();
    const dialog = page.locator('dialog.claim');
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Wedge|同花顺/, 'the refusal shows the Wedge that could beat the Phalanx');
    await dialog.locator('[data-dlg=close]').click();
    await dialog.waitFor({ state: 'detached' });
    return;
  }
  for (const action of how) {
    if (action.type === 'redeploy' || action.type === 'traitor') {
      // As the step says: the guile card, the card to move, then the flag (its pennant).
      const before = await page.evaluate(() => window.__battleline.game.actionCount);
      await page.locator(`[data-hand="${action.type}"]`).click();
      await page.locator(`[data-src="${action.card}"]`).click({ position: { x: 12, y: 7 } });
      await page.locator(`.flag-btn[data-flag="${action.to}"]`).click();
      await page.waitForFunction((n) => window.__battleline.game.actionCount > n, before);
    } else {
      await clickAction(page, action);
    }
  }
}

async function assertNoScroll(page, where) {
  const scrolls = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  assert.ok(scrolls <= 0, `${where} scrolls the page by ${scrolls}px`);
}

async function walk(page, { lang, shots, axe }) {
  for (const [i, [id, how]] of WALK.entries()) {
    await assertNoScroll(page, `step ${id} (${lang})`);
    const stepPattern = new RegExp(`${i + 1}\\D+${WALK.length}`);
    assert.match(await stepCountOnceShown(page, stepPattern), stepPattern, `step ${id} is step ${i + 1}`);
    assert.equal(await nextButton(page).count(), 0, `${id}: no Next before the goal is reached`);
    if (shots) await shot(page, `tutorial-${lang}-${String(i + 1).padStart(2, '0')}-${id}`);
    if (axe) await assertAccessible(page, `tutorial step ${id} (${lang})`);
    await doStep(page, how);
    await nextButton(page).waitFor({ timeout: 5000 });
    assert.ok(await page.evaluate(() => window.__activeElement()?.dataset.act === 'lesson-next'), `${id}: Next takes the focus once done`);
    await assertNoScroll(page, `step ${id} done (${lang})`);
    if (WON[id]) {
      // The winning flags are marked on the board, as the engine reported them.
      const marked = await page.locator('.col.winning').evaluateAll((cols) => cols.map((c) => Number(c.dataset.flag)));
      assert.deepEqual(marked, WON[id], `${id}: the winning flags`);
    }
    if (shots) await shot(page, `tutorial-${lang}-${String(i + 1).padStart(2, '0')}-${id}-done`);
    await nextButton(page).click();
  }
}

test('a first visit offers the tutorial, and every step is reached by doing it (English, desktop, axe on each)', async () => {
  const { context, page, errors } = await openPage(env.browser, { viewport: { width: 1366, height: 768 } });
  await page.goto(env.server.url);
  await waitReady(page);
  const start = page.locator('dialog.start');
  await start.waitFor();
  assert.match(await start.locator('.tutorial-offer').textContent(), /New to Battle Line/);
  await assertAccessible(page, 'start dialog with the tutorial offer');
  await start.locator('[data-dlg=tutorial]').click();
  await panel(page).waitFor();
  await walk(page, { lang: 'en', shots: true, axe: true });
  // Finished: back to a game of one's own, the tutorial no longer offered in the start dialog.
  await page.locator('dialog.start').waitFor();
  assert.equal(await page.locator('dialog.start .tutorial-offer').count(), 0);
  assert.ok(await panel(page).isHidden());
  assertNoErrors(errors);
  await context.close();
});

test('in Chinese on a phone, by taps: the steps read in Chinese and nothing scrolls', async () => {
  const { context, page, errors } = await openPage(env.browser, { viewport: PHONE, locale: 'zh-CN' });
  await page.addInitScript(() => localStorage.setItem('battleline.settings.v1', JSON.stringify({ lang: 'zh', hints: true, aiDelay: 0 })));
  await page.goto(env.server.url);
  await waitReady(page);
  await page.locator('dialog.start [data-dlg=tutorial]').click();
  await panel(page).waitFor();
  assert.match(await panel(page).textContent(), /教程/);
  await assertAccessible(page, 'tutorial on a phone in Chinese');
  await walk(page, { lang: 'zh', shots: true, axe: false });
  assertNoErrors(errors);
  await context.close();
});

test('the tutorial keeps its place across a reload and leaves the own game as it was', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 5 });
  await revealIfHandover(page);
  const ownRecord = await page.evaluate(() => JSON.stringify(window.__battleline.game.record()));
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=tutorial]').click();
  await panel(page).waitFor();
  await doStep(page, WALK[0][1]);
  await nextButton(page).click();
  assert.match(await stepCount(page), /Step 2 of/);
  // "Start this step again" puts the board back as the step began.
  const begun = await page.evaluate(() => window.__battleline.game.digest());
  await doStep(page, WALK[1][1]);
  await page.locator('#lesson [data-act=lesson-again]').click();
  assert.equal(await page.evaluate(() => window.__battleline.game.digest()), begun);
  assert.equal(await nextButton(page).count(), 0);

  await page.reload();
  await waitReady(page);
  // The own game is back, as it was; the tutorial resumes from the menu where it was left.
  assert.equal(await page.evaluate(() => JSON.stringify(window.__battleline.game.record())), ownRecord);
  assert.ok(await panel(page).isHidden());
  await revealIfHandover(page);
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=tutorial]').click();
  // Step 2 was done before it was started again: the tutorial resumes at step 3.
  assert.match(await stepCount(page), /Step 3 of/);
  await page.locator('#lesson [data-act=lesson-leave]').click();
  await page.waitForFunction(() => document.querySelector('battle-line-game').shadowRoot.getElementById('lesson').hidden);
  assert.equal(await page.evaluate(() => JSON.stringify(window.__battleline.game.record())), ownRecord);
  assertNoErrors(errors);
  await context.close();
});
