// Times the computer in WebAssembly (Node, the built package's full entry) in three-player games: every
// decision of seat 0 with a choice of play, over three seeded games, at each level named, each level
// answering the same views (the game goes on with the last level's move; the other seats play the first
// legal action). Prints the median, p90 and max per level.
// Run: bash scripts/build-pkg.sh && node bench/three-player-times.mjs hard search:10000
import { readFileSync } from 'node:fs';
import * as bl from '../pkg/full/battleline.js';

bl.initSync({ module: readFileSync(new URL('../pkg/full/battleline_bg.wasm', import.meta.url)) });
const levels = process.argv.slice(2);
if (levels.length === 0) throw new Error('usage: node bench/three-player-times.mjs LEVEL...');
const times = Object.fromEntries(levels.map((level) => [level, []]));
for (let seed = 1; seed <= 3; seed++) {
  const game = new bl.Game({ seed, players: 3, tactics: false });
  for (let ply = 0; !game.result() && ply < 400; ply++) {
    const legal = game.legalActions();
    if (legal.length === 0) break;
    let action = legal[0];
    if (game.current === 0 && legal.length > 1 && legal[0].type === 'play') {
      const view = game.view(game.current);
      for (const level of levels) {
        const started = performance.now();
        action = bl.suggest(view, level, ply);
        times[level].push(performance.now() - started);
      }
    }
    game.apply(action);
  }
}
const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))].toFixed(1);
for (const [level, list] of Object.entries(times)) {
  list.sort((a, b) => a - b);
  console.log(`${level}: ${list.length} decisions, median ${at(list, 0.5)} ms, p90 ${at(list, 0.9)} ms, max ${list.at(-1).toFixed(1)} ms`);
}
