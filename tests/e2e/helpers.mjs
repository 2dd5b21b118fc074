// Shared pieces of the end-to-end tests: the real server on a free port, Debian's Chromium through
// playwright-core, a console watcher that fails the test on any error, and drivers that carry out an
// engine action by clicking the page's own elements.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const shotsDir = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(shotsDir, { recursive: true });

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** The tests' build of the page: the production page with the test hook (scripts/build-www.mjs --test-hook). */
export const e2eDist = `${root}www/dist-e2e/`;

/**
 * Starts scripts/serve.mjs on a free port; resolves with its URL and a stop function. It serves the tests'
 * build (www/dist-e2e/, with window.__battleline) unless `dist` names another, e.g. the production www/dist/.
 */
export async function startServer(dist = e2eDist) {
  const env = { ...process.env, PORT: '0', BATTLELINE_ROOT: dist };
  return startListening(process.execPath, ['scripts/serve.mjs'], env);
}

/**
 * Starts a server program that prints its address (`http://127.0.0.1:PORT/`) once listening; resolves
 * with `url`, the process `proc` and a `stop` function.
 */
export async function startListening(command, args, env = process.env) {
  const proc = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errText = '';
  proc.stderr.on('data', (d) => (errText += d));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${errText}`)), 10000);
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    });
    proc.once('exit', (code) => reject(new Error(`server exited (${code}): ${errText}`)));
  });
  return {
    url,
    proc,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

/**
 * Registers a test file's hooks: the server started and Chromium launched before its tests, both
 * stopped after them. Returns the handles (`env.server.url`, `env.browser`), filled in by the hook.
 */
export function serveAndLaunch() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/**
 * A fresh context and page; every console error and page error is collected in `errors`.
 * Options: viewport, reducedMotion, locale, hasTouch.
 */
export async function openPage(browser, opts = {}) {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    deviceScaleFactor: 1,
    reducedMotion: opts.reducedMotion ?? 'reduce',
    locale: opts.locale ?? 'en-GB',
    acceptDownloads: true,
    hasTouch: opts.hasTouch ?? false,
  });
  // The focused element inside the game's shadow root (document.activeElement is the element hosting it).
  await context.addInitScript(() => {
    window.__activeElement = () => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active;
    };
  });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page: ${err.message}${process.env.E2E_STACKS ? `\n${err.stack}` : ''}`));
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? '';
    // A request the browser cancels itself (the page reloads while the icon is still loading) is not a
    // failure of the page; a missing file still reports (a 404 is a console error), as does a refused one.
    if (reason === 'net::ERR_ABORTED') return;
    if (!opts.allowFailedRequests) errors.push(`request failed: ${req.url()} ${reason}`);
  });
  return { context, page, errors };
}

export function assertNoErrors(errors) {
  assert.deepEqual(errors, [], `the browser reported errors:\n${errors.join('\n')}`);
}

export async function shot(page, name) {
  await page.screenshot({ path: `${shotsDir}${name}.png` });
}

export async function waitReady(page) {
  await page.waitForFunction(() => window.__battleline?.ready === true, null, { timeout: 10000 });
}

