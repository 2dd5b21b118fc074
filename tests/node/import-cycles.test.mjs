// No import circles in any tree of the project: the engine's modules (src/, `use crate::…`), the
// command-line program's (src/bin/battleline), the game server's (server/src), the lab's (lab/src and its
// value_lab program), the npm package's TypeScript (npm/src), the page's TypeScript files (www/src) and the
// page's folders taken as modules (www/src/game/, coach/, …). A circle makes the order of a module's
// evaluation depend on who imports it first, and hides which module depends on which.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { circles, folderGraph, rustGraph, tsGraph } from './module-graph.mjs';

const root = new URL('../../', import.meta.url).pathname;
const www = join(root, 'www', 'src');

// Circles that exist and are known, each as the one dependency (from → to) whose removal breaks it.
// This list must only shrink: an entry whose dependency is gone fails the test below, so the entry is
// removed with the fix; a circle not on it fails at once.
const KNOWN = {
  // The room's task tells the hub when a room empties; the hub starts the task. The hub should hand
  // the task a channel (or a callback) instead of the task naming the hub.
  server: [['room_task', 'hub']],
};

/** Each tree: its name and its graph. */
function trees() {
  const www_files = tsGraph(www);
  return [
    ['engine', rustGraph(join(root, 'src', 'lib.rs'), [join(root, 'src', 'bin')]), 50],
    ['command-line program', rustGraph(join(root, 'src', 'bin', 'battleline', 'main.rs')), 10],
    ['server', rustGraph(join(root, 'server', 'src', 'main.rs')), 10],
    ['lab', rustGraph(join(root, 'lab', 'src', 'lib.rs'), [join(root, 'lab', 'src', 'bin')]), 5],
    ['value_lab', rustGraph(join(root, 'lab', 'src', 'bin', 'value_lab', 'main.rs')), 3],
    ['npm package', tsGraph(join(root, 'npm', 'src')), 3],
    ['page files', www_files, 40],
    ['page folders', folderGraph(www_files, www), 20],
  ];
}

test('the circle finder finds every circle and only circles', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a', 'e']],
    ['e', ['d']],
    ['f', ['f']],
    ['g', []],
  ]);
  assert.deepEqual(circles(graph), [['a', 'b', 'c'], ['d', 'e'], ['f']]);
  assert.deepEqual(circles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]])), []);
});

test('the Rust reader sees uses, paths in code, groups and super, and not a parent\'s own children', () => {
  const graph = rustGraph(join(root, 'src', 'lib.rs'), [join(root, 'src', 'bin')]);
  // `use super::value_model::sigmoid` style uses, `crate::…` paths inside code, `use crate::{…}` groups.
  assert.ok(graph.get('bot::value::features').includes('bot::value::flags_to_game'), 'super:: use');
  assert.ok(graph.get('bot').includes('crate'), 'crate::rng_from_seed inside a function');
  assert.ok(graph.get('bot').includes('position::view'), 'the longest module a path names');
  // bot/mod.rs declares and re-exports its children: no dependency on them.
  assert.ok(!graph.get('bot').some((m) => m.startsWith('bot::')), graph.get('bot').join(' '));
  assert.ok(!graph.has('bin::battleline::main'), 'src/bin is another crate');
  const cli = rustGraph(join(root, 'src', 'bin', 'battleline', 'main.rs'));
  assert.ok(cli.has('cli') && cli.get('cli').includes('bench'), 'cli uses the subcommands');
});

test('the page\'s folders are modules: a folder\'s imports are its files\' imports from outside it', () => {
  const folders = folderGraph(tsGraph(www), www);
  for (const folder of ['game', 'coach', 'online', 'tutorial', 'element']) assert.ok(folders.has(folder), folder);
  assert.ok(folders.get('online').includes('game'), 'online/ imports game/');
  assert.ok(!folders.get('game').includes('game'), 'imports inside a folder drop out');
});

test('no tree has an import circle beyond the known ones, and every known one still exists', () => {
  const problems = [];
  for (const [name, graph, least] of trees()) {
    assert.ok(graph.size >= least, `${name}: only ${graph.size} modules read`);
    const known = KNOWN[name] ?? [];
    const pruned = new Map(graph);
    for (const [from, to] of known) {
      if (!(graph.get(from) ?? []).includes(to)) {
        problems.push(`${name}: ${from} no longer imports ${to}: remove the entry from KNOWN`);
      }
      pruned.set(from, (pruned.get(from) ?? []).filter((m) => m !== to));
    }
    const show = (m) => (m.startsWith('/') ? relative(www, m) : m);
    for (const part of circles(pruned)) problems.push(`${name}: circle among ${part.map(show).join(', ')}`);
  }
  assert.deepEqual(problems, []);
});
