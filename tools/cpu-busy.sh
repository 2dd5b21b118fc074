#!/usr/bin/env bash
# Samples how busy the machine's cores are, every 2 s, from /proc/stat: one line "epoch percent" a
# sample (percent of all cores). How tests/README.md's full runs were watched:
#   bash tools/cpu-busy.sh > /tmp/cpu.log & (cd /tmp/x && CI=true bash .ci/run); kill %1
#   awk '{s+=$2; n++} END {print s/n "% busy"}' /tmp/cpu.log
set -euo pipefail
read -r -a prev < <(head -1 /proc/stat)
while sleep 2; do
  read -r -a cur < <(head -1 /proc/stat)
  total=0
  for i in 1 2 3 4 5 6 7 8; do total=$((total + cur[i] - prev[i])); done
  idle=$(((cur[4] - prev[4]) + (cur[5] - prev[5])))
  echo "$(date +%s) $(((total - idle) * 100 / (total > 0 ? total : 1)))"
  prev=("${cur[@]}")
done
