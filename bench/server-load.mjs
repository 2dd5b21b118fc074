// An independent load generator for the game server (scripts/bench-server.sh runs it): plain Node and the
// `ws` package, speaking the documented protocol (docs/ONLINE.md) and nothing of the project's Rust client.
//
//   node bench/server-load.mjs --url ws://127.0.0.1:8080/ws [--url ws://…/ws] --games 1000
//        [--wave 100] [--wave-ms 1000] [--think-ms 500] [--pid PID]… [--json FILE] [--label TEXT]
//
// Each game is two connections: one creates a room (`create`), the other takes its free seat (`join`);
// with several --url the two players of a game are on different server processes (game g's creator on
// url g mod k, its joiner on the next). Each player plays a random action of the `legal` list its
// `state` carries whenever that list is not empty, after a think time drawn from [think/2, 3·think/2],
// until the match is over; then both close. Games start in waves of --wave every --wave-ms, so every game
// is in play at once once the waves are out. Measured: for each action, the time from sending it to the
// opponent's receiving the `state` with the new action count (p50/p95/p99/max), actions and games per
// second, every `error` frame by code and every connection lost, and each server process's resident
// memory (VmRSS of /proc/PID/status) before, at its peak, and once every match is over (after whole
// matches: every room played to its end, still loaded), per game.
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/** The command line's options. */
export function parseArgs(argv) {
  const o = { urls: [], games: 100, wave: 100, waveMs: 1000, thinkMs: 500, pids: [], json: null, label: '', gameTimeoutMs: 600_000 };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${name} needs a value`);
    const number = () => {
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0) throw new Error(`${name} ${value}: not a number`);
      return n;
    };
    switch (name) {
      case '--url': o.urls.push(value); break;
      case '--games': o.games = number(); break;
      case '--wave': o.wave = Math.max(1, number()); break;
      case '--wave-ms': o.waveMs = number(); break;
      case '--think-ms': o.thinkMs = number(); break;
      case '--pid': o.pids.push(number()); break;
      case '--json': o.json = value; break;
      case '--label': o.label = value; break;
      case '--game-timeout-ms': o.gameTimeoutMs = number(); break;
      default: throw new Error(`unknown option ${name}`);
    }
  }
  if (o.urls.length === 0) throw new Error('--url ws://HOST:PORT/ws is required');
  return o;
}

/** A process's resident memory in KiB (0 when it cannot be read). */
export function rssKiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/[^0-9]/g, '')) : 0;
  } catch {
    return 0;
  }
}

/** The value below which a share `p` of the sorted list lies. */
export function quantile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every game adds to. */
function newTally() {
  return { latencies: [], actions: 0, errors: {}, lost: 0, finished: 0, failed: 0, failures: [] };
}

function countError(tally, code) {
  tally.errors[code] = (tally.errors[code] ?? 0) + 1;
}

/**
 * Plays one whole game between two connections (creator on `urls[0]`, joiner on `urls[1]`); resolves
 * when both have seen the match over (or the game failed: counted, with why).
 */
function playGame(urls, thinkMs, tally, timeoutMs, rand) {
  return new Promise((resolve) => {
    // The action in flight: the action count it makes, when it was sent and by which seat.
    let pending = null;
    let done = false;
    const sockets = [];
    const over = [false, false];
    const finish = (error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (error) {
        tally.failed++;
        if (tally.failures.length < 10) tally.failures.push(error);
      } else {
        tally.finished++;
      }
      for (const s of sockets) s.close();
      resolve();
    };
    const timer = setTimeout(() => finish(`a game took over ${timeoutMs} ms`), timeoutMs);

    const player = (index, url, first) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      sockets.push(socket);
      let seat = null;
      let actedAt = -1; // the action count this player last acted at
      socket.on('open', () => socket.send(JSON.stringify(first())));
      socket.on('error', (e) => finish(`player ${index}: ${e.message}`));
      socket.on('close', () => {
        if (!done) {
          tally.lost++;
          finish(`player ${index}'s connection closed during the game`);
        }
      });
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString());
        if (message.type === 'welcome') {
          seat = message.seat;
          if (index === 0) player(1, urls[1], () => ({ type: 'join', room: message.room }));
        } else if (message.type === 'error') {
          countError(tally, message.code);
        } else if (message.type === 'state') {
          const n = message.n;
          if (pending && pending.seat !== seat && n >= pending.n) {
            tally.latencies.push(performance.now() - pending.at);
            pending = null;
          }
          if (message.room.status === 'over') {
            over[index] = true;
            if (over[0] && over[1]) finish(null);
            return;
          }
          if (message.room.status !== 'playing' || message.legal.length === 0 || actedAt === n) return;
          actedAt = n;
          const think = thinkMs / 2 + rand() * thinkMs;
          setTimeout(() => {
            if (done) return;
            const action = message.legal[Math.floor(rand() * message.legal.length)];
            pending = { n: n + 1, at: performance.now(), seat };
            socket.send(JSON.stringify({ type: 'act', id: `${n}-${seat}`, action, n }));
            tally.actions++;
          }, think);
        }
      });
    };
    player(0, urls[0], () => ({ type: 'create', options: {} }));
  });
}

