// The review's graph: the reviewed player's chance to win after every step of the game (and the
// opponent's, the rest, dashed), with axes (0, 50 and 100 %, turn numbers), each step drawn in the colour
// of its cause (their decision, the opponent's, the draws: luck), marked decisions as dots. Hovering a
// step shows its value above the plot; a tap selects it (the value stays, the board shows it); the range
// under the graph moves along the steps from the keyboard and names each value to a screen reader.
import { escapeAttr } from '../cards.js';
import type { Words } from '../i18n.js';
import type { ReviewRun } from './state.js';
import { percent } from './words.js';
import { sayStory } from './review-words.js';
import type { ReviewStep } from './client.js';

const W = 340;
const H = 168;
const LEFT = 34;
const RIGHT = 8;
const TOP = 22;
const BOTTOM = 22;

type Names = { name: string; other: string };

/** The turn of each step: the number of decisions up to it (a game's turns count from 1). */
export function turnsOf(steps: readonly ReviewStep[]): number[] {
  let turn = 0;
  let game = steps[0]?.game ?? 0;
  return steps.map((s) => {
    if (s.game !== game) {
      game = s.game;
      turn = 0;
    }
    if (s.cause.type === 'decision') turn += 1;
    return Math.max(1, turn);
  });
}

function causeClass(run: ReviewRun, step: ReviewStep): string {
  if (step.cause.type === 'draws') return 'luck';
  return step.cause.player === run.player ? 'mine' : 'other';
}

export function causeWords(w: Words, run: ReviewRun, step: ReviewStep, names: Names): string {
  const c = causeClass(run, step);
  if (c === 'mine' && names.name === w.t('you')) return sayStory(w, 'storyCauseYours');
  return sayStory(w, c === 'luck' ? 'storyCauseLuck' : c === 'mine' ? 'storyCauseMine' : 'storyCauseOther', names);
}

/** One step's value in words: its turn, both sides' chances after it and its cause. */
export function stepValue(w: Words, run: ReviewRun, i: number, names: Names): string {
  const step = run.steps[i]!;
  const turn = turnsOf(run.steps)[i]!;
  return sayStory(w, 'storyValue', { turn, ...names, win: percent(step.after), other_win: 100 - percent(step.after), cause: causeWords(w, run, step, names) });
}

/** The graph (SVG) and its keyboard control. `names`: the reviewed player's and the opponent's. */
export function storyGraph(w: Words, run: ReviewRun, names: Names): string {
  const steps = run.steps;
  const n = steps.length;
  if (n === 0) return '';
  const x = (k: number): number => LEFT + ((W - LEFT - RIGHT) * k) / n;
  const y = (p: number): number => TOP + (H - TOP - BOTTOM) * (1 - p);
  const turns = turnsOf(steps);
  const two = run.decisions.every((d) => d.player === 0 || d.player === 1);
  // The axes: 0, 50 and 100 % on the left, turn numbers below (every fifth, or tenth in long games).
  const every = n > 70 ? 10 : 5;
  let axes = [0, 0.5, 1]
    .map((p) => `<line class="grid" x1="${LEFT}" x2="${W - RIGHT}" y1="${y(p)}" y2="${y(p)}"/><text class="ylab" x="${LEFT - 4}" y="${y(p) + 4}">${p * 100}%</text>`)
    .join('');
  let lastTurn = 0;
  steps.forEach((s, i) => {
    const t = turns[i]!;
    if (s.cause.type === 'decision' && t % every === 0 && t !== lastTurn) {
      lastTurn = t;
      axes += `<line class="tick" x1="${x(i + 1)}" x2="${x(i + 1)}" y1="${H - BOTTOM}" y2="${H - BOTTOM + 3}"/><text class="xlab" x="${x(i + 1)}" y="${H - 6}">${t}</text>`;
    }
    if (i > 0 && s.game !== steps[i - 1]!.game) axes += `<line class="game-sep" x1="${x(i)}" x2="${x(i)}" y1="${TOP}" y2="${H - BOTTOM}"/>`;
  });
  axes += `<text class="xname" x="${LEFT}" y="${H - 6}">${sayStory(w, 'storyAxisTurn')}</text>`;
  // Each step a segment from its before to its after, in its cause's colour; the opponent's mirrored.
  const segments = steps
    .map((s, i) => {
      const cls = causeClass(run, s);
      const mine = `<line class="seg ${cls}" x1="${x(i).toFixed(1)}" y1="${y(s.before).toFixed(1)}" x2="${x(i + 1).toFixed(1)}" y2="${y(s.after).toFixed(1)}"/>`;
      const theirs = two ? `<line class="seg theirs" x1="${x(i).toFixed(1)}" y1="${y(1 - s.before).toFixed(1)}" x2="${x(i + 1).toFixed(1)}" y2="${y(1 - s.after).toFixed(1)}"/>` : '';
      return theirs + mine;
    })
    .join('');
  const dots = steps
    .map((s, i) => {
      if (s.cause.type !== 'decision') return '';
      const d = run.decisions[s.cause.decision];
      if (!d?.judgement) return '';
      const mine = d.player === run.player;
      return `<circle class="dot ${d.judgement} ${mine ? 'mine' : 'other'}" cx="${x(i + 1).toFixed(1)}" cy="${y(s.after).toFixed(1)}" r="${mine ? 4 : 3.2}"/>`;
    })
    .join('');
  const selected = run.step !== null && run.step < n ? run.step : null;
  const now = selected !== null ? `<line class="now" x1="${x(selected + 1)}" x2="${x(selected + 1)}" y1="${TOP}" y2="${H - BOTTOM}"/>` : '';
  const shown = selected !== null ? `<text class="value on" x="${LEFT}" y="13">${escapeAttr(stepValue(w, run, selected, names))}</text>` : '';
  // A column per step for the pointer (hover shows its value above, a tap selects it).
  const col = (W - LEFT - RIGHT) / n;
  const hits = steps
    .map(
      (_, i) =>
        `<rect class="hit" data-act="rv-step:${i}" x="${(x(i) + 0.01).toFixed(2)}" y="0" width="${col.toFixed(2)}" height="${H}"/>` +
        `<text class="value tip" x="${LEFT}" y="13">${escapeAttr(stepValue(w, run, i, names))}</text>`,
    )
    .join('');
  const label = sayStory(w, 'storyGraphLabel', names);
  const legend =
    `<p class="rv-legend" aria-hidden="true"><span class="key mine"></span>${escapeAttr(sayStory(w, 'storyLegendMine', names))}` +
    `<span class="key other"></span>${escapeAttr(sayStory(w, 'storyCauseOther', names))}` +
    `<span class="key luck"></span>${escapeAttr(sayStory(w, 'storyLegendLuck'))}` +
    (two ? `<span class="key theirs"></span>${escapeAttr(sayStory(w, 'storyLegendOther', names))}` : '') +
    `</p>`;
  const value = selected ?? n - 1;
  const slider =
    `<input type="range" class="rv-slider" min="0" max="${n - 1}" step="1" value="${value}" aria-label="${escapeAttr(label)}" ` +
    `aria-valuetext="${escapeAttr(stepValue(w, run, value, names))}">`;
  return (
    `<figure class="rv-story"><svg class="rv-graph" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeAttr(label)}">` +
    `<rect class="bg" x="${LEFT}" y="${TOP}" width="${W - LEFT - RIGHT}" height="${H - TOP - BOTTOM}"/>${axes}${now}${segments}${dots}${shown}${hits}</svg>` +
    `${legend}${slider}</figure>`
  );
}
