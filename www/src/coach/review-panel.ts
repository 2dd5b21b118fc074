// The review's panel: whose decisions (when it must ask), the progress with Cancel, then the graph of the
// chance to win after each decision (a click on it goes to that decision), the marked decisions, the
// decision shown with the better move in words, and the thresholds. Only draws.
import { escapeAttr, escapeHTML } from '../cards.js';
import { getLang, t } from '../i18n.js';
import { icon } from '../panels.js';
import type { Judgement, ReviewedDecision } from './client.js';
import { moveWords } from './describe.js';
import { reasonsBesides, reasonsText } from './reasons.js';
import type { ReviewRun } from './state.js';
import { percent, say } from './words.js';

const W = 300;
const H = 84;
const PAD = 6;

function judgementWord(j: Judgement | null): string {
  return j ? say(j) : say('good');
}

/** The graph: the chance to win after each decision, marked decisions as dots of their colour. */
function graphSVG(run: ReviewRun): string {
  const n = run.decisions.length;
  const x = (i: number): number => PAD + (n <= 1 ? 0 : ((W - 2 * PAD) * i) / (n - 1));
  const y = (p: number): number => PAD + (H - 2 * PAD) * (1 - p);
  const line = run.decisions.map((d, i) => `${x(i).toFixed(1)},${y(d.withPlayed.win).toFixed(1)}`).join(' ');
  const half = run.decisions.length ? `<line class="half" x1="${PAD}" x2="${W - PAD}" y1="${y(0.5)}" y2="${y(0.5)}"/>` : '';
  const games = run.decisions
    .map((d, i) => (i > 0 && d.game !== run.decisions[i - 1]!.game ? `<line class="game-sep" x1="${x(i - 0.5)}" x2="${x(i - 0.5)}" y1="0" y2="${H}"/>` : ''))
    .join('');
  const selected = run.selected !== null ? `<line class="now" x1="${x(run.selected)}" x2="${x(run.selected)}" y1="0" y2="${H}"/>` : '';
  const step = n <= 1 ? W : (W - 2 * PAD) / (n - 1);
  // Every decision can be picked by a click anywhere in its column (a finger needs room); keyboard users
  // have the list of marked decisions and the previous/next buttons.
  const hits = run.decisions
    .map((_, i) => `<rect class="hit" data-act="rv-go:${i}" x="${(x(i) - step / 2).toFixed(1)}" y="0" width="${step.toFixed(1)}" height="${H}"/>`)
    .join('');
  const dots = run.decisions
    .map((d, i) => (d.judgement ? `<circle class="dot ${d.judgement}" cx="${x(i).toFixed(1)}" cy="${y(d.withPlayed.win).toFixed(1)}" r="3.6"/>` : ''))
    .join('');
  const label = `${say('graphLabel')}: ${run.decisions.map((d, i) => say('graphPoint', { n: i + 1, judgement: judgementWord(d.judgement), win: percent(d.withPlayed.win) })).join('; ')}`;
  return (
    `<svg class="rv-graph" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-label="${escapeAttr(label)}">` +
    `<rect class="bg" x="0" y="0" width="${W}" height="${H}"/>${half}${games}${selected}` +
    `<polyline class="curve" points="${line}"/>${dots}${hits}</svg>`
  );
}

/** The decision shown, in words: what was played, its mark, the better move and why. */
export function decisionText(d: ReviewedDecision, n: number, total: number, name: string): string {
  const head = `<p class="rv-head"><strong>${say('decisionN', { n, total })}</strong> · <span class="mark ${d.judgement ?? 'good'}">${judgementWord(d.judgement)}</span></p>`;
  // Chinese sentences follow one another without a space.
  const gap = getLang() === 'zh' ? '' : ' ';
  const playedWhy = d.playedReasons.length ? `${gap}${say('playedWhy', { reasons: reasonsText(d.playedReasons, d.reason?.flag ?? null) })}` : '';
  const played = `<p>${say('played', { name: escapeHTML(name), move: moveWords(d.played) })}${playedWhy}</p>`;
  // What the better move does that the move played does not (a reason both give tells them apart by nothing).
  const distinct = reasonsBesides(d.bestReasons, d.playedReasons);
  const bestWhy = distinct.length ? `${gap}<span class="rv-why">${say('betterWhy', { reasons: reasonsText(distinct, d.reason?.flag ?? null) })}</span>` : '';
  const same = JSON.stringify(d.played) === JSON.stringify(d.best);
  let verdict: string;
  if (same) verdict = `<p>${say('sameAsBest', { win: percent(d.withBest.win) })}</p>`;
  else if (!d.judgement) verdict = `<p>${say('closeToBest', { best: moveWords(d.best), win: percent(d.withBest.win), played: percent(d.withPlayed.win) })}${bestWhy}</p>`;
  else {
    const reason = d.reason ? `${gap}${say('reasonFlag', { flag: d.reason.flag, to: percent(d.reason.to), from: percent(d.reason.from) })}` : '';
    verdict =
      `<p>${say('marked', { judgement: judgementWord(d.judgement), loss: percent(d.loss) })}</p>` +
      `<p class="rv-better">${say('better', { best: moveWords(d.best), best_win: percent(d.withBest.win), played_win: percent(d.withPlayed.win) })}${bestWhy}${reason}</p>`;
  }
  return head + played + verdict;
}

