// The post-game review, walked by clicks as a player would: after a game against the computer (from the end
// dialog) and from the replay of an imported record; the progress bar and Cancel; the graph (a click on it
// goes to that decision); every marked decision visited with Next, its words checked against the engine's
// judgement and the better move marked on the board; the thresholds stated; the result kept with the game;
// English and Chinese; desktop and phone without scrolling; axe on every state. It also measures the time
// to review the 40-decision fixture at the hard budget (3,000 playouts) (reported, and bounded loosely).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PHONE, assertAccessible, assertNoErrors, openPage, pageOverflow as overflow, percent, playWeakGame, reviewOf, root, serveAndLaunch, shot, spoken, startGame, waitReady } from './helpers.mjs';
import { badForms } from './audit.mjs';

const env = serveAndLaunch();
const LAPTOP = { width: 1366, height: 768 };
const FORTY = readFileSync(`${root}tests/e2e/fixtures/review-40.json`, 'utf8');

/** Imports a finished record from the menu: it opens in the replay. */
async function importRecord(page, text) {
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=import]').click();
  const dialog = page.locator('dialog.dlg');
  await dialog.locator('textarea').fill(text);
  await dialog.locator('[data-dlg=load]').click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.replay-bar').waitFor();
}

/** Visits every marked decision with Next and checks what the panel says and shows. */
/** What a worded reason must name: a card (as its name is read aloud), a formation, a total, an out or a claim. */
const REASON_NAMES = /\b(Red|Orange|Yellow|Green|Blue|Purple) \d+\b|Wedge|Phalanx|Battalion|Skirmish|Host|total of|outs? unseen|claim|Fog|Mud|Leader|Companion|Shield|Alexander|Darius/;

