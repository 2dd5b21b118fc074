// The coach's other parts, used as a player would: win chances on the board (a setting, off by default;
// for the person at the screen only, and in hot-seat only once the curtain is down for the player to
// move), statistics across games (per level and variant, streaks, flags per game, export, import, clear)
// and the unseen-cards panel (from the view only). Fair play: none of them names where a hidden card is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, assertAccessible, assertNoErrors, openPage, pageOverflow as overflow, revealIfHandover, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();
const LAPTOP = { width: 1366, height: 768 };

async function turnOnWinChances(page) {
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=settings]').click();
  const dialog = page.locator('dialog.dlg');
  const box = dialog.locator('input[name=winChances]');
  assert.equal(await box.isChecked(), false, 'off by default');
  await box.check();
  await dialog.locator('[data-dlg=ok]').click();
  await dialog.waitFor({ state: 'detached' });
}

/** The chances on the board once computed for the position now: per open flag and the game's. */
async function shownChances(page) {
  await page.waitForFunction(() => {
    const c = window.__battleline.controller.state.coach.chances;
    return c.value !== null && c.valueKey === c.key;
  });
  return page.evaluate(() => {
    const root = document.querySelector('battle-line-game').shadowRoot;
    const c = window.__battleline.controller.state.coach.chances;
    return {
      key: c.key,
      value: c.value,
      flags: [...root.querySelectorAll('.col')].map((col) => col.querySelector('.chance .pct')?.textContent ?? null),
      win: root.querySelector('.strip.bottom .win-chance')?.textContent ?? null,
      top: root.querySelectorAll('.strip.top .win-chance').length,
    };
  });
}

for (const [size, viewport] of [['desktop', LAPTOP], ['phone', PHONE]]) {
  test(`win chances on the board against the computer, from the setting (${size})`, async () => {
    const { context, page, errors } = await openPage(env.browser, { viewport });
    await page.goto(env.server.url);
    await waitReady(page);
    await startGame(page, { mode: 'computer', level: 'easy', seed: 6 });
    await page.evaluate(() => window.__battleline.setAiDelay(0));
    assert.equal(await page.locator('.col .chance').count(), 0, 'off by default: no chances drawn');
    assert.equal(await page.evaluate(() => window.__battleline.controller.state.coach.chances.key), '', 'and none computed');
    await turnOnWinChances(page);
    for (let move = 0; move < 8; move++) {
      await page.waitForFunction(() => window.__battleline.state().myTurn);
      const shown = await shownChances(page);
      const s = await state(page);
      assert.equal(shown.key.split('|').at(-1), String(s.viewer), 'the person’s own seat');
      const view = await page.evaluate(() => window.__battleline.view());
      view.flags.forEach((f, i) => {
        assert.equal(shown.flags[i], f.claimedBy === null ? `${Math.round(shown.value.flags[i] * 100)}%` : null, `flag ${i + 1}`);
      });
      assert.equal(shown.win, `Chance to win: ${Math.round(shown.value.win * 100)}%`);
      assert.equal(shown.top, 0, 'never for the opponent');
      if (move === 2) {
        assert.deepEqual(await overflow(page), { x: 0, y: 0 });
        await assertAccessible(page, `win chances (${size})`);
        await shot(page, `win-chances-${size}`);
      }
      await page.evaluate(() => {
        const h = window.__battleline;
        h.apply(h.legal().find((a) => a.type === 'play') ?? h.legal()[0]);
      });
    }
    assertNoErrors(errors);
    await context.close();
  });
}

