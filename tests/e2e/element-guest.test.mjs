// <battle-line-game> as a guest on a page that is not about it, with the package's element (pkg/element.js)
// below a 1,500 px article and under a search field that the page focuses (`autofocus`)
// (fixtures/guest.html): in every mode, and two elements on one page, the page is not scrolled and its
// focus is not moved once the games are ready; the focus goes into a game only once the person uses it.
// And the element keeps its promises: `destroy()` is final (`ready` and every call afterwards say
// `destroyed`); a Content-Security-Policy that refuses the computer's worker (no `worker-url`) is told to
// the player in one plain sentence with no Try again, and to the developer in the console naming
// `worker-url`; without a `lang` attribute the element speaks the page's language.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, openPage } from './helpers.mjs';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSite, serveSite } from './element-site.mjs';

const env = { server: null, browser: null, site: null };

before(async () => {
  const site = makeSite('element-guest', ['guest.html', 'guest.css', 'guest.js', 'boxed.html', 'boxed.css', 'boxed.js']);
  env.site = site;
  // The same page without the autofocus field: the focus is on the page's body when the games get ready.
  writeFileSync(join(site, 'guest-plain.html'), readFileSync(join(site, 'guest.html'), 'utf8').replace(' autofocus', ''));
  env.server = await serveSite(site);
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  await env.server?.stop();
});

/** guest.html with one game per entry of `games` (each its attributes as a query string), every game ready. */
async function openGuest(games, { extra = '', locale, file = 'guest.html' } = {}) {
  const { context, page, errors } = await openPage(env.browser, { viewport: { width: 1280, height: 800 }, ...(locale ? { locale } : {}) });
  const query = games.map((g) => `game=${encodeURIComponent(g)}`).join('&');
  await page.goto(`${env.server.url}${file}?${query}${extra}`);
  await page.waitForFunction(() => window.__loaded === true, null, { timeout: 20_000 });
  await page.evaluate(() => Promise.all([...document.querySelectorAll('battle-line-game')].map((el) => el.ready)));
  return { context, page, errors };
}

/** The page's scroll and the id of what has the focus (the element's id if it is inside a game). */
const where = (page) => page.evaluate(() => ({ scrollY: window.scrollY, scrollX: window.scrollX, focus: document.activeElement?.id || document.activeElement?.tagName }));

const CASES = [
  ['hot-seat', ['mode=hotseat&seed=3']],
  ['against the computer', ['mode=computer&level=easy&seed=3']],
  ['against the computer, the computer first', ['mode=computer&level=easy&seed=2']],
  ['no mode (the start dialog asks)', ['']],
  ['two elements (hot-seat and no mode)', ['mode=hotseat&seed=3', '']],
  ['two elements (computer and hot-seat, two languages)', ['mode=computer&level=random&seed=5&lang=zh', 'mode=hotseat&seed=4&lang=en']],
];

for (const [name, games] of CASES) for (const [file, focus, what] of [['guest.html', 'search', 'under an autofocus field'], ['guest-plain.html', 'BODY', 'the focus on the page']]) {
  test(`${name}, below the fold, ${what}: the page keeps its scroll and its focus`, async () => {
    const { context, page, errors } = await openGuest(games, { file });
    // The page's autofocus applies at its next rendering: an element that took the focus first would have
    // cancelled it. Then time for what follows a ready game (the computer's first moves, a redraw).
    await page.waitForTimeout(1500);
    assert.deepEqual(await where(page), { scrollY: 0, scrollX: 0, focus }, 'the page scrolled or lost its focus');
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('battle-line-game')].filter((el) => el.shadowRoot.activeElement).length), 0, 'a game holds a focus');
    assertNoErrors(errors);
    await context.close();
  });
}

test('once the person uses a game, its focus moves inside it (and only it); once they leave, it stays where they went', async () => {
  const { context, page, errors } = await openGuest(['mode=hotseat&seed=3', 'mode=hotseat&seed=4']);
  const game = page.locator('#game1');
  await game.locator('#curtain [data-act=reveal]').click();
  // Revealing the hand puts the focus on a playable card of that game, as a keyboard player needs.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'game1');
  assert.match(await game.evaluate((el) => el.shadowRoot.activeElement?.dataset.hand ?? ''), /^[a-z]+\d*$/);
  const scrolled = await where(page);
  // The reader goes back to the page's field (by the keyboard: nothing scrolls), and the page's own script
  // starts new games in both elements: neither takes the focus, nor scrolls the page.
  await page.evaluate(() => document.getElementById('search').focus({ preventScroll: true }));
  await page.evaluate(() => {
    document.getElementById('game1').start({ mode: 'hotseat', seed: 9 });
    document.getElementById('game2').start({ mode: 'computer', level: 'random', seed: 9 });
  });
  await page.waitForTimeout(1000);
  assert.deepEqual(await where(page), { ...scrolled, focus: 'search' }, 'the page scrolled or lost its focus to a game');
  assertNoErrors(errors);
  await context.close();
});

