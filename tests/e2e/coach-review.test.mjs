// The post-game review, walked by clicks as a player would: after a game against the computer (from the end
// dialog) and from the replay of an imported record; the progress bar and Cancel; the graph (a click on it
// goes to that decision); every marked decision visited with Next, its words checked against the engine's
// judgement and the better move marked on the board; the thresholds stated; the result kept with the game;
// English and Chinese; desktop and phone without scrolling; axe on every state. The review of the
// 40-decision fixture at the hard budget, which is timed, is coach-review-time.test.mjs's (run alone).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, assertAccessible, assertNoErrors, openPage, pageOverflow as overflow, playWeakGame, reviewOf, serveAndLaunch, shot, startGame, waitReady } from './helpers.mjs';
import { badForms } from './audit.mjs';
import { FORTY, LAPTOP, importRecord, walkMarks } from './review-walk.mjs';

const env = serveAndLaunch();

for (const [size, viewport] of [['desktop', LAPTOP], ['phone', PHONE]]) {
  test(`review after a game against the computer, walked by clicks (${size})`, async () => {
    const { context, page, errors } = await openPage(env.browser, { viewport });
    await page.goto(env.server.url);
    await waitReady(page);
    await startGame(page, { mode: 'computer', level: 'easy', seed: 3 });
    await playWeakGame(page);
    const end = page.locator('dialog.end');
    await end.waitFor();
    await end.locator('[data-dlg=review]').click();
    // Running: the progress bar and Cancel, in the replay of the game.
    const progress = page.locator('.coach .rv-progress');
    await progress.waitFor();
    assert.equal(await page.locator('.coach [data-act=rv-cancel]').count(), 1);
    await page.locator('.coach .rv-graph').waitFor({ timeout: 60000 });
    const r = await reviewOf(page);
    assert.equal(r.status, 'done');
    assert.equal(r.player, 0, 'the person’s own decisions');
    // The panel's words against the forms known to read wrong ("Review of You's game" was one).
    const panelText = await page.locator('.coach').innerText();
    assert.match(panelText, /^Review of your game/);
    assert.deepEqual(badForms(panelText, { lang: 'en', mode: 'computer', touch: size === 'phone' }), [], panelText);
    assert.equal(r.level, 'hard');
    const mine = r.decisions.filter((d) => d.player === r.player);
    assert.ok(mine.length > 5);
    assert.match(await page.locator('.coach .rv-thresholds').innerText(), /at least 5 points of the chance to win is an inaccuracy, 10 a mistake, 20 a blunder\. Each decision is judged by the search at the Hard budget from what its player could see then\./);
    assert.match(await page.locator('.coach .rv-summary').innerText(), new RegExp(`^${mine.length} decisions weighed\\. Inaccuracies: \\d+ · mistakes: \\d+ · blunders: \\d+\\.$`));
    assert.deepEqual(await overflow(page), { x: 0, y: 0 }, 'the review does not scroll the page');
    await assertAccessible(page, `the review (${size})`);
    await shot(page, `review-done-${size}`);

    // A click on the graph goes to the step under it: the last (the game's end), then the first decision.
    const graph = page.locator('.coach .rv-graph');
    const box = await graph.boundingBox();
    // The middle of the last step's column (the plot runs from 34 to 332 of the graph's 340 units).
    const column = (i) => (box.width * (34 + ((i + 0.5) * (332 - 34)) / r.steps.length)) / 340;
    await graph.click({ position: { x: column(r.steps.length - 1), y: box.height / 2 } });
    assert.equal((await reviewOf(page)).step, r.steps.length - 1, 'the last step');
    assert.equal(await page.evaluate(() => window.__battleline.controller.state.replay.index), r.steps.at(-1).index);
    await graph.click({ position: { x: column(0), y: box.height / 2 } });
    assert.equal((await reviewOf(page)).step, 0, 'the first step');
    assert.equal((await reviewOf(page)).selected, r.steps[0].cause.decision, 'the first step is the first decision');

    // The game's own names in its review (a computer game's replay keeps "You").
    await walkMarks(page, { name: 'You' });
    assert.deepEqual(await overflow(page), { x: 0, y: 0 });
    await assertAccessible(page, `a reviewed decision (${size})`);
    await shot(page, `review-decision-${size}`);
    // Back, and a mark of the list.
    await page.locator('.coach [data-act=rv-prev]').click();
    const firstMark = page.locator('.coach .rv-mark').first();
    await firstMark.click();
    assert.equal(await firstMark.getAttribute('aria-current'), 'true');

    // The review is kept with the game: closed and asked again, it comes back at once.
    await page.locator('.coach [data-act=rv-close]').click();
    assert.equal(await page.locator('.coach').isHidden(), true);
    await page.locator('.replay-bar [data-act=review]').click();
    await page.locator('.coach .rv-graph').waitFor({ timeout: 2000 });
    const again = await reviewOf(page);
    assert.deepEqual(again.decisions, r.decisions);
    assert.equal(again.ms, null, 'from the store, not computed again');
    // Leaving the replay closes the review (on a phone the review first gives the board back).
    if (size === 'phone') await page.locator('.coach [data-act=rv-expand]').click();
    await page.locator('[data-act=rp-exit]').click();
    assert.equal(await page.locator('.coach').isHidden(), true);
    assertNoErrors(errors);
    await context.close();
  });
}

