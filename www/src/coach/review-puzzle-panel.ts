// The puzzle of a marked decision ("learn from your mistakes"), drawn: the position's legal moves as
// buttons (a row per card, a button per flag), then the judgement of the move tried with the reasons for
// it and for the computer's move. Only draws; review-puzzle.ts does what the buttons ask.
import type { Action, CardName } from '../../../pkg/full.js';
import type { Words } from '../i18n.js';
import { escapeAttr, escapeHTML, miniCard } from '../cards.js';
import type { ReviewedDecision } from './client.js';
import { moveWords } from './describe.js';
import { pageStyle, reasonsText } from './reasons.js';
import { markedOf } from './review-state.js';
import { sayPuzzle } from './review-puzzle-words.js';
import type { ReviewRun } from './state.js';
import { percent, say } from './words.js';

export interface Puzzle {
  /** The decision (an index into the review's decisions). */
  decision: number;
  /** The legal moves at it, in the engine's order. */
  moves: Action[];
  status: 'asking' | 'judging' | 'solved' | 'missed' | 'failed';
  /** The last move tried, judged. */
  tried: ReviewedDecision | null;
}

export const same = (a: Action, b: Action): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether a judged try is accepted: within the inaccuracy threshold of the best either search found. */
export function accepted(decision: ReviewedDecision, tried: ReviewedDecision, inaccuracy: number): boolean {
  const best = Math.max(decision.withBest.win, tried.withBest.win, decision.withPlayed.win);
  return tried.withPlayed.win > best - inaccuracy;
}

/** The next marked decision's puzzle after this one, if any. */
export function nextPuzzle(run: ReviewRun): number | undefined {
  const p = run.puzzle;
  return p ? markedOf(run).find((i) => i > p.decision) : undefined;
}

/** The move buttons: a row per card with a button per flag, then every other move in words. */
function movesHTML(w: Words, p: Puzzle): string {
  const rows = new Map<CardName, string[]>();
  const others: string[] = [];
  p.moves.forEach((m, k) => {
    if (m.type === 'play' || m.type === 'environment') {
      const label = sayPuzzle(w, 'playAt', { card: w.cardLong(m.card), flag: m.flag });
      const button = `<button type="button" class="pz-flag" data-act="pz-try:${k}" aria-label="${escapeAttr(label)}">${m.flag}</button>`;
      rows.set(m.card, [...(rows.get(m.card) ?? []), button]);
    } else {
      others.push(`<li><button type="button" class="pz-move" data-act="pz-try:${k}">${moveWords(w, m)}</button></li>`);
    }
  });
  const cards = [...rows].map(([card, buttons]) => `<li class="pz-row">${miniCard(w, card)}<span class="pz-flags">${buttons.join('')}</span></li>`).join('');
  return `<ul class="pz-moves">${cards}${others.join('')}</ul>`;
}

/** The puzzle's part of the panel. */
export function puzzleHTML(w: Words, run: ReviewRun, name: string): string {
  const p = run.puzzle;
  const d = p ? run.decisions[p.decision] : undefined;
  if (!p || !d) return '';
  const marked = markedOf(run);
  const n = marked.indexOf(p.decision) + 1;
  const gap = w.lang === 'zh' ? '' : ' ';
  const head =
    `<h3 class="rv-sub pz-title" id="pz-title" tabindex="-1">${sayPuzzle(w, 'title', { n, total: marked.length })}</h3>` +
    `<p>${
      d.played.type === 'draw' || d.played.type === 'scoutDraw'
        ? sayPuzzle(w, 'askDrew', { name: escapeHTML(name), deck: w.deckWord(d.played.deck), judgement: say(w, d.judgement ?? 'good') })
        : sayPuzzle(w, 'ask', { name: escapeHTML(name), move: moveWords(w, d.played), judgement: say(w, d.judgement ?? 'good') })
    }</p>`;
  let body = '';
  if (p.status === 'asking' || p.status === 'judging') {
    body = (p.status === 'judging' ? `<p role="status">${sayPuzzle(w, 'judging')}</p>` : '') + movesHTML(w, p);
  } else {
    const t = p.tried!;
    const why = t.playedReasons.length ? `${gap}${say(w, 'playedWhy', { reasons: reasonsText(t.playedReasons, null, pageStyle(w)) })}` : '';
    const bestWhy = d.bestReasons.length ? `${gap}${say(w, 'betterWhy', { reasons: reasonsText(d.bestReasons, d.reason?.flag ?? null, pageStyle(w)) })}` : '';
    const result =
      p.status === 'failed'
        ? sayPuzzle(w, 'failed')
        : same(t.played, d.played)
          ? sayPuzzle(w, 'samePlayed')
          : p.status === 'solved'
            ? sayPuzzle(w, 'solved', { move: moveWords(w, t.played), win: percent(t.withPlayed.win), best: percent(Math.max(t.withBest.win, d.withBest.win)) })
            : sayPuzzle(w, 'missed', { move: moveWords(w, t.played), win: percent(t.withPlayed.win), best: percent(Math.max(t.withBest.win, d.withBest.win)) });
    body =
      `<p class="pz-result ${p.status}" tabindex="-1" role="status">${result}${p.status === 'failed' ? '' : why}</p>` +
      `<p class="rv-better">${sayPuzzle(w, 'bestWas', { best: moveWords(w, d.best), win: percent(d.withBest.win) })}${bestWhy}</p>` +
      `<div class="rv-buttons">` +
      (p.status !== 'solved' ? `<button type="button" class="btn small" data-act="pz-again">${sayPuzzle(w, 'again')}</button>` : '') +
      (nextPuzzle(run) !== undefined ? `<button type="button" class="btn small primary" data-act="pz-next">${sayPuzzle(w, 'next')}</button>` : '') +
      `</div>`;
  }
  const close = `<div class="rv-buttons"><button type="button" class="btn small" data-act="pz-close">${sayPuzzle(w, 'close')}</button></div>`;
  return `<section class="pz" aria-labelledby="pz-title">${head}${body}${close}</section>`;
}
