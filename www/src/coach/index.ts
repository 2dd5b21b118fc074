// The coach in the game: what it adds to each drawing (the review's panel, the win chances), to the menu
// (statistics, unseen cards) and to the replay bar (Review), and what its buttons do. The rest of the
// game calls only these functions.
import type { PlayerIndex } from '../../../pkg/full.js';
import { escapeAttr } from '../cards.js';
import { openDialog } from '../dialogs.js';
import { t } from '../i18n.js';
import { icon } from '../panels.js';
import { setHTML } from '../patch.js';
import { render } from '../game/draw.js';
import { seatNames, viewerSeat, isComputer, personSeats } from '../game/queries.js';
import type { Ctx, GameState } from '../game/state.js';
import { refreshChances } from './chances.js';
import { reviewPanelHTML, runningText } from './review-panel.js';
import { cancelReview, closeReview, recordKey, runReview, selectDecision, startReview, stepMarked } from './review.js';
import { openStats } from './stats.js';
import { unseenHTML } from './unseen.js';
import { say } from './words.js';

/** After every drawing: the review's panel (closed with the replay it belongs to) and the win chances. */
export function drawCoach(ctx: Ctx): void {
  const run = ctx.s.coach.review;
  const r = ctx.s.replay;
  if (run && (!r || recordKey(r.record) !== run.key)) closeReview(ctx, false);
  const shown = ctx.s.coach.review;
  ctx.el.root.classList.toggle('reviewing', shown !== null);
  ctx.el.coach.hidden = shown === null;
  // While a review runs, only its progress changes: the Cancel button stays the same element (a press
  // must not meet a button replaced under the finger).
  const bar = ctx.el.coach.querySelector<HTMLProgressElement>('.rv-progress');
  if (shown?.status === 'running' && bar && shown.total > 0) {
    bar.max = shown.total;
    bar.value = shown.done;
    const line = ctx.el.coach.querySelector('.rv-running');
    if (line) line.innerHTML = runningText(shown, seatNames(ctx.s));
  } else {
    setHTML(ctx.el.coach, shown ? reviewPanelHTML(shown, seatNames(ctx.s)) : '');
  }
  refreshChances(ctx);
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
  const f = ctx.host.coach;
  return (
    (f.statistics ? `<button type="button" role="menuitem" data-act="stats">${say('statistics')}</button>` : '') +
    (f.unseen ? `<button type="button" role="menuitem" data-act="unseen" ${canShowUnseen(ctx.s) ? '' : 'disabled'}>${say('unseen')}</button>` : '')
  );
}

/** The replay bar's Review button, for a finished match (every card may be known then). */
export function reviewButtonHTML(ctx: Ctx): string {
  if (!ctx.host.coach.review || !ctx.s.replay?.open || ctx.s.coach.review) return '';
  const label = say('review');
  return `<button type="button" class="tool rv-start" data-act="review" data-focus="replay:review" aria-label="${escapeAttr(label)}" title="${escapeAttr(label)}">${icon('hint')}<span class="tool-label">${label}</span></button>`;
}

async function openUnseen(ctx: Ctx): Promise<void> {
  if (!canShowUnseen(ctx.s)) return;
  const r = ctx.s.replay;
  const viewer = viewerSeat(ctx.s);
  const view = r ? r.game.view(r.viewer) : ctx.s.game?.view(viewer);
  if (!view) return;
  await openDialog(ctx.host.shadow, {
    title: say('unseen'),
    body: unseenHTML(view, seatNames(ctx.s)),
    className: 'unseen-dlg',
    buttons: [{ id: 'close', label: t('close'), primary: true }],
  });
}

/** The coach's buttons; false for an act that is not the coach's. */
export function coachAct(ctx: Ctx, act: string): boolean {
  const [name, arg] = act.split(':');
  switch (name) {
    case 'review':
      startReview(ctx);
      return true;
    case 'rv-player':
      void runReview(ctx, Number(arg) as PlayerIndex);
      return true;
    case 'rv-again': {
      const player = ctx.s.coach.review?.player;
      if (player !== null && player !== undefined) void runReview(ctx, player);
      else startReview(ctx);
      return true;
    }
    case 'rv-cancel':
      cancelReview(ctx);
      return true;
    case 'rv-close':
      closeReview(ctx);
      return true;
    case 'rv-go':
      selectDecision(ctx, Number(arg));
      return true;
    case 'rv-prev':
    case 'rv-next':
      stepMarked(ctx, name === 'rv-next' ? 1 : -1);
      return true;
    case 'stats':
    case 'unseen':
      ctx.s.menuOpen = false;
      render(ctx);
      void (name === 'stats' ? openStats(ctx) : openUnseen(ctx));
      return true;
    default:
      return false;
  }
}
