// Shots of the game in the states the end-to-end tests visit, to show that a change to the stylesheets
// changes nothing on screen (a stylesheet split into files, rules reordered, a sheet minified otherwise):
// run it before the change and after, then compare. Each state is kept twice: a screenshot (PNG), and the
// computed style of every element of the page and of the game's shadow root (its ::before and ::after
// too), hashed, which also catches what a shot cannot see (a rule that differs only off screen, or only
// on a part hidden under a dialog).
//   node scripts/css-screens.mjs shoot DIR [PART…]  the page (www/dist-e2e/), its rules page and the package's
//                                                  element (pkg/); or only the parts named: page, three, rules,
//                                                  element
//   node scripts/css-screens.mjs compare A B      every state of A against B; exits 1 on any difference
// It shoots at 1366 × 768 (a laptop) and 390 × 844 (a phone): the page from its start dialog through a
// game (the hand-over curtain, a selected card, a refused claim's explanation, the tool bar's menu, the log,
// the end dialog, the replay), a three-player game (its start dialog, the board, the end), the players'
// rules page with its card pictures, and the element in a host page's box (its start dialog, a game's
// curtain, hand, selected card and log). Needs www/dist-e2e/ (scripts/build-www.sh) and pkg/
// (scripts/build-pkg.sh).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fastForward, launchBrowser, openPage, revealIfHandover, startGame, startServer, waitReady } from '../tests/e2e/helpers.mjs';
import { makeSite, serveSite } from '../tests/e2e/element-site.mjs';

const VIEWPORTS = [
  ['laptop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
];
/** The element's box in each viewport (boxed.html: the host page's own margins around it). */
const BOXES = { laptop: [1000, 700], phone: [356, 640] };
const SETTLE_MS = 300; // the fit's zoom follows the layout by a frame or two

/** Every element's computed style (and its ::before and ::after), hashed, keyed by its path through the shadow roots. */
function computedStyles() {
  const hash = (text) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(16);
  };
  const styleOf = (el, pseudo) => {
    const cs = getComputedStyle(el, pseudo);
    const parts = [];
    for (let i = 0; i < cs.length; i++) parts.push(`${cs[i]}:${cs.getPropertyValue(cs[i])}`);
    // Sorted: custom properties are listed in the order the stylesheets first name them, which a
    // reordering of rules changes without changing any value.
    return parts.sort().join(';');
  };
  const out = {};
  const walk = (node, path) => {
    [...node.children].forEach((el, i) => {
      const key = `${path}/${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${i}]`;
      out[key] = hash(`${styleOf(el, null)}|${styleOf(el, '::before')}|${styleOf(el, '::after')}`);
      if (el.shadowRoot) walk(el.shadowRoot, `${key}::shadow`);
      walk(el, key);
    });
  };
  walk(document, '');
  return out;
}

async function keep(page, dir, name) {
  await page.waitForTimeout(SETTLE_MS);
  await page.screenshot({ path: join(dir, `${name}.png`) });
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(await page.evaluate(computedStyles)));
  console.log(`  ${name}`);
}

/** Troops only, claiming nothing: complete sides pile up (a refusable claim comes up, as in claim.test.mjs). */
function troopsNoClaims(actions, h, random) {
  const plays = actions.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
  if (plays.length) return plays[Math.floor(random() * plays.length)];
  return actions.find((a) => a.type === 'draw' && a.deck === 'troop') ?? actions.find((a) => a.type === 'endClaims') ?? actions.find((a) => a.type === 'draw') ?? actions.find((a) => a.type === 'pass') ?? actions[0];
}

/** Claims whatever may be claimed, else as above: the game ends. (Run in the page: nothing from outside.) */
function claimsFirst(actions, h, random) {
  const claim = actions.find((a) => a.type === 'claim');
  if (claim) return claim;
  const plays = actions.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
  if (plays.length) return plays[Math.floor(random() * plays.length)];
  return actions.find((a) => a.type === 'draw' && a.deck === 'troop') ?? actions.find((a) => a.type === 'endClaims') ?? actions.find((a) => a.type === 'draw') ?? actions.find((a) => a.type === 'pass') ?? actions[0];
}

