#!/usr/bin/env bash
# The game server's load benchmark (a separate command, not part of the tests). Builds the release server
# and runs, each against a fresh store:
#   1. the project's own load generator (server/examples/load.rs, Rust: games kept in play by rematches
#      for SECONDS_PER_RUN seconds) on SQLite;
#   2. an independent generator (bench/server-load.mjs: Node and the `ws` package, nothing of the
#      project's client) playing GAMES whole games on SQLite;
#   3. the same generator against two server processes on one PostgreSQL, each game's two players on
#      different processes (a throwaway PostgreSQL from scripts/postgres.sh, or BATTLELINE_BENCH_POSTGRES
#      if set: a postgres:// URL of a database it may fill).
# Prints each figure and writes target/bench-server/result.json and result.md (with the machine's load
# average: clients and servers share its cores). Everything it started is stopped on exit.
#   bash scripts/bench-server.sh                         1,000 games, a move every 0.5–1.5 s
#   GAMES=2000 THINK_MS=1000 WAVE=200 bash scripts/bench-server.sh
#   ONLY="node postgres" bash scripts/bench-server.sh    skips the Rust generator (also: ONLY=rust …)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
games=${GAMES:-1000}
think=${THINK_MS:-1000}
wave=${WAVE:-100}
only=${ONLY:-rust node postgres}
out=target/bench-server
mkdir -p "$out"
# This run's files go; another run's stay (ONLY=postgres after ONLY=node: result.md has both).
rm -f "$out/result.json" "$out/result.md"
[[ " $only " == *" rust "* ]] && rm -f "$out/rust.txt"
[[ " $only " == *" node "* ]] && rm -f "$out/sqlite.json"
[[ " $only " == *" postgres "* ]] && rm -f "$out/postgres.json"

[ -d node_modules/ws ] || npm ci --no-audit --no-fund
cargo build --release -p battleline-server --bin battleline-server --example load
server=target/release/battleline-server

work=$(mktemp -d /tmp/bench-server.XXXXXX)
pids=()
postgres_dir=""
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -n "$postgres_dir" ] && bash scripts/postgres.sh stop "$postgres_dir" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# Per-address limits off: every client comes from loopback (the limits' subject is server/tests/abuse/).
limits=(--max-connections-per-address 100000 --create-burst 100000 --creates-per-minute 100000
  --global-creates-per-minute 100000 --rate-per-second 1000 --rate-burst 1000)

# Starts a server on database $1 (log in $work/$2.log); sets $started_pid and $started_url.
start_server() {
  "$server" --port 0 --db "$1" "${limits[@]}" >"$work/$2.out" 2>"$work/$2.log" &
  started_pid=$!
  pids+=("$started_pid")
  for _ in $(seq 100); do
    [ -s "$work/$2.out" ] && break
    sleep 0.1
  done
  local address
  address=$(head -1 "$work/$2.out")
  [ -n "$address" ] || { cat "$work/$2.log" >&2; echo "the server did not start" >&2; exit 1; }
  started_url="ws://${address#http://}"
  started_url="${started_url%/}/ws"
}

stop_servers() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}

echo "[bench-server] load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
if [[ " $only " == *" rust "* ]]; then
  echo "[bench-server] the project's own generator (Rust), $games games for ${SECONDS_PER_RUN:-30} s"
  target/release/examples/load --server "$server" --games "$games" --seconds "${SECONDS_PER_RUN:-30}" \
    --think-ms "$think" | tee "$out/rust.txt"
fi

if [[ " $only " == *" node "* ]]; then
  echo "[bench-server] the independent generator (Node), $games whole games, one process on SQLite"
  start_server "$work/sqlite.db" sqlite
  node bench/server-load.mjs --url "$started_url" --pid "$started_pid" --games "$games" --think-ms "$think" \
    --wave "$wave" --label "sqlite, 1 process" --json "$out/sqlite.json" || echo "[bench-server] some games failed"
  stop_servers
fi

if [[ " $only " == *" postgres "* ]]; then
  database=${BATTLELINE_BENCH_POSTGRES:-}
  if [ -z "$database" ]; then
    # A folder of its own (the cluster may run as the postgres user, who cannot enter $work).
    postgres_dir=$(mktemp -d /tmp/bench-server-pg.XXXXXX)
    exports=$(bash scripts/postgres.sh start "$postgres_dir")
    eval "$exports"
    database=$BATTLELINE_TEST_POSTGRES
  fi
  echo "[bench-server] the independent generator (Node), $games whole games, two processes on PostgreSQL"
  start_server "$database" pg-one
  one_pid=$started_pid one_url=$started_url
  start_server "$database" pg-two
  node bench/server-load.mjs --url "$one_url" --url "$started_url" --pid "$one_pid" --pid "$started_pid" \
    --games "$games" --think-ms "$think" --wave "$wave" --label "postgresql, 2 processes" \
    --json "$out/postgres.json" || echo "[bench-server] some games failed"
  stop_servers
fi
echo "[bench-server] load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# One file with every run, and a markdown table of it.
node --input-type=module - "$out" "$(cut -d' ' -f1-3 /proc/loadavg)" "$(nproc)" <<'EOF'
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
const [out, load, cores] = process.argv.slice(2);
const runs = ['sqlite', 'postgres'].filter((n) => existsSync(`${out}/${n}.json`)).map((n) => JSON.parse(readFileSync(`${out}/${n}.json`, 'utf8')));
const rust = existsSync(`${out}/rust.txt`) ? readFileSync(`${out}/rust.txt`, 'utf8').trim() : null;
const when = new Date().toISOString();
writeFileSync(`${out}/result.json`, JSON.stringify({ when, loadAverage: load, cores: Number(cores), runs, rust }, null, 2) + '\n');
const kib = (m) => m.map((x) => `${x.perGameAfterMatches} KiB (RSS ${(x.before / 1024).toFixed(1)} → ${(x.afterMatches / 1024).toFixed(1)} MiB)`).join('; ');
const lines = [
  `Game server benchmark, ${when}, ${cores} cores, load average at the end ${load} (clients and servers on the same machine).`,
  '',
  '| run | games finished / failed | actions/s | games/s | p50 / p95 / p99 / max (ms) | errors | memory a game after whole matches |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...runs.map((r) => `| ${r.label} | ${r.finished} / ${r.failed} | ${r.actionsPerSecond} | ${r.gamesPerSecond} | ${r.latencyMs.p50} / ${r.latencyMs.p95} / ${r.latencyMs.p99} / ${r.latencyMs.max} | ${JSON.stringify(r.errors)}, ${r.lostConnections} lost | ${kib(r.memoryKiB)} |`),
];
if (rust) lines.push('', `The project's own generator (server/examples/load.rs): ${rust}`);
writeFileSync(`${out}/result.md`, lines.join('\n') + '\n');
console.log(lines.join('\n'));
EOF
echo "[bench-server] wrote $out/result.json and $out/result.md"
