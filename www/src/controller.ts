// The game inside a <battle-line-game>: one state record (game/state.ts) and the DOM it is drawn in, with the
// element's few ways in. What happens on a click, a key or a computer's answer is in the functions of game/;
// this class only wires the events to them, answers the element, and takes everything down when the element
// goes (the computer's worker, the timers, the listeners on the document and the window). The end-to-end
// tests' hook (hook.ts, only in their build) reaches the state through `testContexts`, which only that
// build fills: a production build has no way from a controller to its state.
import type { CardName, GameRecord } from '../../pkg/full.js';
import { Computer } from './ai-client.js';
import { closeDialogs, dialogOpen } from './dialogs.js';
import type { StartChoice } from './start-dialog.js';
import { CoachClient } from './coach/client.js';
import { coachFeature } from './coach/feature.js';
import { onlineFeature } from './online/feature.js';
import { initialCoach } from './coach/state.js';
import { coachInRoom, initialOnline } from './online/online-state.js';
import { tutorialFeature } from './tutorial/feature.js';
import { installDrag } from './drag.js';
import { installFit } from './fit.js';
import type { GameHost } from './host.js';
import { installLogDrawer, logIsDrawer } from './log-drawer.js';
import { render } from './game/draw.js';
import { onClick, onInput, onKey, onKeyInRoot } from './game/input.js';
import { setLanguage } from './game/preferences.js';
import { handCards, myTurn, phaseStep } from './game/queries.js';
import { exitReplay } from './game/replay.js';
import { onDrop, select } from './game/selection.js';
import { replaceGame } from './game/keeping.js';
import { boot, finishedRecord, loadRecord, start } from './game/session.js';
import { initialState, type Ctx, type Elements, type GameState } from './game/state.js';

/** Set by the build: true only in the end-to-end tests' build of the page (scripts/build-www.mjs --test-hook). */
declare const __TEST_HOOK__: boolean;

/**
 * Each controller's state, for the tests' hook (hook.ts) alone: null in every production build (the page's
 * and the package's element), which so carries no way from a controller to its game.
 */
export const testContexts: WeakMap<Controller, Ctx> | null = __TEST_HOOK__ ? new WeakMap() : null;

export class Controller {
  readonly #ctx: Ctx;
  /** Aborted by destroy(): every listener outside the game's own DOM is registered with it. */
  readonly #gone = new AbortController();

  constructor(el: Elements, module: WebAssembly.Module, host: GameHost) {
    const s = initialState(host.settings, !logIsDrawer(el.root), { coach: initialCoach(), online: initialOnline() }, () => dialogOpen(host.shadow));
    // The coach's parts as the element offers them, less those an online room without the coach turns off.
    const roomHost: GameHost = Object.defineProperty({ ...host }, 'coach', { get: () => coachInRoom(ctx, host.coach), enumerable: true });
    const ctx: Ctx = { s, el, host: roomHost, computer: new Computer(module, host.worker, () => {
      // The page's policy refuses the worker: said once, in place of a failure that a retry cannot mend.
      s.computerBlocked = true;
      render(ctx);
    }), coach: new CoachClient(module, host.worker), features: { coach: coachFeature, online: onlineFeature, tutorial: tutorialFeature } };
    this.#ctx = ctx;
    testContexts?.set(this, ctx);
    const signal = this.#gone.signal;
    el.root.addEventListener('click', (e) => onClick(ctx, e));
    el.root.addEventListener('keydown', (e) => onKeyInRoot(ctx, e));
    el.root.addEventListener('input', (e) => onInput(ctx, e));
    installFit(el.root, signal);
    host.keys.addEventListener('keydown', (e) => onKey(ctx, e as KeyboardEvent), { signal });
    installLogDrawer(
      el.log,
      () => s.logOpen,
      () => {
        s.logOpen = false;
        render(ctx);
      },
      signal,
    );
    document.addEventListener(
      'click',
      (e) => {
        // The path, not the target: from the document, a click inside the shadow root targets its host.
        if (s.menuOpen && !e.composedPath().some((n) => n instanceof Element && n.classList.contains('menu-wrap'))) {
          s.menuOpen = false;
          render(ctx);
        }
      },
      { signal },
    );
    installDrag(
      el.root,
      {
        canDrag: (card) => myTurn(s) && handCards(s).has(card as CardName) && phaseStep(s) !== 'scoutReturn',
        start: (card) => {
          select(ctx, card as CardName, true);
          render(ctx);
        },
        drop: (card, target) => {
          onDrop(ctx, card as CardName, target);
        },
      },
      signal,
    );
  }

  /** The settings in use (the page reads the language). */
  get settings(): GameState['settings'] {
    return this.#ctx.s.settings;
  }

  /** Resumes the saved game, or starts the element's game, or asks for one. */
  boot(): Promise<void> {
    return boot(this.#ctx);
  }

  /** Starts a game of these options, closing a dialog that asked (the start dialog); throws, changing nothing, when the engine refuses them. */
  start(choice: StartChoice): void {
    closeDialogs(this.#ctx.host.shadow);
    start(this.#ctx, choice);
  }

  /** Opens a record: a finished match in the replay, an unfinished game to play on. */
  loadRecord(record: GameRecord): void {
    loadRecord(this.#ctx, record); // a bad record throws here, before anything changed
    closeDialogs(this.#ctx.host.shadow);
  }

  /** The record of the match on the board once it is over (never before: it holds the seed). */
  finishedRecord(): GameRecord | null {
    return finishedRecord(this.#ctx);
  }

  /** The element's `lang` changed. */
  setLanguage(lang: GameState['settings']['lang']): void {
    setLanguage(this.#ctx, lang);
  }

  /**
   * Takes the game down for good: the computer's worker is terminated (a search in progress with it), the
   * game's timers find no game to act on, its dialogs close, and its listeners on the document and the
   * window are removed. The element's DOM is the element's to clear.
   */
  destroy(): void {
    const ctx = this.#ctx;
    exitReplay(ctx, false);
    replaceGame(ctx, null, []);
    ctx.computer.terminate();
    ctx.coach.terminate();
    closeDialogs(ctx.host.shadow);
    this.#gone.abort();
  }
}
