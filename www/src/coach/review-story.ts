// The review's answer to "why did I lose": where the chance went in each game (the reviewed player's
// decisions, the opponent's, the draws) and the turning points, each with its cause in words: the move
// with the reasons for it and for the better one, or the card drawn and the formation it gave at a flag.
import { escapeHTML, miniCard } from '../cards.js';
import { formationNameIn, type Words } from '../i18n.js';
import type { FormationKind, PlayerIndex } from '../../../pkg/full.js';
import type { ReviewStep } from './client.js';
import { moveWords } from './describe.js';
import { pageStyle, reasonsBesides, reasonsText } from './reasons.js';
import { turnsOf } from './review-graph.js';
import { points, sayStory } from './review-words.js';
import type { ReviewRun } from './state.js';
import { percent, say } from './words.js';

/** The cause of a step in words (HTML). */
export function causeText(w: Words, run: ReviewRun, step: ReviewStep, turn: number, names: readonly string[]): string {
  const me = run.player ?? 0;
  const name = escapeHTML(names[me] ?? '');
  const swing = points(step.after - step.before);
  const gap = w.lang === 'zh' ? '' : ' ';
  if (step.cause.type === 'decision') {
    const d = run.decisions[step.cause.decision]!;
    const who = escapeHTML(names[d.player] ?? '');
    // A draw is drawn, not played.
    let text =
      d.played.type === 'draw' || d.played.type === 'scoutDraw'
        ? sayStory(w, 'turningDrew', { turn, who, deck: w.deckWord(d.played.deck), swing, name })
        : sayStory(w, 'turningDecision', { turn, who, move: moveWords(w, d.played), swing, name });
    if (JSON.stringify(d.best) !== JSON.stringify(d.played)) {
      text += gap + sayStory(w, 'turningBetter', { best: moveWords(w, d.best) });
      const why = reasonsBesides(d.bestReasons, d.playedReasons);
      if (why.length) text += gap + say(w, 'betterWhy', { reasons: reasonsText(why, d.reason?.flag ?? null, pageStyle(w)) });
    } else if (d.playedReasons.length) text += gap + say(w, 'playedWhy', { reasons: reasonsText(d.playedReasons, null, pageStyle(w)) });
    return text;
  }
  // The cards: the draw that gave a formation to the side the step favoured (the opponent's when it fell).
  const favoured = (p: PlayerIndex): boolean => (step.after < step.before ? p !== me : p === me);
  const draws = step.cause.draws;
  const lucky = draws.find((c) => favoured(c.player) && c.outs.length > 0) ?? draws.find((c) => c.outs.length > 0);
  if (lucky) {
    const out = lucky.outs[0]!;
    return sayStory(w, 'turningDraw', {
      turn,
      card: miniCard(w, lucky.card),
      who: escapeHTML(names[lucky.player] ?? ''),
      formation: escapeHTML(formationNameIn(w.lang, out.strength.kind as FormationKind)),
      flag: out.flag,
      swing,
      name,
    });
  }
  return sayStory(w, 'turningDrawPlain', { turn, swing, name });
}

/** Where the chance went and the turning points (HTML), each point a button that shows it. */
export function storyHTML(w: Words, run: ReviewRun, names: readonly string[]): string {
  const me = run.player ?? 0;
  const name = escapeHTML(names[me] ?? '');
  const other = escapeHTML(names.length === 2 ? (names[1 - me] ?? '') : sayStory(w, 'others'));
  const where = run.games
    .map(
      (g) =>
        `<p class="rv-where">${sayStory(w, names[me] === w.t('you') ? 'whereLostYours' : 'whereLost', { start: percent(g.start), end: percent(g.end), name, other, own: points(g.own), opponents: points(g.opponents), luck: points(g.luck) })}</p>`,
    )
    .join('');
  const turns = turnsOf(run.steps);
  const items = run.turningPoints
    .map((p) => {
      const step = run.steps[p.step];
      if (!step) return '';
      const cls = p.swing < 0 ? 'fall' : 'rise';
      return `<li class="rv-turn ${cls}"><button type="button" class="rv-turn-go" data-act="rv-step:${p.step}" ${run.step === p.step ? 'aria-current="true"' : ''}>${causeText(w, run, step, turns[p.step]!, names)}</button></li>`;
    })
    .join('');
  const list = items ? `<ol class="rv-turns">${items}</ol>` : `<p>${sayStory(w, 'turningNone', { points: percent(run.thresholds?.mistake ?? 0.1) })}</p>`;
  return `<section class="rv-story-text"><h3 class="rv-sub">${sayStory(w, 'turningTitle')}</h3>${where}${list}</section>`;
}
