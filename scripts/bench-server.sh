#!/usr/bin/env bash
# The game server's load benchmark (a separate command, not part of the tests): for each number of
# concurrent games, the server on a fresh SQLite file and two bot clients per game over loopback (random
# legal moves after a think time of about THINK_MS, rematches so that every game stays in play); prints
# actions per second, the p50/p99/max time from an action sent to the opponent's view of it received,
# and the server's memory. Clients and server share this machine's cores.
#   bash scripts/bench-server.sh                     100, 300 and 1000 games, 30 s each
#   GAMES="1000 2000" SECONDS_PER_RUN=60 THINK_MS=1000 bash scripts/bench-server.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
cargo build --release -p battleline-server --bin battleline-server --example load
for games in ${GAMES:-100 300 1000}; do
  target/release/examples/load --server target/release/battleline-server --games "$games" \
    --seconds "${SECONDS_PER_RUN:-30}" --think-ms "${THINK_MS:-1000}"
done
