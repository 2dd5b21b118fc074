// Completes pkg/ after the two wasm-pack builds (pkg/rules: the rules engine alone; pkg/full: with the
// computer players) into the npm package `battleline-engine`:
//   .          index.js   the rules engine                     (+ index.cjs for require, Node only)
//   ./full     full.js    the same plus suggest() on this thread (+ full.cjs)
//   ./computer computer.js the computer player in a Web Worker; computer-node.js in a worker thread
// Every entry has its declarations (.d.ts; self-contained .d.cts for require). The wasm is inlined as
// base64 in a module that the glue imports lazily (only when init() gets no wasm), so every bundler and
// Node load it with no configuration; the .wasm files are exported too for sites that serve them.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { cssText } from './css-text.mjs';
import { emitElementDeclarations } from './element-dts.mjs';
import { markdownToHtml } from './markdown.mjs';
import { fillSizes } from './readme-sizes.mjs';

const root = new URL('..', import.meta.url).pathname;
const pkg = join(root, 'pkg');
const npm = join(root, 'npm');
const builds = ['rules', 'full'];
const read = (path) => readFileSync(path, 'utf8');
const write = (path, text) => writeFileSync(join(pkg, path), text);

/** Replaces `from` exactly once; a wasm-bindgen upgrade that changes the glue fails here, loudly. */
function replaceOnce(text, from, to, what) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`finish-pkg: ${what}: expected exactly one "${from}"`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

// The shared error class (the glue of both builds imports it from ../errors.js instead of its own
// snippets/ copy, so one BattleLineError class serves every entry of an ESM program).
copyFileSync(join(root, 'src', 'wasm', 'errors.js'), join(pkg, 'errors.js'));
copyFileSync(join(npm, 'errors.d.ts'), join(pkg, 'errors.d.ts'));

