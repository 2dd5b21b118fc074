// The game's stylesheet is a base sheet and one sheet per part of the game beside the module that draws it
// (www/src/element/element.css, panels.css, board.css, …), joined by www/src/element/game-css.ts in a
// fixed order: where two rules of equal specificity set one property of one element, the later sheet's
// wins, so the order is part of the look. A feature's stylesheet (the coach's, the tutorial's, online
// play's, the new-game dialog's, a claim's explanation) sits beside the module that draws the feature and
// travels in its chunk; feature-css.ts adds it to the game's shadow root after the game's sheets, as if it
// ended them. A rule moved from one sheet to another therefore changes its place in the cascade: where a
// rule it now follows (or precedes) sets the same property on the same element at the same specificity,
// the other one wins, and the layout changes. These tests find such pairs in the sheets' text: two rules of
// the same specificity, in different sheets, whose last compound selectors can match one element, setting
// one property to different values with the same importance. Each pair found must be listed below with
// why the two never meet (or be settled by moving a rule).
// A feature's rules are also missing until its chunk loads: an element of the game's own markup that the
// game's sheets display must be hidden by the game's sheets (moving `.lesson[hidden]` with the tutorial
// showed an empty lesson panel in every game and zoomed a phone's game out), and each such `[hidden]` rule
// sits in the sheet that sets the element's display. Every stylesheet is loaded by some module, and every
// stylesheet's braces balance (a merge once left one open, silently dropping the rules after it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const www = join(root, 'www');
const src = join(www, 'src');
const gameCssModule = join(src, 'element', 'game-css.ts');

