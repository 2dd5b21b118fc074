#!/usr/bin/env bash
# Benchmarks the engine of the current tree against an older commit, side by side, so that a regression
# shows as a ratio:
#
#   bash scripts/bench-against.sh COMMIT [--rounds N] [--games N] [--callgrind]
#
# The workload is the one `battleline bench` times: random games (random legal actions, claiming whenever
# provable, battleline::random_play::play_random_games), with and without tactics, seeds 0..N. Both trees
# are built the same way (a small harness crate under target/bench-against/ that depends on each tree's
# library, release profile with LTO); the old one from a git worktree of COMMIT.
#
# Timing: rounds interleaved (old, new, then new, old, ...), each run's CPU time (user + system) rather
# than its wall time, so other jobs on a shared machine slow both sides alike and do not count; the
# median of the rounds per side, and the ratio current / old (above 1: the current tree is faster).
# --callgrind also counts instructions per game with valgrind's callgrind (slower, but the same figure
# on every run whatever else the machine does).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

usage() { echo "usage: bash scripts/bench-against.sh COMMIT [--rounds N] [--games N] [--callgrind]" >&2; exit 2; }
[ $# -ge 1 ] || usage
commit="$1"
shift
rounds=3
games=100000
callgrind=0
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --callgrind) callgrind=1; shift ;;
    *) usage ;;
  esac
done
sha=$(git rev-parse --verify "$commit^{commit}")
short=${sha:0:10}
root=$(pwd)
work="$root/target/bench-against"
old_tree="$work/tree-$short"
mkdir -p "$work"

if [ ! -d "$old_tree" ]; then
  git worktree add --detach --quiet "$old_tree" "$sha"
fi

# A harness crate per tree, its own workspace (so neither tree's workspace claims it), the engine's
# release profile.
harness() {
  local name="$1" engine="$2" dir="$work/harness-$1"
  mkdir -p "$dir/src"
  cat > "$dir/Cargo.toml" <<EOF
[package]
name = "bench-$name"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
battleline = { path = "$engine" }

[profile.release]
opt-level = 3
lto = true
codegen-units = 1
EOF
  cat > "$dir/src/main.rs" <<'EOF'
// Plays N random games (seeds 0..N) with or without tactics: `bench-* GAMES tactics|basic`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args[1].parse().expect("a number of games");
    let options = battleline::Options { tactics: args[2] == "tactics", ..battleline::Options::default() };
    // The result is a count or a Result of one, depending on the tree: either way, it must be computed.
    let _ = std::hint::black_box(battleline::random_play::play_random_games(options, games, 0));
}
EOF
  [ -f "$dir/Cargo.lock" ] || cp "$root/Cargo.lock" "$dir/Cargo.lock"
  (cd "$dir" && cargo build --quiet --release)
  echo "$dir/target/release/bench-$name"
}

echo "[bench-against] building the current tree and $short ..." >&2
new_bin=$(harness current "$root")
old_bin=$(harness "$short" "$old_tree")

# CPU seconds (user + system) of one run.
cpu_seconds() {
  local out
  out=$( { /usr/bin/time -f '%U %S' "$@" > /dev/null; } 2>&1 | tail -1)
  awk '{ printf "%.3f", $1 + $2 }' <<< "$out"
}

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

printf 'random games per CPU-second, %s games a run, %s interleaved rounds (load average %s)\n' \
  "$games" "$rounds" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '  %-8s %-10s %s\n' variant tree "per round"
for variant in tactics basic; do
  old_rates=()
  new_rates=()
  for ((r = 1; r <= rounds; r++)); do
    if ((r % 2)); then order="old new"; else order="new old"; fi
    for side in $order; do
      bin=$old_bin
      [ "$side" = new ] && bin=$new_bin
      seconds=$(cpu_seconds "$bin" "$games" "$variant")
      rate=$(awk -v g="$games" -v s="$seconds" 'BEGIN { printf "%.0f", g / s }')
      if [ "$side" = new ]; then new_rates+=("$rate"); else old_rates+=("$rate"); fi
    done
  done
  old_median=$(printf '%s\n' "${old_rates[@]}" | median)
  new_median=$(printf '%s\n' "${new_rates[@]}" | median)
  printf '  %-8s %-10s %s  median %s\n' "$variant" "$short" "${old_rates[*]}" "$old_median"
  printf '  %-8s %-10s %s  median %s\n' "$variant" current "${new_rates[*]}" "$new_median"
  awk -v n="$new_median" -v o="$old_median" -v v="$variant" \
    'BEGIN { printf "  %-8s ratio current / %s: %.3f\n", v, "old", n / o }'
done

if ((callgrind)); then
  cg_games=$((games / 10 > 0 ? games / 10 : 1))
  printf 'instructions per game (callgrind, %s games a run)\n' "$cg_games"
  for variant in tactics basic; do
    declare -A per_game=()
    for side in old new; do
      bin=$old_bin
      [ "$side" = new ] && bin=$new_bin
      total=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$cg_games" "$variant" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
      per_game[$side]=$((total / cg_games))
    done
    awk -v v="$variant" -v o="${per_game[old]}" -v n="${per_game[new]}" -v s="$short" \
      'BEGIN { printf "  %-8s %s %d, current %d: ratio old / current %.3f\n", v, s, o, n, o / n }'
  done
fi
