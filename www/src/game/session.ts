// The game on the board: starting, resuming and saving it, applying actions (every one through the engine),
// what follows an action (the hand-over curtain, the computer's turn, the end of the game), undo and hints.
import { Game, type Action, type GameRecord, type PlayerIndex } from '../../../pkg/full.js';
import type { Hint } from '../coach/client.js';
import { escapeHTML } from '../cards.js';
import { coachLoaded, loadCoach, type CoachChunk } from '../coach/coach-loader.js';
import { adoptCss } from '../feature-css.js';
import { endDialog, openDialog } from '../dialogs.js';
import type { StartChoice } from '../start-dialog.js';
import { loadStartDialog, startDialogLoaded } from '../start-dialog-loader.js';
import { canExport } from '../fairplay.js';
import { getLang, setLang, t } from '../i18n.js';
import { replayLogged } from '../log.js';
import { clearGame, loadGame, type Seat } from '../storage.js';
import { storedProgress } from '../tutorial/progress.js';
import { NONE, freshAiSeed, errorText, twoSeats, type Ctx } from './state.js';
import { runComputer } from './computer-turns.js';
import { render } from './draw.js';
import { play, replaceGame, save } from './keeping.js';
import { heldGame } from './table.js';
import { openTutorial, tutorialLoaded } from './tutorial-loader.js';
import { canReplay, isComputer, myTurn, seatNames, undoBlockedText, undoTarget, viewerSeat } from './queries.js';
import { exitReplay, startReplay } from './replay.js';
import { coachOn, onlineCommand, onlineOf } from '../online/online-state.js';
import { followLinks, leaveOnline, onlineServer, resumeOnline, startOnline } from '../online/online-loader.js';
import { focusInGame } from '../focus.js';

/** Resumes the saved game, or asks for a new one. */
export async function boot(ctx: Ctx): Promise<void> {
  followLinks(ctx);
  // An invite link, or an online game on the board before a reload, goes to the server's room.
  if (await resumeOnline(ctx)) {
    render(ctx);
    return;
  }
  // A save that is not a game the page can resume is removed and said so, never used.
  let dropped = false;
  const drop = (why: string): void => {
    console.warn(`battleline: the saved game was not resumed: ${why}`);
    dropped = true;
  };
  const saved = loadGame(ctx.host.store, drop);
  if (saved) {
    try {
      const { game, entries } = replayLogged(saved.record, Game);
      ctx.s.game = game;
      ctx.s.entries = entries;
      const seats = saved.seats ?? twoSeats(saved.mode, saved.level, saved.humanSeat);
      ctx.s.session = { mode: saved.mode, level: saved.level, humanSeat: saved.humanSeat, aiSeed: saved.aiSeed, seats, ...(saved.names ? { names: saved.names } : {}) };
      ctx.s.handover = saved.mode === 'hotseat' && saved.handover;
      ctx.s.shownSeat = ctx.s.handover || isComputer(ctx.s, game.current) ? null : game.current;
      ctx.s.lastStart = {
        mode: saved.mode,
        level: saved.level,
        claimTiming: saved.record.options.claimTiming,
        tactics: saved.record.options.tactics,
        games: saved.record.options.games,
        seed: null,
        players: saved.record.options.players,
        ...(saved.seats ? { seats: saved.seats } : {}),
        ...(saved.names ? { names: saved.names } : {}),
      };
      ctx.s.message = { text: () => t('resumeNote'), kind: 'info' };
      ctx.s.endShownAt = game.result() ? game.actionCount : -1;
      render(ctx);
      continueAfterChange(ctx, null);
      return;
    } catch (error) {
      clearGame(ctx.host.store);
      ctx.s.game = null;
      ctx.s.entries = [];
      drop(String(error));
    }
  }
  render(ctx);
  if (dropped) {
    await openDialog(ctx.host.shadow, {
      title: t('savedGameDroppedTitle'),
      body: `<p>${t('savedGameDropped')}</p>`,
      buttons: [{ id: 'ok', label: t('ok'), primary: true }],
    });
  }
  // An element given its game's options starts it; otherwise the start dialog asks.
  if (ctx.host.autostart) start(ctx, ctx.host.autostart);
  else await newGame(ctx);
}

export async function newGame(ctx: Ctx): Promise<void> {
  // The tutorial is always offered beside the game options, with a word for a newcomer (no tutorial begun);
  // the dialog can always be closed: without a game, the board says how to start one (draw.ts).
  const firstVisit = storedProgress(ctx.host.store) === null;
  const online = (await onlineServer(ctx)) !== null;
  const { startDialog } = startDialogLoaded() ?? (await loadStartDialog());
  const choice = await startDialog(ctx.host.shadow, ctx.s.lastStart, true, firstVisit ? 'first' : 'again', online);
  if (choice === 'tutorial') await openTutorial(ctx);
  else if (choice) start(ctx, choice);
}

