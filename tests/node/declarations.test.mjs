// The declarations hold for the values the engine really produces: values collected from seeded games
// (every kind of action, phase, view, state, proof, result, record, error) are written into a TypeScript
// file as literals, each `satisfies` its declared type, and the compiler checks them under strict
// settings with exactOptionalPropertyTypes (a field the engine adds, drops or renames is an error). The
// union types are checked the other way too: every declared action type, phase, error code, … occurs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import full, { rules } from './load.mjs';
import { Computer } from '../../pkg/computer-node.js';

const root = new URL('../../', import.meta.url).pathname;
const pkg = join(root, 'pkg');
const { Game, proveFlag, errorCodes, suggest, legalActionsOfView, BattleLineError } = full;

const declarationFiles = () => {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (/\.d\.c?ts$/.test(entry.name)) files.push(join(dir, entry.name));
    }
  };
  walk(pkg);
  return files;
};

test('the public declarations contain no any and only camelCase parameter names', () => {
  const files = declarationFiles();
  assert.ok(files.length >= 8, `declaration files: ${files.length}`);
  for (const file of files) {
    const code = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !line.trim().startsWith('*') && !line.trim().startsWith('/'))
      .join('\n');
    assert.deepEqual(code.match(/.*\bany\b.*/g) ?? [], [], `${file} uses any`);
    // wasm-bindgen's own init parameter (module_or_path) is the one snake_case name it documents.
    const snake = [...code.matchAll(/[(,]\s*([a-z]+_[a-z_]+)\??:/g)].map((m) => m[1]).filter((n) => n !== 'module_or_path');
    assert.deepEqual(snake, [], `${file}: parameters not in camelCase`);
  }
});

