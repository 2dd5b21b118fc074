// English and Chinese: the switch, the words on the board and in a claim's explanation (formation
// names in Chinese), and the rules page in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, assertAccessible, assertNoErrors, fastForward, openPage, revealIfHandover, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';

const env = serveAndLaunch();

function troops(actions, h, random) {
  const plays = actions.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
  if (plays.length) return plays[Math.floor(random() * plays.length)];
  return actions.find((a) => a.type === 'draw' && a.deck === 'troop') ?? actions.find((a) => a.type === 'endClaims') ?? actions.find((a) => a.type === 'draw') ?? actions[0];
}

test('switching to Chinese and back; formation names in both languages', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 21, tactics: true });
  // A complete side somewhere, to ask about a claim.
  await fastForward(page, {
    until: (h) => {
      const s = h.state();
      return s.phase === 'play' && h.game.view(s.current).flags.some((f) => f.claimedBy === null && f.sides[s.current].length === 3 && f.mud === null);
    },
    policy: troops,
    seed: 4,
  });
  assert.equal((await state(page)).over, false);
  await revealIfHandover(page);
  await page.locator('.tools [data-act=lang]').click();
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.match(await page.locator('.tools').innerText(), /新游戏/);
  assert.match(await page.locator('#status').innerText(), /轮到玩家/);
  assert.match(await page.locator('#actionbar').innerText(), /出牌/);
  const labels = await page.locator('#hand [data-hand]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')).join(' '));
  assert.match(labels, /[红橙黄绿蓝紫]\d+ /, 'the cards are named in Chinese');
  assert.match(await page.locator('#log').innerText(), /打出/);

  const flag = await page.evaluate(() => {
    const h = window.__battleline;
    const me = h.state().current;
    return h.game.view(me).flags.find((f) => f.claimedBy === null && f.sides[me].length === 3 && f.mud === null).flag;
  });
  await page.locator(`.flag-btn[data-flag="${flag}"]`).click();
  const dialog = page.locator('dialog.claim');
  await dialog.waitFor();
  const zh = await dialog.innerText();
  assert.match(zh, new RegExp(`地区 ${flag}：玩家[一二]能占据吗？`));
  assert.match(zh, /同花顺|炸弹（三条）|同花|顺子|其他/, 'a formation named in Chinese');
  assert.match(zh, /总和/);
  await shot(page, 'chinese');
  await dialog.locator('[data-dlg=close]').click();
  await dialog.waitFor({ state: 'detached' });

  await page.locator('.tools [data-act=lang]').click();
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.match(await page.locator('.tools').innerText(), /New game/);
  await page.locator(`.flag-btn[data-flag="${flag}"]`).click();
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /Wedge|Phalanx|Battalion Order|Skirmish Line|Host/);
  await dialog.locator('[data-dlg=close]').click();
  // The choice is remembered.
  await page.locator('.tools [data-act=lang]').click();
  await page.reload();
  await waitReady(page);
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assertNoErrors(errors);
  await context.close();
});

test('the rules page, reachable from the game, is the players\' rules in both languages, with card pictures', async () => {
  const { context, page, errors } = await openPage(env.browser);
  await page.goto(env.server.url);
  await waitReady(page);
  await startGame(page, { mode: 'hotseat', seed: 22 });
  await revealIfHandover(page);
  await page.locator('.tools [data-act=rules]').click();
  await page.waitForURL(/rules\.html#en$/);
  const en = page.locator('article[data-lang=en]');
  await en.waitFor();
  const enText = await en.innerText();
  assert.match(enText, /How to play Battle Line/);
  assert.match(enText, /Wedge: one colour, consecutive values/);
  assert.match(enText, /You may never be more than\s+one tactics card ahead/);
  // Written for players: none of the specification's rule ids or developer wording.
  assert.doesNotMatch(enText, /R-[A-Z]+-\d|Interpretation|engine|test/i);
  // The formations and every tactics card are shown with the game's own card faces, named in English.
  assert.ok((await en.locator('.rules-cards .card').count()) >= 25, 'card pictures are drawn');
  await en.locator('.card[aria-label="Red 5, Phalangists"]').first().waitFor();
  for (const name of ['Alexander', 'Darius', 'Companion Cavalry', 'Shield Bearers', 'Fog', 'Mud', 'Scout', 'Redeploy', 'Deserter', 'Traitor']) {
    assert.equal(await en.locator(`.rules-cards .card[aria-label="${name}"]`).count(), 1, `a picture of ${name}`);
  }
  await assertAccessible(page, 'the rules page in English');
  await shot(page, 'rules-en');
  await page.locator('[data-show=zh]').click();
  const zh = page.locator('article[data-lang=zh]');
  assert.equal(await zh.isVisible(), true);
  assert.equal(await en.isVisible(), false);
  const zhText = await zh.innerText();
  assert.match(zhText, /战线（Battle Line）玩法/);
  assert.match(zhText, /同花顺：同色，数字连续/);
  assert.doesNotMatch(zhText, /R-[A-Z]+-\d/);
  await zh.locator('.card[aria-label="红5 方阵步兵"]').first().waitFor();
  assert.equal(await zh.locator('.rules-cards .card[aria-label="侦察"]').count(), 1);
  await assertAccessible(page, 'the rules page in Chinese');
  await shot(page, 'rules-zh');
  await page.setViewportSize(PHONE);
  await shot(page, 'rules-zh-phone');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scrolling on a phone');
  // Back to the game: still the same game, now in Chinese (the rules page's choice is shared).
  await page.setViewportSize(DESKTOP);
  await page.locator('.rules-top a.btn').click();
  await waitReady(page);
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assertNoErrors(errors);
  await context.close();
});
