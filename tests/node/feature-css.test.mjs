// A feature's stylesheet (www/src/**/*.css: the coach's, the tutorial's, online play's, the new-game
// dialog's, a claim's explanation) sits beside the module that draws the feature and travels in its chunk;
// feature-css.ts adds it to the game's shadow root after game.css, as if it ended it. A rule moved there
// from the middle of game.css therefore comes after rules it used to precede: where one of those sets the
// same property on the same element at the same specificity, the moved rule now wins, and the layout
// changes. This test finds such pairs in the sheets' text: a feature rule and a game.css rule of the same
// specificity whose last compound selectors can match one element, setting one property to different
// values with the same importance. Each pair found must be listed below with why the two never meet.
// A feature's rules are also missing until its chunk loads: an element of the game's own markup that
// game.css displays must be hidden by game.css (moving `.lesson[hidden]` with the tutorial showed an empty
// lesson panel in every game and zoomed a phone's game out). And every stylesheet's braces balance (a merge
// once left one open, silently dropping the rules after it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const www = join(root, 'www');

/** `feature.css: feature selector | game.css selector` → why the two rules never style one element. */
const NEVER_MEET = new Map([
  ['explain.css: .proof-row .label | .discards .label', 'a discard pile is on the table, a proof row in the claim dialog'],
  ['tutorial/tutorial.css: .app.tutorial .tools [data-act=\'log\'] | .hand .card.tactic .tname', 'a tool button is not a card'],
  ['tutorial/tutorial.css: .app.tutorial .tools [data-act=\'log\'] | .strip-wrap.top.three .discards', 'a tool button is not a discard pile'],
  ['tutorial/tutorial.css: .app.tutorial .tools [data-act=\'log\'] | .strip-wrap.top.three .thinking', 'a tool button is not the thinking mark'],
  ['tutorial/tutorial.css: .lesson-tools .btn | .btn.big', 'the lesson\'s tools are small buttons, never big ones'],
  ['tutorial/tutorial.css: .lesson-tools .btn | .btn.small', 'a phone\'s lesson tools came after `.btn.small` in game.css too: their order is as it was'],
  ['tutorial/tutorial.css: .lesson | .lesson', 'the lesson\'s own rules came after the column\'s (`.log, .lesson`) in game.css too'],
  ['online/panel.css: .online p | .dlg-body p', 'the online panel is above the table, never in a dialog'],
  ...['.laurels', '.choice', '.check', '.sub', '.row2'].map((c) => [`online/panel.css: .online-invite[data-quiet] label | dialog.${c === '.laurels' ? 'end' : 'dlg'} ${c}`, 'the online panel is above the table, never in a dialog']),
  ...['.curtain-card .recent h3', 'dialog.end .laurels', 'dialog.dlg .sub', 'dialog.dlg .row2', 'dialog.dlg .note', 'dialog.end .headline'].map((g) => [`online/lobby.css: .dlg.lobby h3 | ${g}`, 'the lobby\'s rules ended game.css before they moved: their order is as it was']),
  // Not examined: the coach's stylesheet was written for its chunk, never a part of game.css.
  ...[
    '.coach p | .dlg-body p',
    '.stats-table th[scope=\'row\'] | dialog.end .headline',
    '.stats-table th[scope=\'row\'] | dialog.end .sub',
    '.stats-table th[scope=\'row\'] | dialog.end .flags-count',
    '.app.reviewing .strip .discards | .strip-wrap.top.three .discards',
    '.app.reviewing .claim-slot | .line.three .claim-slot',
  ].map((pair) => [`coach/coach.css: ${pair}`, 'NOT EXAMINED: the coach\'s sheet never was a part of game.css']),
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

test('every stylesheet of the page and the element has balanced braces', () => {
  for (const file of [join(www, 'game.css'), join(www, 'styles.css'), ...cssFiles(join(www, 'src'))]) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    let depth = 0;
    for (const ch of text) {
      if (ch === '{') depth++;
      if (ch === '}' && --depth < 0) break;
    }
    assert.equal(depth, 0, `${relative(root, file)}: its braces do not balance`);
  }
});

test("a feature's stylesheet, added after game.css, overrides no rule of game.css it did not override there", () => {
  const game = rules(readFileSync(join(www, 'game.css'), 'utf8')).filter((r) => !/:host|:root/.test(r.selector));
  const found = [];
  const sheets = cssFiles(join(www, 'src'));
  assert.ok(sheets.length >= 5, `the feature sheets: ${sheets.map((f) => relative(www, f)).join(', ')}`);
  for (const file of sheets) {
    const name = relative(join(www, 'src'), file);
    for (const r of rules(readFileSync(file, 'utf8'))) {
      for (const g of game) {
        if (specificity(r.selector) !== specificity(g.selector) || !mayMeet(r.selector, g.selector)) continue;
        const clash = [...r.decls].some(([prop, d]) => {
          const other = g.decls.get(prop);
          return other && other.important === d.important && other.value !== d.value;
        });
        const key = `${name}: ${r.selector} | ${g.selector}`;
        if (clash && !NEVER_MEET.has(key)) found.push(key);
      }
    }
  }
  assert.deepEqual([...new Set(found)], [], 'pairs that may style one element differently now that the feature rule comes last: move the game.css rule with it, or list the pair with why they never meet');
});

test("an element game.css displays is hidden by game.css's own rule, not by a feature's that may not be loaded", () => {
  const game = rules(readFileSync(join(www, 'game.css'), 'utf8'));
  const displayed = new Set(game.filter((r) => r.decls.has('display')).flatMap((r) => subject(r.selector).classes));
  const misplaced = [];
  for (const file of cssFiles(join(www, 'src'))) {
    for (const r of rules(readFileSync(file, 'utf8'))) {
      if (!/\[hidden\]$/.test(r.selector) || r.decls.get('display')?.value !== 'none') continue;
      const shown = subject(r.selector).classes.filter((c) => displayed.has(c));
      if (shown.length) misplaced.push(`${relative(join(www, 'src'), file)}: ${r.selector} (game.css sets the display of ${shown.join(', ')})`);
    }
  }
  assert.deepEqual(misplaced, [], 'a [hidden] rule that must stay in game.css');
});