for (const build of builds) {
  const dir = join(pkg, build);
  if (!existsSync(join(dir, 'battleline_bg.wasm'))) throw new Error(`pkg/${build}/battleline_bg.wasm is missing: run scripts/build-pkg.sh`);
  let glue = read(join(dir, 'battleline.js'));
  // (Run again on a finished pkg/, as when only this script changed, it leaves the glue as it is.)
  if (!glue.includes('./wasm-base64.js')) {
    glue = glue.replace(/from '\.\/snippets\/[^']*\/errors\.js'/g, "from '../errors.js'");
    if (glue.includes('snippets/')) throw new Error(`finish-pkg: pkg/${build}/battleline.js still imports a snippet`);
    glue = replaceOnce(
      glue,
      "module_or_path = new URL('battleline_bg.wasm', import.meta.url);",
      "module_or_path = await (await import('./wasm-base64.js')).bytes();",
      `pkg/${build}/battleline.js default wasm`,
    );
    if (glue.includes('import.meta')) throw new Error(`finish-pkg: pkg/${build}/battleline.js still uses import.meta`);
    // Every entry into the engine first checks that enough stack is left (errors.js ensureStack): the
    // functions, Game's static constructors and `new Game` here, Game's methods through guardFreed.
    let entries = 0;
    glue = glue.replace(/^(export function (\w+)\([^)]*\) \{)$/gm, (line, head, name) => (entries++, `${head}\n    ensureStack('${name}');`));
    glue = glue.replace(/^( {4}static ((?!__)\w+)\([^)]*\) \{)$/gm, (line, head, name) => (entries++, `${head}\n        ensureStack('Game.${name}');`));
    glue = replaceOnce(glue, '    constructor(options) {', "    constructor(options) {\n        ensureStack('new Game');", `pkg/${build}/battleline.js constructor`);
    if (entries < 4) throw new Error(`finish-pkg: pkg/${build}/battleline.js: only ${entries} functions found to guard`);
    glue += "\nimport { guardFreed, ensureStack } from '../errors.js';\nguardFreed(Game, 'Game');\n";
    writeFileSync(join(dir, 'battleline.js'), glue);
  }
  rmSync(join(dir, 'snippets'), { recursive: true, force: true });
  rmSync(join(dir, '.gitignore'), { force: true });
  // wasm-bindgen types the raw wasm exports (InitOutput) with `any`; the public declarations promise
  // none, and `unknown` is exact for values nobody should touch.
  for (const file of ['battleline.d.ts', 'battleline_bg.wasm.d.ts']) {
    const path = join(dir, file);
    writeFileSync(path, read(path).replace(/\bany\b(?=[,)\]; ])/g, 'unknown'));
  }
  // Game declares [Symbol.dispose]() (for `using`); TypeScript knows Symbol.dispose only from lib
  // esnext.disposable or @types/node, so a project with lib ES2022 and no skipLibCheck would fail on our
  // declarations. The same declaration as those libs' merges with them.
  const types = join(dir, 'battleline.d.ts');
  // wasm-bindgen names DOM types (BufferSource, RequestInfo, the WebAssembly namespace) that a Node
  // project without the DOM lib lacks; ES2022 equivalents, and WebAssembly.Module where it is declared.
  if (!read(types).includes('export type WasmModule')) {
    const portable = (text) =>
      text
        .replace(/\bBufferSource\b/g, 'ArrayBuffer | ArrayBufferView')
        .replace(/\bRequestInfo \| URL\b/g, 'string | URL | Request')
        .replace(/WebAssembly\.Module\b(?!`)/g, 'WasmModule')
        .replace(/: WebAssembly\.(Memory|Table);/g, ': unknown;');
    writeFileSync(
      types,
      `/** \`WebAssembly.Module\` where a lib declares it (the DOM lib does); without one, these declarations still compile. */
export type WasmModule = typeof globalThis extends { WebAssembly: { Module: abstract new (...args: never) => infer M } } ? M : object;
${portable(read(types))}`,
    );
    const raw = join(dir, 'battleline_bg.wasm.d.ts');
    writeFileSync(raw, portable(read(raw)));
  }
  if (!read(types).includes('interface SymbolConstructor')) writeFileSync(
    types,
    `${read(types)}
declare global {
  interface SymbolConstructor {
    /** The method \`using\` calls at the end of its block (ES2026 explicit resource management). */
    readonly dispose: unique symbol;
  }
}
`,
  );
  // Inlined gzipped: base64 of the raw wasm gzips to about 4/3 of the gzipped wasm (187 KiB against 143
  // for the rules engine, over its 150 KiB budget); base64 of the gzipped wasm costs what the file does.
  // DecompressionStream is in every current browser and in Node 18 and later.
  const base64 = gzipSync(readFileSync(join(dir, 'battleline_bg.wasm')), { level: 9 }).toString('base64');
  writeFileSync(
    join(dir, 'wasm-base64.js'),
    `// The engine's wasm (battleline_bg.wasm beside this file), gzipped and inlined so that init() needs no URL in any
// bundler or in Node. Imported only when init() is called without a wasm source.
const text = ${JSON.stringify(base64)};
export async function bytes() {
  let gzipped;
  if (typeof Uint8Array.fromBase64 === 'function') gzipped = Uint8Array.fromBase64(text);
  else {
    const binary = atob(text);
    gzipped = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) gzipped[i] = binary.charCodeAt(i);
  }
  const stream = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
`,
  );
  writeFileSync(join(dir, 'wasm-base64.d.ts'), 'export declare function bytes(): Promise<Uint8Array>;\n');
}

// The ESM entries and their declarations.
for (const [entry, build, what] of [
  ['index', 'rules', 'The rules engine (no computer players): games, claims with proofs, views, records.'],
  ['full', 'full', 'The rules engine with the computer players: `suggest` runs on the calling thread (see ./computer for a worker).'],
]) {
  const body = `export * from './${build}/battleline.js';\nexport { default, default as init } from './${build}/battleline.js';\nexport { BattleLineError } from './errors.js';\n`;
  write(`${entry}.js`, `// ${what}\n${body}`);
  const name = entry === 'index' ? 'battleline-engine' : `battleline-engine/${entry}`;
  write(`${entry}.d.ts`, `/**\n * ${what}\n * @module ${name}\n */\n${body}`);
}

// The computer player: the worker script is bundled into one classic script and inlined as a string.
const workerBuild = await esbuild.build({
  entryPoints: [join(npm, 'worker-main.js')],
  bundle: true,
  write: false,
  format: 'iife',
  minify: true,
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
  // The worker gets its wasm from the main thread (initSync); the inline copy is never loaded there.
  plugins: [
    {
      name: 'no-inline-wasm',
      setup(b) {
        b.onResolve({ filter: /wasm-base64\.js$/ }, () => ({ path: 'unused', namespace: 'empty' }));
        b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export function bytes() { throw new Error("no inline wasm in the worker"); }', loader: 'js' }));
      },
    },
  ],
});
write('inline-worker-source.js', `// The computer player's worker script as a string, started from a Blob URL (npm/worker-main.js bundled with the full engine's glue; internal: sites serve computer.worker.js instead).\nexport default ${JSON.stringify(workerBuild.outputFiles[0].text)};\n`);
// The same script as a file, for sites whose Content-Security-Policy allows no blob: worker: they serve it
// and pass its URL (`new Computer({ worker })`, the element's `worker-url`).
write('computer.worker.js', `// The computer player's worker (battleline-engine/computer.worker.js): a classic script, started by new Computer({ worker: its URL }).\n${workerBuild.outputFiles[0].text}`);
write('inline-worker-source.d.ts', 'declare const source: string;\nexport default source;\n');
// The wrapper around the worker (npm/src/*.ts) compiled by tsc into pkg/, with its declarations (the
// public ones are computer.d.ts's; computer-node.js, the Node entry, has the same API).
execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(npm, 'tsconfig.json')], { stdio: 'inherit' });
rmSync(join(pkg, 'node-worker-threads.d.ts'), { force: true });

