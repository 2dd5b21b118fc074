// Benchmarks the built package (pkg/) in WebAssembly beside the same workloads natively
// (examples/throughput.rs): claim proofs per second, random games per second, bot time per move.
// Run: node bench/wasm-bench.mjs (it builds the engine with the cargo feature `bench`, whose workload
// exports ClaimBench and benchRandomGames the npm package never has, into target/wasm-bench/, optimised
// as scripts/build-pkg.sh optimises the package).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { benchViews } from './views.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}target/wasm-bench`;
const sh = (command, args) => execFileSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
console.error('building the engine with the bench feature into target/wasm-bench/');
sh('cargo', ['build', '--quiet', '--lib', '--release', '--target', 'wasm32-unknown-unknown', '--features', 'bench']);
sh('wasm-bindgen', ['--target', 'web', '--out-dir', out, '--out-name', 'battleline', 'target/wasm32-unknown-unknown/release/battleline.wasm']);
sh('npx', ['--no-install', 'wasm-opt', '-O3', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--strip-debug', `${out}/battleline_bg.wasm`, '-o', `${out}/battleline_bg.wasm`]);
const bl = await import(`${out}/battleline.js`);
bl.initSync({ module: readFileSync(`${out}/battleline_bg.wasm`) });

const seconds = (work) => {
  const start = performance.now();
  work();
  return (performance.now() - start) / 1000;
};

const claims = new bl.ClaimBench(20_000);
bl.benchRandomGames(50, true); // warm up
const proofs = 200_000 / seconds(() => claims.run(10));
const tactics = 2_000 / seconds(() => bl.benchRandomGames(2_000, true));
const basic = 2_000 / seconds(() => bl.benchRandomGames(2_000, false));

const views = benchViews(bl, [0, 1, 2, 3, 4, 5]);
const suggestMs = {};
bl.suggest(views[0], 'medium', 2); // warm up (the first call compiles the search's code paths)
for (const [level, count] of [['easy', 6], ['medium', 6], ['hard', 3]]) {
  suggestMs[level] = (seconds(() => views.slice(0, count).forEach((v) => bl.suggest(v, level, 1))) * 1000) / count;
}
const wasm = { proofsPerSecond: proofs, gamesPerSecondTactics: tactics, gamesPerSecondBasic: basic, suggestMs };

console.error('running the native twin: cargo run --release --example throughput');
const native = JSON.parse(
  execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'throughput'], { encoding: 'utf8' }).trim(),
);

const row = (name, n, w, unit, higherIsBetter = true) => {
  const ratio = higherIsBetter ? n / w : w / n;
  console.log(`${name.padEnd(34)} ${fmt(n).padStart(12)} ${fmt(w).padStart(12)}  ${unit.padEnd(8)} wasm ${ratio.toFixed(2)}x slower`);
};
const fmt = (x) => (x >= 100 ? Math.round(x).toLocaleString('en') : x.toFixed(1));
console.log(`${''.padEnd(34)} ${'native'.padStart(12)} ${'wasm'.padStart(12)}`);
row('claim proofs (is_claimable)', native.proofsPerSecond, wasm.proofsPerSecond, 'per s');
row('random games, tactics', native.gamesPerSecondTactics, wasm.gamesPerSecondTactics, 'per s');
row('random games, no tactics', native.gamesPerSecondBasic, wasm.gamesPerSecondBasic, 'per s');
for (const level of ['easy', 'medium', 'hard']) {
  row(`bot ${level}, one move`, native.suggestMs[level], wasm.suggestMs[level], 'ms', false);
}
// Every timed move is a full search of the level's playouts (see the views above).
for (const level of ['easy', 'medium', 'hard']) {
  const perSecond = (ms) => (native.playouts[level] * 1000) / ms;
  row(`search playouts, ${level}`, perSecond(native.suggestMs[level]), perSecond(wasm.suggestMs[level]), 'per s');
}