/** Previous/next: an arrow, and the words where there is room (they stay the button's name). */
function navButton(act: string, arrow: string, label: string): string {
  const before = act === 'rv-prev';
  return `<button type="button" class="btn small rv-step" data-act="${act}" aria-label="${escapeAttr(label)}">${before ? `<span aria-hidden="true">${arrow}</span>` : ''}<span class="rv-step-label" aria-hidden="true">${escapeHTML(label)}</span>${before ? '' : `<span aria-hidden="true">${arrow}</span>`}</button>`;
}

function button(act: string, label: string, primary = false): string {
  return `<button type="button" class="btn small ${primary ? 'primary' : ''}" data-act="${act}">${escapeHTML(label)}</button>`;
}

/** The running review's line: whose decisions, how many done. */
export function runningText(run: ReviewRun, names: readonly string[]): string {
  const name = run.player === null ? '' : (names[run.player] ?? '');
  const counts = { done: run.done, total: run.total || '…' };
  // The person alone at the screen is "You" (game/queries.ts seatNames): "your decisions", not "You's".
  return name === t('you') ? say('reviewRunningYours', counts) : say('reviewRunning', { name: escapeHTML(name), ...counts });
}

/** `blocked`: the page's Content-Security-Policy refuses the coach's worker (a failed review says so, with no Review again). */
export function reviewPanelHTML(run: ReviewRun, names: readonly string[], blocked = false): string {
  const name = run.player === null ? '' : (names[run.player] ?? '');
  const title = run.player === null ? say('review') : name === t('you') ? say('reviewTitleYours') : say('reviewTitle', { name: escapeHTML(name) });
  const close = `<button type="button" class="coach-close" data-act="rv-close" aria-label="${escapeAttr(say('reviewClose'))}" title="${escapeAttr(say('reviewClose'))}">${icon('exit')}</button>`;
  const head = `<h2 class="coach-title" id="coach-title">${title}</h2>${close}`;
  switch (run.status) {
    case 'asking':
      return `${head}<p>${say('reviewWhose')}</p><div class="rv-players">${names.map((n, i) => button(`rv-player:${i}`, n, i === 0)).join('')}</div>`;
    case 'running':
      return (
        `${head}<p class="rv-running" role="status">${runningText(run, names)}</p>` +
        `<progress class="rv-progress" max="${Math.max(1, run.total)}" value="${run.done}" aria-label="${escapeAttr(say('reviewProgress'))}"></progress>` +
        `<div class="rv-buttons">${button('rv-cancel', say('reviewCancel'))}</div>`
      );
    case 'cancelled':
    case 'failed': {
      // Refused by the page's policy: one plain sentence, and no Review again that cannot succeed.
      const refused = run.status === 'failed' && blocked;
      const text = run.status === 'cancelled' ? say('reviewCancelled') : refused ? t('coachBlocked') : say('reviewFailed', { msg: escapeHTML(run.error ?? '') });
      return `${head}<p class="rv-running" role="status">${text}</p>` + (refused ? '' : `<div class="rv-buttons">${button('rv-again', say('reviewAgain'), true)}</div>`);
    }
    case 'done':
      break;
  }
  const count = (j: Judgement): number => run.decisions.filter((d) => d.judgement === j).length;
  const summary = say('reviewSummary', { n: run.decisions.length, inaccuracy: count('inaccuracy'), mistake: count('mistake'), blunder: count('blunder') });
  const selected = run.selected !== null ? run.decisions[run.selected] : undefined;
  const detail = selected ? decisionText(selected, run.selected! + 1, run.decisions.length, name) : `<p>${say('reviewPick')}</p>`;
  const marks = run.decisions
    .flatMap((d, i) =>
      d.judgement
        ? [`<li><button type="button" class="rv-mark ${d.judgement} ${run.selected === i ? 'on' : ''}" data-act="rv-go:${i}" ${run.selected === i ? 'aria-current="true"' : ''}>${i + 1} · ${judgementWord(d.judgement)}</button></li>`]
        : [],
    )
    .join('');
  const th = run.thresholds;
  const thresholds = th
    ? `<p class="rv-thresholds">${say('reviewThresholds', { i: percent(th.inaccuracy), m: percent(th.mistake), b: percent(th.blunder), level: t(run.level === 'easy' ? 'levelEasy' : run.level === 'hard' ? 'levelHard' : 'levelMedium') })}</p>`
    : '';
  return (
    head +
    `<p class="rv-summary">${summary}</p>` +
    graphSVG(run) +
    `<div class="rv-nav">${navButton('rv-prev', '◀', say('prevMarked'))}${navButton('rv-next', '▶', say('nextMarked'))}</div>` +
    `<div class="rv-detail" tabindex="-1" aria-live="polite">${detail}</div>` +
    (marks ? `<ol class="rv-marks">${marks}</ol>` : '') +
    thresholds
  );
}
