// Tests the npm package as its users get it: packs pkg/ (`npm pack`), checks the tarball (npm publish
// --dry-run, publint, @arethetypeswrong/cli), then installs it into a copy of every example project of
// examples/npm/ and plays each one's seeded game to its end: in Node (ES modules, CommonJS, two
// TypeScript configurations) and in Chromium (Vite dev server and build, webpack, esbuild, Rollup, a plain
// page), failing on any console error. Every example must end in the position the engine reaches in
// this process with the same moves. Also measures cold load to ready and long tasks while the computer
// thinks at hard (the Vite build), written to test-results/npm-examples.json. The element sites are
// installed and built in the background while the examples before them play; the measurements wait for
// those builds (the long-task one comes before them, the sites' five cold loads after them).
//
//   node scripts/test-npm-examples.mjs            everything (after scripts/build-pkg.sh)
//   node scripts/test-npm-examples.mjs vite node-esm   only these examples (and no tarball checks)
//   node scripts/test-npm-examples.mjs --tools-only    only install the tools (scripts/build-docs.sh)
//   node scripts/test-npm-examples.mjs bytes           only the bytes before the first move (element-vite)
//   node scripts/test-npm-examples.mjs long-tasks      only the long tasks at hard (the Vite build)
//   EXAMPLES_LONG_TASKS_LATER=1 node scripts/test-npm-examples.mjs   everything but the long tasks: the
//       test command's two lanes measure them at the end, alone, as a build beside them would add its own
//   BATTLELINE_PKG=DIR node scripts/test-npm-examples.mjs bytes   the same for another tree's built package
//
// The bundlers are installed once (examples/npm/package.json, exact versions and lock file) into
// target/npm-examples/node_modules; each example gets only the tarball in its own node_modules and
// finds the tools in the parent folder, as Node resolution does.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { playToEnd } from '../tests/e2e/element-driver.mjs';

const root = new URL('..', import.meta.url).pathname;
const examples = join(root, 'examples', 'npm');
// Next.js would report each build to its makers (examples/npm/element-next): not from a test.
process.env.NEXT_TELEMETRY_DISABLED = '1';
// The Angular CLI would ask whether to share usage data (examples/npm/element-angular): never from a test.
process.env.NG_CLI_ANALYTICS = 'false';
const work = join(root, 'target', 'npm-examples');
const tools = join(work, 'node_modules');
const only = process.argv.slice(2);
const SEED = 2024;
const report = { examples: {} };
const started = performance.now();
const log = (text) => console.log(`[npm-examples ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);

function run(command, args, cwd, options = {}) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000, ...options });
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${error.stdout ?? ''}\n${error.stderr ?? error.message}`);
  }
}
const bin = (name) => join(tools, '.bin', name);

