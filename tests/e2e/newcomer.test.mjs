// A newcomer's second walk: the states the other walks did not visit. The tutorial's offer is
// readable (its contrast measured on the screen, over its real background) and comes back after the
// tutorial is left; the start dialog can be closed, leaving Menu, Rules and the language at hand, and its
// Start button is in view at every size with two and three players; the levels say which is weakest;
// persons at one device give their names; messages follow a change of language; and the sentences found
// wrong read right: an imported game against the computer, the first hand-over, the replay's note.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, assertNoErrors, fastForward, lastAction, newGameViaUI, openPage, revealIfHandover, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';
import { clippedText, contrastOverBackground, screenText, smallTargets, smallText } from './audit.mjs';

const env = serveAndLaunch();
const LAPTOP = { width: 1366, height: 768 };

async function fresh(opts = {}) {
  const opened = await openPage(env.browser, opts);
  await opened.page.goto(env.server.url);
  await waitReady(opened.page);
  await opened.page.locator('dialog.start').waitFor();
  return opened;
}

/** A game against the computer (random moves, no delay) at a laptop's size, at the person's first turn. */
async function computerGame(seed) {
  const opened = await fresh({ viewport: LAPTOP });
  await startGame(opened.page, { mode: 'computer', level: 'random', seed });
  await opened.page.evaluate(() => window.__battleline.setAiDelay(0));
  await opened.page.waitForFunction(() => window.__battleline.state().myTurn);
  return opened;
}

/** The element is in view and is what a click at its centre reaches (nothing covers it, nothing clips it). */
async function reachable(locator) {
  const box = await locator.boundingBox();
  const view = locator.page().viewportSize();
  const inView = box !== null && box.y >= 0 && box.y + box.height <= view.height && box.x >= 0 && box.x + box.width <= view.width;
  const hit = await locator.evaluate((el) => {
    const b = el.getBoundingClientRect();
    const root = el.getRootNode();
    const at = root.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    // Clipped by a scrolling ancestor: the point is outside that ancestor's box.
    let clipped = false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const st = getComputedStyle(p);
      if (st.overflowY !== 'visible' || st.overflowX !== 'visible') {
        const pb = p.getBoundingClientRect();
        if (b.top < pb.top - 0.5 || b.bottom > pb.bottom + 0.5) clipped = true;
      }
    }
    return { covers: at === el || el.contains(at), clipped };
  });
  return inView && hit.covers && !hit.clipped;
}

test('the tutorial offer is readable over its background, in both languages', async () => {
  for (const locale of ['en-GB', 'zh-CN']) {
    const { context, page, errors } = await fresh({ viewport: LAPTOP, locale });
    const offer = page.locator('dialog.start .tutorial-offer');
    const ratio = await contrastOverBackground(offer);
    assert.ok(ratio >= 4.5, `the offer's text against its background: ${ratio}:1 (${locale})`);
    await shot(page, `newcomer-offer-${locale}`);
    assertNoErrors(errors);
    await context.close();
  }
});

test('the start dialog shows Start at every size, with two and three players and with names, in both languages', async () => {
  for (const [size, viewport] of [['laptop', LAPTOP], ['desktop', DESKTOP], ['phone', PHONE], ['small laptop', { width: 1280, height: 600 }]]) {
    for (const locale of ['en-GB', 'zh-CN']) {
      const { context, page, errors } = await fresh({ viewport, locale });
      const dialog = page.locator('dialog.start');
      const variants = [
        ['two players, computer', async () => {}],
        ['two players, hot-seat with names', () => dialog.locator('input[name=mode][value=hotseat]').check()],
        ['three players', () => dialog.locator('input[name=players][value="3"]').check()],
        ['three persons with names', async () => {
          await dialog.locator('select[name=seat1]').selectOption('person');
          await dialog.locator('select[name=seat2]').selectOption('person');
        }],
      ];
      for (const [what, set] of variants) {
        await set();
        for (const id of ['start', 'cancel']) assert.ok(await reachable(dialog.locator(`[data-dlg=${id}]`)), `${id} is in view and reachable: ${what}, ${size}, ${locale}`);
        assert.deepEqual(await smallText(page), [], `no text under 12 px: ${what}, ${size}`);
        if (size === 'phone') assert.deepEqual(await smallTargets(page), [], `touch targets: ${what}`);
      }
      await shot(page, `newcomer-start-${size.replace(' ', '-')}-${locale}`);
      // The form scrolls between the heading and the buttons: its last field can be reached.
      const seed = dialog.locator('input[name=seed]');
      await seed.scrollIntoViewIfNeeded();
      assert.ok(await reachable(seed), `the seed field can be scrolled to (${size}, ${locale})`);
      await dialog.locator('[data-dlg=start]').click();
      await dialog.waitFor({ state: 'detached' });
      assertNoErrors(errors);
      await context.close();
    }
  }
});