// The game as an element (battleline-engine/element): the page's own game UI (www/src/element/), bundled
// with its stylesheet and the players' rules, on the package's full engine and computer (imported, not
// copied: one engine per site). Readable, not minified: the site's bundler minifies.
const www = join(root, 'www');
const packageImports = {
  name: 'package-imports',
  setup(b) {
    b.onResolve({ filter: /pkg\/(full|computer)\.js$/ }, (args) => ({ path: `./${args.path.match(/(full|computer)\.js$/)[0]}`, external: true }));
    b.onResolve({ filter: /pkg\/full\/wasm-base64\.js$/ }, () => ({ path: './full/wasm-base64.js', external: true }));
    b.onResolve({ filter: /^battleline:rules$/ }, () => ({ path: 'rules', namespace: 'battleline' }));
    b.onLoad({ filter: /.*/, namespace: 'battleline' }, () => ({
      contents: `export const rulesHtml = ${JSON.stringify({ en: markdownToHtml(read(join(www, 'rules', 'en.md'))), zh: markdownToHtml(read(join(www, 'rules', 'zh.md'))) })};`,
      loader: 'js',
    }));
  },
};
// What the element uses only on demand is a chunk of its own beside element.js, which it imports when first
// needed (today the players' rules, fetched when first opened): element-NAME-HASH.js, stale ones removed.
for (const old of readdirSync(pkg).filter((f) => /^element-.+\.js$/.test(f))) rmSync(join(pkg, old));
await esbuild.build({
  entryPoints: { element: join(www, 'src', 'element', 'package-entry.ts') },
  outdir: pkg,
  splitting: true,
  chunkNames: 'element-[name]-[hash]',
  bundle: true,
  format: 'esm',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
  define: { __TEST_HOOK__: 'false' },
  banner: { js: '// <battle-line-game>: the whole game as a custom element (built from www/src/element/ by scripts/finish-pkg.mjs).' },
  plugins: [packageImports, cssText],
});
// Its declarations, emitted by tsc from the element's sources; React's JSX for it in element/react (a
// folder, so that even node10 resolution finds battleline-engine/element/react).
emitElementDeclarations();
mkdirSync(join(pkg, 'element'), { recursive: true });
copyFileSync(join(npm, 'element-react.d.ts'), join(pkg, 'element', 'react.d.ts'));
write('element/react.js', "// battleline-engine/element/react: the element (battleline-engine/element); element/react.d.ts declares it in React's JSX.\nexport * from '../element.js';\n");
// The same element with its wasm served as a file (battleline-engine/element/wasm-file): element/wasm-url.js,
// evaluated first, leaves the URL where the element's engine loader looks. Written as
// `new URL('…', import.meta.url)` so that a bundler that knows the pattern (Vite's build, webpack 5)
// emits the wasm as an asset of the site and rewrites the URL; the inline chunk is then never fetched.
write(
  'element/wasm-url.js',
  `// Internal (battleline-engine/element/wasm-file): the element's engine loader fetches the wasm from where the site serves it.
const url = new URL('../full/battleline_bg.wasm', import.meta.url);
globalThis[Symbol.for('battleline-engine/element served wasm')] = async () => {
  const response = await fetch(url);
  const type = response.headers.get('content-type')?.split(';')[0].trim();
  // A page instead of the file: a development server's fallback where its dependency optimiser moved this module.
  if (!response.ok || type === 'text/html') throw new Error(\`the engine's wasm was not found at \${url.href} (HTTP \${response.status}, \${type}): does the site serve the file its bundler emitted? (Vite's dev server: optimizeDeps: { exclude: ['battleline-engine'] })\`);
  // Served as application/wasm, it compiles while it downloads.
  if (type === 'application/wasm') return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
};
`,
);
write('element/wasm-file.js', "// battleline-engine/element/wasm-file: the element (battleline-engine/element), its engine's wasm fetched as a file the site's bundler emits.\nimport './wasm-url.js';\nexport * from '../element.js';\n");
write('element/wasm-file.d.ts', "// battleline-engine/element/wasm-file: the element, its engine's wasm served as a file (see the README).\nexport * from '../element.js';\n");

