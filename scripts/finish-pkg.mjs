// Completes pkg/ after wasm-pack: the entry module (re-exporting the bindings and BattleLineError,
// whose file wasm-pack places under a hashed snippets/ folder), its types, and package.json.
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';

const pkg = new URL('../pkg/', import.meta.url).pathname;
const findErrors = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findErrors(path);
      if (found) return found;
    } else if (entry.name === 'errors.js') {
      return path;
    }
  }
  return null;
};
const errors = findErrors(join(pkg, 'snippets'));
if (!errors) throw new Error('pkg/snippets/**/errors.js not found: did wasm-pack run?');
const errorsPath = './' + relative(pkg, errors);

writeFileSync(join(pkg, 'index.js'), `// The package entry: the wasm bindings and the error class they throw.
export * from './battleline.js';
export { default } from './battleline.js';
export { BattleLineError } from '${errorsPath}';
`);
writeFileSync(join(pkg, 'index.d.ts'), `export * from './battleline.js';
export { default } from './battleline.js';
import type { ErrorCode } from './battleline.js';
/** Thrown by every failing call; the game is left exactly as it was. */
export declare class BattleLineError extends Error {
  readonly name: 'BattleLineError';
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string);
}
`);
// wasm-bindgen types the raw wasm exports (InitOutput) with `any`; the public declarations promise
// none, and `unknown` is exact for values nobody should touch.
for (const file of ['battleline.d.ts', 'battleline_bg.wasm.d.ts']) {
  const path = join(pkg, file);
  writeFileSync(path, readFileSync(path, 'utf8').replace(/\bany\b(?=[,)\]; ])/g, 'unknown'));
}
const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url)));
const manifest = {
  name: root.name,
  version: root.version,
  description: root.description,
  license: root.license,
  type: 'module',
  main: 'index.js',
  module: 'index.js',
  types: 'index.d.ts',
  exports: {
    '.': { types: './index.d.ts', default: './index.js' },
    './battleline_bg.wasm': './battleline_bg.wasm',
  },
  files: ['index.js', 'index.d.ts', 'battleline.js', 'battleline.d.ts', 'battleline_bg.wasm', 'battleline_bg.wasm.d.ts', 'snippets'],
  sideEffects: ['./snippets/*'],
};
writeFileSync(join(pkg, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
if (!existsSync(join(pkg, 'battleline_bg.wasm'))) throw new Error('no wasm');
const size = (file) => {
  const bytes = readFileSync(join(pkg, file));
  return `${(bytes.length / 1024).toFixed(1)} KiB (${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KiB gzipped)`;
};
console.log(`pkg/battleline_bg.wasm: ${size('battleline_bg.wasm')}`);
console.log(`pkg/battleline.js: ${size('battleline.js')}`);
