// The coach's parts other than the review in Chinese, reached by keyboard alone, at 1366×768 and on a
// phone (390×844): the win chances on the board (turned on in the settings), the unseen cards and the
// statistics (a file of many games imported, one row per level and variant). Each screen: its words in
// Chinese with no English left, nothing scrolls the page, the dialog fits the window, axe finds nothing.
// (coach-parts.test.mjs checks what each part says in English; coach-review.test.mjs the review.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, assertAccessible, assertNoErrors, openPage, pageOverflow as overflow, serveAndLaunch, shot, startGame, waitReady } from './helpers.mjs';

const env = serveAndLaunch();
const LAPTOP = { width: 1366, height: 768 };

/** Activates a control by keyboard: focused, then Enter (Space for a check box). */
async function press(locator, key = 'Enter') {
  await locator.focus();
  await locator.press(key);
}

/** Opens an entry of the menu by keyboard. */
async function menu(page, act) {
  await press(page.locator('.tools [data-act=menu]'));
  await press(page.locator(`.menu [data-act=${act}]`));
}

/** A statistics file of `n` games spread over every level and variant (results and flags varied). */
function statisticsFile(n) {
  const levels = ['easy', 'medium', 'hard', 'random'];
  const variants = ['2', '2t', '3'];
  const outcomes = ['win', 'win', 'loss', 'draw', 'win'];
  const games = Array.from({ length: n }, (_, i) => ({
    id: `${9000 + i}:0`,
    at: 1_700_000_000_000 + i * 60_000,
    level: levels[i % levels.length],
    variant: variants[Math.floor(i / levels.length) % variants.length],
    outcome: outcomes[i % outcomes.length],
    flags: [(i * 3) % 6, (i * 5) % 6],
  }));
  return JSON.stringify({ format: 'battleline-statistics', version: 1, games });
}

/** The page does not scroll, and the open dialog lies inside the window. */
async function fits(page, what) {
  assert.deepEqual(await overflow(page), { x: 0, y: 0 }, `${what}: the page does not scroll`);
  const box = await page.locator('dialog[open]').boundingBox();
  const size = page.viewportSize();
  assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5, `${what}: the dialog fits the window (${JSON.stringify(box)})`);
}

/** No English word of the coach's is left in `text`. */
function noEnglish(text, what) {
  const left = text.match(/\b(Troops?|Tactics|deck|holds|Opponent|Variant|Games|Won|Lost|Drawn|streak|Export|Import|Clear|Close|Chance)\b/i);
  assert.equal(left, null, `${what}: ${left?.[0]} in ${JSON.stringify(text)}`);
}