test('every Game method and getter is declared, and every declared one exists', () => {
  const text = readFileSync(join(pkg, 'full', 'battleline.d.ts'), 'utf8');
  const body = text.slice(text.indexOf('export class Game {'), text.indexOf('\n}', text.indexOf('export class Game {')));
  const declared = new Set([...body.matchAll(/^ {4}(?:static |get |readonly )?(\w+)[(:?]/gm)].map((m) => m[1]).filter((n) => n !== 'constructor'));
  const runtime = Reflect.ownKeys(Game.prototype).filter((k) => typeof k === 'string' && k !== 'constructor' && !k.startsWith('__'));
  runtime.push(...Object.getOwnPropertyNames(Game).filter((k) => !['length', 'name', 'prototype'].includes(k) && !k.startsWith('__')));
  assert.deepEqual([...new Set(runtime)].sort(), [...declared].sort());
});

/** Values of every declared shape, from seeded games of every variant. */
async function collect() {
  const out = [];
  const add = (type, value) => out.push({ type, value });
  const seen = new Map();
  const once = (key, limit = 1) => {
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n < limit;
  };
  const variants = [{ seed: 1 }, { seed: 2, tactics: false }, { seed: 3, players: 3 }, { seed: 4, games: 3, claimTiming: 'startOfTurn' }, { seed: 5, claimTiming: 'endOfTurn' }, { seed: 6 }, { seed: 7, players: 3, games: 2 }, { seed: 8, players: 3, resignAt: 9 }];
  for (const { resignAt, ...options } of variants) {
    const game = new Game(options);
    add('GameOptions', game.options);
    for (let step = 0; !game.matchScore().over && step < 3000; step++) {
      const legal = game.legalActions();
      for (const action of legal) if (once(`action ${action.type} ${action.card ?? ''}`, 2)) add('Action', action);
      if (once(`phase ${game.phase.step}`)) add('Phase', game.phase);
      if (step % 23 === 0) {
        for (let p = 0; p < game.options.players; p++) add('PlayerView', game.view(p));
        add('FullState', game.fullState());
        add('ClaimableFlag[]', game.claimable());
        add('MatchScore', game.matchScore());
        for (const flag of [1, 5, 9]) {
          add('Proof', game.explainClaim(flag));
          add('SideFormation[]', game.formations(flag));
        }
      }
      for (const c of game.claimable()) if (once('claimable', 10)) add('ClaimableFlag', c);
      if (game.result() && once(`result ${game.result().victory}`, 3)) add('GameResult', game.result());
      // Mostly the first action, sometimes another: games end, and tactics cards get played (Scout
      // whenever it can be, for its two steps).
      const scout = legal.find((a) => a.type === 'scout');
      game.apply(scout ?? legal[step % 5 === 4 ? step % legal.length : 0]);
      // A three-player resign (never among the legal actions): a seat other than the one to move leaves.
      if (step === resignAt) {
        const resign = { type: 'resign', player: (game.current + 1) % 3 };
        add('Action', resign);
        game.apply(resign);
        for (let p = 0; p < 3; p++) add('PlayerView', game.view(p));
        add('FullState', game.fullState());
      }
    }
    add('GameResult | null', game.result());
    add('MatchScore', game.matchScore());
    add('GameRecord', game.record());
    // The log as each player and a spectator get it: one entry per kind of action and events.
    for (const viewer of [...Array.from({ length: game.options.players }, (_, p) => p), null]) {
      for (const entry of game.log(viewer)) {
        const kind = `${viewer === null ? 'spectator' : viewer === entry.player ? 'own' : 'other'} ${entry.action?.type ?? 'hidden'} ${entry.events.map((e) => e.type).join(',')}`;
        if (once(`log ${kind}`)) add('LogEntry', entry);
      }
    }
  }
  // Mud leaving a flag where a side holds four cards makes that side discard one (the 'discarded' event):
  // a position built for it, Deserter taking player 1's Mud from flag 1.
  const state = new Game({ seed: 13 }).fullState();
  const mudFlag = ['r1', 'r2', 'r3', 'r4'];
  for (const list of [state.troopDeck, state.tacticsDeck, ...state.hands]) {
    for (const card of [...mudFlag, 'mud', 'deserter']) if (list.includes(card)) list.splice(list.indexOf(card), 1);
  }
  for (const hand of state.hands) while (hand.length < 7) hand.push(state.troopDeck.shift());
  state.troopDeck.push(state.hands[0].pop());
  state.hands[0].push('deserter');
  Object.assign(state.flags[0], { sides: [mudFlag, []], arrived: [[1, 2, 3, 4], []], completed: [4, null], mud: 1 });
  Object.assign(state, { current: 0, phase: { step: 'play' }, tacticsPlayed: [0, 1] });
  const mudGame = Game.fromSetup(state);
  mudGame.apply({ type: 'deserter', card: 'mud' });
  add('LogEntry', mudGame.log(0, 0)[0]);
  const view = new Game({ seed: 9 }).view(new Game({ seed: 9 }).current);
  add('Action[]', legalActionsOfView(view));
  add('Action', suggest(view, 'easy', 1));
  // The coach: win chances, a hint, and a review (one decision at a time, then whole as the worker gives it).
  add('Evaluation', full.evaluate(view, 'easy', 1));
  add('Evaluation', full.evaluate(new Game({ seed: 9 }).view(1 - new Game({ seed: 9 }).current), 'easy', 1));
  add('Hint', full.hint(view, 'easy', 1));
  add('Outlook', full.explain(view));
  const firstPlay = legalActionsOfView(view).find((a) => a.type === 'play');
  add('Reason[]', full.explainMove(view, firstPlay));
  add('Hint', full.hint(view, 'easy', 1, { action: firstPlay, hand: view.hand }));
  add('ReviewThresholds', full.reviewThresholds());
  const played = new Game({ seed: 14 });
  while (!played.result()) played.apply(suggest(played.view(played.current), 'random', 2));
  const reviewer = new full.Reviewer(played.record(), 0, 'easy', 1);
  const decisions = [];
  for (let d = reviewer.next(); d !== undefined; d = reviewer.next()) decisions.push(d);
  const whole = reviewer.review();
  reviewer.free();
  for (const d of decisions) if (once(`decision ${d.judgement} ${d.reason === null}`, 3)) add('ReviewedDecision', d);
  add('Review', whole);
  add('Proof', proveFlag({ sides: [['r3', 'r4', 'r5'], ['b8']], claimant: 0, unseen: ['b7', 'b9'] }));
  add('Proof', proveFlag({ sides: [['r3', 'r4', 'r5'], ['b8', 'b9']], fog: true, claimant: 0, unseen: ['b7', 'b10'], firstComplete: 0 }));
  add('Proof', proveFlag({ sides: [['r7', 'o7', 'y7'], ['b8']], claimant: 0, unseen: ['b1', 'b2'] }));
  add('ErrorCode[]', errorCodes());
  add('FlagNumber[]', full.flagNumbers());
  return out;
}

/** The codes the package throws, each produced for real. */
async function producedCodes() {
  const codes = new Set(errorCodes());
  const game = new rules.Game({ seed: 10 });
  game.free();
  try {
    game.digest();
  } catch (e) {
    codes.add(e.code);
  }
  const computer = new Computer();
  const controller = new AbortController();
  const live = new Game({ seed: 11 });
  const pending = computer.suggest(live.view(live.current), 'hard', { signal: controller.signal });
  controller.abort();
  await pending.catch((e) => codes.add(e.code));
  computer.terminate();
  // The rules engine's wasm has no computer players: a worker given it cannot answer.
  const wrong = new Computer({ wasm: readFileSync(join(pkg, 'rules', 'battleline_bg.wasm')) });
  await wrong.suggest(live.view(live.current), 'random').catch((e) => {
    assert.ok(e instanceof BattleLineError);
    codes.add(e.code);
  });
  wrong.terminate();
  // A call from the very end of the stack is refused (stack_exhausted) before it enters the engine.
  // (Where even the call's own frame does not fit, the RangeError goes one frame up and it tries again.)
  const deep = () => {
    try {
      deep();
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      try {
        live.legalActions();
      } catch (refusal) {
        if (!(refusal instanceof BattleLineError)) throw refusal;
        codes.add(refusal.code);
      }
    }
  };
  deep();
  // An element's calls after destroy() (the element's class constructs in Node, where it defines nothing).
  const { BattleLineGameElement } = await import('../../pkg/element.js');
  const element = new BattleLineGameElement();
  element.destroy();
  await element.ready.catch((e) => {
    assert.ok(e instanceof BattleLineError);
    codes.add(e.code);
  });
  return [...codes];
}

const LEVELS = ['random', 'heuristic', 'easy', 'medium', 'hard', 'search', 'search:easy', 'search:medium', 'search:hard'];

test('every BotLevel is accepted by the engine', () => {
  const game = new Game({ seed: 12 });
  const view = game.view(game.current);
  // Budgets spent are the level's; a quick position keeps hard affordable (one decision each).
  for (const level of LEVELS) {
    const action = suggest(view, level, 3);
    assert.ok(game.legalActions().some((a) => JSON.stringify(a) === JSON.stringify(action)), level);
  }
});

test('values the engine produces satisfy the declared types, and every declared variant occurs', async () => {
  const values = await collect();
  const codes = await producedCodes();
  const dir = join(root, 'target', 'declaration-check');
  mkdirSync(dir, { recursive: true });
  const used = [...new Set(values.map((v) => v.type.replace(/[[\]| ]|null/g, '')).filter(Boolean))];
  const literal = (list) => `[${list.map((x) => JSON.stringify(x)).join(', ')}] as const`;
  const unionOf = (key) => [...new Set(values.filter((v) => v.type === 'Action').map((v) => v.value[key]))];
  const eventTypes = [...new Set(values.filter((v) => v.type === 'LogEntry').flatMap((v) => v.value.events.map((e) => e.type)))];
  const kinds = new Set();
  const victories = new Set();
  JSON.stringify(values, (key, value) => {
    if (key === 'kind') kinds.add(value);
    if (key === 'victory') victories.add(value);
    return value;
  });
  const lines = [
    `import type { ${[...new Set([...used, 'ErrorCode', 'FormationKind', 'Victory', 'BotLevel', 'GameEvent'])].join(', ')} } from '../../pkg/full.js';`,
    'type Exhaustive<Missing> = [Missing] extends [never] ? true : { missing: Missing };',
    ...values.map((v, i) => `export const v${i} = ${JSON.stringify(v.value)} satisfies ${v.type};`),
    `const actionTypes = ${literal(unionOf('type'))};`,
    `export const allActionTypes: Exhaustive<Exclude<Action['type'], (typeof actionTypes)[number]>> = true;`,
    `const phases = ${literal([...new Set(values.filter((v) => v.type === 'Phase').map((v) => v.value.step))])};`,
    `export const allPhases: Exhaustive<Exclude<Phase['step'], (typeof phases)[number]>> = true;`,
    `const eventTypes = ${literal(eventTypes)};`,
    `export const allEventTypes: Exhaustive<Exclude<GameEvent['type'], (typeof eventTypes)[number]>> = true;`,
    `const codes = ${literal(codes)} satisfies readonly ErrorCode[];`,
    `export const allCodes: Exhaustive<Exclude<ErrorCode, (typeof codes)[number]>> = true;`,
    `const kinds = ${literal([...kinds])} satisfies readonly FormationKind[];`,
    `export const allKinds: Exhaustive<Exclude<FormationKind, (typeof kinds)[number]>> = true;`,
    `const victories = ${literal([...victories])} satisfies readonly Victory[];`,
    `export const allVictories: Exhaustive<Exclude<Victory, (typeof victories)[number]>> = true;`,
    `const levels = ${literal(LEVELS)} satisfies readonly BotLevel[];`,
    `export const allLevels: Exhaustive<Exclude<BotLevel, (typeof levels)[number]>> = true;`,
  ];
  writeFileSync(join(dir, 'values.ts'), lines.join('\n') + '\n');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false,
        target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], types: [],
      },
      files: ['values.ts'],
    }),
  );
  assert.ok(values.length > 200, `${values.length} values`);
  let output = '';
  try {
    execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
  } catch (error) {
    output = `${error.stdout}${error.stderr}`;
  }
  assert.equal(output, '', `values that do not match their declarations (target/declaration-check/values.ts):\n${output.slice(0, 4000)}`);
});

