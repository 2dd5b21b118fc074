// A test hook: the end-to-end tests read the game through window.__battleline (legal actions, views,
// timings) and then act by clicking the real page. Only the tests' build installs it (__TEST_HOOK__ in
// main.ts): the production page must not, since `game.fullState()` shows every hand.
import type { Action, Game, PlayerView } from '../../pkg/index.js';
import type { Controller } from './controller.js';

export interface TestHook {
  ready: boolean;
  readonly game: Game | null;
  controller: Controller;
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
  redrawTimes(): number[];
  computerTimes(): { level: string; ms: number }[];
}

declare global {
  interface Window {
    __battleline?: TestHook;
  }
}

export function installHook(controller: Controller): void {
  window.__battleline = {
    ready: false,
    get game() {
      return controller.game;
    },
    controller,
    view: () => (controller.game ? controller.game.view(controller.viewer()) : null),
    legal: () => (controller.game && !controller.game.result() ? controller.game.legalActions() : []),
    state: () => {
      const g = controller.game;
      return {
        mode: controller.state.session.mode,
        handover: controller.state.handover,
        thinking: controller.state.thinking,
        viewer: controller.viewer(),
        current: g ? g.current : null,
        phase: g ? g.phase.step : null,
        over: g ? g.result() !== null : false,
        matchOver: g ? g.matchScore().over : false,
        actionCount: g ? g.actionCount : 0,
        replay: controller.state.replay !== null,
        myTurn: controller.myTurn(),
        endPending: controller.state.endPending,
      };
    },
    apply: (action) => controller.applyForTest(action),
    setAiDelay: (ms) => controller.setAiDelay(ms),
    redrawTimes: () => [...controller.state.redrawTimes],
    computerTimes: () => [...controller.state.computerTimes],
  };
}