/** The game's sheets (absolute paths), in the order game-css.ts joins them. */
function gameSheets() {
  const text = readFileSync(gameCssModule, 'utf8');
  const imports = new Map([...text.matchAll(/^import (\w+) from '([^']+\.css)';$/gm)].map((m) => [m[1], resolve(dirname(gameCssModule), m[2])]));
  const joined = /\[([\w\s,]+)\]\.join\(/.exec(text)?.[1].split(',').map((x) => x.trim()).filter(Boolean) ?? [];
  assert.deepEqual(joined, [...imports.keys()], 'game-css.ts joins the sheets it imports, in the order it imports them');
  return joined.map((name) => imports.get(name));
}

/** `feature.css: feature selector | the game's selector` → why the two rules never style one element. */
const NEVER_MEET = new Map([
  ['explain.css: .proof-row .label | .discards .label', 'a discard pile is on the table, a proof row in the claim dialog'],
  ['tutorial/tutorial.css: .app.tutorial .tools [data-act=\'log\'] | .hand .card.tactic .tname', 'a tool button is not a card'],
  ['tutorial/tutorial.css: .app.tutorial .tools [data-act=\'log\'] | .strip-wrap.top.three .discards', 'a tool button is not a discard pile'],
  ['tutorial/tutorial.css: .app.tutorial .tools [data-act=\'log\'] | .strip-wrap.top.three .thinking', 'a tool button is not the thinking mark'],
  ['tutorial/tutorial.css: .lesson-tools .btn | .btn.big', 'the lesson\'s tools are small buttons, never big ones'],
  ['tutorial/tutorial.css: .lesson-tools .btn | .btn.small', 'a phone\'s lesson tools came after `.btn.small` in the game\'s sheet too: their order is as it was'],
  ['tutorial/tutorial.css: .lesson | .lesson', 'the lesson\'s own rules came after the column\'s (`.log, .lesson`) in the game\'s sheet too'],
  ['online/panel.css: .online p | .dlg-body p', 'the online panel is above the table, never in a dialog'],
  ...['.laurels', '.choice', '.check', '.sub', '.row2'].map((c) => [`online/panel.css: .online-invite[data-quiet] label | dialog.${c === '.laurels' ? 'end' : 'dlg'} ${c}`, 'the online panel is above the table, never in a dialog']),
  ...['.curtain-card .recent h3', 'dialog.end .laurels', 'dialog.dlg .sub', 'dialog.dlg .row2', 'dialog.dlg .note', 'dialog.end .headline'].map((g) => [`online/lobby.css: .dlg.lobby h3 | ${g}`, 'the lobby\'s rules ended the game\'s sheet before they moved: their order is as it was']),
  // Not examined: the coach's stylesheet was written for its chunk, never a part of the game's sheets.
  ...[
    '.coach p | .dlg-body p',
    '.stats-table th[scope=\'row\'] | dialog.end .headline',
    '.stats-table th[scope=\'row\'] | dialog.end .sub',
    '.stats-table th[scope=\'row\'] | dialog.end .flags-count',
    '.app.reviewing .strip .discards | .strip-wrap.top.three .discards',
    '.app.reviewing .claim-slot | .line.three .claim-slot',
  ].map((pair) => [`coach/coach.css: ${pair}`, 'NOT EXAMINED: the coach\'s sheet never was a part of the game\'s sheets']),
]);

/**
 * `later.css: its selector | earlier.css: its selector` (two of the game's sheets) → why the two rules never
 * style one element. Each pair was in one sheet before it was split, in the order it has now.
 */
const SHEETS_NEVER_MEET = new Map([
  ['cards.css: .card.source | board.css: .env-badge.source', 'a Fog or Mud badge is not a card'],
  ['cards.css: .card.picked | board.css: .env-badge.picked', 'a Fog or Mud badge is not a card'],
  ['cards.css: .mini.tactic .ticon | board.css: .env-badge.fog .ticon', 'a Fog or Mud badge is not a mini card'],
  ['cards.css: .mini.tactic .ticon | board.css: .env-badge.mud .ticon', 'a Fog or Mud badge is not a mini card'],
  ['cards.css: .mini.last | board.css: .env-badge.last', 'a Fog or Mud badge is not a mini card'],
  ['cards.css: .card.suggested | strips.css: .deck.suggested', 'a deck is a button holding card backs, not a card'],
  ['board.css: .col.suggested | strips.css: .deck.suggested', 'a deck is not a flag\'s column'],
  ...['.col.won-me .side.opp .card', '.col.won-opp .side.me .card', '.line.three .side.lost .card'].map((b) => [`hand.css: .hand.my-turn .card.in-hand.idle | board.css: ${b}`, 'a card in the hand is not on the board']),
  ...['.card.in-hand.playable', '.card.in-hand.selected'].flatMap((h) => ['.card.on-board.last', '.card.source:hover'].map((c) => [`hand.css: ${h} | cards.css: ${c}`, 'a card in the hand is not on the board'])),
  ['log-drawer.css: .log-lines li | panels.css: .steps li', 'a line of the log is not a step of the action bar'],
  ['log-drawer.css: .log-lines li:last-child | panels.css: .steps li.now', 'a line of the log is not a step of the action bar'],
  ['dialogs.css: dialog.dlg .btn.primary | panels.css: .menu button:hover:not(:disabled)', 'the menu is in the tool bar, not in a dialog'],
  ['dialogs.css: .dlg .mini | strips.css: .discards .mini', 'a discard pile is in a strip, not in a dialog'],
  ['dialogs.css: .dlg .mini .sym | cards.css: .card .band .sym', 'a mini card has no band: its symbol is not a card\'s'],
  ['board.css: .env-badge .ticon | strips.css: .ticon.tiny', 'a strip\'s icons are not in a Fog or Mud badge'],
  ...['.flag-btn .pennant', '.won-flag .pennant'].map((f) => [`flags.css: ${f} | strips.css: .pennant.tiny`, 'a strip\'s tiny pennant is not a flag\'s']),
  ['dialogs.css: .curtain-card h2 | log-drawer.css: .log h2', 'the hand-over curtain is not in the log'],
  ...['dialog.dlg .btn', 'dialog.dlg .note', 'dialog.end .headline'].map((d) => [`dialogs.css: ${d} | log-drawer.css: .log-lines li:last-child`, 'a line of the log is not in a dialog']),
]);

/** Every style rule of `text`: one entry a selector, with its declarations and the at-rules around it. */
function rules(text) {
  const s = text.replace(/\/\*[\s\S]*?\*\//g, '');
  const out = [];
  const context = [];
  let head = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '{') {
      const h = head.trim();
      head = '';
      if (h.startsWith('@')) {
        context.push(h);
        continue;
      }
      const end = s.indexOf('}', i);
      const decls = new Map();
      for (const d of s.slice(i + 1, end).split(';')) {
        const colon = d.indexOf(':');
        if (colon < 0) continue;
        const value = d.slice(colon + 1).trim();
        decls.set(d.slice(0, colon).trim(), { value: value.replace(/\s*!important$/, ''), important: /!important$/.test(value) });
      }
      for (const selector of h.split(/,(?![^(]*\))/).map((x) => x.trim().replace(/\s+/g, ' '))) out.push({ selector, decls, at: context.join(' ') });
      i = end;
    } else if (ch === '}') {
      context.pop();
      head = '';
    } else head += ch;
  }
  return out;
}

/** A selector's specificity as one number (ids, classes, types: two digits each). */
function specificity(selector) {
  let s = selector.replace(/::(before|after|placeholder|marker)\b/g, ' ');
  let extra = 0;
  s = s.replace(/:(not|is|has)\(((?:[^()]|\([^()]*\))*)\)/g, (_, _kind, inner) => {
    extra += Math.max(...inner.split(',').map((x) => specificity(x.trim())));
    return ' ';
  });
  s = s.replace(/:where\((?:[^()]|\([^()]*\))*\)/g, ' ');
  const ids = (s.match(/#[\w-]+/g) ?? []).length;
  const classes = (s.match(/\.[\w-]+|\[[^\]]*\]|:[\w-]+(\([^)]*\))?/g) ?? []).length;
  const types = (s.replace(/\[[^\]]*\]|\([^)]*\)/g, '').match(/(^|[\s>+~])[a-z][\w-]*/gi) ?? []).length;
  return ids * 10000 + classes * 100 + types + extra;
}