test('hot-seat: win chances only behind the curtain of the player to move, for that player', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 7 });
  await revealIfHandover(page);
  await turnOnWinChances(page);
  for (let move = 0; move < 6; move++) {
    const s = await state(page);
    const shown = await shownChances(page);
    assert.equal(shown.key.split('|').at(-1), String(s.current), 'the chances of the player to move, whose hand is shown');
    // Play out the turn; the curtain comes up for the other player.
    await page.evaluate(() => {
      const h = window.__battleline;
      const me = h.state().current;
      while (h.state().current === me && !h.state().over) h.apply(h.legal().find((a) => a.type === 'play') ?? h.legal().find((a) => a.type === 'draw') ?? h.legal()[0]);
    });
    assert.equal((await state(page)).handover, true);
    assert.equal(await page.locator('.chance, .win-chance').count(), 0, 'nothing behind the curtain');
    assert.equal(await page.evaluate(() => window.__battleline.controller.state.coach.chances.value), null, 'and nothing kept for it');
    await revealIfHandover(page);
  }
  assertNoErrors(errors);
  await context.close();
});

test('statistics: games against the computer per level and variant, streaks, export, clear, import', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  const outcomes = [];
  for (const [level, seed] of [['easy', 11], ['random', 12]]) {
    if (outcomes.length) {
      await page.locator('dialog.end [data-dlg=new]').click();
    }
    await startGame(page, { mode: 'computer', level, seed });
    await page.evaluate(() => window.__battleline.setAiDelay(0));
    for (let n = 0; n < 3000 && !(await state(page)).over; n++) {
      await page.evaluate(() => {
        const h = window.__battleline;
        if (!h.state().myTurn) return;
        const acts = h.legal();
        h.apply(acts.find((a) => a.type === 'claim') ?? acts.find((a) => a.type === 'play') ?? acts[0]);
      });
      await page.waitForTimeout(3);
    }
    const result = await page.evaluate(() => window.__battleline.game.result());
    outcomes.push({ level, outcome: result.winner === null ? 'draw' : result.winner === 0 ? 'win' : 'loss', flags: result.flags[0] });
    await page.locator('dialog.end').waitFor();
  }
  await page.locator('dialog.end [data-dlg=close]').click();
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=stats]').click();
  const dialog = page.locator('dialog.dlg');
  const rows = await dialog.locator('.stats-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  assert.equal(rows.length, 2, 'one row per level and variant');
  for (const [i, o] of outcomes.entries()) {
    const row = rows[i];
    assert.match(row[0], new RegExp(`^${o.level === 'easy' ? 'Easy' : 'Random'}Two players, tactics$`));
    assert.deepEqual(row.slice(1, 6), ['1', o.outcome === 'win' ? '1' : '0', o.outcome === 'draw' ? '1' : '0', o.outcome === 'loss' ? '1' : '0', `${o.flags}.0`]);
  }
  assert.match(await dialog.locator('.stats-streak').innerText(), /^Current streak: \d+ (won|lost|drawn) · Longest winning streak: \d+$/);
  assert.equal(await dialog.locator('svg.stats-recent rect').count(), 2, 'the chart of recent results');
  await assertAccessible(page, 'statistics');
  await shot(page, 'statistics');
  // Export: the file holds both results and the records of the finished matches.
  await dialog.locator('[data-dlg=export]').click();
  const exported = JSON.parse(await page.locator('dialog.dlg textarea').inputValue());
  assert.equal(exported.format, 'battleline-statistics');
  assert.equal(exported.games.length, 2);
  assert.ok(exported.games.every((g) => g.record?.format === 'battleline-record'), 'each finished match with its record');
  await page.locator('dialog.dlg [data-dlg=close]').click();
  // Clear (after confirming), then import the export back.
  await page.locator('dialog.dlg [data-dlg=clear]').click();
  await page.locator('dialog.dlg [data-dlg=ok]').click();
  assert.match(await page.locator('dialog.dlg .stats-panel').innerText(), /No finished game against the computer yet/);
  await page.locator('dialog.dlg [data-dlg=import]').click();
  await page.locator('dialog.dlg textarea').fill('{"format":"something else"}');
  await page.locator('dialog.dlg [data-dlg=add]').click();
  assert.match(await page.locator('dialog.dlg .status').innerText(), /not a statistics file/);
  await page.locator('dialog.dlg textarea').fill(JSON.stringify(exported));
  await page.locator('dialog.dlg [data-dlg=add]').click();
  await page.locator('dialog.dlg .stats-table').waitFor();
  assert.equal(await page.locator('dialog.dlg .stats-table tbody tr').count(), 2, 'both games back');
  await page.locator('dialog.dlg [data-dlg=close]').click();
  assertNoErrors(errors);
  await context.close();
});