test('the start dialog can be closed: Menu, Rules and the language are at hand, and the board says how to begin', async () => {
  const { context, page, errors } = await fresh({ viewport: LAPTOP });
  await page.locator('dialog.start [data-dlg=cancel]').click();
  await page.locator('dialog.start').waitFor({ state: 'detached' });
  const bar = page.locator('#actionbar');
  assert.match(await bar.innerText(), /No game in progress/);
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=settings]').waitFor();
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.tools [data-act=lang]').click();
  assert.match(await bar.innerText(), /当前没有进行中的游戏/);
  await page.locator('.tools [data-act=lang]').click();
  await shot(page, 'newcomer-no-game');
  // The bar's New game opens the dialog again; Cancel closes it again.
  await bar.locator('[data-act=new]').click();
  await page.locator('dialog.start [data-dlg=cancel]').click();
  await page.locator('dialog.start').waitFor({ state: 'detached' });
  // Rules: the players' rules page, in the language of the game.
  await Promise.all([page.waitForURL(/rules\.html#en$/), page.locator('.tools [data-act=rules]').click()]);
  assertNoErrors(errors);
  await context.close();
});

test('the tutorial is offered again after it is left, in the start dialog and on the empty board', async () => {
  const { context, page, errors } = await fresh({ viewport: LAPTOP });
  await page.locator('dialog.start [data-dlg=tutorial]').click();
  await page.locator('#lesson').waitFor();
  await page.locator('#lesson [data-act=lesson-leave]').click();
  const dialog = page.locator('dialog.start');
  await dialog.waitFor();
  assert.equal(await dialog.locator('[data-dlg=tutorial]').count(), 1, 'the start dialog offers the tutorial again');
  await dialog.locator('[data-dlg=cancel]').click();
  await page.locator('#actionbar [data-act=tutorial]').click();
  await page.locator('#lesson .lesson-count').waitFor();
  assertNoErrors(errors);
  await context.close();
});

test('the levels go from weakest to strongest, Random first and explained', async () => {
  const { context, page, errors } = await fresh();
  const select = page.locator('dialog.start select[name=level]');
  assert.deepEqual(await select.locator('option').evaluateAll((os) => os.map((o) => o.value)), ['random', 'easy', 'medium', 'hard']);
  assert.match(await select.locator('option[value=random]').innerText(), /weakest/);
  const hint = await select.evaluate((el) => el.getRootNode().getElementById(el.getAttribute('aria-describedby')).textContent);
  assert.match(hint, /Random plays any allowed move/);
  assertNoErrors(errors);
  await context.close();
});

test('persons at one device give their names: the curtain, the status, the log and the end say them', async () => {
  const { context, page, errors } = await fresh({ viewport: LAPTOP });
  const dialog = page.locator('dialog.start');
  await dialog.locator('input[name=mode][value=hotseat]').check();
  await dialog.locator('input[name=name0]').fill('Ana');
  await dialog.locator('input[name=name1]').fill('<b>Bo</b>');
  await startGame(page, { mode: 'hotseat', seed: 7 });
  const curtain = page.locator('#curtain');
  const first = await curtain.innerText();
  // Before anyone has played, nobody "has finished", and nobody is told to tap a mouse.
  assert.match(first, /Pass the device to (Ana|bBo\/b)/);
  assert.match(first, /starts\. When you are ready, show your hand/);
  assert.doesNotMatch(first, /has finished|tap/);
  await revealIfHandover(page);
  assert.match(await page.locator('#status').innerText(), /(Ana|bBo\/b)’s turn/);
  assert.equal(await page.evaluate(() => document.querySelector('battle-line-game').shadowRoot.querySelectorAll('#log b:not(.who), #status b').length), 0, 'a name is text, never markup');
  await fastForward(page, { until: () => false, policy: (acts, h, random) => acts[Math.floor(random() * acts.length)] });
  await page.locator('dialog.end').waitFor();
  assert.match(await page.locator('dialog.end').innerText(), /Ana: \d+ flags?/);
  assert.match(await page.locator('#log').innerText(), /Ana/);
  // Kept with the saved game.
  await page.locator('dialog.end [data-dlg=close]').click();
  await page.reload();
  await waitReady(page);
  assert.match(await page.locator('#log').innerText(), /Ana/);
  // A name read back from storage is cleaned as a typed one is: text, never markup.
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('battleline.game.v1'));
    localStorage.setItem('battleline.game.v1', JSON.stringify({ ...saved, names: ['<img src=x>', 'Bo'] }));
  });
  await page.reload();
  await waitReady(page);
  assert.match(await page.locator('#log').innerText(), /img src=x/);
  assert.equal(await page.evaluate(() => document.querySelector('battle-line-game').shadowRoot.querySelectorAll('img').length), 0);
  assertNoErrors(errors);
  await context.close();
});

