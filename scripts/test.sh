#!/usr/bin/env bash
# Runs the project's tests in stages (lanes), installing what they need first (idempotently).
#   bash scripts/test.sh                 every stage: the README's test command, what CI runs (.ci/run), in
#                                        two lanes at once (below); TEST_LANES=0 runs them one after another
#   bash scripts/test.sh lint native     only these stages, one after another in the order given
#   bash scripts/test.sh --list          the stages' names (a full run's, then those run only when named)
# Each stage's wall time is written to target/test-times.tsv (stage, seconds, ok|failed) and printed at the
# end; tests/README.md says what each stage needs built first and how to run one test of it.
#
# The two lanes: one stage alone leaves a core idle part of the time (a crate's front end, a link, a test
# program waiting on a server), and the stages of one lane need nothing of the other's until the page's
# end-to-end tests, which need the game server built. The cargo lane (lint, native-server, lab, wasm) builds
# in target/debug and target/wasm32-unknown-unknown/debug; the package lane (package, examples, page) in
# target/release and target/wasm32-unknown-unknown/release, so cargo's locks never make one wait for the
# other. The page's end-to-end tests wait for the native-server stage's build; the files that time the page
# run last, alone, once both lanes are done. The cargo lane's lines are prefixed with [cargo].
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
# A test that needs a service (PostgreSQL, python3) fails instead of reporting itself skipped: the stages
# below provide the services, so a skip here means a test did not run.
export BATTLELINE_REQUIRE_SERVICES=1

# What a full run runs, in this order when TEST_LANES=0 (the two lanes below order them otherwise).
STAGES=(setup lint native-server lab wasm package examples page)
# Stages a full run holds inside others, each run alone when named: `native` and `server` (together they
# are `native-server`), `timed` (the end of `page`).
ALONE=(native server timed)

stage_setup() {
  bash scripts/setup.sh --test
}

stage_lint() {
  bash scripts/check-tracked.sh
  node scripts/figures.mjs --check
  cargo fmt --all --check
  # The engine and the server in one selection, as the native-server stage builds them (see there): the
  # engine's own features are the same either way, and its dependencies are checked once.
  cargo clippy -p battleline -p battleline-server --all-targets -- -D warnings
  cargo clippy -p battleline-lab --all-targets -- -D warnings
  cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings
  cargo clippy --lib --target wasm32-unknown-unknown --no-default-features -- -D warnings
  # The engine's public API (default features: without the lab's hooks) against docs/public-api.txt.
  node scripts/public-api.mjs --check
  # rustdoc with every warning an error and every public item documented, natively and for wasm32.
  bash scripts/build-docs.sh --rust
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
  start_postgres
  # The engine's command-line program, which a test invites as a bot (server/tests/play/bots.rs): built
  # here, as the native stage's tests build it, rather than by the test itself against its time limit.
  cargo build --profile test -p battleline --bin battleline
  cargo test -p battleline-server --no-run
  timeout 1500 cargo test -p battleline-server
}

# The native and server stages in one cargo selection: what a full run runs. Cargo resolves dependencies'
# features per selection, and the server's dependencies turn on some that the engine's alone do not
# (clap's `env`, rand's defaults, serde_json's `raw_value`, serde_core's and memchr's defaults), so the two
# stages one after the other built the engine and a dozen of its dependencies twice: 50 CPU-seconds more
# (tests/README.md). The engine's own features are the same either way. (The engine's library alone, with
# its dependencies' features as a user gets them, is built by the lab, wasm and package stages.)
stage_native_server() {
  start_postgres
  # Both packages' test programs and programs; the server's tests run the engine's command-line program
  # (target/debug/battleline), which the engine's integration tests have built.
  cargo test -p battleline -p battleline-server --no-run
  # In the two lanes, the page's end-to-end tests start now: target/debug/battleline-server is built, and
  # nothing after this rebuilds it.
  if [ -n "${lanes:-}" ]; then touch "$lanes/server-built"; fi
  timeout 2400 cargo test -p battleline -p battleline-server
}

# A throwaway PostgreSQL for the server's two-server tests. (A stage runs in a subshell of its own: its
# exit, passed or failed, stops the database.)
start_postgres() {
  pg_dir=$(mktemp -d)
  trap 'bash scripts/postgres.sh stop "$pg_dir" || true' EXIT
  eval "$(bash scripts/postgres.sh start "$pg_dir")"
}

# wasm API tests in headless Chromium. With the lab's hooks: the learned model's outputs are compared to
# the native ones through them (the npm package, built without, is tested in the package stage).
# Cargo with wasm-bindgen's test runner rather than `wasm-pack test`, which builds everything twice (a dev
# build of the tests first, then the test profile's): the same tests in the same headless Chromium
# (webdriver.json), one build.
stage_wasm() {
  export WASM_BINDGEN_TEST_TIMEOUT=600 CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}"
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
  timeout 1200 cargo test --target wasm32-unknown-unknown --features lab-hooks --test wasm_api --test wasm_api_seat --test wasm_hostile
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
  bash scripts/build-docs.sh --npm
}

# What times the page, with nothing beside it: the end-to-end files that time load, redraw and the review,
# and (when the examples stage left them for later, as the two lanes do) the long tasks at hard.
stage_timed() {
  page_timed
  if [ -n "${EXAMPLES_LONG_TASKS_LATER:-}" ]; then
    timeout 600 node scripts/test-npm-examples.mjs long-tasks
  fi
}

# Game page: build, end-to-end tests driving Chromium, then the files that time the page, alone.
stage_page() {
  page_build
  page_e2e
  page_timed
}

