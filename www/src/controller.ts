// The game inside a <battle-line-game>: one state record (game/state.ts) and the DOM it is drawn in, with the
// element's and the tests' few ways in. What happens on a click, a key or a computer's answer is in the
// functions of game/; this class only wires the events to them and answers the element.
import type { Action, CardName, GameRecord, PlayerIndex } from '../../pkg/full.js';
import { Computer } from './ai-client.js';
import { CoachClient } from './coach/client.js';
import type { StartChoice } from './dialogs.js';
import { installDrag } from './drag.js';
import type { GameHost } from './host.js';
import { setLang } from './i18n.js';
import { installLogDrawer } from './log-drawer.js';
import { render } from './game/draw.js';
import { onClick, onInput, onKey, onKeyInRoot } from './game/input.js';
import { setLanguage } from './game/preferences.js';
import { handCards, myTurn, phaseStep, viewerSeat } from './game/queries.js';
import { loadRecord, replayTo } from './game/replay.js';
import { onDrop, select } from './game/selection.js';
import { applyForTest, boot, continueAfterChange, finishedRecord, maybeShowEnd, setAiDelay, showEnd, start } from './game/session.js';
import { initialState, type Ctx, type Elements, type GameState } from './game/state.js';

export class Controller {
  private readonly ctx: Ctx;

  constructor(el: Elements, module: WebAssembly.Module, host: GameHost) {
    const s = initialState(host.settings, window.matchMedia('(min-width: 1200px)').matches);
    const ctx: Ctx = { s, el, host, computer: new Computer(module), coach: new CoachClient(module), flow: { continueAfterChange, maybeShowEnd, boot } };
    this.ctx = ctx;
    // Every way in first speaks this game's language (words are built in i18n's current language).
    const speaking =
      <E extends Event>(handler: (e: E) => void) =>
      (e: E): void => {
        setLang(s.settings.lang);
        handler(e);
      };
    el.root.addEventListener('click', speaking((e: MouseEvent) => onClick(ctx, e)));
    el.root.addEventListener('keydown', speaking((e: KeyboardEvent) => onKeyInRoot(ctx, e)));
    el.root.addEventListener('input', speaking((e: Event) => onInput(ctx, e)));
    host.keys.addEventListener('keydown', speaking((e: Event) => onKey(ctx, e as KeyboardEvent)));
    installLogDrawer(el.log, () => s.logOpen, () => {
      s.logOpen = false;
      render(ctx);
    });
    document.addEventListener('click', (e) => {
      // The path, not the target: from the document, a click inside the shadow root targets its host.
      if (s.menuOpen && !e.composedPath().some((n) => n instanceof Element && n.classList.contains('menu-wrap'))) {
        s.menuOpen = false;
        render(ctx);
      }
    });
    installDrag(el.root, {
      canDrag: (card) => myTurn(s) && handCards(s).has(card as CardName) && phaseStep(s) !== 'scoutReturn',
      start: (card) => {
        select(ctx, card as CardName, true);
        render(ctx);
      },
      drop: (card, target) => onDrop(ctx, card as CardName, target),
    });
  }

  /** The state record (read by the tests' hook). */
  get state(): GameState {
    return this.ctx.s;
  }

  get game(): GameState['game'] {
    return this.ctx.s.game;
  }

  get settings(): GameState['settings'] {
    return this.ctx.s.settings;
  }

  /** Resumes the saved game, or starts the element's game, or asks for one. */
  boot(): Promise<void> {
    return boot(this.ctx);
  }

  /** Starts a game of these options; throws (changing nothing) when the engine refuses them. */
  start(choice: StartChoice): void {
    start(this.ctx, choice);
  }

  /** Opens a record: a finished match in the replay, an unfinished game to play on. */
  loadRecord(record: GameRecord): void {
    loadRecord(this.ctx, record);
  }

  /** The record of the match on the board once it is over (never before: it holds the seed). */
  finishedRecord(): GameRecord | null {
    return finishedRecord(this.ctx);
  }

  /** The element's `lang` changed. */
  setLanguage(lang: GameState['settings']['lang']): void {
    setLanguage(this.ctx, lang);
  }

  /** The seat drawn at the bottom. */
  viewer(): PlayerIndex {
    return viewerSeat(this.ctx.s);
  }

  /** The viewer may act now. */
  myTurn(): boolean {
    return myTurn(this.ctx.s);
  }

  /** For the tests: play an action for the current player as if chosen in the page. */
  applyForTest(action: Action): boolean {
    return applyForTest(this.ctx, action);
  }

  /** For the tests: the computer's pause between steps. */
  setAiDelay(ms: number): void {
    setAiDelay(this.ctx, ms);
  }

  /** For the tests: the end-of-game dialog now. */
  showEnd(): Promise<void> {
    return showEnd(this.ctx);
  }

  /** For the tests: the replay at step `index`. */
  replayTo(index: number): void {
    replayTo(this.ctx, index);
  }
}
