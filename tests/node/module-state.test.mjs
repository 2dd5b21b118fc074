// The page keeps no mutable state at module level: two elements on one page (or two in two languages)
// must never share a game's state through a module's variable. Each file of www/src is parsed with the
// TypeScript compiler; a top-level `let` or `var`, or a top-level `const` bound to a Map, Set, WeakMap,
// WeakSet, array or object literal that the file then changes (a method that mutates it, an assignment
// to one of its members), is a failure, unless the allow-list below names it with its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('../../', import.meta.url).pathname;
const src = join(root, 'www', 'src');

/**
 * Module state that is not a game's: `file: name` → why it may stay. (State attached to one element's own
 * DOM nodes, a WeakMap or WeakSet keyed by an element, a dialog or a shadow root, is that element's and
 * needs no entry: see `domKeyed`.)
 */
const CHUNK = 'a feature chunk this page fetched (or is fetching): code, the same for every element';
const ALLOWED = new Map([
  ['coach/coach-loader.ts: loaded', CHUNK],
  ['coach/coach-loader.ts: loading', CHUNK],
  ['online/online-loader.ts: loaded', CHUNK],
  ['online/online-loader.ts: loading', CHUNK],
  ['tutorial/tutorial-loader.ts: loaded', CHUNK],
  ['tutorial/tutorial-loader.ts: loading', CHUNK],
  ['game/records-loader.ts: loading', CHUNK],
  ['start-dialog-loader.ts: loaded', CHUNK],
  ['start-dialog-loader.ts: loading', CHUNK],
  ['game/selection.ts: explaining', CHUNK],
  ['element/element.ts: config', 'the element\'s definition: one per page (defineBattleLineGame)'],
  ['element/element.ts: engine', 'the compiled wasm module: one per page, each element instantiates its own'],
  ['element/element.ts: sheet', 'the element\'s stylesheet, adopted by every element\'s shadow root'],
  ['feature-css.ts: sheets', 'each feature\'s stylesheet, adopted by every element\'s shadow root'],
  ['i18n.ts: tables', 'each feature chunk\'s words, added when the chunk loads (addWords): the same for every element'],
  ['patch.ts: template', 'a scratch element the HTML is parsed in, holding nothing between calls'],
  ['online/server.ts: probes', 'whether a game server answers at a URL: the same answer for every element'],
]);

const DOM_KEYS = /^(HTML\w*Element|Element|ShadowRoot|BattleLineGameElement)$/;

/** A WeakMap or WeakSet keyed by one element's DOM node: state of that element, kept on its node. */
function domKeyed(node) {
  if (!node || !ts.isNewExpression(node) || !ts.isIdentifier(node.expression)) return false;
  const key = node.typeArguments?.[0];
  return ['WeakMap', 'WeakSet'].includes(node.expression.text) && key !== undefined && DOM_KEYS.test(key.getText());
}

const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);
const CONTAINERS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A value that can be changed in place: a container built with `new`, an array or object literal. */
function mutableInitializer(node) {
  if (!node) return false;
  while (ts.isAsExpression(node) || ts.isSatisfiesExpression?.(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) return CONTAINERS.has(node.expression.text);
  return ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node);
}

/** Whether the file changes `name` anywhere: `name.set(…)`, `name.x = …`, `name[i] = …`, `name.x++`,
 * `Object.assign(name.x, …)`. */
function mutated(sourceFile, name) {
  let found = false;
  const isName = (e) => ts.isIdentifier(e) && e.text === name;
  const target = (e) => (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) && isName(e.expression);
  const visit = (node) => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isName(node.expression.expression) && MUTATORS.has(node.expression.name.text)) found = true;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment && target(node.left)) found = true;
    if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && target(node.operand)) found = true;
    if (ts.isDeleteExpression(node) && target(node.expression)) found = true;
    // Object.assign(name, …) or Object.assign(name.x, …): filled in place.
    const assigns = ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'Object' && node.expression.name.text === 'assign';
    if (assigns && node.arguments.length > 0 && (isName(node.arguments[0]) || target(node.arguments[0]))) found = true;
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Whether `sourceFile` imports `name` (by that name) from another module. */
function imports(sourceFile, name) {
  return sourceFile.statements.some(
    (s) => ts.isImportDeclaration(s) && s.importClause?.namedBindings && ts.isNamedImports(s.importClause.namedBindings) && s.importClause.namedBindings.elements.some((e) => e.name.text === name),
  );
}

