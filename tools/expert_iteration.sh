#!/usr/bin/env bash
# Expert iteration for the search's learned value model (src/bot/value/model.rs):
#   generation g: the champion's search plays itself (value_lab generate), a model is trained on all the
#   data so far starting from the champion's weights (tools/train_value.py), and the new model becomes
#   champion only if its search beats the champion's by the sequential test on paired seeds
#   (value_lab duel, H1 of 0.55 against 0.50), tried at each leaf scale of SCALES in turn (the factor on
#   the model's logit at the search's leaves, ValueLeaf::with_model). The first champion is the
#   hand-made evaluation, and the first model starts from a network that computes it.
#
#   cargo build --release -p battleline-lab && python3 -m pip install -r tools/requirements.txt
#   bash tools/expert_iteration.sh OUT_DIR
#
# Everything is sized by environment variables; the defaults fit the 2-core machine in about an hour
# (run it under nice in the background). On a bigger machine raise THREADS and the seconds; the GPU,
# where there is one, trains (PyTorch picks it), and nothing else needs it.
#   THREADS=2 GENERATIONS=2 GEN_SECONDS=1200 GEN_PLAYOUTS=400 EPOCHS=8 DUEL_PLAYOUTS=1500 DUEL_SECONDS=600
#   DUEL_GAMES=2000 SCALES=1 BIN=target/release/value_lab TRAIN=tools/train_value.py PY=python3 WORK=/tmp/value-iteration
#   GEN_TIMINGS=afterPlay (claim timings the games rotate through, e.g. afterPlay,startOfTurn,endOfTurn)
#   GEN_OPPONENT=self (or heuristic: the champion's search against the rule-based bot)
# Writes to OUT_DIR: gen<g>.bin (each candidate's weights), gen<g>.json (its training report), log.txt,
# champion.bin (the last champion, if any model won).
set -euo pipefail
out=${1:?usage: expert_iteration.sh OUT_DIR}
mkdir -p "$out"
THREADS=${THREADS:-2}
GENERATIONS=${GENERATIONS:-2}
GEN_SECONDS=${GEN_SECONDS:-1200}
GEN_GAMES=${GEN_GAMES:-1000000}
GEN_PLAYOUTS=${GEN_PLAYOUTS:-400}
GEN_TIMINGS=${GEN_TIMINGS:-afterPlay}
GEN_OPPONENT=${GEN_OPPONENT:-self}
EPOCHS=${EPOCHS:-8}
DUEL_PLAYOUTS=${DUEL_PLAYOUTS:-1500}
DUEL_SECONDS=${DUEL_SECONDS:-600}
DUEL_GAMES=${DUEL_GAMES:-2000}
SCALES=${SCALES:-1}
BIN=${BIN:-target/release/value_lab}
TRAIN=${TRAIN:-tools/train_value.py}
PY=${PY:-python3}
WORK=${WORK:-/tmp/value-iteration}
mkdir -p "$WORK"
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$out/log.txt"; }

champion=handmade
data=""
log "expert iteration: THREADS=$THREADS GENERATIONS=$GENERATIONS GEN_SECONDS=$GEN_SECONDS GEN_PLAYOUTS=$GEN_PLAYOUTS GEN_TIMINGS=$GEN_TIMINGS GEN_OPPONENT=$GEN_OPPONENT EPOCHS=$EPOCHS DUEL_PLAYOUTS=$DUEL_PLAYOUTS DUEL_SECONDS=$DUEL_SECONDS"
for g in $(seq 1 "$GENERATIONS"); do
  # Each generation's games are dealt from their own seeds (calibration uses seeds from 90,000,000).
  seed=$((10000000 * g))
  log "generation $g: self-play of the search with $champion"
  "$BIN" generate --model "$champion" --out "$WORK/gen$g.bld" --seed "$seed" --games "$GEN_GAMES" \
    --seconds "$GEN_SECONDS" --playouts "$GEN_PLAYOUTS" --threads "$THREADS" --timings "$GEN_TIMINGS" \
    --opponent "$GEN_OPPONENT" 2>&1 | tee -a "$out/log.txt"
  data="${data:+$data,}$WORK/gen$g.bld"
  log "generation $g: training on $data"
  "$PY" "$TRAIN" --data "$data" --out "$out/gen$g.bin" --epochs "$EPOCHS" --report "$out/gen$g.json" \
    --init "${champion%@*}" 2>&1 | tee -a "$out/log.txt"
  kept=""
  for scale in $SCALES; do
    log "generation $g at leaf scale $scale: its search against the champion's ($champion)"
    "$BIN" duel --a "$out/gen$g.bin@$scale" --b "$champion" --playouts "$DUEL_PLAYOUTS" --sprt 0.5,0.55 \
      --games "$DUEL_GAMES" --seed $((50000000 + 100000 * g)) --threads "$THREADS" --seconds "$DUEL_SECONDS" \
      | tee "$WORK/duel.txt" | tee -a "$out/log.txt"
    if grep -q "H1 accepted" "$WORK/duel.txt"; then
      kept="$out/gen$g.bin@$scale"
      break
    fi
  done
  if [ -n "$kept" ]; then
    champion=$kept
    cp "${champion%@*}" "$out/champion.bin"
    log "generation $g kept: the champion is now $champion"
  else
    log "generation $g not kept: the champion stays $champion"
  fi
done
log "done: champion $champion"
