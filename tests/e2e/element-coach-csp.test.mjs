// The coach's own worker under a strict Content-Security-Policy without `worker-url` (the package's element,
// pkg/element.js, on a page that refuses Blob-URL workers): what the player reads is one plain sentence, in
// the game's language, with no retry that cannot succeed (a hint in a hot-seat game, where no computer
// player ever starts; a review of a finished game), and the developer reads one console line naming
// `worker-url`, as for the computer player's worker (element-guest.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launchBrowser, openPage, root, shot } from './helpers.mjs';
import { makeSite, serveSite } from './element-site.mjs';

const env = { server: null, browser: null };
const FINISHED = readFileSync(`${root}tests/e2e/fixtures/review-40.json`, 'utf8');
const SENTENCE = { en: /^The coach cannot run on this page: its security settings do not allow it\.$/, zh: /^教练无法在此网页上运行：网页的安全设置不允许。$/ };

before(async () => {
  env.server = await serveSite(makeSite('element-coach-csp', ['boxed.html', 'boxed.css', 'boxed.js']));
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

/** boxed.html under the strict policy with the element's attributes `query`; the game ready. */
async function open(query) {
  const { context, page, errors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.server.url}boxed.html?csp&w=900&h=700&${query}`);
  await page.waitForFunction(() => window.__loaded === true, null, { timeout: 20_000 });
  await page.evaluate(() => document.querySelector('#game').ready);
  return { context, page, errors, game: page.locator('#game') };
}

/** The console lines besides the browser's own report of the violation: exactly one, naming worker-url. */
function assertToldOnce(errors) {
  const ours = errors.filter((e) => e.startsWith('console: ') && !/violates the following Content Security Policy/.test(e));
  assert.equal(ours.length, 1, `one console line of the element's:\n${errors.join('\n')}`);
  assert.match(ours[0], /worker-url/);
  assert.match(ours[0], /coach/);
}

for (const lang of ['en', 'zh']) {
  test(`a hint in a hot-seat game (${lang}): the coach's refused worker is one plain sentence, no Try again, worker-url in the console`, async () => {
    const { context, page, errors, game } = await open(`mode=hotseat&seed=3&lang=${lang}`);
    await game.locator('#curtain [data-act=reveal]').click();
    await game.locator('[data-act=hint]').first().click();
    const message = game.locator('#actionbar .message');
    await message.waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500);
    assert.match((await message.textContent()).trim(), SENTENCE[lang]);
    assert.doesNotMatch(await game.locator('#actionbar').textContent(), /`worker`|Computer\(|computer player/i);
    assert.equal(await game.locator('[data-act=retryComputer]').count(), 0, 'a Try again that cannot succeed');
    assertToldOnce(errors);
    await context.close();
  });
}

test("a review of a finished game: the coach's refused worker is one plain sentence, no Review again", async () => {
  const { context, page, errors, game } = await open('mode=hotseat&seed=3&lang=en&review');
  await page.evaluate((record) => document.querySelector('#game').loadRecord(record), FINISHED);
  await game.locator('[data-act=review]').click();
  // Whose decisions: the first player's, if the panel asks.
  const whose = game.locator('[data-act="rv-player:0"]');
  if (await whose.count()) await whose.click();
  const status = game.locator('.coach .rv-running');
  await page.waitForFunction(() => /security settings/.test(document.querySelector('#game').shadowRoot.querySelector('.coach .rv-running')?.textContent ?? ''), null, { timeout: 20_000 });
  assert.match((await status.textContent()).trim(), SENTENCE.en);
  assert.equal(await game.locator('[data-act=rv-again]').count(), 0, 'a Review again that cannot succeed');
  await shot(page, 'element-coach-csp-review');
  assertToldOnce(errors);
  await context.close();
});
