#!/usr/bin/env bash
# Runs the project's tests in stages (lanes), installing what they need first (idempotently).
#   bash scripts/test.sh                 every stage in order: the README's test command, what CI runs (.ci/run)
#   bash scripts/test.sh lint native     only these stages, in the order given
#   bash scripts/test.sh --list          the stages' names
# Each stage's wall time is written to target/test-times.tsv (stage, seconds, ok|failed) and printed at the
# end; tests/README.md says what each stage needs built first and how to run one test of it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
# A test that needs a service (PostgreSQL, python3) fails instead of reporting itself skipped: the stages
# below provide the services, so a skip here means a test did not run.
export BATTLELINE_REQUIRE_SERVICES=1

STAGES=(setup lint native lab server wasm package examples page)

stage_setup() {
  bash scripts/setup.sh --test
}

stage_lint() {
  bash scripts/check-tracked.sh
  node scripts/figures.mjs --check
  cargo fmt --all --check
  cargo clippy --all-targets -- -D warnings
  cargo clippy -p battleline-lab --all-targets -- -D warnings
  cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings
  cargo clippy --lib --target wasm32-unknown-unknown --no-default-features -- -D warnings
  cargo clippy -p battleline-server --all-targets -- -D warnings
  # The engine's public API (default features: without the lab's hooks) against docs/public-api.txt.
  node scripts/public-api.mjs --check
}

# Rules, claim oracle, properties, CLI, doc examples.
stage_native() {
  cargo test
}

# The lab: its experiments' tests, its harnesses built.
stage_lab() {
  cargo test -p battleline-lab
}

# Game server: fair play, bad input, kill -9 under load (SQLite), two servers on one PostgreSQL, the nginx
# example in front of it.
stage_server() {
  # The root `cargo test` covers only the engine's package; the server is the workspace's other member.
  # (summary, on exit, stops the database if a test failed.)
  pg_dir=$(mktemp -d)
  eval "$(bash scripts/postgres.sh start "$pg_dir")"
  timeout 1500 cargo test -p battleline-server
  bash scripts/postgres.sh stop "$pg_dir"
  pg_dir=""
}

# wasm API tests in headless Chromium. With the lab's hooks: the learned model's outputs are compared to
# the native ones through them (the npm package, built without, is tested in the package stage).
stage_wasm() {
  export WASM_BINDGEN_TEST_TIMEOUT=600
  timeout 1200 wasm-pack test --headless --chrome --mode no-install -- --features lab-hooks --test wasm_api --test wasm_api_seat --test wasm_hostile
}

# npm package: build, TypeScript client, Node tests.
stage_package() {
  bash scripts/build-pkg.sh
  npx --no-install tsc -p tests/types
  node --test tests/node/
}

# npm package as users get it: tarball checks, every example setup (Node and Chromium), API references.
stage_examples() {
  if [ ! -f pkg/package.json ]; then
    echo "the examples test pkg/: run the package stage first (or bash scripts/build-pkg.sh)" >&2
    return 1
  fi
  timeout 1200 node scripts/test-npm-examples.mjs
  bash scripts/build-docs.sh
}

# Game page: build, end-to-end tests driving Chromium.
stage_page() {
  if [ -n "${built_pkg:-}" ]; then
    bash scripts/build-www.sh --no-pkg
  else
    # Run alone: build pkg/ first if it is missing or older than its sources.
    bash scripts/build-www.sh
  fi
  # Three files at a time (E2E_CONCURRENCY): each file starts its own servers on free ports, its own
  # Chromium and its own temporary folders. (On 2 cores three took as long as two, 631 s against 627 s:
  # the cores are busy throughout, see tests/README.md; more cores would use more.) The longest files start first, so that the
  # last to finish is not a long one started late. The files that time the page (load and redraw, the
  # review at the hard budget) run alone afterwards, so that another file's Chromium does not slow what
  # they measure.
  local timed=(tests/e2e/perf.test.mjs tests/e2e/coach-review.test.mjs) longest=(tests/e2e/whole-games.test.mjs
    tests/e2e/three-players.test.mjs tests/e2e/online.test.mjs tests/e2e/element-citizen.test.mjs) file
  local rest=("${longest[@]}")
  for file in tests/e2e/*.test.mjs; do
    case " ${timed[*]} ${longest[*]} " in *" $file "*) ;; *) rest+=("$file") ;; esac
  done
  timeout 1500 node --test --test-concurrency="${E2E_CONCURRENCY:-3}" "${rest[@]}"
  timeout 600 node --test --test-concurrency=1 "${timed[@]}"
}

if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${STAGES[@]}"
  exit 0
fi
selected=("$@")
[ ${#selected[@]} -eq 0 ] && selected=("${STAGES[@]}")
for name in "${selected[@]}"; do
  # A plain comparison, not `printf | grep -q`: under pipefail grep's early exit can fail the pipe.
  known=""
  for stage in "${STAGES[@]}"; do [ "$stage" = "$name" ] && known=1; done
  if [ -z "$known" ]; then
    echo "unknown stage '$name' (stages: ${STAGES[*]})" >&2
    exit 2
  fi
done

mkdir -p target
times=target/test-times.tsv
printf 'stage\tseconds\tresult\n' >"$times"
current="" started=0
summary() {
  local rc=$?
  if [ -n "${pg_dir:-}" ]; then
    bash scripts/postgres.sh stop "$pg_dir" || true
  fi
  if [ -n "$current" ]; then
    printf '%s\t%d\tfailed\n' "$current" $((SECONDS - started)) >>"$times"
  fi
  printf '\n=== stage times (%s) ===\n' "$times"
  column -t -s $'\t' "$times" 2>/dev/null || cat "$times"
  printf 'total\t%d s\n' "$SECONDS"
  return $rc
}
trap summary EXIT

for name in "${selected[@]}"; do
  current=$name started=$SECONDS
  printf '\n=== %s (at %d s) ===\n' "$name" "$SECONDS"
  "stage_$name"
  printf '%s\t%d\tok\n' "$name" $((SECONDS - started)) >>"$times"
  current=""
  [ "$name" = package ] && built_pkg=1
done
printf '\n=== all selected stages passed: %s ===\n' "${selected[*]}"
