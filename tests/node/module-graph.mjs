// The import graphs of the project's trees, for tests/node/import-cycles.test.mjs: which module of a Rust
// crate uses which (`crate::…`, `super::…`, `self::…` paths), which TypeScript file imports which (value
// imports; `import type` is erased), and the page's folders as modules. A graph is a Map from a module to
// the modules it depends on.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Every file under `dir` ending in `extension`, skipping the folders named in `skip` (absolute paths). */
export function files(dir, extension, skip = []) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(path) ? [] : files(path, extension, skip);
    return entry.name.endsWith(extension) ? [path] : [];
  });
}

/** The strongly connected parts of `graph` with more than one module (or a module using itself): each
 * is a set of modules that reach one another, i.e. one or more circles. Tarjan's algorithm. */
export function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A Rust file's module path in its crate (`bot/eval.rs` → `bot::eval`, `bot/mod.rs` → `bot`, the root
 * file → `crate`). */
function rustModule(root, file) {
  const parts = relative(root, file).split(sep);
  const last = parts.pop().replace(/\.rs$/, '');
  if (!(last === 'mod' || (parts.length === 0 && (last === 'lib' || last === 'main')))) parts.push(last);
  return parts.length ? parts.join('::') : 'crate';
}

/** The paths a Rust source names from its own crate, each as segments from the crate root. Comments and
 * the test modules (from the first `#[cfg(test)]` on: the project keeps them at the end of each file) are
 * left out: a test may use what it likes. `use crate::{a, b::c}` groups are expanded one level. */
function rustPaths(source, module) {
  const code = source.slice(0, source.indexOf('#[cfg(test)]') >>> 0).replace(/\/\/.*$/gm, '');
  const here = module === 'crate' ? [] : module.split('::');
  const paths = [];
  for (const m of code.matchAll(/(?<![$\w])(crate|super|self)((?:::(?:super|\w+))*)::(\{[^;]*?\}(?=\s*;)|\w+|\*)/g)) {
    let base = m[1] === 'crate' ? [] : m[1] === 'super' ? here.slice(0, -1) : here;
    const middle = m[2].split('::').filter(Boolean);
    for (const part of middle) {
      if (part === 'super') base = base.slice(0, -1);
      else base = [...base, part];
    }
    const tail = m[3];
    if (tail.startsWith('{')) {
      let depth = 0;
      let item = '';
      for (const ch of tail.slice(1, -1) + ',') {
        if (ch === '{') depth += 1;
        if (ch === '}') depth -= 1;
        if (ch === ',' && depth === 0) {
          const first = item.trim().split(/::|\s/)[0];
          if (first && first !== 'self') paths.push([...base, first]);
          else if (first === 'self') paths.push(base);
          item = '';
        } else item += ch;
      }
    } else paths.push(tail === '*' ? base : [...base, tail]);
  }
  return paths;
}

/**
 * The module graph of the Rust crate whose root file is `rootFile` (lib.rs or main.rs), over the `.rs`
 * files beside and below it, less the folders in `skip` (other crates: src/bin). A path resolves to the
 * longest module it names. A module's own descendants are not its dependencies: a parent declares its
 * children and re-exports them as its facade, which is how Rust modules are built, not a circle.
 */
export function rustGraph(rootFile, skip = []) {
  const root = dirname(rootFile);
  const sources = files(root, '.rs', skip).filter((f) => {
    const name = relative(root, f);
    return !(name !== relative(root, rootFile) && (name === 'main.rs' || name === 'lib.rs'));
  });
  const modules = new Map(sources.map((f) => [rustModule(root, f), f]));
  const graph = new Map();
  for (const [module, file] of modules) {
    const deps = new Set();
    for (const path of rustPaths(readFileSync(file, 'utf8'), module)) {
      let target = 'crate';
      for (let n = path.length; n > 0; n -= 1) {
        const name = path.slice(0, n).join('::');
        if (modules.has(name)) {
          target = name;
          break;
        }
      }
      const descendant = module === 'crate' || target.startsWith(`${module}::`);
      if (target !== module && !descendant) deps.add(target);
    }
    graph.set(module, [...deps].sort());
  }
  return graph;
}

/** The TypeScript files under `src` and the files of that tree each imports (value imports). */
export function tsGraph(src) {
  const graph = new Map();
  for (const file of files(src, '.ts').filter((f) => !f.endsWith('.d.ts'))) {
    const text = readFileSync(file, 'utf8');
    const imports = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)]
      .map((m) => resolve(dirname(file), m[1]).replace(/\.js$/, '.ts'))
      .filter((target) => target.startsWith(src + sep));
    graph.set(file, [...new Set(imports)]);
  }
  return graph;
}

/** `graph` (over files under `src`) with each folder directly under `src` as one module, named after it,
 * and each file directly under `src` as itself (`main.ts`); imports within one folder drop out. */
export function folderGraph(graph, src) {
  const top = (file) => relative(src, file).split(sep)[0];
  const folders = new Map();
  for (const [file, imports] of graph) {
    const from = top(file);
    const deps = folders.get(from) ?? new Set();
    for (const to of imports.map(top)) if (to !== from) deps.add(to);
    folders.set(from, deps);
  }
  return new Map([...folders].map(([name, deps]) => [name, [...deps].sort()]));
}
