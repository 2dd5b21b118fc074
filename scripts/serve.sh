#!/usr/bin/env bash
# The README's main command: install what is missing, build the wasm package and the page, and serve it
# on http://127.0.0.1:8080/ (PORT=… to change the port).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-www.sh
exec node scripts/serve.mjs