/** Every card the view does not show, from the engine's full state (test hook): the hidden cards. */
function hiddenNow() {
  const h = window.__battleline;
  const full = h.game.fullState();
  const viewer = h.state().viewer;
  const others = full.hands.filter((_, i) => i !== viewer).flat();
  const scouted = new Set(h.view().scoutReturned.map((k) => k.card));
  return { others, hidden: [...others, ...full.troopDeck, ...full.tacticsDeck].filter((c) => !scouted.has(c)).sort() };
}

for (const [size, viewport] of [['desktop', LAPTOP], ['phone', PHONE]]) {
  test(`unseen cards from the view alone: every hidden card, none told apart (${size})`, async () => {
    const { context, page, errors } = await openPage(env.browser, { viewport });
    await page.goto(env.server.url);
    await waitReady(page);
    await startGame(page, { mode: 'computer', level: 'easy', seed: 9 });
    await page.evaluate(() => window.__battleline.setAiDelay(0));
    for (let move = 0; move < 5; move++) {
      await page.waitForFunction(() => window.__battleline.state().myTurn);
      await page.evaluate(() => window.__battleline.apply(window.__battleline.legal().find((a) => a.type === 'play') ?? window.__battleline.legal()[0]));
    }
    await page.waitForFunction(() => window.__battleline.state().myTurn);
    await page.locator('.tools [data-act=menu]').click();
    await page.locator('.menu [data-act=unseen]').click();
    const dialog = page.locator('dialog.unseen-dlg');
    await dialog.waitFor();
    const listed = await dialog.locator('.unseen-table .mini').evaluateAll((els) => els.map((e) => ({ card: e.dataset.card, cls: e.className })));
    const tactics = await dialog.locator('.tactic-name').allInnerTexts();
    const { others, hidden } = await page.evaluate(hiddenNow);
    const hiddenTroops = hidden.filter((c) => /^[roygbp]\d/.test(c));
    assert.deepEqual(listed.map((l) => l.card).sort(), hiddenTroops, 'exactly the troops the person cannot see');
    assert.equal(tactics.length, hidden.length - hiddenTroops.length, 'and the tactics cards');
    // A card in the opponent's hand looks like any card in the deck.
    const classOf = (card) => listed.find((l) => l.card === card)?.cls.replace(/c-[roygbp]/, '');
    const shapes = new Set(listed.map((l) => classOf(l.card)));
    assert.equal(shapes.size, 1, 'one look for every unseen troop');
    assert.ok(others.some((c) => listed.some((l) => l.card === c)), 'the opponent’s troops are among them, not apart');
    const view = await page.evaluate(() => window.__battleline.view());
    const text = await dialog.innerText();
    assert.match(text, new RegExp(`Troop deck: ${view.troopDeck} · tactics deck: ${view.tacticsDeck}`));
    const count = (n, one, many) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
    assert.match(text, new RegExp(`Computer holds ${count(view.handSizes[1].troops, 'troop', 'troops')} and ${count(view.handSizes[1].tactics, 'tactics card', 'tactics cards')}\\.`));
    assert.deepEqual(await overflow(page), { x: 0, y: 0 });
    await assertAccessible(page, `unseen cards (${size})`);
    await shot(page, `unseen-${size}`);
    await dialog.locator('[data-dlg=close]').click();
    assertNoErrors(errors);
    await context.close();
  });
}

test('hot-seat: no unseen cards and no chances while the curtain is up', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 10 });
  assert.equal((await state(page)).handover, true);
  assert.equal(await page.locator('.menu [data-act=unseen]').isDisabled(), true, 'the next player’s cards would tell their hand');
  await revealIfHandover(page);
  assert.equal(await page.locator('.menu [data-act=unseen]').isDisabled(), false, 'once the curtain is down for them');
  assertNoErrors(errors);
  await context.close();
});