/** The flag the player to move has a complete side on that the engine refuses with a counterexample, or null. */
function refusableFlag(h) {
  const s = h.state();
  if (s.phase !== 'play') return null;
  const me = s.current;
  const flag = h.game.view(me).flags.find((f) => {
    if (f.claimedBy !== null || f.sides[me].length !== 3 || f.mud !== null) return false;
    const other = f.sides[1 - me].length;
    if (other === 0 || other === 3) return false;
    const proof = h.game.explainClaim(f.flag, me);
    return !proof.claimable && proof.opponents.some((o) => o.beatsClaimant && o.added.length > 0);
  });
  return flag ? flag.flag : null;
}

async function shootPage(browser, url, dir, size, viewport) {
  const { context, page, errors } = await openPage(browser, { viewport });
  await page.goto(url);
  await waitReady(page);
  await page.locator('dialog.start').waitFor();
  await keep(page, dir, `page-${size}-start`);
  await startGame(page, { mode: 'hotseat', seed: 77, tactics: false });
  const refusable = `(${refusableFlag.toString()})`;
  await fastForward(page, { until: new Function('h', `return ${refusable}(h) !== null;`), policy: troopsNoClaims, seed: 3 });
  if (await page.locator('#curtain [data-act=reveal]').isVisible()) await keep(page, dir, `page-${size}-curtain`);
  await revealIfHandover(page);
  await keep(page, dir, `page-${size}-game`);
  const card = page.locator('#hand .playable[data-hand]').first();
  await card.click();
  await keep(page, dir, `page-${size}-selected`);
  await card.click();
  if (await page.locator('.selected').count()) throw new Error('the card stayed selected');
  const flag = await page.evaluate((src) => (0, eval)(src)(window.__battleline), refusable);
  await page.locator(`.flag-btn[data-flag="${flag}"]`).click();
  await page.locator('dialog.claim').waitFor();
  await keep(page, dir, `page-${size}-claim`);
  await page.locator('dialog.claim [data-dlg=close]').click();
  await page.locator('dialog.claim').waitFor({ state: 'detached' });
  await page.locator('.tools [data-act=menu]').click();
  await keep(page, dir, `page-${size}-menu`);
  await page.keyboard.press('Escape');
  await page.locator('.tools [data-act=log]').click();
  await keep(page, dir, `page-${size}-log`);
  // Below 1200 px the log is a drawer over the tool bar, closed by Esc (log-drawer.ts); beside the board, by its toggle.
  if (viewport.width < 1200) await page.keyboard.press('Escape');
  else await page.locator('.tools [data-act=log]').click();
  await fastForward(page, { until: () => false, policy: claimsFirst, seed: 5 });
  await page.locator('dialog.end').waitFor();
  await keep(page, dir, `page-${size}-end`);
  await page.locator('dialog.end [data-dlg=close]').click();
  await page.locator('dialog.end').waitFor({ state: 'detached' });
  await keep(page, dir, `page-${size}-over`);
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=replay]').click();
  await page.locator('.replay-bar').waitFor();
  await keep(page, dir, `page-${size}-replay`);
  if (errors.length) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
  await context.close();
}

async function shootElement(browser, url, dir, size, viewport) {
  const [w, h] = BOXES[size];
  const open = async (query) => {
    const { context, page, errors } = await openPage(browser, { viewport });
    await page.goto(`${url}boxed.html?w=${w}&h=${h}${query}`);
    await page.waitForFunction(() => window.__loaded === true, null, { timeout: 20_000 });
    await page.evaluate(() => document.querySelector('#game').ready);
    return { context, page, errors, game: page.locator('#game') };
  };
  let { context, page, errors, game } = await open('');
  await game.locator('dialog.start').waitFor();
  await keep(page, dir, `element-${size}-start`);
  if (errors.length) throw new Error(`the element reported errors:\n${errors.join('\n')}`);
  await context.close();
  ({ context, page, errors, game } = await open('&mode=hotseat&seed=5'));
  await game.locator('#curtain [data-act=reveal]').waitFor();
  await keep(page, dir, `element-${size}-curtain`);
  await game.locator('#curtain [data-act=reveal]').click();
  await game.locator('#hand .card').first().waitFor();
  await keep(page, dir, `element-${size}-hand`);
  await game.locator('#hand .playable[data-hand]').first().click();
  await keep(page, dir, `element-${size}-selected`);
  await game.locator('.tools [data-act=log]').click();
  await keep(page, dir, `element-${size}-log`);
  if (errors.length) throw new Error(`the element reported errors:\n${errors.join('\n')}`);
  await context.close();
}

