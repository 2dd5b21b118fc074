// The README's figures come from docs/figures.json (scripts/figures.mjs): a row is filled from its values,
// a hand edit of the README's table is caught, and every row of the file renders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { row, withTable } from '../../scripts/figures.mjs';

const root = new URL('../../', import.meta.url).pathname;
const figures = JSON.parse(readFileSync(`${root}docs/figures.json`, 'utf8'));

test('a figure is filled from its values: sizes in KiB, counts with separators', () => {
  const entry = { what: 'w', figure: '{a|gzipped} and {n}', values: { 'a|gzipped': 150_000, n: 40149 }, command: 'c' };
  assert.equal(row(entry), '| w | 146.5 KiB and 40,149 | c |');
  assert.throws(() => row({ ...entry, values: {} }), /no value/);
});

test('the README is what docs/figures.json gives, and a hand edit of a figure is not', () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  assert.equal(withTable(readme, figures), readme);
  const edited = readme.replace(/\| random games, one thread \| [^|]*\|/, '| random games, one thread | 1 game |');
  assert.notEqual(edited, readme);
  assert.notEqual(withTable(edited, figures), edited);
  assert.ok(figures.rows.length >= 10 && figures.rows.every((r) => row(r).startsWith('| ')));
});

test('each row holds one current figure: short, with no history (that goes to docs/FIGURES_HISTORY.md)', () => {
  for (const entry of figures.rows) {
    const figure = row(entry).slice(`| ${entry.what} | `.length, -` | ${entry.command} |`.length);
    assert.ok(figure.length <= 320, `"${entry.what}": ${figure.length} characters`);
    assert.doesNotMatch(figure, /\bbefore\b|\bissue \d/i, `"${entry.what}" tells a history: ${figure}`);
    assert.doesNotMatch(entry.what, /\bissue \d/i, entry.what);
  }
  assert.match(readFileSync(`${root}docs/FIGURES_HISTORY.md`, 'utf8'), /\| what \| figure \| command \|/);
});
