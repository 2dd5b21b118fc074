// Loads the built package (pkg/) exactly as a Node user would: `init()` with no argument (the package
// finds its own wasm). `full` is the entry with the computer players; `rules` the engine alone.
import * as rules from '../../pkg/index.js';
import * as full from '../../pkg/full.js';

import assert from 'node:assert/strict';

await rules.default();
await full.init();
export { rules };
export default full;

/** Two plain values are the same data. */
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** `promise` rejects with a BattleLineError of `code`. */
export const rejectsWith = (promise, code) =>
  assert.rejects(promise, (e) => {
    assert.ok(e instanceof full.BattleLineError, `a BattleLineError: ${e}`);
    assert.equal(e.code, code, e.message);
    return true;
  });