// CommonJS copies for require() in Node: bundled, reading the .wasm file from disk instead of base64.
const wasmFromDisk = {
  name: 'wasm-from-disk',
  setup(b) {
    b.onResolve({ filter: /wasm-base64\.js$/ }, (args) => ({ path: join(args.resolveDir, args.path).includes('/full/') ? 'full' : 'rules', namespace: 'wasm-file' }));
    b.onLoad({ filter: /.*/, namespace: 'wasm-file' }, (args) => ({
      contents: `const { readFileSync } = require('node:fs');\nconst { join } = require('node:path');\nexports.bytes = () => readFileSync(join(__dirname, ${JSON.stringify(args.path)}, 'battleline_bg.wasm'));\n`,
      loader: 'js',
    }));
  },
};
// One errors.cjs shared by the CommonJS entries, so that one BattleLineError class serves them all.
const sharedErrors = { name: 'shared-errors', setup: (b) => b.onResolve({ filter: /errors\.js$/ }, () => ({ path: './errors.cjs', external: true })) };
await esbuild.build({ entryPoints: [join(pkg, 'errors.js')], outfile: join(pkg, 'errors.cjs'), format: 'cjs', platform: 'node', target: 'node18', logLevel: 'warning' });
for (const [from, to] of [['index.js', 'index.cjs'], ['full.js', 'full.cjs'], ['computer-node.js', 'computer.cjs']]) {
  await esbuild.build({
    entryPoints: [join(pkg, from)],
    outfile: join(pkg, to),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node18',
    logLevel: 'warning',
    plugins: [wasmFromDisk, sharedErrors],
  });
}

// Self-contained CommonJS declarations (a .d.cts may not re-export an ES module's declarations).
const errorClass = read(join(npm, 'errors.d.ts')).replace(/^import type .*\n/m, '');
const glueTypes = (build) => read(join(pkg, build, 'battleline.d.ts'));
write('index.d.cts', `${glueTypes('rules')}\nexport { __wbg_init as init };\n${errorClass}`);
write('full.d.cts', `${glueTypes('full')}\nexport { __wbg_init as init };\n${errorClass}`);
// The computer's, from tsc's: the same declarations, pointing at the CommonJS declarations.
const toCommonJs = (text) =>
  text
    .replaceAll("from './full/battleline.js'", "from './full.cjs'")
    .replaceAll("from './errors.js'", "from './full.cjs'")
    .replaceAll("from './computer-core.js'", "from './computer-core.cjs'");
write('computer-core.d.cts', toCommonJs(read(join(pkg, 'computer-core.d.ts'))));
write('computer.d.cts', toCommonJs(read(join(pkg, 'computer.d.ts'))));
for (const file of ['computer.d.cts', 'computer-core.d.cts']) {
  if (read(join(pkg, file)).includes('.js\'')) throw new Error(`finish-pkg: ${file} still points at ES modules`);
}

