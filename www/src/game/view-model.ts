// The view model: what the board, the hand, the status line and the action bar show, as a pure function of
// the game's state (it reads the engine through the state's Game; its only writes fill two caches of the
// engine's refusal reasons). Unit-tested without a browser (tests/node/view-model.test.mjs).
import type { CardName, FlagNumber, PlayerIndex } from '../../../pkg/full.js';
import type { Highlights, RenderModel } from '../board.js';
import { escapeHTML } from '../cards.js';
import { lastTurn, type LogEntry } from '../log.js';
import { destinationsFor, flagsFor, sourcesFor } from '../moves.js';
import { phaseText, renderStatus, type ActionButton } from '../panels.js';
import { whyNotAt, whyUnplayable } from '../why.js';
import { emptyHighlights, wordsOf, type GameState } from './state.js';
import type { CoachFeature } from './features.js';
import { actionsFor, affordancesNow, isComputer, myTurn, personSeats, phaseStep, playerCount, seatNames, viewerSeat } from './queries.js';

export function selectionTargets(state: GameState): Set<FlagNumber> {
  const sel = state.sel;
  if (sel.kind === 'card') return flagsFor(actionsFor(state, sel.card), sel.card);
  if (sel.kind === 'guile' && sel.source !== null) return destinationsFor(actionsFor(state, sel.card), sel.card, sel.source).flags;
  return new Set();
}

/** The model of the board for `state`; `coach` adds its marks (the win chances, a reviewed decision's better move), none without it. */
export function viewModel(state: GameState, coach?: CoachFeature): RenderModel {
  const r = state.replay;
  const names = seatNames(state);
  const words = wordsOf(state);
  if (r) {
    const view = r.game.view(r.viewer);
    return {
      view,
      viewer: r.viewer,
      words,
      names,
      opponents: opponentsOf(state, r.viewer),
      // Every hand face up only in the replay of a finished match (fairplay.ts), each from its own
      // seat's view of the step; a review shows each decision as its player saw it (coach/).
      openHand: r.open && !coach?.reviewing(state) ? Array.from({ length: r.record.options.players }, (_, p) => r.game.view(p as PlayerIndex).hand) : null,
      hideHand: false,
      interactive: false,
      selectableHand: new Set(),
      idleWhy: new Map(),
      selected: null,
      targetFlags: new Set(),
      flagWhy: new Map(),
      targetKind: 'side',
      sourceCards: new Set(),
      pickedSource: null,
      claimFlags: new Set(),
      hintFlags: new Set(),
      decks: new Set(),
      discardTarget: false,
      last: lastHighlights(r.entries.slice(0, r.index)),
      // A reviewed decision shows the better move (coach/review.ts).
      suggestion: suggestionHighlights(state, coach?.reviewedBest(state) ?? null),
      chances: null,
      thinking: false,
      winFlags: winFlags(r.entries.slice(0, r.index)),
    };
  }
  const g = state.game!;
  const viewer = viewerSeat(state);
  const view = g.view(viewer);
  const mine = myTurn(state);
  const { now, later } = affordancesNow(state);
  const sel = state.sel;
  let targetFlags = new Set<FlagNumber>();
  let targetKind: 'side' | 'flag' = 'side';
  let sourceCards = new Set<CardName>();
  let discardTarget = false;
  if (mine && sel.kind === 'card') {
    targetFlags = flagsFor(actionsFor(state, sel.card), sel.card);
    if (sel.card === 'fog' || sel.card === 'mud') targetKind = 'flag';
  } else if (mine && sel.kind === 'guile') {
    const legal = actionsFor(state, sel.card);
    sourceCards = sourcesFor(legal, sel.card);
    if (sel.source !== null) {
      const to = destinationsFor(legal, sel.card, sel.source);
      targetFlags = to.flags;
      discardTarget = to.discard;
    }
  }
  const selectable = phaseStep(state) === 'scoutReturn' ? now.returns : new Set([...now.hand, ...later.hand]);
  // Asked of the engine once per position (a render must stay quick): one probe per greyed-out card.
  const whyKey = `${g.viewDigest(viewer)}|${viewer}|${words.lang}|${mine}`;
  if (state.idleWhy.key !== whyKey) {
    const idle = mine && phaseStep(state) !== 'scoutReturn' ? view.hand.filter((card) => !selectable.has(card)) : [];
    state.idleWhy = { key: whyKey, reasons: idle.length ? whyUnplayable(words, g, idle) : new Map() };
  }
  const idleWhy = state.idleWhy.reasons;
  // With a card selected, each flag it cannot go to says why (hover, focus, and a press of the flag).
  let flagWhy: ReadonlyMap<FlagNumber, string> = new Map();
  if (mine && sel.kind === 'card' && sel.card !== 'scout') {
    const key = `${whyKey}|${sel.card}`;
    if (state.flagWhy.key !== key) {
      const others = ([1, 2, 3, 4, 5, 6, 7, 8, 9] as FlagNumber[]).filter((f) => !targetFlags.has(f));
      state.flagWhy = { key, reasons: whyNotAt(words, g, sel.card, others) };
    }
    flagWhy = state.flagWhy.reasons;
  }
  return {
    flagWhy,
    view,
    words,
    viewer,
    names,
    opponents: opponentsOf(state, viewer),
    openHand: null,
    hideHand: state.handover || state.session.spectator === true || (personSeats(state).length > 1 && isComputer(state, g.current) && !g.result()),
    interactive: mine,
    selectableHand: mine ? selectable : new Set(),
    idleWhy,
    selected: sel.kind === 'none' ? null : sel.card,
    targetFlags,
    targetKind,
    sourceCards,
    pickedSource: sel.kind === 'guile' ? sel.source : null,
    claimFlags: now.claims,
    hintFlags: state.settings.hints && !state.handover && !view.result && view.current === viewer ? new Set(view.claimable) : new Set(),
    decks: mine ? new Set([...now.decks, ...later.decks]) : new Set(),
    discardTarget,
    last: lastHighlights(state.entries),
    suggestion: suggestionHighlights(state),
    chances: coach?.marks(state) ?? null,
    thinking: state.thinking,
    winFlags: winFlags(state.entries),
  };
}

