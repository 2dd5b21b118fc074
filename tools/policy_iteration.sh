#!/usr/bin/env bash
# One generation of expert iteration for the search's learned policy (src/bot/search/policy.rs):
# the search (guided by POLICY, if given) plays itself and records each searched decision's root visits
# (value_lab policy-data), a policy is trained on them (tools/train_policy.py: cross-entropy to the
# visit distribution, one game in ten held out, reported against the hand-made prior), and its search
# is measured by paired sequential duels against today's hard (the same search without a policy) and
# against the rule-based heuristic bot in the rules' other claim timing.
#
#   cargo build --release -p battleline-lab && python3 -m pip install -r tools/requirements.txt
#   bash tools/policy_iteration.sh OUT_DIR
#
# Sized by environment variables; the defaults are the lent 16-core machine's one call (about 5 min:
# docs/BOT_EXPERIMENTS.md); on the 2-core machine use THREADS=2 and ten times the seconds, under nice.
#   THREADS=$(nproc) GEN_SECONDS=110 GEN_PLAYOUTS=3000 EPOCHS=8 HIDDEN=32 WEIGHTS="0.5 2" DUEL_SECONDS=95
#   DUEL_PLAYOUTS=3000 POLICY= BIN=target/release/value_lab TRAIN=tools/train_policy.py PY=python3
# Writes to OUT_DIR: data.blq (the decisions), policy.bin (the weights), report.json, log.txt.
set -uo pipefail
out=${1:?usage: policy_iteration.sh OUT_DIR}
mkdir -p "$out"
THREADS=${THREADS:-$(nproc)}
GEN_SECONDS=${GEN_SECONDS:-110}
GEN_PLAYOUTS=${GEN_PLAYOUTS:-3000}
EPOCHS=${EPOCHS:-8}
HIDDEN=${HIDDEN:-32}
WEIGHTS=${WEIGHTS:-0.5 2}
DUEL_SECONDS=${DUEL_SECONDS:-95}
DUEL_PLAYOUTS=${DUEL_PLAYOUTS:-3000}
POLICY=${POLICY:-}
BIN=${BIN:-target/release/value_lab}
TRAIN=${TRAIN:-tools/train_policy.py}
PY=${PY:-python3}
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$out/log.txt"; }

log "self-play: search:$GEN_PLAYOUTS, policy ${POLICY:-none}, $THREADS threads, $GEN_SECONDS s"
"$BIN" policy-data --out "$out/data.blq" --threads "$THREADS" --seconds "$GEN_SECONDS" --playouts "$GEN_PLAYOUTS" \
  --seed 20000000 --games 1000000 ${POLICY:+--policy "$POLICY"} 2>&1 | tee -a "$out/log.txt"
log "training"
"$PY" "$TRAIN" --data "$out/data.blq" --out "$out/policy.bin" --report "$out/report.json" --epochs "$EPOCHS" \
  --hidden "$HIDDEN" 2>&1 | tail -25 | tee -a "$out/log.txt"
for w in $WEIGHTS; do
  log "its search (PUCT weight $w) against today's hard"
  "$BIN" duel --a embedded --b embedded --policy "$out/policy.bin@$w" --playouts "$DUEL_PLAYOUTS" --sprt 0.5,0.6 \
    --games 2000 --seed 50100000 --threads "$THREADS" --seconds "$DUEL_SECONDS" 2>&1 | tail -2 | tee -a "$out/log.txt"
done
for timing in afterPlay startOfTurn; do
  log "its search (PUCT weight ${WEIGHTS%% *}) against heuristic, $timing"
  "$BIN" duel --a embedded --b heuristic --policy "$out/policy.bin@${WEIGHTS%% *}" --playouts "$DUEL_PLAYOUTS" \
    --timing "$timing" --sprt 0.8,0.85 --games 2000 --seed 50200000 --threads "$THREADS" --seconds "$DUEL_SECONDS" \
    2>&1 | tail -2 | tee -a "$out/log.txt"
done
log "done"