/** `run` without blocking: the builds that go on in the background while earlier examples play. */
const children = new Set();
function runInBackground(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { cwd, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      children.delete(child);
      if (error) reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${stdout ?? ''}\n${stderr ?? error.message}`));
      else resolve(`${stdout}\n${stderr}`);
    });
    children.add(child);
  });
}

// The tools, once (again only when examples/npm/package-lock.json changes).
mkdirSync(work, { recursive: true });
const lock = readFileSync(join(examples, 'package-lock.json'));
const lockHash = createHash('sha256').update(lock).digest('hex');
if (!existsSync(join(work, '.lock-hash')) || readFileSync(join(work, '.lock-hash'), 'utf8') !== lockHash || !existsSync(tools)) {
  log('installing the bundlers and checkers (examples/npm/package.json)');
  cpSync(join(examples, 'package.json'), join(work, 'package.json'));
  cpSync(join(examples, 'package-lock.json'), join(work, 'package-lock.json'));
  // npm install, not npm ci: the lock file lacks optional packages of other platforms (Rollup's) that
  // the registry here does not serve, and npm ci refuses such a lock.
  run('npm', ['install', '--no-audit', '--no-fund'], work);
  writeFileSync(join(work, '.lock-hash'), lockHash);
}
if (only.includes('--tools-only')) process.exit(0);

// The tarball, exactly what `npm publish` would upload: of pkg/, or of another tree's built package
// (BATTLELINE_PKG=DIR, to measure an earlier version with the same harness: `bytes` below).
const pkgDir = process.env.BATTLELINE_PKG ?? join(root, 'pkg');
if (!existsSync(join(pkgDir, 'package.json'))) throw new Error(`${pkgDir} is missing: run scripts/build-pkg.sh`);
for (const old of readdirSync(work).filter((f) => f.endsWith('.tgz'))) rmSync(join(work, old));
const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], pkgDir))[0];
const tarball = join(work, packed.filename);
report.tarball = { file: packed.filename, bytes: packed.size, unpackedBytes: packed.unpackedSize, files: packed.files.length };
log(`packed ${packed.filename}: ${(packed.size / 1024).toFixed(0)} KiB, ${packed.files.length} files`);

if (only.length === 0) {
  const names = packed.files.map((f) => f.path);
  for (const needed of ['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json', 'index.js', 'index.cjs', 'computer.js', 'rules/battleline_bg.wasm', 'full/battleline_bg.wasm']) {
    if (!names.includes(needed)) throw new Error(`the tarball lacks ${needed}`);
  }
  log('npm publish --dry-run');
  // A pre-release (0.2.0-beta.N while the computer is tuned) is published under the `next` tag, never as
  // `latest` (npm refuses a pre-release without a tag).
  const prerelease = JSON.parse(readFileSync(join(root, 'pkg', 'package.json'), 'utf8')).version.includes('-');
  run('npm', ['publish', '--dry-run', '--ignore-scripts', ...(prerelease ? ['--tag', 'next'] : [])], join(root, 'pkg'));
  log('publint --strict');
  const lint = run(bin('publint'), ['run', '--strict', join(root, 'pkg')], work);
  if (!/All good/i.test(lint)) throw new Error(`publint:\n${lint}`);
  log('attw (are the types wrong), every entry point in every module resolution');
  // The .wasm exports are files for a server, not modules: there is nothing for TypeScript to resolve.
  run(bin('attw'), [tarball, '--format', 'ascii', '--exclude-entrypoints', './rules.wasm', './full.wasm', './computer.worker.js', './element', './element/react', './element/wasm-file'], work);
  // The element is for browsers only (custom elements, workers): an ES module with no CommonJS copy, which
  // attw would report for require() from Node. Every other rule still holds for it.
  run(bin('attw'), [tarball, '--format', 'ascii', '--entrypoints', './element', './element/react', './element/wasm-file', '--ignore-rules', 'cjs-resolves-to-esm'], work);
}

// Every example: a fresh copy with nothing but the tarball installed.
const INSTALL = ['install', '--no-audit', '--no-fund', '--no-package-lock', '--offline'];
function copyExample(name, { as = name, edit = () => undefined } = {}) {
  const dir = join(work, 'run', as);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(examples, name), dir, { recursive: true, filter: (src) => !/node_modules|dist/.test(src.slice(examples.length)) });
  edit(dir);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  delete manifest.devDependencies; // the tools come from target/npm-examples/node_modules
  manifest.dependencies = { 'battleline-engine': `file:${tarball}` };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  return dir;
}
function prepare(name) {
  const dir = copyExample(name);
  run('npm', INSTALL, dir);
  return dir;
}

/**
 * The element sites' installs and builds (`next build` above all) run one after another in the background
 * while the examples before them play in Chromium, which mostly waits on the pages: the stage's wall time
 * shrinks by about the builds' time, and every site is still installed fresh and built as before. Started
 * after the long-task measurement at hard, which must not share the CPU with a build.
 */
let backgroundQueue = Promise.resolve();
const builtAhead = new Map();
function buildInBackground(name, builds, copy = {}) {
  if (!want(name) || builtAhead.has(name)) return;
  const built = backgroundQueue.then(async () => {
    const t0 = performance.now();
    const dir = copyExample(name, copy);
    await runInBackground('npm', INSTALL, dir);
    for (const build of builds) {
      // A build is a command, or { command, check } where check(output) throws on what the build printed.
      const { command, check } = Array.isArray(build) ? { command: build } : build;
      const output = await runInBackground(command[0], command.slice(1), dir);
      check?.(output);
    }
    return { dir, buildSeconds: Number(((performance.now() - t0) / 1000).toFixed(1)) };
  });
  backgroundQueue = built.then(
    () => undefined,
    () => undefined,
  );
  built.catch(() => undefined); // reported where the site is played (elementExample awaits it)
  builtAhead.set(name, built);
}

function parseResult(name, text) {
  const line = text.trim().split('\n').pop();
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`${name} printed no result:\n${text}`);
  }
}

const results = {};
const want = (name) => only.length === 0 || only.includes(name) || (name.startsWith('vite') && only.includes('vite'));

function node(name, main, build) {
  if (!want(name)) return;
  const t0 = performance.now();
  const dir = prepare(name);
  if (build) run(process.execPath, [join(tools, 'typescript', 'bin', 'tsc'), '-p', '.'], dir);
  results[name] = parseResult(name, run(process.execPath, [main], dir));
  report.examples[name] = { seconds: Number(((performance.now() - t0) / 1000).toFixed(1)) };
  log(`${name}: ${JSON.stringify(results[name])}`);
}

node('node-esm', 'main.mjs');
node('node-cjs', 'main.cjs');
node('ts-strict', 'dist/main.js', true);
node('ts-node', 'dist/main.js', true);

// A static server for the built pages (the content types a real one sends).
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.css': 'text/css' };
function serve(dir, { compress = false } = {}) {
  const server = createServer((req, res) => {
    let path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (path.endsWith('/')) path += 'index.html';
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const headers = { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' };
    let body = readFileSync(file);
    // `compress`: as a production server sends text and wasm, brotli where the browser accepts it, else gzip.
    if (compress && headers['content-type'] !== 'application/octet-stream') {
      const accepted = String(req.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) {
        body = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
        headers['content-encoding'] = 'br';
      } else if (/\bgzip\b/.test(accepted)) {
        body = gzipSync(body, { level: 9 });
        headers['content-encoding'] = 'gzip';
      }
    }
    res.writeHead(200, headers);
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, stop: () => server.close() })));
}

function startVite(dir) {
  const proc = spawn(process.execPath, [join(tools, 'vite', 'bin', 'vite.js'), '--host', '127.0.0.1', '--port', '0', '--clearScreen', 'false'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vite did not start:\n${out}`)), 60_000);
    const onData = (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[0], stop: () => proc.kill('SIGTERM') });
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`vite exited (${code}):\n${out}`)));
  });
}

