// `Seat` through the package as a Node user loads it: a table built from one player's view answers as
// the real game does for that player (legal actions, claim proofs, formations, the refusal of a move),
// its look-ahead copies leave it as it was, a spectator's may never act, and `game.apply` returns the
// entry the log holds for the actor. (tests/wasm_api_seat.rs checks the same in a browser.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import full, { same } from './load.mjs';

const { Game, Seat, BattleLineError } = full;
const FLAGS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const codeOf = (fn) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof BattleLineError, String(e));
    return e.code;
  }
  return null;
};

test('a seat answers as the real game does for its player, through a match of two games', () => {
  for (const seed of [1, 2, 3]) {
    const game = new Game({ seed, games: 2, tactics: true });
    let steps = 0;
    while (!game.matchScore().over) {
      const me = game.current;
      const other = me === 0 ? 1 : 0;
      const view = game.view(me);
      const seat = new Seat(view);
      const theirs = new Seat(game.view(other));
      assert.ok(same(seat.view(), view), 'the seat\'s view is the one it was built from');
      assert.ok(same(seat.legalActions(), game.legalActions()), `seed ${seed} step ${steps}`);
      if (!game.result()) assert.deepEqual(theirs.legalActions(), [], 'not the other seat\'s turn');
      for (const flag of FLAGS) {
        assert.ok(same(seat.formations(flag), game.formations(flag)));
        for (const who of [me, other]) assert.ok(same(seat.explainClaim(flag, who), game.explainClaim(flag, who)), `flag ${flag}`);
      }
      // A card the seat cannot play is refused on its copy with the engine's code, as on a copy of the game.
      const play = { type: 'play', card: view.hand[0], flag: 1 };
      if (view.hand.length > 0 && !game.legalActions().some((a) => same(a, play))) {
        const copy = game.clone();
        const ahead = seat.clone();
        assert.equal(codeOf(() => ahead.apply(play)), codeOf(() => copy.apply(play)));
        assert.ok(same(ahead.view(), view), 'a refusal changes nothing');
        copy.free();
        ahead.free();
      }
      const action = game.legalActions()[0];
      const ahead = seat.clone();
      const entry = ahead.apply(action);
      ahead.free();
      assert.equal(entry.player, me);
      assert.ok(same(seat.view(), view), 'the look-ahead left the seat as it was');
      const logged = game.apply(action);
      assert.equal(logged.index, steps);
      assert.ok(same(logged, game.log(me, steps)[0]), 'apply returns the log\'s entry for its actor');
      seat.free();
      theirs.free();
      steps++;
    }
    assert.ok(steps > 40, `${steps} actions`);
  }
});

test('a spectator\'s seat holds no hand and may never act; a view of no game is refused', () => {
  const game = new Game({ seed: 9 });
  const watching = new Seat(game.spectatorView(), true);
  assert.deepEqual(watching.legalActions(), []);
  assert.deepEqual(watching.view().hand, []);
  const copy = watching.clone();
  assert.equal(codeOf(() => copy.apply(game.legalActions()[0])), 'not_your_turn');
  assert.equal(codeOf(() => new Seat({ player: 0 })), 'bad_input');
  assert.equal(codeOf(() => new Seat(7)), 'bad_input');
});
