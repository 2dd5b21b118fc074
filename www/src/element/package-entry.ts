// `battleline-engine/element`: defines <battle-line-game> for any site. The engine comes from the package's
// full build with its wasm inlined (no URL to configure in any bundler or a plain script tag), the
// computer from the package's worker, the players' rules inline (shown in a dialog). The page in www/
// defines the same element with its own engine loader instead (main.ts). On a server (a framework's
// server rendering) importing this module defines nothing: the element is defined when a browser loads it.
/**
 * The whole game as one element: `import 'battleline-engine/element'` defines `<battle-line-game>`, which
 * plays a full game of Battle Line (against the computer or hot-seat, two or three players, tactics on or
 * off, a match of several games) with the board, the hand, claim explanations, the log, undo, hints, the
 * hand-over curtain, replay, a tutorial, English and Chinese, keyboard and touch. Its styles live in its
 * own shadow root. Needs a browser (custom elements, Web Workers, WebAssembly); on a server, importing it
 * defines nothing.
 * @module battleline-engine/element
 */
import init from '../../../pkg/full.js';
import { gameCss } from './game-css.js';
import { BattleLineGameElement, defineBattleLineGame } from './element.js';

/**
 * Set by `battleline-engine/element/wasm-file` (element/wasm-url.js, evaluated before this module): fetches
 * and compiles the wasm from the URL the site's bundler emitted. Absent: the inline copy.
 */
const SERVED_WASM = Symbol.for('battleline-engine/element served wasm');

defineBattleLineGame({
  loadEngine: async () => {
    const served = (globalThis as Record<symbol, unknown>)[SERVED_WASM];
    // Served as a file (battleline-engine/element/wasm-file), or a chunk of its own (the wasm, gzipped in
    // base64), fetched when the first element connects.
    const module =
      typeof served === 'function'
        ? await (served as () => Promise<WebAssembly.Module>)()
        : await WebAssembly.compile((await (await import('../../../pkg/full/wasm-base64.js')).bytes()) as Uint8Array<ArrayBuffer>);
    await init({ module_or_path: module });
    return module;
  },
  css: gameCss,
  // The players' rules in both languages (about 8 KiB gzipped): a chunk of its own, fetched when a player
  // first opens them.
  rules: { html: async (lang) => (await import('battleline:rules')).rulesHtml[lang] },
});

export { BattleLineGameElement };
export type { BattleLineEventMap, ClaimEventDetail, ClaimTiming, ElementAttributes, ElementLevel, EndEventDetail, GameOptions, GameRecord, GameResult, LogEntry, MatchScore, MoveEventDetail, Review, ReviewEventDetail } from './element.js';