const elementSites = ['element-vite', 'element-script', 'element-react', 'element-vue', 'element-angular', 'element-next', 'element-parcel'];
const browser = ['vite-dev', 'vite-build', 'long-tasks', 'webpack', 'esbuild', 'rollup', 'script-tag', 'served-wasm', 'readme', 'bytes', ...elementSites].some(want) ? await launch() : null;
function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
}

/** Loads `url` in a fresh context (a cold cache) and waits for window.__result; any console error fails. */
async function playPage(name, url, { timeout = 180_000, observeLongTasks = false, readyOnly = false } = {}) {
  const context = await browser.newContext();
  if (observeLongTasks) {
    await context.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
      }).observe({ type: 'longtask', buffered: true });
    });
  }
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  page.on('requestfailed', (req) => errors.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
  page.on('response', (res) => res.status() >= 400 && errors.push(`HTTP ${res.status()}: ${res.url()}`));
  try {
    await page.goto(url);
    const deadline = Date.now() + timeout;
    for (;;) {
      if (errors.length) throw new Error(`${name}: the browser reported errors:\n${errors.join('\n')}`);
      const state = await page.evaluate(() => ({
        result: window.__result ?? null,
        ready: performance.getEntriesByName('battleline-ready')[0]?.startTime ?? null,
      }));
      if (readyOnly && state.ready !== null) return state;
      if (state.result) {
        if (observeLongTasks) {
          state.longTasks = await page.evaluate(() => window.__longTasks);
          // A control: a busy loop on the main thread must be seen, or an empty list means nothing.
          state.controlLongTask = await page.evaluate(async () => {
            const seen = window.__longTasks.length;
            setTimeout(() => {
              const start = performance.now();
              while (performance.now() - start < 120);
            }, 0);
            await new Promise((r) => setTimeout(r, 400));
            return window.__longTasks.length > seen;
          });
        }
        return state;
      }
      if (Date.now() > deadline) throw new Error(`${name}: no result after ${timeout / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await context.close();
  }
}

async function pageExample(name, folder, build, serveDir = (dir) => dir) {
  if (!want(name)) return;
  const t0 = performance.now();
  const dir = prepare(folder);
  if (build) run(build[0], build.slice(1), dir);
  const server = await serve(serveDir(dir));
  try {
    results[name] = (await playPage(name, server.url)).result;
  } finally {
    server.stop();
  }
  report.examples[name] = { seconds: Number(((performance.now() - t0) / 1000).toFixed(1)) };
  log(`${name}: ${JSON.stringify(results[name])}`);
}

/** Starts Parcel's dev server on a free port; resolves with its URL once it has built the page. */
async function startParcel(dir) {
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const proc = spawn(process.execPath, [join(tools, 'parcel', 'lib', 'bin.js'), 'serve', 'index.html', '--port', String(port), '--host', '127.0.0.1', '--no-hmr', '--no-autoinstall', '--cache-dir', join(dir, '.parcel-cache')], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`parcel did not start:\n${out}`)), 180_000);
    const onData = (d) => {
      out += d;
      if (/Built in|Server running/.test(out) && /Built in/.test(out)) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}/`, stop: () => proc.kill('SIGTERM') });
      }
      if (/🚨|Error:/.test(out)) {
        clearTimeout(timer);
        proc.kill('SIGTERM');
        reject(new Error(`parcel failed:\n${out}`));
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`parcel exited (${code}):\n${out}`)));
  });
}

