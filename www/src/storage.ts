// Saving and resuming (localStorage): the game in progress after every action, and the settings.
import type { GameRecord, PlayerIndex } from '../../pkg/index.js';
import type { Lang } from './i18n.js';

export type Mode = 'computer' | 'hotseat';
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
  read<T>(name: string): T | null;
  write(name: string, value: unknown): void;
  remove(name: string): void;
}

/** localStorage under `prefix` (the page's is "battleline", as it always was). */
export function localStore(prefix: string): Store {
  return {
    read<T>(name: string): T | null {
      try {
        const text = localStorage.getItem(`${prefix}.${name}`);
        return text ? (JSON.parse(text) as T) : null;
      } catch {
        return null;
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

export function loadGame(store: Store): SavedGame | null {
  const saved = store.read<SavedGame>(GAME);
  if (!saved || saved.version !== 1 || !saved.record || !Array.isArray(saved.record.actions)) return null;
  return saved;
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

export function loadSettings(store: Store): Settings {
  const saved = store.read<Partial<Settings>>(SETTINGS) ?? {};
  return {
    lang: saved.lang === 'zh' || saved.lang === 'en' ? saved.lang : defaultLang(),
    hints: saved.hints ?? true,
    aiDelay: typeof saved.aiDelay === 'number' && saved.aiDelay >= 0 ? saved.aiDelay : 650,
    winChances: saved.winChances === true,
  };
}

export function saveSettings(store: Store, settings: Settings): void {
  store.write(SETTINGS, settings);
}
