// "Why did I lose?", asked as a player would: a game against the computer played to its end, its review
// opened at 1366×768 and 390×844 in English and Chinese; the turning points read (each with its cause:
// a move, or the card drawn and what it gave), the graph read by hovering, tapping and from the keyboard
// (its axes and both sides), the accuracy of both sides; a marked decision replayed as a puzzle and
// solved; axe on the review and the puzzle; screenshots. (The 40-decision fixture's review at the hard
// budget, its time and its turning points, is coach-review.test.mjs's.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, assertAccessible, assertNoErrors, openPage, percent, playWeakGame, reviewOf, serveAndLaunch, shot, spoken, startGame, waitReady } from './helpers.mjs';
import { badForms } from './audit.mjs';

const env = serveAndLaunch();
const LAPTOP = { width: 1366, height: 768 };

for (const [size, viewport] of [
  ['laptop', LAPTOP],
  ['phone', PHONE],
]) {
  test(`why did I lose: turning points, the graph, accuracy and a puzzle (${size})`, async () => {
    const { context, page, errors } = await openPage(env.browser, { viewport, hasTouch: size === 'phone' });
    await page.goto(env.server.url);
    await waitReady(page);
    await startGame(page, { mode: 'computer', level: 'easy', seed: 3 });
    await playWeakGame(page);
    const end = page.locator('dialog.end');
    await end.waitFor();
    await end.locator('[data-dlg=review]').click();
    await page.locator('.coach .rv-graph').waitFor({ timeout: 180000 });
    const r = await reviewOf(page);
    assert.equal(r.status, 'done');
    const story = r.games[0];
    assert.ok(story.over && story.winner === 1, 'the weak player lost');
    // Both sides' decisions are judged, each side with its accuracy.
    assert.ok(r.decisions.some((d) => d.player === 0) && r.decisions.some((d) => d.player === 1));
    const accuracy = await page.locator('.coach .rv-accuracy').innerText();
    assert.match(accuracy, new RegExp(`^Accuracy: You ${Math.round(r.accuracy[0])}% · Computer ${Math.round(r.accuracy[1])}%$`));
    // Where the chance went, in points per cause, adding up to the fall.
    const where = await page.locator('.coach .rv-where').innerText();
    assert.match(where, new RegExp(`^Where your chance went \\(${percent(story.start)}% → 0%\\): your decisions [−+]?\\d+, those of Computer [−+]?\\d+, the draws [−+]?\\d+ points\\.$`));
    // The turning points: at least one fall, each with its cause in words.
    const points = page.locator('.coach .rv-turn');
    assert.ok((await points.count()) >= 1, 'a lost game names a turning point');
    assert.ok((await page.locator('.coach .rv-turn.fall').count()) >= 1);
    for (let i = 0; i < (await points.count()); i++) {
      const text = await spoken(points.nth(i));
      assert.match(text, /^Turn \d+: (You played .+|Computer played .+|the draw of .+ gave (you|Computer) a .+ at flag \d|the cards drawn and held unseen): [−+]\d+ points for you\./, text);
    }
    const panel = await page.locator('.coach').innerText();
    assert.deepEqual(badForms(panel, { lang: 'en', mode: 'computer', touch: size === 'phone' }), [], panel);
    assert.doesNotMatch(panel, /played a draw|the difference is small/);
    if (size === 'phone') {
      // On a phone the review takes the screen below the top bar, and gives the board back on request.
      const box = await page.locator('.coach').boundingBox();
      const top = await page.locator('.topbar').boundingBox();
      assert.ok(box.y >= top.y + top.height - 1 && box.y + box.height >= PHONE.height - 2 && box.width >= PHONE.width - 2, JSON.stringify({ box, top }));
      assert.equal(await page.locator('.table').isVisible(), false, 'the board gives up its room');
    }
    await assertAccessible(page, `the review (${size})`);
    await shot(page, `story-review-${size}`);

    // The graph: axes at 0, 50 and 100 % and turn numbers; both sides drawn.
    const graph = page.locator('.coach .rv-graph');
    assert.deepEqual(await graph.locator('.ylab').allTextContents(), ['0%', '50%', '100%']);
    assert.ok((await graph.locator('.xlab').count()) >= 2, 'turn numbers');
    assert.equal(await graph.locator('.seg.theirs').count(), r.steps.length, 'the opponent’s side');
    const gbox = await graph.boundingBox();
    const plot = { left: gbox.x + (34 / 340) * gbox.width, right: gbox.x + gbox.width - (8 / 340) * gbox.width };
    const atStep = (i) => plot.left + ((i + 0.5) / r.steps.length) * (plot.right - plot.left);
    // A value on hover (desktop) or tap (phone): the step's turn and both sides' chances.
    const probe = Math.floor(r.steps.length / 2);
    const step = r.steps[probe];
    const value = new RegExp(`^Turn \\d+: You ${percent(step.after)}% · Computer ${100 - percent(step.after)}% \\((your decision|a decision of Computer|the draws)\\)$`);
    if (size === 'laptop') {
      await page.mouse.move(atStep(probe), gbox.y + gbox.height / 2);
      const tip = graph.locator('.tip:visible');
      assert.equal(await tip.count(), 1, 'one value shown on hover');
      assert.match(await tip.textContent(), value);
      await page.mouse.click(atStep(probe), gbox.y + gbox.height / 2);
      await page.mouse.move(0, 0);
    } else {
      await page.touchscreen.tap(atStep(probe), gbox.y + gbox.height / 2);
    }
    assert.equal((await reviewOf(page)).step, probe, 'the tapped step is shown');
    assert.match(await graph.locator('.value.on').textContent(), value);
    // From the keyboard: the range under the graph moves along the steps and says each value.
    const range = page.locator('.coach .rv-slider');
    await range.focus();
    await page.keyboard.press('ArrowRight');
    const moved = await reviewOf(page);
    assert.equal(moved.step, probe + 1);
    assert.match(await page.locator('.coach .rv-slider').getAttribute('aria-valuetext'), /^Turn \d+: You \d+% · Computer \d+%/);
    assert.equal(await page.evaluate(() => document.querySelector('battle-line-game').shadowRoot.activeElement?.className), 'rv-slider', 'focus stays on the range');

    // A turning point goes to its step.
    await points.first().locator('button').click();
    assert.equal((await reviewOf(page)).step, r.turningPoints[0].step);

    // Learn from your mistakes: the first marked decision as a puzzle, the answer hidden until a try.
    await page.locator('.coach [data-act=pz-start]').click();
    await page.locator('.coach .pz-moves').waitFor();
    let p = (await reviewOf(page)).puzzle;
    const d = r.decisions[p.decision];
    assert.equal(d.player, 0);
    assert.ok(d.judgement, 'a marked decision');
    assert.equal(await page.locator('.suggested').count(), 0, 'the better move is not shown before a try');
    await assertAccessible(page, `the puzzle (${size})`);
    await shot(page, `story-puzzle-${size}`);
    // The move played in the game is not an answer.
    const index = (action) => p.moves.findIndex((m) => JSON.stringify(m) === JSON.stringify(action));
    await page.locator(`.coach [data-act="pz-try:${index(d.played)}"]`).click();
    await page.locator('.coach .pz-result').waitFor();
    assert.match(await page.locator('.coach .pz-result').innerText(), /That is the move played in the game\./);
    // The computer's move is.
    await page.locator('.coach [data-act=pz-again]').click();
    p = (await reviewOf(page)).puzzle;
    await page.locator(`.coach [data-act="pz-try:${index(d.best)}"]`).click();
    await page.locator('.coach .pz-result.solved').waitFor({ timeout: 60000 });
    const solved = await spoken(page.locator('.coach .pz'));
    assert.match(solved, /Well found: .+ keeps \d+% of the chance to win \(the best: \d+%\)\./);
    assert.match(solved, /The computer’s move: .+ \(\d+%\)\./);
    await assertAccessible(page, `the solved puzzle (${size})`);
    await shot(page, `story-puzzle-solved-${size}`);
    await page.locator('.coach [data-act=pz-close]').click();

    // In Chinese: the turning points and the graph's words.
    await page.locator('.tools [data-act=lang]').click();
    assert.match(await page.locator('.coach .rv-story-text').innerText(), /^转折点/);
    assert.match(await page.locator('.coach .rv-accuracy').innerText(), /^准确度：/);
    assert.match(await spoken(page.locator('.coach .rv-turn').first()), /^第 \d+ 回合：/);
    await assertAccessible(page, `the review in Chinese (${size})`);
    await shot(page, `story-review-zh-${size}`);
    if (size === 'phone') {
      // The strip above the board, on request.
      await page.locator('.coach [data-act=rv-expand]').click();
      const box = await page.locator('.coach').boundingBox();
      assert.ok(box.height < PHONE.height / 2, JSON.stringify(box));
      await shot(page, `story-strip-${size}`);
    }
    assertNoErrors(errors);
    await context.close();
  });
}
