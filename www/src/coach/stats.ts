// Statistics: each finished game against the computer (the person's result, flags, the opponent's level
// and the variant) kept in the element's store with the record of each finished match; shown per level and
// variant with streaks, flags per game and a small chart; exported and imported as one file with the
// records; cleared on request. Games between persons on one device are not counted: nobody is "you".
import { Game, type GameRecord, type PlayerIndex } from '../../../pkg/full.js';
import type { Words } from '../i18n.js';
import { confirmDialog, openDialog } from '../dialogs.js';
import { escapeAttr, escapeHTML } from '../cards.js';
import type { Level, Store } from '../storage.js';
import { wordsOf, type Ctx } from '../game/state.js';
import { say, type CoachKey } from './words.js';

export type Outcome = 'win' | 'draw' | 'loss';
export type Variant = '2' | '2t' | '3';

export interface StatGame {
  /** The deal's seed and the game's place in its match: a game is counted once. */
  id: string;
  at: number;
  level: Level;
  variant: Variant;
  outcome: Outcome;
  /** Flags the person won, and the most any opponent won. */
  flags: [number, number];
  /** The record of the match, on its last game (a record holds the seed: only once the match is over). */
  record?: GameRecord;
}

export interface StatsFile {
  format: 'battleline-statistics';
  version: 1;
  games: StatGame[];
}

const KEY = 'stats.v1';
/** At most this many games are kept (the oldest go first), and records for the latest this many matches. */
const MAX_GAMES = 1000;
const MAX_RECORDS = 60;

export function loadStats(store: Store): StatGame[] {
  const saved = store.read<StatsFile>(KEY);
  return saved && Array.isArray(saved.games) ? saved.games.filter(validGame) : [];
}

function saveStats(store: Store, games: StatGame[]): void {
  const kept = games.slice(-MAX_GAMES);
  let records = 0;
  for (let i = kept.length - 1; i >= 0; i--) {
    if (kept[i]!.record && ++records > MAX_RECORDS) delete kept[i]!.record;
  }
  store.write(KEY, { format: 'battleline-statistics', version: 1, games: kept } satisfies StatsFile);
}

function validGame(g: unknown): g is StatGame {
  const x = g as StatGame;
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof x.id === 'string' &&
    typeof x.at === 'number' &&
    ['easy', 'medium', 'hard', 'random'].includes(x.level) &&
    ['2', '2t', '3'].includes(x.variant) &&
    ['win', 'draw', 'loss'].includes(x.outcome) &&
    Array.isArray(x.flags) &&
    x.flags.length === 2 &&
    x.flags.every((n) => Number.isInteger(n) && n >= 0 && n <= 9)
  );
}

/** Counts the game just finished on the board, once, when one person played the computer. */
export function noteResult(ctx: Ctx, g: Game): void {
  if (!ctx.host.coach.statistics || ctx.s.lesson) return;
  const seats = ctx.s.session.seats;
  const persons = seats.flatMap((s, i) => (s.kind === 'person' ? [i as PlayerIndex] : []));
  const computer = seats.find((s) => s.kind === 'computer');
  const result = g.result();
  if (persons.length !== 1 || !computer || computer.kind !== 'computer' || !result) return;
  const me = persons[0]!;
  const match = g.matchScore();
  const id = `${g.seed}:${match.results.length - 1}`;
  const games = loadStats(ctx.host.store);
  if (games.some((x) => x.id === id)) return;
  const options = g.options;
  const theirs = Math.max(...result.flags.filter((_, i) => i !== me));
  const entry: StatGame = {
    id,
    at: Date.now(),
    level: computer.level,
    variant: options.players === 3 ? '3' : options.tactics ? '2t' : '2',
    outcome: result.winner === null ? 'draw' : result.winner === me ? 'win' : 'loss',
    flags: [result.flags[me] ?? 0, theirs],
    ...(match.over ? { record: g.record() } : {}),
  };
  saveStats(ctx.host.store, [...games, entry]);
}

interface Row {
  level: Level;
  variant: Variant;
  games: number;
  win: number;
  draw: number;
  loss: number;
  flags: number;
}

