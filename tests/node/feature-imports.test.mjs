// The game (www/src/game/) knows none of its features: the coach, online play and the tutorial each
// implement their part of game/features.ts in their own folder, and the element's controller hands them
// to the game. So no file of game/ names a feature's folder in any way: no import (a type's either, which
// the circle test does not see), no `import()` of a chunk, no `declare module`. The features import
// game/, never the other way round.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const src = new URL('../../www/src/', import.meta.url).pathname;
const FEATURES = ['coach', 'online', 'tutorial'];

/** Each path into a feature folder that `text` (a file of game/) names in a string: `'../coach/…'`. */
export function featurePaths(text) {
  const names = FEATURES.join('|');
  return [...text.matchAll(new RegExp(`['"\`](\\.\\./(?:${names})/[^'"\`]*)['"\`]`, 'g'))].map((m) => m[1]);
}

test('no file of www/src/game/ names a feature folder (coach/, online/, tutorial/)', () => {
  const dir = join(src, 'game');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  assert.ok(files.length >= 10, `only ${files.length} files in game/`);
  const found = files.flatMap((f) => featurePaths(readFileSync(join(dir, f), 'utf8')).map((p) => `game/${f}: ${p}`));
  assert.deepEqual(found, [], 'game/ asks its features through game/features.ts; the feature imports game/, not the reverse');
});

test('the board and the panels, drawn by the game, name no feature folder either', () => {
  for (const file of ['board.ts', 'panels.ts']) {
    assert.deepEqual(featurePaths(readFileSync(join(src, file), 'utf8')), [], file);
  }
});

test('the check sees every way a file names a feature folder', () => {
  assert.deepEqual(featurePaths("import { coachLoaded } from '../coach/coach-loader.js';"), ['../coach/coach-loader.js']);
  assert.deepEqual(featurePaths("import type { LessonRun } from '../tutorial/run.js';"), ['../tutorial/run.js']);
  assert.deepEqual(featurePaths("export { startOnline } from '../online/session.js';"), ['../online/session.js']);
  assert.deepEqual(featurePaths("const chunk = await import('../online/online-chunk.js');"), ['../online/online-chunk.js']);
  assert.deepEqual(featurePaths('type C = typeof import("../coach/coach-chunk.js");'), ['../coach/coach-chunk.js']);
  assert.deepEqual(featurePaths("import { render } from './draw.js';\nimport { t } from '../i18n.js';"), []);
});