const parse = (path, text) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/**
 * Every top-level binding that holds state: `file: name` with what it is. `others`: the other files,
 * parsed, where an exported binding may be changed.
 */
export function moduleState(path, text, others = []) {
  const sourceFile = parse(path, text);
  const file = relative(src, path);
  const out = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const d of list.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      const name = d.name.text;
      if (!isConst) out.push({ key: `${file}: ${name}`, what: 'a top-level let/var' });
      else if (!mutableInitializer(d.initializer) || domKeyed(d.initializer)) continue;
      else if (mutated(sourceFile, name) || others.some((o) => o !== sourceFile && imports(o, name) && mutated(o, name))) out.push({ key: `${file}: ${name}`, what: 'a top-level const that is changed in place' });
    }
  }
  return out;
}

test('www/src keeps no mutable state at module level beyond the allow-list', () => {
  const texts = files(src).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
  const parsed = texts.map(({ path, text }) => parse(path, text));
  const found = texts.flatMap(({ path, text }) => moduleState(path, text, parsed));
  const bad = found.filter((f) => !ALLOWED.has(f.key)).map((f) => `${f.key} (${f.what})`);
  assert.deepEqual(bad, [], 'module-level state: keep it in the element\'s state (GameState, the controller) instead');
  // The allow-list holds only what is still there: an entry whose binding went is removed with it.
  const stale = [...ALLOWED.keys()].filter((key) => !found.some((f) => f.key === key));
  assert.deepEqual(stale, [], 'allow-list entries that no longer exist');
});

test('the check sees each kind of module state it guards against', () => {
  const kinds = (text) => moduleState(join(src, 'x.ts'), text).map((f) => f.key);
  assert.deepEqual(kinds('let lang = "en";'), ['x.ts: lang']);
  assert.deepEqual(kinds('var n = 0;'), ['x.ts: n']);
  assert.deepEqual(kinds('const words = { en: {} };\nexport function f(w: object) { Object.assign(words.en, w); }'), ['x.ts: words']);
  assert.deepEqual(kinds('const seen = new WeakMap<object, number>();\nexport function f(o: object) { seen.set(o, 1); }'), ['x.ts: seen']);
  assert.deepEqual(kinds('const list: number[] = [];\nexport function f() { list.push(1); }'), ['x.ts: list']);
  assert.deepEqual(kinds('const byGame = new WeakMap<Ctx, number>();\nexport function f(c: Ctx) { byGame.delete(c); }'), ['x.ts: byGame']);
  assert.deepEqual(kinds('const seen = new WeakSet<HTMLElement>();\nexport function f(e: HTMLElement) { seen.add(e); }'), []);
  assert.deepEqual(kinds('const box = { n: 0 };\nexport function f() { box.n++; }'), ['x.ts: box']);
  assert.deepEqual(kinds('const table = { a: 1 };\nexport function f() { table["b"] = 2; }'), ['x.ts: table']);
  // Changed in the module that imports it.
  const importer = parse(join(src, 'y.ts'), "import { sessions } from './x.js';\nexport function f(c: Ctx) { sessions.set(c, 1); }");
  assert.deepEqual(moduleState(join(src, 'x.ts'), 'export const sessions = new WeakMap<Ctx, number>();', [importer]).map((f) => f.key), ['x.ts: sessions']);
  // Constants read but never changed, and state inside functions, are fine.
  assert.deepEqual(kinds('const FLAGS = [1, 2, 3];\nconst words = new Map([["a", 1]]);\nexport function f() { let x = 0; x++; return FLAGS[x] ?? words.get("a"); }'), []);
});