async function walkMarks(page, { name, lang = 'en' }) {
  const r = await reviewOf(page);
  // The reviewed player's marks (the opponent's decisions are judged too, and listed apart).
  const marked = r.decisions.flatMap((d, i) => (d.judgement && d.player === r.player ? [i] : []));
  const mine = r.decisions.flatMap((d, i) => (d.player === r.player ? [i] : []));
  assert.ok(marked.length > 0, 'the weak moves are marked');
  const words = lang === 'en' ? { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' } : { inaccuracy: '不精确', mistake: '错误', blunder: '大错' };
  for (const i of marked) {
    await page.locator('.coach [data-act=rv-next]').click();
    const now = await reviewOf(page);
    assert.equal(now.selected, i, 'Next goes to the next marked decision');
    const d = now.decisions[i];
    const replay = await page.evaluate(() => ({ index: window.__battleline.controller.state.replay.index, viewer: window.__battleline.controller.state.replay.viewer }));
    assert.deepEqual(replay, { index: d.index, viewer: now.player }, 'the board shows the position before the decision, from its player’s side');
    const text = await spoken(page.locator('.coach .rv-detail'), { paragraphs: true });
    const n = mine.length;
    const k = mine.indexOf(i);
    if (lang === 'en') {
      assert.match(text, new RegExp(`^Decision ${k + 1} of ${n} · ${words[d.judgement]} ${name} played .+\\. ${words[d.judgement]}: it gave up ${percent(d.loss)} points of the chance to win\\.`));
      assert.match(text, new RegExp(`Better: .+ \\(shown on the board\\)\\. Chance to win: ${percent(d.withBest.win)}% instead of ${percent(d.withPlayed.win)}%\\.`));
      if (d.reason) assert.match(text, new RegExp(`With it the chance at flag ${d.reason.flag} is ${percent(d.reason.to)}% instead of ${percent(d.reason.from)}%\\.$`));
      // The engine's reasons, worded: each names a formation, a card, an out or a claim.
      const why = /Why it is better: (.*?)(?: With it the chance|$)/.exec(text)?.[1];
      if (d.bestReasons.length && why) {
        for (const sentence of why.split(/(?<=\.) /)) assert.match(sentence, REASON_NAMES, `a reason that names nothing: ${sentence}`);
      }
    } else {
      assert.match(text, new RegExp(`第 ${k + 1} 个决定，共 ${n} 个 · ${words[d.judgement]}`));
      assert.match(text, new RegExp(`胜率 ${percent(d.withBest.win)}%，而不是 ${percent(d.withPlayed.win)}%`));
    }
    assert.ok(percent(d.withBest.win) - percent(d.withPlayed.win) >= 4, 'a marked move gave up a clear share');
    // The better move on the board: its flag's column and its card are marked.
    const best = d.best;
    if ('flag' in best) assert.equal(await page.locator(`.col[data-flag="${best.flag}"].suggested`).count(), 1, JSON.stringify(best));
    if ('to' in best && best.to !== null) assert.equal(await page.locator(`.col[data-flag="${best.to}"].suggested`).count(), 1, JSON.stringify(best));
    // A guile card's move marks the tactics card in the hand (its target may be Fog or Mud, not a card element).
    const card = ['redeploy', 'deserter', 'traitor'].includes(best.type) ? best.type : best.card;
    if (card) assert.ok((await page.locator(`.suggested[data-card="${card}"]`).count()) >= 1, JSON.stringify(best));
    if (best.type === 'draw') assert.equal(await page.locator(`.deck.suggested[data-deck="${best.deck}"]`).count(), 1);
  }
}

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

test('review of an imported 40-decision record: whose decisions, Cancel, the time at the hard budget, Chinese', async () => {
  const { context, page, errors } = await openPage(env.browser, { viewport: LAPTOP });
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 1 });
  await importRecord(page, FORTY);
  // The replay of a finished game offers Review; the panel asks whose decisions.
  await page.locator('.replay-bar [data-act=review]').click();
  await page.locator('.coach [data-act="rv-player:0"]').waitFor();
  assert.match(await page.locator('.coach').innerText(), /Whose decisions should the computer review\?/);
  await assertAccessible(page, 'the review asking whose decisions');
  // Cancel while it runs, then again to the end.
  await page.locator('.coach [data-act="rv-player:0"]').click();
  await page.locator('.coach [data-act=rv-cancel]').click();
  await page.locator('.coach [data-act=rv-again]').waitFor();
  assert.match(await page.locator('.coach').innerText(), /The review was cancelled\./);
  assert.equal((await reviewOf(page)).status, 'cancelled');
  const event = page.evaluate(
    () =>
      new Promise((resolve) =>
        document
          .querySelector('battle-line-game')
          .addEventListener('battleline-review', (e) => resolve({ decisions: e.detail.review.decisions.filter((d) => d.player === 0).length, seed: e.detail.record.seed, player: e.detail.review.player }), { once: true }),
      ),
  );
  await page.locator('.coach [data-act=rv-again]').click();
  await assertAccessible(page, 'the review running (or just finished)');
  await page.locator('.coach .rv-graph').waitFor({ timeout: 60000 });
  assert.deepEqual(await event, { decisions: 40, seed: JSON.parse(FORTY).seed, player: 0 }, 'the element tells its page: battleline-review');
  const r = await reviewOf(page);
  assert.equal(r.decisions.filter((d) => d.player === 0).length, 40, 'the fixture has 40 decisions of player 1');
  assert.ok(r.turningPoints.length >= 1, 'the story of the fixture has a turning point');
  console.log(`# review of 40 decisions (${r.decisions.length} of both sides) at the hard budget in Chromium: ${Math.round(r.ms)} ms`);
  assert.ok(r.ms < 30000, `${r.ms} ms (target about 10 s)`);
  // In Chinese.
  await page.locator('.tools [data-act=lang]').click();
  assert.match(await page.locator('.coach .rv-thresholds').innerText(), /让胜率下降至少 5 个百分点为不精确，10 个为错误，20 个为大错/);
  await walkMarks(page, { name: '玩家一', lang: 'zh' });
  await assertAccessible(page, 'the review in Chinese');
  // By keyboard: the previous marked decision with Space, a mark of the list with Enter.
  const marked = r.decisions.flatMap((d, i) => (d.judgement && d.player === 0 ? [i] : []));
  await page.locator('.coach [data-act=rv-prev]').focus();
  await page.keyboard.press(' ');
  assert.equal((await reviewOf(page)).selected, marked.at(-2) ?? marked.at(-1));
  await page.locator('.coach .rv-mark').first().focus();
  await page.keyboard.press('Enter');
  assert.equal((await reviewOf(page)).selected, marked[0]);
  await shot(page, 'review-zh');
  assertNoErrors(errors);
  await context.close();
});

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
