// The hint is advice in the present tense with its reason, read from the engine: the search's
// own move with how it changes the player's chances: asked in the tutorial's fixed
// position where red 10 completes a Wedge that beats the opponent's, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoErrors, openPage, serveAndLaunch, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

/** Opens the tutorial at its third step (flag 3: your red 8 and 9 against a complete yellow Wedge 4-5-6). */
async function atWedgeStep(page, lang) {
  await page.addInitScript((lang) => {
    localStorage.setItem('battleline.settings.v1', JSON.stringify({ lang, hints: true, aiDelay: 0 }));
    localStorage.setItem('battleline.tutorial.v1', JSON.stringify({ index: 2, completed: ['turnPlay', 'turnDraw'] }));
  }, lang);
  await page.goto(env.server.url);
  await waitReady(page);
  await page.locator('dialog.start [data-dlg=cancel], dialog.start [data-dlg=start]').first().waitFor();
  await page.locator('dialog.start [data-dlg=start]').click();
  await page.locator('.tools [data-act=menu]').click();
  await page.locator('.menu [data-act=tutorial]').click();
  await page.locator('#lesson').waitFor();
}

for (const [lang, expected] of [
  // The engine's reasons for the move (the completed formation and the claim it proves), then the chance
  // line of that flag; Chinese sentences follow one another without a space.
  ['en', /^Play Red 10, Elephants at flag 3: it completes a Wedge \(sum 27\) the opponent cannot beat, so you can claim flag 3\.(?: [^.]+\.)? It raises your chance at flag 3 from (\d+)% to (\d+)%; your chance to win: \d+%\.$/],
  ['zh', /^把 红10 战象 放到地区 3：它组成对手无法击败的同花顺（总和 27），你可以占据地区 3。(?:[^。]+。)?它把你在地区 3 的胜率从 (\d+)% 提高到 (\d+)%；你赢得整局的机会：\d+%。$/],
]) {
  test(`the hint says what to do and why (${lang})`, async () => {
    const { context, page, errors } = await openPage(env.browser);
    await atWedgeStep(page, lang);
    await page.locator('.tools [data-act=hint]').click();
    const message = page.locator('#actionbar .message');
    await message.waitFor();
    // The sentence as read aloud: each small card by its name.
    const text = await message.evaluate((el) => {
      const copy = el.cloneNode(true);
      for (const card of copy.querySelectorAll('.mini')) card.replaceWith(card.getAttribute('aria-label'));
      return copy.textContent.replace(/\s+/g, ' ').trim();
    });
    // The search's move, with its reason in terms of the chances: the flag it wins rises.
    const [, from, to] = expected.exec(text) ?? assert.fail(`${text} does not match ${expected}`);
    assert.ok(Number(to) - Number(from) >= 5 && Number(to) >= 90, `${from}% → ${to}%`);
    assert.doesNotMatch(text, /Hint:|提示：|drew|\?/, 'not a log sentence');
    assert.ok((await page.locator('.suggested').count()) > 0, 'the advice is marked on the board');
    assertNoErrors(errors);
    await context.close();
  });
}
