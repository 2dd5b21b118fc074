// A test hook: the end-to-end tests read the game through window.__battleline (legal actions, views,
// timings) and then act by clicking the real page. Only the tests' build installs it (__TEST_HOOK__ in
// main.ts): the production page must not, since `game.fullState()` shows every hand. Everything that only
// the tests may do (play any seat, change the computer's pace, open the end dialog, jump in the replay)
// lives here, so that none of it is in the production bundle, where the element's game is out of reach.
import type { Action, PlayerView } from '../../pkg/index.js';
import { testContexts, type Controller } from './controller.js';
import { myTurn, viewerSeat } from './game/queries.js';
import { replayTo } from './game/replay.js';
import { play } from './game/keeping.js';
import { continueAfterChange, showEnd } from './game/session.js';
import { heldGame, type Table } from './game/table.js';
import { NONE, type GameState } from './game/state.js';

export interface TestHook {
  ready: boolean;
  /** The table on the board; where this device plays on the whole game (its own, a lesson's), the engine's
   * `Game` itself (the tests ask its digest). */
  readonly game: Table | null;
  controller: { readonly state: GameState; showEnd(): Promise<void>; replayTo(index: number): void };
  view(): PlayerView | null;
  legal(): Action[];
  state(): {
    mode: string;
    handover: boolean;
    thinking: boolean;
    viewer: number;
    current: number | null;
    phase: string | null;
    over: boolean;
    matchOver: boolean;
    actionCount: number;
    replay: boolean;
    myTurn: boolean;
    endPending: boolean;
  };
  apply(action: Action): boolean;
  setAiDelay(ms: number): void;
  /** Fixes the computer's seed (else a fresh random one each session), for a test that needs the same
   * game on every run. */
  setAiSeed(seed: number): void;
  redrawTimes(): number[];
  computerTimes(): { level: string; ms: number }[];
}

declare global {
  interface Window {
    __battleline?: TestHook;
  }
}

export function installHook(controller: Controller): void {
  const ctx = testContexts?.get(controller);
  if (!ctx) throw new Error('the test hook needs the tests\' build (scripts/build-www.mjs --test-hook)');
  window.__battleline = {
    ready: false,
    get game() {
      return heldGame(ctx.s.game) ?? ctx.s.game;
    },
    controller: {
      get state() {
        return ctx.s;
      },
      showEnd: () => showEnd(ctx),
      replayTo: (index) => replayTo(ctx, index),
    },
    view: () => (ctx.s.game ? ctx.s.game.view(viewerSeat(ctx.s)) : null),
    legal: () => (ctx.s.game && !ctx.s.game.result() ? ctx.s.game.legalActions() : []),
    state: () => {
      const g = ctx.s.game;
      return {
        mode: ctx.s.session.mode,
        handover: ctx.s.handover,
        thinking: ctx.s.thinking,
        viewer: viewerSeat(ctx.s),
        current: g ? g.current : null,
        phase: g ? g.phase.step : null,
        over: g ? g.result() !== null : false,
        matchOver: g ? g.matchScore().over : false,
        actionCount: g ? g.actionCount : 0,
        replay: ctx.s.replay !== null,
        myTurn: myTurn(ctx.s),
        endPending: ctx.s.endPending,
      };
    },
    // An action for the current player as if chosen in the page.
    apply: (action) => {
      const table = ctx.s.game;
      if (!table) return false;
      if (table.remote) return table.remote.send([action]);
      const g = heldGame(table);
      if (!g) return false;
      const before = g.current;
      try {
        play(ctx, g, action);
      } catch {
        return false;
      }
      ctx.s.sel = NONE;
      ctx.s.lookaheadFor = -1;
      continueAfterChange(ctx, before);
      return true;
    },
    // The computer's pause between steps.
    setAiDelay: (ms) => {
      ctx.s.settings = { ...ctx.s.settings, aiDelay: ms };
    },
    setAiSeed: (seed) => {
      ctx.s.session = { ...ctx.s.session, aiSeed: seed };
    },
    redrawTimes: () => [...ctx.s.redrawTimes],
    computerTimes: () => [...ctx.s.computerTimes],
  };
}
