// The online panel, above the table in an online game: the connection, the room (waiting for a friend,
// playing, over and why), the invite link with Copy and Share, the clocks, and Resign, Offer a draw,
// Accept or Decline, Rematch. It only draws what the server said and sends the commands; the game
// itself is on the board like any other.
import { escapeAttr, escapeHTML } from '../cards.js';
import { adoptCss } from '../feature-css.js';
import panelCss from './panel.css';
import { confirmDialog } from '../dialogs.js';
import type { Words } from '../i18n.js';
import { seatNames } from '../game/queries.js';
import { wordsOf, type Ctx } from '../game/state.js';
import { onlineCommand, onlineOf, onlineSlot, type Online } from './online-state.js';
import type { Ended } from './protocol.js';
import { roomLink } from './seats.js';

/** Shows (or, with null, clears) a note in the panel while no online game is on the board. */
export function noticeOnline(ctx: Ctx, text: string | null): void {
  onlineSlot(ctx).notice = text;
  drawOnline(ctx);
}

function panelOf(ctx: Ctx): HTMLElement | null {
  return ctx.host.shadow.getElementById('online');
}

function clockText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How the match ended, as the server said (HTML), or null while it goes on. */
function endedLine({ t }: Words, ended: Ended | null | undefined, names: readonly string[]): string | null {
  if (!ended) return null;
  const who = escapeHTML(names[ended.by ?? 0] ?? '');
  if (ended.reason === 'resigned') return t('onlineEndedResigned', { who });
  if (ended.reason === 'drawAgreed') return t('onlineEndedDraw');
  if (ended.reason === 'time') return t('onlineEndedTime', { who });
  return t('onlineEndedMatch');
}

/** The header's line while the room waits for its players, or once the server ended the match with the
 * game on the board unfinished (a resignation, a draw agreed, a fallen clock): then the board's own
 * "whose turn" would say that a game goes on. Null otherwise. */
export function onlineHeadline(ctx: Ctx): string | null {
  const { t } = wordsOf(ctx.s);
  const o = onlineOf(ctx);
  const room = o?.state?.room;
  if (!o || !room) return null;
  if (room.status === 'waiting') return o.seat === null ? t('onlineWaitingPlayers') : t('onlineWaitingShort');
  if (!room.ended || ctx.s.game?.result()) return null;
  return endedLine(wordsOf(ctx.s), room.ended, seatNames(ctx.s));
}

function statusLine(w: Words, o: Online, names: readonly string[]): string {
  const { t } = w;
  if (o.status === 'connecting') return t('onlineConnecting');
  if (o.status === 'reconnecting' || o.status === 'closed') return t('onlineReconnecting');
  const room = o.state?.room;
  if (!room) return t('onlineConnecting');
  const who = (seat: number | null): string => escapeHTML(names[seat ?? 0] ?? '');
  const ended = endedLine(w, room.ended, names);
  if (ended) return ended;
  if (room.status === 'waiting') return o.seat === null ? t('onlineWaitingPlayers') : t('onlineWaiting');
  // A seat that resigned from a three-player game: the two others play on (R-3P-RESIGN).
  const retired = o.state?.view.retired;
  if (retired !== undefined && !o.state?.view.result) return t('onlineRetired', { who: who(retired) });
  // A player who left on purpose (a new game on their device) is said so: their seat waits for them.
  const gone = room.seats.map((s, i) => (s.connected === 0 && s.left ? i : -1)).filter((i) => i >= 0);
  if (gone.length > 0) return t('onlineLeft', { who: gone.map((i) => who(i)).join(', ') });
  const away = room.seats.map((s, i) => (s.connected === 0 ? i : -1)).filter((i) => i >= 0);
  if (away.length > 0) return t('onlineAway', { who: away.map((i) => who(i)).join(', ') });
  return o.seat === null ? t('onlineSpectating') : t('onlineConnected');
}

/** The link the panel shows and copies: a seat's invite; a spectator's is the watch link (all they know). */
function shownLink(o: Online): string {
  return o.seat === null ? roomLink(o.room ?? '', true) : roomLink(o.room ?? '', false);
}

