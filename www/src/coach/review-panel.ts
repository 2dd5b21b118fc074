// The review's panel: whose decisions (when it must ask), the progress with Cancel, then each side's
// accuracy, where the chance went, the graph of the chance after every step (review-graph.ts), the
// turning points with their causes (review-story.ts), the marked decisions of both sides, the decision
// shown with the better move in words, and the thresholds. Only draws.
import { escapeAttr, escapeHTML } from '../cards.js';
import type { Words } from '../i18n.js';
import { icon } from '../panels.js';
import type { FlagView } from '../../../pkg/full.js';
import type { Judgement, ReviewedDecision } from './client.js';
import { moveWords } from './describe.js';
import { pageStyle, reasonsBesides, reasonsText } from './reasons.js';
import { storyGraph, stepValue } from './review-graph.js';
import { puzzleHTML } from './review-puzzle-panel.js';
import { sayPuzzle } from './review-puzzle-words.js';
import { storyHTML } from './review-story.js';
import { sayStory } from './review-words.js';
import { nextMarked } from './review-state.js';
import type { ReviewRun } from './state.js';
import { percent, say } from './words.js';

function judgementWord(w: Words, j: Judgement | null): string {
  return j ? say(w, j) : say(w, 'good');
}

/** The decision shown, in words: what was played, its mark, the better move and why. `flags`: the board
 * before the decision, where known, so that a Redeploy or a Deserter names the flag its card leaves. */
export function decisionText(w: Words, d: ReviewedDecision, n: number, total: number, name: string, inaccuracy = 0.05, flags?: readonly FlagView[]): string {
  const head = `<p class="rv-head"><strong>${say(w, 'decisionN', { n, total })}</strong> · <span class="mark ${d.judgement ?? 'good'}">${judgementWord(w, d.judgement)}</span></p>`;
  // Chinese sentences follow one another without a space.
  const gap = w.lang === 'zh' ? '' : ' ';
  const playedWhy = d.playedReasons.length ? `${gap}${say(w, 'playedWhy', { reasons: reasonsText(d.playedReasons, d.reason?.flag ?? null, pageStyle(w)) })}` : '';
  // A draw is drawn, not played.
  const did = d.played.type === 'draw' || d.played.type === 'scoutDraw' ? sayStory(w, 'drew', { name: escapeHTML(name), deck: w.deckWord(d.played.deck) }) : say(w, 'played', { name: escapeHTML(name), move: moveWords(w, d.played, flags) });
  const played = `<p>${did}${playedWhy}</p>`;
  // What the better move does that the move played does not (a reason both give tells them apart by nothing).
  const distinct = reasonsBesides(d.bestReasons, d.playedReasons);
  const bestWhy = distinct.length ? `${gap}<span class="rv-why">${say(w, 'betterWhy', { reasons: reasonsText(distinct, d.reason?.flag ?? null, pageStyle(w)) })}</span>` : '';
  const same = JSON.stringify(d.played) === JSON.stringify(d.best);
  let verdict: string;
  if (same) verdict = `<p>${say(w, 'sameAsBest', { win: percent(d.withBest.win) })}</p>`;
  // Below the inaccuracy mark the difference is named as such, never "small" (5 points can show as 26 against 21).
  else if (!d.judgement)
    verdict = `<p>${sayStory(w, 'closeEnough', { best: moveWords(w, d.best, flags), win: percent(d.withBest.win), played: percent(d.withPlayed.win), threshold: percent(inaccuracy) })}${bestWhy}</p>`;
  else {
    const reason = d.reason ? `${gap}${say(w, 'reasonFlag', { flag: d.reason.flag, to: percent(d.reason.to), from: percent(d.reason.from) })}` : '';
    verdict =
      `<p>${say(w, 'marked', { judgement: judgementWord(w, d.judgement), loss: percent(d.loss) })}</p>` +
      `<p class="rv-better">${say(w, 'better', { best: moveWords(w, d.best, flags), best_win: percent(d.withBest.win), played_win: percent(d.withPlayed.win) })}${bestWhy}${reason}</p>`;
  }
  return head + played + verdict;
}

