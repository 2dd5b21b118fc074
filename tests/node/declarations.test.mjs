// The public TypeScript declarations promise exact shapes: no `any` anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

test('the public .d.ts files contain no any', () => {
  for (const file of ['index.d.ts', 'battleline.d.ts', 'battleline_bg.wasm.d.ts']) {
    const text = readFileSync(new URL(`../../pkg/${file}`, import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => !line.trim().startsWith('*') && !line.trim().startsWith('/'))
      .join('\n');
    const found = text.match(/.*\bany\b.*/g) ?? [];
    assert.deepEqual(found, [], `${file} uses any`);
  }
});

test('every Game method has a declaration', () => {
  const text = readFileSync(new URL('../../pkg/battleline.d.ts', import.meta.url), 'utf8');
  for (const method of ['play(', 'tactic(', 'claim(', 'endClaims(', 'draw(', 'pass(', 'nextGame(', 'apply(', 'applyAs(',
    'legalActions(', 'view(', 'claimable(', 'explainClaim(', 'formations(', 'result(', 'matchScore(', 'record(',
    'replayTo(', 'static fromRecord(', 'digest(']) {
    assert.ok(text.includes(method), `declared: ${method}`);
  }
});
