// Plays a <battle-line-game> to the end of its game the way a person does, by what the element offers on
// screen and nothing else (no test hook: it drives the package's element as a site gets it): open the
// hand-over curtain, claim every flag marked claimable, pick a raised troop card and a lit side, end the
// claims, draw from a lit deck, pass when nothing can be played. Tactics off. Used by tests/e2e/element.test.mjs and the npm examples'
// test (scripts/test-npm-examples.mjs).

/** Plays until the end-of-game dialog shows; returns how many actions this side made by clicks. */
export async function playToEnd(page, host, { timeout = 240_000 } = {}) {
  const game = page.locator(host);
  const visible = async (locator) => (await locator.count()) > 0 && (await locator.first().isVisible());
  const deadline = Date.now() + timeout;
  let moves = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${host}: the game did not end within ${timeout / 1000} s`);
    if (await visible(game.locator('dialog.end'))) return moves;
    const reveal = game.locator('#curtain [data-act=reveal]');
    if (await visible(reveal)) {
      await reveal.click();
      continue;
    }
    const claimDialog = game.locator('dialog.claim');
    if (await visible(claimDialog)) {
      await claimDialog.locator('[data-dlg]').last().click();
      continue;
    }
    const claimable = game.locator('.flag-btn.claimable');
    if ((await game.locator('#hand.my-turn').count()) > 0 && (await visible(claimable))) {
      await claimable.first().click();
      moves++;
      continue;
    }
    const troops = game.locator('#hand .playable[data-hand]');
    const count = await troops.count();
    let card = null;
    for (let i = 0; i < count; i++) {
      const name = await troops.nth(i).getAttribute('data-hand');
      if (/^[roygbp]\d+$/.test(name ?? '')) {
        card = troops.nth(i);
        break;
      }
    }
    if (card) {
      await card.click();
      const side = game.locator('.col.lit-side .side.me');
      if (await visible(side)) {
        await side.first().click();
        moves++;
        continue;
      }
      await card.click(); // no side for it after all: put it down again
    }
    const endClaims = game.locator('#actionbar [data-act=endClaims]');
    if (await visible(endClaims)) {
      await endClaims.click();
      moves++;
      continue;
    }
    const deck = game.locator('[data-deck=troop]:not([aria-disabled=true])');
    if ((await game.locator('#hand.my-turn').count()) > 0 && (await visible(deck))) {
      await deck.click();
      moves++;
      continue;
    }
    const pass = game.locator('#actionbar [data-act=pass]');
    if (await visible(pass)) {
      await pass.click();
      moves++;
      continue;
    }
    await page.waitForTimeout(100);
  }
}
