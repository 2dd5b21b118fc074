// The post-game review's walk, shared by the files that review: the 40-decision fixture, importing a
// record from the menu, and visiting every marked decision with Next while checking what it says and shows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { percent, reviewOf, root, spoken } from './helpers.mjs';

/** The review's laptop screen. */
export const LAPTOP = { width: 1366, height: 768 };
/** A finished record with 40 decisions of player 1 (the review's fixture). */
export const FORTY = readFileSync(`${root}tests/e2e/fixtures/review-40.json`, 'utf8');

/** Imports a finished record from the menu: it opens in the replay. */
export async function importRecord(page, text) {
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=import]').click();
  const dialog = page.locator('dialog.dlg');
  await dialog.locator('textarea').fill(text);
  await dialog.locator('[data-dlg=load]').click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.replay-bar').waitFor();
}

/** What a worded reason must name: a card (as its name is read aloud), a formation, a total, an out or a claim. */
const REASON_NAMES = /\b(Red|Orange|Yellow|Green|Blue|Purple) \d+\b|Wedge|Phalanx|Battalion|Skirmish|Host|total of|outs? unseen|claim|Fog|Mud|Leader|Companion|Shield|Alexander|Darius/;

/** Visits every marked decision with Next and checks what the panel says and shows. */
export async function walkMarks(page, { name, lang = 'en' }) {
  const r = await reviewOf(page);
  // The reviewed player's marks (the opponent's decisions are judged too, and listed apart).
  const marked = r.decisions.flatMap((d, i) => (d.judgement && d.player === r.player ? [i] : []));
  const mine = r.decisions.flatMap((d, i) => (d.player === r.player ? [i] : []));
  assert.ok(marked.length > 0, 'the weak moves are marked');
  const words = lang === 'en' ? { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' } : { inaccuracy: '不精确', mistake: '错误', blunder: '大错' };
  for (const i of marked) {
    await page.locator('.coach [data-act=rv-next]').click();
    const now = await reviewOf(page);
    assert.equal(now.selected, i, 'Next goes to the next marked decision');
    const d = now.decisions[i];
    const replay = await page.evaluate(() => ({ index: window.__battleline.controller.state.replay.index, viewer: window.__battleline.controller.state.replay.viewer }));
    assert.deepEqual(replay, { index: d.index, viewer: now.player }, 'the board shows the position before the decision, from its player’s side');
    const text = await spoken(page.locator('.coach .rv-detail'), { paragraphs: true });
    const n = mine.length;
    const k = mine.indexOf(i);
    if (lang === 'en') {
      // A marked draw is told as one ("You drew from the tactics deck."), any other decision as a move played.
      const did = d.played.type === 'draw' || d.played.type === 'scoutDraw' ? `drew from the ${d.played.deck === 'tactics' ? 'tactics' : 'troop'} deck` : 'played .+';
      assert.match(text, new RegExp(`^Decision ${k + 1} of ${n} · ${words[d.judgement]} ${name} ${did}\\. ${words[d.judgement]}: it gave up ${percent(d.loss)} points of the chance to win\\.`));
      assert.match(text, new RegExp(`Better: .+ \\(shown on the board\\)\\. Chance to win: ${percent(d.withBest.win)}% instead of ${percent(d.withPlayed.win)}%\\.`));
      if (d.reason) assert.match(text, new RegExp(`With it the chance at flag ${d.reason.flag} is ${percent(d.reason.to)}% instead of ${percent(d.reason.from)}%\\.$`));
      // The engine's reasons, worded: each names a formation, a card, an out or a claim.
      const why = /Why it is better: (.*?)(?: With it the chance|$)/.exec(text)?.[1];
      if (d.bestReasons.length && why) {
        for (const sentence of why.split(/(?<=\.) /)) assert.match(sentence, REASON_NAMES, `a reason that names nothing: ${sentence}`);
      }
    } else {
      assert.match(text, new RegExp(`第 ${k + 1} 个决定，共 ${n} 个 · ${words[d.judgement]}`));
      assert.match(text, new RegExp(`胜率 ${percent(d.withBest.win)}%，而不是 ${percent(d.withPlayed.win)}%`));
    }
    assert.ok(percent(d.withBest.win) - percent(d.withPlayed.win) >= 4, 'a marked move gave up a clear share');
    // The better move on the board: its flag's column and its card are marked.
    const best = d.best;
    if ('flag' in best) assert.equal(await page.locator(`.col[data-flag="${best.flag}"].suggested`).count(), 1, JSON.stringify(best));
    if ('to' in best && best.to !== null) assert.equal(await page.locator(`.col[data-flag="${best.to}"].suggested`).count(), 1, JSON.stringify(best));
    // A guile card's move marks the tactics card in the hand (its target may be Fog or Mud, not a card element).
    const card = ['redeploy', 'deserter', 'traitor'].includes(best.type) ? best.type : best.card;
    if (card) assert.ok((await page.locator(`.suggested[data-card="${card}"]`).count()) >= 1, JSON.stringify(best));
    if (best.type === 'draw') assert.equal(await page.locator(`.deck.suggested[data-deck="${best.deck}"]`).count(), 1);
  }
}