/** Previous/next: an arrow, and the words where there is room (they stay the button's name). */
function navButton(act: string, arrow: string, label: string, enabled: boolean): string {
  const before = act === 'rv-prev';
  return `<button type="button" class="btn small rv-step" data-act="${act}" aria-label="${escapeAttr(label)}"${enabled ? '' : ' disabled'}>${before ? `<span aria-hidden="true">${arrow}</span>` : ''}<span class="rv-step-label" aria-hidden="true">${escapeHTML(label)}</span>${before ? '' : `<span aria-hidden="true">${arrow}</span>`}</button>`;
}

function button(act: string, label: string, primary = false): string {
  return `<button type="button" class="btn small ${primary ? 'primary' : ''}" data-act="${act}">${escapeHTML(label)}</button>`;
}

/** The running review's line: whose decisions, how many done. */
export function runningText(w: Words, run: ReviewRun, names: readonly string[]): string {
  const name = run.player === null ? '' : (names[run.player] ?? '');
  const counts = { done: run.done, total: run.total || '…' };
  // The person alone at the screen is "You" (game/queries.ts seatNames): "your decisions", not "You's".
  return name === w.t('you') ? say(w, 'reviewRunningYours', counts) : say(w, 'reviewRunning', { name: escapeHTML(name), ...counts });
}

