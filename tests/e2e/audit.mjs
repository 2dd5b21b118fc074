// What a person meets on a screen, measured: axe-core's violations, touch targets under 44 px, text under
// 12 px, words cut off, and every message on the screen (text, accessible names, titles) checked against a
// list of forms known to read wrong. The whole-games walk (whole-games.test.mjs) runs these after every
// action; each returns what it found, so that a walk can count as well as assert.
import { clickAction, legal, loadAxe, rng, shotsDir, state } from './helpers.mjs';

/** axe-core (WCAG 2 A/AA and best practices) on the page as it is now: one line per rule and element. */
export async function axeViolations(page) {
  await loadAxe(page);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.any[0]?.message ?? ''}`.trim()));
  });
}

// Runs in the page: the elements a person can see, inside the open dialog if one is open (the rest is inert
// then), the game's shadow root included.
function visibleScope() {
  const game = document.querySelector('battle-line-game')?.shadowRoot;
  const roots = [document, ...(game ? [game] : [])];
  const dialog = roots.map((r) => r.querySelector('dialog[open]')).find(Boolean);
  const curtain = game?.querySelector('#curtain:not([hidden])');
  const scopes = dialog ? [dialog] : curtain ? [curtain] : roots;
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0 && el.closest('[hidden], [inert]') === null;
  };
  return { scopes, shown };
}

/**
 * The touch targets smaller than `min` px either way: every button, link, field, card in the hand, flag,
 * deck and choice (a radio button's or a check box's target is its label), as `name w×h`. In the line of
 * nine flags a target must be `min` px tall and `column` px wide (nine side by side on a 390 px phone
 * cannot be 44 px wide each); the cards on the board and the Fog and Mud badges, which a guile card takes,
 * are not counted: their flag's button picks them too (the first such card on that flag, a card on a side
 * before the flag's Fog or Mud; newcomer.test.mjs checks a badge taken by its flag's button).
 */
export async function smallTargets(page, min = 44, column = min) {
  return page.evaluate(
    ({ min, column, scopeSrc }) => {
      const { scopes, shown } = (0, eval)(`(${scopeSrc})`)();
      const selector = 'button, a[href], select, textarea, input:not([type=radio]):not([type=checkbox]):not([type=hidden]), [role=button], label.choice, label.check, label.btn, [data-hand]';
      const out = [];
      for (const scope of scopes) {
        for (const el of scope.querySelectorAll(selector)) {
          if (!shown(el) || el.closest('.menu[hidden]')) continue;
          // A link inside running text is exempt (WCAG 2.5.5's inline exception).
          if (el.tagName === 'A' && el.closest('p, li')) continue;
          if (el.matches('.card.on-board, .env-badge')) continue;
          const box = el.getBoundingClientRect();
          const width = el.closest('.line') ? column : min;
          if (box.width < width - 0.5 || box.height < min - 0.5) {
            const name = el.dataset.act ?? el.dataset.hand ?? el.dataset.flag ?? el.dataset.deck ?? el.dataset.dlg ?? el.getAttribute('name') ?? el.textContent.trim().slice(0, 20);
            out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${name} ${Math.round(box.width)}×${Math.round(box.height)}`);
          }
        }
      }
      return out;
    },
    { min, column, scopeSrc: visibleScope.toString() },
  );
}

/** The smallest touch target now, by its smaller side (for reports): `{ px, what }`. */
export async function minTarget(page) {
  let best = { px: Infinity, what: '' };
  for (const s of await smallTargets(page, 1000)) {
    const px = Math.min(...s.split(' ').at(-1).split('×').map(Number));
    if (px < best.px) best = { px, what: s };
  }
  return best;
}

/** Visible text set smaller than `min` px, as `text (size)`. */
export async function smallText(page, min = 12) {
  return page.evaluate(
    ({ min, scopeSrc }) => {
      const { scopes, shown } = (0, eval)(`(${scopeSrc})`)();
      const out = new Set();
      for (const scope of scopes) {
        const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent.trim();
          const el = node.parentElement;
          if (!text || !el || el.closest('svg, style, script, template') || !shown(el)) continue;
          const size = parseFloat(getComputedStyle(el).fontSize);
          if (size < min - 0.05) out.add(`"${text.slice(0, 30)}" (${size}px, ${el.className || el.tagName})`);
        }
        // Text drawn by CSS (content: attr(data-text)) counts too.
        for (const el of scope.querySelectorAll('[data-text]')) {
          if (!shown(el)) continue;
          const size = parseFloat(getComputedStyle(el, '::after').fontSize || getComputedStyle(el).fontSize);
          if (size < min - 0.05) out.add(`"${el.dataset.text}" (${size}px, ${el.className})`);
        }
      }
      return [...out];
    },
    { min, scopeSrc: visibleScope.toString() },
  );
}

