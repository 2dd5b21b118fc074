// The game's one state record and the context every function of game/ works in. The functions that change
// the state are grouped by concern beside this file (session, input, selection, computer turns, replay,
// preferences); the view model (view-model.ts) is a pure function of the state, and drawing
// (draw.ts) only puts that model in the page. Nothing here knows a rule: every rule is the engine's.
import type { Action, CardName, FlagNumber, GameRecord, PlayerIndex } from '../../../pkg/full.js';
import type { Previous } from '../../../pkg/computer.js';
import type { Computer } from '../ai-client.js';
import type { Highlights } from '../board.js';
import type { StartChoice } from '../start-dialog.js';
import type { Table } from './table.js';
import type { ReplayTable } from './replay-table.js';
import type { GameHost } from '../host.js';
import { words, type Words } from '../i18n.js';
import type { LogEntry } from '../log.js';
import type { GuileCard } from '../moves.js';
import type { Level, Mode, Seat, Settings } from '../storage.js';
import type { Features } from './features.js';

export type Selection =
  | { kind: 'none' }
  | { kind: 'card'; card: CardName }
  | { kind: 'guile'; card: GuileCard; source: CardName | null };

export interface Session {
  mode: Mode;
  level: Level;
  humanSeat: PlayerIndex;
  aiSeed: number;
  /** Every seat: a person or the computer (two-player games: derived from mode and humanSeat). */
  seats: Seat[];
  /** The names persons gave themselves, by seat (empty or missing: the default name). */
  names?: string[];
  /** Online, watching: no seat of one's own (online/session.ts). */
  spectator?: boolean;
}

export interface ReplayState {
  record: GameRecord;
  /** Every hand may be shown: the match is over (fairplay.ts). Otherwise only `viewer`'s view, fixed. */
  open: boolean;
  /** The step shown, as a table: what the replay may show of it, read-only (replay-table.ts). */
  game: ReplayTable;
  index: number;
  entries: LogEntry[];
  viewer: PlayerIndex;
  timer: number | null;
  /** The record is the game of this session: its players keep their names ("You", "Computer"). */
  own: boolean;
}

/** The parts of the element the game draws in. */
export interface Elements {
  root: HTMLElement;
  tools: HTMLElement;
  status: HTMLElement;
  oppStrip: HTMLElement;
  board: HTMLElement;
  decks: HTMLElement;
  myStrip: HTMLElement;
  hand: HTMLElement;
  bar: HTMLElement;
  log: HTMLElement;
  curtain: HTMLElement;
  announce: HTMLElement;
  lesson: HTMLElement;
  /** The coach's panel (the review). */
  coach: HTMLElement;
}

/**
 * Each feature's own state in this element (online play's connection and panel, the coach's review and
 * chances, …): a feature declares its slot here by augmenting this interface from its own folder
 * (`declare module '../game/state.js'`), and the controller makes the slots with the state, so that a
 * feature's state lives in the element's state while game/ imports nothing of the feature.
 */
export interface FeatureStates {}

/**
 * A lesson on the board, as the game sees it: the tutorial (tutorial/run.ts) adds the rest of its run to
 * this interface from its own folder.
 */
export interface Lesson {
  /** The step's goal is reached: the board waits for Next. */
  done: boolean;
  /** What the learner did in the step, for its goal: each action taken, each flag whose refusal was shown. */
  history: { actions: Action[]; refusalsShown: Set<number> };
}

/** Everything the game is: what is on the board, who plays, what is selected, what is shown; and each
 * feature's slot (FeatureStates). */
