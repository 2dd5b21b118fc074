#!/usr/bin/env bash
# The computer's strength table: each level against `heuristic`, and each level against the one below it,
# in every claim timing (afterPlay, startOfTurn, endOfTurn), with tactics and without, by paired seeds
# (`battleline match --sprt`: pair j is dealt from seed S+j twice, A in seat 0 then in seat 1), plus three
# players (hard against two `heuristic`, a fixed number of games: the sequential test pairs two seats only).
#
#   bash scripts/strength-table.sh                       the full table (hours on 2 cores)
#   STRENGTH_GAMES=60 STRENGTH_3P_GAMES=30 bash scripts/strength-table.sh     a quick one (minutes)
#
# Not part of the test command: it measures, it does not check. Sized by environment variables:
#   STRENGTH_GAMES     the most games of a two-player cell (the sequential test may stop it sooner, from its
#                      30th pair on; below 60 every cell plays its cap, undecided); default 400
#   STRENGTH_3P_GAMES  games of the three-player cell (A in seat i mod 3; 0 leaves it out); default 150
#   STRENGTH_SEED      the first deal's seed, the same for every cell; default 9100000
#   STRENGTH_THREADS   games played at once in each match; default 1
#   STRENGTH_TIMINGS   the claim timings measured; default "afterPlay startOfTurn endOfTurn"
#   STRENGTH_TACTICS   "with", "without" or both (the default)
#   STRENGTH_ONLY      an extended regular expression: only the cells whose "A vs B" matches it
#   STRENGTH_OUT       the markdown table written; default target/strength-table.md (the matches' own
#                      output next to it, in target/strength-table/)
#   BATTLELINE         the battleline binary; default: built here (cargo build --release --bin battleline)
#
# Each pairing has its sequential test's hypotheses (H0 score S0 against H1 score S1), chosen from the
# targets the project keeps: hard ≥ 0.85 against `heuristic`, hard ≥ 0.60 against medium, medium ≥ 0.65
# against easy; easy and medium against `heuristic` ask whether they score more than even.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

games=${STRENGTH_GAMES:-400}
games3=${STRENGTH_3P_GAMES:-150}
seed=${STRENGTH_SEED:-9100000}
threads=${STRENGTH_THREADS:-1}
timings=${STRENGTH_TIMINGS:-afterPlay startOfTurn endOfTurn}
tactics_modes=${STRENGTH_TACTICS:-with without}
only=${STRENGTH_ONLY:-}
out=${STRENGTH_OUT:-target/strength-table.md}
logs="$(dirname "$out")/strength-table"

for number in "$games" "$games3" "$seed" "$threads"; do
  [[ "$number" =~ ^[0-9]+$ ]] || { echo "strength-table: not a whole number: $number" >&2; exit 2; }
done
[ "$games" -ge 2 ] || { echo "strength-table: STRENGTH_GAMES must be at least 2 (one pair)" >&2; exit 2; }
for timing in $timings; do
  case "$timing" in
    afterPlay | startOfTurn | endOfTurn) ;;
    *) echo "strength-table: unknown claim timing $timing (afterPlay, startOfTurn, endOfTurn)" >&2; exit 2 ;;
  esac
done
for mode in $tactics_modes; do
  case "$mode" in
    with | without) ;;
    *) echo "strength-table: STRENGTH_TACTICS takes with and/or without, not $mode" >&2; exit 2 ;;
  esac
done

if [ -z "${BATTLELINE:-}" ]; then
  cargo build --release --quiet --bin battleline
  BATTLELINE=target/release/battleline
fi
mkdir -p "$(dirname "$out")" "$logs"

# A, B, H0's score, H1's score.
pairings=(
  "search:easy heuristic 0.45 0.55"
  "search:medium heuristic 0.45 0.55"
  "search:hard heuristic 0.80 0.85"
  "search:hard search:medium 0.55 0.60"
  "search:medium search:easy 0.60 0.65"
)

selected() { [ -z "$only" ] || [[ "$1 vs $2" =~ $only ]]; }