test("the element's declarations (emitted by tsc) name every public member of its class, and only those", async () => {
  // Importing the element in Node is what a framework's server rendering does: it must define nothing
  // and throw nothing (there is no HTMLElement, no customElements), and still export the class.
  const { BattleLineGameElement } = await import('../../pkg/element.js');
  assert.equal(typeof BattleLineGameElement, 'function');
  assert.equal(typeof globalThis.customElements, 'undefined', 'nothing defined on a server');
  const runtime = Object.getOwnPropertyNames(BattleLineGameElement.prototype).filter((k) => k !== 'constructor' && !/Callback$/.test(k));
  const text = readFileSync(join(pkg, 'element-types', 'element.d.ts'), 'utf8');
  const body = text.slice(text.indexOf('export declare class BattleLineGameElement'), text.indexOf('\n}', text.indexOf('export declare class BattleLineGameElement')));
  const declared = [...body.matchAll(/^ {4}(?:get |readonly )?(\w+)[(:?]/gm)].map((m) => m[1]).filter((n) => n !== 'constructor' && n !== 'observedAttributes');
  assert.deepEqual([...new Set(declared)].sort(), runtime.sort());
  assert.match(body, /#private;/, 'the fields are private');
  assert.doesNotMatch(text, /controller|Controller/, 'no controller in the declarations');
});

test('every entry point\'s declarations name their module (`@module`), as editors and TypeDoc show it', () => {
  for (const [file, name] of [
    ['index.d.ts', 'battleline-engine'],
    ['full.d.ts', 'battleline-engine/full'],
    ['computer.d.ts', 'battleline-engine/computer'],
    ['element.d.ts', 'battleline-engine/element'],
  ]) {
    const text = readFileSync(join(pkg, file), 'utf8');
    assert.match(text, new RegExp(`/\\*\\*[^]*?@module ${name.replace('/', '\\/')}\\n \\*/`), `pkg/${file} names its module ${name}`);
  }
});
