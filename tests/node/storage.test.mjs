// What the page reads back from its storage (www/src/storage.ts), without a browser: every stored value
// is checked as it is loaded, and a bad one is dropped with a reason, never trusted (a saved
// game with humanSeat 5, -1 or "1" was resumed unchecked and left the page blank until the site's
// storage was cleared). The page's own walk with a crafted save is tests/e2e/resume.test.mjs.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import full from './load.mjs';

const root = new URL('../../', import.meta.url).pathname;
let storage;
before(async () => {
  const out = join(root, 'target', 'storage-test', 'storage.mjs');
  mkdirSync(join(root, 'target', 'storage-test'), { recursive: true });
  await esbuild.build({
    entryPoints: [join(root, 'www', 'src', 'storage.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: out,
    logLevel: 'warning',
  });
  storage = await import(pathToFileURL(out).href);
});

/** A store over a Map of JSON texts, as localStorage holds them. */
function textStore(texts) {
  const values = new Map(Object.entries(texts));
  return {
    values,
    read(name) {
      if (!values.has(name)) return null;
      try {
        return JSON.parse(values.get(name));
      } catch {
        return storage.UNREADABLE;
      }
    },
    write: (name, value) => void values.set(name, JSON.stringify(value)),
    remove: (name) => void values.delete(name),
  };
}

/** A save as the page writes it, of a real game. */
function goodSave(overrides = {}) {
  const game = new full.Game({ seed: 4 });
  game.apply(game.legalActions()[0]);
  return { version: 1, mode: 'computer', level: 'easy', humanSeat: 0, record: game.record(), handover: false, aiSeed: 17, savedAt: 1700000000000, ...overrides };
}

test('a save as the page writes it is resumed as it was', () => {
  const save = goodSave();
  const store = textStore({ 'game.v1': JSON.stringify(save) });
  const reasons = [];
  assert.deepEqual(storage.loadGame(store, (why) => reasons.push(why)), save);
  assert.deepEqual(reasons, []);
  const three = new full.Game({ players: 3, seed: 2 });
  const seats = [{ kind: 'person' }, { kind: 'computer', level: 'hard' }, { kind: 'computer', level: 'random' }];
  const threeSave = goodSave({ record: three.record(), seats, humanSeat: 0 });
  assert.deepEqual(storage.loadGame(textStore({ 'game.v1': JSON.stringify(threeSave) })), threeSave);
});

test('every crafted save is dropped from the store with a reason, never resumed', () => {
  const record = goodSave().record;
  const crafted = {
    'humanSeat 5': goodSave({ humanSeat: 5 }),
    'humanSeat -1': goodSave({ humanSeat: -1 }),
    'humanSeat "1"': goodSave({ humanSeat: '1' }),
    'humanSeat 0.5': goodSave({ humanSeat: 0.5 }),
    'humanSeat 2 of 2 players': goodSave({ humanSeat: 2 }),
    'mode': goodSave({ mode: 'network' }),
    'level': goodSave({ level: 'grandmaster' }),
    'version': goodSave({ version: 2 }),
    'aiSeed -1': goodSave({ aiSeed: -1 }),
    'aiSeed "7"': goodSave({ aiSeed: '7' }),
    'aiSeed 2^60': goodSave({ aiSeed: 2 ** 60 }),
    'handover "yes"': goodSave({ handover: 'yes' }),
    'seats of the wrong length': goodSave({ seats: [{ kind: 'person' }] }),
    'a seat of no kind': goodSave({ seats: [{ kind: 'person' }, { kind: 'robot' }] }),
    'a computer seat without a level': goodSave({ seats: [{ kind: 'person' }, { kind: 'computer' }] }),
    'three players without seats': goodSave({ record: new full.Game({ players: 3, seed: 1 }).record() }),
    // The page writes humanSeat as the first person's seat: pointing at a computer's seat, the person's
    // turn would wait for good behind the computer's hand.
    'humanSeat at a computer seat': goodSave({
      record: new full.Game({ players: 3, seed: 1 }).record(),
      seats: [{ kind: 'person' }, { kind: 'computer', level: 'easy' }, { kind: 'person' }],
      humanSeat: 1,
    }),
    'humanSeat not the first person': goodSave({
      record: new full.Game({ players: 3, seed: 1 }).record(),
      seats: [{ kind: 'person' }, { kind: 'computer', level: 'easy' }, { kind: 'person' }],
      humanSeat: 2,
    }),
    'seats in a two-player save': goodSave({ seats: [{ kind: 'person' }, { kind: 'computer', level: 'easy' }] }),
    'record not an object': goodSave({ record: 'r1' }),
    'actions not an array': goodSave({ record: { ...record, actions: {} } }),
    'options missing': goodSave({ record: { ...record, options: null } }),
    'players 4': goodSave({ record: { ...record, options: { ...record.options, players: 4 } } }),
    'savedAt text': goodSave({ savedAt: 'yesterday' }),
    'an array': [1, 2, 3],
    'a number': 5,
    'a string': 'game',
  };
  for (const [name, value] of Object.entries(crafted)) {
    const store = textStore({ 'game.v1': JSON.stringify(value) });
    const reasons = [];
    assert.equal(storage.loadGame(store, (why) => reasons.push(why)), null, name);
    assert.equal(reasons.length, 1, `${name}: one reason`);
    assert.ok(!store.values.has('game.v1'), `${name}: removed from the store`);
  }
  for (const text of ['{not json', 'undefined', '']) {
    const store = textStore({ 'game.v1': text });
    const reasons = [];
    assert.equal(storage.loadGame(store, (why) => reasons.push(why)), null, text);
    assert.deepEqual(reasons, ['not JSON'], text);
    assert.ok(!store.values.has('game.v1'));
  }
  // Nothing stored: nothing to say.
  const reasons = [];
  assert.equal(storage.loadGame(textStore({}), (why) => reasons.push(why)), null);
  assert.deepEqual(reasons, []);
});

/** What `run` said through console.warn. */
function warnings(run) {
  const said = [];
  const warn = console.warn;
  console.warn = (...args) => said.push(args.join(' '));
  try {
    run();
  } finally {
    console.warn = warn;
  }
  return said;
}

test('settings keep only values the page offers; anything else is the default', () => {
  const load = (text) => storage.loadSettings(textStore(text === undefined ? {} : { 'settings.v1': text }));
  assert.deepEqual(warnings(() => load('{"lang":"zh","hints":false,"aiDelay":150,"winChances":true}')), []);
  assert.deepEqual(load('{"lang":"zh","hints":false,"aiDelay":150}'), { lang: 'zh', hints: false, aiDelay: 150, winChances: false });
  assert.equal(load('{"winChances":true}').winChances, true);
  for (const text of [
    '{"lang":"xx","hints":"no","aiDelay":1e400}',
    '{"aiDelay":-5,"hints":0}',
    `{"aiDelay":${storage.MAX_AI_DELAY + 1}}`,
    '{"aiDelay":"650"}',
    '{"winChances":"yes"}',
    '{"winChances":1}',
    '[1,2]',
    '"zh"',
    'null',
    '{broken',
    undefined,
  ]) {
    let settings;
    const said = warnings(() => (settings = load(text)));
    // A value that was stored but is not one the page offers is dropped with a word (nothing stored,
    // or text that is not JSON, reads as nothing).
    const readable = text !== undefined && text !== 'null' && text !== '{broken';
    assert.equal(said.length, readable ? 1 : 0, `${text}: ${said}`);
    if (readable) assert.match(said[0], /dropped/, text);
    assert.ok(settings.lang === 'en' || settings.lang === 'zh', text);
    assert.equal(settings.hints, true, text);
    assert.equal(settings.aiDelay, 650, text);
    assert.equal(settings.winChances, false, text);
  }
});