test('a replay of an unfinished game offers no review', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'computer', level: 'easy', seed: 4 });
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  for (let i = 0; i < 6; i++) {
    await page.waitForFunction(() => window.__battleline.state().myTurn);
    await page.evaluate(() => window.__battleline.apply(window.__battleline.legal().find((a) => a.type === 'play') ?? window.__battleline.legal()[0]));
  }
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=replay]').click();
  await page.locator('.replay-bar').waitFor();
  assert.equal(await page.locator('.replay-bar [data-act=review]').count(), 0, 'every hand would be known: no review before the end');
  assertNoErrors(errors);
  await context.close();
});

test('an element without the coach’s attributes offers none of its parts', async () => {
  const { context, page, errors } = await openPage(env.browser);
  // The page's element has them all; taken away before the element mounts (it reads them then).
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const el = document.querySelector('battle-line-game');
      for (const name of ['review', 'win-chances', 'statistics', 'unseen-cards']) el.removeAttribute(name);
    }),
  );
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 1 });
  assert.equal(await page.locator('.menu [data-act=stats], .menu [data-act=unseen]').count(), 0, 'no statistics, no unseen cards');
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=settings]').click();
  assert.equal(await page.locator('dialog.dlg input[name=winChances]').count(), 0, 'no win-chances setting');
  await page.locator('dialog.dlg [data-dlg=cancel]').click();
  await importRecord(page, FORTY);
  assert.equal(await page.locator('.replay-bar [data-act=review]').count(), 0, 'no review');
  assertNoErrors(errors);
  await context.close();
});

for (const [size, viewport] of [['desktop', LAPTOP], ['phone', PHONE]]) {
  test(`no step of a reviewed game scrolls the page (${size})`, async () => {
    const { context, page, errors } = await openPage(env.browser, { viewport });
    await page.goto(env.server.url);
    await waitReady(page);
    await startGame(page, { mode: 'hotseat', seed: 1 });
    await importRecord(page, FORTY);
    await page.locator('.replay-bar [data-act=review]').click();
    await page.locator('.coach [data-act="rv-player:0"]').click();
    await page.locator('.coach .rv-graph').waitFor({ timeout: 60000 });
    // Every step of the record (Mud's column of four, full hands late in the game), the review open.
    const total = JSON.parse(FORTY).actions.length;
    let worst = { x: 0, y: 0, at: -1 };
    for (let i = 0; i <= total; i++) {
      await page.evaluate((i) => window.__battleline.controller.replayTo(i), i);
      const o = await overflow(page);
      if (o.x > worst.x || o.y > worst.y) {
        worst = { x: Math.max(o.x, worst.x), y: Math.max(o.y, worst.y), at: i };
        await shot(page, `review-scroll-${size}-${i}`);
      }
    }
    assert.deepEqual(worst, { x: 0, y: 0, at: -1 }, `the page scrolled (first at step ${worst.at})`);
    assertNoErrors(errors);
    await context.close();
  });
}

test('the review by touch on a phone: a tap on the graph, on the arrows and on a mark', async () => {
  const context = await env.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 1, reducedMotion: 'reduce', locale: 'en-GB' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(`page: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  await page.goto(env.server.url);
  await waitReady(page);
  const start = page.locator('dialog.start');
  await start.locator('input[name=mode][value=hotseat]').tap();
  await start.locator('[data-dlg=start]').tap();
  await start.waitFor({ state: 'detached' });
  await page.locator('.tools [data-act=menu]').tap();
  await page.locator('.menu [data-act=import]').tap();
  await page.locator('dialog.dlg textarea').fill(FORTY);
  await page.locator('dialog.dlg [data-dlg=load]').tap();
  await page.locator('.replay-bar [data-act=review]').tap();
  await page.locator('.coach [data-act="rv-player:0"]').tap();
  const graph = page.locator('.coach .rv-graph');
  await graph.waitFor({ timeout: 60000 });
  const box = await graph.boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const tapped = await reviewOf(page);
  const middle = tapped.step;
  assert.ok(middle > tapped.steps.length / 4 && middle < (tapped.steps.length * 3) / 4, `a tap in the middle of the graph: step ${middle}`);
  const from = tapped.selected ?? -1;
  const next = tapped.decisions.findIndex((d, i) => i > from && d.judgement && d.player === 0);
  if (next !== -1) {
    await page.locator('.coach [data-act=rv-next]').tap();
    assert.equal((await reviewOf(page)).selected, next, 'the arrow goes to the next marked decision');
  } else {
    assert.equal(await page.locator('.coach [data-act=rv-next]').isDisabled(), true, 'no next mark: the arrow is disabled');
  }
  await page.locator('.coach .rv-mark').first().tap();
  assert.equal((await reviewOf(page)).selected, tapped.decisions.findIndex((d) => d.judgement && d.player === 0));
  assert.deepEqual(await overflow(page), { x: 0, y: 0 });
  await shot(page, 'review-touch');
  assertNoErrors(errors);
  await context.close();
});