# The figures of a match's output: score, its standard error, pairs, decision, games, seconds, A's time
# per move with a choice.
row() {
  local log="$1" timing="$2" mode="$3" a="$4" b="$5" score se pairs decision games seconds ms
  seconds=$(sed -n 's/^wall time \([0-9.]*\) s$/\1/p' "$log")
  ms=$(sed -n "s/^  A ([^)]*): .*; \([0-9.]*\) ms per move with a choice.*/\1/p" "$log")
  if grep -q '^sprt:' "$log"; then
    read -r pairs games score se < <(sed -n \
      's/^sprt: \([0-9]*\) pairs (\([0-9]*\) games); score \([0-9.]*\) ± \([0-9.]*\) .*/\1 \2 \3 \4/p' "$log")
    decision=$(sed -n 's/^sprt decision: //p' "$log")
  else
    read -r score se < <(sed -n 's/^A ([^)]*): .* score rate \([0-9.]*\) ± \([0-9.]*\) .*/\1 \2/p' "$log")
    local wins losses draws
    read -r wins losses draws < <(sed -n 's/^A ([^)]*): \([0-9]*\) wins, \([0-9]*\) losses, \([0-9]*\) draws.*/\1 \2 \3/p' "$log")
    games=$((wins + losses + draws))
    pairs="—"
    decision="fixed games; par 0.333"
  fi
  echo "| $timing | $mode | $a | $b | $score ± $se | $pairs | $decision | $games | $seconds | $ms |"
}

# Written row by row, so that a run stopped early keeps the cells it finished.
table="$out"
{
  echo "# Strength table"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo ' (with changes to src/)');"
  echo "\`STRENGTH_GAMES=$games STRENGTH_3P_GAMES=$games3 STRENGTH_SEED=$seed STRENGTH_THREADS=$threads" \
    "STRENGTH_TIMINGS=\"$timings\" STRENGTH_TACTICS=\"$tactics_modes\"${only:+ STRENGTH_ONLY=\"$only\"}" \
    "bash scripts/strength-table.sh\`."
  echo "Two players: \`battleline match --sprt S0,S1\` on paired seeds from seed $seed (score ± standard error over"
  echo "pairs; the test stops from its 30th pair on when a bound is crossed). Three players: hard against two"
  echo "\`heuristic\`, no tactics (R-3P), A in seat i mod 3, score ± standard error over games. Seconds are wall time;"
  echo "ms is A's time per move with a choice, natively."
  echo
  echo "| timing | tactics | A | B | score | pairs | decision | games | seconds | A ms/move |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} > "$table"

for timing in $timings; do
  for mode in $tactics_modes; do
    flag=()
    [ "$mode" = with ] || flag=(--no-tactics)
    for pairing in "${pairings[@]}"; do
      read -r a b s0 s1 <<< "$pairing"
      selected "$a" "$b" || continue
      log="$logs/$timing-$mode-${a#search:}-${b#search:}.txt"
      echo "strength-table: $a vs $b, $timing, $mode tactics (at most $games games)" >&2
      "$BATTLELINE" match --a "$a" --b "$b" --sprt "$s0,$s1" --games "$games" --seed "$seed" \
        --threads "$threads" --timing "$timing" "${flag[@]}" > "$log"
      row "$log" "$timing" "$mode" "$a" "$b" >> "$table"
    done
  done
done

# Three players are played without tactics (R-3P) and in the timings asked for.
if [ "$games3" -gt 0 ] && selected search:hard "heuristic (x2)"; then
  for timing in $timings; do
    log="$logs/$timing-3p-hard-heuristic.txt"
    echo "strength-table: search:hard vs two heuristic, three players, $timing ($games3 games)" >&2
    "$BATTLELINE" match --a search:hard --b heuristic --players 3 --games "$games3" --seed "$seed" \
      --threads "$threads" --timing "$timing" > "$log"
    row "$log" "$timing" "without (3 players)" search:hard "heuristic (x2)" >> "$table"
  done
fi

cat "$out"
echo "strength-table: written to $out" >&2