function panelHTML(ctx: Ctx, o: Online): string {
  const { t } = wordsOf(ctx.s);
  const names = seatNames(ctx.s);
  const room = o.state?.room ?? null;
  const parts: string[] = [`<p class="online-status" role="status">${statusLine(wordsOf(ctx.s), o, names)}</p>`];
  if (o.problem) parts.push(`<p class="online-problem">${escapeHTML(o.problem)}</p>`);
  // Everyone in the room reads whether the coach helps in it (chosen when the room was created).
  if (room) parts.push(`<p class="online-coach">${escapeHTML(t(room.coach ? 'onlineCoachOn' : 'onlineCoachOff'))}</p>`);
  if (room && room.spectators > 0) parts.push(`<p class="online-watchers">${t('onlineWatchers', { n: room.spectators })}</p>`);
  if (room?.clock) {
    const clock = room.clock;
    const received = onlineSlot(ctx).received;
    const since = received ? Date.now() - received.at : 0;
    const clocks = clock.remainingMs
      .map((ms, i) => {
        const left = clock.running === i ? ms - since : ms;
        return `<span class="online-clock p${i} ${clock.running === i ? 'running' : ''}">${escapeHTML(names[i] ?? '')} <b>${clockText(left)}</b></span>`;
      })
      .join('');
    parts.push(`<p class="online-clocks" aria-label="${escapeAttr(t('onlineClock'))}">${clocks}</p>`);
  }
  if (room && o.room) {
    const link = shownLink(o);
    const watchLink = o.seat === null ? link : o.watch ? roomLink(o.watch, true) : null;
    const inviting = room.status === 'waiting' && o.seat !== null;
    parts.push(
      `<div class="online-invite" ${inviting ? '' : 'data-quiet'}>` +
        `<label>${escapeHTML(inviting ? t('onlineInvite') : t('onlineInviteLabel'))} <input readonly class="online-link" value="${escapeAttr(link)}" data-focus="online-link"></label>` +
        `<button type="button" class="btn" data-online="copy">${escapeHTML(o.copied ? t('onlineCopied') : t('onlineCopy'))}</button>` +
        ('share' in navigator ? `<button type="button" class="btn" data-online="share">${escapeHTML(t('onlineShare'))}</button>` : '') +
        (watchLink ? `<a class="online-watch-link" href="${escapeAttr(watchLink)}" target="_blank" rel="noopener">${escapeHTML(t('onlineWatchLink'))}</a>` : '') +
        `</div>`,
    );
  }
  const buttons: string[] = [];
  // A seat that resigned only watches: nothing to offer or resign any more.
  if (room && o.seat !== null && room.status === 'playing' && o.state?.view.retired !== o.seat) {
    const offered = room.drawOffers.length > 0;
    const mine = room.drawOffers.includes(o.seat);
    if (offered && !mine) {
      const by = room.drawOffers.map((s) => escapeHTML(names[s] ?? '')).join(', ');
      buttons.push(`<span class="online-offer">${t('onlineDrawOffered', { who: by })}</span>`);
      buttons.push(`<button type="button" class="btn primary" data-online="offerDraw">${escapeHTML(t('onlineAcceptDraw'))}</button>`);
      buttons.push(`<button type="button" class="btn" data-online="declineDraw">${escapeHTML(t('onlineDeclineDraw'))}</button>`);
    } else if (mine) {
      buttons.push(`<span class="online-offer">${escapeHTML(t('onlineDrawSent'))}</span>`);
    } else {
      buttons.push(`<button type="button" class="btn" data-online="offerDraw">${escapeHTML(t('onlineOfferDraw'))}</button>`);
    }
    buttons.push(`<button type="button" class="btn" data-online="resign">${escapeHTML(t('onlineResign'))}</button>`);
  }
  if (room && o.seat !== null && room.status === 'over') {
    const asked = room.rematch.includes(o.seat);
    buttons.push(
      asked
        ? `<span class="online-offer">${escapeHTML(t('onlineRematchAsked'))}</span>`
        : `<button type="button" class="btn primary" data-online="rematch">${escapeHTML(t('onlineRematch'))}</button>`,
    );
  }
  if (buttons.length > 0) parts.push(`<div class="online-buttons">${buttons.join('')}</div>`);
  return parts.join('');
}

/** Draws the panel (hidden when the game on the board is not online). */
export function drawOnline(ctx: Ctx): void {
  const { t } = wordsOf(ctx.s);
  const panel = panelOf(ctx);
  if (!panel) return;
  adoptCss(ctx.host.shadow, panelCss);
  const o = onlineOf(ctx);
  if (!o) {
    const notice = onlineSlot(ctx).notice;
    panel.hidden = notice === null;
    panel.innerHTML = notice === null ? '' : `<p class="online-problem" role="alert">${escapeHTML(notice)}</p>`;
    stopTicking(ctx);
    return;
  }
  const slot = onlineSlot(ctx);
  if (o.state && slot.received?.state !== o.state) slot.received = { state: o.state, at: Date.now() };
  if (slot.wired !== panel) {
    slot.wired = panel;
    panel.addEventListener('click', (event) => void onClick(ctx, event));
  }
  panel.hidden = false;
  panel.setAttribute('aria-label', t('onlineTitle'));
  const focused = (ctx.host.shadow.activeElement as HTMLElement | null)?.dataset?.['online'];
  const html = panelHTML(ctx, o);
  if (panel.innerHTML !== html) panel.innerHTML = html;
  if (focused) panel.querySelector<HTMLElement>(`[data-online="${focused}"]`)?.focus({ preventScroll: true });
  if (o.state?.room.clock?.running !== null && o.state?.room.clock) startTicking(ctx);
  else stopTicking(ctx);
}

function startTicking(ctx: Ctx): void {
  const slot = onlineSlot(ctx);
  slot.ticking ??= window.setInterval(() => drawOnline(ctx), 500);
}

function stopTicking(ctx: Ctx): void {
  const slot = onlineSlot(ctx);
  if (slot.ticking !== null) clearInterval(slot.ticking);
  slot.ticking = null;
}

async function onClick(ctx: Ctx, event: MouseEvent): Promise<void> {
  const { t } = wordsOf(ctx.s);
  const button = (event.target as Element).closest<HTMLElement>('[data-online]');
  const o = onlineOf(ctx);
  if (!button || !o?.room) return;
  const command = button.dataset['online'];
  const link = shownLink(o);
  if (command === 'copy') {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard permission: select the link, so that the person can copy it.
      ctx.host.shadow.querySelector<HTMLInputElement>('.online-link')?.select();
    }
    o.copied = true;
    drawOnline(ctx);
  } else if (command === 'share') {
    await navigator.share?.({ title: t('title'), text: t('onlineInvite'), url: link }).catch(() => undefined);
  } else if (command === 'resign') {
    // In a three-player game with everyone in, a resign retires the seat and the two others play on.
    const view = onlineOf(ctx)?.state?.view;
    const three = view?.options.players === 3 && view.retired === undefined;
    const question = t(three ? 'onlineResignConfirmThree' : 'onlineResignConfirm');
    if (await confirmDialog(wordsOf(ctx.s), ctx.host.shadow, question, t('onlineResign'))) onlineCommand(ctx, 'resign');
  } else if (command === 'offerDraw' || command === 'declineDraw' || command === 'rematch') {
    onlineCommand(ctx, command);
  }
}
