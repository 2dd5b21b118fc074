// Saving and resuming (localStorage): the game in progress after every action, and the settings. What is
// read back is never trusted: anyone (a crafted save, another version of the page, a browser extension)
// can write these keys, and a saved game with humanSeat 5 once left the page blank for good. Every
// value is checked as it is loaded; a bad one is dropped (the page says so), never used.
import type { GameRecord, PlayerIndex } from '../../pkg/index.js';
import type { Lang } from './i18n.js';

export type Mode = 'computer' | 'hotseat' | 'online';
export type Level = 'easy' | 'medium' | 'hard' | 'random';
/** Who sits in a seat: a person at this device, or the computer at a level. */
export type Seat = { kind: 'person' } | { kind: 'computer'; level: Level };

export interface SavedGame {
  version: 1;
  mode: Mode;
  level: Level;
  /** The human's seat against the computer. */
  humanSeat: PlayerIndex;
  record: GameRecord;
  /** Hot-seat: the hand-over screen was up (it comes back after a reload). */
  handover: boolean;
  aiSeed: number;
  /** Three-player games: every seat (two-player games use mode and humanSeat). */
  seats?: Seat[];
  /** The names persons gave themselves, by seat (empty: the default name). */
  names?: string[];
  savedAt: number;
}

export interface Settings {
  lang: Lang;
  hints: boolean;
  /** Pause between the computer's steps, in milliseconds. */
  aiDelay: number;
  /** Show the person at the screen their chances to win (coach/chances.ts); off by default. */
  winChances: boolean;
}

/**
 * Where a game element keeps what lasts between visits: the game in progress, the settings, the tutorial's
 * progress. Keys are `<prefix>.game.v1` and so on in localStorage; an element without a storage key
 * keeps them in memory only, so that two elements on one page never read each other's game.
 */
export interface Store {
  /** The value stored under `name`, null if none, or {@link UNREADABLE} if what is there is not JSON. */
  read<T>(name: string): T | null;
  write(name: string, value: unknown): void;
  remove(name: string): void;
}

/** What {@link Store.read} returns for a stored text that is not JSON: no reader accepts it as a value. */
export const UNREADABLE = Object.freeze({ unreadable: true });

/** localStorage under `prefix` (the page's is "battleline", as it always was). */
export function localStore(prefix: string): Store {
  return {
    read<T>(name: string): T | null {
      let text: string | null;
      try {
        text = localStorage.getItem(`${prefix}.${name}`);
      } catch {
        return null; // storage unavailable (private mode, blocked): nothing saved
      }
      if (text === null) return null;
      try {
        return JSON.parse(text) as T;
      } catch {
        return UNREADABLE as T;
      }
    },
    write(name: string, value: unknown): void {
      try {
        localStorage.setItem(`${prefix}.${name}`, JSON.stringify(value));
      } catch {
        // Storage full or unavailable (private mode): the game goes on unsaved.
      }
    },
    remove(name: string): void {
      try {
        localStorage.removeItem(`${prefix}.${name}`);
      } catch {
        // nothing to do
      }
    },
  };
}

/** Nothing outlives the element. */
export function memoryStore(): Store {
  const values = new Map<string, string>();
  return {
    read: <T>(name: string): T | null => (values.has(name) ? (JSON.parse(values.get(name)!) as T) : null),
    write: (name, value) => void values.set(name, JSON.stringify(value)),
    remove: (name) => void values.delete(name),
  };
}

const GAME = 'game.v1';
const SETTINGS = 'settings.v1';

