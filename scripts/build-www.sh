#!/usr/bin/env bash
# Builds the game page into www/dist/ (and the single file www/dist/battleline.html):
# the wasm package first if pkg/ is missing or older than the Rust sources, then a type-check of the
# page, then the bundles and files (scripts/build-www.mjs). It also builds www/dist-e2e/, the same page
# with the end-to-end tests' hook (window.__battleline); the production page in www/dist/ has none.
#   scripts/build-www.sh            as above
#   scripts/build-www.sh --no-pkg   use pkg/ as it is (never rebuild it)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--no-pkg" ]; then
  stale=""
  if [ ! -f pkg/full/battleline_bg.wasm ] || [ ! -f pkg/computer.js ]; then
    stale="pkg/ is missing"
  elif [ -n "$(find src npm scripts/finish-pkg.mjs Cargo.toml Cargo.lock -newer pkg/package.json -print -quit)" ]; then
    stale="pkg/ is older than its sources"
  fi
  if [ -n "$stale" ]; then
    echo "[build-www] $stale: building the wasm package (about a minute)"
    bash scripts/build-pkg.sh
  fi
fi

echo "[build-www] type-checking www/"
npx --no-install tsc --noEmit -p www
node scripts/build-www.mjs
node scripts/build-www.mjs --test-hook