/** Starts a game of these options; throws (changing nothing) when the engine refuses them. */
export function start(ctx: Ctx, choice: StartChoice): void {
  leaveOnline(ctx, true);
  // An online choice is the online provider's to start (a room on the server).
  if (startOnline(ctx, choice)) return;
  const three = choice.players === 3;
  const options = {
    ...(three ? { players: 3 as const } : {}),
    claimTiming: choice.claimTiming,
    tactics: three ? false : choice.tactics,
    games: choice.games,
    ...(choice.seed !== null ? { seed: choice.seed } : {}),
  };
  const game = new Game(options);
  ctx.s.lastStart = { ...choice, seed: null };
  exitReplay(ctx, false);
  if (ctx.s.lesson) {
    tutorialLoaded()?.endRun(ctx.s.lesson);
    ctx.s.lesson = null;
  }
  replaceGame(ctx, game, []);
  const seats: Seat[] = three ? (choice.seats ?? [{ kind: 'person' }, { kind: 'person' }, { kind: 'person' }]) : twoSeats(choice.mode, choice.level, 0);
  const firstPerson = seats.findIndex((x) => x.kind === 'person');
  const humanSeat = (firstPerson < 0 ? 0 : firstPerson) as PlayerIndex;
  ctx.s.session = { mode: choice.mode, level: choice.level, humanSeat, aiSeed: freshAiSeed(), seats, ...(choice.names ? { names: choice.names } : {}) };
  ctx.s.shownSeat = null;
  ctx.s.handover = choice.mode === 'hotseat' && !isComputer(ctx.s, game.current);
  ctx.s.message = null;
  ctx.s.endShownAt = -1;
  save(ctx);
  render(ctx);
  focusGame(ctx);
  continueAfterChange(ctx, null);
}

/**
 * Keyboard focus into the game (after the start dialog): the curtain's button, else the hand. Never taken
 * from the host page (focus.ts): only while the focus is in the game or the person has just used it, and
 * the page never scrolls to the game.
 */
export function focusGame(ctx: Ctx): void {
  const target = ctx.s.handover
    ? ctx.el.curtain.querySelector<HTMLElement>('[data-act=reveal]')
    : (ctx.el.hand.querySelector<HTMLElement>('.playable') ?? ctx.el.hand.querySelector<HTMLElement>('[data-hand]'));
  focusInGame(target);
}

export function perform(ctx: Ctx, actions: Action[], t0?: number): boolean {
  const table = ctx.s.game;
  if (!table) return false;
  // A seat of a game held elsewhere sends its actions there (online: the server decides and answers).
  if (table.remote) return table.remote.send(actions);
  const g = heldGame(table);
  if (!g) return false;
  const before = g.current;
  let ok = true;
  for (const action of actions) {
    try {
      play(ctx, g, action);
      ctx.s.lesson?.history.actions.push(action);
    } catch (err) {
      const msg = errorText(err);
      ctx.s.message = { text: () => t('illegal', { msg }), kind: 'error' };
      ok = false;
      break;
    }
  }
  ctx.s.sel = NONE;
  ctx.s.suggestion = null;
  if (ok) ctx.s.message = null;
  ctx.s.lookaheadFor = -1;
  continueAfterChange(ctx, before, t0);
  return ok;
}

/** After any change: save, hand over, let the computer move, or show the end. */
export function continueAfterChange(ctx: Ctx, before: PlayerIndex | null, t0?: number): void {
  const g = ctx.s.game;
  if (!g) return;
  if (ctx.s.session.mode === 'hotseat' && !g.result() && !isComputer(ctx.s, g.current) && g.current !== ctx.s.shownSeat) {
    if (before !== null || ctx.s.shownSeat !== null) ctx.s.handover = true;
  }
  if (g.result()) ctx.s.handover = false;
  // The computer's turn is drawn as such at once: one drawing per move, not a second one as it starts.
  const computerNext = !g.result() && isComputer(ctx.s, g.current);
  if (computerNext && !ctx.s.lesson) ctx.s.thinking = true;
  render(ctx, t0);
  save(ctx);
  tutorialLoaded()?.lessonProgress(ctx);
  if (g.result()) {
    maybeShowEnd(ctx);
    return;
  }
  if (computerNext) void runComputer(ctx);
}

export function maybeShowEnd(ctx: Ctx): void {
  const g = ctx.s.game;
  const held = heldGame(g);
  if (held?.result()) coachLoaded()?.noteResult(ctx, held); // the statistics count each finished game once
  if (!g || !g.result() || ctx.s.endShownAt === g.actionCount || ctx.s.replay || ctx.s.lesson) return;
  ctx.s.endShownAt = g.actionCount;
  const count = g.actionCount;
  ctx.s.endPending = true;
  setTimeout(() => {
    ctx.s.endPending = false;
    if (ctx.s.game === g && g.actionCount === count && !ctx.s.replay) void showEnd(ctx);
  }, 700);
}