/**
 * The game element in a site (examples/npm/element-*): built (each of `builds`, a command), served (or its
 * dev server started), opened cold, and played to the end by clicks as a person plays
 * (tests/e2e/element-driver.mjs); the record of its end event must replay in this process to the result
 * the event reported. Reports the time from navigation to the element's `ready`.
 */
/** `count` loads of `url`, each in a fresh context (a cold cache), to the element's `ready`: the times, sorted. */
async function coldLoadsToReady(url, count) {
  const loads = [];
  for (let i = 0; i < count; i++) {
    const cold = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await cold.newPage();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('battleline-ready').length > 0, null, { timeout: 60_000 });
    loads.push(await page.evaluate(() => performance.getEntriesByName('battleline-ready')[0].startTime));
    await cold.close();
  }
  return loads.sort((a, b) => a - b);
}
const loadFigure = (loads) => ({ median: Math.round(loads[Math.floor(loads.length / 2)]), all: loads.map(Math.round) });

/**
 * The bytes a page downloads before its computer game's first move can be made: element-vite's site (a
 * computer game at easy), opened cold in Chromium from a server that compresses as a production one does
 * (brotli where the browser accepts it, else gzip), counted by the DevTools protocol (every response's
 * encoded length, headers included) until a card of the player's hand can be played. Two builds of the
 * same site: `battleline-engine/element` (the wasm inline, the default) and `battleline-engine/element/wasm-file`
 * (the wasm a file of the site). Each over its budget fails the run; the figures go to the report. The
 * budgets leave about 12 KiB above the figures of the coach's review story (full.wasm 313 KiB gzipped).
 */
const BYTES_BUDGET = { inline: 384 * 1024, wasmFile: 324 * 1024 };
async function bytesBeforeFirstMove(url) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  const files = [];
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, { url: e.response.url, encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'none' }));
  cdp.on('Network.loadingFinished', (e) => files.push({ ...urls.get(e.requestId), bytes: e.encodedDataLength }));
  try {
    await page.goto(url);
    await page.locator('battle-line-game #hand.my-turn .playable').first().waitFor({ timeout: 60_000 });
    // Whatever finished loading by then (the protocol's events arrive a moment after the page's own).
    await page.waitForTimeout(200);
    const fetched = files.filter((f) => f.url?.startsWith('http'));
    return { bytes: fetched.reduce((a, f) => a + f.bytes, 0), requests: fetched.length, files: fetched.map((f) => ({ path: new URL(f.url).pathname, bytes: f.bytes, encoding: f.encoding })) };
  } finally {
    await context.close();
  }
}
async function measureBytes() {
  if (!want('bytes')) return;
  const hasWasmFile = packed.files.some((f) => f.path === 'element/wasm-file.js');
  const variants = [['inline', 'element-vite', {}]];
  if (hasWasmFile) {
    const edit = (dir) => writeFileSync(join(dir, 'main.js'), readFileSync(join(dir, 'main.js'), 'utf8').replace("import 'battleline-engine/element';", "import 'battleline-engine/element/wasm-file';"));
    variants.push(['wasmFile', 'element-vite-wasm-file', { from: 'element-vite', edit }]);
  }
  report.bytesBeforeFirstMove = { budget: BYTES_BUDGET, package: packed.filename };
  for (const [variant, name, { from, edit }] of variants) {
    // element-vite is built already in a whole run; otherwise (`bytes` alone, the variant) it is built here.
    let dir = (await builtAhead.get(name))?.dir;
    if (!dir) {
      dir = copyExample(from ?? name, from ? { as: name, edit } : {});
      run('npm', INSTALL, dir);
      run(vite[0], vite.slice(1), dir);
    }
    const server = await serve(join(dir, 'dist'), { compress: true });
    try {
      const loads = [];
      for (let i = 0; i < 3; i++) loads.push(await bytesBeforeFirstMove(server.url));
      // The same bytes each time (a cold cache): the median's files are reported.
      loads.sort((a, b) => a.bytes - b.bytes);
      const median = loads[1];
      report.bytesBeforeFirstMove[variant] = median;
      log(`bytes before the first move, ${variant}: ${(median.bytes / 1024).toFixed(1)} KiB in ${median.requests} requests (${median.files.map((f) => `${f.path} ${(f.bytes / 1024).toFixed(1)} KiB ${f.encoding}`).join(', ')})`);
      if (hasWasmFile && median.bytes > BYTES_BUDGET[variant]) throw new Error(`bytes before the first move, ${variant}: ${median.bytes}, over the budget of ${BYTES_BUDGET[variant]}`);
    } finally {
      server.stop();
    }
  }
}

