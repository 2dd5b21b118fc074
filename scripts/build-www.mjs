// Builds the game page into www/dist/: the bundles (page with the package's computer player, service
// worker, rules page script), the static files, the wasm package, the rules page rendered from docs/, and the
// single self-contained file www/dist/battleline.html (wasm, scripts, styles and rules inlined) that
// opens from the file system.
//
// With --test-hook it builds the same into www/dist-e2e/ instead, with the end-to-end tests' hook
// (window.__battleline) installed; the production build in www/dist/ has none (www/src/main.ts).
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { cssText } from './css-text.mjs';
import { markdownToHtml } from './markdown.mjs';

const root = new URL('..', import.meta.url).pathname;
const www = join(root, 'www');
const testHook = process.argv.includes('--test-hook');
const dist = join(www, testHook ? 'dist-e2e' : 'dist');
const pkg = join(root, 'pkg');

if (!existsSync(join(pkg, 'full', 'battleline_bg.wasm'))) throw new Error('pkg/ is missing: run scripts/build-pkg.sh');

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const common = {
  bundle: true,
  // BATTLELINE_DEV=1: readable bundles (for profiling and debugging).
  minify: process.env.BATTLELINE_DEV !== '1',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
  define: { __TEST_HOOK__: String(testHook) },
};

// The page: an ES module. The computer player is the package's (battleline-engine/computer, its worker
// inlined); the page hands it the engine it compiled, so the package's inline copies of the wasm are
// never loaded and stay out of the bundle.
const noInlineWasm = {
  name: 'no-inline-wasm',
  setup(build) {
    build.onResolve({ filter: /wasm-base64\.js$/ }, () => ({ path: 'wasm-base64', namespace: 'page' }));
    build.onLoad({ filter: /.*/, namespace: 'page' }, () => ({
      contents: 'export function bytes() { throw new Error("the page passes the engine its wasm"); }',
      loader: 'js',
    }));
  },
};
await esbuild.build({ ...common, entryPoints: { app: 'www/src/main.ts' }, format: 'esm', outdir: dist, plugins: [noInlineWasm, cssText] });
await esbuild.build({ ...common, entryPoints: { 'rules-page': 'www/src/rules-page.ts' }, format: 'iife', outdir: dist });

// Static files and the package.
for (const file of ['index.html', 'styles.css', 'manifest.webmanifest']) copyFileSync(join(www, file), join(dist, file));
// The rules page links the game's stylesheet for its card pictures: the element's sheets, joined as the
// element joins them (www/src/element/game-css.ts).
const gameCssModule = (await esbuild.build({ ...common, entryPoints: ['www/src/element/game-css.ts'], format: 'esm', write: false, plugins: [cssText] })).outputFiles[0].text;
const { gameCss } = await import(`data:text/javascript;base64,${Buffer.from(gameCssModule).toString('base64')}`);
writeFileSync(join(dist, 'game.css'), gameCss);
cpSync(join(www, 'icons'), join(dist, 'icons'), { recursive: true });
mkdirSync(join(dist, 'pkg'));
copyFileSync(join(pkg, 'full', 'battleline_bg.wasm'), join(dist, 'pkg', 'battleline_bg.wasm'));
// The computer's and the coach's worker as a file of the site (the element's worker-url): a page whose
// Content-Security-Policy allows workers from 'self' only (the game server's) refuses the inline one.
copyFileSync(join(pkg, 'computer.worker.js'), join(dist, 'computer.worker.js'));
writeFileSync(join(dist, 'index.html'), readFileSync(join(www, 'index.html'), 'utf8').replace('<!--WORKER-->\n', ''));

// The rules page, from the players' rules (www/rules/; the developers' specification docs/RULES.md is
// not for players and is not shown).
const rulesEn = markdownToHtml(readFileSync(join(www, 'rules', 'en.md'), 'utf8'));
const rulesZh = markdownToHtml(readFileSync(join(www, 'rules', 'zh.md'), 'utf8'));
if (/R-[A-Z]+-\d/.test(rulesEn + rulesZh)) throw new Error('the players\' rules name a rule id of the specification');
writeFileSync(
  join(dist, 'rules.html'),
  readFileSync(join(www, 'rules.html'), 'utf8').replace('<!--RULES_EN-->', rulesEn).replace('<!--RULES_ZH-->', rulesZh),
);