// Documents and the manifest.
copyFileSync(join(npm, 'README.md'), join(pkg, 'README.md'));
copyFileSync(join(root, 'LICENSE'), join(pkg, 'LICENSE'));
copyFileSync(join(root, 'CHANGELOG.md'), join(pkg, 'CHANGELOG.md'));
copyFileSync(join(root, 'docs', 'RULES.md'), join(pkg, 'RULES.md'));
const rootManifest = JSON.parse(read(join(root, 'package.json')));
const entry = (esm, cjs) => ({ import: { types: `./${esm}.d.ts`, default: `./${esm}.js` }, require: { types: `./${cjs}.d.cts`, default: `./${cjs}.cjs` } });
const manifest = {
  name: rootManifest.name,
  version: rootManifest.version,
  description: rootManifest.description,
  keywords: rootManifest.keywords,
  license: rootManifest.license,
  type: 'module',
  main: './index.cjs',
  module: './index.js',
  types: './index.d.ts',
  exports: {
    '.': entry('index', 'index'),
    './full': entry('full', 'full'),
    './computer': {
      node: {
        import: { types: './computer.d.ts', default: './computer-node.js' },
        require: { types: './computer.d.cts', default: './computer.cjs' },
      },
      default: { types: './computer.d.ts', default: './computer.js' },
    },
    './element': { types: './element.d.ts', default: './element.js' },
    // The same element, with `<battle-line-game>` declared in React's JSX (for TypeScript projects using React 19).
    './element/react': { types: './element/react.d.ts', default: './element/react.js' },
    // The same element, its wasm served as a file that the site's bundler emits (Vite's build, webpack 5).
    './element/wasm-file': { types: './element/wasm-file.d.ts', default: './element/wasm-file.js' },
    './computer.worker.js': './computer.worker.js',
    './rules.wasm': './rules/battleline_bg.wasm',
    './full.wasm': './full/battleline_bg.wasm',
    './package.json': './package.json',
  },
  files: [
    '*.js', '*.cjs', '*.d.ts', '*.d.cts', 'element-types/*.d.ts', 'element/react.js', 'element/react.d.ts', 'element/wasm-file.js', 'element/wasm-file.d.ts', 'element/wasm-url.js',
    ...builds.flatMap((b) => [`${b}/battleline.js`, `${b}/battleline.d.ts`, `${b}/battleline_bg.wasm`, `${b}/battleline_bg.wasm.d.ts`, `${b}/wasm-base64.js`, `${b}/wasm-base64.d.ts`]),
    'RULES.md', 'CHANGELOG.md',
  ],
  // Only the element's entries do something on import (they define <battle-line-game>), and its chunks (a
  // feature's chunk adds the feature's words to the element's tables as it loads): bundlers must keep them.
  sideEffects: ['./element.js', './element/react.js', './element/wasm-file.js', './element/wasm-url.js', './element-*.js'],
  engines: { node: '>=18' },
};
write('package.json', JSON.stringify(manifest, null, 2) + '\n');

