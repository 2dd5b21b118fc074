// The declarations of `battleline-engine/element`, emitted by the TypeScript compiler from the element's
// sources (www/src/element/package-entry.ts, element.ts, api.ts) rather than written by hand, so they say
// what the code does. Items marked @internal (the page's and the tests' ways in) are left out. The emitted
// files are pkg/element.d.ts and, beside it, pkg/element-types/*.d.ts; their imports of the engine's
// declarations are pointed at the package's own (pkg/full.js). Any other file they would need is an error:
// the element's public types must not reach into the game's internals.
//   node scripts/element-dts.mjs      (run by scripts/finish-pkg.mjs)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const source = join(root, 'www', 'src', 'element');
const pkg = join(root, 'pkg');

export function emitElementDeclarations() {
  const config = ts.readConfigFile(join(root, 'www', 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, join(root, 'www'));
  const options = { ...parsed.options, noEmit: false, declaration: true, emitDeclarationOnly: true, stripInternal: true, outDir: join(root, 'target', 'element-dts') };
  // css.d.ts: the ambient modules of the build (the stylesheet and the rules as text).
  const program = ts.createProgram([join(source, 'package-entry.ts'), join(root, 'www', 'src', 'css.d.ts')], options);
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length) throw new Error(`element-dts: ${ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' })}`);
  const emitted = new Map();
  const result = program.emit(undefined, (file, text) => emitted.set(file, text), undefined, true);
  if (result.diagnostics.length) throw new Error(`element-dts: ${result.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n')}`);
  const byName = new Map([...emitted].map(([file, text]) => [relative(options.outDir, file), text]));
  const wanted = { 'element/package-entry.d.ts': 'element.d.ts', 'element/element.d.ts': 'element-types/element.d.ts', 'element/api.d.ts': 'element-types/api.d.ts' };
  rmSync(join(pkg, 'element-types'), { recursive: true, force: true });
  mkdirSync(join(pkg, 'element-types'), { recursive: true });
  for (const [from, to] of Object.entries(wanted)) {
    let text = byName.get(from);
    if (text === undefined) throw new Error(`element-dts: ${from} was not emitted`);
    const engine = to.includes('/') ? '../full.js' : './full.js';
    text = text
      .replaceAll("'../../../pkg/full.js'", `'${engine}'`)
      .replaceAll("'./element.js'", to.includes('/') ? "'./element.js'" : "'./element-types/element.js'")
      .replaceAll("'./api.js'", to.includes('/') ? "'./api.js'" : "'./element-types/api.js'");
    for (const [, specifier] of text.matchAll(/from '([^']+)'/g)) {
      const ok = specifier === engine || (to.includes('/') ? ['./element.js', './api.js'] : ['./element-types/element.js', './element-types/api.js']).includes(specifier);
      if (!ok) throw new Error(`element-dts: ${to} imports ${specifier}, outside the element's public types`);
    }
    if (/\bimport\(/.test(text)) throw new Error(`element-dts: ${to} has an inline import() type`);
    let header = `// Emitted by tsc from www/src/${from.replace(/\.d\.ts$/, '.ts')} (scripts/element-dts.mjs): do not edit.\n`;
    // tsc drops the entry's leading doc comment (it belongs to an import that declarations leave out): the
    // module's documentation and its `@module` name, which editors and TypeDoc show, are put back.
    if (to === 'element.d.ts') {
      const doc = /\/\*\*(?:(?!\*\/)[\s\S])*@module battleline-engine\/element\n \*\//.exec(readFileSync(join(source, 'package-entry.ts'), 'utf8'));
      if (!doc) throw new Error('element-dts: www/src/element/package-entry.ts lost its @module battleline-engine/element comment');
      if (!text.includes('@module')) header += `${doc[0]}\n`;
    }
    writeFileSync(join(pkg, to), header + text);
  }
  return Object.values(wanted);
}

if (process.argv[1] && basename(process.argv[1]) === 'element-dts.mjs') {
  console.log(`[element-dts] ${emitElementDeclarations().map((f) => `pkg/${f}`).join(', ')}`);
}