/** The other seats in seat order, starting after `viewer`. */
export function opponentsOf(state: GameState, viewer: PlayerIndex): PlayerIndex[] {
  const n = playerCount(state);
  return Array.from({ length: n - 1 }, (_, i) => ((viewer + 1 + i) % n) as PlayerIndex);
}

/** The flags that won the game on the board, as the engine reported them (none while it goes on). */
export function winFlags(entries: readonly LogEntry[]): Set<FlagNumber> {
  const last = entries.at(-1);
  return new Set(last?.result?.winner !== null && last?.result ? (last.winFlags ?? []) : []);
}

export function lastHighlights(entries: readonly LogEntry[]): Highlights {
  const h = emptyHighlights();
  for (const e of lastTurn(entries)) {
    const a = e.action;
    if (a.type === 'play' || a.type === 'environment') h.cards.add(a.card);
    else if ((a.type === 'redeploy' && a.to !== null) || a.type === 'traitor') h.cards.add(a.card);
    else if (a.type === 'claim') h.flags.add(a.flag);
    else if (a.type === 'draw' || a.type === 'scoutDraw') h.decks.add(a.deck);
    if ((a.type === 'redeploy' || a.type === 'deserter') && a.card) h.cards.add(a.card);
  }
  return h;
}

export function suggestionHighlights(state: GameState, a = state.suggestion): Highlights | null {
  if (!a) return null;
  const h = emptyHighlights();
  if ('card' in a && a.card) h.cards.add(a.card);
  if (a.type === 'play' || a.type === 'environment' || a.type === 'claim') h.flags.add(a.flag);
  if ((a.type === 'redeploy' || a.type === 'traitor') && a.to !== null) h.flags.add(a.to);
  if (a.type === 'draw' || a.type === 'scoutDraw') h.decks.add(a.deck);
  if (a.type === 'scout') h.cards.add('scout');
  if (a.type === 'redeploy') h.cards.add('redeploy');
  if (a.type === 'deserter') h.cards.add('deserter');
  if (a.type === 'traitor') h.cards.add('traitor');
  return h;
}