export async function showEnd(ctx: Ctx): Promise<void> {
  const g = ctx.s.game;
  const result = g?.result();
  if (!g || !result) return;
  const match = g.matchScore();
  const online = onlineOf(ctx);
  setLang(ctx.s.settings.lang); // after a timer: another game on the page may have spoken last
  const choice = await endDialog(ctx.host.shadow, {
    result,
    names: seatNames(ctx.s),
    match,
    breakthrough: result.victory === 'breakthrough' ? (ctx.s.entries.at(-1)?.winFlags ?? null) : null,
    canNext: !match.over,
    review: ctx.host.coach.review && match.over ? (coachLoaded()?.say('review') ?? null) : null,
    rematch: online !== null && online.seat !== null && match.over,
  });
  if (choice === 'rematch') onlineCommand(ctx, 'rematch');
  else if (choice === 'next') perform(ctx, [{ type: 'nextGame' }]);
  else if (choice === 'new') await newGame(ctx);
  else if (choice === 'replay' && canReplay(ctx.s)) startReplay(ctx, g.record());
  else if (choice === 'review') coachLoaded()?.startReview(ctx);
  render(ctx);
}

export function undo(ctx: Ctx): void {
  const target = undoTarget(ctx.s);
  const held = heldGame(ctx.s.game);
  if (target === null || !held) {
    const why = undoBlockedText(ctx.s);
    if (why) {
      ctx.s.message = { text: () => undoBlockedText(ctx.s) ?? why, kind: 'info' };
      render(ctx);
    }
    return;
  }
  const t0 = performance.now();
  const game = held.replayTo(target);
  const entries = ctx.s.entries.slice(0, target);
  replaceGame(ctx, game, entries);
  ctx.s.handover = false;
  ctx.s.endShownAt = -1;
  ctx.s.message = { text: () => t('undone'), kind: 'info' };
  save(ctx);
  render(ctx, t0);
  if (isComputer(ctx.s, game.current) && !game.result()) void runComputer(ctx);
}

export async function hint(ctx: Ctx): Promise<void> {
  if (!myTurn(ctx.s) || !ctx.s.game || !coachOn(ctx)) return;
  const g = ctx.s.game;
  const viewer = viewerSeat(ctx.s);
  const count = g.actionCount;
  // Hints come quickly, the hard search at most (3,000 playouts): the medium search (300) against an
  // easy or random computer.
  const level = ctx.s.session.mode === 'computer' && (ctx.s.session.level === 'easy' || ctx.s.session.level === 'random') ? 'medium' : 'hard';
  // The search's own move with what it does to the viewer's chances (coach/hint.ts), from their view only.
  let advice: Hint | null = null;
  let words: CoachChunk | null = null;
  try {
    const view = g.view(viewer);
    // The hint's words are the coach's (its chunk, fetched with the first hint).
    [advice, words] = await Promise.all([ctx.coach.hint(view, level, ctx.s.session.aiSeed + 7919, ctx.s.lastHint?.table === g ? ctx.s.lastHint.previous : null), loadCoach()]);
    ctx.s.lastHint = { table: g, previous: { action: advice.action, hand: view.hand } };
  } catch (err) {
    if (ctx.s.game !== g || g.actionCount !== count) return;
    const msg = escapeHTML(errorText(err));
    // Worded when drawn: the policy's refusal may be heard after the coach's worker failed.
    ctx.s.message = { text: () => (ctx.s.computerBlocked ? t('coachBlocked') : t('computerFailed', { msg })), kind: 'error' };
  }
  if (ctx.s.game !== g || g.actionCount !== count) return;
  if (advice && words) {
    const found = advice;
    const { adviceText, hintReason } = words;
    adoptCss(ctx.host.shadow, words.coachCss);
    ctx.s.suggestion = found.action;
    // Worded when drawn, in this game's language (the answer arrives from the coach's worker, whatever
    // language another game on the page last spoke).
    ctx.s.message = { text: () => (ctx.s.game === g ? `${adviceText(g, viewer, found.action, found.reasons, found.reason?.flag ?? null)}${getLang() === 'zh' ? '' : ' '}${hintReason(found)}` : ''), kind: 'info' };
  }
  render(ctx);
}

/** The record of the match on the board once it is over (never before: it holds the seed). */
export function finishedRecord(ctx: Ctx): GameRecord | null {
  const g = ctx.s.replay?.full ?? ctx.s.game;
  return g && canExport(g) ? g.record() : null;
}

