// The coach in battleline-engine/computer (a worker thread in Node), used as a site would: win chances
// and hints equal to the engine's on the calling thread, computed from the view alone (another deal with
// the same view gives the same numbers), and a review of a finished game with its progress, cancellable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import full, { rejectsWith, same } from './load.mjs';
import { Computer, evaluate, review } from '../../pkg/computer-node.js';

const { Game } = full;

/** A finished game between the heuristic (seat 0) and random (seat 1): the random seat's decisions give up a lot. */
function finishedGame(seed) {
  const game = new Game({ seed });
  while (!game.result()) {
    const view = game.view(game.current);
    game.apply(full.suggest(view, game.current === 0 ? 'heuristic' : 'random', seed));
  }
  return game;
}

test('win chances and hints come from the worker as from the engine, for either player at any turn', async () => {
  const computer = new Computer();
  const game = new Game({ seed: 12 });
  for (let i = 0; i < 9; i++) game.apply(game.legalActions()[0]);
  for (const player of [0, 1]) {
    const view = game.view(player);
    const chances = await computer.evaluate(view, 'easy', { seed: 3 });
    assert.ok(same(chances, full.evaluate(view, 'easy', 3)), `player ${player}`);
    assert.ok(chances.win >= 0 && chances.win <= 1);
    assert.equal(chances.flags.length, 9);
    assert.ok(chances.flags.every((p) => p >= 0 && p <= 1));
  }
  const view = game.view(game.current);
  const advice = await computer.hint(view, 'easy', { seed: 4 });
  // The search's own most visited move: easy's budget searched plainly (the easy computer draws its move).
  assert.ok(same(advice.action, full.suggest(view, 'search:30', 4)), 'the hint is the search’s own move');
  assert.ok(same(advice, full.hint(view, 'easy', 4)));
  await rejectsWith(computer.hint(game.view(1 - game.current), 'easy'), 'not_your_turn');
  await rejectsWith(computer.evaluate(view, 'heuristic'), 'bad_input');
  assert.ok(same(await evaluate(view, 'easy'), full.evaluate(view, 'easy', 0)), 'the shared computer, seed 0 by default');
  computer.terminate();
});

test('explanations come from the worker as from the engine: each flag’s formations and outs, a move’s reasons', async () => {
  const computer = new Computer();
  const game = new Game({ seed: 12 });
  for (let i = 0; i < 9 || !game.legalActions().some((a) => a.type === 'play'); i++) game.apply(game.legalActions()[0]);
  const view = game.view(game.current);
  const outlook = await computer.explain(view);
  assert.ok(same(outlook, full.explain(view)));
  assert.equal(outlook.player, game.current);
  for (const flag of outlook.flags) {
    assert.ok(flag.flag >= 1 && flag.flag <= 9 && flag.sides.length === 2);
    for (const side of flag.sides) {
      if (side.best) assert.ok(side.best.cards.length === flag.capacity && side.best.strength.sum > 0, JSON.stringify(side));
    }
  }
  const play = game.legalActions().find((a) => a.type === 'play');
  const reasons = await computer.explainMove(view, play);
  assert.ok(same(reasons, full.explainMove(view, play)));
  assert.ok(reasons.length > 0 && reasons.every((r) => typeof r.type === 'string' && r.flag >= 1 && r.flag <= 9), JSON.stringify(reasons));
  // A hint with the previous hint given is the engine's too, and carries its reasons.
  const previous = { action: play, hand: view.hand };
  const advice = await computer.hint(view, 'easy', { seed: 4, previous });
  assert.ok(same(advice, full.hint(view, 'easy', 4, previous)));
  assert.ok(Array.isArray(advice.reasons));
  await rejectsWith(computer.explainMove(view, { type: 'play', card: 'r1', flag: 10 }), 'bad_input');
  await rejectsWith(computer.explain({ player: 0 }), 'bad_input');
  computer.terminate();
});