export interface GameState extends FeatureStates {
  /** The game on the board, as the page may ask it (a game of this device, or an online seat's table). */
  game: Table | null;
  entries: LogEntry[];
  session: Session;
  /** Multi-person games: the person whose hand was last revealed (null: nobody yet). */
  shownSeat: PlayerIndex | null;
  settings: Settings;
  sel: Selection;
  handover: boolean;
  thinking: boolean;
  replay: ReplayState | null;
  /** The computer's last move failed (shown as an error, with Try again); cleared when it is retried. */
  computerFailed: boolean;
  /** The page's Content-Security-Policy refuses the element's workers (the computer's, the coach's): no Try again can help (ai-client.ts). */
  computerBlocked: boolean;
  /** The tutorial in progress (tutorial/run.ts), or null in a game of one's own. */
  lesson: Lesson | null;
  /** Milliseconds from a click to the board redrawn, for every click that redrew. */
  readonly redrawTimes: number[];
  /** Milliseconds each computer decision with a choice took, worker round trip included (tests read it). */
  readonly computerTimes: { level: string; ms: number }[];
  /** The answer to the last press; `text` is asked again at each drawing, in the element's language then. */
  message: { text: (words: Words) => string; kind: 'info' | 'error' } | null;
  suggestion: Action | null;
  /** The last hint's move with the hand it was made from, for the table it was asked on: the next hint on
   * the same table stays consistent with it (coach/hint.ts). */
  lastHint: { table: Table; previous: Previous } | null;
  /** Bumped when the game on the board is replaced: a computer turn of an older generation stops. */
  generation: number;
  aiLoop: number;
  lookaheadFor: number;
  lookaheadLegal: Action[];
  logOpen: boolean;
  /** Why each greyed-out card of the hand is greyed out, for the position `key` names (a cache). */
  idleWhy: { key: string; reasons: ReadonlyMap<CardName, string> };
  /** Why the selected card cannot go to each other flag, for the position and card `key` names (a cache). */
  flagWhy: { key: string; reasons: ReadonlyMap<FlagNumber, string> };
  menuOpen: boolean;
  endShownAt: number;
  /** The end-of-game dialog is about to show (a short pause lets the last move be seen). */
  endPending: boolean;
  lastStart: StartChoice;
  announced: string;
  /** New cards animate in, except on the first drawing of a game (nothing "arrives" then). */
  animate: boolean;
  logState: { key: string; count: number; last: LogEntry | undefined };
  /** A dialog of this game is open (another game's dialog on the same page does not count). */
  readonly dialogOpen: () => boolean;
}

/** The state and where it is shown: the functions of game/ take this. */
export interface Ctx {
  readonly s: GameState;
  readonly el: Elements;
  readonly host: GameHost;
  readonly computer: Computer;
  /** The features the element offers this game (features.ts): the coach, online play, the tutorial. */
  readonly features: Features;
}

export const NONE: Selection = { kind: 'none' };
export const emptyHighlights = (): Highlights => ({ cards: new Set(), flags: new Set(), decks: new Set() });

/** The start dialog's first choice: against the computer at medium, tactics on, one game. */
export function defaultChoice(): StartChoice {
  return { mode: 'computer', level: 'medium', claimTiming: 'afterPlay', tactics: true, games: 1, seed: null };
}

/** The seats of a two-player session. */
export function twoSeats(mode: Mode, level: Level, humanSeat: PlayerIndex): Seat[] {
  if (mode === 'hotseat') return [{ kind: 'person' }, { kind: 'person' }];
  const seats: Seat[] = [{ kind: 'computer', level }, { kind: 'computer', level }];
  seats[humanSeat] = { kind: 'person' };
  return seats;
}

/** Nothing on the board yet. */
/** The words of the element's language (its settings' `lang`): every word it shows is looked up through them. */
export function wordsOf(s: GameState): Words {
  return words(s.settings.lang);
}

export function initialState(settings: Settings, logOpen: boolean, features: FeatureStates, dialogOpen: () => boolean = () => false): GameState {
  return {
    game: null,
    entries: [],
    session: { mode: 'computer', level: 'medium', humanSeat: 0, aiSeed: 1, seats: twoSeats('computer', 'medium', 0) },
    shownSeat: null,
    settings,
    sel: NONE,
    handover: false,
    thinking: false,
    replay: null,
    computerFailed: false,
    computerBlocked: false,
    lesson: null,
    redrawTimes: [],
    computerTimes: [],
    message: null,
    suggestion: null,
    lastHint: null,
    generation: 0,
    aiLoop: -1,
    lookaheadFor: -1,
    lookaheadLegal: [],
    logOpen,
    idleWhy: { key: '', reasons: new Map() },
    flagWhy: { key: '', reasons: new Map() },
    menuOpen: false,
    endShownAt: -1,
    endPending: false,
    lastStart: defaultChoice(),
    announced: '',
    animate: false,
    logState: { key: '', count: 0, last: undefined },
    dialogOpen,
    ...features,
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function other(p: PlayerIndex): PlayerIndex {
  return p === 0 ? 1 : 0;
}

/** A seed for the computer's choices, independent of the deal (the computer sees its view, nothing else). */
export function freshAiSeed(): number {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return (words[0]! % 1_000_000_000) + 1;
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