function rows(games: StatGame[]): Row[] {
  const byKey = new Map<string, Row>();
  for (const g of games) {
    const key = `${g.level}|${g.variant}`;
    const row = byKey.get(key) ?? { level: g.level, variant: g.variant, games: 0, win: 0, draw: 0, loss: 0, flags: 0 };
    row.games++;
    row[g.outcome]++;
    row.flags += g.flags[0];
    byKey.set(key, row);
  }
  const order = ['easy', 'medium', 'hard', 'random'];
  return [...byKey.values()].sort((a, b) => order.indexOf(a.level) - order.indexOf(b.level) || a.variant.localeCompare(b.variant));
}

/** The current streak (its length and kind) and the longest run of wins. */
export function streaks(games: StatGame[]): { current: number; kind: Outcome | null; best: number } {
  let best = 0;
  let run = 0;
  for (const g of games) {
    run = g.outcome === 'win' ? run + 1 : 0;
    best = Math.max(best, run);
  }
  const last = games.at(-1);
  let current = 0;
  for (let i = games.length - 1; i >= 0 && games[i]!.outcome === last?.outcome; i--) current++;
  return { current, kind: last?.outcome ?? null, best };
}

const variantKey: Record<Variant, CoachKey> = { '2': 'variant2', '2t': 'variant2t', '3': 'variant3' };

/** Won, drawn and lost as one small bar. */
function bar(words: Words, row: Row): string {
  const w = (n: number): number => (100 * n) / row.games;
  const label = `${say(words, 'statsWon')} ${row.win}, ${say(words, 'statsDrawn')} ${row.draw}, ${say(words, 'statsLost')} ${row.loss}`;
  return (
    `<svg class="stat-bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label="${escapeAttr(label)}">` +
    `<rect class="win" x="0" width="${w(row.win)}" height="10"/><rect class="draw" x="${w(row.win)}" width="${w(row.draw)}" height="10"/>` +
    `<rect class="loss" x="${w(row.win + row.draw)}" width="${w(row.loss)}" height="10"/></svg>`
  );
}

export function statsHTML(w: Words, games: StatGame[]): string {
  if (games.length === 0) return `<p class="stats-none">${say(w, 'statsNone')}</p>`;
  const body = rows(games)
    .map(
      (r) =>
        `<tr><th scope="row">${say(w, `level_${r.level}` as CoachKey)}<span class="variant">${say(w, variantKey[r.variant])}</span></th>` +
        `<td>${r.games}</td><td>${r.win}</td><td>${r.draw}</td><td>${r.loss}</td><td>${(r.flags / r.games).toFixed(1)}</td><td>${bar(w, r)}</td></tr>`,
    )
    .join('');
  const s = streaks(games);
  const kind = s.kind === 'win' ? say(w, 'statsStreakWin') : s.kind === 'loss' ? say(w, 'statsStreakLoss') : say(w, 'statsStreakDraw');
  const recent = games.slice(-30);
  const cells = recent.map((g, i) => `<rect class="${g.outcome}" x="${i * 10}" y="0" width="8" height="14" rx="1.5"/>`).join('');
  return (
    `<table class="stats-table"><thead><tr><th scope="col">${say(w, 'statsOpponent')}</th><th scope="col">${say(w, 'statsGames')}</th>` +
    `<th scope="col">${say(w, 'statsWon')}</th><th scope="col">${say(w, 'statsDrawn')}</th><th scope="col">${say(w, 'statsLost')}</th>` +
    `<th scope="col">${say(w, 'statsFlags')}</th><th scope="col"><span class="visually-hidden">${say(w, 'statsBars')}</span></th></tr></thead><tbody>${body}</tbody></table>` +
    `<p class="stats-streak">${say(w, 'statsStreak', { n: s.current, kind })} · ${say(w, 'statsBest', { n: s.best })}</p>` +
    `<svg class="stats-recent" viewBox="0 0 ${recent.length * 10} 14" role="img" aria-label="${escapeAttr(`${say(w, 'statsChart', { n: recent.length })}: ${recent.map((g) => say(w, g.outcome === 'win' ? 'statsWon' : g.outcome === 'draw' ? 'statsDrawn' : 'statsLost')).join(', ')}`)}">${cells}</svg>`
  );
}

