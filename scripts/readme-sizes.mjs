// The package's sizes in its README come from the build: every figure is written between markers,
//   <!--size KEY FIELD-->229.6 KiB<!--/size-->
// where KEY is an entry of test-results/pkg-sizes.json (what scripts/finish-pkg.mjs measured: an entry
// point, `full.wasm`, `rules.wasm`) and FIELD a path in it (`gzipped`, `js.gzipped`,
// `inlineWasmChunk.gzipped`); no `|` in a marker, for they sit in Markdown tables. scripts/finish-pkg.mjs
// rewrites them in npm/README.md and the shipped pkg/README.md after every build; a figure outside the
// markers is not allowed in the package's README (scripts/test-npm-examples.mjs checks). The project
// README's figures are docs/figures.json's (scripts/figures.mjs).
//   node scripts/readme-sizes.mjs            rewrite from test-results/pkg-sizes.json
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const marker = /<!--size (\S+) (\S+)-->[^<]*<!--\/size-->/g;

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Rewrites the marked figures of `files` from `sizes`; returns the files that changed. */
export function fillSizes(files, sizes) {
  const changed = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const next = text.replace(marker, (_, key, field) => {
      let value = sizes[key];
      for (const part of field.split('.')) value = value?.[part];
      if (typeof value !== 'number') throw new Error(`readme-sizes: ${basename(file)} names ${key} ${field}, which the build did not measure`);
      return `<!--size ${key} ${field}-->${kib(value)}<!--/size-->`;
    });
    if (next !== text) {
      writeFileSync(file, next);
      changed.push(file);
    }
  }
  return changed;
}

/** Figures in KiB that are not between markers (none may be, in the package's README). */
export function unmarkedSizes(text) {
  return text.replace(marker, '').match(/\d+(\.\d+)? KiB/g) ?? [];
}

if (process.argv[1] && basename(process.argv[1]) === 'readme-sizes.mjs') {
  const sizes = JSON.parse(readFileSync(join(root, 'test-results', 'pkg-sizes.json'), 'utf8'));
  const changed = fillSizes([join(root, 'npm', 'README.md'), join(root, 'pkg', 'README.md')], sizes);
  console.log(`[readme-sizes] ${changed.length ? changed.join(', ') : 'nothing to change'}`);
}
