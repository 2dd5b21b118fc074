// No import circles: in the page's TypeScript (www/src, value imports; `import type` is erased) and in the
// command-line program's modules (src/bin/battleline, `use crate::…`). A circle makes the order of a
// module's evaluation depend on who imports it first, and hides which module depends on which.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

function files(dir, extension) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name), extension) : entry.name.endsWith(extension) ? [join(dir, entry.name)] : [],
  );
}

/** The first circle of `graph` (node → its imports), as a path, or null. */
export function circle(graph) {
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}

test('the circle finder finds a circle and only a circle', () => {
  assert.deepEqual(circle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]])), ['a', 'b', 'c', 'a']);
  assert.equal(circle(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]])), null);
});

test('the page\'s modules import no circle', () => {
  const src = join(root, 'www', 'src');
  const graph = new Map();
  for (const file of files(src, '.ts')) {
    const text = readFileSync(file, 'utf8');
    const imports = [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms)]
      .map((m) => resolve(dirname(file), m[1]).replace(/\.js$/, '.ts'))
      .filter((target) => target.startsWith(src));
    graph.set(file, imports);
  }
  assert.ok(graph.size > 40, `${graph.size} modules`);
  const found = circle(graph);
  assert.equal(found, null, `import circle: ${found?.map((f) => relative(src, f)).join(' -> ')}`);
});

test('the command-line program\'s modules use no circle', () => {
  const dir = join(root, 'src', 'bin', 'battleline');
  const graph = new Map();
  for (const file of files(dir, '.rs')) {
    const name = file.slice(dir.length + 1, -3);
    const text = readFileSync(file, 'utf8');
    const used = new Set();
    for (const m of text.matchAll(/use crate::(?:\{([^}]*)\}|(\w+))/g)) {
      for (const part of (m[1] ?? m[2]).split(',')) used.add(part.trim().split('::')[0]);
    }
    graph.set(name, [...used].filter(Boolean));
  }
  assert.ok(graph.has('cli') && graph.get('cli').includes('bench'), 'cli uses the subcommands');
  const found = circle(graph);
  assert.equal(found, null, `use circle: ${found?.join(' -> ')}`);
});
