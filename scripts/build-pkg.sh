#!/usr/bin/env bash
# Builds the npm package into pkg/ from two wasm builds of the crate: pkg/rules/ (the rules engine alone,
# --no-default-features: the size budget) and pkg/full/ (with the computer players). Each is cargo, then
# wasm-bindgen (what wasm-pack --target web runs), then binaryen's wasm-opt from npm (Debian's binaryen is
# too old for this Rust); then scripts/finish-pkg.mjs writes the entry points, the worker, CommonJS
# copies and package.json.
set -euo pipefail
cd "$(dirname "$0")/.."
# Optimised for speed (opt-level 3, wasm-opt -O3): measured with bench/wasm-bench.mjs, opt-level s made
# the engine 3-4x slower than native, -O3 keeps it within 1.2x, and the engine alone stays in budget.
build() {
  local out="$1"
  shift
  cargo build --quiet --lib --release --target wasm32-unknown-unknown "$@"
  wasm-bindgen --target web --out-dir "pkg/$out" --out-name battleline target/wasm32-unknown-unknown/release/battleline.wasm
  npx --no-install wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --strip-debug "pkg/$out/battleline_bg.wasm" -o "pkg/$out/battleline_bg.wasm"
}
rm -rf pkg
build rules --no-default-features
build full
node scripts/finish-pkg.mjs