export function promptOf(state: GameState, m: RenderModel): { prompt: string; buttons: ActionButton[] } {
  const { t, cardShort } = wordsOf(state);
  const g = state.game!;
  const view = m.view;
  const buttons: ActionButton[] = [];
  if (view.result) {
    const match = g.matchScore();
    buttons.push({ act: 'showEnd', label: t('stepGameOver') });
    if (!match.over) buttons.push({ act: 'nextGame', label: t('nextGame'), primary: true });
    else buttons.push({ act: 'new', label: t('newGame'), primary: true });
    return { prompt: t('promptOver'), buttons };
  }
  if (!m.interactive) {
    if (isComputer(state, view.current) && state.computerFailed && !state.thinking) {
      // Where the page's policy refuses the computer's worker, trying again cannot help: no button.
      if (!state.computerBlocked) buttons.push({ act: 'retryComputer', label: t('retry'), primary: true });
      return { prompt: '', buttons };
    }
    if (isComputer(state, view.current)) return { prompt: t('promptWaitComputer'), buttons };
    return { prompt: '', buttons };
  }
  const { now } = affordancesNow(state);
  const sel = state.sel;
  let prompt = '';
  const phase = view.phase;
  if (phase.step === 'scoutDraw') prompt = t('promptScoutDraw', { n: phase.remaining });
  else if (phase.step === 'scoutReturn') prompt = t('promptScoutReturn', { n: phase.remaining });
  else if (sel.kind === 'card' && sel.card === 'scout') {
    prompt = t('promptScoutPlay');
    buttons.push({ act: 'scout', label: t('playScout'), primary: true });
  } else if (sel.kind === 'card') prompt = t('promptSelected', { card: cardShort(sel.card) });
  else if (sel.kind === 'guile') {
    if (sel.card === 'deserter') prompt = t('promptDeserterSource');
    else if (sel.source === null) prompt = t(sel.card === 'redeploy' ? 'promptRedeploySource' : 'promptTraitorSource');
    else prompt = t(sel.card === 'redeploy' ? 'promptRedeployDest' : 'promptTraitorDest', { card: cardShort(sel.source) });
    if (m.discardTarget) buttons.push({ act: 'discard', label: t('discardIt') });
  } else if (phase.step === 'claim') {
    const timing = view.options.claimTiming;
    prompt = t(timing === 'afterPlay' ? 'promptClaimDraw' : timing === 'startOfTurn' ? 'promptClaimPlay' : 'promptClaim');
  } else if (phase.step === 'draw') prompt = t('promptDraw');
  else if (now.pass) prompt = t('promptPassOnly');
  else prompt = t('promptPlay');
  if (sel.kind !== 'none') buttons.push({ act: 'cancel', label: t('cancelSelection') });
  if (now.endClaims) buttons.push({ act: 'endClaims', label: view.options.claimTiming === 'endOfTurn' ? t('endTurn') : t('doneClaiming'), primary: sel.kind === 'none' });
  if (now.pass) buttons.push({ act: 'pass', label: t('pass') });
  return { prompt, buttons };
}

export function statusHTML(state: GameState, m: RenderModel): string {
  const { t } = wordsOf(state);
  const html = statusCore(state, m);
  const view = m.view;
  if (view.options.games <= 1 || state.replay) return html;
  const names = m.names.map(escapeHTML);
  const scores =
    names.length > 2 ? names.map((n, i) => `${n} ${view.scores[i] ?? 0}`).join(' · ') : `${names[0]} ${view.scores[0] ?? 0} : ${view.scores[1] ?? 0} ${names[1]}`;
  const match = `${t('gameN', { n: view.gameIndex + 1, total: view.options.games })} · ${scores}`;
  return html + `<span class="match-score">${match}</span>`;
}

export function statusCore(state: GameState, m: RenderModel): string {
  const { t } = wordsOf(state);
  const view = m.view;
  const names = m.names;
  if (state.replay) {
    const step = t('replayStep', { i: state.replay.index, n: state.replay.record.actions.length });
    return renderStatus({
      who: view.current,
      headline: t('replayTitle'),
      detail: state.replay.open ? step : `${step} · ${t('replayOwnView', { name: names[state.replay.viewer] ?? '' })}`,
      thinking: false,
    });
  }
  if (view.result) {
    const r = view.result;
    const headline =
      r.winner === null
        ? t('draw')
        : t('winsBy', {
            name: names[r.winner] ?? '',
            victory: t(r.victory === 'breakthrough' ? 'victoryShortBreakthrough' : r.victory === 'envelopment' ? 'victoryShortEnvelopment' : 'victoryShortExhaustion'),
          });
    return renderStatus({ who: r.winner, headline, detail: '', thinking: false });
  }
  const current = view.current;
  const headline =
    state.session.mode === 'computer' && current === state.session.humanSeat && !isComputer(state, current) ? t('yourTurn') : t('turnOf', { name: names[current] ?? '' });
  return renderStatus({
    who: current,
    headline,
    detail: state.thinking ? t('thinking') : state.handover ? '' : phaseText(wordsOf(state), view.phase),
    thinking: state.thinking,
  });
}