/** The element sites whose five cold loads wait for the end (no build left in the background). */
const deferredColdLoads = [];
async function measureDeferredColdLoads() {
  await backgroundQueue;
  for (const { name, dir, count } of deferredColdLoads) {
    const server = await serve(dir);
    try {
      const loads = await coldLoadsToReady(server.url, count);
      report.elements[name].coldLoadToReadyMs = loadFigure(loads);
      log(`${name}: ready ${loads.map(Math.round).join(', ')} ms after navigation (${count} cold loads, no example build running; the test command's other lane may be)`);
    } finally {
      server.stop();
    }
  }
}

/**
 * What a site fetched, checked for `battleline-engine/element/wasm-file`: the engine's wasm as a file of
 * its own (application/wasm), and never the inline copy (a script chunk of the base64 text).
 */
function checkWasmFile(name, responses) {
  const wasm = responses.filter((r) => r.type === 'application/wasm' && /\.wasm$/.test(r.url));
  if (wasm.length !== 1) throw new Error(`${name}: the engine's wasm was fetched ${wasm.length} times as a file (${responses.map((r) => r.url).join(', ')})`);
  const inline = responses.filter((r) => r.inlineWasm);
  if (inline.length) throw new Error(`${name}: the inline wasm was fetched as well: ${inline.map((r) => `${r.url} (${r.bytes} bytes)`).join(', ')}`);
  return wasm[0];
}