test('a message follows a change of language', async () => {
  const { context, page, errors } = await computerGame(3);
  // Unavailable, it says why when pressed (aria-disabled: a press must still reach it).
  await page.locator('.tools [data-act=undo]').click({ force: true });
  const message = page.locator('#actionbar .message');
  assert.match(await message.innerText(), /Undo is not available/);
  await page.locator('.tools [data-act=lang]').click();
  assert.match(await message.innerText(), /不能悔棋/);
  await page.locator('.tools [data-act=lang]').click();
  assert.match(await message.innerText(), /Undo is not available/);
  assertNoErrors(errors);
  await context.close();
});

test('an unfinished game against the computer, imported, goes on without a curtain; a bad record is explained once', async () => {
  const { context, page, errors } = await computerGame(9);
  // A record of this game a few moves on (the test hook reads it; the page exports only finished games).
  const record = await page.evaluate(() => JSON.stringify(window.__battleline.game.record()));
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=import]').click();
  const dialog = page.locator('dialog.dlg:has(textarea)');
  await dialog.locator('textarea').fill('{"format":"battleline-record","version":1,"oops":true}');
  await dialog.locator('[data-dlg=load]').click();
  const status = await dialog.locator('.status').innerText();
  assert.equal(status.match(/This is not a valid record/g)?.length, 1, `said once: ${status}`);
  await dialog.locator('textarea').fill('{"format":"battleline-record","version":1,"seed":1,"options":{},"actions":[{"type":"fly"}]}');
  await dialog.locator('[data-dlg=load]').click();
  const other = await dialog.locator('.status').innerText();
  assert.equal(other.match(/This is not a valid record/g)?.length, 1, `said once: ${other}`);
  // In Chinese too.
  await dialog.locator('[data-dlg=cancel]').click();
  await page.locator('.tools [data-act=lang]').click();
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=import]').click();
  await dialog.locator('textarea').fill('{"format":"battleline-record","version":1,"oops":true}');
  await dialog.locator('[data-dlg=load]').click();
  const zh = await dialog.locator('.status').innerText();
  assert.equal(zh.match(/这不是有效的记录/g)?.length, 1, `said once: ${zh}`);
  await dialog.locator('[data-dlg=cancel]').click();
  await page.locator('.tools [data-act=lang]').click();
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=import]').click();
  await dialog.locator('textarea').fill(record);
  await dialog.locator('[data-dlg=load]').click();
  await dialog.waitFor({ state: 'detached' }).catch(() => {});
  const ok = page.locator('dialog.dlg [data-dlg=ok]');
  if (await ok.count()) await ok.click();
  await page.waitForFunction(() => !document.querySelector('battle-line-game').shadowRoot.querySelector('dialog'));
  const s = await state(page);
  assert.equal(s.handover, false, 'no hand-over curtain against the computer');
  const text = await screenText(page);
  assert.doesNotMatch(text, /to You\b|You’s|You's/);
  // The replay of this unfinished game names its players as the game does.
  await page.waitForFunction(() => window.__battleline.state().myTurn);
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=replay]').click();
  const note = await page.locator('#status').innerText();
  assert.match(note, /only what you saw/);
  assert.doesNotMatch(await screenText(page), /Player [12]/);
  assertNoErrors(errors);
  await context.close();
});

