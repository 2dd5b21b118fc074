// battleline-engine/computer in Node (a worker thread), used as a site would: the same answers as the
// engine on the calling thread, requests answered in order, cancelling one request leaves the others,
// cancelling a running search does not wait for it, and every failure is a BattleLineError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import full, { rejectsWith, same } from './load.mjs';
import { Computer, suggest } from '../../pkg/computer-node.js';

const { Game } = full;

test('the worker answers what the engine answers on this thread, for several views in order', async () => {
  const computer = new Computer();
  const views = [1, 2, 3, 4].map((seed) => {
    const game = new Game({ seed });
    return game.view(game.current);
  });
  const answers = await Promise.all(views.map((view, i) => computer.suggest(view, 'easy', { seed: i })));
  views.forEach((view, i) => assert.ok(same(answers[i], full.suggest(view, 'easy', i)), `view ${i}`));
  assert.ok(same(await suggest(views[0], 'heuristic'), full.suggest(views[0], 'heuristic')), 'the shared computer, seed 0 by default');
  computer.terminate();
});

test('cancelling a waiting request drops only it; cancelling the running one replaces the worker', async () => {
  const computer = new Computer();
  const game = new Game({ seed: 5 });
  const view = game.view(game.current);
  await computer.suggest(view, 'random'); // the worker is up
  const running = new AbortController();
  const waiting = new AbortController();
  const first = computer.suggest(view, 'search:100000', { signal: running.signal }); // still running when cancelled
  const second = computer.suggest(view, 'easy', { signal: waiting.signal, seed: 1 });
  const third = computer.suggest(view, 'easy', { seed: 2 });
  waiting.abort();
  await rejectsWith(second, 'aborted');
  running.abort(new Error('the player undid the move'));
  await assert.rejects(first, (e) => e.code === 'aborted' && e.cause?.message === 'the player undid the move');
  assert.ok(same(await third, full.suggest(view, 'easy', 2)), 'the request after them is answered by a fresh worker');
  await rejectsWith(computer.suggest(view, 'easy', { signal: AbortSignal.abort() }), 'aborted');
  computer.terminate();
});

test('engine errors, bad views and a terminated computer reject with BattleLineError', async () => {
  const computer = new Computer();
  const game = new Game({ seed: 6 });
  await rejectsWith(computer.suggest(game.view(1 - game.current), 'easy'), 'not_your_turn');
  await rejectsWith(computer.suggest(game.view(game.current), 'grandmaster'), 'bad_input');
  await rejectsWith(computer.suggest({ ...game.view(game.current), hand: [() => 1] }, 'easy'), 'bad_input');
  const pending = computer.suggest(game.view(game.current), 'hard');
  computer.terminate();
  await rejectsWith(pending, 'aborted');
  await rejectsWith(computer.suggest(game.view(game.current), 'easy'), 'aborted');
});

// `suggest(view, level, null)` threw a TypeError at the caller instead of rejecting.
test('bad options reject with a BattleLineError bad_options, and the computer goes on', async () => {
  const computer = new Computer();
  const game = new Game({ seed: 6 });
  const view = game.view(game.current);
  const throwing = { get seed() { throw new Error('hostile getter'); } };
  for (const options of [null, 5, 'fast', true, throwing, { signal: {} }, { signal: 'stop' }]) {
    const answer = computer.suggest(view, 'easy', options);
    await rejectsWith(answer, 'bad_options');
    await rejectsWith(suggest(view, 'easy', options), 'bad_options');
  }
  // A message quoting what the caller gave is cut like the engine's own (at most 2,000 characters).
  const huge = { get seed() { throw new Error('x'.repeat(10_000_000)); } };
  await assert.rejects(computer.suggest(view, 'easy', huge), (e) => e.code === 'bad_options' && e.message.length <= 2000 && e.message.endsWith('… (cut)'));
  assert.ok(same(await computer.suggest(view, 'easy', { seed: 3 }), full.suggest(view, 'easy', 3)));
  assert.ok(same(await computer.suggest(view, 'easy', undefined), full.suggest(view, 'easy', 0)), 'undefined is no options');
  computer.terminate();
});

test('`using` terminates the computer at the end of its block (Symbol.dispose)', { skip: !Symbol.dispose && 'no Symbol.dispose in this Node' }, async () => {
  const computer = new Computer();
  const game = new Game({ seed: 8 });
  assert.ok(same(await computer.suggest(game.view(game.current), 'easy', { seed: 1 }), full.suggest(game.view(game.current), 'easy', 1)));
  const pending = computer.suggest(game.view(game.current), 'hard');
  computer[Symbol.dispose](); // what the end of `using computer = new Computer()`'s block calls
  await rejectsWith(pending, 'aborted');
  await rejectsWith(computer.suggest(game.view(game.current), 'easy'), 'aborted');
});
