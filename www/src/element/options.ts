// The element's attributes read as the options of a game to start (what the start dialog would ask).
import type { ClaimTiming } from '../../../pkg/full.js';
import type { StartChoice } from '../start-dialog.js';
import type { Level, Seat } from '../storage.js';
import type { ElementAttributes, GameOptions } from './api.js';

export type { GameOptions };

/** The attributes that describe the game; `mode` present means "start it at once, do not ask". */
export const GAME_ATTRIBUTES = ['mode', 'level', 'players', 'tactics', 'claim-timing', 'games', 'seed'] as const satisfies readonly (keyof ElementAttributes)[];

const LEVELS: readonly Level[] = ['easy', 'medium', 'hard', 'random'];
const TIMINGS: readonly ClaimTiming[] = ['afterPlay', 'startOfTurn', 'endOfTurn'];

/** What an attribute or property value means, or why it means nothing (thrown as a RangeError). */
export function parseOptions(read: (name: (typeof GAME_ATTRIBUTES)[number]) => string | null): GameOptions {
  const options: GameOptions = {};
  const mode = read('mode');
  if (mode !== null) {
    if (mode !== 'computer' && mode !== 'hotseat' && mode !== 'online') throw new RangeError(`mode must be "computer", "hotseat" or "online", not "${mode}"`);
    options.mode = mode;
  }
  const level = read('level');
  if (level !== null) {
    if (!LEVELS.includes(level as Level)) throw new RangeError(`level must be one of ${LEVELS.join(', ')}, not "${level}"`);
    options.level = level as Level;
  }
  const players = read('players');
  if (players !== null) {
    if (players !== '2' && players !== '3') throw new RangeError(`players must be 2 or 3, not "${players}"`);
    options.players = Number(players) as 2 | 3;
  }
  const tactics = read('tactics');
  if (tactics !== null) {
    if (!['on', 'off', 'true', 'false', ''].includes(tactics)) throw new RangeError(`tactics must be "on" or "off", not "${tactics}"`);
    options.tactics = tactics === 'on' || tactics === 'true' || tactics === '';
  }
  const timing = read('claim-timing');
  if (timing !== null) {
    if (!TIMINGS.includes(timing as ClaimTiming)) throw new RangeError(`claim-timing must be one of ${TIMINGS.join(', ')}, not "${timing}"`);
    options.claimTiming = timing as ClaimTiming;
  }
  const games = read('games');
  if (games !== null) options.games = whole('games', games, 1, 99);
  const seed = read('seed');
  if (seed !== null) options.seed = whole('seed', seed, 0, Number.MAX_SAFE_INTEGER);
  return options;
}

/** Options from a script, checked as strictly as attributes (the same messages); a null seed means a fresh one. */
export function checkOptions(given: GameOptions): GameOptions {
  const byAttribute: Record<(typeof GAME_ATTRIBUTES)[number], unknown> = {
    mode: given.mode,
    level: given.level,
    players: given.players,
    tactics: given.tactics === undefined ? undefined : given.tactics === true ? 'on' : given.tactics === false ? 'off' : given.tactics,
    'claim-timing': given.claimTiming,
    games: given.games,
    seed: given.seed ?? undefined,
  };
  const checked = parseOptions((name) => (byAttribute[name] === undefined ? null : String(byAttribute[name])));
  if (given.seed === null) checked.seed = null;
  return checked;
}

function whole(name: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min || n > max) throw new RangeError(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  return n;
}

/** The start-dialog choice these options make, over the defaults. */
export function choiceOf(options: GameOptions, defaults: StartChoice): StartChoice {
  const mode = options.mode ?? defaults.mode;
  const level = options.level ?? defaults.level;
  const players = options.players ?? defaults.players ?? 2;
  const choice: StartChoice = {
    mode,
    level,
    claimTiming: options.claimTiming ?? defaults.claimTiming,
    tactics: players === 3 ? false : (options.tactics ?? defaults.tactics),
    games: options.games ?? defaults.games,
    seed: options.seed === undefined ? defaults.seed : options.seed,
  };
  if (players === 3) {
    const other: Seat = mode === 'computer' ? { kind: 'computer', level } : { kind: 'person' };
    choice.players = 3;
    choice.seats = [{ kind: 'person' }, other, other];
  }
  return choice;
}
