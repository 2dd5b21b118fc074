// The engine's public API as a listing, one item a line (`fn bot::suggest`, `method bot::SearchBot::new`,
// `variant bot::BotKind::Random`, …), read from the documentation that stable rustdoc writes for the
// default features: the crate's list of all items, and each type's and trait's page for its inherent
// methods, associated constants, fields, variants and trait methods. Items hidden from the documentation
// are not listed (the lab's hooks are behind the `lab-hooks` feature, off here).
//
//   node scripts/public-api.mjs            writes docs/public-api.txt
//   node scripts/public-api.mjs --check    fails, showing the difference, when the API and the listing
//                                          differ (part of the test command's lint stage)
//   node scripts/public-api.mjs --no-build reads target/doc as it is (after `cargo doc --no-deps --lib`)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const listing = join(root, 'docs', 'public-api.txt');
const args = new Set(process.argv.slice(2));

/** The listing's lines, from the documentation in `doc` (target/doc/battleline). */
function publicApi(doc) {
  const all = readFileSync(join(doc, 'all.html'), 'utf8');
  const lines = [];
  const sections = all.split(/<h3 id="([a-z-]+)">/).slice(1);
  for (let i = 0; i < sections.length; i += 2) {
    const section = sections[i];
    for (const [, href] of sections[i + 1].matchAll(/<li><a href="([^"]+)">/g)) {
      const parts = href.replace(/\.html$/, '').split('/');
      const [kind, name] = parts.pop().split('.');
      const path = [...parts, name].join('::');
      lines.push(`${kind} ${path}`);
      if (!['struct', 'enum', 'trait', 'union'].includes(kind)) continue;
      lines.push(...members(readFileSync(join(doc, href), 'utf8'), kind, path));
    }
    if (!/^[a-z-]+$/.test(section)) throw new Error(`unexpected section ${section}`);
  }
  return [...new Set(lines)].sort();
}

/** A type's fields, variants, inherent methods and associated constants, or a trait's methods. */
function members(page, kind, path) {
  const ids = (text, pattern) => [...text.matchAll(pattern)].map((m) => m[1].replace(/-\d+$/, ''));
  const out = [];
  for (const field of ids(page, /id="structfield\.([^"]+)"/g)) out.push(`field ${path}::${field}`);
  for (const variant of ids(page, /id="variant\.(\w+)"/g)) out.push(`variant ${path}::${variant}`);
  for (const m of page.matchAll(/id="variant\.(\w+)\.field\.(\w+)"/g)) out.push(`field ${path}::${m[1]}::${m[2]}`);
  if (kind === 'trait') {
    const own = page.split('id="implementors"')[0];
    for (const m of ids(own, /id="(?:ty)?method\.([^"]+)"/g)) out.push(`method ${path}::${m}`);
    return out;
  }
  const start = page.indexOf('id="implementations-list"');
  if (start >= 0) {
    // The inherent impls end where the first of the trait sections begins (a type without trait impls
    // has no "trait-implementations" section, only the synthetic and blanket ones).
    const ends = ['trait-implementations', 'synthetic-implementations', 'blanket-implementations']
      .map((id) => page.indexOf(`id="${id}"`, start))
      .filter((at) => at >= 0);
    const inherent = page.slice(start, ends.length ? Math.min(...ends) : undefined);
    for (const m of ids(inherent, /id="method\.([^"]+)"/g)) out.push(`method ${path}::${m}`);
    for (const c of ids(inherent, /id="associatedconstant\.([^"]+)"/g)) out.push(`const ${path}::${c}`);
  }
  return out;
}

const doc = join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "doc", "battleline");
if (!args.has('--no-build')) {
  execFileSync('cargo', ['doc', '--quiet', '--no-deps', '--lib', '-p', 'battleline'], { cwd: root, stdio: 'inherit' });
}
if (!existsSync(join(doc, 'all.html'))) throw new Error(`no documentation in ${doc}: run cargo doc --no-deps --lib`);
const text = `${publicApi(doc).join('\n')}\n`;
if (args.has('--check')) {
  const committed = existsSync(listing) ? readFileSync(listing, 'utf8') : '';
  if (committed !== text) {
    const before = new Set(committed.split('\n').filter(Boolean));
    const after = new Set(text.split('\n').filter(Boolean));
    for (const line of before) if (!after.has(line)) console.error(`- ${line}`);
    for (const line of after) if (!before.has(line)) console.error(`+ ${line}`);
    console.error('the public API differs from docs/public-api.txt: if the change is meant, run node scripts/public-api.mjs');
    process.exit(1);
  }
  const bot = text.split('\n').filter((l) => / bot::/.test(l)).length;
  console.log(`public API as listed: ${text.split('\n').length - 1} items, ${bot} in battleline::bot`);
} else {
  writeFileSync(listing, text);
  console.log(`wrote ${listing}`);
}
