// Every screen of whole games, not only the tested states: at a laptop's 1366×768 and a touch
// phone's 390×844, in English and Chinese, against the computer and hot-seat, a quick random player taking
// each action by the page's own controls. After every action, with each card selected before it is played,
// on every hand-over curtain, the end and the replay: axe-core finds nothing, no text is under 12 px, no
// tactics card's words are cut off, every message is checked against the forms known to read wrong, and
// on the phone every touch target is at least 44 px. After each action the screen is read again in the
// other language (a greyed-out card pressed first, so that a message is up): no message stays behind;
// every sixth time a flag's claim explanation is opened too, in both languages.
//
//   node --test tests/e2e/whole-games.test.mjs
//   AUDIT_COUNT=1 node tests/e2e/whole-games.test.mjs [www/dist-e2e/]   counts only (for a before/after table)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, launchBrowser, openPage, PHONE, startServer, shot, state, waitReady } from './helpers.mjs';
import { axeViolations, badForms, clippedText, minTarget, screenText, smallTargets, smallText, walkGame } from './audit.mjs';

const LAPTOP = { width: 1366, height: 768 };
// Against the computer the walk checks the person's screens only; a hot-seat game checks every seat's and
// the hand-over curtain, in each language (about 100 and 220 screens a game).
const GAMES = [
  { size: 'laptop', viewport: LAPTOP, lang: 'en', mode: 'computer', seed: 3 },
  { size: 'laptop', viewport: LAPTOP, lang: 'zh', mode: 'hotseat', seed: 4 },
  { size: 'phone', viewport: PHONE, lang: 'en', mode: 'hotseat', seed: 5 },
  { size: 'phone', viewport: PHONE, lang: 'zh', mode: 'computer', seed: 6 },
];

const touch = (g) => g.size === 'phone';

/** Plays one whole game; returns what was found on its screens, by kind, and how many screens. */
async function auditGame(browser, url, g) {
  const { context, page, errors } = await openPage(browser, { viewport: g.viewport, locale: g.lang === 'zh' ? 'zh-CN' : 'en-GB', hasTouch: touch(g) });
  await page.goto(url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  const dialog = page.locator('dialog.start');
  await dialog.locator(`input[name=mode][value=${g.mode}]`).check();
  if (g.mode === 'computer') await dialog.locator('select[name=level]').selectOption('random');
  await dialog.locator('input[name=tactics]').setChecked(true);
  await dialog.locator('input[name=seed]').fill(String(g.seed));
  await dialog.locator('[data-dlg=start]').click();
  await dialog.waitFor({ state: 'detached' });
  const found = { axe: [], targets: [], text: [], clipped: [], wording: [] };
  const seen = { axe: new Set(), targets: new Set(), text: new Set(), clipped: new Set(), wording: new Set() };
  const note = (kind, where, list) => {
    for (const item of list) {
      found[kind].push(item);
      if (!seen[kind].has(item)) {
        seen[kind].add(item);
        if (seen[kind].size <= 3) shot(page, `whole-${g.size}-${g.lang}-${kind}-${seen[kind].size}`);
      }
    }
  };
  let screens = 0;
  let smallest = { px: Infinity, what: '' };
  const times = { axe: 0, rest: 0 };
  const check = async (where) => {
    screens++;
    let t0 = performance.now();
    note('axe', where, await axeViolations(page));
    times.axe += performance.now() - t0;
    t0 = performance.now();
    note('text', where, await smallText(page));
    note('clipped', where, await clippedText(page, '.card .unit, .card .tname'));
    if (touch(g)) {
      note('targets', where, await smallTargets(page, 44, 40));
      const least = await minTarget(page);
      if (least.px < smallest.px) smallest = least;
    }
    const started = (await state(page)).actionCount > 0;
    note('wording', where, badForms(await screenText(page), { lang: g.lang, mode: g.mode, touch: touch(g), started }));
    if (where === 'action') await otherLanguage(where);
    times.rest += performance.now() - t0;
    if (screens % 25 === 1) await shot(page, `whole-${g.size}-${g.lang}-${where}-${screens}`);
  };
  // After each action where the tools can be reached: a greyed-out card pressed (its reason becomes the
  // message), the screen read again in the other language (the message included: it must follow), and
  // the language switched back. Every message of the game is so generated in both languages.
  const other = g.lang === 'en' ? 'zh' : 'en';
  let switched = 0;
  let explained = 0;
  // Every sixth time, the claim explanation of an open flag that cannot be claimed now (a dialog the walk's
  // actions never open), in the game's language (axe too) and in the other.
  const explain = async (lang, where) => {
    const flag = await page.evaluate(() => {
      const claims = new Set(window.__battleline.legal().filter((a) => a.type === 'claim').map((a) => a.flag));
      return window.__battleline.view().flags.find((f) => f.claimedBy === null && !claims.has(f.flag))?.flag ?? null;
    });
    if (flag === null) return;
    await page.locator(`.flag-btn[data-flag="${flag}"]`).click();
    const dialog = page.locator('dialog.claim');
    await dialog.waitFor();
    explained++;
    if (lang === g.lang) note('axe', where, await axeViolations(page));
    note('text', where, await smallText(page));
    note('wording', where, badForms(await screenText(page), { lang, mode: g.mode, touch: touch(g), started: true }));
    await dialog.locator('[data-dlg=close]').click();
    await dialog.waitFor({ state: 'detached' });
  };
  const otherLanguage = async (where) => {
    // The computer's moves done (with no delay), as the walk waits before its next action.
    await page.waitForFunction(() => {
      const s = window.__battleline.state();
      return s.over || s.handover || s.myTurn;
    });
    const blocked = await page.evaluate(() => {
      const root = document.querySelector('battle-line-game').shadowRoot;
      return root.querySelector('dialog[open]') !== null || root.querySelector('#curtain:not([hidden])') !== null || window.__battleline.state().over;
    });
    if (blocked) return;
    const explaining = switched % 6 === 0;
    if (explaining) await explain(g.lang, `${where} (explanation)`);
    const grey = page.locator('#hand [data-hand][data-why]');
    // (aria-disabled: Playwright would wait for it to be enabled; a press reaches it.)
    if (await grey.count()) await grey.first().click({ force: true });
    await page.locator('.tools [data-act=lang]').click();
    switched++;
    note('wording', `${where} (${other})`, badForms(await screenText(page), { lang: other, mode: g.mode, touch: touch(g), started: true }));
    if (explaining) await explain(other, `${where} (explanation, ${other})`);
    await page.locator('.tools [data-act=lang]').click();
  };
  const actions = await walkGame(page, { seed: g.seed, check });
  await shot(page, `whole-${g.size}-${g.lang}-replay`);
  await context.close();
  if (process.env.AUDIT_COUNT) console.log(`  time in checks: ${JSON.stringify(times)}`);
  return { actions, screens, switched, explained, smallest, found, distinct: Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, [...v]])), errors };
}

