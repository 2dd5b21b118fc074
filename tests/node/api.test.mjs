// The npm package as users import it: a full game, errors with stable codes, hidden information.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import bl from './load.mjs';

const { Game, BattleLineError, proveFlag, errorCodes } = bl;

function playToEnd(game, pick = (legal) => legal[0]) {
  let steps = 0;
  while (!game.matchScore().over) {
    const legal = game.legalActions();
    assert.ok(legal.length > 0, 'a game that is not over has a legal action');
    game.apply(pick(legal));
    assert.ok(++steps < 3000, 'the game ends');
  }
  return steps;
}

test('a seeded game plays to its end and its record replays to the same digest', () => {
  const game = new Game({ seed: 42 });
  const steps = playToEnd(game);
  assert.ok(steps > 20);
  const result = game.result();
  assert.ok(['breakthrough', 'envelopment', 'exhaustion'].includes(result.victory));
  const replayed = Game.fromRecord(JSON.stringify(game.record()));
  assert.equal(replayed.digest(), game.digest());
  assert.equal(Game.fromRecord(game.record()).digest(), game.digest());
});

test('the same seed and actions give the same digest as the native engine', () => {
  // Pinned by tests/rules/native_digest.rs: always the first legal action, seed 42.
  const game = new Game({ seed: 42 });
  playToEnd(game);
  assert.equal(game.digest(), 'd9dcbb82738ac420');
});

test('failures throw BattleLineError with a stable code and change nothing', () => {
  const game = new Game({ seed: 7 });
  const before = game.digest();
  const cases = [
    [() => game.play('r11', 1), 'bad_card'],
    [() => game.play('r5', 10), 'bad_flag'],
    [() => game.draw('troop'), 'wrong_phase'],
    [() => game.pass(), 'must_play'],
    [() => game.view(5), 'bad_player'],
    [() => game.apply({ type: 'fly' }), 'bad_action'],
    [() => new Game({ players: 4 }), 'bad_options'],
    [() => Game.fromRecord('{"format":"battleline-record"'), 'bad_record'],
  ];
  for (const [call, code] of cases) {
    assert.throws(call, (err) => {
      assert.ok(err instanceof BattleLineError, `${code}: an instance of BattleLineError`);
      assert.ok(err instanceof Error);
      assert.equal(err.name, 'BattleLineError');
      assert.equal(err.code, code, err.message);
      assert.ok(err.message.length > 10);
      return true;
    });
  }
  assert.equal(game.digest(), before);
  assert.ok(errorCodes().includes('claim_not_provable'));
});

test("a player's view never holds the opponent's hand", () => {
  const game = new Game({ seed: 3 });
  for (let i = 0; i < 60 && !game.result(); i++) {
    const state = game.fullState();
    for (const player of [0, 1]) {
      const view = game.view(player);
      const text = JSON.stringify(view);
      for (const card of state.hands[1 - player]) {
        assert.ok(!text.includes(`"${card}"`) || onBoardOrDiscard(view, card), `${card} leaked`);
      }
      assert.ok(!('troopDeckOrder' in view) && typeof view.troopDeck === 'number');
    }
    game.apply(game.legalActions()[0]);
  }
});

function onBoardOrDiscard(view, card) {
  return view.flags.some((f) => f.sides.some((s) => s.includes(card))) || view.discards.some((d) => d.includes(card));
}

test('proveFlag answers the R-CLAIM examples', () => {
  const all = ['r', 'o', 'y', 'g', 'b', 'p'].flatMap((c) => Array.from({ length: 10 }, (_, i) => `${c}${i + 1}`));
  const unseen = (...known) => all.filter((c) => !known.includes(c));
  const board = ['r3', 'r4', 'r5', 'b8'];
  const yes = proveFlag({ sides: [['r3', 'r4', 'r5'], ['b8']], claimant: 0, unseen: unseen(...board, 'b7', 'b10') });
  assert.equal(yes.claimable, true);
  const no = proveFlag({ sides: [['r3', 'r4', 'r5'], ['b8']], claimant: 0, unseen: unseen(...board) });
  assert.equal(no.claimable, false);
  assert.equal(no.opponents[0].beatsClaimant, true);
  assert.equal(no.opponents[0].strength.kind, 'wedge');
});

test('clone gives an independent copy', () => {
  const game = new Game({ seed: 21 });
  const copy = game.clone();
  copy.apply(copy.legalActions()[0]);
  assert.equal(game.actionCount, 0);
  assert.equal(copy.actionCount, 1);
  assert.notEqual(copy.digest(), game.digest());
});

test('playedCard names the hand card an action takes (the page asks it instead of keeping a copy)', async () => {
  const full = (await import('./load.mjs')).default;
  const { playedCard } = full;
  assert.equal(playedCard({ type: 'play', card: 'r7', flag: 3 }), 'r7');
  assert.equal(playedCard({ type: 'environment', card: 'fog', flag: 1 }), 'fog');
  assert.equal(playedCard({ type: 'traitor', card: 'b5', to: 2 }), 'traitor');
  assert.equal(playedCard({ type: 'scout' }), 'scout');
  assert.equal(playedCard({ type: 'scoutReturn', card: 'r7' }), null);
  assert.equal(playedCard({ type: 'pass' }), null);
  assert.throws(() => playedCard({ type: 'fly' }), (e) => e.code === 'bad_action');
});
