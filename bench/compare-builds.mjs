// Times the computer's move in WebAssembly for two builds side by side, in one Node process, runs
// alternating: `node bench/compare-builds.mjs BEFORE_DIR AFTER_DIR [level]`, each directory a checkout
// whose package is built (`bash scripts/build-pkg.sh`). The views are the bench's first three (20
// plies of first legal actions, then on to a play with a choice, as bench/wasm-bench.mjs).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchViews } from './views.mjs';

const [beforeDir, afterDir, level = 'hard'] = process.argv.slice(2);
if (!beforeDir || !afterDir) {
  console.error('usage: node bench/compare-builds.mjs BEFORE_DIR AFTER_DIR [easy|medium|hard]');
  process.exit(2);
}
const load = async (dir) => {
  const full = resolve(dir, 'pkg/full');
  const bl = await import(`${full}/battleline.js`);
  bl.initSync({ module: readFileSync(`${full}/battleline_bg.wasm`) });
  return bl;
};
const sides = { before: await load(beforeDir), after: await load(afterDir) };
const views = (bl) => benchViews(bl, [0, 1, 2]);
const times = { before: [], after: [] };
for (const bl of Object.values(sides)) bl.suggest(views(bl)[0], 'medium', 2); // warm up
for (let round = 0; round < 2; round++) {
  for (const [name, bl] of Object.entries(sides)) {
    for (const view of views(bl)) {
      const start = performance.now();
      bl.suggest(view, level, 1);
      times[name].push(performance.now() - start);
    }
  }
}
for (const [name, list] of Object.entries(times)) {
  const mean = list.reduce((a, b) => a + b) / list.length;
  console.log(`${name} ${level}: ${list.map((t) => t.toFixed(0)).join(' ')} ms; mean ${mean.toFixed(0)}`);
}
