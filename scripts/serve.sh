#!/usr/bin/env bash
# The README's main command: install what is missing, build the wasm package, the page and the game
# server, and serve the page and the server on one port: http://127.0.0.1:8080/ (PORT=… to change it;
# BATTLELINE_DB=… for the SQLite file, default battleline.db here, or a postgres:// URL). The page plays
# offline as before; with the server behind it, the start dialog offers "Play a friend online".
# `target/release/battleline-server --help` lists the server's options (limits, ports, database).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/setup.sh
bash scripts/build-www.sh
echo "[serve] building the game server (the first time: a few minutes)"
cargo build --release --quiet -p battleline-server
exec target/release/battleline-server --static-dir www/dist --port "${PORT:-8080}" --db "${BATTLELINE_DB:-battleline.db}"
