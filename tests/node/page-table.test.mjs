// The page asks the game on the board only through its Table (www/src/game/table.ts): an online seat is
// a typed provider (www/src/online/table.ts), not a stand-in game with members overridden at run time,
// and what differs between providers is asked of the table (`remote`, `heldGame`), not of the mode.
// Source checks, so that a shortcut back to either fails here before any browser runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const src = join(new URL('../../', import.meta.url).pathname, 'www', 'src');
const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
const sources = files(src).map((path) => ({ file: relative(src, path), text: readFileSync(path, 'utf8') }));
// Code only: a comment may name what the code no longer does.
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

test('no Proxy and no stand-in game in the page', () => {
  const found = sources.filter(({ text }) => /\bnew Proxy\b|\bstandInGame\b/.test(code(text))).map(({ file }) => file);
  assert.deepEqual(found, []);
});

test('outside online/, nothing branches on the online mode', () => {
  // The element's attribute check and the start dialog's own checkbox name the mode; neither decides
  // what a game does.
  const allowed = new Set(['element/options.ts', 'start-dialog.ts']);
  const found = sources
    .filter(({ file }) => !file.startsWith('online/') && !allowed.has(file))
    .filter(({ text }) => /mode\s*[!=]==?\s*'online'|'online'\s*[!=]==?\s*\S*mode/.test(code(text)))
    .map(({ file }) => file);
  assert.deepEqual(found, []);
});
