// The page's view model (www/src/game/view-model.ts) without a browser: a pure function of the game's
// state that says what the board, the hand, the status line and the action bar show. Every expectation is
// read from the engine itself (its legal actions and views), never from a copy of a rule.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import full from './load.mjs';

const root = new URL('../../', import.meta.url).pathname;
let vm;
before(async () => {
  // The page's TypeScript, bundled for Node; the engine is the package this process already loaded.
  const out = join(root, 'target', 'view-model-test', 'view-model.mjs');
  mkdirSync(join(root, 'target', 'view-model-test'), { recursive: true });
  await esbuild.build({
    stdin: {
      contents: `export * from './game/view-model.ts'; export * from './game/queries.ts'; export { initialState, twoSeats } from './game/state.ts'; export { ReplayTable } from './game/replay-table.ts'; export { replayLogged } from './log.ts';`,
      resolveDir: join(root, 'www', 'src'),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: out,
    logLevel: 'warning',
    plugins: [{ name: 'engine', setup: (b) => b.onResolve({ filter: /pkg\/(full|index)\.js$/ }, () => ({ path: join(root, 'pkg', 'full.js'), external: true })) }],
  });
  vm = await import(pathToFileURL(out).href);
});

const settings = { lang: 'en', hints: true, aiDelay: 0 };

/** A state with a dealt game against the computer, the person in the seat that moves first. */
function againstComputer(seed) {
  const s = vm.initialState(settings, false);
  s.game = new full.Game({ seed });
  const human = s.game.current;
  s.session = { mode: 'computer', level: 'easy', humanSeat: human, aiSeed: 1, seats: vm.twoSeats('computer', 'easy', human) };
  return s;
}

const playCards = (legal) => new Set(legal.filter((a) => a.type === 'play').map((a) => a.card));

test('on the viewer\'s turn: the playable cards are the engine\'s, the others say why, and nothing is drawn hidden', () => {
  const s = againstComputer(5);
  const g = s.game;
  const m = vm.viewModel(s);
  assert.equal(m.viewer, g.current);
  assert.deepEqual(m.names[m.viewer], 'You');
  assert.deepEqual(m.names[1 - m.viewer], 'Computer');
  assert.deepEqual(m.opponents, [1 - m.viewer]);
  assert.equal(m.interactive, true);
  assert.equal(m.hideHand, false);
  assert.deepEqual(m.view, g.view(m.viewer), 'the view model shows the viewer\'s view and no other');
  assert.deepEqual([...m.selectableHand].sort(), [...playCards(g.legalActions())].sort());
  for (const card of m.view.hand) {
    if (!m.selectableHand.has(card)) assert.ok(m.idleWhy.get(card), `${card} is greyed out with a reason`);
  }
  const { prompt, buttons } = vm.promptOf(s, m);
  assert.match(prompt, /\S/, 'the action bar says what to do');
  assert.deepEqual(buttons, [], 'nothing to press before a card is chosen');
  assert.match(vm.statusHTML(s, m), /Your turn/);
});

test('a selected card lights exactly the flags the engine lets it go to, and every other flag says why', () => {
  const s = againstComputer(8);
  const g = s.game;
  const card = g.legalActions().find((a) => a.type === 'play').card;
  s.sel = { kind: 'card', card };
  const m = vm.viewModel(s);
  const flags = new Set(g.legalActions().filter((a) => a.type === 'play' && a.card === card).map((a) => a.flag));
  assert.deepEqual([...m.targetFlags].sort(), [...flags].sort());
  assert.equal(m.selected, card);
  for (let f = 1; f <= 9; f++) if (!flags.has(f)) assert.ok(m.flagWhy.get(f), `flag ${f} says why ${card} cannot go there`);
  assert.deepEqual(vm.promptOf(s, m).buttons.map((b) => b.act), ['cancel']);
});

test('a pure function: the same state gives the same model, and reading it changes neither the game nor the state', () => {
  const s = againstComputer(13);
  const digest = s.game.digest();
  const count = s.game.actionCount;
  const first = vm.viewModel(s);
  const second = vm.viewModel(s);
  assert.deepEqual(second, first);
  assert.equal(s.game.digest(), digest);
  assert.equal(s.game.actionCount, count);
  assert.equal(s.sel.kind, 'none');
});

test('while the computer thinks, and behind the hot-seat curtain, nothing can be played and the hand is hidden where it must be', () => {
  const s = againstComputer(21);
  s.thinking = true;
  const thinking = vm.viewModel(s);
  assert.equal(thinking.interactive, false);
  assert.equal(thinking.selectableHand.size, 0);
  assert.equal(thinking.decks.size, 0);

  const h = vm.initialState(settings, false);
  h.game = new full.Game({ seed: 21 });
  h.session = { mode: 'hotseat', level: 'easy', humanSeat: 0, aiSeed: 1, seats: vm.twoSeats('hotseat', 'easy', 0) };
  h.handover = true;
  const curtain = vm.viewModel(h);
  assert.equal(curtain.hideHand, true, 'the hand is hidden behind the hand-over curtain');
  assert.equal(curtain.interactive, false);
  assert.deepEqual(curtain.names, ['Player 1', 'Player 2']);
});

test('a replay shows every hand only once the match is over, and never lets anything be played', () => {
  const g = new full.Game({ seed: 34, tactics: false });
  while (!g.matchScore().over) g.apply(g.legalActions()[0]);
  const record = g.record();
  const unfinished = { ...record, actions: record.actions.slice(0, 20) };
  for (const [rec, open] of [[record, true], [unfinished, false]]) {
    const s = vm.initialState(settings, false);
    const { game: fullGame, entries } = vm.replayLogged(rec, full.Game);
    const table = new vm.ReplayTable(rec, fullGame, open ? null : 0);
    table.goTo(10);
    s.replay = { record: rec, open: fullGame.matchScore().over, game: table, index: 10, entries, viewer: 0, timer: null };
    const m = vm.viewModel(s);
    assert.equal(m.interactive, false);
    assert.equal(m.openHand !== null, open, open ? 'a finished match: every hand' : 'unfinished: the viewer\'s own view only');
    assert.deepEqual(m.view, s.replay.game.view(0));
    assert.match(vm.statusHTML(s, m), /10/, 'the status says which step');
  }
});