test('a review judges each decision of both sides, reporting progress after each, and tells the story', async () => {
  const game = finishedGame(21);
  const record = game.record();
  const computer = new Computer();
  const progress = [];
  const result = await computer.review(record, 1, 'easy', { seed: 5, onProgress: (p) => progress.push(p) });
  assert.equal(result.player, 1);
  assert.deepEqual(result.thresholds, full.reviewThresholds());
  const total = result.decisions.length;
  assert.ok(total > 10, `${total} decisions`);
  assert.deepEqual(progress.map((p) => p.done), Array.from({ length: total + 1 }, (_, i) => i));
  assert.ok(progress.every((p) => p.total === total));
  assert.ok(same(progress.at(-1).decision, result.decisions.at(-1)));
  let previous = -1;
  for (const d of result.decisions) {
    assert.ok(d.index > previous, 'in order');
    previous = d.index;
    assert.ok(same(d.played, record.actions[d.index]), 'the move played is the record’s');
    assert.equal(game.replayTo(d.index).current, d.player, 'each decision is its mover’s');
    assert.ok(d.loss >= 0 && d.loss <= 1);
    if (same(d.played, d.best)) assert.equal(d.loss, 0);
    const expected = d.loss >= 0.2 ? 'blunder' : d.loss >= 0.1 ? 'mistake' : d.loss >= 0.05 ? 'inaccuracy' : null;
    assert.equal(d.judgement, expected);
  }
  assert.ok(result.decisions.some((d) => d.judgement !== null && d.player === 1), 'random moves are marked');
  assert.ok(result.decisions.some((d) => d.player === 0), 'the opponent’s decisions are judged too');
  // The story: the reviewed player's chance step by step to the result, turning points, each side's accuracy.
  const over = game.result();
  assert.equal(result.steps.at(-1).after, over.winner === 1 ? 1 : over.winner === 0 ? 0 : 0.5);
  assert.ok(result.steps.every((s) => s.cause.type === 'draws' || result.decisions[s.cause.decision].index === s.index));
  assert.equal(result.accuracy.length, 2);
  assert.ok(result.accuracy.every((a) => a >= 0 && a <= 100));
  if (over.winner === 0) assert.ok(result.turningPoints.some((p) => p.swing < 0), 'a lost game has a turning point');
  // The same review on this thread, one decision at a time, gives the same judgements.
  const reviewer = new full.Reviewer(JSON.stringify(record), 1, 'easy', 5);
  assert.equal(reviewer.total, total);
  assert.ok(same(reviewer.next(), result.decisions[0]));
  assert.equal(reviewer.review(), undefined, 'the story waits for every decision');
  while (reviewer.next() !== undefined);
  assert.ok(same(reviewer.review(), result));
  reviewer.free();
  // A move tried at a decision (the puzzle), judged as the review judges it.
  const d = result.decisions.find((d) => d.player === 1 && d.judgement);
  const tried = await computer.judgeMove(game.replayTo(d.index).view(1), d.best, d.index, 'easy', { seed: 5 });
  assert.ok(same(tried.played, d.best));
  assert.equal(tried.player, 1);
  await rejectsWith(computer.judgeMove(game.replayTo(d.index).view(1), { type: 'pass' }, d.index, 'easy'), 'bad_input');
  assert.ok(same(await review(record, 1, 'easy', { seed: 5 }), result), 'the shared computer');
  computer.terminate();
});

test('a running review stops when cancelled; bad records and players are refused', async () => {
  const record = finishedGame(22).record();
  const computer = new Computer();
  const controller = new AbortController();
  let seen = 0;
  const running = computer.review(record, 0, 'hard', {
    signal: controller.signal,
    onProgress: ({ done }) => {
      seen = done;
      if (done === 1) controller.abort();
    },
  });
  await rejectsWith(running, 'aborted');
  assert.equal(seen, 1, 'no progress after the cancellation');
  await rejectsWith(computer.review({ ...record, actions: [{ type: 'fly' }] }, 0, 'easy'), 'bad_record');
  await rejectsWith(computer.review(record, 2, 'easy'), 'bad_player');
  const after = await computer.review(record, 0, 'easy');
  assert.ok(after.decisions.length > 0, 'a fresh worker reviews after the cancelled one');
  computer.terminate();
});