// The service worker, last: it precaches every file above, under a name that changes with them.
const precache = [
  'index.html',
  'app.js',
  'styles.css',
  'game.css',
  'manifest.webmanifest',
  'icons/icon.svg',
  'icons/icon-maskable.svg',
  'pkg/battleline_bg.wasm',
  'rules.html',
  'rules-page.js',
  'computer.worker.js',
];
const hash = createHash('sha256');
for (const file of precache) hash.update(readFileSync(join(dist, file)));
const version = hash.digest('hex').slice(0, 12);
await esbuild.build({
  ...common,
  entryPoints: { sw: 'www/src/sw.ts' },
  format: 'iife',
  define: { ...common.define, __BUILD_VERSION__: JSON.stringify(version), __PRECACHE__: JSON.stringify(['./', ...precache]) },
  outdir: dist,
});

// The single file: everything inlined, wasm as base64.
const scriptSafe = (code) => code.replace(/<\/script/gi, '<\\/script');
const css = readFileSync(join(dist, 'styles.css'), 'utf8');
const app = readFileSync(join(dist, 'app.js'), 'utf8');
const wasm = readFileSync(join(dist, 'pkg', 'battleline_bg.wasm')).toString('base64');
const icon = `data:image/svg+xml;base64,${readFileSync(join(www, 'icons', 'icon.svg')).toString('base64')}`;
const inlined =
  `<script>window.__BATTLELINE_SINGLE_FILE__=true;window.__BATTLELINE_WASM__="${wasm}";</script>\n` +
  `<template id="rules-en">${rulesEn}</template>\n<template id="rules-zh">${rulesZh}</template>\n`;
let single = readFileSync(join(www, 'index.html'), 'utf8');
const replaceOnce = (text, from, to) => {
  if (!text.includes(from)) throw new Error(`single-file build: "${from}" not found in www/index.html`);
  return text.replace(from, () => to);
};
single = replaceOnce(single, '<link rel="stylesheet" href="styles.css">', `<style>${css}</style>`);
single = replaceOnce(single, '<link rel="manifest" href="manifest.webmanifest">\n', '');
single = single.replace(/ *<!-- The engine's wasm is the largest download[^\n]*\n *<link rel="preload"[^\n]*\n/, '');
if (single.includes('rel="preload"')) throw new Error('single-file build: the wasm preload link was not removed');
single = replaceOnce(single, 'href="icons/icon.svg"', `href="${icon}"`);
single = replaceOnce(single, '<!--WORKER-->', inlined);
// One file, opened from anywhere: the worker inlined (the element's default), not a file beside it.
single = replaceOnce(single, ' worker-url="computer.worker.js"', '');
single = replaceOnce(single, '<script type="module" src="app.js"></script>', `<script type="module">${scriptSafe(app)}</script>`);
writeFileSync(join(dist, 'battleline.html'), single);

// Compressed copies beside the files a server sends compressed (scripts/serve.mjs serves them), at
// the highest levels since it is done once: brotli 11 takes the wasm from 198 KiB gzipped to 158 KiB.
const compressible = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.wasm', '.svg']);
const compressAll = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) compressAll(path);
    else if (compressible.has(extname(name)) && statSync(path).size >= 1024) {
      const raw = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
      writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    }
  }
};
compressAll(dist);

// A summary.
const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  return `${(bytes.length / 1024).toFixed(1)} KiB (${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KiB gzipped)`;
};
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (!/\.(br|gz)$/.test(name)) files.push(relative(dist, path));
  }
};
walk(dist);
console.log(`[build-www] ${relative(root, dist)}/: ${files.length} files, cache ${version}`);
for (const file of ['app.js', 'styles.css', 'pkg/battleline_bg.wasm', 'battleline.html']) console.log(`  ${file}: ${size(file)}`);