/** A small seeded generator (xorshift32), so that a run's choices can be repeated. */
function generator(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

/** Runs the benchmark; the result as an object. */
export async function run(o) {
  const tally = newTally();
  const memory = () => o.pids.map(rssKiB);
  const before = memory();
  let peak = before.slice();
  const sampler = setInterval(() => {
    peak = memory().map((kb, i) => Math.max(kb, peak[i]));
  }, 500);
  const started = performance.now();
  // A line every 15 s on stderr, to follow a long run.
  const progress = setInterval(() => {
    const s = Math.round((performance.now() - started) / 1000);
    console.error(`[server-load] ${s} s: ${tally.finished} finished, ${tally.failed} failed, ${tally.actions} actions`);
  }, 15_000);
  const games = [];
  for (let g = 0; g < o.games; g++) {
    if (g > 0 && g % o.wave === 0) await sleep(o.waveMs);
    const urls = [o.urls[g % o.urls.length], o.urls[(g + 1) % o.urls.length]];
    games.push(playGame(urls, o.thinkMs, tally, o.gameTimeoutMs, generator(g + 1)));
  }
  await Promise.all(games);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(progress);
  // Every match is over and its connections closed; the rooms stay loaded (until idle-unload).
  await sleep(2000);
  const after = memory();
  peak = peak.map((kb, i) => Math.max(kb, after[i]));
  const sorted = tally.latencies.slice().sort((a, b) => a - b);
  const ms = (v) => (v == null ? null : Math.round(v * 100) / 100);
  const perGame = (kb, i) => Math.round(((kb - before[i]) / o.games) * 10) / 10;
  return {
    label: o.label,
    games: o.games,
    processes: o.urls.length,
    thinkMs: o.thinkMs,
    wave: o.wave,
    waveMs: o.waveMs,
    finished: tally.finished,
    failed: tally.failed,
    failures: tally.failures,
    lostConnections: tally.lost,
    errors: tally.errors,
    actions: tally.actions,
    seconds: Math.round(seconds * 10) / 10,
    gamesPerSecond: Math.round((tally.finished / seconds) * 100) / 100,
    actionsPerSecond: Math.round(tally.actions / seconds),
    latencyMs: {
      samples: sorted.length,
      p50: ms(quantile(sorted, 0.5)),
      p95: ms(quantile(sorted, 0.95)),
      p99: ms(quantile(sorted, 0.99)),
      max: ms(sorted[sorted.length - 1]),
    },
    memoryKiB: o.pids.map((pid, i) => ({
      pid,
      before: before[i],
      peak: peak[i],
      afterMatches: after[i],
      perGameAfterMatches: perGame(after[i], i),
      perGameAtPeak: perGame(peak[i], i),
    })),
  };
}

/** The result in one line per figure. */
export function describe(r) {
  const l = r.latencyMs;
  const lines = [
    `${r.label ? `[${r.label}] ` : ''}${r.games} games on ${r.processes} process(es): ${r.finished} finished, ${r.failed} failed, ${r.lostConnections} connections lost, errors ${JSON.stringify(r.errors)}`,
    `  ${r.actions} actions in ${r.seconds} s: ${r.actionsPerSecond} actions/s, ${r.gamesPerSecond} games/s`,
    `  action to the opponent's view (ms, n=${l.samples}): p50 ${l.p50}, p95 ${l.p95}, p99 ${l.p99}, max ${l.max}`,
  ];
  for (const m of r.memoryKiB) {
    lines.push(
      `  server pid ${m.pid} RSS: before ${(m.before / 1024).toFixed(1)} MiB, peak ${(m.peak / 1024).toFixed(1)} MiB, after every match ${(m.afterMatches / 1024).toFixed(1)} MiB: ${m.perGameAfterMatches} KiB a game after whole matches (${m.perGameAtPeak} at the peak)`,
    );
  }
  for (const f of r.failures) lines.push(`  failure: ${f}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const o = parseArgs(process.argv.slice(2));
  const result = await run(o);
  console.log(describe(result));
  if (o.json) writeFileSync(o.json, JSON.stringify(result, null, 2) + '\n');
  process.exit(result.failed === 0 ? 0 : 1);
}
