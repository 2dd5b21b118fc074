// The review of an imported 40-decision record, walked by clicks: whose decisions, Cancel, then the review to
// its end at the hard budget (3,000 playouts), whose time it measures (reported, and bounded loosely), then
// Chinese and the keyboard. Timed, so the test command runs it alone (scripts/test.sh, TIMED); the rest of
// the review's walk is coach-review.test.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, assertNoErrors, openPage, reviewOf, serveAndLaunch, shot, startGame, waitReady } from './helpers.mjs';
import { FORTY, LAPTOP, importRecord, walkMarks } from './review-walk.mjs';

const env = serveAndLaunch();

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