test('destroy() is final: `ready` rejects with `destroyed`, and so does every call afterwards', async () => {
  const { context, page, errors } = await openGuest(['mode=hotseat&seed=3']);
  const codes = await page.evaluate(async () => {
    const code = (fn) => {
      try {
        fn();
        return 'no error';
      } catch (error) {
        return `${error.name} ${error.code}`;
      }
    };
    // A promise that never settles is what a page awaiting it would hang on: said after 5 s.
    const rejection = (promise) =>
      Promise.race([promise.then(() => 'resolved', (error) => `${error.name} ${error.code}`), new Promise((r) => setTimeout(() => r('still pending after 5 s'), 5000))]);
    // Destroyed before it was ready: the pending `ready` rejects.
    const early = document.createElement('battle-line-game');
    early.setAttribute('mode', 'hotseat');
    document.body.append(early);
    const pending = early.ready;
    early.destroy();
    // Destroyed once ready.
    const late = document.getElementById('game1');
    await late.ready;
    late.destroy();
    late.destroy(); // a second call does nothing
    const out = {
      pendingReady: await rejection(pending),
      readyAfter: await rejection(late.ready),
      start: code(() => late.start({ mode: 'hotseat' })),
      exportRecord: code(() => late.exportRecord()),
      loadRecord: code(() => late.loadRecord('{}')),
      startEarly: code(() => early.start()),
    };
    // Inserted again, a destroyed element stays empty (and says why in a warning).
    document.body.append(late);
    await new Promise((r) => setTimeout(r, 300));
    out.reinserted = late.shadowRoot.childElementCount;
    return out;
  });
  assert.deepEqual(codes, {
    pendingReady: 'BattleLineError destroyed',
    readyAfter: 'BattleLineError destroyed',
    start: 'BattleLineError destroyed',
    exportRecord: 'BattleLineError destroyed',
    loadRecord: 'BattleLineError destroyed',
    startEarly: 'BattleLineError destroyed',
    reinserted: 0,
  });
  assertNoErrors(errors);
  await context.close();
});

test('a Content-Security-Policy that refuses the worker (no worker-url): one plain sentence, no Try again, worker-url in the console', async () => {
  for (const [lang, sentence] of [['en', /^The computer player cannot run on this page: its security settings do not allow it\.$/], ['zh', /^电脑玩家无法在此网页上运行：网页的安全设置不允许。$/]]) {
    const { context, page, errors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
    // The computer moves first with this seed: its worker is needed at once.
    await page.goto(`${env.server.url}boxed.html?csp&w=720&h=560&mode=computer&level=easy&seed=1&lang=${lang}`);
    await page.waitForFunction(() => window.__loaded === true, null, { timeout: 20_000 });
    const game = page.locator('#game');
    await game.locator('#actionbar .message').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500);
    assert.match((await game.locator('#actionbar .message').textContent()).trim(), sentence);
    assert.equal(await game.locator('[data-act=retryComputer]').count(), 0, 'a Try again that cannot succeed');
    // Nothing else in the action bar claims that the computer is playing.
    assert.equal((await game.locator('#actionbar .prompt').textContent()).trim(), '');
    const told = errors.filter((e) => e.startsWith('console: '));
    assert.equal(told.filter((e) => /worker-url/.test(e)).length, 1, `the console names worker-url once:\n${errors.join('\n')}`);
    await context.close();
  }
});

/** Whether a text is Chinese (has a CJK character); an English text has none. */
const chinese = (text) => /[\u4e00-\u9fff]/.test(text);