/** Merges the games of an exported file (records checked by the engine), returning how many were new. */
export function importStats(store: Store, text: string): number | null {
  let file: StatsFile;
  try {
    file = JSON.parse(text) as StatsFile;
  } catch {
    return null;
  }
  if (file?.format !== 'battleline-statistics' || file.version !== 1 || !Array.isArray(file.games)) return null;
  const games = loadStats(store);
  const known = new Set(games.map((g) => g.id));
  const added: StatGame[] = [];
  for (const g of file.games) {
    if (!validGame(g) || known.has(g.id)) continue;
    const entry: StatGame = { id: g.id, at: g.at, level: g.level, variant: g.variant, outcome: g.outcome, flags: [g.flags[0], g.flags[1]] };
    if (g.record) {
      try {
        Game.fromRecord(g.record).free();
        entry.record = g.record;
      } catch {
        // A record the engine refuses is dropped; the result stays.
      }
    }
    known.add(g.id);
    added.push(entry);
  }
  saveStats(store, [...games, ...added].sort((a, b) => a.at - b.at));
  return added.length;
}

/** The statistics dialog: the table, the streaks and the chart, with Export, Import and Clear. */
export async function openStats(ctx: Ctx): Promise<void> {
  const w = wordsOf(ctx.s);
  const store = ctx.host.store;
  const body = (): string => `<div class="stats-panel" aria-live="polite">${statsHTML(w, loadStats(store))}</div><p class="status" aria-live="polite"></p>`;
  let next: 'export' | 'import' | 'clear' | null = null;
  await openDialog(ctx.host.shadow, {
    title: say(w, 'statistics'),
    body: body(),
    className: 'stats-dlg',
    buttons: [
      { id: 'export', label: say(w, 'statsExport') },
      { id: 'import', label: say(w, 'statsImport') },
      { id: 'clear', label: say(w, 'statsClear') },
      { id: 'close', label: w.t('close'), primary: true },
    ],
    onButton: (id) => {
      if (id === 'export' || id === 'import' || id === 'clear') next = id;
      return true;
    },
  });
  if (next === 'export') await exportStats(ctx);
  if (next === 'import') await importDialog(ctx);
  if (next === 'clear' && (await confirmDialog(wordsOf(ctx.s), ctx.host.shadow, say(w, 'statsClearConfirm'), say(w, 'statistics')))) store.remove(KEY);
  if (next) await openStats(ctx);
}

async function exportStats(ctx: Ctx): Promise<void> {
  const w = wordsOf(ctx.s);
  const text = JSON.stringify({ format: 'battleline-statistics', version: 1, games: loadStats(ctx.host.store) } satisfies StatsFile);
  await openDialog(ctx.host.shadow, {
    title: `${say(w, 'statistics')} · ${say(w, 'statsExport')}`,
    body: `<p>${say(w, 'statsExportBody')}</p><textarea class="record" readonly rows="6" aria-label="${escapeAttr(say(w, 'statistics'))}">${escapeHTML(text)}</textarea>`,
    buttons: [
      { id: 'download', label: w.t('download') },
      { id: 'close', label: w.t('close'), primary: true },
    ],
    onButton: (id) => {
      if (id !== 'download') return true;
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'battleline-statistics.json';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      return false;
    },
  });
}

async function importDialog(ctx: Ctx): Promise<void> {
  const w = wordsOf(ctx.s);
  await openDialog(ctx.host.shadow, {
    title: `${say(w, 'statistics')} · ${say(w, 'statsImport')}`,
    body: `<p>${say(w, 'statsImportBody')}</p><textarea class="record" rows="6" aria-label="${escapeAttr(say(w, 'statsImportBody'))}"></textarea><p class="status" aria-live="polite"></p>`,
    buttons: [
      { id: 'close', label: w.t('close') },
      { id: 'add', label: say(w, 'statsImport'), primary: true },
    ],
    onButton: (id, dialog) => {
      if (id !== 'add') return true;
      const added = importStats(ctx.host.store, dialog.querySelector('textarea')!.value.trim());
      dialog.querySelector('.status')!.textContent = added === null ? say(w, 'statsBadFile') : say(w, 'statsImported', { n: added });
      return added !== null;
    },
  });
}
