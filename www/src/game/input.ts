// Input: clicks, taps and keys turned into the game's commands (selection.ts for the cards and flags).
import type { CardName, DeckKind, FlagNumber, PlayerIndex } from '../../../pkg/full.js';
import { handOrder } from '../cards.js';
import { confirmDialog, dialogOpen } from '../dialogs.js';
import { NONE, wordsOf, type Ctx } from './state.js';
import { render } from './draw.js';
import { openRules, openSettings, toggleLang } from './preferences.js';
import { canReplay, handCards, myTurn, playerCount, resolve } from './queries.js';
import { exitReplay, replayTo, startReplay, toggleReplayPlay } from './replay.js';
import { exportRecord, importRecord } from './records-loader.js';
import { onDeck, onDiscard, onFlag, onHand, onSource, playScout, revealHand, select } from './selection.js';
import { computerTurns, focusGame, newGame, perform, showEnd, undo } from './session.js';
import { focusInGame } from '../focus.js';

/** Shift+value: selects a playable troop of that value (0 stands for 10); again, the next such card. */
export function selectByValue(ctx: Ctx, value: number, t0: number): void {
  if (!myTurn(ctx.s)) return;
  const cards = [...handCards(ctx.s)].filter((c) => /^[roygbp]/.test(c) && Number(c.slice(1)) === value).sort((a, b) => handOrder(a) - handOrder(b));
  if (cards.length === 0) return;
  const at = ctx.s.sel.kind === 'none' ? -1 : cards.indexOf(ctx.s.sel.card);
  const card = cards[(at + 1) % cards.length]!;
  select(ctx, card, true);
  render(ctx, t0);
  focusInGame(ctx.el.hand.querySelector<HTMLElement>(`[data-hand="${card}"]`));
}

export function onClick(ctx: Ctx, event: MouseEvent): void {
  const t0 = event.timeStamp || performance.now();
  const target = event.target as Element;
  const act = target.closest<HTMLElement>('[data-act]');
  if (act && !(act as HTMLButtonElement).disabled) {
    onAct(ctx, act.dataset['act'] ?? '', t0);
    return;
  }
  if (ctx.s.replay) return;
  const src = target.closest<HTMLElement>('[data-src]');
  if (src && ctx.s.sel.kind === 'guile') {
    onSource(ctx, src.dataset['src'] as CardName, t0);
    return;
  }
  const hand = target.closest<HTMLElement>('[data-hand]');
  if (hand) {
    onHand(ctx, hand.dataset['hand'] as CardName, t0);
    return;
  }
  const deck = target.closest<HTMLElement>('[data-deck]');
  if (deck) {
    onDeck(ctx, deck.dataset['deck'] as DeckKind, t0);
    return;
  }
  if (target.closest('[data-discard]')) {
    onDiscard(ctx, t0);
    return;
  }
  const flag = target.closest<HTMLElement>('[data-flag]');
  if (flag) {
    onFlag(ctx, Number(flag.dataset['flag']) as FlagNumber, t0);
    return;
  }
}

export function onInput(ctx: Ctx, event: Event): void {
  const range = (event.target as Element).closest<HTMLInputElement>('.replay-range');
  if (range) replayTo(ctx, Number(range.value));
}

export function onAct(ctx: Ctx, act: string, t0: number): void {
  switch (act) {
    case 'new':
      void confirmNew(ctx);
      return;
    case 'undo':
      undo(ctx);
      return;
    case 'hint':
      void ctx.features.coach.hint(ctx);
      return;
    case 'log':
      ctx.s.logOpen = !ctx.s.logOpen;
      render(ctx, t0);
      return;
    case 'lang':
      toggleLang(ctx);
      return;
    case 'rules':
      void openRules(ctx);
      return;
    case 'menu':
      ctx.s.menuOpen = !ctx.s.menuOpen;
      render(ctx, t0);
      return;
    case 'export':
    case 'import':
    case 'replay':
    case 'settings':
      ctx.s.menuOpen = false;
      render(ctx);
      if (act === 'export') void exportRecord(ctx);
      if (act === 'import') void importRecord(ctx);
      if (act === 'replay' && ctx.s.game && canReplay(ctx.s)) startReplay(ctx, ctx.s.game.record());
      if (act === 'settings') void openSettings(ctx);
      return;
    case 'reveal':
      revealHand(ctx, t0);
      return;
    case 'tutorial':
      void ctx.features.tutorial.open(ctx);
      return;
    case 'retryComputer':
      ctx.s.computerFailed = false;
      ctx.s.message = null;
      computerTurns(ctx);
      return;
    case 'lesson-next':
      ctx.features.tutorial.next(ctx);
      return;
    case 'lesson-again':
      ctx.features.tutorial.restart(ctx);
      return;
    case 'lesson-leave':
      void ctx.features.tutorial.leave(ctx);
      return;
    case 'pass': {
      const steps = resolve(ctx.s, { type: 'pass' });
      if (steps) perform(ctx, steps, t0);
      return;
    }
    case 'endClaims': {
      const steps = resolve(ctx.s, { type: 'endClaims' });
      if (steps) perform(ctx, steps, t0);
      return;
    }
    case 'scout':
      playScout(ctx, t0);
      return;
    case 'discard':
      onDiscard(ctx, t0);
      return;
    case 'cancel':
      ctx.s.sel = NONE;
      render(ctx, t0);
      return;
    case 'nextGame':
      perform(ctx, [{ type: 'nextGame' }], t0);
      return;
    case 'showEnd':
      void showEnd(ctx);
      return;
    case 'rp-first':
      replayTo(ctx, 0);
      return;
    case 'rp-prev':
      replayTo(ctx, (ctx.s.replay?.index ?? 1) - 1);
      return;
    case 'rp-next':
      replayTo(ctx, (ctx.s.replay?.index ?? 0) + 1);
      return;
    case 'rp-last':
      replayTo(ctx, ctx.s.replay?.record.actions.length ?? 0);
      return;
    case 'rp-play':
      toggleReplayPlay(ctx);
      return;
    case 'rp-flip':
      if (ctx.s.replay?.open) ctx.s.replay.viewer = ((ctx.s.replay.viewer + 1) % playerCount(ctx.s)) as PlayerIndex;
      ctx.s.animate = false;
      render(ctx);
      return;
    case 'rp-exit':
      exitReplay(ctx);
      return;
    default:
      ctx.features.coach.act(ctx, act);
  }
}