async function elementExample(name, builds, serveDir = (dir) => dir, { dev = null, coldLoads = 5, wasmFile = false, copy = {} } = {}) {
  if (!want(name)) return;
  const t0 = performance.now();
  buildInBackground(name, builds, copy);
  const { dir, buildSeconds } = await builtAhead.get(name);
  const server = dev ? await dev(dir) : await serve(serveDir(dir));
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const responses = [];
  page.on('response', async (res) => {
    const body = await res.body().catch(() => Buffer.alloc(0));
    const type = res.headers()['content-type'] ?? '';
    // The inline wasm is the gzipped wasm in base64: a long run starting with gzip's magic (H4sI).
    responses.push({ url: res.url(), type, bytes: body.length, inlineWasm: /javascript/.test(type) && /H4sI[A-Za-z0-9+/]{10000}/.test(body.toString('latin1')) });
  });
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  page.on('requestfailed', (req) => errors.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
  try {
    // Cold loads to the element's `ready`: measured now when one is asked for (a figure beside the game);
    // five, for the README's figure, at the end, once no build runs in the background any more.
    const deferred = coldLoads > 1 && !dev;
    const loads = deferred ? [] : await coldLoadsToReady(server.url, coldLoads);
    if (deferred) deferredColdLoads.push({ name, dir: serveDir(dir), count: coldLoads });
    await page.goto(server.url);
    await page.waitForFunction(() => performance.getEntriesByName('battleline-ready').length > 0, null, { timeout: 60_000 });
    const clicks = await playToEnd(page, 'battle-line-game');
    await page.waitForFunction(() => window.__end !== undefined, null, { timeout: 10_000 });
    const end = await page.evaluate(() => window.__end);
    await page.screenshot({ path: join(work, `${name}.png`) });
    if (errors.length) throw new Error(`${name}: the browser reported errors:\n${errors.join('\n')}`);
    if (wasmFile) {
      const file = checkWasmFile(name, responses);
      log(`${name}: the engine's wasm fetched as a file of its own (${file.url.slice(server.url.length - 1)}, ${file.bytes} bytes), the inline copy never`);
    }
    if (!end.record) throw new Error(`${name}: the end event of a one-game match carries no record`);
    const engine = await import(join(root, 'pkg', 'index.js'));
    engine.initSync({ module: readFileSync(join(root, 'pkg', 'rules', 'battleline_bg.wasm')) });
    const replayed = engine.Game.fromRecord(end.record);
    const replayedResult = JSON.stringify(replayed.result());
    replayed.free();
    if (replayedResult !== JSON.stringify(end.result)) throw new Error(`${name}: the record replays to ${replayedResult}, the element said ${JSON.stringify(end.result)}`);
    report.elements ??= {};
    report.elements[name] = { coldLoadToReadyMs: deferred ? null : loadFigure(loads), clicks, actions: end.record.actions.length, result: end.result, seconds: Number(((performance.now() - t0) / 1000).toFixed(1)), installAndBuildSeconds: buildSeconds };
    log(`${name}: ${deferred ? '' : `ready ${loads.map(Math.round).join(', ')} ms after navigation (${loads.length} cold loads); `}a whole game by ${clicks} clicks, ${end.record.actions.length} actions, ${end.result.winner === null ? 'a draw' : `${end.result.victory} win for player ${end.result.winner + 1}`}`);
  } finally {
    await context.close();
    server.stop();
  }
}

/**
 * Every snippet of the package's README (npm/README.md, shipped as the tarball's README.md), as a reader
 * would use it: `js` snippets compiled by TypeScript under strict settings (noUncheckedIndexedAccess,
 * exactOptionalPropertyTypes, no skipLibCheck) and run in Node; `html` snippets served beside the installed
 * package and opened in Chromium (an element must get ready, the names an import map gives must import),
 * failing on any console error; `sh` snippets are the install line. The sizes in the README must be the
 * build's (scripts/readme-sizes.mjs).
 */
async function readmeSnippets() {
  if (!want('readme')) return;
  const t0 = performance.now();
  const text = readFileSync(join(root, 'pkg', 'README.md'), 'utf8');
  const { unmarkedSizes } = await import('./readme-sizes.mjs');
  const loose = unmarkedSizes(text);
  if (loose.length) throw new Error(`readme: sizes written by hand, not by the build: ${loose.join(', ')}`);
  // Fenced blocks, also those indented in a list item (their indentation taken off).
  const snippets = [...text.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm)].map((m, i) => ({
    n: i + 1,
    lang: m[2],
    code: m[3].split('\n').map((line) => line.slice(m[1].length)).join('\n'),
  }));
  // A snippet in any other language (or none) would be checked by nothing: not allowed.
  const unchecked = snippets.filter((s) => !['js', 'html', 'sh'].includes(s.lang));
  if (unchecked.length) throw new Error(`readme: snippets that nothing checks (only js, html and sh are compiled, run or opened): ${unchecked.map((s) => `${s.n} (${s.lang || 'no language'})`).join(', ')}`);
  const fences = text.match(/^ *```/gm)?.length ?? 0;
  if (fences !== snippets.length * 2) throw new Error(`readme: ${fences} fences for ${snippets.length} snippets: a fence is not closed, or a snippet was not found`);
  const dir = join(work, 'run', 'readme');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'readme-snippets', private: true, type: 'module', dependencies: { 'battleline-engine': `file:${tarball}` } }, null, 2));
  run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--offline'], dir);
  const scripts = snippets.filter((s) => s.lang === 'js');
  for (const s of scripts) writeFileSync(join(dir, `snippet-${s.n}.ts`), s.code);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, skipLibCheck: false, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2022', 'DOM'], types: ['node'], typeRoots: [join(tools, '@types')], outDir: 'out' }, files: scripts.map((s) => `snippet-${s.n}.ts`) }, null, 2),
  );
  run(process.execPath, [join(tools, 'typescript', 'bin', 'tsc'), '-p', '.'], dir);
  for (const s of scripts) run(process.execPath, [join(dir, 'out', `snippet-${s.n}.js`)], dir, { timeout: 120_000 });
  for (const s of snippets.filter((s) => s.lang === 'sh')) {
    if (!/^npm install battleline-engine\n?$/.test(s.code)) throw new Error(`readme: snippet ${s.n} (sh) is not the install line: ${s.code}`);
  }
  const pages = snippets.filter((s) => s.lang === 'html');
  for (const s of pages) {
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>README snippet ${s.n}</title><link rel="icon" href="data:,"></head><body><main>\n${s.code}</main></body></html>`);
    const server = await serve(dir);
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
    page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
    page.on('response', (res) => res.status() >= 400 && errors.push(`HTTP ${res.status()}: ${res.url()}`));
    try {
      await page.goto(server.url);
      if (s.code.includes('<battle-line-game')) {
        await page.waitForFunction(() => customElements.get('battle-line-game'), null, { timeout: 30_000 });
        await page.evaluate(() => document.querySelector('battle-line-game').ready);
      }
      // Every name the snippet's import map gives imports (the snippet's own module script ran).
      const names = Object.keys(JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(s.code)?.[1] ?? '{"imports":{}}').imports);
      for (const name of names) await page.evaluate((name) => import(name).then(() => undefined), name);
      await page.waitForTimeout(500);
      if (errors.length) throw new Error(`readme: html snippet ${s.n}:\n${errors.join('\n')}`);
    } finally {
      await context.close();
      server.stop();
    }
  }
  report.examples.readme = { seconds: Number(((performance.now() - t0) / 1000).toFixed(1)), snippets: snippets.length };
  log(`readme: ${scripts.length} js snippets compiled (strict) and run in Node, ${pages.length} html snippets opened in Chromium, ${snippets.length} in all`);
  readmeChecked = snippets.length;
}
let readmeChecked = 0;