test('the rules\' card pictures: their words are whole and 12 px at least, in both languages and on a phone', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors } = await openPage(env.browser, { viewport });
    await page.goto(`${env.server.url}rules.html#en`);
    for (const lang of ['en', 'zh']) {
      await page.locator(`[data-show=${lang}]`).click();
      const article = page.locator(`article[data-lang=${lang}]`);
      await article.locator('.rules-cards .card').first().waitFor();
      assert.deepEqual(await clippedText(page, '.card .unit, .card .tname'), [], `words cut off (${lang}, ${viewport.width} px)`);
      assert.deepEqual(await smallText(page), [], `text under 12 px (${lang}, ${viewport.width} px)`);
    }
    assertNoErrors(errors);
    await context.close();
  }
});

test('a phone: the tool bar has words, and a hand of nine cards (Scout) keeps 44 px targets and its tactics cards\' names without scrolling', async () => {
  const { context, page, errors } = await fresh({ viewport: PHONE, hasTouch: true });
  await startGame(page, { mode: 'hotseat', seed: 12 });
  const words = await page.locator('.tools button').evaluateAll((buttons) =>
    buttons.filter((b) => b.getBoundingClientRect().width > 0).map((b) => [b.dataset.act, [...b.querySelectorAll('.tool-label')].filter((l) => l.getBoundingClientRect().width > 0).map((l) => l.textContent.trim()).join('')]),
  );
  assert.deepEqual(words.filter(([, w]) => !w), [], 'every tool shows a word under its icon');
  assert.ok(words.length >= 6, `the tools: ${JSON.stringify(words)}`);
  // To a turn with Scout in hand; Scout played and three cards drawn: nine cards in the hand.
  await fastForward(page, {
    until: (h) => h.legal().some((a) => a.type === 'scout'),
    policy: (acts, h, random) => {
      const troops = acts.filter((a) => a.type === 'play' && /^[roygbp]/.test(a.card));
      return troops.length ? troops[Math.floor(random() * troops.length)] : (acts.find((a) => a.type === 'draw' && a.deck === 'tactics') ?? acts.find((a) => a.type === 'draw') ?? acts[0]);
    },
  });
  await revealIfHandover(page);
  await page.locator('[data-hand=scout]').click();
  await page.locator('[data-act=scout]').click();
  for (let i = 0; i < 3; i++) await page.locator('[data-deck=troop]').click();
  assert.equal(await page.locator('#hand [data-hand]').count(), 9);
  assert.deepEqual(await smallTargets(page, 44, 40), [], 'touch targets with nine cards in hand');
  // The tactics cards in the hand say their names, whole and at 12 px at least (not only a picture).
  const names = await page.locator('#hand .card.tactic .tname').evaluateAll((els) => els.map((el) => (el.getBoundingClientRect().width > 0 ? (el.dataset.text ?? '').replace(/\u00ad/g, '') : '')));
  assert.ok(names.length >= 2 && names.every((n) => n.length > 0), `tactics cards' names in the hand: ${JSON.stringify(names)}`);
  assert.deepEqual(await clippedText(page, '.card .unit, .card .tname'), [], 'words cut off with nine cards in hand');
  assert.deepEqual(await smallText(page), [], 'text under 12 px with nine cards in hand');
  assert.equal(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), true, 'no scrolling with nine cards in hand');
  await shot(page, 'newcomer-phone-scout-nine');
  assertNoErrors(errors);
  await context.close();
});