/** Fills the start dialog and starts. */
export async function startGame(page, { mode = 'hotseat', level = 'random', timing = 'afterPlay', tactics = true, games = 1, seed = 1 } = {}) {
  const dialog = page.locator('dialog.start');
  await dialog.waitFor();
  await dialog.locator(`input[name=mode][value=${mode}]`).check();
  if (mode === 'computer') await dialog.locator('select[name=level]').selectOption(level);
  await dialog.locator(`input[name=timing][value=${timing}]`).check();
  await dialog.locator('input[name=tactics]').setChecked(tactics);
  await dialog.locator('select[name=games]').selectOption(String(games));
  await dialog.locator('input[name=seed]').fill(seed === null ? '' : String(seed));
  await dialog.locator('[data-dlg=start]').click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Fills the start dialog for three players and starts: `seats` are 'person' or 'computer:<level>';
 * `checkDialog(dialog)`, if given, runs once three players are chosen, before the seats.
 */
export async function startThreePlayers(page, { seats, seed, timing = 'afterPlay', checkDialog = async () => {} }) {
  const dialog = page.locator('dialog.start');
  await dialog.waitFor();
  await dialog.locator('input[name=players][value="3"]').check();
  await checkDialog(dialog);
  for (let i = 0; i < 3; i++) await dialog.locator(`select[name=seat${i}]`).selectOption(seats[i]);
  await dialog.locator(`input[name=timing][value=${timing}]`).check();
  await dialog.locator('input[name=seed]').fill(String(seed));
  await dialog.locator('[data-dlg=start]').click();
  await dialog.waitFor({ state: 'detached' });
}

export const state = (page) => page.evaluate(() => window.__battleline.state());

/** How far the page reaches beyond the window (0, 0: nothing scrolls). */
export const pageOverflow = (page) =>
  page.evaluate(() => {
    const d = document.documentElement;
    return { x: d.scrollWidth - window.innerWidth, y: d.scrollHeight - window.innerHeight };
  });
export const legal = (page) => page.evaluate(() => window.__battleline.legal());
export const actionCount = (page) => page.evaluate(() => window.__battleline.game.actionCount);

/** In hot-seat games: the curtain's button, if the curtain is up. */
export async function revealIfHandover(page) {
  const s = await state(page);
  if (s.handover) {
    await page.locator('#curtain [data-act=reveal]').click();
    await page.waitForFunction(() => !window.__battleline.state().handover);
  }
}

/**
 * Clicks through the page to carry out `action` (an engine action) for the player at the bottom;
 * `selected()`, if given, runs once a card of the hand is selected, before the rest of the move.
 */
export async function clickAction(page, action, { selected = async () => {} } = {}) {
  const before = await actionCount(page);
  // The side's last slot, which a card can go to: its cards may be targets themselves (a guile card's).
  const sideOf = (flag) => {
    const side = page.locator(`.col[data-flag="${flag}"] .side.me`);
    return { click: async () => side.click({ position: { x: (await side.boundingBox()).width / 2, y: (await side.boundingBox()).height - 4 } }) };
  };
  const flagBtn = (flag) => page.locator(`.flag-btn[data-flag="${flag}"]`);
  const handCard = (card) => page.locator(`[data-hand="${card}"]`);
  const hand = (card) => ({
    click: async () => {
      await handCard(card).click();
      await selected();
    },
  });
  // A covered card shows only its top band: click there, as a player would.
  const src = (card) => ({ click: () => page.locator(`[data-src="${card}"]`).click({ position: { x: 12, y: 7 } }) });
  switch (action.type) {
    case 'play':
      await hand(action.card).click();
      await sideOf(action.flag).click();
      break;
    case 'environment':
      await hand(action.card).click();
      await flagBtn(action.flag).click();
      break;
    case 'scout':
      await hand('scout').click();
      await page.locator('[data-act=scout]').click();
      break;
    case 'scoutDraw':
    case 'draw':
      await page.locator(`[data-deck="${action.deck}"]`).click();
      break;
    case 'scoutReturn':
      await handCard(action.card).click();
      break;
    case 'redeploy':
      await hand('redeploy').click();
      await src(action.card).click();
      if (action.to === null) await page.locator('[data-act=discard]').click();
      else await sideOf(action.to).click();
      break;
    case 'deserter':
      await hand('deserter').click();
      await src(action.card).click();
      break;
    case 'traitor':
      await hand('traitor').click();
      await src(action.card).click();
      await sideOf(action.to).click();
      break;
    case 'claim':
      await flagBtn(action.flag).click();
      break;
    case 'endClaims':
      await page.locator('[data-act=endClaims]').click();
      break;
    case 'pass':
      await page.locator('[data-act=pass]').click();
      break;
    case 'nextGame':
      await page.locator('[data-act=nextGame]').click();
      break;
    default:
      throw new Error(`no driver for ${JSON.stringify(action)}`);
  }
  await page.waitForFunction((n) => window.__battleline.game.actionCount > n, before, { timeout: 5000 });
}

/** A small seeded generator for the tests' choices. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Closes the end-of-game dialog if it is open; returns the button ids it offered. */
export async function closeEndDialog(page) {
  const dialog = page.locator('dialog.end');
  await page.waitForFunction(() => !window.__battleline.state().endPending);
  if ((await dialog.count()) === 0) return null;
  const ids = await dialog.locator('[data-dlg]').evaluateAll((els) => els.map((e) => e.dataset.dlg));
  await dialog.locator('[data-dlg=close]').click();
  await dialog.waitFor({ state: 'detached' });
  return ids;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Starts a new game from the tool bar (confirming if a game is in progress). */
export async function newGameViaUI(page, opts) {
  await closeEndDialog(page);
  await page.locator('.tools [data-act=new]').click();
  const confirm = page.locator('dialog.dlg:not(.start) [data-dlg=ok]');
  const start = page.locator('dialog.start');
  await Promise.race([confirm.waitFor(), start.waitFor()]);
  if (await confirm.count()) await confirm.click();
  await startGame(page, opts);
}

/** Plays `action` through the test hook (for fast-forwarding to an interesting position). */
export async function applyViaHook(page, action) {
  const ok = await page.evaluate((a) => window.__battleline.apply(a), action);
  if (!ok) throw new Error(`the hook refused ${JSON.stringify(action)}`);
}

/** The last action of the record. */
export const lastAction = (page) => page.evaluate(() => window.__battleline.game.record().actions.at(-1));

/**
 * Plays through the test hook, inside the page, until `until(h)` is true or the game ends:
 * `policy(actions, h, random)` picks each action. Both run in the page (no closures).
 * Returns the number of actions played.
 */
export async function fastForward(page, { until, policy, max = 600, seed = 1 }) {
  return page.evaluate(
    ({ untilSrc, policySrc, max, seed }) => {
      const until = (0, eval)(`(${untilSrc})`);
      const policy = (0, eval)(`(${policySrc})`);
      let a = seed >>> 0;
      const random = () => {
        a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
        return a / 4294967296;
      };
      const h = window.__battleline;
      let n = 0;
      while (n < max) {
        const s = h.state();
        if (s.over || until(h)) break;
        const action = policy(h.legal(), h, random);
        if (!h.apply(action)) throw new Error(`refused: ${JSON.stringify(action)}`);
        n++;
      }
      return n;
    },
    { untilSrc: until.toString(), policySrc: policy.toString(), max, seed },
  );
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules, plus best practices) on the page as it is now and fails on any
 * violation, naming each rule and the elements it found.
 */
/**
 * Puts axe-core in the page, unless it is there. Evaluated through the browser's developer protocol, not
 * as a script tag: the game server's Content-Security-Policy (script-src 'self') refuses inline scripts.
 */
export async function loadAxe(page) {
  if (await page.evaluate(() => typeof window.axe === 'object')) return;
  await page.evaluate(readFileSync(`${root}node_modules/axe-core/axe.min.js`, 'utf8'));
}

export async function assertAccessible(page, where) {
  await loadAxe(page);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`);
  });
  assert.deepEqual(violations, [], `axe-core on ${where}:\n${violations.join('\n')}`);
}

/** The coach's post-game review as the page holds it (without its abort handle and record), or null. */
export const reviewOf = (page) =>
  page.evaluate(() => structuredClone(window.__battleline.controller.state.coach.review && { ...window.__battleline.controller.state.coach.review, abort: null, record: null }));

/** A chance (0 to 1) as the page writes it: a whole percentage. */
export const percent = (p) => Math.round(Math.max(0, Math.min(1, p)) * 100);

/**
 * The text of an element as read aloud: each small card by its name. With `paragraphs`, each paragraph
 * ends with a space (as a screen reader pauses between them).
 */
export const spoken = (locator, { paragraphs = false } = {}) =>
  locator.evaluate((el, paragraphs) => {
    const copy = el.cloneNode(true);
    for (const card of copy.querySelectorAll('.mini')) card.replaceWith(card.getAttribute('aria-label'));
    if (paragraphs) for (const block of copy.querySelectorAll('p')) block.append(' ');
    return copy.textContent.replace(/\s+/g, ' ').trim();
  }, paragraphs);

/** Plays a game against the computer to its end, the person making weak moves (so that a review has marks to show). */
export async function playWeakGame(page) {
  // The same game on every run: the computer's seed fixed before its first move, and the k-th own move
  // the (7k mod n)-th play, k counting moves and not polls. (With a random seed, and moves counted by
  // polls, which depend on how long the computer thinks, a game could come out won by the weak player or
  // with one marked decision where the review's walk expects several.)
  const start = await page.evaluate(() => {
    const h = window.__battleline;
    h.setAiDelay(0);
    h.setAiSeed(1);
    return { actions: h.state().actionCount, myTurn: h.state().myTurn };
  });
  assert.deepEqual(start, { actions: 0, myTurn: true }, 'the seed is fixed before the computer moves');
  let moves = 0;
  for (let n = 0; n < 3000; n++) {
    const step = await page.evaluate((k) => {
      const h = window.__battleline;
      if (h.state().over) return 'over';
      if (!h.state().myTurn) return 'wait';
      const acts = h.legal();
      const plays = acts.filter((a) => a.type !== 'endClaims' && a.type !== 'pass' && a.type !== 'claim');
      h.apply(acts.find((a) => a.type === 'claim') ?? plays[(k * 7) % Math.max(1, plays.length)] ?? acts[0]);
      return 'moved';
    }, moves);
    if (step === 'over') return;
    if (step === 'moved') moves++;
    await page.waitForTimeout(5);
  }
  throw new Error('the game did not end');
}
