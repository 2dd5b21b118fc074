// The element's public types: what a site passes to `start()` and what its events carry. The package's
// declarations (pkg/element.d.ts and pkg/element-types/) are emitted from this file, element.ts and
// package-entry.ts by `tsc` (scripts/element-dts.mjs), so they cannot drift from the code.
import type { ClaimTiming, GameRecord, GameResult, LogEntry, MatchScore, Review } from '../../../pkg/full.js';

export type { ClaimTiming, GameRecord, GameResult, LogEntry, MatchScore, Review };

/** The computer's level (`random` plays any legal action). */
export type ElementLevel = 'easy' | 'medium' | 'hard' | 'random';

/**
 * A game's options, as `start()` takes them; each is also an attribute of the element (`claim-timing` for
 * `claimTiming`). With a `mode` attribute the element starts that game at once; without, it asks.
 */
export interface GameOptions {
  /**
   * Against the computer (you are the first seat), everybody at this device with a hand-over screen, or
   * online: a new room on the game server named by the `server` attribute, with an invite link to send.
   */
  mode?: 'computer' | 'hotseat' | 'online';
  /** The computer's level. Default `medium`. */
  level?: ElementLevel;
  /** Two players, or three (without tactics). Default 2. */
  players?: 2 | 3;
  /** With the tactics cards (two players only). Default true; the attribute takes `on` or `off`. */
  tactics?: boolean;
  /** When flags may be claimed. Default `afterPlay`. */
  claimTiming?: ClaimTiming;
  /** Games in the match (1 to 99). Default 1. */
  games?: number;
  /** The deal's seed (the same seed, the same deal); none or null: a fresh one. */
  seed?: number | null;
}

/**
 * The element's own attributes and the values they take, as a framework's JSX declares them
 * (`battleline-engine/element/react` does for React; `lang`, `id`, `class`, … are the global HTML
 * attributes). The element reads no attribute that is not here.
 */
export interface ElementAttributes {
  /** Present: that game starts at once; absent: a start dialog asks. */
  mode?: 'computer' | 'hotseat' | 'online';
  level?: ElementLevel;
  players?: 2 | 3;
  tactics?: boolean | 'on' | 'off';
  'claim-timing'?: ClaimTiming;
  games?: number;
  seed?: number;
  /** Keep the game in progress, the settings and the tutorial's progress in localStorage under this prefix. */
  'storage-key'?: string;
  /** The Rules button opens this page (an http(s) or relative address) instead of the rules inline. */
  'rules-href'?: string;
  /** Where the site serves `battleline-engine/computer.worker.js` (a Content-Security-Policy without `worker-src blob:`). */
  'worker-url'?: string;
  /** Keyboard shortcuts work wherever the focus is on the page. */
  'global-keys'?: boolean;
  /** The name of the game's region for assistive technology. Default "Battle Line". */
  label?: string;
  /** The level of the game's heading in the page's outline. Default 2. */
  'heading-level'?: 1 | 2 | 3 | 4 | 5 | 6;
  /** A Battle Line game server (`battleline-server`): its URL, or `auto` for the page's origin; enables online play. */
  server?: string;
  /** The coach: Review after a finished match and in the replay of a finished game (fires `battleline-review`). */
  review?: boolean;
  /** The coach: the chance to win each flag and the game, a setting off by default, for the person at the screen only. */
  'win-chances'?: boolean;
  /** The coach: results against the computer per level and variant, kept under `storage-key`. */
  statistics?: boolean;
  /** The coach: the cards the person at the screen has not seen. */
  'unseen-cards'?: boolean;
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

/** The element's events, by name (for `addEventListener` on the element, typed through `HTMLElementEventMap`). */
export interface BattleLineEventMap {
  /** The engine is loaded and the game, or the start dialog, is shown (`ready` resolves). */
  'battleline-ready': CustomEvent<void>;
  'battleline-move': CustomEvent<MoveEventDetail>;
  'battleline-claim': CustomEvent<ClaimEventDetail>;
  'battleline-end': CustomEvent<EndEventDetail>;
  'battleline-review': CustomEvent<ReviewEventDetail>;
}
