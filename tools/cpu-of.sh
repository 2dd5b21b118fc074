#!/usr/bin/env bash
# The CPU-seconds a command and everything it starts (Chromium's processes included) use, from a cgroup v1
# cpuacct group of its own (needs root and /sys/fs/cgroup/cpuacct). How tests/README.md's per-part
# figures were measured, e.g. one end-to-end file:
#   bash tools/cpu-of.sh e2e-whole node --test tests/e2e/whole-games.test.mjs
# Prints "cpu S s, wall W s, rc R" on standard error; exits with the command's status.
set -uo pipefail
group=/sys/fs/cgroup/cpuacct/$1
shift
mkdir -p "$group" || exit 2
echo 0 >"$group/cpuacct.usage"
start=$(date +%s.%N)
bash -c 'echo $$ > "$0/cgroup.procs"; exec "$@"' "$group" "$@"
rc=$?
end=$(date +%s.%N)
awk -v u="$(cat "$group/cpuacct.usage")" -v s="$start" -v e="$end" -v rc="$rc" \
  'BEGIN { printf "cpu %.1f s, wall %.1f s, rc %d\n", u / 1e9, e - s, rc > "/dev/stderr" }'
exit "$rc"
