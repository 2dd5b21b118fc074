// Drawing: puts the view model in the element's parts, patching only what changed, and the log. Nothing here
// decides anything.
import { boardParts, renderDecks, renderStrip, type RenderModel } from '../board.js';
import { handoverHTML } from '../dialogs.js';
import { canExport } from '../fairplay.js';
import { escapeHTML } from '../cards.js';
import { handItems, hiddenHandHTML } from '../hand.js';
import { langTag } from '../i18n.js';
import { sinceLastTurnOf, tell, type LogEntry, type TellContext } from '../log.js';
import { renderActionBar, renderReplayBar, renderStatus, renderSteps, renderTools, stepOf } from '../panels.js';
import { patchChildren, setClass, setHTML } from '../patch.js';
import { wordsOf, type Ctx } from './state.js';
import { canReplay, myTurn, seatNames, undoBlockedText, undoTarget } from './queries.js';
import { promptOf, statusHTML, viewModel } from './view-model.js';
import { focusInGame } from '../focus.js';

/** The nine columns: each keeps its element; its content is redrawn only when it changed. */
export function drawBoard(ctx: Ctx, m: RenderModel): void {
  const parts = boardParts(m);
  let line = ctx.el.board.querySelector<HTMLElement>(':scope > .line');
  if (!line || line.children.length !== parts.columns.length) {
    ctx.el.board.innerHTML = `<div role="group"></div>`;
    line = ctx.el.board.firstElementChild as HTMLElement;
    line.innerHTML = parts.columns.map((c) => `<div data-flag="${c.flag}"></div>`).join('');
  }
  setClass(line, parts.lineClass);
  line.setAttribute('aria-label', parts.label);
  parts.columns.forEach((c, i) => {
    const col = line.children[i] as HTMLElement;
    setClass(col, c.className);
    const before = new Set(Array.from(col.querySelectorAll<HTMLElement>('.card.on-board')).map((e) => e.dataset['card']));
    const hadFlag = col.querySelector('.won-flag') !== null;
    if (!setHTML(col, c.inner) || !ctx.s.animate) return;
    // What arrived since the last drawing moves in: new cards drop, a claimed pennant travels.
    for (const card of col.querySelectorAll<HTMLElement>('.card.on-board')) if (!before.has(card.dataset['card'])) card.classList.add('fresh');
    if (!hadFlag) col.querySelector('.won-flag .pennant')?.classList.add(col.querySelector('.claim-slot.bottom .won-flag') ? 'fresh-up' : 'fresh-down');
  });
  ctx.s.animate = true;
}

export function drawHand(ctx: Ctx, m: RenderModel): void {
  const { t } = wordsOf(ctx.s);
  const hand = ctx.el.hand;
  if (m.hideHand) {
    setHTML(hand, hiddenHandHTML(m));
    return;
  }
  let wrap = hand.querySelector<HTMLElement>(':scope > .hand-cards:not(.hidden-hand)');
  if (!wrap) {
    setHTML(hand, `<div class="hand-cards" role="group"></div>`);
    wrap = hand.firstElementChild as HTMLElement;
  }
  wrap.setAttribute('aria-label', t('handOf'));
  wrap.style.setProperty('--n', String(Math.max(7, m.view.hand.length)));
  patchChildren(wrap, handItems(m));
}

