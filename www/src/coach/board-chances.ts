// The win chances as the board draws them: a percentage under each open flag and the chance to win the
// game in the viewer's strip (coach/chances.ts decides when they may be shown). Each flag's chance is a
// button: hovering, tapping or focusing it shows what the chance rests on (each side's best reachable
// formation there with its outs, who completes first, whether it is provable) and how much it moved since
// the last move. Shown by CSS alone (the explanation is in the page, described by the button), so that the
// board's input code needs no part in it.
import type { FlagOutlook, FlagView, SideOutlook } from '../../../pkg/full.js';
import type { Words } from '../i18n.js';
import type { BoardMarks } from '../board.js';
import { wordsOf, type GameState } from '../game/state.js';
import { shownChances } from './model.js';
import { escapeAttr } from '../cards.js';
import type { Explained } from './chances.js';
import { reachText } from './reasons.js';
import { percent, say } from './words.js';

type Shown = (Explained & { fresh?: boolean }) | null | undefined;

/** A change of chance in points, signed ("+8", "−5"); empty under one point. */
export function changeText(delta: number | null | undefined): string {
  const points = Math.round((delta ?? 0) * 100);
  if (points === 0) return '';
  return points > 0 ? `+${points}` : `−${-points}`;
}

function sideText(w: Words, side: SideOutlook, capacity: number): string {
  // An empty side could become anything: its "best" would be the strongest formation of the deck.
  if (side.need >= capacity) return say(w, 'chanceEmpty');
  return side.best ? reachText(w, side.best) : say(w, 'chanceStuck');
}

/** The explanation of one flag's chance: each side's best formation and outs, tempo and proof. */
export function flagExplanation(w: Words, flag: FlagOutlook, viewer: number): string {
  const lines: string[] = [];
  const mine = flag.sides.find((s) => s.player === viewer);
  if (mine) lines.push(say(w, 'chanceYou', { side: sideText(w, mine, flag.capacity) }));
  for (const side of flag.sides) if (side.player !== viewer) lines.push(say(w, 'chanceThem', { side: sideText(w, side, flag.capacity) }));
  if (flag.provable !== null) lines.push(say(w, flag.provable === viewer ? 'chanceProvableYou' : 'chanceProvableThem'));
  else if (flag.first !== null) lines.push(say(w, flag.first === viewer ? 'chanceFirstYou' : 'chanceFirstThem'));
  return lines.map((l) => `<span class="chance-line">${l}</span>`).join('');
}

export function chanceTag(w: Words, chances: Shown, f: FlagView): string {
  const p = chances?.flags[f.flag - 1];
  if (p === undefined || f.claimedBy !== null) return '';
  const delta = changeText(chances?.change?.[f.flag - 1]);
  const change = delta ? say(w, 'chanceChange', { delta }) : '';
  const label = say(w, 'flagChance', { flag: f.flag, p: percent(p) }) + (change ? (w.lang === 'zh' ? `（${change}）` : ` (${change})`) : '');
  const band = p >= 0.65 ? 'good' : p <= 0.35 ? 'bad' : 'even';
  const outlook = chances?.outlook;
  const flag = outlook?.flags.find((x) => x.flag === f.flag);
  const id = `chance-pop-${f.flag}`;
  const pop = flag
    ? `<span class="chance-pop ${f.flag <= 3 ? 'from-left' : f.flag >= 7 ? 'from-right' : ''}" role="tooltip" id="${id}">` +
      `<span class="chance-line chance-head">${label}</span>${flagExplanation(w, flag, outlook!.player)}</span>`
    : '';
  // The name is the text itself (the visible percentage and change inside it), so that what is seen is
  // what is read.
  const deltaTag = delta
    ? `<span class="chance-delta ${delta.startsWith('+') ? 'up' : 'down'}"> ${delta}</span><span class="visually-hidden">${say(w, 'chanceChangeTail')}</span>`
    : '';
  return (
    `<button type="button" class="chance ${band} ${chances?.fresh === false ? 'stale' : ''}" data-focus="chance:${f.flag}" title="${escapeAttr(label)}"${pop ? ` aria-describedby="${id}"` : ''}>` +
    `<span class="visually-hidden">${say(w, 'flagChanceAt', { flag: f.flag })}</span><span class="pct">${percent(p)}%</span>${deltaTag}</button>${pop}`
  );
}

export function winChanceStat(w: Words, chances: Shown): string {
  if (!chances) return '';
  const label = say(w, 'winChance', { p: percent(chances.win) });
  return `<span class="stat win-chance ${chances.fresh === false ? 'stale' : ''}" title="${escapeAttr(label)}">${label}</span>`;
}

/** The win chances to draw on the board now (coach/model.ts says when), or null. */
export function boardMarks(state: GameState): BoardMarks | null {
  const w = wordsOf(state);
  const shown = shownChances(state);
  return shown && { flag: (f) => chanceTag(w, shown, f), stat: () => winChanceStat(w, shown) };
}
