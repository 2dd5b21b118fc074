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
}

const GAME_KEY = 'battleline.game.v1';
const SETTINGS_KEY = 'battleline.settings.v1';

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable (private mode): the game goes on unsaved.
  }
}

export function loadGame(): SavedGame | null {
  const saved = read<SavedGame>(GAME_KEY);
  if (!saved || saved.version !== 1 || !saved.record || !Array.isArray(saved.record.actions)) return null;
  return saved;
}

export function saveGame(game: SavedGame): void {
  write(GAME_KEY, game);
}

export function clearGame(): void {
  try {
    localStorage.removeItem(GAME_KEY);
  } catch {
    // nothing to do
  }
}

export function defaultLang(): Lang {
  const langs = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  return langs.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}

export function loadSettings(): Settings {
  const saved = read<Partial<Settings>>(SETTINGS_KEY) ?? {};
  return {
    lang: saved.lang === 'zh' || saved.lang === 'en' ? saved.lang : defaultLang(),
    hints: saved.hints ?? true,
    aiDelay: typeof saved.aiDelay === 'number' && saved.aiDelay >= 0 ? saved.aiDelay : 650,
  };
}

export function saveSettings(settings: Settings): void {
  write(SETTINGS_KEY, settings);
}