// What a site downloads for each entry point: the entry bundled as a site's bundler would (esbuild,
// minified, code splitting: the inline wasm is a chunk of its own, fetched only by init() without an
// argument), and the wasm binary itself for sites that serve it. The rules engine alone must stay
// within 150 KiB of gzipped wasm, served as a file or inlined. (It was 150 KB, 150,000 bytes, until the
// three-player resign's rule added 3.4 KiB: the budget is now in KiB like every figure the build prints;
// docs/FIGURES_HISTORY.md.)
const RULES_BUDGET = 150 * 1024;
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const sizes = {};
for (const entry of ['index', 'full', 'computer', 'element']) {
  const result = await esbuild.build({
    entryPoints: [join(pkg, `${entry}.js`)],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    outdir: join(root, 'target', 'pkg-size'),
    logLevel: 'warning',
  });
  // Each file: loaded at once (the entry's own and every chunk it imports statically, as code shared with a
  // chunk loaded on demand is), the inline wasm's chunk, or a chunk loaded on demand.
  const outputs = result.metafile.outputs;
  const initial = new Set();
  const visit = (path) => {
    if (initial.has(path)) return;
    initial.add(path);
    for (const i of outputs[path].imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
  };
  visit(Object.keys(outputs).find((path) => path.endsWith(`${entry}.js`)));
  const kind = (f) => {
    const path = relative(root, f.path);
    if (initial.has(path)) return 'js';
    const inputs = Object.keys(outputs[path]?.inputs ?? {});
    return inputs.some((i) => i.endsWith('wasm-base64.js')) ? 'inlineWasmChunk' : 'lazyJs';
  };
  const files = result.outputFiles.map((f) => ({ kind: kind(f), bytes: f.contents.length, gzipped: gz(f.contents) }));
  const sum = (k) => ({ bytes: files.filter((f) => f.kind === k).reduce((a, f) => a + f.bytes, 0), gzipped: files.filter((f) => f.kind === k).reduce((a, f) => a + f.gzipped, 0) });
  sizes[entry === 'index' ? 'battleline-engine' : `battleline-engine/${entry}`] = { js: sum('js'), inlineWasmChunk: sum('inlineWasmChunk'), lazyJs: sum('lazyJs') };
}
// The element's budget: the JS a page loads before its first move (written into the README with the rest).
// A feature's stylesheet travels in its chunk (www/src/feature-css.ts), as its code does.
const ELEMENT_BUDGET = 60 * 1024;
sizes['battleline-engine/element'].budget = { gzipped: ELEMENT_BUDGET };
for (const build of builds) {
  const wasm = readFileSync(join(pkg, build, 'battleline_bg.wasm'));
  sizes[`${build}.wasm`] = { bytes: wasm.length, gzipped: gz(wasm) };
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const [name, s] of Object.entries(sizes)) {
  console.log(
    s.js
      ? `${name}: JS ${kib(s.js.bytes)} (${kib(s.js.gzipped)} gzipped)${s.lazyJs.bytes ? `, on demand ${kib(s.lazyJs.bytes)} (${kib(s.lazyJs.gzipped)} gzipped)` : ''}, inline wasm chunk ${kib(s.inlineWasmChunk.bytes)} (${kib(s.inlineWasmChunk.gzipped)} gzipped)`
      : `${name}: ${kib(s.bytes)} (${kib(s.gzipped)} gzipped)`,
  );
}
mkdirSync(join(root, 'test-results'), { recursive: true });
writeFileSync(join(root, 'test-results', 'pkg-sizes.json'), JSON.stringify(sizes, null, 2) + '\n');
// The package README's figures are these (scripts/readme-sizes.mjs): the shipped copy and the repository's.
// (The project README's figures table is docs/figures.json's: `node scripts/figures.mjs --record sizes`.)
const rewritten = fillSizes([join(npm, 'README.md'), join(pkg, 'README.md')], sizes);
if (rewritten.length) console.log(`sizes written into ${rewritten.map((f) => f.slice(root.length)).join(', ')}`);
// The element's budget: its features (the coach, online play, the tutorial, records, a claim's explanation,
// the new-game dialog, the players' rules) are chunks fetched when first used; what is left must fit.
const elementJs = sizes['battleline-engine/element'].js.gzipped;
console.log(`budget: the element's initial JS ${kib(elementJs)} gzipped against ${kib(ELEMENT_BUDGET)}${elementJs > ELEMENT_BUDGET ? ` (over by ${kib(elementJs - ELEMENT_BUDGET)})` : ''}`);
if (elementJs > ELEMENT_BUDGET) throw new Error(`the element's initial JS is ${elementJs} bytes gzipped, over its ${ELEMENT_BUDGET}-byte budget: load a feature on demand (www/src/coach/coach-loader.ts shows how)`);
console.log(`budget: the rules engine's wasm ${kib(sizes['rules.wasm'].gzipped)} gzipped against ${kib(RULES_BUDGET)}`);
if (sizes['rules.wasm'].gzipped > RULES_BUDGET) throw new Error(`the rules engine's wasm is ${sizes['rules.wasm'].gzipped} bytes gzipped, over its ${RULES_BUDGET}-byte budget`);
// init() with no argument downloads the inline chunk instead of the file: the same budget holds for it.
const inlineRules = sizes['battleline-engine'].inlineWasmChunk.gzipped;
if (inlineRules > RULES_BUDGET) throw new Error(`the rules engine's inline wasm chunk is ${inlineRules} bytes gzipped, over its ${RULES_BUDGET}-byte budget`);