page_build() {
  if [ -n "${built_pkg:-}" ]; then
    bash scripts/build-www.sh --no-pkg
  else
    # Run alone: build pkg/ first if it is missing or older than its sources.
    bash scripts/build-www.sh
  fi
}

# The files that time the page (load and redraw, the review at the hard budget): alone, so that no other
# file's Chromium or build slows what they measure. (What else the review's walk checks is in
# coach-review.test.mjs, which runs with the others.)
TIMED=(tests/e2e/perf.test.mjs tests/e2e/coach-review-time.test.mjs)

# Three files at a time (E2E_CONCURRENCY): each file starts its own servers on free ports, its own
# Chromium and its own temporary folders. (On 2 cores three took as long as two, 631 s against 627 s: the
# cores are busy throughout, see tests/README.md; more cores would use more.) The longest files start
# first, so that the last to finish is not a long one started late.
page_e2e() {
  local longest=(tests/e2e/whole-games.test.mjs tests/e2e/three-players.test.mjs tests/e2e/online.test.mjs
    tests/e2e/element-citizen.test.mjs) file
  local rest=("${longest[@]}")
  for file in tests/e2e/*.test.mjs; do
    case " ${TIMED[*]} ${longest[*]} " in *" $file "*) ;; *) rest+=("$file") ;; esac
  done
  timeout 1500 node --test --test-concurrency="${E2E_CONCURRENCY:-3}" "${rest[@]}"
}

page_timed() {
  timeout 600 node --test --test-concurrency=1 "${TIMED[@]}"
}

if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${STAGES[@]}" "${ALONE[@]}"
  exit 0
fi
selected=("$@")
[ ${#selected[@]} -eq 0 ] && selected=("${STAGES[@]}")
for name in "${selected[@]}"; do
  # A plain comparison, not `printf | grep -q`: under pipefail grep's early exit can fail the pipe.
  known=""
  for stage in "${STAGES[@]}" "${ALONE[@]}"; do [ "$stage" = "$name" ] && known=1; done
  if [ -z "$known" ]; then
    echo "unknown stage '$name' (stages: ${STAGES[*]} ${ALONE[*]})" >&2
    exit 2
  fi
done

mkdir -p target
times=target/test-times.tsv
printf 'stage\tseconds\tresult\n' >"$times"
summary() {
  local rc=$?
  printf '\n=== stage times (%s) ===\n' "$times"
  column -t -s $'\t' "$times" 2>/dev/null || cat "$times"
  printf 'total\t%d s%s\n' "$SECONDS" "${lanes:+ (two lanes at once: stage times overlap)}"
  return $rc
}
trap summary EXIT

# Runs one stage (or the function named second) in a subshell of its own, so that errexit holds in it and
# its exports and traps stay in it; appends its time and result to the times file; returns its status.
# Never call it as a condition (`run_stage x || …`): bash would then ignore errexit inside it.
run_stage() {
  local name=$1 fn=${2:-stage_${1//-/_}} begun=$SECONDS rc
  printf '\n=== %s (at %d s) ===\n' "$name" "$SECONDS"
  set +e
  (
    set -e
    "$fn"
  )
  rc=$?
  set -e
  printf '%s\t%d\t%s\n' "$name" $((SECONDS - begun)) "$([ "$rc" -eq 0 ] && echo ok || echo failed)" >>"$times"
  return "$rc"
}

# The lab and wasm stages last: the wasm stage beside the end-to-end tests took 438 s against 105 s at the
# lane's end (its runner polls its Chromium for as long as it waits), and the run with the native tests
# last was no shorter (tests/README.md, "The last full run's times").
cargo_lane() {
  run_stage lint
  run_stage native-server
  run_stage lab
  run_stage wasm
}

# The page's end-to-end tests play online through target/debug/battleline-server, which the cargo lane's
# native-server stage builds first: wait for that build (the stage marks it before it runs the tests).
page_after_server() {
  page_build
  echo "[page] waiting for the cargo lane's server build (the online tests' game server)"
  while [ ! -f "$lanes/server-built" ]; do
    if [ -f "$lanes/cargo-rc" ]; then
      echo "the cargo lane stopped before its server build was done" >&2
      return 1
    fi
    sleep 2
  done
  page_e2e
}

if [ $# -eq 0 ] && [ "${TEST_LANES:-1}" != 0 ]; then
  lanes=$(mktemp -d)
  export EXAMPLES_LONG_TASKS_LATER=1
  run_stage setup
  (
    set +e
    (
      set -e
      cargo_lane
    )
    echo $? >"$lanes/cargo-rc"
  ) 2>&1 | sed -u 's/^/[cargo] /' &
  cargo_pid=$!
  set +e
  (
    set -e
    run_stage package
    built_pkg=1
    run_stage examples
    run_stage page page_after_server
  )
  package_rc=$?
  set -e
  wait "$cargo_pid" || true
  cargo_rc=$(cat "$lanes/cargo-rc" 2>/dev/null || echo 1)
  if [ "$package_rc" -ne 0 ] || [ "$cargo_rc" -ne 0 ]; then
    echo "a lane failed: package lane $package_rc, cargo lane $cargo_rc (the failed stage is marked in $times)" >&2
    exit 1
  fi
  run_stage timed
  printf '\n=== all stages passed ===\n'
  exit 0
fi

for name in "${selected[@]}"; do
  run_stage "$name"
  [ "$name" = package ] && built_pkg=1
done
printf '\n=== all selected stages passed: %s ===\n' "${selected[*]}"
