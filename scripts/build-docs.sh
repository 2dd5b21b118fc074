#!/usr/bin/env bash
# Builds the API references, with every warning an error: TypeDoc for the npm package (from pkg/'s
# declarations and their doc comments, into target/doc-npm/) and rustdoc for the crate (every public
# item documented, natively and for wasm32, into target/doc/ and target/wasm32-unknown-unknown/doc/).
# Needs pkg/ (scripts/build-pkg.sh); TypeDoc comes with the example tools (examples/npm/package.json).
#   bash scripts/build-docs.sh           both
#   bash scripts/build-docs.sh --npm     TypeDoc only (the test command's examples stage)
#   bash scripts/build-docs.sh --rust    rustdoc only (the test command's lint stage: cargo's other builds)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
part=${1:-all}
if [ "$part" != --rust ]; then
  [ -f pkg/index.d.ts ] || { echo "pkg/ is missing: run scripts/build-pkg.sh" >&2; exit 1; }
  node scripts/test-npm-examples.mjs --tools-only
  target/npm-examples/node_modules/.bin/typedoc --options npm/typedoc.json --logLevel Warn
  echo "[build-docs] target/doc-npm/index.html"
fi
if [ "$part" != --npm ]; then
  RUSTDOCFLAGS="-D warnings -D missing_docs" cargo doc --quiet --no-deps --lib
  RUSTDOCFLAGS="-D warnings -D missing_docs" cargo doc --quiet --no-deps --lib --target wasm32-unknown-unknown
  echo "[build-docs] target/doc/battleline/index.html, target/wasm32-unknown-unknown/doc/battleline/index.html"
fi
