// The README's "Current figures" table, written from docs/figures.json rather than edited by hand:
//
//   node scripts/figures.mjs                       writes the table into README.md
//   node scripts/figures.mjs --check               fails if README.md's table is not what the file gives
//   node scripts/figures.mjs --record sizes [FILE] takes the package sizes from scripts/build-pkg.sh's
//                                                  test-results/pkg-sizes.json (or FILE), then writes
//   node scripts/figures.mjs --record bench FILE   takes the figures of `battleline bench --json FILE`,
//                                                  then writes
//   node scripts/figures.mjs --record bytes [FILE] takes the bytes before the first move from
//                                                  `node scripts/test-npm-examples.mjs bytes`
//                                                  (test-results/npm-examples.json or FILE), then writes
//
// A row's figure may hold {key} placeholders filled from its `values`; the rows a measurement updates
// name it in `record`. Sizes (keys ending in "gzipped", or in "bytes": as transferred) are bytes shown in
// KiB; other numbers are shown whole, with thousands separators. The table lies between the README's "| what | figure | command |"
// header and the next blank line.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const figuresPath = join(root, 'docs', 'figures.json');
const readmePath = join(root, 'README.md');
const HEADER = '| what | figure | command |\n| --- | --- | --- |\n';

const show = (key, value) => {
  if (typeof value !== 'number') return String(value);
  if (key.endsWith('gzipped') || key.endsWith('bytes')) return `${(value / 1024).toFixed(1)} KiB`;
  return Math.round(value).toLocaleString('en-US');
};

export function row(entry) {
  const figure = entry.figure.replace(/\{([^}]+)\}/g, (whole, key) => {
    if (!(key in (entry.values ?? {}))) throw new Error(`figure "${entry.what}": no value for {${key}}`);
    return show(key, entry.values[key]);
  });
  return `| ${entry.what} | ${figure} | ${entry.command} |`;
}

export function table(figures) {
  return HEADER + figures.rows.map(row).join('\n') + '\n';
}

/** README.md with its figures table replaced. */
export function withTable(readme, figures) {
  const start = readme.indexOf(HEADER);
  if (start < 0) throw new Error('README.md has no figures table header');
  const end = readme.indexOf('\n\n', start);
  return readme.slice(0, start) + table(figures).trimEnd() + readme.slice(end < 0 ? readme.length : end);
}

/** The value at a `name|field|...` path of scripts/build-pkg.sh's sizes file (or the examples' report). */
const sizeAt = (sizes, key) => key.split('|').reduce((v, part) => (v == null ? undefined : v[part]), sizes);

function record(figures, kind, file) {
  const source = JSON.parse(readFileSync(file, 'utf8'));
  let updated = 0;
  for (const entry of figures.rows.filter((r) => r.record === kind)) {
    for (const key of Object.keys(entry.values)) {
      const value = kind === 'bench' ? source[key] : sizeAt(source, key);
      if (typeof value !== 'number') throw new Error(`${file} has no number for "${key}" (row "${entry.what}")`);
      entry.values[key] = value;
      updated++;
    }
  }
  if (updated === 0) throw new Error(`no figure is recorded from ${kind}`);
  writeFileSync(figuresPath, JSON.stringify(figures, null, 2) + '\n');
  console.log(`[figures] ${updated} values from ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const figures = JSON.parse(readFileSync(figuresPath, 'utf8'));
  const readme = readFileSync(readmePath, 'utf8');
  if (args[0] === '--check') {
    if (withTable(readme, figures) !== readme) {
      console.error('README.md\'s figures table is not what docs/figures.json gives: edit docs/figures.json (or record a measurement) and run node scripts/figures.mjs');
      process.exit(1);
    }
    console.log('[figures] README.md matches docs/figures.json');
  } else {
    if (args[0] === '--record') {
      const kind = args[1];
      if (kind === 'sizes') record(figures, kind, args[2] ?? join(root, 'test-results', 'pkg-sizes.json'));
      else if (kind === 'bench' && args[2]) record(figures, kind, args[2]);
      else if (kind === 'bytes') record(figures, kind, args[2] ?? join(root, 'test-results', 'npm-examples.json'));
      else {
        console.error('usage: node scripts/figures.mjs [--check | --record sizes [FILE] | --record bench FILE | --record bytes [FILE]]');
        process.exit(2);
      }
    } else if (args.length > 0) {
      console.error('usage: node scripts/figures.mjs [--check | --record sizes [FILE] | --record bench FILE | --record bytes [FILE]]');
      process.exit(2);
    }
    writeFileSync(readmePath, withTable(readme, figures));
    console.log('[figures] README.md written from docs/figures.json');
  }
}
