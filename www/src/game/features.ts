// The features the game offers without knowing them: the coach, online play and the tutorial. Each feature
// implements its part of `Features` in its own folder (coach/feature.ts, online/feature.ts,
// tutorial/feature.ts), and the element's controller hands them to its game as the context's `features`:
// game/ imports none of the feature folders (tests/node/feature-imports.test.mjs), while each feature
// imports game/ for its state, its drawing and its steps. Most of a feature is a chunk fetched when first
// used; until then its entries here answer as though it were absent (nothing to draw, nothing to say).
import type { Action, Game } from '../../../pkg/full.js';
import type { BoardMarks } from '../board.js';
import type { StartChoice, TutorialOffer } from '../start-dialog.js';
import type { Store } from '../storage.js';
import type { Lang, Words } from '../i18n.js';
import type { Ctx, GameState } from './state.js';
import type { Table } from './table.js';

/** The coach: hints, the review, the statistics and the win chances. */
export interface CoachFeature {
  /** A move for the person to move, from their view, shown as a suggestion with its reason. */
  hint(ctx: Ctx): Promise<void>;
  /** The game `game` ended: counted once in the statistics. */
  noteResult(ctx: Ctx, game: Game): void;
  /** The coach's word for a button or a setting it adds elsewhere; null while its chunk is not here. */
  say(words: Words, key: 'review' | 'winChancesSetting'): string | null;
  /** Reviews the match on the board (from the end dialog). */
  startReview(ctx: Ctx): void;
  /** The coach's entries in the game's menu. */
  menuHTML(ctx: Ctx): string;
  /** The replay bar's button that starts a review. */
  reviewButtonHTML(ctx: Ctx): string;
  /** Draws the coach's panel (`redraw` draws the whole game again when an answer arrives). */
  draw(ctx: Ctx, redraw: () => void): void;
  /** A press on one of the coach's buttons (`data-act`); false if the act is not the coach's. */
  act(ctx: Ctx, act: string): boolean;
  /** The better move to mark on the board while the replay shows a reviewed decision. */
  reviewedBest(state: GameState): Action | null;
  /** A review is open: the replay shows each decision as its player saw it (no open hands). */
  reviewing(state: GameState): boolean;
  /** The win chances to draw on the board now, or null. */
  marks(state: GameState): BoardMarks | null;
}

/** Online play: rooms on a game server, a seat or a spectator's place in one. */
export interface OnlineFeature {
  /** Invite and watch links opened while the page runs go to their room. */
  followLinks(ctx: Ctx): void;
  /** Resumes the room an invite link names, or the room on the board before a reload; false if none. */
  resume(ctx: Ctx): Promise<boolean>;
  /** Whether this element has a game server (the start dialog then offers online play). */
  offered(ctx: Ctx): Promise<boolean>;
  /** Starts a room with the start dialog's choice if it is an online one (true); false otherwise. */
  start(ctx: Ctx, choice: StartChoice): boolean;
  /** Leaves the online game, if any (`onPurpose`: the person chose to, not a failure). */
  leave(ctx: Ctx, onPurpose?: boolean): void;
  /** The room's line in the status bar in place of the game's, or null outside a room. */
  headline(ctx: Ctx): string | null;
  /** Draws the room's panel. */
  draw(ctx: Ctx): void;
  /** Whether the coach may help: always on this device; in a room only when it was created with it. */
  coachAllowed(ctx: Ctx): boolean;
  /** A seat (not a spectator) in a room: whether there is one, and whether its match is still on. */
  seat(ctx: Ctx): 'none' | 'playing' | 'over';
  /** Asks the room for a rematch. */
  rematch(ctx: Ctx): void;
}

/** The tutorial: lessons played on the board, step by step. */
export interface TutorialFeature {
  /** The menu's and the empty board's name for it. */
  label(lang: Lang): string;
  /** The start dialog's offer: with a word for a newcomer (no tutorial begun on this device). */
  offer(store: Store, lang: Lang): TutorialOffer;
  /** Opens the tutorial at the step where it was left (its chunk fetched first). */
  open(ctx: Ctx): Promise<void>;
  /** The lesson's panel for the lesson on the board (empty without one). */
  panelHTML(ctx: Ctx): string;
  /** After any change in a lesson: the step's goal checked. */
  progress(ctx: Ctx): void;
  /** The lesson opponent's next scripted move, or null when it has none. */
  scriptedMove(ctx: Ctx, game: Game): Action | null;
  /** The table for `game` on the board: under a lesson, the lesson's (its rules over the game); otherwise the game. */
  table(ctx: Ctx, game: Game): Table;
  /** The lesson's buttons: the next step, the step again, leaving the tutorial. */
  next(ctx: Ctx): void;
  restart(ctx: Ctx): void;
  leave(ctx: Ctx): Promise<void>;
  /** Ends the lesson on the board without a word (another game starts). */
  end(ctx: Ctx): void;
}

/** Every feature the game offers. */
export interface Features {
  readonly coach: CoachFeature;
  readonly online: OnlineFeature;
  readonly tutorial: TutorialFeature;
}
