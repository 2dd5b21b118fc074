// The win chances as the board draws them: a percentage under each open flag and the chance to win the
// game in the viewer's strip (coach/chances.ts decides when they may be shown).
import type { FlagView } from '../../../pkg/full.js';
import { escapeAttr } from '../cards.js';
import type { Evaluation } from './client.js';
import { percent, say } from './words.js';

type Shown = (Evaluation & { fresh?: boolean }) | null | undefined;

export function chanceTag(chances: Shown, f: FlagView): string {
  const p = chances?.flags[f.flag - 1];
  if (p === undefined || f.claimedBy !== null) return '';
  const label = say('flagChance', { flag: f.flag, p: percent(p) });
  const band = p >= 0.65 ? 'good' : p <= 0.35 ? 'bad' : 'even';
  return `<span class="chance ${band} ${chances?.fresh === false ? 'stale' : ''}" title="${escapeAttr(label)}"><span class="visually-hidden">${label}</span><span aria-hidden="true">${percent(p)}%</span></span>`;
}

export function winChanceStat(chances: Shown): string {
  if (!chances) return '';
  const label = say('winChance', { p: percent(chances.win) });
  return `<span class="stat win-chance ${chances.fresh === false ? 'stale' : ''}" title="${escapeAttr(label)}">${label}</span>`;
}