/** Text cut off: an element whose text is wider than its box and hidden by overflow or an ellipsis. */
export async function clippedText(page, selector) {
  return page.evaluate(
    ({ selector, scopeSrc }) => {
      const { scopes, shown } = (0, eval)(`(${scopeSrc})`)();
      const out = [];
      for (const scope of scopes) {
        for (const el of scope.querySelectorAll(selector)) {
          const text = el.textContent.trim() || el.dataset.text || '';
          if (!shown(el) || !text) continue;
          if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) out.push(`"${text}" ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
          // Inside a card, the words must lie inside the card (which hides what overflows it).
          const card = el.closest('.card');
          if (card) {
            const [a, b] = [el.getBoundingClientRect(), card.getBoundingClientRect()];
            if (a.bottom > b.bottom + 1 || a.right > b.right + 1 || a.left < b.left - 1) out.push(`"${text}" outside its card`);
          }
        }
      }
      return out;
    },
    { selector, scopeSrc: visibleScope.toString() },
  );
}

/** Every word on the screen: the page's and the game's text, the open dialog's, and accessible names. */
export async function screenText(page) {
  return page.evaluate(() => {
    const game = document.querySelector('battle-line-game')?.shadowRoot;
    const parts = [document.body.innerText];
    const attrs = ['aria-label', 'aria-description', 'title', 'placeholder', 'data-why', 'data-text', 'alt'];
    for (const scope of [document, ...(game ? [game] : [])]) {
      if (scope !== document) parts.push(...[...scope.children].map((el) => el.innerText ?? ''));
      for (const el of scope.querySelectorAll(attrs.map((a) => `[${a}]`).join(','))) {
        for (const a of attrs) if (el.hasAttribute(a)) parts.push(el.getAttribute(a));
      }
    }
    return parts.join('\n');
  });
}

/**
 * Forms known to read wrong, for a screen in `lang`: `mode` is the game's ('computer',
 * 'hotseat'), `touch` whether the screen is a touch screen, `started` whether anyone has moved yet.
 */
export function badForms(text, { lang, mode, touch = false, started = true }) {
  const rules = [
    [/\{\w+\}/, 'a placeholder left unfilled'],
    [/\b(undefined|null|NaN)\b|\[object /, 'a program value in the text'],
    [/([^\n:：]{6,}[:：])\s*\1/, 'a prefix said twice ("…: …:")'],
    [/(^|[\s>])[^\s:：]+[:：] [^\s:：\n]+[:：] ?\d/m, 'two labels in a row ("You: Flags: 0")'],
  ];
  if (lang === 'en') {
    rules.push(
      [/\bYou (starts|wins|ties|has|is|makes|was)\b/, '"You" with a third-person verb'],
      [/\b(can|to|if|Show|by) You\b|\b[a-z]+,? You\b/, '"You" capitalised inside a sentence'],
      [/You[’']s\b/, '"You\'s"'],
      [/\b1 (flags|cards|troops|tactics cards)\b/, 'a plural after 1'],
      [/\b(your|their|opponent’s|opponent's) an? (Wedge|Phalanx|Battalion|Skirmish|Host|total)\b/, 'an article after a possessive ("your a Wedge")'],
      [/\b1 outs\b|\b([02-9]|\d\d+) out unseen\b/, 'an out counted wrong'],
      [/\bDeserter on \S+\s*\./, 'Deserter without the flag its card left ("You played Deserter on 7 .")'],
      [/\bplayed a draw\b/, '"played a draw" (a draw is drawn)'],
      [/\bthe difference is small\b/, 'a difference called small whatever its size ("26% against 21%")'],
    );
    // Chinese in the English page, but for the language switch.
    rules.push([/(?<!中)(?!中文)[\u4e00-\u9fff]/, 'Chinese in the English page']);
    if (!touch) rules.push([/\btap(s|ped)?\b/i, '"tap" on a screen without touch']);
    if (mode === 'computer') rules.push([/\bPlayer [123]\b/, '"Player N" in a game against the computer']);
  } else {
    // Latin words in the Chinese page, but for key names, file types, the language switch and units.
    const latin = text.match(/[A-Za-z]{3,}/g)?.filter((w) => !/^(Shift|Enter|Esc|English|json|JSON|Battle|Line|Tab)$/.test(w)) ?? [];
    if (latin.length) rules.push([new RegExp(`\\b(${latin.join('|')})\\b`), 'English in the Chinese page']);
    if (mode === 'computer') rules.push([/玩家[一二三]/, '"玩家N" in a game against the computer']);
    rules.push([/你的手牌.*你的手牌/, 'said twice']);
    // A name or a move put into a sentence with spaces around it ("你 的着法", "由 困难 预算"); a small card
    // among Chinese words keeps its spaces (its name may be Chinese: "把 亚历山大 放到").
    rules.push([/(你|对手|电脑) +(的|手中)|(倾向于|评估|由) +[\u4e00-\u9fff]|[\u4e00-\u9fff] +预算/, 'a stray space between Chinese words ("你 的着法")']);
    rules.push([/ [，。：；！？、）]/, 'a space before Chinese punctuation']);
  }
  if (!started) rules.push([/has finished|已经完成回合/, '"has finished" before anyone has played']);
  const found = [];
  for (const [re, why] of rules) {
    const m = re.exec(text);
    if (m) found.push(`${why}: …${text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).replace(/\s+/g, ' ')}…`);
  }
  return found;
}

/**
 * A whole game played by a quick random player through the page's own controls (the person's seats; the
 * computer plays the others at once): `check(where)` runs on every screen, after each action, with a
 * card selected before each card is played, on every hand-over curtain, on the end of the game and its
 * replay. The game must have been started. Returns the number of actions played.
 */
export async function walkGame(page, { seed = 1, check }) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  let played = 0;
  for (let step = 0; step < 500; step++) {
    await page.waitForFunction(
      () => {
        const s = window.__battleline.state();
        return s.over || s.handover || s.myTurn;
      },
      null,
      { timeout: 30000 },
    );
    const s = await state(page);
    if (s.over) break;
    if (s.handover) {
      await check('curtain');
      await page.locator('#curtain [data-act=reveal]').click();
      await page.waitForFunction(() => !window.__battleline.state().handover);
      continue;
    }
    const acts = await legal(page);
    // Claims at once; guile and other tactics cards often, so that every kind of screen comes up.
    const claim = acts.filter((a) => a.type === 'claim');
    const tactics = acts.filter((a) => ['environment', 'scout', 'redeploy', 'deserter', 'traitor'].includes(a.type) || (a.type === 'play' && !/^[roygbp]\d/.test(a.card)));
    const action = claim.length ? pick(claim) : tactics.length && random() < 0.5 ? pick(tactics) : pick(acts);
    try {
      await clickAction(page, action, { selected: () => check('selection') });
    } catch (err) {
      await page.screenshot({ path: `${shotsDir}walk-failed.png` });
      throw new Error(`${JSON.stringify(action)} by clicks, step ${step}: ${err.message}`);
    }
    played++;
    await check('action');
  }
  await page.locator('dialog.end').waitFor({ timeout: 10000 });
  await check('end');
  await page.locator('dialog.end [data-dlg=replay]').click();
  await page.locator('dialog.end').waitFor({ state: 'detached' });
  await check('replay');
  return played;
}

/**
 * The contrast of an element's text against every pixel of what lies behind it (a gradient, an image):
 * the lowest ratio. axe-core cannot judge text over a gradient; this looks at the screen itself, the text
 * made transparent for the picture of its background.
 */
export async function contrastOverBackground(locator) {
  const color = await locator.evaluate((el) => getComputedStyle(el).color);
  // Where the text lies: the content box (the border and padding aside).
  const inset = await locator.evaluate((el) => {
    const st = getComputedStyle(el);
    const px = (k) => parseFloat(st[k]) || 0;
    return { left: px('borderLeftWidth') + px('paddingLeft'), right: px('borderRightWidth') + px('paddingRight'), top: px('borderTopWidth') + px('paddingTop'), bottom: px('borderBottomWidth') + px('paddingBottom') };
  });
  const restore = await locator.evaluate((el) => {
    const nodes = [el, ...el.querySelectorAll('*')];
    const before = nodes.map((n) => n.getAttribute('style'));
    for (const n of nodes) n.style.setProperty('color', 'transparent', 'important');
    window.__restoreColor = () => nodes.forEach((n, i) => (before[i] === null ? n.removeAttribute('style') : n.setAttribute('style', before[i])));
    return true;
  });
  const png = (await locator.screenshot()).toString('base64');
  if (restore) await locator.evaluate(() => window.__restoreColor());
  return locator.page().evaluate(
    async ({ png, color, inset }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      const data = g.getImageData(0, 0, img.width, img.height).data;
      const lum = (r, gr, b) => {
        const c = [r, gr, b].map((v) => {
          const s = v / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
      };
      const [r, gr, b] = color.match(/[\d.]+/g).map(Number);
      const text = lum(r, gr, b);
      let worst = Infinity;
      for (let y = Math.ceil(inset.top); y < img.height - inset.bottom; y++) {
        for (let x = Math.ceil(inset.left); x < img.width - inset.right; x++) {
          const i = (y * img.width + x) * 4;
          const bg = lum(data[i], data[i + 1], data[i + 2]);
          const ratio = (Math.max(bg, text) + 0.05) / (Math.min(bg, text) + 0.05);
          if (ratio < worst) worst = ratio;
        }
      }
      return Math.round(worst * 100) / 100;
    },
    { png, color, inset },
  );
}