test('two elements in two languages each keep their own while both act: moves, the computer\'s answers, a language switch', async () => {
  // game1: against the computer in Chinese; game2: hot-seat in English.
  const { context, page, errors } = await openGuest(['mode=computer&level=easy&seed=2&lang=zh', 'mode=hotseat&seed=4&lang=en']);
  const [zh, en] = [page.locator('#game1'), page.locator('#game2')];
  const words = async (game) => ((await game.locator('#status').textContent()) + (await game.locator('#actionbar').textContent())).trim();
  // A turn in the Chinese game by clicks; its computer answers from its worker while the person uses the
  // English game: each element redraws in its own language.
  await zh.locator('#hand .playable[data-hand]').first().click();
  await zh.locator('.col.lit-side .side.me').first().click();
  const end = zh.locator('#actionbar [data-act=endClaims]');
  if (await end.isVisible()) await end.click();
  await zh.locator('[data-deck=troop]:not([aria-disabled=true])').click();
  await en.locator('#curtain [data-act=reveal]').click();
  await en.locator('#hand .playable[data-hand]').first().click();
  // The computer's move and draw follow the person's three lines (the start, the play, the draw).
  const lines = zh.locator('#log .log-lines li');
  await lines.nth(4).waitFor({ state: 'attached', timeout: 20_000 });
  const told = await lines.allTextContents();
  assert.ok(told.every(chinese), `the Chinese game's log reads: ${told.join(' | ')}`);
  const enText = await words(en);
  assert.ok(enText && !chinese(enText), `the English game reads: ${enText}`);
  assert.ok(chinese(await words(zh)), `the Chinese game reads: ${await words(zh)}`);
  // Switched one at a time, each element alone changes language.
  await page.evaluate(() => document.getElementById('game2').setAttribute('lang', 'zh'));
  await page.waitForTimeout(300);
  assert.ok(chinese(await words(en)), `the second game, switched to Chinese, reads: ${await words(en)}`);
  await page.evaluate(() => document.getElementById('game1').setAttribute('lang', 'en'));
  await page.waitForTimeout(300);
  const [first, second] = [await words(zh), await words(en)];
  assert.ok(first && !chinese(first), `the first game, switched to English, reads: ${first}`);
  assert.ok(chinese(second), `the second game stayed Chinese: ${second}`);
  assertNoErrors(errors);
  await context.close();
});

for (const [pageLang, locale, expected] of [['zh-CN', 'en-GB', 'zh'], ['en', 'zh-CN', 'en'], ['', 'zh-CN', 'zh'], ['fr', 'en-GB', 'en']]) {
  test(`lang by default: a page in "${pageLang || 'no language'}" with a browser in ${locale} gets ${expected === 'zh' ? 'Chinese' : 'English'}`, async () => {
    const { context, page, errors } = await openGuest(['mode=hotseat&seed=3'], { extra: `&page-lang=${pageLang}`, locale });
    const text = await page.locator('#game1 #curtain').textContent();
    assert.equal(/[\u4e00-\u9fff]/.test(text), expected === 'zh', `the curtain reads: ${text.trim().slice(0, 80)}`);
    assertNoErrors(errors);
    await context.close();
  });
}

test("a computer game's first moves fetch none of the element's on-demand chunks (rules, coach, online play, tutorial, records, a claim's explanation, the new-game dialog); the rules' chunk comes when they are opened", async () => {
  const { context, page, errors } = await openPage(env.browser, { viewport: { width: 1280, height: 900 } });
  const chunks = [];
  // The element's files beside element.js: its on-demand chunks (element-rules-…, element-coach-chunk-…,
  // element-online-chunk-…, element-tutorial-chunk-…, element-records-…, element-explain-…,
  // element-start-dialog-…) and the code they share with element.js (element-chunk-…), which element.js
  // imports at once and is not counted here.
  page.on('request', (request) => /\/pkg\/element-(?!chunk-)[^/]+\.js$/.test(request.url()) && chunks.push(request.url().replace(/^.*\/pkg\//, '')));
  // The computer moves first with this seed.
  await page.goto(`${env.server.url}boxed.html?w=720&h=560&mode=computer&level=easy&seed=1`);
  await page.waitForFunction(() => window.__events?.some((e) => e.type === 'battleline-move'), null, { timeout: 30_000 });
  assert.deepEqual(chunks, [], 'chunks fetched before the first move');
  // Those chunks are there to be fetched (so that none fetched means none needed, not none built).
  const files = readdirSync(join(env.site, 'pkg'));
  for (const feature of ['rules', 'coach-chunk', 'online-chunk', 'tutorial-chunk', 'records', 'explain', 'start-dialog']) {
    assert.ok(files.some((f) => new RegExp(`^element-${feature}-\\w+\\.js$`).test(f)), `the package has its ${feature} chunk: ${files.join(', ')}`);
  }
  await page.locator('#game [data-act=rules]').click();
  await page.locator('#game dialog .rules-inline h1').waitFor();
  assert.equal(chunks.length, 1, `the rules' chunk, once: ${chunks.join(', ')}`);
  assert.match(chunks[0], /^element-rules-\w+\.js$/);
  assertNoErrors(errors);
  await context.close();
});
