/**
 * The whole game as one element: `import 'battleline-engine/element'` defines `<battle-line-game>`, which
 * plays a full game of Battle Line (against the computer or hot-seat, two or three players, tactics on or
 * off, a match of several games) with the board, the hand, claim explanations, the log, undo, hints, the
 * hand-over curtain, replay, a tutorial, English and Chinese, keyboard and touch. Its styles live in its
 * own shadow root. Needs a browser (custom elements, Web Workers, WebAssembly).
 * @module battleline-engine/element
 */
import type { ClaimTiming, GameRecord, GameResult, LogEntry, MatchScore, Review } from './full/battleline.js';

export type { ClaimTiming, GameRecord, GameResult, LogEntry, MatchScore, Review } from './full/battleline.js';

/** The computer's level (`random` plays any legal action). */
export type ElementLevel = 'easy' | 'medium' | 'hard' | 'random';

/**
 * A game's options, as `start()` takes them; each is also an attribute of the element (`claim-timing` for
 * `claimTiming`). With a `mode` attribute the element starts that game at once; without, it asks.
 */
export interface GameOptions {
  /** Against the computer (you are the first seat), or everybody at this device with a hand-over screen. */
  mode?: 'computer' | 'hotseat';
  /** The computer's level. Default `medium`. */
  level?: ElementLevel;
  /** Two players, or three (without tactics). Default 2. */
  players?: 2 | 3;
  /** With the tactics cards (two players only). Default true; the attribute takes `on` or `off`. */
  tactics?: boolean;
  /** When flags may be claimed. Default `afterPlay`. */
  claimTiming?: ClaimTiming;
  /** Games in the match. Default 1. */
  games?: number;
  /** The deal's seed (the same seed, the same deal); none or null: a fresh one. */
  seed?: number | null;
}

/** `battleline-move`: one action was applied, as everybody may know it (no card hidden from anyone). */
export type MoveEventDetail = LogEntry;

/** `battleline-claim`: `player` (0-based) claimed `flag` (1 to 9). */
export interface ClaimEventDetail {
  flag: number;
  player: number;
}

/** `battleline-end`: a game ended. `record` is the match's record once the match is over, null before (it holds the seed, hence every hidden card). */
export interface EndEventDetail {
  result: GameResult;
  match: MatchScore;
  record: GameRecord | null;
}

/** `battleline-review`: a post-game review finished (attribute `review`): the reviewed match's record and the review. */
export interface ReviewEventDetail {
  record: GameRecord;
  review: Review;
}

/**
 * `<battle-line-game>`. Attributes: `mode`, `level`, `players`, `tactics`, `claim-timing`, `games`, `seed`
 * (see {@link GameOptions}); `lang` (`en` or `zh`; default: the browser's); `storage-key` (keep the game in
 * progress, the settings and the tutorial's progress in localStorage under this prefix; without it nothing
 * outlives the element); `rules-href` (the Rules button opens this page instead of the rules inline);
 * `global-keys` (keyboard shortcuts work wherever the focus is on the page, not only inside the element);
 * `label` (the name of the game's region for assistive technology; default "Battle Line");
 * `heading-level` (the level of the game's heading in your page's outline, 1 to 6; default 2).
 *
 * The coach, each part offered by a boolean attribute: `review` (Review after a finished match and in the
 * replay of a finished game: each decision of a player judged by the search from that player's view, in a
 * worker, with a graph of the chance to win and the better moves; fires `battleline-review`), `win-chances`
 * (a setting, off by default: the chance to win each flag and the game, for the person at the screen only),
 * `statistics` (results against the computer per level and variant, kept under `storage-key`), and
 * `unseen-cards` (the cards the person at the screen has not seen).
 *
 * Theming: custom properties on the element (`--felt`, `--wood`, `--gold`, `--paper`, `--ink`, `--p0`,
 * `--p1`, `--p2`, `--cw`/`--ch` card size, `--battle-line-min-height`) and the parts `game`, `topbar`,
 * `status`, `tools`, `table`, `board`, `decks`, `hand`, `actionbar`, `log`, `lesson`, `curtain`, `review`.
 */
export declare class BattleLineGameElement extends HTMLElement {
  /** The options as properties, reflected to their attributes; they apply to the next game started. Setting a value that means nothing throws a RangeError. */
  mode: GameOptions['mode'];
  level: GameOptions['level'];
  players: GameOptions['players'];
  tactics: GameOptions['tactics'];
  claimTiming: GameOptions['claimTiming'];
  games: GameOptions['games'];
  seed: GameOptions['seed'];
  /** Settles once the engine is loaded and the game, or the start dialog, is shown. */
  readonly ready: Promise<void>;
  /**
   * Starts a new game at once (no dialog): these options over the element's attributes. Throws a
   * RangeError for an option that means nothing and the engine's BattleLineError for one it refuses,
   * leaving the game on the board as it was. Call after `ready`.
   */
  start(options?: GameOptions): void;
  /** Opens a record (an object or its JSON): a finished match in the replay, an unfinished game to play on. Throws on a bad record, changing nothing. */
  loadRecord(record: GameRecord | string): void;
  /** The record of the match on the board once it is over; null before. */
  exportRecord(): GameRecord | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'battle-line-game': BattleLineGameElement;
  }
  interface HTMLElementEventMap {
    'battleline-ready': CustomEvent<void>;
    'battleline-move': CustomEvent<MoveEventDetail>;
    'battleline-claim': CustomEvent<ClaimEventDetail>;
    'battleline-end': CustomEvent<EndEventDetail>;
    'battleline-review': CustomEvent<ReviewEventDetail>;
  }
}
