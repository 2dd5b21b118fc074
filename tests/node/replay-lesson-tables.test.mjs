// The replay's and the lesson's tables (www/src/game/replay-table.ts, www/src/tutorial/lesson-table.ts),
// asked as the page asks them (game/queries.ts: whose turn, what may be played, what an action resolves
// to). A replay is read-only: asked for an action at any step it answers none, so the page offers none,
// while the engine would allow some there; it shows only the views the replay may show. A lesson's table
// answers the lesson's legal actions: the learner's are the engine's until the step's goal is reached and
// none after, the opponent's its script alone, where the engine would allow many.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import full, { same } from './load.mjs';

const root = new URL('../../', import.meta.url).pathname;
let vm;
before(async () => {
  // The page's TypeScript, bundled for Node; the engine is the package this process already loaded.
  const dir = join(root, 'target', 'tables-test');
  mkdirSync(dir, { recursive: true });
  await esbuild.build({
    stdin: {
      contents: [
        "export * from './game/view-model.ts';",
        "export * from './game/queries.ts';",
        "export { initialState, twoSeats } from './game/state.ts';",
        "export { heldGame } from './game/table.ts';",
        "export { ReplayTable } from './game/replay-table.ts';",
        "export { LessonTable } from './tutorial/lesson-table.ts';",
        "export { beginStep, checkGoal, scriptedMove } from './tutorial/run.ts';",
        "export { replayLogged } from './log.ts';",
      ].join('\n'),
      resolveDir: join(root, 'www', 'src'),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: join(dir, 'tables.mjs'),
    logLevel: 'warning',
    plugins: [{ name: 'engine', setup: (b) => b.onResolve({ filter: /pkg\/(full|index)\.js$/ }, () => ({ path: join(root, 'pkg', 'full.js'), external: true })) }],
  });
  vm = await import(pathToFileURL(join(dir, 'tables.mjs')).href);
});

const settings = { lang: 'en', hints: true, aiDelay: 0 };

/** A finished match (seed 34, no tactics) and its first 20 actions, an unfinished one. */
function records() {
  const g = new full.Game({ seed: 34, tactics: false });
  while (!g.matchScore().over) g.apply(g.legalActions()[0]);
  const record = g.record();
  g.free();
  return { finished: record, unfinished: { ...record, actions: record.actions.slice(0, 20) } };
}

/** The page's state with the replay of `record` open at step 0, seen by seat 0 (as game/replay.ts opens it). */
function replayState(record) {
  const s = vm.initialState(settings, false);
  const { game: whole, entries } = vm.replayLogged(record, full.Game);
  const open = whole.matchScore().over;
  s.replay = { record, open, game: new vm.ReplayTable(record, whole, open ? null : 0), index: 0, entries, viewer: 0, timer: null, own: false };
  return s;
}

test('a replay\'s table answers no action at any step, so the page offers none, though the engine would', () => {
  const { finished, unfinished } = records();
  for (const record of [finished, unfinished]) {
    const s = replayState(record);
    const table = s.replay.game;
    const last = record.actions.length;
    for (const step of [0, 1, 7, last, 3]) {
      table.goTo(step);
      s.replay.index = step;
      const engine = full.Game.fromRecord({ ...record, actions: record.actions.slice(0, step) });
      const allowed = engine.result() ? [] : engine.legalActions();
      assert.equal(table.actionCount, step);
      assert.deepEqual(table.legalActions(), [], `step ${step}: the replay answers no action`);
      assert.equal('apply' in table, false, 'a replay cannot be played on');
      assert.equal(vm.heldGame(table), null, 'nor is it a game this device plays on');
      // As the page asks: not the viewer's turn, nothing selectable, and no action resolves to a move.
      assert.equal(vm.myTurn(s), false);
      const m = vm.viewModel(s);
      assert.equal(m.interactive, false);
      assert.equal(m.selectableHand.size, 0);
      for (const action of allowed.slice(0, 5)) assert.equal(vm.resolve(s, action), null, `step ${step}: ${JSON.stringify(action)} refused`);
      if (step < last) assert.ok(allowed.length > 0, `step ${step}: the engine would allow moves (the check can fail)`);
      engine.free();
    }
    table.free();
  }
});

test('a replay\'s look-ahead copy plays apart: the table stays at its step', () => {
  const { finished } = records();
  const s = replayState(finished);
  const table = s.replay.game;
  table.goTo(6);
  const before = [table.viewDigest(0), table.viewDigest(1)];
  const copy = table.clone();
  const move = copy.legalActions()[0];
  assert.ok(move, 'the copy says what the player to move could do (the coach\'s puzzle asks it)');
  copy.apply(move);
  copy.free();
  assert.deepEqual([table.viewDigest(0), table.viewDigest(1)], before);
  assert.equal(table.actionCount, 6);
  table.free();
});

test('a replay\'s table shows only what the replay may: one seat before the match is over, every seat after', () => {
  const { finished, unfinished } = records();
  const step = 12;
  // Unfinished: seat 0's view whatever the argument; no record (it holds the deal), no seed.
  let s = replayState(unfinished);
  let table = s.replay.game;
  table.goTo(step);
  const engine = full.Game.fromRecord({ ...unfinished, actions: unfinished.actions.slice(0, step) });
  assert.ok(same(table.view(1), engine.view(0)), 'asked for seat 1, it shows seat 0\'s view');
  assert.notDeepEqual(engine.view(1).hand, engine.view(0).hand, 'the other hand differs (the check can fail)');
  assert.equal(table.seed, 0);
  assert.throws(() => table.record());
  assert.equal(typeof table.fullState, 'undefined');
  assert.equal(typeof table.digest, 'undefined');
  assert.equal(vm.viewModel(s).openHand, null);
  table.free();
  // Finished: every seat's view, and the record only up to the step (no later action).
  s = replayState(finished);
  table = s.replay.game;
  table.goTo(step);
  s.replay.index = step;
  assert.ok(same(table.view(1), engine.view(1)));
  assert.equal(table.record().actions.length, step);
  assert.equal(table.seed, finished.seed);
  assert.deepEqual(vm.viewModel(s).openHand, [engine.view(0).hand, engine.view(1).hand]);
  engine.free();
  table.free();
});

/** A store in memory (the tutorial keeps its progress in one). */
function memoryStore() {
  const kept = new Map();
  return { read: (k) => (kept.has(k) ? JSON.parse(kept.get(k)) : null), write: (k, v) => kept.set(k, JSON.stringify(v)), remove: (k) => kept.delete(k) };
}

/** The page's state with `table` on the board in a lesson against the scripted opponent (lesson-flow.ts). */
function lessonState(table, run) {
  const s = vm.initialState(settings, false);
  s.game = table;
  s.lesson = run;
  s.session = { mode: 'computer', level: 'easy', humanSeat: 0, aiSeed: 1, seats: vm.twoSeats('computer', 'easy', 0) };
  return s;
}

test('a lesson\'s table answers the lesson\'s legal actions: the learner\'s until the goal, then none; the opponent\'s script', () => {
  const store = memoryStore();
  // The first step: play any card.
  let { run, game } = vm.beginStep(store, 0, null);
  let table = new vm.LessonTable(game, run);
  let s = lessonState(table, run);
  assert.equal(vm.heldGame(table), game, 'the device plays on the lesson\'s game');
  assert.ok(table.legalActions().length > 0);
  assert.ok(same(table.legalActions(), game.legalActions()), 'before the goal: the engine\'s');
  assert.equal(vm.myTurn(s), true);
  const play = table.legalActions().find((a) => a.type === 'play');
  const steps = vm.resolve(s, play);
  assert.ok(same(steps, [play]));
  for (const a of steps) {
    game.apply(a);
    run.history.actions.push(a);
  }
  assert.equal(vm.checkGoal(store, run, table), true, 'the step\'s goal is reached');
  // Done: the engine would let the learner draw; the lesson lets nothing be played, and the page offers nothing.
  assert.ok(game.legalActions().length > 0);
  assert.deepEqual(table.legalActions(), []);
  assert.equal(vm.myTurn(s), false);
  for (const a of game.legalActions()) assert.equal(vm.resolve(s, a), null);

  // The next step goes on from this game: the learner draws, then the opponent plays its script alone.
  const previous = game;
  ({ run, game } = vm.beginStep(store, 1, previous));
  previous.free();
  table = new vm.LessonTable(game, run);
  s = lessonState(table, run);
  const draw = table.legalActions().find((a) => a.type === 'draw');
  for (const a of vm.resolve(s, draw)) {
    game.apply(a);
    run.history.actions.push(a);
  }
  assert.equal(vm.checkGoal(store, run, table), true, 'the step\'s goal (a draw) is reached');
  assert.equal(game.current, 1, 'the opponent is to move');
  assert.ok(game.legalActions().length > 1, 'the engine would allow the opponent many moves');
  const offered = table.legalActions();
  assert.ok(same(offered, [{ type: 'play', card: 'b8', flag: 5 }]), 'the lesson allows its script\'s move alone');
  assert.equal(vm.myTurn(s), false, 'not the learner\'s turn');
  const move = vm.scriptedMove(run, game);
  assert.ok(same([move], offered), 'the opponent plays what the table answered');
  game.apply(move);
  assert.ok(same(table.legalActions(), [{ type: 'draw', deck: 'troop' }]), 'then the script\'s next move');
  game.apply(vm.scriptedMove(run, game));
  assert.equal(game.current, 0);
  assert.ok(game.legalActions().length > 0);
  assert.deepEqual(table.legalActions(), [], 'the learner\'s turn again, the goal reached: nothing until Next');
  table.free();
});
