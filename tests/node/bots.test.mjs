// Computer players through the package: legal, reproducible, and fed nothing but a view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import bl from './load.mjs';

const { Game, suggest, legalActionsOfView, BattleLineError } = bl;

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

test('suggest answers a legal action at every level and a game between bots ends', () => {
  const game = new Game({ seed: 11 });
  const levels = ['random', 'heuristic', 'easy'];
  let steps = 0;
  while (!game.matchScore().over) {
    const player = game.current;
    const view = game.view(player);
    assert.ok(same(legalActionsOfView(view), game.legalActions()), 'legal actions from the view alone');
    const action = suggest(view, levels[player % 3], steps);
    assert.ok(game.legalActions().some((a) => same(a, action)), `suggested ${JSON.stringify(action)} is legal`);
    game.apply(action);
    assert.ok(++steps < 3000);
  }
  assert.ok(game.result() !== null);
});

test('the same view, level and seed give the same action', () => {
  const game = new Game({ seed: 12 });
  const view = game.view(game.current);
  assert.ok(same(suggest(view, 'search:200', 5), suggest(view, 'search:200', 5)));
});

test('bad levels, seeds and views are BattleLineErrors', () => {
  const game = new Game({ seed: 13 });
  const view = game.view(game.current);
  for (const [call, code] of [
    [() => suggest(view, 'grandmaster', 1), 'bad_input'],
    [() => suggest(view, 'easy', -1), 'bad_input'],
    [() => suggest({ ...view, hand: ['r1', 'r1'] }, 'easy', 1), 'bad_input'],
    [() => suggest(game.view(1 - game.current), 'easy', 1), 'not_your_turn'],
  ]) {
    assert.throws(call, (e) => e instanceof BattleLineError && e.code === code);
  }
});

test('the trees of a decision, searched apart and combined, give the action of suggest', () => {
  const { suggestTree, combineTrees, searchTrees } = bl;
  assert.deepEqual(['easy', 'medium', 'hard', 'heuristic', 'search:40x3'].map(searchTrees), [1, 1, 2, 1, 3]);
  const game = new Game({ seed: 21 });
  let compared = 0;
  for (let step = 0; step < 40 && !game.matchScore().over; step++) {
    const view = game.view(game.current);
    const answers = [0, 1, 2].map((tree) => suggestTree(view, 'search:40x3', step, tree));
    const action = combineTrees(view, answers);
    assert.ok(same(action, suggest(view, 'search:40x3', step)), `step ${step}`);
    if (answers[0].kind === 'searched') {
      compared += 1;
      assert.ok(!same(answers[0], answers[1]), 'each tree searches from its own seed');
      assert.ok(answers[0].edges.every((e) => e.visits > 0 && Number.isFinite(e.reward)));
    }
    game.apply(action);
  }
  assert.ok(compared >= 10, `only ${compared} searched decisions`);
});

test('bad trees and tree answers are BattleLineErrors', () => {
  const { suggestTree, combineTrees, searchTrees } = bl;
  const game = new Game({ seed: 22 });
  const view = game.view(game.current);
  const good = suggestTree(view, 'search:20x2', 1, 0);
  const foreign = { kind: 'decided', action: { type: 'claim', flag: 1 } };
  for (const call of [
    () => suggestTree(view, 'search:20x2', 1, 2),
    () => suggestTree(view, 'search:20x2', 1, -1),
    () => suggestTree(view, 'search:20x2', 1, 0.5),
    () => suggestTree(view, 'heuristic', 1, 1),
    () => combineTrees(view, []),
    () => combineTrees(view, [foreign]),
    () => combineTrees(view, [good, foreign]),
    () => combineTrees(view, [{ kind: 'searched', edges: [] }]),
    () => combineTrees(view, [{ kind: 'searched', edges: [{ action: 'pass', visits: 'many', reward: 1 }] }]),
    () => combineTrees(view, 'nonsense'),
    () => searchTrees('search:0x2'),
    () => searchTrees('search:10x17'),
    () => suggest(view, 'search:5x4000000000', 1),
  ]) {
    assert.throws(call, (e) => e instanceof BattleLineError && e.code === 'bad_input');
  }
  assert.ok(same(combineTrees(view, [good]), combineTrees(view, [good])));
});
