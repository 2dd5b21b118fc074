// The benchmark exports do real, deterministic work (bench/wasm-bench.mjs times them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import bl from './load.mjs';

test('benchmark workloads are deterministic and non-trivial', () => {
  const claims = new bl.ClaimBench(300);
  assert.equal(claims.count, 300);
  const verdicts = claims.run(2);
  assert.ok(verdicts > 0 && verdicts < 600 && verdicts % 2 === 0, `claimable verdicts: ${verdicts}`);
  const actions = bl.benchRandomGames(5, true);
  assert.equal(actions, bl.benchRandomGames(5, true));
  assert.ok(actions > 5 * 40, `actions in five games: ${actions}`);
});
