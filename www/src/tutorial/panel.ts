// The tutorial's panel: the lesson and step, what to do now (or what the step taught, once done), and
// the buttons Next, Start this step again and Leave. Only draws; the controller acts on the buttons.
import type { CardName } from '../../../pkg/full.js';
import { escapeHTML, miniCard } from '../cards.js';
import { STEPS } from './lessons.js';
import type { LessonRun } from './run.js';
import { tutorialText } from './text.js';
import type { Words } from '../i18n.js';

/** A sentence with `{r8 r9}` drawn as cards; everything else escaped. */
export function withCards(w: Words, text: string): string {
  return text
    .split(/(\{[^}]*\})/)
    .map((part) => {
      const m = /^\{([^}]*)\}$/.exec(part);
      if (!m) return escapeHTML(part);
      const cards = m[1]!.split(/\s+/).filter(Boolean) as CardName[];
      return `<span class="lesson-cards">${cards.map((c) => miniCard(w, c)).join('')}</span>`;
    })
    .join('');
}

export function lessonPanelHTML(w: Words, run: LessonRun, opponentMoving: boolean): string {
  const text = tutorialText(w.lang);
  const step = STEPS[run.index]!;
  const words = text.steps[step.id]!;
  const last = run.index === STEPS.length - 1;
  const count = text.ui.stepOf.replace('{n}', String(run.index + 1)).replace('{total}', String(STEPS.length));
  const body = run.done
    ? `<p class="lesson-text lesson-done" tabindex="-1" aria-live="polite"><strong>${escapeHTML(text.ui.welldone)}</strong> ${withCards(w, words.done)}</p>`
    : `<p class="lesson-text" tabindex="-1" aria-live="polite">${withCards(w, words.task)}</p>`;
  const status = opponentMoving ? `<p class="lesson-note">${escapeHTML(text.ui.opponentMoving)}</p>` : '';
  const next = run.done
    ? `<div class="lesson-next"><button type="button" class="btn primary" data-act="lesson-next" data-focus="lesson-next">${escapeHTML(last ? text.ui.finish : text.ui.next)}</button></div>`
    : '';
  // On a phone the two tool buttons show only their icons (their words stay their names).
  const tool = (act: string, icon: string, label: string): string =>
    `<button type="button" class="btn small" data-act="${act}" title="${escapeHTML(label)}"><span class="lesson-icon" aria-hidden="true">${icon}</span><span class="lesson-label">${escapeHTML(label)}</span></button>`;
  return (
    `<h2 class="lesson-head" id="lesson-title"><span>${escapeHTML(text.ui.tutorial)} · ${escapeHTML(text.lessons[step.lesson] ?? '')}</span>` +
    `<span class="lesson-count">${escapeHTML(count)}</span></h2>` +
    body +
    status +
    next +
    `<div class="lesson-tools">${tool('lesson-again', '↺', text.ui.again)}${tool('lesson-leave', '✕', text.ui.leave)}</div>`
  );
}
