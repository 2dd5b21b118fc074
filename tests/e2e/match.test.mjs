// A match of two games: the score between games, the next game from the end screen, the match's end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, fastForward, openPage, serveAndLaunch, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

function claimFirst(actions, h, random) {
  const claim = actions.find((a) => a.type === 'claim');
  if (claim) return claim;
  const plays = actions.filter((a) => a.type !== 'endClaims' && a.type !== 'pass' && a.type !== 'nextGame');
  return plays.length ? plays[Math.floor(random() * plays.length)] : actions[0];
}

test('a match of two games shows its score and plays on', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 90, games: 2 });
  assert.match(await page.locator('#status .match-score').innerText(), /Game 1 of 2 · Player 1 0 : 0 Player 2/);
  await fastForward(page, { until: () => false, policy: claimFirst, seed: 1 });
  let s = await state(page);
  assert.equal(s.over, true);
  assert.equal(s.matchOver, false);
  const end = page.locator('dialog.end');
  await end.waitFor();
  assert.match(await end.innerText(), /Match score · Game 1 of 2/);
  await end.locator('[data-dlg=next]').click();
  await end.waitFor({ state: 'detached' });
  s = await state(page);
  assert.equal(s.over, false);
  assert.match(await page.locator('#status .match-score').innerText(), /Game 2 of 2/);
  assert.match(await page.locator('#log').innerText(), /Game 2 begins/);
  await fastForward(page, { until: () => false, policy: claimFirst, seed: 2 });
  await end.waitFor();
  const text = await end.innerText();
  assert.match(text, /wins the match|The match is tied/);
  assert.equal(await end.locator('[data-dlg=new]').count(), 1, 'a new game, not a next one');
  assertNoErrors(errors);
  await context.close();
});
