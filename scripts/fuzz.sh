#!/usr/bin/env bash
# The longer fuzzing run (not part of scripts/test.sh, which replays the committed corpora through
# `cargo test --test rules fuzz_corpus::`). Runs every cargo-fuzz target of fuzz/ in turn, one at a time and
# niced, for SECONDS each (default 60), starting from the committed seed corpus and regression cases;
# new inputs go to a scratch corpus (fuzz/corpus-run/TARGET, not committed), crashes to
# fuzz/artifacts/TARGET. Prints libFuzzer's final statistics per target (executions, coverage).
#
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Needs cargo-fuzz (installed here if missing) and uses the stable toolchain with RUSTC_BOOTSTRAP=1.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(actions records setups proofs bots)
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "installing cargo-fuzz"
  cargo install cargo-fuzz
fi

status=0
for target in "${targets[@]}"; do
  scratch="fuzz/corpus-run/$target"
  mkdir -p "$scratch" "fuzz/regressions/$target"
  echo "=== fuzz target $target for ${seconds}s ==="
  # -s none: no sanitizer (the engine has no unsafe code; libFuzzer still catches panics, hangs, leaks
  # and out-of-memory). -rss_limit_mb and -timeout make unbounded memory or time a crash too.
  if ! (RUSTC_BOOTSTRAP=1 nice cargo fuzz run -s none "$target" \
      "$scratch" "fuzz/corpus/$target" "fuzz/regressions/$target" -- \
      -max_total_time="$seconds" -rss_limit_mb=1024 -timeout=10 -print_final_stats=1 2>&1 |
      grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::|==[0-9]+==|thread .* panicked|SUMMARY|artifact_prefix|Test unit written)' ); then
    echo "fuzz target $target FAILED (see fuzz/artifacts/$target)"
    status=1
  fi
done
exit $status