/** The log, appended to when only new entries came, redrawn otherwise. */
export function renderLog(ctx: Ctx): void {
  const words = wordsOf(ctx.s);
  const { t } = words;
  const el = ctx.el;
  el.log.hidden = !ctx.s.logOpen;
  const r = ctx.s.replay;
  const names = seatNames(ctx.s);
  // The person's own secrets show against the computer and at one's own seat of a game held elsewhere.
  const own = ctx.s.session.mode === 'computer' || (ctx.s.game?.remote !== undefined && !ctx.s.session.spectator);
  const told: TellContext = { names, reveal: r ? (r.open ? 'all' : r.viewer) : own ? ctx.s.session.humanSeat : null, words };
  const entries = r ? r.entries.slice(0, r.index) : ctx.s.entries;
  const key = `${words.lang}|${r ? `replay${r.open ? '' : r.viewer}` : ctx.s.session.mode}|${entries[0]?.actor ?? ''}|${ctx.s.game?.seed ?? ''}`;
  let list = el.log.querySelector('.log-lines');
  const line = (e: LogEntry): string => {
    const text = tell(e, told);
    return text ? `<li>${text}</li>` : '';
  };
  const prefix = ctx.s.logState;
  const sameStart = prefix.key === key && prefix.count > 0 && prefix.count <= entries.length && list !== null && entries[prefix.count - 1] === prefix.last;
  if (sameStart && list) {
    const html = entries.slice(prefix.count).map(line).join('');
    if (html) list.insertAdjacentHTML('beforeend', html);
  } else {
    const first = entries[0];
    const start = first ? `<li>${t('logStart', { who: `<b class="who p${first.actor}">${escapeHTML(names[first.actor] ?? '')}</b>` })}</li>` : '';
    const close = `<button type="button" class="log-close" data-act="log" aria-label="${t('closeLog')}">×</button>`;
    // tabindex: the list scrolls, so keyboard users must be able to reach it to scroll it.
    el.log.innerHTML = `<h2>${t('logTitle')}</h2>${close}<ol class="log-lines" tabindex="0" aria-label="${t('logTitle')}">${start}${entries.map(line).join('')}</ol>`;
    list = el.log.querySelector('.log-lines');
  }
  ctx.s.logState = { key, count: entries.length, last: entries[entries.length - 1] };
  if (list && ctx.s.logOpen) {
    const target = list;
    requestAnimationFrame(() => (target.scrollTop = target.scrollHeight));
  }
  const latest = list?.lastElementChild?.innerHTML ?? '';
  if (latest !== ctx.s.announced) {
    ctx.s.announced = latest;
    el.announce.innerHTML = latest;
  }
}

/** The game's own name and its parts' names, in the element's language (the markup has English). */
function nameParts(ctx: Ctx): void {
  const { t } = wordsOf(ctx.s);
  const brand = ctx.el.root.querySelector('.brand span');
  if (brand && brand.textContent !== t('title')) brand.textContent = t('title');
  if (ctx.el.tools.getAttribute('aria-label') !== t('gameTools')) ctx.el.tools.setAttribute('aria-label', t('gameTools'));
  if (ctx.el.log.getAttribute('aria-label') !== t('logTitle')) ctx.el.log.setAttribute('aria-label', t('logTitle'));
}

