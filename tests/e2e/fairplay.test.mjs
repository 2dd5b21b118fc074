// Fair play on the page: in the middle of a game against the computer and of a hot-seat game, Replay,
// Undo, Export and Import show the person at the screen no card hidden from them: not as a card on the
// page, not in an accessible name or a tooltip, not in the log, not in exported text. The production
// build carries no test hook.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { assertNoErrors, fastForward, launchBrowser, openPage, revealIfHandover, root, serveAndLaunch, startGame, startServer, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

const COLOURS = { Red: 'r', Orange: 'o', Yellow: 'y', Green: 'g', Blue: 'b', Purple: 'p' };

/** Every card the viewer has not seen at any point of the game so far (test hook: full state, views). */
function hiddenFromViewer() {
  {
    const h = window.__battleline;
    const g = h.game;
    const viewer = h.state().viewer;
    const full = g.fullState();
    const all = new Set([...full.hands.flat(), ...full.troopDeck, ...full.tacticsDeck, ...full.discards.flat()]);
    for (const f of full.flags) {
      f.sides.flat().forEach((c) => all.add(c));
      if (f.fog !== null) all.add('fog');
      if (f.mud !== null) all.add('mud');
    }
    const seen = new Set();
    for (let n = 0; n <= g.actionCount; n++) {
      const step = g.replayTo(n);
      const v = step.view(viewer);
      step.free();
      v.hand.forEach((c) => seen.add(c));
      v.discards.flat().forEach((c) => seen.add(c));
      v.scoutReturned.forEach((k) => seen.add(k.card));
      for (const f of v.flags) {
        f.sides.flat().forEach((c) => seen.add(c));
        if (f.fog !== null) seen.add('fog');
        if (f.mud !== null) seen.add('mud');
      }
    }
    return { viewer, hidden: [...all].filter((c) => !seen.has(c)).sort() };
  }
}

/** Cards named by the page: card attributes, and troop names in accessible names, tooltips and text. */
function namedOnPage(colours) {
  {
    const named = new Set();
    const words = [];
    // Every element, inside shadow roots too (the game is drawn in its element's shadow root).
    const everything = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        everything.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    for (const el of everything) {
      for (const attr of ['data-card', 'data-hand', 'data-src']) {
        const v = el.getAttribute(attr);
        if (v) named.add(v);
      }
      for (const attr of ['aria-label', 'title', 'aria-description', 'data-why']) {
        const v = el.getAttribute(attr);
        if (v) words.push(v);
      }
    }
    words.push(document.body.textContent ?? '');
    for (const el of everything) if (el.shadowRoot) words.push(el.shadowRoot.textContent ?? '');
    const re = new RegExp(`\\b(${Object.keys(colours).join('|')}) (10|[1-9])(?!\\d)`, 'g');
    for (const text of words) for (const m of text.matchAll(re)) named.add(`${colours[m[1]]}${m[2]}`);
    return [...named];
  }
}

async function assertNothingHidden(page, what) {
  // Both in one evaluation: against the computer, a card it plays between two evaluations would be on the
  // page yet counted as hidden.
  const { viewer, hidden, named } = await page.evaluate(
    ({ hiddenSrc, namedSrc, colours }) => {
      const found = (0, eval)(`(${hiddenSrc})`)();
      return { ...found, named: (0, eval)(`(${namedSrc})`)(colours) };
    },
    { hiddenSrc: hiddenFromViewer.toString(), namedSrc: namedOnPage.toString(), colours: COLOURS },
  );
  assert.ok(hidden.length > 20, `${what}: most cards are still hidden (${hidden.length})`);
  const leaked = named.filter((c) => hidden.includes(c));
  assert.deepEqual(leaked, [], `${what}: the page names cards hidden from player ${viewer}`);
}

async function openMenuItem(page, act) {
  await page.locator('.tools [data-act=menu]').click();
  await page.locator(`.menu [data-act=${act}]`).click();
}

/** Menu → Replay, every step forth and back, each checked; then out of the replay. */
async function checkReplay(page, what) {
  await openMenuItem(page, 'replay');
  const bar = page.locator('.replay-bar');
  await bar.waitFor();
  await assertNothingHidden(page, `${what}, replay start`);
  assert.equal(await page.locator('.open-hand').count(), 0, `${what}: no hand is shown face up`);
  assert.match(await page.locator('#status').innerText(), /only what .* saw/, `${what}: the replay says whose view it shows`);
  assert.equal(await page.locator('[data-act=rp-flip]').isDisabled(), true, `${what}: no switching sides mid-game`);
  const total = await page.evaluate(() => window.__battleline.controller.state.replay.record.actions.length);
  for (let i = 0; i <= total; i += 3) {
    await page.evaluate((n) => window.__battleline.controller.replayTo(n), i);
    await assertNothingHidden(page, `${what}, replay step ${i}`);
  }
  await page.keyboard.press('End');
  await assertNothingHidden(page, `${what}, replay end`);
  await page.locator('[data-act=rp-exit]').click();
}

