// English built from player names reads right ("You starts", "can You claim it?", "Computer
// turned 6 traitor"), a tactics card in a sentence is named, not only drawn as an icon, and a claim's
// cards are listed in order. A whole game against the computer, its page text read at every turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, openPage, serveAndLaunch, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();
const UNGRAMMATICAL = /\bYou (starts|wins|ties|has|is|makes)\b|can You\b|claimed by You\b|You[’']s\b|\bif You\b|turned .* traitor|made .* desert/;

test('a game against the computer: every sentence about "You" is grammatical, tactics are named, claims sorted', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startGame(page, { mode: 'computer', level: 'easy', seed: 31 });
  const texts = [];
  const read = async () => {
    // The game's text is in its element's shadow root (body.innerText does not go in).
    const text = await page.evaluate(() => `${document.body.innerText}\n${[...document.querySelector('battle-line-game').shadowRoot.children].map((el) => el.innerText ?? '').join('\n')}`);
    texts.push(text);
    assert.doesNotMatch(text, UNGRAMMATICAL);
  };
  let random = 7;
  const next = () => (random = (Math.imul(random, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (let turn = 0; turn < 200 && !(await state(page)).over; turn++) {
    await page.waitForFunction(() => window.__battleline.state().myTurn || window.__battleline.state().over, null, { timeout: 20000 });
    if ((await state(page)).over) break;
    await read();
    // Prefer tactics, so that guile cards appear in the log; claim whatever can be claimed.
    const action = await page.evaluate((r) => {
      const acts = window.__battleline.legal();
      const claim = acts.find((a) => a.type === 'claim');
      const tactic = acts.filter((a) => ['environment', 'scout', 'redeploy', 'deserter', 'traitor'].includes(a.type) || (a.type === 'play' && !/^[roygbp]\d/.test(a.card)));
      const draw = acts.filter((a) => a.type === 'draw');
      const pool = claim ? [claim] : tactic.length ? tactic : draw.length ? draw : acts;
      return pool[Math.floor(r * pool.length)];
    }, next());
    await page.evaluate((a) => window.__battleline.apply(a), action);
  }
  await read();
  const log = await page.locator('#log').innerText();
  assert.match(log, /The game begins\. (You start|Computer starts)\./);
  assert.match(texts.join('\n'), /Your turn/);
  // Guile cards in the log say what was played and what it did.
  assert.match(log, /played (Deserter|Traitor|Redeploy|Scout)/);
  // A drawn or played tactics card shows its name beside its icon.
  const names = await page.locator('#log .mini.tactic .mini-name').allInnerTexts();
  assert.ok(names.length > 0 && names.every((n) => n.trim().length > 0), `tactics named in the log: ${names.join(', ')}`);
  assertNoErrors(errors);
  await context.close();
});

test('a claim\'s explanation asks "can you claim it?" and lists each formation\'s cards by value', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.evaluate(() => window.__battleline.setAiDelay(0));
  await startGame(page, { mode: 'computer', level: 'easy', seed: 12 });
  // Play troops at flag 1 until that side is complete, then ask about the flag.
  for (let turn = 0; turn < 60; turn++) {
    await page.waitForFunction(() => window.__battleline.state().myTurn, null, { timeout: 20000 });
    const done = await page.evaluate(() => {
      const h = window.__battleline;
      const mine = h.view().flags[0].sides[h.state().viewer];
      if (mine.length >= 3) return true;
      const acts = h.legal();
      const a =
        acts.find((x) => x.type === 'play' && x.flag === 1 && /^[roygbp]\d/.test(x.card)) ??
        acts.find((x) => x.type === 'play' && /^[roygbp]\d/.test(x.card)) ??
        acts.find((x) => x.type === 'endClaims') ??
        acts.find((x) => x.type === 'draw' && x.deck === 'troop') ??
        acts[0];
      h.apply(a);
      return false;
    });
    if (done) break;
  }
  await page.locator('.flag-btn[data-flag="1"]').click();
  const dialog = page.locator('dialog.claim');
  await dialog.waitFor();
  assert.match(await dialog.locator('h2, .dlg-title, #dlg-title').first().innerText(), /Flag 1: can you claim it\?/);
  for (const row of await dialog.locator('.cardrow').all()) {
    const values = await row.locator('.mini.troop .v').allInnerTexts();
    const sorted = [...values].sort((a, b) => Number(a) - Number(b));
    assert.deepEqual(values, sorted, 'cards listed by value');
  }
  assertNoErrors(errors);
  await context.close();
});
