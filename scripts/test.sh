#!/usr/bin/env bash
# Runs every test of the project on a fresh machine, installing what it needs first (idempotently).
# This is the README's test command and exactly what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
stage() { printf '\n=== %s ===\n' "$*"; }

stage "setup"
bash scripts/setup.sh --test

stage "format and lint"
bash scripts/check-tracked.sh
node scripts/figures.mjs --check
cargo fmt --all --check
cargo clippy --all-targets -- -D warnings
cargo clippy -p battleline-lab --all-targets -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features -- -D warnings

stage "native tests: rules, claim oracle, properties, CLI, doc examples"
cargo test

stage "the lab: its experiments' tests, its harnesses built"
cargo test -p battleline-lab

stage "wasm API tests in headless Chromium"
export WASM_BINDGEN_TEST_TIMEOUT=600
timeout 1200 wasm-pack test --headless --chrome --mode no-install -- --test wasm_api --test wasm_hostile

stage "npm package: build, TypeScript client, Node tests"
bash scripts/build-pkg.sh
npx --no-install tsc -p tests/types
node --test tests/node/

stage "npm package as users get it: tarball checks, every example setup (Node and Chromium), API references"
timeout 900 node scripts/test-npm-examples.mjs
bash scripts/build-docs.sh

stage "game page: build, end-to-end tests driving Chromium"
bash scripts/build-www.sh --no-pkg
timeout 1500 node --test --test-concurrency=1 tests/e2e/
