#!/usr/bin/env bash
# Builds the npm package into pkg/: wasm-pack (no downloads), then binaryen's wasm-opt from npm
# (Debian's binaryen is too old for this Rust), then the package entry that also exports BattleLineError.
set -euo pipefail
cd "$(dirname "$0")/.."
# Optimised for speed (opt-level 3, wasm-opt -O3): measured with bench/wasm-bench.mjs, opt-level s made
# the engine 3-4x slower than native, -O3 keeps it within 1.2x, and the engine alone stays in budget.
# Extra arguments go to cargo: `scripts/build-pkg.sh --no-default-features` builds the engine without bots.
wasm-pack build --target web --release --mode no-install \
  --out-dir pkg --out-name battleline --no-pack . -- "$@" >/dev/null 2>build-pkg.log || { cat build-pkg.log; exit 1; }
rm -f build-pkg.log
npx --no-install wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --strip-debug pkg/battleline_bg.wasm -o pkg/battleline_bg.wasm
node scripts/finish-pkg.mjs