/** The last compound of a selector: its classes, its type and whether it names a pseudo-element. */
function subject(selector) {
  const last = selector.replace(/\([^)]*\)/g, '()').split(/[\s>+~]+/).filter(Boolean).at(-1);
  return { classes: last.match(/\.[\w-]+/g) ?? [], type: last.match(/^[a-z][\w-]*/i)?.[0] ?? '', pseudo: /::?(before|after)\b/.test(last) };
}

/** Whether one element may be the subject of both (a shared class, or no class on one side to tell them apart). */
function mayMeet(a, b) {
  const x = subject(a);
  const y = subject(b);
  if (x.pseudo !== y.pseudo || (x.type && y.type && x.type !== y.type)) return false;
  return x.classes.length === 0 || y.classes.length === 0 || x.classes.some((c) => y.classes.includes(c));
}

const cssFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : []));

/** The style rules of the game's sheets (keyframes aside), each with its sheet's name. */
const gameRules = () => gameSheets().flatMap((file) => rules(readFileSync(file, 'utf8')).filter((r) => !r.at.includes('@keyframes')).map((r) => ({ ...r, sheet: relative(src, file) })));

/** The features' sheets: every stylesheet beside the page's modules that is not one of the game's. */
const featureSheets = () => {
  const game = new Set(gameSheets());
  return cssFiles(src).filter((f) => !game.has(f));
};

/** Whether `a` and `b` have the same specificity, may style one element, and set a property differently. */
function clash(a, b) {
  if (specificity(a.selector) !== specificity(b.selector) || !mayMeet(a.selector, b.selector)) return false;
  return [...a.decls].some(([prop, d]) => {
    const other = b.decls.get(prop);
    return other && other.important === d.important && other.value !== d.value;
  });
}

test('every stylesheet of the page and the element has balanced braces', () => {
  for (const file of [join(www, 'styles.css'), ...cssFiles(src)]) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    let depth = 0;
    for (const ch of text) {
      if (ch === '{') depth++;
      if (ch === '}' && --depth < 0) break;
    }
    assert.equal(depth, 0, `${relative(root, file)}: its braces do not balance`);
  }
});