for (const [size, viewport] of [['desktop', LAPTOP], ['phone', PHONE]]) {
  test(`the coach's parts in Chinese by keyboard: win chances, unseen cards, statistics (${size})`, async () => {
    const { context, page, errors } = await openPage(env.browser, { viewport });
    await page.goto(env.server.url);
    await waitReady(page);
    await startGame(page, { mode: 'computer', level: 'easy', seed: 9 });
    await page.evaluate(() => window.__battleline.setAiDelay(0));
    await press(page.locator('.tools [data-act=lang]'));
    assert.equal(await page.evaluate(() => window.__battleline.controller.state.settings.lang), 'zh');

    // Win chances: the setting by keyboard, then under each open flag and in the person's strip.
    await menu(page, 'settings');
    const settings = page.locator('dialog.dlg');
    await press(settings.locator('input[name=winChances]'), 'Space');
    assert.equal(await settings.locator('input[name=winChances]').isChecked(), true);
    await press(settings.locator('[data-dlg=ok]'));
    await settings.waitFor({ state: 'detached' });
    await page.waitForFunction(() => window.__battleline.state().myTurn);
    await page.waitForFunction(() => {
      const c = window.__battleline.controller.state.coach.chances;
      return c.value !== null && c.valueKey === c.key;
    });
    const value = await page.evaluate(() => window.__battleline.controller.state.coach.chances.value);
    assert.equal(await page.locator('.strip.bottom .win-chance').innerText(), `胜率：${Math.round(value.win * 100)}%`);
    const labels = await page.locator('.col .chance').evaluateAll((tags) => tags.map((t) => t.getAttribute('title')));
    assert.equal(labels.length, 9, 'every flag is open at the start');
    // The chance, then (after a move) its change in full-width brackets.
    labels.forEach((label, i) => assert.match(label, new RegExp(`^你在地区 ${i + 1} 的胜率：${Math.round(value.flags[i] * 100)}%(（比上一步变化 [+−]\\d+ 个百分点）)?$`)));
    assert.deepEqual(await overflow(page), { x: 0, y: 0 });
    await assertAccessible(page, `win chances in Chinese (${size})`);

    // The unseen cards.
    await menu(page, 'unseen');
    const unseen = page.locator('dialog.unseen-dlg');
    await unseen.waitFor();
    const view = await page.evaluate(() => window.__battleline.view());
    const text = await unseen.innerText();
    assert.match(text, /未见过的牌/);
    assert.match(text, /部队牌/);
    assert.match(text, /战术牌/);
    assert.match(text, new RegExp(`部队牌堆：${view.troopDeck} · 战术牌堆：${view.tacticsDeck}`));
    assert.match(text, new RegExp(`手中有 ${view.handSizes[1].troops} 张部队牌和 ${view.handSizes[1].tactics} 张战术牌。`));
    noEnglish(text, 'unseen cards');
    await fits(page, 'unseen cards');
    await assertAccessible(page, `unseen cards in Chinese (${size})`);
    await shot(page, `unseen-zh-${size}`);
    await page.keyboard.press('Escape');
    await unseen.waitFor({ state: 'detached' });

    // The statistics: a file of 40 games imported by keyboard; one row per level and variant.
    await menu(page, 'stats');
    const stats = page.locator('dialog.dlg');
    assert.match(await stats.innerText(), /还没有与电脑下完的对局/);
    await press(stats.locator('[data-dlg=import]'));
    await page.locator('dialog.dlg textarea').fill(statisticsFile(40));
    await press(page.locator('dialog.dlg [data-dlg=add]'));
    await page.locator('dialog.dlg .stats-table').waitFor();
    const table = page.locator('dialog.dlg');
    assert.equal(await table.locator('.stats-table tbody tr').count(), 12, 'four levels by three variants');
    const panel = await table.innerText();
    for (const word of ['对手', '局数', '每局地区数', '简单', '中等', '困难', '随机', '两人，含战术牌', '三人']) assert.ok(panel.includes(word), `${word} in ${JSON.stringify(panel)}`);
    // The bars' column is named for what it holds (it was "results of the last  games", the chart's words
    // with no number).
    assert.deepEqual(await table.locator('.stats-table thead th').allTextContents(), ['对手', '局数', '胜', '平', '负', '每局地区数', '胜、平、负的比例条']);
    assert.match(panel, /当前连续：\d+ 局(胜|负|平)/);
    assert.match(panel, /最长连胜：\d+ 局/);
    noEnglish(panel, 'statistics');
    await fits(page, 'statistics');
    await assertAccessible(page, `statistics in Chinese (${size})`);
    // Taller than the window, the body scrolls between the heading and the buttons: Tab reaches it (a group
    // named as the dialog) and the keyboard scrolls it, as a finger would.
    const body = table.locator('.dlg-body');
    assert.ok(await body.evaluate((el) => el.scrollHeight > el.clientHeight + 1), `statistics (${size}): the body scrolls in this window`);
    let reached = false;
    for (let i = 0; i < 8 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => window.__activeElement()?.classList.contains('dlg-body') ?? false);
    }
    assert.ok(reached, `statistics (${size}): Tab reaches the scrolling body`);
    assert.equal(await body.getAttribute('aria-label'), await table.locator('h2').innerText());
    await page.keyboard.press('End');
    await page.waitForFunction(() => {
      const el = window.__activeElement();
      return el.scrollTop > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
    });
    await shot(page, `statistics-zh-${size}`);
    await page.keyboard.press('Escape');
    await table.waitFor({ state: 'detached' });
    assertNoErrors(errors);
    await context.close();
  });
}
