// The package's entry points as a user meets them: what each exports (the rules engine alone has no
// computer players, no entry has the benchmark workloads), one BattleLineError class for all, and games
// that were freed refusing every call with their own error code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import full, { rules } from './load.mjs';
import * as computer from '../../pkg/computer-node.js';

test('the rules engine alone has no computer players; no entry has the benchmark workloads', () => {
  for (const name of ['suggest', 'legalActionsOfView', 'ClaimBench', 'benchRandomGames']) {
    assert.equal(name in rules, false, `the rules entry exports ${name}`);
  }
  assert.equal(typeof full.suggest, 'function');
  for (const name of ['ClaimBench', 'benchRandomGames']) assert.equal(name in full, false, `the full entry exports ${name}`);
  for (const entry of [rules, full]) {
    assert.equal(typeof entry.Game, 'function');
    assert.equal(typeof entry.init, 'function');
    assert.equal(entry.init, entry.default);
  }
});

test('one BattleLineError class serves every entry', () => {
  assert.equal(rules.BattleLineError, full.BattleLineError);
  assert.equal(computer.BattleLineError, rules.BattleLineError);
  assert.throws(() => new rules.Game({ players: 9 }), full.BattleLineError);
});

test('a freed game refuses every call with BattleLineError freed, and free() twice is harmless', () => {
  for (const { Game, BattleLineError } of [rules, full]) {
    const game = new Game({ seed: 5 });
    const legal = game.legalActions();
    game.free();
    const calls = {
      digest: () => game.digest(),
      apply: () => game.apply(legal[0]),
      play: () => game.play('r1', 1),
      view: () => game.view(0),
      current: () => game.current,
      record: () => game.record(),
      replayTo: () => game.replayTo(0),
      clone: () => game.clone(),
    };
    for (const [name, call] of Object.entries(calls)) {
      assert.throws(call, (e) => e instanceof BattleLineError && e.code === 'freed' && /freed/.test(e.message), name);
    }
    game.free();
    if (Symbol.dispose) game[Symbol.dispose]();
  }
});

test('`using` frees the game at the end of its block (Symbol.dispose)', { skip: !Symbol.dispose && 'no Symbol.dispose in this Node' }, () => {
  const game = new rules.Game({ seed: 6 });
  game[Symbol.dispose]();
  assert.throws(() => game.digest(), (e) => e.code === 'freed');
});

test('whole-number arguments: fractions, negatives and non-numbers are bad_input, never a trap', () => {
  const game = new rules.Game({ seed: 8 });
  game.apply(game.legalActions()[0]);
  for (const n of [-1, 1.5, Number.NaN, Infinity, '1', null, 2 ** 60]) {
    assert.throws(() => game.replayTo(n), (e) => e instanceof rules.BattleLineError && e.code === 'bad_input', String(n));
  }
  assert.equal(game.replayTo(1).actionCount, 1);
  const view = game.view(game.current);
  for (const seed of [-1, 0.5, 'x']) {
    assert.throws(() => full.suggest(view, 'random', seed), (e) => e.code === 'bad_input', String(seed));
  }
  assert.ok(full.suggest(view, 'random'), 'the seed is optional');
});

test('a site that imports only the rules engine ships no computer player', async () => {
  const esbuild = await import('esbuild');
  const bundle = async (contents) => {
    const result = await esbuild.build({
      stdin: { contents, resolveDir: new URL('.', import.meta.url).pathname, loader: 'js' },
      bundle: true, splitting: true, format: 'esm', minify: true, write: false, outdir: '/tmp/unused', logLevel: 'silent',
    });
    return result.outputFiles.map((f) => f.text);
  };
  const rulesOnly = await bundle("import init, { Game } from '../../pkg/index.js'; await init(); new Game();");
  const withComputer = await bundle("import init, { Game } from '../../pkg/index.js'; import { Computer } from '../../pkg/computer.js'; await init(); new Computer();");
  const text = (files) => files.join('\n');
  const size = (files) => files.reduce((n, f) => n + f.length, 0);
  for (const marker of ['battleline-computer', 'suggest']) {
    assert.ok(!text(rulesOnly).includes(marker), `the rules-only bundle contains ${marker}`);
    assert.ok(text(withComputer).includes(marker), `the bundle with the computer lacks ${marker}`);
  }
  assert.ok(size(withComputer) > size(rulesOnly) * 2, `${size(rulesOnly)} bytes without the computer, ${size(withComputer)} with it`);
});

test('games from a given position: Game.fromSetup in the full entry, its record replays there; the rules entry has neither', () => {
  const dealt = new full.Game({ seed: 21 });
  const state = dealt.fullState();
  [state.hands[0], state.hands[1]] = [state.hands[1], state.hands[0]];
  const game = full.Game.fromSetup(state);
  assert.notEqual(game.digest(), dealt.digest());
  game.play(game.view(0).hand.find((c) => /^[roygbp]/.test(c)), 5);
  const record = game.record();
  assert.deepEqual(record.start.hands, state.hands, 'the record carries the start');
  assert.equal(full.Game.fromRecord(record).digest(), game.digest());
  assert.equal('fromSetup' in rules.Game, false, 'the rules entry leaves fromSetup out (its size budget)');
  assert.throws(() => rules.Game.fromRecord(record), (e) => e.code === 'bad_record' && /start/.test(e.message));
  state.hands[0] = ['r1', 'r1'];
  assert.throws(() => full.Game.fromSetup(state), (e) => e.code === 'bad_input');
});