if (process.env.AUDIT_COUNT) {
  // Counts only: `AUDIT_COUNT=1 node tests/e2e/whole-games.test.mjs [dist]`.
  const server = await startServer(process.argv[2]);
  const browser = await launchBrowser();
  try {
    for (const g of GAMES.filter((x) => !process.env.AUDIT_ONLY || `${x.size}-${x.lang}` === process.env.AUDIT_ONLY)) {
      const r = await auditGame(browser, server.url, g);
      const counts = Object.fromEntries(Object.entries(r.found).map(([k, v]) => [k, v.length]));
      console.log(`${g.size} ${g.lang} ${g.mode}: ${r.actions} actions, ${r.screens} screens checked (${r.switched} read again in the other language, ${r.explained} claim explanations), findings ${JSON.stringify(counts)}${touch(g) ? `, smallest touch target ${r.smallest.what}` : ''}`);
      // Grouped: the same rule on the same kind of element, the same target or text style, once.
      const group = (k, item) => (k === 'axe' ? item.replace(/ #game.*?(contrast of [\d.]+).*$/, ' $1').replace(/^([\w-]+): .*[ >](\.[\w-]+)(\[[^\]]*\])*( .*)?$/, '$1 $2$4') : k === 'text' ? item.replace(/^".*" /, '') : k === 'targets' ? item.replace(/ \S+ (\d+×\d+)$/, ' $1') : item);
      for (const [k, v] of Object.entries(r.distinct)) {
        const groups = new Map();
        for (const item of v) groups.set(group(k, item), (groups.get(group(k, item)) ?? 0) + 1);
        for (const [item, n] of groups) console.log(`  ${k}: ${item}${n > 1 ? ` (${n} distinct)` : ''}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
} else {
  // The four games two at a time (each in its own browser context of one Chromium): one game mostly waits
  // on the page between its steps, and this file is the longest of the suite.
  describe('whole games', { concurrency: 2 }, () => {
    let server;
    let browser;
    before(async () => {
      server = await startServer();
      browser = await launchBrowser();
    });
    after(async () => {
      await browser?.close();
      await server?.stop();
    });
    for (const g of GAMES) {
      test(`a whole game, ${g.mode}, ${g.size} ${g.viewport.width}×${g.viewport.height}, ${g.lang}: every screen accessible, readable and well worded`, async () => {
        const r = await auditGame(browser, server.url, g);
        assert.ok(r.actions >= 30, `a whole game was played (${r.actions} actions)`);
        assert.ok(r.switched >= 10, `screens read again in the other language: ${r.switched}`);
        assert.ok(r.explained >= 4, `claim explanations read: ${r.explained}`);
        console.log(`# ${g.size} ${g.lang} ${g.mode}: ${r.actions} actions, ${r.screens} screens checked (${r.switched} read again in the other language, ${r.explained} claim explanations)${touch(g) ? `, smallest touch target ${r.smallest.what}` : ''}`);
        for (const [kind, list] of Object.entries(r.distinct)) assert.deepEqual(list, [], `${kind} on ${r.found[kind].length} screens`);
        assertNoErrors(r.errors);
      });
    }
  });
}