/** Redraws everything from the engine's state; `t0` is the time of the click that caused it. */
export function render(ctx: Ctx, t0?: number): void {
  const words = wordsOf(ctx.s);
  const { t } = words;
  const el = ctx.el;
  // Written only when it changes: setting `lang`, even to the same value, restyles the whole game.
  const tag = langTag(ctx.s.settings.lang);
  if (el.root.lang !== tag) el.root.lang = tag;
  const focusKey = (ctx.host.shadow.activeElement as HTMLElement | null)?.dataset?.['focus'];
  nameParts(ctx);
  el.root.classList.toggle('tutorial', ctx.s.lesson !== null);
  el.lesson.hidden = ctx.s.lesson === null;
  const { coach, online, tutorial } = ctx.features;
  setHTML(el.lesson, tutorial.panelHTML(ctx));
  if (!ctx.s.game && !ctx.s.replay) {
    el.tools.innerHTML = renderTools(words, { canUndo: false, canHint: false, logOpen: ctx.s.logOpen, menuOpen: ctx.s.menuOpen, inReplay: false, canReplay: false, exportBlocked: t('exportUnavailable'), hasRules: ctx.host.rules !== null, tutorial: tutorial.label(words.lang) });
    // The start dialog was closed without a game: the way back to one, and to the tutorial.
    setHTML(el.bar, renderActionBar(t('noGame'), [{ act: 'tutorial', label: tutorial.label(words.lang) }, { act: 'new', label: t('newGame'), primary: true }], null));
    return;
  }
  const m = viewModel(ctx.s, coach);
  el.root.classList.toggle('in-replay', ctx.s.replay !== null);
  el.root.classList.toggle('log-open', ctx.s.logOpen);
  el.hand.classList.toggle('my-turn', m.interactive);
  setHTML(el.tools, renderTools(words, {
    canUndo: undoTarget(ctx.s) !== null,
    undoBlocked: undoBlockedText(ctx.s),
    exportBlocked: (ctx.s.replay ? ctx.s.replay.open : canExport(ctx.s.game)) ? null : t('exportUnavailable'),
    canHint: myTurn(ctx.s) && online.coachAllowed(ctx),
    logOpen: ctx.s.logOpen,
    menuOpen: ctx.s.menuOpen,
    inReplay: ctx.s.replay !== null,
    canReplay: canReplay(ctx.s),
    hasRules: ctx.host.rules !== null,
    extraMenu: coach.menuHTML(ctx),
    tutorial: tutorial.label(words.lang),
  }));
  const onlineLine = ctx.s.replay ? null : online.headline(ctx);
  setHTML(el.status, onlineLine === null ? statusHTML(ctx.s, m) : renderStatus({ who: null, headline: onlineLine, detail: '', thinking: false }));
  el.oppStrip.classList.toggle('three', m.opponents.length > 1);
  setHTML(el.oppStrip, m.opponents.map((opp) => renderStrip(m, opp)).join(''));
  drawBoard(ctx, m);
  setHTML(el.decks, renderDecks(m));
  setHTML(el.myStrip, renderStrip(m, m.viewer));
  drawHand(ctx, m);
  if (ctx.s.replay) {
    const r = ctx.s.replay;
    const e = r.entries[r.index - 1];
    const desc = e ? (tell(e, { names: m.names, reveal: r.open ? 'all' : r.viewer, words }) ?? '') : t('replayNothing');
    setHTML(el.bar, renderReplayBar(words, r.index, r.record.actions.length, r.timer !== null, desc, r.open, coach.reviewButtonHTML(ctx)));
  } else {
    const { prompt, buttons } = promptOf(ctx.s, m);
    const steps = ctx.s.handover || m.view.result || onlineLine !== null ? '' : renderSteps(words, m.view.options.claimTiming, stepOf(m.view.phase));
    const message = ctx.s.message ? { text: ctx.s.message.text(words), kind: ctx.s.message.kind } : null;
    setHTML(el.bar, renderActionBar(prompt, buttons, message, steps));
  }
  renderLog(ctx);
  online.draw(ctx);
  if (ctx.s.handover && ctx.s.game && !ctx.s.replay) {
    const recent = sinceLastTurnOf(ctx.s.entries, ctx.s.game.current)
      .map((e) => tell(e, { names: m.names, reveal: null, words }))
      .filter((x): x is string => x !== null);
    // Before anyone has played, nobody "has finished".
    const prev = ctx.s.entries[ctx.s.entries.length - 1]?.actor ?? null;
    const wasHidden = el.curtain.hidden;
    setHTML(el.curtain, handoverHTML(words, ctx.s.game.current, prev, m.names, recent));
    el.curtain.hidden = false;
    if (wasHidden) focusInGame(el.curtain.querySelector<HTMLElement>('[data-act=reveal]'));
  } else {
    el.curtain.hidden = true;
    setHTML(el.curtain, '');
  }
  coach.draw(ctx, () => render(ctx));
  ctx.host.rendered(`${t('title')} · ${el.status.querySelector('.headline')?.textContent ?? ''}`);
  if (focusKey && (ctx.host.shadow.activeElement as HTMLElement | null)?.dataset?.['focus'] !== focusKey) {
    focusInGame(el.root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focusKey)}"]`));
  }
  if (t0 !== undefined) {
    void el.root.offsetHeight; // style and layout, included in the measured time
    ctx.s.redrawTimes.push(performance.now() - t0);
  }
}
