// Lighthouse's mobile performance audit of the built page (www/dist/), as issue 23 asked: the page as
// served now (scripts/serve.mjs: brotli, the wasm preloaded) and, with --before, as it was served before
// (no compression, no preload: a copy of www/dist/ without the preload link, the compressed copies and
// Accept-Encoding). Lighthouse's default mobile settings (simulated slow 4G, 4x CPU slowdown), in Debian's
// Chromium. Prints the median of --runs (default 3) and writes test-results/lighthouse.json. With --desktop,
// Lighthouse's desktop settings instead; with --all, the accessibility, best-practices and SEO scores too
// (SEO holds the legible-font-size audit); --dist DIR measures another build (another worktree's www/dist,
// for a before/after table).
//
//   bash scripts/build-www.sh && node bench/lighthouse.mjs [--before] [--desktop] [--all] [--dist DIR] [--runs 5]
//
// Lighthouse is installed on first use into target/lighthouse/ (not a dependency of the project).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';

const LIGHTHOUSE = '12.8.2';
const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const before = args.includes('--before');
const desktop = args.includes('--desktop');
const all = args.includes('--all');
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const dist = args.includes('--dist') ? args[args.indexOf('--dist') + 1] : join(root, 'www', 'dist');
if (!existsSync(join(dist, 'index.html'))) throw new Error('www/dist/ is missing: run scripts/build-www.sh first');

const tools = join(root, 'target', 'lighthouse');
const cli = join(tools, 'node_modules', 'lighthouse', 'cli', 'index.js');
if (!existsSync(cli)) {
  mkdirSync(tools, { recursive: true });
  writeFileSync(join(tools, 'package.json'), '{ "private": true }\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE}`], { cwd: tools, stdio: 'inherit' });
}

/** The page as it was served before: every file as it is, no preload. */
function servePlain(dir) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json' };
  const server = createServer((req, res) => {
    let file = join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(dir) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, stop: () => server.close() })));
}

function serveNow() {
  const proc = spawn(process.execPath, [join(root, 'scripts', 'serve.mjs')], { env: { ...process.env, PORT: '0', BATTLELINE_ROOT: dist } });
  return new Promise((resolve) => {
    proc.stdout.on('data', (d) => {
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(String(d));
      if (m) resolve({ url: m[0], stop: () => proc.kill() });
    });
  });
}

let server;
if (before) {
  const copy = join(root, 'target', 'lighthouse', 'dist-before');
  rmSync(copy, { recursive: true, force: true });
  cpSync(dist, copy, { recursive: true });
  const strip = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) strip(path);
      else if (/\.(br|gz)$/.test(name)) rmSync(path);
    }
  };
  strip(copy);
  const index = join(copy, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace(/ *<!-- The engine's wasm[^\n]*\n *<link rel="preload"[^\n]*\n/, ''));
  server = await servePlain(copy);
} else {
  server = await serveNow();
}

const results = [];
try {
  for (let i = 0; i < runs; i++) {
    const out = join(tools, `report-${i}.json`);
    // Asynchronously: the --before server runs in this process and must keep answering.
    await promisify(execFile)(process.execPath, [
      cli, server.url, `--only-categories=${all ? 'performance,accessibility,best-practices,seo' : 'performance'}`, ...(desktop ? ['--preset=desktop'] : []), '--output=json', `--output-path=${out}`, '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ], { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 64 << 20 });
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const metric = (id) => report.audits[id].numericValue;
    const score = (id) => Math.round(report.categories[id].score * 100);
    results.push({
      performance: score('performance'),
      ...(all ? { accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'), legibleText: report.audits['font-size']?.displayValue ?? 'n/a' } : {}),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      fcpMs: Math.round(metric('first-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      transferKiB: Math.round(metric('total-byte-weight') / 1024),
    });
    console.log(`run ${i + 1}: ${JSON.stringify(results.at(-1))}`);
  }
} finally {
  server.stop();
}
const median = (key) => results.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
const summary = Object.fromEntries(Object.keys(results[0]).map((k) => [k, median(k)]));
const what = `${before ? 'before (no compression, no preload)' : 'now'}${desktop ? ', desktop' : ', mobile'}${args.includes('--dist') ? `, ${dist}` : ''}`;
console.log(`${what}: median of ${runs}: ${JSON.stringify(summary)}`);
mkdirSync(join(root, 'test-results'), { recursive: true });
writeFileSync(join(root, 'test-results', `lighthouse${before ? '-before' : ''}${desktop ? '-desktop' : ''}.json`), JSON.stringify({ what, runs: results, median: summary }, null, 2) + '\n');
