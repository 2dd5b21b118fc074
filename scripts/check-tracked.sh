#!/usr/bin/env bash
# The repository holds sources only. Fails when a tracked file is over 1 MB or lies under a build folder
# (target*/, dist*/, node_modules/, pkg/): a build output or data set committed by accident stays in the
# history for good, so the test command refuses it before it lands.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=$((1024 * 1024))
bad=0
while IFS= read -r -d '' path; do
  if [[ "$path" =~ (^|/)(target[^/]*|dist[^/]*|node_modules|pkg)/ ]]; then
    echo "tracked file under a build folder: $path" >&2
    bad=1
  elif [ -f "$path" ] && [ "$(stat -c %s "$path")" -gt "$limit" ]; then
    echo "tracked file over 1 MB: $path ($(stat -c %s "$path") bytes)" >&2
    bad=1
  fi
done < <(git ls-files -z)
if [ "$bad" -ne 0 ]; then
  echo "check-tracked: build output or large data is tracked; remove it from git and ignore it" >&2
  exit 1
fi
echo "check-tracked: $(git ls-files | wc -l) tracked files, none over 1 MB, none under a build folder"
