// The computer at every level, in the page's Web Worker: a full game against easy, medium and hard
// finishes (and a three-player one against two hard seats), every computer action is legal (the game accepted it), and the time each computer decision
// took in Chromium (worker round trip included) is written to test-results/bot-levels.json. The times
// are reported, not asserted: speed is the benchmarks' business (see the README).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { applyViaHook, assertNoErrors, legal, median, openPage, root, serveAndLaunch, shot, startGame, startThreePlayers, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();
const results = {};
after(() => {
  mkdirSync(`${root}test-results`, { recursive: true });
  writeFileSync(`${root}test-results/bot-levels.json`, JSON.stringify(results, null, 2) + '\n');
});

/** Each decision's time with a choice, in ms, of the computer seats at `level`, summarised into `results[key]`. */
async function recordTimes(t, page, level, key) {
  const times = (await page.evaluate(() => window.__battleline.computerTimes())).filter((x) => x.level === level).map((x) => x.ms);
  assert.ok(times.length >= 10, `the ${key} computer made ${times.length} decisions with a choice`);
  results[key] = {
    decisions: times.length,
    medianMs: Math.round(median(times)),
    maxMs: Math.round(Math.max(...times)),
    meanMs: Math.round(times.reduce((a, b) => a + b, 0) / times.length),
  };
  t.diagnostic(`${key}: ${times.length} decisions, median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
  return times;
}

/** Plays the person's side through the hook (`pick`) until the game is over, waiting out the computer. */
async function playOut(page) {
  let sawThinking = false;
  for (let turn = 0; turn < 400; turn++) {
    const handle = await page.waitForFunction(
      () => {
        const s = window.__battleline.state();
        return s.myTurn || s.over ? 'ready' : s.thinking ? 'thinking' : false;
      },
      null,
      { timeout: 30_000, polling: 50 },
    );
    if ((await handle.jsonValue()) === 'thinking') {
      sawThinking = true;
      await page.waitForFunction(() => window.__battleline.state().myTurn || window.__battleline.state().over, null, { timeout: 30_000 });
    }
    if ((await state(page)).over) break;
    await applyViaHook(page, pick(await legal(page)));
  }
  return sawThinking;
}

// The person's side: claim what can be claimed, play a troop, draw a troop.
const pick = (actions) =>
  actions.find((a) => a.type === 'claim') ??
  actions.find((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card)) ??
  actions.find((a) => a.type === 'draw' && a.deck === 'troop') ??
  actions.find((a) => a.type === 'endClaims') ??
  actions[0];

for (const [level, seed] of [
  ['easy', 21],
  ['medium', 22],
  ['hard', 23],
]) {
  test(`a full game against the ${level} computer finishes`, { timeout: 600_000 }, async (t) => {
    const { context, page, errors } = await openPage(env.browser);
    await page.goto(env.server.url);
    await waitReady(page);
    await page.evaluate(() => window.__battleline.setAiDelay(0));
    await startGame(page, { mode: 'computer', level, seed });
    const sawThinking = await playOut(page);
    const s = await state(page);
    assert.ok(s.over, `the game against ${level} ended`);
    const result = await page.evaluate(() => window.__battleline.game.result());
    assert.ok(result && (result.winner === 0 || result.winner === 1), `a winner: ${JSON.stringify(result)}`);
    const times = await recordTimes(t, page, level, level);
    assert.ok(sawThinking || times.length > 0, 'the computer thought in the worker');
    assert.match(await page.locator('#log').innerText(), /Computer played/);
    if (level === 'hard') await shot(page, 'game-over-vs-hard');
    assertNoErrors(errors);
    await context.close();
  });
}

// With three players hard searches its own, bigger budget (10,000 playouts, Level::three_player_playouts):
// a person against two hard computer seats, to the end, with the time of each of their decisions.
test('a three-player game against two hard computers finishes', { timeout: 600_000 }, async (t) => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startThreePlayers(page, { seats: ['person', 'computer:hard', 'computer:hard'], seed: 24 });
  await playOut(page);
  assert.ok((await state(page)).over, 'the three-player game against hard ended');
  const result = await page.evaluate(() => window.__battleline.game.result());
  assert.ok(result, `a result: ${JSON.stringify(result)}`);
  await recordTimes(t, page, 'hard', 'hard, three players');
  assertNoErrors(errors);
  await context.close();
});
