// Calls made with the JavaScript stack nearly exhausted (deep recursion in the calling page)
// broke the package: `legalActions`, `apply` and `claimable` left the Game borrowed for good, and
// `errorCodes`, `view`, `suggest` and `explainClaim` left the whole wasm instance dead. Now every call
// first checks that a margin of stack is left and otherwise refuses with `stack_exhausted`, changing
// nothing. Each call here is made at every depth from the very limit of the stack to well past the
// margin; after each attempt the Game must be exactly as before (or as after the action, if it was
// applied) and usable, and the instance alive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import full, { rules } from './load.mjs';

const { Game, BattleLineError } = full;

/** Runs `call` from `n` frames of recursion deep. */
function atDepth(n, call) {
  return n > 0 ? atDepth(n - 1, call) : call();
}

/** The deepest recursion of `atDepth` that still runs a trivial call (a binary search on RangeError). */
function limit() {
  let [low, high] = [0, 1 << 20];
  while (low + 1 < high) {
    const mid = (low + high) >> 1;
    try {
      atDepth(mid, () => 0);
      low = mid;
    } catch {
      high = mid;
    }
  }
  return low;
}

// V8 optimises a function once it is hot, and an optimised frame is smaller: warm `atDepth` up before
// any depth is measured, so that every measurement and every attempt uses the same frames.
limit();
limit();

/**
 * Makes `call` at every depth from the limit of the stack back to `span` frames short of it, and checks
 * `healthy()` after each attempt from a shallow stack. Returns how many attempts were refused with
 * `stack_exhausted`, failed with a RangeError before reaching the package (the call's own frame did not
 * fit), and succeeded.
 */
function everyDepth(call, healthy, span = 2500) {
  const tally = { refused: 0, range: 0, ok: 0 };
  // Warm up first, so that the probe and the glue run optimised, as in a long-lived page.
  for (let i = 0; i < 50; i++) {
    call();
    healthy(-1);
  }
  limit();
  const deepest = limit();
  for (let spare = 0; spare <= span; spare += 1) {
    try {
      atDepth(deepest - spare, call);
      tally.ok += 1;
    } catch (error) {
      if (error instanceof BattleLineError) {
        assert.equal(error.code, 'stack_exhausted', error.message);
        tally.refused += 1;
      } else {
        assert.ok(error instanceof RangeError, `only a RangeError may come from outside the package: ${error}`);
        tally.range += 1;
      }
    }
    healthy(spare);
  }
  return tally;
}

/** The instance is alive: a new game, the error codes and a suggestion all work. */
function instanceAlive() {
  const game = new Game({ seed: 2 });
  assert.equal(game.legalActions().length > 0, true);
  assert.ok(full.errorCodes().includes('bad_input'));
  assert.ok(full.suggest(game.view(game.current), 'random', 1));
  game.free();
}

const reads = {
  legalActions: (game) => game.legalActions(),
  claimable: (game) => game.claimable(),
  view: (game) => game.view(game.current),
  explainClaim: (game) => game.explainClaim(1),
  fullState: (game) => game.fullState(),
  record: (game) => game.record(),
  log: (game) => game.log(game.current),
  digest: (game) => game.digest(),
};

for (const [name, read] of Object.entries(reads)) {
  test(`Game.${name} at every depth near the end of the stack leaves the game as it was and usable`, () => {
    const game = new Game({ seed: 7 });
    const digest = game.digest();
    const expected = JSON.stringify(read(game));
    const tally = everyDepth(
      () => read(game),
      (spare) => {
        assert.equal(game.digest(), digest, `${name} at ${spare} frames spare changed the game`);
        assert.equal(JSON.stringify(read(game)), expected, `${name} at ${spare}`);
        assert.ok(game.legalActions().length > 0);
        // Not borrowed for good: a call that needs the game mutably is refused by the rules, not by
        // wasm-bindgen ("recursive use of an object detected").
        assert.throws(() => game.apply({ type: 'pass' }), (e) => e instanceof BattleLineError && e.code === 'must_play', `${name} at ${spare}`);
      },
    );
    assert.ok(tally.refused > 0 && tally.ok > 0, `${name}: ${JSON.stringify(tally)}`);
    instanceAlive();
  });
}

test('Game.apply at every depth either applies the action or changes nothing', () => {
  let game = new Game({ seed: 9 });
  let tally = { refused: 0, range: 0, ok: 0 };
  let before = game.digest();
  let action = game.legalActions()[0];
  const apply = () => game.apply(action);
  // A fresh game at each depth where the action went through, so that every attempt applies one action.
  tally = everyDepth(apply, () => {
    const after = game.digest();
    if (after !== before) {
      const replayed = new Game({ seed: 9 });
      replayed.apply(action);
      assert.equal(after, replayed.digest(), 'the action was applied exactly once');
      replayed.free();
      game.free();
      game = new Game({ seed: 9 });
      before = game.digest();
      action = game.legalActions()[0];
    }
    assert.ok(game.legalActions().length > 0, 'the game is not borrowed for good');
  });
  assert.ok(tally.refused > 0 && tally.ok > 0, JSON.stringify(tally));
  instanceAlive();
});

/** A view whose hand is an array nested 120 deep. */
const nested = JSON.parse(`{"hand":${'['.repeat(120)}${']'.repeat(120)}}`);

test('the package functions and constructors at every depth leave the instance alive', () => {
  const game = new Game({ seed: 4 });
  const view = game.view(game.current);
  const record = game.record();
  const calls = {
    errorCodes: () => full.errorCodes(),
    suggest: () => full.suggest(view, 'random', 3),
    legalActionsOfView: () => full.legalActionsOfView(view),
    newGame: () => new Game({ seed: 5 }).free(),
    fromRecord: () => Game.fromRecord(record).free(),
    rulesErrorCodes: () => rules.errorCodes(),
    // The engine's deepest recursion on input: JSON nested to serde_json's limit (refused, as bad_input).
    nestedView: () => {
      try {
        full.legalActionsOfView(nested);
      } catch (error) {
        if (!(error instanceof BattleLineError) || error.code !== 'bad_input') throw error;
      }
    },
  };
  for (const [name, call] of Object.entries(calls)) {
    const tally = everyDepth(call, () => instanceAlive(), 1500);
    assert.ok(tally.refused > 0 && tally.ok > 0, `${name}: ${JSON.stringify(tally)}`);
  }
  assert.deepEqual(game.view(game.current), view);
});

test('a refusal for want of stack is a BattleLineError with its own code', () => {
  const game = new Game({ seed: 1 });
  let refusal = null;
  for (let spare = 0; refusal === null && spare < 5000; spare += 10) {
    try {
      atDepth(limit() - spare, () => game.legalActions());
    } catch (error) {
      if (error instanceof BattleLineError) refusal = error;
    }
  }
  assert.ok(refusal, 'some call near the limit is refused');
  assert.equal(refusal.code, 'stack_exhausted');
  assert.match(refusal.message, /Game\.legalActions: too little of the JavaScript stack is left/);
});