/** Export is refused mid-game with the reason, and no record text appears. */
async function checkExport(page, what) {
  await page.locator('.tools [data-act=menu]').click();
  const item = page.locator('.menu [data-act=export]');
  assert.equal(await item.getAttribute('aria-disabled'), 'true', `${what}: export is unavailable mid-game`);
  await item.click({ force: true });
  await page.locator('#actionbar .message').filter({ hasText: /Export is not available until the game is over/ }).waitFor();
  assert.equal(await page.locator('dialog textarea').count(), 0, `${what}: no record was shown`);
}

/** Undo: possible for the turn's own play, never once a card was drawn; the page says why. */
async function checkUndo(page, what) {
  const undo = page.locator('.tools [data-act=undo]');
  const before = await page.evaluate(() => window.__battleline.game.digest());
  const play = (await page.evaluate(() => window.__battleline.legal())).find((a) => a.type === 'play');
  assert.ok(play, `${what}: a card to play`);
  await page.evaluate((a) => window.__battleline.apply(a), play);
  await undo.click();
  assert.equal(await page.evaluate(() => window.__battleline.game.digest()), before, `${what}: the play was undone`);
  await page.evaluate((a) => window.__battleline.apply(a), play);
  let legal = await page.evaluate(() => window.__battleline.legal());
  if (legal.some((a) => a.type === 'endClaims')) await page.evaluate(() => window.__battleline.apply({ type: 'endClaims' }));
  legal = await page.evaluate(() => window.__battleline.legal());
  const draw = legal.find((a) => a.type === 'draw');
  assert.ok(draw, `${what}: a card to draw`);
  const seat = (await state(page)).viewer;
  await page.evaluate((a) => window.__battleline.apply(a), draw);
  await assertNothingHidden(page, `${what}, after the draw`);
  // The drawn card was seen: whatever comes next, undo cannot go back past it.
  await page.waitForFunction(() => !window.__battleline.state().thinking);
  assert.equal(await undo.getAttribute('aria-disabled'), 'true', `${what}: no undo past a draw`);
  assert.match((await undo.getAttribute('aria-description')) ?? '', /^Undo is not available: /, `${what}: the button says why`);
  if (!(await state(page)).handover) {
    await page.keyboard.press('u');
    await page.locator('#actionbar .message').filter({ hasText: /Undo is not available/ }).waitFor();
  }
  const lastActor = await page.evaluate(() => window.__battleline.controller.state.entries.at(-1).actor);
  assert.ok(lastActor !== seat || (await page.evaluate(() => window.__battleline.game.record().actions.at(-1).type)) === 'draw');
}

const playSome = (turns) => (actions) => {
  const claim = actions.find((a) => a.type === 'claim');
  if (claim) return claim;
  return actions.find((a) => a.type === 'play' || a.type === 'draw') ?? actions[0];
};

test('mid-game against the computer: replay, undo, export and import show no hidden card', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startGame(page, { mode: 'computer', level: 'random', seed: 18, tactics: true });
  const myTurn = () => page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 15000 });
  for (let turn = 0; turn < 5; turn++) {
    await myTurn();
    await fastForward(page, { until: (h) => !h.state().myTurn, policy: playSome(1), max: 6 });
  }
  await myTurn();
  await assertNothingHidden(page, 'computer game');
  await checkReplay(page, 'computer game');
  await checkExport(page, 'computer game');
  await myTurn();
  await checkUndo(page, 'computer game');

  // Import the unfinished record (as a player who got one would): after a confirmation it goes on against
  // the computer, and its replay follows the same rule.
  await myTurn();
  const record = await page.evaluate(() => window.__battleline.game.record());
  await openMenuItem(page, 'import');
  const dialog = page.locator('dialog.dlg');
  await dialog.locator('textarea').fill(JSON.stringify(record));
  await dialog.locator('[data-dlg=load]').click();
  await page.locator('dialog [data-dlg=ok]').click();
  await page.locator('dialog').waitFor({ state: 'detached' });
  assert.equal((await state(page)).mode, 'computer');
  await revealIfHandover(page);
  await assertNothingHidden(page, 'imported game');
  await checkReplay(page, 'imported game');
  assertNoErrors(errors);
  await context.close();
});