test("every stylesheet beside the page's modules is loaded: one of the game's sheets, or imported by its feature's module", () => {
  const game = gameSheets();
  assert.ok(game.length >= 8, `the game's sheets: ${game.map((f) => relative(src, f)).join(', ')}`);
  const imported = new Set();
  for (const file of readdirSync(src, { recursive: true }).filter((f) => f.endsWith('.ts')).map((f) => join(src, f))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export) .* from '([^']+\.css)';$/gm)) imported.add(resolve(dirname(file), m[1]));
  }
  const unloaded = cssFiles(src).filter((f) => !imported.has(f)).map((f) => relative(src, f));
  assert.deepEqual(unloaded, [], 'a stylesheet no module imports: its rules style nothing');
});

test("the game's sheets, joined in their order, override each other only where the pair is known never to meet", () => {
  const all = gameRules().filter((r) => !/:host|:root/.test(r.selector));
  const found = [];
  for (const later of all) {
    for (const earlier of all) {
      if (earlier.sheet === later.sheet) break; // `all` is in the joined order: the rest come after `later`'s sheet starts
      if (!clash(later, earlier)) continue;
      const key = `${later.sheet}: ${later.selector} | ${earlier.sheet}: ${earlier.selector}`;
      if (!SHEETS_NEVER_MEET.has(key)) found.push(key);
    }
  }
  assert.deepEqual([...new Set(found)], [], 'pairs where a later sheet may override an earlier one: keep the two rules in one sheet in their order, or list the pair with why they never meet');
});

test("a feature's stylesheet, added after the game's, overrides no rule of the game's it did not override there", () => {
  const game = gameRules().filter((r) => !/:host|:root/.test(r.selector));
  const found = [];
  const sheets = featureSheets();
  assert.ok(sheets.length >= 5, `the feature sheets: ${sheets.map((f) => relative(www, f)).join(', ')}`);
  for (const file of sheets) {
    const name = relative(src, file);
    for (const r of rules(readFileSync(file, 'utf8'))) {
      for (const g of game) {
        const key = `${name}: ${r.selector} | ${g.selector}`;
        if (clash(r, g) && !NEVER_MEET.has(key)) found.push(key);
      }
    }
  }
  assert.deepEqual([...new Set(found)], [], "pairs that may style one element differently now that the feature rule comes last: move the game's rule with it, or list the pair with why they never meet");
});

test("an element the game's sheets display is hidden by the game's own rule, in the sheet that displays it", () => {
  const game = gameRules();
  const displayed = new Map(); // class → the game's sheets that set its display
  for (const r of game.filter((r) => r.decls.has('display') && r.decls.get('display').value !== 'none')) {
    for (const c of subject(r.selector).classes) displayed.set(c, new Set([...(displayed.get(c) ?? []), r.sheet]));
  }
  const hides = (r) => /\[hidden\]$/.test(r.selector) && r.decls.get('display')?.value === 'none';
  const misplaced = [];
  for (const file of featureSheets()) {
    for (const r of rules(readFileSync(file, 'utf8')).filter(hides)) {
      const shown = subject(r.selector).classes.filter((c) => displayed.has(c));
      if (shown.length) misplaced.push(`${relative(src, file)}: ${r.selector} (the game's sheets set the display of ${shown.join(', ')})`);
    }
  }
  assert.deepEqual(misplaced, [], "a [hidden] rule that must stay in the game's sheets");
  const hidden = game.filter(hides).filter((r) => subject(r.selector).classes.length);
  assert.ok(hidden.length >= 4, `the game's [hidden] rules: ${hidden.map((r) => r.selector).join(', ')}`);
  const apart = hidden.filter((r) => !subject(r.selector).classes.some((c) => displayed.get(c)?.has(r.sheet))).map((r) => `${r.sheet}: ${r.selector}`);
  assert.deepEqual(apart, [], 'a [hidden] rule away from the rule that displays its element: keep the two in one sheet');
});