// The element sites' builds, started in the background once the long-task measurement is over.
const vite = [process.execPath, join(tools, 'vite', 'bin', 'vite.js'), 'build'];
const elementBuilds = {
  'element-vite': [vite],
  'element-script': [],
  // React 19 in strict TypeScript (the JSX declarations type-check the element's attributes), built by Vite.
  'element-react': [[process.execPath, join(tools, 'typescript', 'bin', 'tsc'), '--noEmit', '-p', '.'], vite],
  // Vue 3 with the README's isCustomElement line in its Vite config, built by Vite.
  'element-vue': [vite],
  // Angular 21 with the README's CUSTOM_ELEMENTS_SCHEMA line, built by the Angular CLI under its default
  // budgets (initial bundle 500 kB warning, 1 MB error; a component's styles 4 kB, 8 kB): the build must
  // print neither a budget warning nor an error.
  'element-angular': [
    {
      command: [process.execPath, join(tools, '@angular', 'cli', 'bin', 'ng.js'), 'build'],
      check: (output) => {
        if (/budget|exceeded maximum/i.test(output)) throw new Error(`element-angular: the Angular CLI's default budgets are not met:\n${output}`);
        if (!/Initial total/.test(output)) throw new Error(`element-angular: ng build printed no initial total:\n${output}`);
        log(`element-angular: Angular's default budget met (${/Initial total\s*\|\s*([^|]+)\|\s*([^|\n]+)/.exec(output)?.slice(1).map((t) => t.trim()).join(', ') ?? ''})`);
      },
    },
  ],
  // Next.js: the page rendered on the server at build time (the element's module imported there), a static export.
  'element-next': [[process.execPath, join(tools, 'next', 'dist', 'bin', 'next'), 'build']],
  // Parcel's dev server builds as it starts.
  'element-parcel': [],
};

/** The computer at hard for a whole game of the Vite build, with a long-task observer on the page's main
 * thread: none may come after ready. Measured with nothing else running (no build beside it). */
async function longTasksAtHard(url) {
  const hard = await playPage('vite-build hard', `${url}?level=hard`, { observeLongTasks: true, timeout: 300_000 });
  const thinking = hard.longTasks.filter((t) => t.start >= hard.ready);
  if (!hard.controlLongTask) throw new Error('the long-task observer did not see a 120 ms busy loop: the measurement would prove nothing');
  report.longTasksWhileComputerThinksAtHard = { afterReady: thinking, beforeReady: hard.longTasks.filter((t) => t.start < hard.ready), actions: hard.result.actions };
  log(`hard, a whole game (${hard.result.actions} actions): ${thinking.length} long tasks on the main thread after ready ${JSON.stringify(thinking)}`);
  if (thinking.length) throw new Error(`long tasks on the main thread while the computer thought at hard: ${JSON.stringify(thinking)}`);
}

