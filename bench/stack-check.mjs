// What the package's stack check costs (issue 36): every call into the engine first makes sure that a
// margin of the JavaScript stack is left (pkg/errors.js `ensureStack`, a 400-frame probe), so that a call
// made from deep recursion is refused with `stack_exhausted` instead of breaking the Game or the
// instance. Prints the check alone and, for scale, a cheap guarded call (the `actionCount` getter) and a
// `legalActions()` call, each the median of 5 rounds of 100,000 calls.
//
//   bash scripts/build-pkg.sh && node bench/stack-check.mjs
import { ensureStack } from '../pkg/errors.js';
import full from '../tests/node/load.mjs';

function perCall(call, n = 100_000) {
  const rounds = [];
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) call();
    rounds.push(Number(process.hrtime.bigint() - start) / n / 1000);
  }
  return rounds.sort((a, b) => a - b)[2];
}

const game = new full.Game({ seed: 1 });
const figures = {
  'ensureStack alone': perCall(() => ensureStack('bench')),
  'game.actionCount (guarded getter)': perCall(() => game.actionCount),
  'game.legalActions() (guarded method)': perCall(() => game.legalActions(), 20_000),
};
for (const [name, us] of Object.entries(figures)) console.log(`${name}: ${us.toFixed(2)} us a call`);
