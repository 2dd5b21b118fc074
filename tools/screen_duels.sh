#!/usr/bin/env bash
# Runs a list of matches side by side on one machine until a deadline: the screens of
# docs/BOT_EXPERIMENTS.md that were run on the lent 16-core machine in one call.
#
#   bash tools/screen_duels.sh JOBS_FILE LOG_DIR [SECONDS] [CORES]
#
# JOBS_FILE: one job a line, `THREADS|NAME|COMMAND` (blank lines and `#` lines skipped). In COMMAND,
# {T} becomes THREADS and {S} the seconds left before the deadline, less 10, when the job starts (for
# `value_lab duel --seconds`; a command without a time limit of its own is stopped by `timeout` at the
# deadline, so give it `--verbose` to keep its finished games). Jobs start in order whenever enough of
# the CORES (default: nproc) are free; each writes LOG_DIR/NAME.log. At the end the last line of every
# log is printed, as the summary. SECONDS (default 520) is the whole run's budget.
set -uo pipefail
jobs_file=${1:?usage: screen_duels.sh JOBS_FILE LOG_DIR [SECONDS] [CORES]}
logs=${2:?usage: screen_duels.sh JOBS_FILE LOG_DIR [SECONDS] [CORES]}
budget=${3:-520}
cores=${4:-$(nproc)}
mkdir -p "$logs"
start=$(date +%s)
deadline=$((start + budget))
declare -A threads_of=()
free=$cores
while IFS='|' read -r threads name command; do
  [[ -z "${threads// }" || "$threads" == \#* ]] && continue
  while (( free < threads )); do
    wait -n -p done_pid || true
    free=$((free + ${threads_of[$done_pid]:-0}))
    unset "threads_of[$done_pid]"
  done
  left=$((deadline - $(date +%s) - 10))
  if (( left < 30 )); then echo "[screen] no time left for $name" | tee -a "$logs/schedule.txt"; continue; fi
  command=${command//\{T\}/$threads}
  command=${command//\{S\}/$left}
  echo "[screen] $(( $(date +%s) - start ))s: $name ($threads threads, $left s): $command" | tee -a "$logs/schedule.txt"
  timeout "$((left + 15))" bash -c "$command" > "$logs/$name.log" 2>&1 &
  threads_of[$!]=$threads
  free=$((free - threads))
done < "$jobs_file"
wait
echo "[screen] all done after $(( $(date +%s) - start )) s" | tee -a "$logs/schedule.txt"
for f in "$logs"/*.log; do echo "== $(basename "$f" .log): $(tail -n 1 "$f")"; done | tee "$logs/summary.txt"
