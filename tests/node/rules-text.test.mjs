// The players' rules (www/rules/en.md, zh.md): every tactics card has a worked example, in
// words ("Example:" / "例如：") and in a picture of the card beside the cards it works with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const TACTICS = ['alexander', 'darius', 'companion', 'shield', 'fog', 'mud', 'scout', 'redeploy', 'deserter', 'traitor'];

for (const [lang, example] of [['en', /Example: /], ['zh', /例如：/]]) {
  test(`the rules in ${lang}: a worked example for every tactics card`, () => {
    const text = readFileSync(new URL(`../../www/rules/${lang}.md`, import.meta.url), 'utf8');
    // The tactics section: from its heading to the next.
    const section = text.split(/^## /m).find((part) => /^(Tactics cards|战术牌)/.test(part));
    assert.ok(section, 'the tactics section');
    // Each bullet of the section, with the lines that continue it.
    const bullets = section.split(/^- /m).slice(1);
    for (const card of TACTICS) {
      const bullet = bullets.find((b) => new RegExp(`\\{cards [^|}]*\\b${card}\\b`).test(b));
      assert.ok(bullet, `${card} is pictured in a bullet of its own`);
      assert.match(bullet, example, `${card}: an example in words`);
      const figure = new RegExp(`\\{cards ([^|}]*\\b${card}\\b[^|}]*) \\| ([^}]+)\\}`).exec(bullet);
      assert.ok(figure, `${card}: a picture with a caption`);
      assert.ok(figure[1].trim().split(/\s+/).length >= 2, `${card}: pictured with the cards it works with (${figure[1]})`);
    }
  });
}
