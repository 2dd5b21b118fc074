// The game on the board: starting, resuming and saving it, opening a record, applying actions (every one
// through the engine), what follows an action (the hand-over curtain, the computer's turn, the end of the
// game), undo. The features (features.ts) start and leave their own games and come back through these.
import { Game, type Action, type GameRecord, type PlayerIndex } from '../../../pkg/full.js';
import { openDialog } from '../dialogs.js';
import type { StartChoice } from '../start-dialog.js';
import { loadStartDialog, startDialogLoaded } from '../start-dialog-loader.js';
import { canExport } from '../fairplay.js';
import { replayLogged } from '../log.js';
import { clearGame, loadGame, type Seat } from '../storage.js';
import { NONE, freshAiSeed, errorText, twoSeats, wordsOf, type Ctx } from './state.js';
import { runComputer } from './computer-turns.js';
import { render } from './draw.js';
import { play, replaceGame, save } from './keeping.js';
import { heldGame } from './table.js';
import { canReplay, isComputer, seatNames, undoBlockedText, undoTarget } from './queries.js';
import { exitReplay, startReplay } from './replay.js';
import { focusInGame } from '../focus.js';

/** Resumes the saved game, or asks for a new one. */
export async function boot(ctx: Ctx): Promise<void> {
  const { t } = wordsOf(ctx.s);
  const { online } = ctx.features;
  online.followLinks(ctx);
  // An invite link, or an online game on the board before a reload, goes to the server's room.
  if (await online.resume(ctx)) {
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
      ctx.s.message = { text: ({ t }) => t('resumeNote'), kind: 'info' };
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
  const online = await ctx.features.online.offered(ctx);
  const { startDialog } = startDialogLoaded() ?? (await loadStartDialog());
  const choice = await startDialog(wordsOf(ctx.s), ctx.host.shadow, ctx.s.lastStart, true, ctx.features.tutorial.offer(ctx.host.store, ctx.s.settings.lang), online);
  if (choice === 'tutorial') await ctx.features.tutorial.open(ctx);
  else if (choice) start(ctx, choice);
}

/** Starts a game of these options; throws (changing nothing) when the engine refuses them. */
export function start(ctx: Ctx, choice: StartChoice): void {
  ctx.features.online.leave(ctx, true);
  // An online choice is the online provider's to start (a room on the server).
  if (ctx.features.online.start(ctx, choice)) return;
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
  ctx.features.tutorial.end(ctx);
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
      ctx.s.message = { text: ({ t }) => t('illegal', { msg }), kind: 'error' };
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
  ctx.features.tutorial.progress(ctx);
  if (g.result()) {
    maybeShowEnd(ctx);
    return;
  }
  if (computerNext) computerTurns(ctx);
}

/** The computer's turns (computer-turns.ts), then the end of the game if they ended it. */
export function computerTurns(ctx: Ctx): void {
  void runComputer(ctx).then((over) => {
    if (over) maybeShowEnd(ctx);
  });
}

export function maybeShowEnd(ctx: Ctx): void {
  const g = ctx.s.game;
  const held = heldGame(g);
  if (held?.result()) ctx.features.coach.noteResult(ctx, held); // the statistics count each finished game once
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
  const { coach, online } = ctx.features;
  let endDialog;
  try {
    ({ endDialog } = await import('../end-dialog.js'));
  } catch (err) {
    console.error('battleline: the end-of-game dialog could not be loaded', err);
    return;
  }
  if (ctx.s.game !== g) return; // another game began while it was fetched
  const choice = await endDialog(wordsOf(ctx.s), ctx.host.shadow, {
    result,
    names: seatNames(ctx.s),
    match,
    breakthrough: result.victory === 'breakthrough' ? (ctx.s.entries.at(-1)?.winFlags ?? null) : null,
    canNext: !match.over,
    review: ctx.host.coach.review && match.over ? coach.say(wordsOf(ctx.s), 'review') : null,
    rematch: online.seat(ctx) !== 'none' && match.over,
  });
  if (choice === 'rematch') online.rematch(ctx);
  else if (choice === 'next') perform(ctx, [{ type: 'nextGame' }]);
  else if (choice === 'new') await newGame(ctx);
  else if (choice === 'replay' && canReplay(ctx.s)) startReplay(ctx, g.record());
  else if (choice === 'review') coach.startReview(ctx);
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
  // Under a lesson the game taken back stays under the lesson's rules.
  replaceGame(ctx, ctx.features.tutorial.table(ctx, game), entries);
  ctx.s.handover = false;
  ctx.s.endShownAt = -1;
  ctx.s.message = { text: ({ t }) => t('undone'), kind: 'info' };
  save(ctx);
  render(ctx, t0);
  if (isComputer(ctx.s, game.current) && !game.result()) computerTurns(ctx);
}

/** Opens a record: a finished game in the replay, an unfinished one as a game with the current opponents. */
export function loadRecord(ctx: Ctx, record: GameRecord): void {
  const { game, entries } = replayLogged(record, Game);
  if (game.matchScore().over) {
    game.free();
    startReplay(ctx, record);
    return;
  }
  exitReplay(ctx, false);
  replaceGame(ctx, game, entries);
  // The opponents stay: a game against the computer goes on against it, in the same seats, when the
  // record has as many players; otherwise everybody plays on this device.
  if (ctx.s.session.seats.length !== record.options.players) {
    const persons: Seat[] = Array.from({ length: record.options.players }, () => ({ kind: 'person' }));
    ctx.s.session = { mode: 'hotseat', level: ctx.s.session.level, humanSeat: 0, aiSeed: ctx.s.session.aiSeed, seats: persons };
  }
  ctx.s.shownSeat = null;
  // The curtain only between persons at one device: against the computer the game simply goes on.
  ctx.s.handover = ctx.s.session.mode === 'hotseat' && !isComputer(ctx.s, game.current);
  ctx.s.endShownAt = -1;
  save(ctx);
  render(ctx);
  continueAfterChange(ctx, null);
}

/** The record of the match on the board once it is over (never before: it holds the seed). */
export function finishedRecord(ctx: Ctx): GameRecord | null {
  const r = ctx.s.replay;
  if (r) return r.open ? r.record : null;
  const g = ctx.s.game;
  return g && canExport(g) ? g.record() : null;
}

