// The views the benchmarks time the computer on (bench/wasm-bench.mjs, bench/compare-builds.mjs): for
// each seed, 20 plies of first legal actions, then on to the next play step with a choice (as the
// native twin, examples/throughput.rs). `bl` is a loaded build of the package's full entry.
export const benchViews = (bl, seeds) =>
  seeds.map((seed) => {
    const game = new bl.Game({ seed });
    for (let ply = 0; ; ply++) {
      const legal = game.legalActions();
      if (ply >= 20 && legal.length > 1 && legal[0].type === 'play') break;
      game.apply(legal[0]);
    }
    return game.view(game.current);
  });
