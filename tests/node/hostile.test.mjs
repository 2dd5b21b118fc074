// Hostile input through the npm package as a host calls it: setups that could never end or that play cannot
// reach, NaN and infinite options, a record giving its seed twice, an error message quoting a 15 MiB
// record, and views that must not tell whether a pass was voluntary. (The engine-side tests are
// tests/rules/setup_reachable.rs, tests/rules/hostile_input.rs and tests/rules/exhaustion.rs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import bl from './load.mjs';

const { Game, BattleLineError } = bl;

function throwsCode(call, code, pattern) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof BattleLineError, String(error));
    assert.equal(error.code, code, error.message);
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
}

/** A dealt game's full state with both decks turned face up into player 0's discard pile. */
function decksEmpty(options = {}) {
  const state = new Game({ seed: 12, ...options }).fullState();
  state.discards[0].push(...state.troopDeck.splice(0), ...state.tacticsDeck.splice(0));
  return state;
}

test('a draw or Scout-draw step with both decks empty is refused: it could never end', () => {
  const playing = decksEmpty();
  const game = Game.fromSetup(playing, 1);
  assert.ok(game.legalActions().length > 0, 'the same deal in its play step is a game');
  const drawing = structuredClone(playing);
  drawing.discards[0].push(drawing.hands[0].pop());
  drawing.phase = { step: 'draw' };
  drawing.turn.step = 2;
  throwsCode(() => Game.fromSetup(drawing, 1), 'bad_input', /could never end/);
  const scouting = structuredClone(playing);
  scouting.phase = { step: 'scoutDraw', remaining: 2 };
  scouting.turn.skipDraw = true;
  throwsCode(() => Game.fromSetup(scouting, 1), 'bad_input');
  // A record that starts from such a setup is refused too (the page's import showed "the computer
  // player could not move" for good).
  const record = { ...game.record(), start: drawing };
  throwsCode(() => Game.fromRecord(record), 'bad_record');
});

test('states play cannot reach are refused: Scout without tactics, a 41-card hand, five flags and no result', () => {
  const basic = new Game({ seed: 3, tactics: false }).fullState();
  basic.phase = { step: 'scoutDraw', remaining: 1 };
  basic.turn.skipDraw = true;
  throwsCode(() => Game.fromSetup(basic, 1), 'bad_input', /without tactics/);
  const bigHand = new Game({ seed: 4 }).fullState();
  bigHand.hands[1].push(...bigHand.troopDeck.splice(0, 34));
  throwsCode(() => Game.fromSetup(bigHand, 1), 'bad_input', /holds 41 cards/);
  const enveloped = new Game({ seed: 5 }).fullState();
  for (const f of [0, 2, 4, 6, 8]) enveloped.flags[f].claimedBy = 1;
  throwsCode(() => Game.fromSetup(enveloped, 1), 'bad_input', /no result/);
});

test('NaN and the infinities are refused, not read as the defaults', () => {
  for (const options of [{ games: NaN }, { players: Infinity }, { players: -Infinity }, { seed: NaN }]) {
    throwsCode(() => new Game(options), 'bad_options', /not a finite number/);
  }
  assert.equal(new Game({ games: 3, seed: 1 }).options.games, 3);
});

test('a record giving its seed twice is refused, and no message quotes a 15 MiB record whole', () => {
  const json = JSON.stringify(new Game({ seed: 5 }).record());
  assert.ok(Game.fromRecord(json));
  throwsCode(() => Game.fromRecord(json.replace('{', '{"seed":2,')), 'bad_record', /gives a field twice/);
  const huge = `{"format":"battleline-record","version":1,"options":{},"seed":1,"actions":[{"type":"play","card":"${'x'.repeat(15 * 1024 * 1024)}","flag":1}]}`;
  assert.throws(
    () => Game.fromRecord(huge),
    (error) => error instanceof BattleLineError && error.code === 'bad_record' && error.message.length <= 2000,
  );
});

test('no view of any game played to its end tells whether a pass was voluntary', () => {
  let passes = 0;
  for (let seed = 0; seed < 40; seed++) {
    const game = new Game({ seed });
    let step = 0;
    while (!game.result()) {
      for (const player of [0, 1]) {
        const view = game.view(player);
        assert.ok(!('voluntaryPass' in view), `seed ${seed}: the view of player ${player} carries voluntaryPass`);
      }
      const legal = game.legalActions();
      const action = legal[(seed * 31 + step++) % legal.length];
      passes += Number(action.type === 'pass');
      game.apply(action);
    }
    game.free();
  }
  assert.ok(passes > 0, 'some games had passes');
});
