// What the coach adds to each drawing of the game: the review's panel (closed with the replay it belongs
// to), the win chances (asked for when wanted), its items in the menu and the replay bar's Review button.
// Imported by game/draw.ts, so it draws without importing the drawing: `redraw` is handed in.
import { escapeAttr } from '../cards.js';
import { icon } from '../panels.js';
import { setHTML } from '../patch.js';
import { isComputer, personSeats, seatNames, viewerSeat } from '../game/queries.js';
import { wordsOf, type Ctx, type GameState } from '../game/state.js';
import { refreshChances } from './chances.js';
import { reviewPanelHTML, runningText } from './review-panel.js';
import { dropReview, recordKey } from './review-state.js';
import { say } from './words.js';

/** After every drawing: the review's panel and the win chances; `redraw` draws again when they come. */
export function drawCoach(ctx: Ctx, redraw: () => void): void {
  const w = wordsOf(ctx.s);
  const run = ctx.s.coach.review;
  const r = ctx.s.replay;
  if (run && (!r || recordKey(r.record) !== run.key)) dropReview(ctx);
  const shown = ctx.s.coach.review;
  ctx.el.root.classList.toggle('reviewing', shown !== null);
  ctx.el.coach.hidden = shown === null;
  // On a phone the review may take the whole screen (coach.css); elsewhere the class changes nothing.
  ctx.el.coach.classList.toggle('full', shown !== null && shown.expanded);
  // While a review runs, only its progress changes: the Cancel button stays the same element (a press
  // must not meet a button replaced under the finger).
  const bar = ctx.el.coach.querySelector<HTMLProgressElement>('.rv-progress');
  if (shown?.status === 'running' && bar && shown.total > 0) {
    bar.max = shown.total;
    bar.value = shown.done;
    const line = ctx.el.coach.querySelector('.rv-running');
    if (line) line.innerHTML = runningText(w, shown, seatNames(ctx.s));
  } else {
    // The board before the decision shown, when the replay stands there (selecting a decision takes it there).
    const r = ctx.s.replay;
    const chosen = shown?.selected !== null && shown?.selected !== undefined ? shown.decisions[shown.selected] : undefined;
    let flags;
    try {
      flags = r && chosen && r.index === chosen.index ? r.game.view(chosen.player).flags : undefined;
    } catch {
      flags = undefined; // a view the replay may not show: the move is named without its flag
    }
    setHTML(ctx.el.coach, shown ? reviewPanelHTML(w, shown, seatNames(ctx.s), ctx.s.computerBlocked, flags) : '');
  }
  refreshChances(ctx, redraw);
}

/** The unseen cards may be shown: the person at the screen sees their own hand (never behind a curtain). */
export function canShowUnseen(state: GameState): boolean {
  if (state.replay) return true;
  const g = state.game;
  if (!g || state.handover) return false;
  const viewer = viewerSeat(state);
  if (isComputer(state, viewer)) return false;
  // Between persons, the board shows a person's hand only once the curtain is down for them.
  return personSeats(state).length <= 1 || !isComputer(state, g.current) || g.result() !== null;
}

/** The coach's items in the menu, for the parts the element offers. */
export function coachMenuHTML(ctx: Ctx): string {
  const w = wordsOf(ctx.s);
  const f = ctx.host.coach;
  return (
    (f.statistics ? `<button type="button" role="menuitem" data-act="stats">${say(w, 'statistics')}</button>` : '') +
    (f.unseen ? `<button type="button" role="menuitem" data-act="unseen" ${canShowUnseen(ctx.s) ? '' : 'disabled'}>${say(w, 'unseen')}</button>` : '')
  );
}

/** The replay bar's Review button, for a finished match (every card may be known then). */
export function reviewButtonHTML(ctx: Ctx): string {
  const w = wordsOf(ctx.s);
  if (!ctx.host.coach.review || !ctx.s.replay?.open || ctx.s.coach.review) return '';
  const label = say(w, 'review');
  return `<button type="button" class="tool rv-start" data-act="review" data-focus="replay:review" aria-label="${escapeAttr(label)}" title="${escapeAttr(label)}">${icon('hint')}<span class="tool-label">${label}</span></button>`;
}