export async function confirmNew(ctx: Ctx): Promise<void> {
  const { t } = wordsOf(ctx.s);
  const g = ctx.s.game;
  // A seat in an online room that is not over: starting another game leaves it, and the others are told.
  if (ctx.features.online.seat(ctx) === 'playing') {
    if (!(await confirmDialog(wordsOf(ctx.s), ctx.host.shadow, t('onlineLeaveConfirm'), t('onlineLeaveTitle')))) return;
  } else if (g && !g.matchScore().over && g.actionCount > 0 && !(await confirmDialog(wordsOf(ctx.s), ctx.host.shadow, t('newGameConfirm')))) return;
  await newGame(ctx);
}

export function onKeyInRoot(ctx: Ctx, event: KeyboardEvent): void {
  // Arrow keys move along the hand.
  const el = event.target as HTMLElement;
  if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && el.dataset['hand']) {
    const cards = [...ctx.el.hand.querySelectorAll<HTMLElement>('[data-hand]')];
    const i = cards.indexOf(el);
    focusInGame(cards[(i + (event.key === 'ArrowLeft' ? -1 : 1) + cards.length) % cards.length]);
    event.preventDefault();
  }
}

export function onKey(ctx: Ctx, event: KeyboardEvent): void {
  if (dialogOpen(ctx.host.shadow) || event.ctrlKey || event.metaKey || event.altKey) return;
  const tag = (event.target as Element).tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
  const t0 = performance.now();
  const key = event.key;
  if (ctx.s.replay) {
    if (key === 'ArrowLeft') replayTo(ctx, ctx.s.replay.index - 1);
    else if (key === 'ArrowRight') replayTo(ctx, ctx.s.replay.index + 1);
    else if (key === 'Home') replayTo(ctx, 0);
    else if (key === 'End') replayTo(ctx, ctx.s.replay.record.actions.length);
    else if (key === 'Escape') exitReplay(ctx);
    else return;
    event.preventDefault();
    return;
  }
  if (ctx.s.handover) return;
  if (event.shiftKey && /^Digit[0-9]$/.test(event.code)) {
    selectByValue(ctx, Number(event.code.slice(5)) || 10, t0);
  } else if (/^[1-9]$/.test(key)) {
    onFlag(ctx, Number(key) as FlagNumber, t0);
  } else if (key === 'c' || key === 'C') {
    focusGame(ctx);
  } else if (key === 't' || key === 'T') {
    onDeck(ctx, 'troop', t0);
  } else if (key === 'k' || key === 'K') {
    onDeck(ctx, 'tactics', t0);
  } else if (key === 'p' || key === 'P') {
    onAct(ctx, 'pass', t0);
  } else if (key === 'u' || key === 'U') {
    undo(ctx);
  } else if (key === 'h' || key === 'H') {
    void ctx.features.coach.hint(ctx);
  } else if (key === 'd' || key === 'D') {
    onDiscard(ctx, t0);
  } else if (key === 'e' || key === 'E') {
    onAct(ctx, 'endClaims', t0);
  } else if (key === 's' && ctx.s.sel.kind === 'card' && ctx.s.sel.card === 'scout') {
    playScout(ctx, t0);
  } else if (key === 'Escape') {
    ctx.s.sel = NONE;
    ctx.s.menuOpen = false;
    render(ctx, t0);
  } else {
    return;
  }
  event.preventDefault();
}