/** A three-player hot-seat game (two opponents' sides above the flags): in progress, and at its end. */
async function shootThree(browser, url, dir, size, viewport) {
  const { context, page, errors } = await openPage(browser, { viewport });
  await page.goto(url);
  await waitReady(page);
  const dialog = page.locator('dialog.start');
  await dialog.waitFor();
  await dialog.locator('input[name=players][value="3"]').check();
  for (let i = 0; i < 3; i++) await dialog.locator(`select[name=seat${i}]`).selectOption('person');
  await dialog.locator('input[name=seed]').fill('303');
  await keep(page, dir, `three-${size}-start`);
  await dialog.locator('[data-dlg=start]').click();
  await dialog.waitFor({ state: 'detached' });
  await fastForward(page, { until: (h) => h.game.actionCount >= 45, policy: claimsFirst, seed: 7 });
  await revealIfHandover(page);
  await keep(page, dir, `three-${size}-game`);
  await fastForward(page, { until: () => false, policy: claimsFirst, seed: 8 });
  await page.locator('dialog.end').waitFor();
  await keep(page, dir, `three-${size}-end`);
  if (errors.length) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
  await context.close();
}

/** The players' rules page (rules.html links the game's stylesheet for its card pictures). */
async function shootRules(browser, url, dir, size, viewport) {
  const { context, page, errors } = await openPage(browser, { viewport });
  await page.goto(`${url}rules.html`);
  await page.locator('.rules-cards').first().waitFor();
  await keep(page, dir, `rules-${size}-top`);
  await page.locator('.rules-cards').nth(3).scrollIntoViewIfNeeded();
  await keep(page, dir, `rules-${size}-cards`);
  if (errors.length) throw new Error(`the rules page reported errors:\n${errors.join('\n')}`);
  await context.close();
}

async function shoot(dir, parts) {
  mkdirSync(dir, { recursive: true });
  const server = await startServer();
  const site = await serveSite(makeSite('css-screens', ['boxed.html', 'boxed.css', 'boxed.js']));
  const browser = await launchBrowser();
  try {
    for (const [size, viewport] of VIEWPORTS) {
      if (parts.includes('page')) await shootPage(browser, server.url, dir, size, viewport);
      if (parts.includes('three')) await shootThree(browser, server.url, dir, size, viewport);
      if (parts.includes('rules')) await shootRules(browser, server.url, dir, size, viewport);
      if (parts.includes('element')) await shootElement(browser, site.url, dir, size, viewport);
    }
  } finally {
    await browser.close();
    await site.stop();
    await server.stop();
  }
}

/** Compares every state of `a` with `b`: the same PNG bytes (the same pixels from the same browser) and the same styles. */
function compare(a, b) {
  const names = (dir) => readdirSync(dir).filter((f) => f.endsWith('.png')).map((f) => f.slice(0, -4)).sort();
  const [na, nb] = [names(a), names(b)];
  const differences = [];
  if (na.join() !== nb.join()) differences.push(`states: ${na.join(', ')} against ${nb.join(', ')}`);
  for (const name of na.filter((n) => nb.includes(n))) {
    if (!readFileSync(join(a, `${name}.png`)).equals(readFileSync(join(b, `${name}.png`)))) differences.push(`${name}.png: the pixels differ`);
    const [sa, sb] = [JSON.parse(readFileSync(join(a, `${name}.json`), 'utf8')), JSON.parse(readFileSync(join(b, `${name}.json`), 'utf8'))];
    const keys = [...new Set([...Object.keys(sa), ...Object.keys(sb)])].filter((k) => sa[k] !== sb[k]);
    if (keys.length) differences.push(`${name}: ${keys.length} elements styled differently, e.g. ${keys.slice(0, 3).join(', ')}`);
  }
  console.log(`${na.length} states compared`);
  for (const d of differences) console.log(`DIFFERENT ${d}`);
  if (differences.length) process.exit(1);
  console.log('identical: every shot and every computed style');
}

const [command, ...dirs] = process.argv.slice(2);
const PARTS = ['page', 'three', 'rules', 'element'];
if (command === 'shoot' && dirs.length >= 1 && dirs.slice(1).every((p) => PARTS.includes(p))) await shoot(dirs[0], dirs.length > 1 ? dirs.slice(1) : PARTS);
else if (command === 'compare' && dirs.length === 2) compare(dirs[0], dirs[1]);
else {
  console.error('usage: node scripts/css-screens.mjs shoot DIR [page|three|rules|element …] | compare A B');
  process.exit(2);
}