/** `blocked`: the page's Content-Security-Policy refuses the coach's worker (a failed review says so, with no Review again). */
export function reviewPanelHTML(w: Words, run: ReviewRun, names: readonly string[], blocked = false, flags?: readonly FlagView[]): string {
  const name = run.player === null ? '' : (names[run.player] ?? '');
  const title = run.player === null ? say(w, 'review') : name === w.t('you') ? say(w, 'reviewTitleYours') : say(w, 'reviewTitle', { name: escapeHTML(name) });
  const close = `<button type="button" class="coach-close" data-act="rv-close" aria-label="${escapeAttr(say(w, 'reviewClose'))}" title="${escapeAttr(say(w, 'reviewClose'))}">${icon('exit')}</button>`;
  const expand = `<button type="button" class="btn small rv-expand" data-act="rv-expand" aria-expanded="${run.expanded}">${escapeHTML(sayStory(w, run.expanded ? 'showBoard' : 'showReview'))}</button>`;
  const head = `<h2 class="coach-title" id="coach-title">${title}</h2>${close}${expand}`;
  switch (run.status) {
    case 'asking':
      return `${head}<p>${say(w, 'reviewWhose')}</p><div class="rv-players">${names.map((n, i) => button(`rv-player:${i}`, n, i === 0)).join('')}</div>`;
    case 'running':
      return (
        `${head}<p class="rv-running" role="status">${runningText(w, run, names)}</p>` +
        `<progress class="rv-progress" max="${Math.max(1, run.total)}" value="${run.done}" aria-label="${escapeAttr(say(w, 'reviewProgress'))}"></progress>` +
        `<div class="rv-buttons">${button('rv-cancel', say(w, 'reviewCancel'))}</div>`
      );
    case 'cancelled':
    case 'failed': {
      // Refused by the page's policy: one plain sentence, and no Review again that cannot succeed.
      const refused = run.status === 'failed' && blocked;
      const text = run.status === 'cancelled' ? say(w, 'reviewCancelled') : refused ? w.t('coachBlocked') : say(w, 'reviewFailed', { msg: escapeHTML(run.error ?? '') });
      return `${head}<p class="rv-running" role="status">${text}</p>` + (refused ? '' : `<div class="rv-buttons">${button('rv-again', say(w, 'reviewAgain'), true)}</div>`);
    }
    case 'done':
      break;
  }
  const me = run.player ?? 0;
  const otherSeat = names.length === 2 ? 1 - me : -1;
  const other = otherSeat >= 0 ? (names[otherSeat] ?? '') : sayStory(w, 'others');
  const storyNames = { name: escapeHTML(name), other: escapeHTML(other) };
  const mine = run.decisions.filter((d) => d.player === me);
  const count = (j: Judgement): number => mine.filter((d) => d.judgement === j).length;
  const summary = say(w, 'reviewSummary', { n: mine.length, inaccuracy: count('inaccuracy'), mistake: count('mistake'), blunder: count('blunder') });
  const acc = (seat: number): string => {
    const a = run.accuracy[seat];
    return a === null || a === undefined ? '–' : String(Math.round(a));
  };
  const accuracy = otherSeat >= 0 ? `<p class="rv-accuracy">${sayStory(w, 'accuracy', { ...storyNames, mine: acc(me), theirs: acc(otherSeat) })}</p>` : '';
  const selected = run.selected !== null ? run.decisions[run.selected] : undefined;
  const th = run.thresholds;
  const whose = (d: ReviewedDecision): string => (d.player === me ? name : (names[d.player] ?? ''));
  const index = selected ? run.decisions.filter((d, i) => d.player === selected.player && i <= run.selected!).length : 0;
  let detail: string;
  if (selected) detail = decisionText(w, selected, index, run.decisions.filter((d) => d.player === selected.player).length, whose(selected), th?.inaccuracy, flags);
  else if (run.step !== null && run.steps[run.step]) detail = `<p>${escapeHTML(stepValue(w, run, run.step, storyNames))}</p>`;
  else detail = `<p>${say(w, 'reviewPick')}</p>`;
  const marks = (seat: number): string =>
    run.decisions
      .flatMap((d, i) =>
        d.judgement && d.player === seat
          ? [`<li><button type="button" class="rv-mark ${d.judgement} ${run.selected === i ? 'on' : ''}" data-act="rv-go:${i}" ${run.selected === i ? 'aria-current="true"' : ''}>${run.decisions.filter((e, k) => e.player === seat && k <= i).length} · ${judgementWord(w, d.judgement)}</button></li>`]
          : [],
      )
      .join('');
  const myMarks = marks(me);
  const theirMarks = otherSeat >= 0 ? marks(otherSeat) : '';
  const thresholds = th
    ? `<p class="rv-thresholds">${say(w, 'reviewThresholds', { i: percent(th.inaccuracy), m: percent(th.mistake), b: percent(th.blunder), level: w.t(run.level === 'easy' ? 'levelEasy' : run.level === 'hard' ? 'levelHard' : 'levelMedium') })}</p>`
    : '';
  if (run.puzzle) return head + puzzleHTML(w, run, name);
  const learn = myMarks ? `<div class="rv-buttons"><button type="button" class="btn small primary" data-act="pz-start">${escapeHTML(sayPuzzle(w, 'start'))}</button></div>` : '';
  return (
    head +
    accuracy +
    `<p class="rv-summary">${summary}</p>` +
    storyGraph(w, run, storyNames) +
    `<div class="rv-nav">${navButton('rv-prev', '◀', say(w, 'prevMarked'), nextMarked(run, -1) !== undefined)}${navButton('rv-next', '▶', say(w, 'nextMarked'), nextMarked(run, 1) !== undefined)}</div>` +
    `<div class="rv-detail" tabindex="-1" aria-live="polite">${detail}</div>` +
    learn +
    storyHTML(w, run, names) +
    (myMarks ? `<h3 class="rv-sub">${escapeHTML(name)}</h3><ol class="rv-marks">${myMarks}</ol>` : '') +
    (theirMarks ? `<h3 class="rv-sub">${escapeHTML(other)}</h3><ol class="rv-marks">${theirMarks}</ol>` : '') +
    thresholds
  );
}
