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
  // Two independent trees (root parallelism), the same way.
  const two = suggest(view, 'search:100x2', 5);
  assert.ok(same(two, suggest(view, 'search:100x2', 5)));
  assert.ok(game.legalActions().some((a) => same(a, two)));
});

test('bad levels, seeds and views are BattleLineErrors', () => {
  const game = new Game({ seed: 13 });
  const view = game.view(game.current);
  for (const [call, code] of [
    [() => suggest(view, 'grandmaster', 1), 'bad_input'],
    [() => suggest(view, 'search:5x17', 1), 'bad_input'],
    [() => suggest(view, 'search:5x4000000000', 1), 'bad_input'],
    [() => suggest(view, 'search:5x0', 1), 'bad_input'],
    // The lab's measuring opponents are not in the package: only level names and search budgets.
    [() => suggest(view, 'heuristic:sniper', 1), 'bad_input'],
    [() => suggest(view, 'heuristic:unguarded', 1), 'bad_input'],
    [() => suggest(view, 'search:easy:unguarded', 1), 'bad_input'],
    [() => suggest(view, 'search:200x2:unguarded', 1), 'bad_input'],
    [() => suggest(view, 'easy', -1), 'bad_input'],
    [() => suggest({ ...view, hand: ['r1', 'r1'] }, 'easy', 1), 'bad_input'],
    [() => suggest(game.view(1 - game.current), 'easy', 1), 'not_your_turn'],
  ]) {
    assert.throws(call, (e) => e instanceof BattleLineError && e.code === code);
  }
});