try {
  if (want('vite-dev') || want('vite-build')) {
    const t0 = performance.now();
    const dir = prepare('vite');
    const dev = await startVite(dir);
    try {
      results['vite-dev'] = (await playPage('vite-dev', dev.url)).result;
      const loads = [];
      for (let i = 0; i < 3; i++) loads.push((await playPage('vite-dev', dev.url, { readyOnly: true })).ready);
      report.examples['vite-dev'] = { seconds: Number(((performance.now() - t0) / 1000).toFixed(1)), loadToReadyMs: loads.map(Math.round) };
    } finally {
      dev.stop();
    }
    log(`vite-dev: ${JSON.stringify(results['vite-dev'])}`);

    const t1 = performance.now();
    run(process.execPath, [join(tools, 'vite', 'bin', 'vite.js'), 'build'], dir);
    const server = await serve(join(dir, 'dist'));
    try {
      results['vite-build'] = (await playPage('vite-build', server.url)).result;
      const loads = [];
      for (let i = 0; i < 5; i++) loads.push((await playPage('vite-build', server.url, { readyOnly: true })).ready);
      loads.sort((a, b) => a - b);
      report.coldLoadToReadyMs = { median: Math.round(loads[2]), all: loads.map(Math.round) };
      report.examples['vite-build'] = { seconds: Number(((performance.now() - t1) / 1000).toFixed(1)) };
      log(`vite-build: ${JSON.stringify(results['vite-build'])}; cold load to ready ${report.coldLoadToReadyMs.all.join(', ')} ms`);
      if (!process.env.EXAMPLES_LONG_TASKS_LATER) await longTasksAtHard(server.url);
    } finally {
      server.stop();
    }
  } else if (only.includes('long-tasks')) {
    const dir = prepare('vite');
    run(process.execPath, [join(tools, 'vite', 'bin', 'vite.js'), 'build'], dir);
    const server = await serve(join(dir, 'dist'));
    try {
      await longTasksAtHard(server.url);
    } finally {
      server.stop();
    }
  }
  for (const [name, builds] of Object.entries(elementBuilds)) buildInBackground(name, builds);
  await readmeSnippets();
  await pageExample('webpack', 'webpack', [process.execPath, join(tools, 'webpack', 'bin', 'webpack.js'), '--mode', 'production']);
  await pageExample('esbuild', 'esbuild', [bin('esbuild'), 'src/main.js', '--bundle', '--format=esm', '--outfile=dist/main.js']);
  await pageExample('rollup', 'rollup', [process.execPath, join(tools, 'rollup', 'dist', 'bin', 'rollup'), '-c']);
  await pageExample('script-tag', 'script-tag', null);
  await pageExample('served-wasm', 'served-wasm', null);
  await elementExample('element-vite', elementBuilds['element-vite'], (dir) => join(dir, 'dist'));
  await elementExample('element-script', elementBuilds['element-script']);
  await elementExample('element-react', elementBuilds['element-react'], (dir) => join(dir, 'dist'), { coldLoads: 1 });
  await elementExample('element-vue', elementBuilds['element-vue'], (dir) => join(dir, 'dist'), { coldLoads: 1, wasmFile: true });
  await elementExample('element-angular', elementBuilds['element-angular'], (dir) => join(dir, 'dist', 'browser'), { coldLoads: 1 });
  await elementExample('element-next', elementBuilds['element-next'], (dir) => join(dir, 'out'), { coldLoads: 1 });
  await elementExample('element-parcel', elementBuilds['element-parcel'], undefined, { dev: startParcel, coldLoads: 1 });
  await measureDeferredColdLoads();
  await measureBytes();
  if (results['served-wasm']) {
    // init({ module_or_path }) and new Computer({ wasm }) fetch the files they are given and never the inline copies.
    const { wasmFiles, inlineChunks } = results['served-wasm'];
    for (const file of ['/rules/battleline_bg.wasm', '/full/battleline_bg.wasm']) {
      if (!wasmFiles.some((path) => path.endsWith(file))) throw new Error(`served-wasm: ${file} was not fetched (${wasmFiles.join(', ')})`);
    }
    if (inlineChunks.length) throw new Error(`served-wasm: the inline wasm was loaded as well: ${inlineChunks.join(', ')}`);
  }
} finally {
  // A failure leaves no build running behind it.
  for (const child of children) child.kill('SIGTERM');
  await browser?.close();
}

// The engine in this process, with the same moves: every example must have reached this position.
const engine = await import(join(root, 'pkg', 'index.js'));
const full = await import(join(root, 'pkg', 'full.js'));
engine.initSync({ module: readFileSync(join(root, 'pkg', 'rules', 'battleline_bg.wasm')) });
full.initSync({ module: readFileSync(join(root, 'pkg', 'full', 'battleline_bg.wasm')) });
const game = new engine.Game({ seed: SEED });
while (!game.matchScore().over) {
  game.apply(game.current === 1 ? full.suggest(game.view(1), 'easy', game.actionCount) : game.legalActions()[0]);
}
const expected = game.digest();
const wrong = Object.entries(results).filter(([, r]) => r.digest !== expected);
mkdirSync(join(root, 'test-results'), { recursive: true });
const sizesFile = join(root, 'test-results', 'pkg-sizes.json'); // written by scripts/finish-pkg.mjs
if (existsSync(sizesFile)) report.sizes = JSON.parse(readFileSync(sizesFile, 'utf8'));
report.wallSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
const reportFile = join(root, 'test-results', 'npm-examples.json');
if (only.length === 1 && only[0] === 'long-tasks' && existsSync(reportFile)) {
  // The long tasks alone (the test command's end): added to the full run's report, not written over it.
  const full = JSON.parse(readFileSync(reportFile, 'utf8'));
  writeFileSync(reportFile, JSON.stringify({ ...full, longTasksWhileComputerThinksAtHard: report.longTasksWhileComputerThinksAtHard }, null, 2) + '\n');
} else {
  writeFileSync(reportFile, JSON.stringify({ ...report, expectedDigest: expected, results }, null, 2) + '\n');
}
if (wrong.length) throw new Error(`examples that did not reach the expected position ${expected}: ${JSON.stringify(wrong)}`);
const ran = Object.keys(results).length + Object.keys(report.elements ?? {}).length + (readmeChecked > 0 ? 1 : 0) + (report.bytesBeforeFirstMove ? 1 : 0) + (report.longTasksWhileComputerThinksAtHard ? 1 : 0);
if (ran === 0) throw new Error(`no example matched ${only.join(' ')}`);
log(`${Object.keys(results).length} examples reached the same final position (${expected}); ${Object.keys(report.elements ?? {}).length} element sites played a game to its end`);
console.log(`${ran} passed, 0 failed`);