const MODES: readonly unknown[] = ['computer', 'hotseat'] satisfies Mode[];
const LEVELS: readonly unknown[] = ['easy', 'medium', 'hard', 'random'] satisfies Level[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSeat(value: unknown): value is Seat {
  return isObject(value) && (value['kind'] === 'person' || (value['kind'] === 'computer' && LEVELS.includes(value['level'])));
}

/**
 * A stored game checked field by field: the game to resume, or why it cannot be (a short English reason,
 * for tests and the console). The record's moves are checked by the engine when it is replayed.
 */
export function checkSavedGame(value: unknown): SavedGame | string {
  if (value === UNREADABLE) return 'not JSON';
  if (!isObject(value)) return 'not an object';
  if (value['version'] !== 1) return 'version is not 1';
  if (!MODES.includes(value['mode'])) return 'mode is not computer or hotseat';
  if (!LEVELS.includes(value['level'])) return 'level is not a level';
  const record = value['record'];
  if (!isObject(record) || !Array.isArray(record['actions']) || !isObject(record['options'])) return 'record is not a record';
  const players = record['options']['players'] ?? 2;
  if (players !== 2 && players !== 3) return 'the record has neither 2 nor 3 players';
  const seat = value['humanSeat'];
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= players) return `humanSeat is not a seat 0..${players - 1}`;
  const handover = value['handover'] ?? false;
  if (typeof handover !== 'boolean') return 'handover is not true or false';
  const aiSeed = value['aiSeed'];
  if (typeof aiSeed !== 'number' || !Number.isSafeInteger(aiSeed) || aiSeed < 0) return 'aiSeed is not a whole number';
  const seats = value['seats'];
  if (seats !== undefined && !(Array.isArray(seats) && seats.length === players && seats.every(isSeat))) return 'seats are not one seat per player';
  if (seats === undefined && players === 3) return 'a three-player game without its seats';
  if (seats !== undefined && players !== 3) return 'a two-player game with seats (they come from mode and humanSeat)';
  // The page writes the first person's seat (0 if none): any other would wait for good for a person at a
  // seat that is not shown, or show a seat nobody plays.
  if (seats !== undefined && seat !== Math.max(0, seats.findIndex((s) => s.kind === 'person'))) return 'humanSeat is not the first person\'s seat';
  const savedAt = value['savedAt'] ?? 0;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return 'savedAt is not a time';
  return { ...(value as unknown as SavedGame), handover, savedAt };
}

/**
 * The saved game, checked ({@link checkSavedGame}); null if there is none. A bad one is removed from the
 * store and `onDropped` is told why, so that the page can say the save could not be resumed.
 */
export function loadGame(store: Store, onDropped: (why: string) => void = () => {}): SavedGame | null {
  const saved = store.read<unknown>(GAME);
  if (saved === null) return null;
  const checked = checkSavedGame(saved);
  if (typeof checked === 'string') {
    clearGame(store);
    onDropped(checked);
    return null;
  }
  return checked;
}

export function saveGame(store: Store, game: SavedGame): void {
  store.write(GAME, game);
}

export function clearGame(store: Store): void {
  store.remove(GAME);
}

export function defaultLang(): Lang {
  const langs = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  return langs.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}

/** The longest pause between the computer's steps a stored setting may ask for (the slowest choice is 1.1 s). */
export const MAX_AI_DELAY = 10_000;

/** The language the settings kept in `store` name, if any (a stored choice outranks every default). */
export function storedLang(store: Store): Lang | null {
  const stored = store.read<unknown>(SETTINGS);
  const lang = isObject(stored) ? stored['lang'] : undefined;
  return lang === 'zh' || lang === 'en' ? lang : null;
}

/** The settings, each stored value used only if it is one the page offers; anything else is the default. */
export function loadSettings(store: Store): Settings {
  const stored = store.read<unknown>(SETTINGS);
  const saved: Record<string, unknown> = isObject(stored) ? stored : {};
  const { lang, hints, aiDelay, winChances } = saved;
  const settings: Settings = {
    lang: lang === 'zh' || lang === 'en' ? lang : defaultLang(),
    hints: typeof hints === 'boolean' ? hints : true,
    aiDelay: typeof aiDelay === 'number' && aiDelay >= 0 && aiDelay <= MAX_AI_DELAY ? aiDelay : 650,
    winChances: winChances === true,
  };
  // A stored value the page does not offer is dropped with a word, never used.
  const dropped = Object.entries({ lang, hints, aiDelay, winChances })
    .filter(([key, value]) => value !== undefined && value !== settings[key as keyof Settings])
    .map(([key, value]) => `${key} ${JSON.stringify(value) ?? String(value)}`);
  if (stored !== null && stored !== undefined && !isObject(stored)) dropped.push(`settings ${JSON.stringify(stored) ?? String(stored)}`);
  if (dropped.length) console.warn(`battleline: stored settings not offered by the page were dropped: ${dropped.join(', ').slice(0, 300)}`);
  return settings;
}

export function saveSettings(store: Store, settings: Settings): void {
  store.write(SETTINGS, settings);
}