test('mid-game in hot-seat: replay, undo and export show no hidden card to the player at the screen', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 19, tactics: true });
  await fastForward(page, { until: (h) => h.game.actionCount >= 24 && h.state().phase === 'play', policy: playSome(1), max: 60 });
  await revealIfHandover(page);
  await assertNothingHidden(page, 'hot-seat game');
  await checkReplay(page, 'hot-seat game');
  await checkExport(page, 'hot-seat game');
  await checkUndo(page, 'hot-seat game');
  assertNoErrors(errors);
  await context.close();
});

test('the production build has no test hook', async () => {
  // The hook's name as a whole word: the package's computer worker has its own `__battlelinePort`.
  const hook = /__battleline\b/;
  assert.match(readFileSync(`${root}www/dist-e2e/app.js`, 'utf8'), hook, 'the tests\' build installs the hook');
  for (const file of ['app.js', 'battleline.html']) {
    const text = readFileSync(`${root}www/dist/${file}`, 'utf8');
    assert.doesNotMatch(text, hook, `www/dist/${file} mentions the test hook`);
  }
  const server = await startServer(`${root}www/dist/`);
  const browser = await launchBrowser();
  try {
    const { page, errors } = await openPage(browser, { allowFailedRequests: true });
    // A page of the same origin without the game's scripts (a 404): the globals any page has here.
    await page.goto(`${server.url}no-such-page`);
    const blank = new Set(await page.evaluate(() => Object.keys(window)));
    await page.goto(server.url);
    await page.locator('dialog.start').waitFor();
    assert.equal(await page.evaluate(() => typeof window.__battleline), 'undefined', 'no window.__battleline');
    const globals = (await page.evaluate(() => Object.keys(window))).filter((k) => !blank.has(k));
    assert.deepEqual(globals, [], 'the page adds no global through which the game could be reached');
    // Nor does the element: no own property, nothing on its prototype but the public API, and no
    // value reachable from them (two steps deep) that holds the game (`fullState`) or plays a seat.
    const reach = await page.evaluate(() => {
      const el = document.querySelector('battle-line-game');
      const proto = Object.getPrototypeOf(el);
      const seen = new Set();
      const found = [];
      const visit = (value, path, depth) => {
        if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value) || depth > 2) return;
        if (value instanceof Node || value === window || value === document) return;
        seen.add(value);
        for (const key of ['fullState', 'applyForTest', 'game', 'controller', 'legalActions']) if (key in value) found.push(`${path}.${key}`);
        for (const key of Object.getOwnPropertyNames(value)) {
          let next;
          try {
            next = value[key];
          } catch {
            continue;
          }
          visit(next, `${path}.${key}`, depth + 1);
        }
      };
      for (const key of [...Object.getOwnPropertyNames(el), ...Object.getOwnPropertyNames(proto)]) {
        if (key === 'constructor') continue;
        let value;
        try {
          value = el[key];
        } catch {
          continue;
        }
        visit(value, `element.${key}`, 1);
      }
      return { own: Object.getOwnPropertyNames(el), api: Object.getOwnPropertyNames(proto).sort(), controller: typeof el.controller, found };
    });
    assert.deepEqual(reach.own, [], 'the element has no own property');
    assert.equal(reach.controller, 'undefined', 'no element.controller');
    assert.deepEqual(
      reach.api,
      ['attributeChangedCallback', 'claimTiming', 'connectedCallback', 'constructor', 'destroy', 'disconnectedCallback', 'exportRecord', 'games', 'level', 'loadRecord', 'mode', 'players', 'ready', 'seed', 'start', 'tactics'],
      "the element's prototype holds the public API only",
    );
    assert.deepEqual(reach.found, [], 'nothing reachable from the element holds the game');
    for (const file of ['app.js', 'battleline.html']) {
      assert.doesNotMatch(readFileSync(`${root}www/dist/${file}`, 'utf8'), /applyForTest|setAiDelay/, `www/dist/${file} holds the tests' hook`);
    }
    // Nor the package's element, built from the same sources (its controllers register no state for a hook).
    const element = readFileSync(`${root}pkg/element.js`, 'utf8');
    assert.doesNotMatch(element, /applyForTest|setAiDelay|__battleline\b/, "pkg/element.js holds the tests' hook");
    assert.match(element, /testContexts = (false \? .*? : )?null;/, "pkg/element.js keeps the controllers' state for a test hook");
    assertNoErrors(errors.filter((e) => !e.includes('no-such-page') && !e.includes('404')));
  } finally {
    await browser.close();
    await server.stop();
  }
});