/** In the page: the guile action that takes a Fog or Mud lying alone (no other card there to take) on its flag. */
function envAlone(h) {
  if (!h.game || h.state().phase !== 'play') return null;
  const acts = h.legal();
  const flags = h.game.view(h.game.current).flags;
  for (const a of acts) {
    if ((a.type !== 'deserter' && a.type !== 'redeploy') || (a.card !== 'fog' && a.card !== 'mud')) continue;
    const f = flags.find((fl) => fl[a.card] !== null);
    const cards = f.sides.flat();
    if (!acts.some((b) => b.type === a.type && cards.includes(b.card))) return { type: a.type, card: a.card, flag: f.flag };
  }
  return null;
}

test('a Fog or Mud on a flag is taken by the flag\'s button (44 px on a phone), not only by its small badge', async () => {
  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
    const phone = size === 'phone';
    const { context, page, errors } = await fresh({ viewport, hasTouch: phone });
    let found = null;
    for (const seed of [21, 22, 23, 24, 25, 26, 27, 28]) {
      if (seed === 21) await startGame(page, { mode: 'hotseat', seed });
      else await newGameViaUI(page, { mode: 'hotseat', seed });
      // Environment cards played whenever they can be, tactics drawn, troops otherwise, never a claim.
      await fastForward(page, {
        until: new Function('h', `return (${envAlone.toString()})(h) !== null;`),
        policy: (acts, h, random) => {
          const env = acts.filter((a) => a.type === 'environment');
          if (env.length) return env[0];
          const draws = acts.filter((a) => a.type === 'draw' || a.type === 'scoutDraw');
          if (draws.length) return draws.find((a) => a.deck === 'tactics') ?? draws[0];
          const troops = acts.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
          if (troops.length) return troops[Math.floor(random() * troops.length)];
          return acts.find((a) => a.type === 'endClaims') ?? acts.find((a) => a.type === 'pass') ?? acts.find((a) => a.type === 'scoutReturn') ?? acts[0];
        },
        seed,
      });
      found = await page.evaluate((src) => (0, eval)(`(${src})`)(window.__battleline), envAlone.toString());
      if (found) break;
    }
    assert.ok(found, 'a position where a Fog or Mud alone on its flag can be taken');
    await revealIfHandover(page);
    const before = (await state(page)).actionCount;
    await page.locator(`[data-hand="${found.type}"]`).click();
    const badge = page.locator(`.env-badge.${found.card}.source`);
    await badge.waitFor();
    const box = await badge.boundingBox();
    const flagBox = await page.locator(`.flag-btn[data-flag="${found.flag}"]`).boundingBox();
    if (phone) assert.ok(flagBox.height >= 44 && box.height < 44, `the flag's button (${flagBox.width}×${flagBox.height}) is the larger target than the badge (${box.width}×${box.height})`);
    await shot(page, `newcomer-${size}-env-source-${found.type}`);
    const flagButton = page.locator(`.flag-btn[data-flag="${found.flag}"]`);
    if (phone) await flagButton.tap();
    else await flagButton.click();
    if (found.type === 'deserter') {
      await page.waitForFunction((n) => window.__battleline.state().actionCount > n, before, { timeout: 5000 });
      assert.deepEqual(await lastAction(page), { type: 'deserter', card: found.card });
    } else {
      assert.equal(await page.locator(`.env-badge.${found.card}.picked`).count(), 1, 'the flag\'s button picked the badge as the card to move');
    }
    assertNoErrors(errors);
    await context.close();
  }
});
