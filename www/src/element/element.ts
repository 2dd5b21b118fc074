// <battle-line-game>: the whole game (board, hand, guided tactics, claim explanations, log, undo, hint,
// hand-over curtain, end of game, replay, tutorial, English and Chinese, keyboard and touch) in one element
// with its own shadow root, so that the host page's CSS and the game's do not meet. The page in www/ is this
// element with a start screen's worth of page around it; the npm package ships it as
// `battleline-engine/element` (element/package-entry.ts).
//
// This file only adapts: attributes and properties to options, the controller's callbacks to DOM events,
// and the element's life (connected, moved, removed) to the controller's. The game itself is the
// controller's (controller.ts), which asks the engine for every rule. Nothing of the game is reachable from
// the element: its fields are private (#), and only the tests' build of the page reaches the controller.
import { BattleLineError, type Game, type GameRecord } from '../../../pkg/full.js';
import { spriteSVG } from '../cards.js';
import { Controller } from '../controller.js';
import { defaultChoice } from '../game/state.js';
import { canExport } from '../fairplay.js';
import type { RulesSource } from '../host.js';
import { defaultLang } from '../storage.js';
import { localStore, loadSettings, memoryStore, storedLang } from '../storage.js';
import type { BattleLineEventMap, ClaimEventDetail, ElementAttributes, EndEventDetail, GameOptions, MoveEventDetail, ReviewEventDetail } from './api.js';
import { checkOptions, choiceOf, GAME_ATTRIBUTES, parseOptions } from './options.js';
import { markup } from './markup.js';
import { followInteractions } from '../focus.js';
import { langOf, pageLang } from './lang.js';
import type { CoachFeatures } from '../coach/state.js';
import { loadCoach, offersCoach } from '../coach/coach-loader.js';
import { adoptCss } from '../feature-css.js';
import { loadStartDialog } from '../start-dialog-loader.js';

export type { BattleLineEventMap, ClaimEventDetail, ClaimTiming, ElementAttributes, ElementLevel, EndEventDetail, GameOptions, GameRecord, GameResult, LogEntry, MatchScore, MoveEventDetail, Review, ReviewEventDetail } from './api.js';

/**
 * How an element gets the engine and the players' rules: the page and the package differ only here.
 * @internal
 */
export interface ElementConfig {
  /** Compiles and initialises the full engine once; the computer's worker reuses the module. */
  loadEngine(): Promise<WebAssembly.Module>;
  /** The game's stylesheet (game-css.ts: the base sheet and each part's, joined). */
  css: string;
  /** The players' rules for elements without a `rules-href`; null: no Rules button. */
  rules: RulesSource | null;
  /** Called after each redraw with a line saying the state (the page puts it in the window's title). */
  rendered?(element: BattleLineGameElement, title: string): void;
  /**
   * The element is the whole page (the page in www/): it takes the focus from the start, and its language
   * is the stored or the browser's (the page's own `<html lang>` follows the element, not the reverse).
   * A guest element (the package's) does neither: see focus.ts and {@link pageLang}.
   */
  ownsPage?: boolean;
}

/** The error of every call on an element after `destroy()`, and of its pending `ready`. */
function destroyedError(what: string): BattleLineError {
  return new BattleLineError('destroyed', `<battle-line-game> was destroyed: ${what} (destroy() is final; create a new element to play again)`);
}

/** The coach's parts an element offers: its attributes `review`, `win-chances`, `statistics` and `unseen-cards`. */
function coachFeatures(element: HTMLElement): CoachFeatures {
  return {
    review: element.hasAttribute('review'),
    winChances: element.hasAttribute('win-chances'),
    statistics: element.hasAttribute('statistics'),
    unseen: element.hasAttribute('unseen-cards'),
  };
}

function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/**
 * @internal
 * A `rules-href` the Rules button may open: an http(s) address or a relative one. Anything else
 * (`javascript:`, `data:`, …, however spelt) would run or show something in the host's origin: refused.
 */
export function safeRulesHref(value: string): string | null {
  try {
    // Resolved against a made-up http base first: a relative address stays http(s), a scheme shows itself
    // (the URL parser drops the tabs, newlines and spaces that hide one, as the browser would).
    const { protocol } = new URL(value, 'https://relative.invalid/');
    if (protocol !== 'https:' && protocol !== 'http:') return null;
    return new URL(value, document.baseURI).href;
  } catch {
    return null;
  }
}

const controllers = new WeakMap<BattleLineGameElement, Controller>();

/**
 * The controller behind an element: for the page's test hook only (main.ts, in the tests' build).
 * @internal
 */
export function controllerOf(element: BattleLineGameElement): Controller | undefined {
  return controllers.get(element);
}

let config: ElementConfig | null = null;
let engine: Promise<WebAssembly.Module> | null = null;
let sheet: CSSStyleSheet | null = null;

/**
 * `HTMLElement` in a browser; on a server (a framework rendering the page), where there is none, a plain
 * class, so that importing the element's module there defines nothing and throws nothing.
 */
const ElementBase: { new (): HTMLElement; prototype: HTMLElement } =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as { new (): HTMLElement; prototype: HTMLElement }) : HTMLElement;

/** Each option's property and attribute. */
const PROPERTIES: Record<keyof GameOptions, (typeof GAME_ATTRIBUTES)[number]> = {
  mode: 'mode',
  level: 'level',
  players: 'players',
  tactics: 'tactics',
  claimTiming: 'claim-timing',
  games: 'games',
  seed: 'seed',
};

/**
 * `<battle-line-game>`. Attributes: `mode`, `level`, `players`, `tactics`, `claim-timing`, `games`, `seed`
 * (see {@link GameOptions}); `lang` (`en` or `zh`; default: the page's language, `<html lang>` as HTML inherits it, when it is English
 * or Chinese, else the browser's; a choice kept under `storage-key` comes first); `storage-key` (keep the game in
 * progress, the settings and the tutorial's progress in localStorage under this prefix; without it nothing
 * outlives the element); `rules-href` (the Rules button opens this page, an http(s) or relative address,
 * instead of the rules inline); `worker-url` (where your site serves the package's
 * `battleline-engine/computer.worker.js`: the computer's worker starts from it instead of a Blob URL, for a
 * Content-Security-Policy without `worker-src blob:`); `global-keys` (keyboard shortcuts work wherever the
 * focus is on the page, not only inside the element); `label` (the name of the game's region for assistive
 * technology; default "Battle Line"); `heading-level` (the level of the game's heading in your page's
 * outline, 1 to 6; default 2); `server` (a Battle Line game server's URL, e.g. `https://example.org`, or
 * `auto` for the page's own origin: the start dialog then offers "Play a friend online", and `#room=…`
 * links join a room).
 *
 * The coach, each part offered by a boolean attribute: `review` (Review after a finished match and in the
 * replay of a finished game: each decision of a player judged by the search from that player's view, in a
 * worker, with a graph of the chance to win and the better moves; fires `battleline-review`), `win-chances`
 * (a setting, off by default: the chance to win each flag and the game, for the person at the screen only),
 * `statistics` (results against the computer per level and variant, kept under `storage-key`), and
 * `unseen-cards` (the cards the person at the screen has not seen).
 *
 * Size: the element lays out from its own box, which your page gives it (it fills its parent's width; its
 * height is the viewport's unless you set one): at least 320 × 480 px, comfortable from 720 × 560. Dialogs,
 * the hand-over curtain and the log drawer stay inside that box.
 *
 * Life: removing the element stops its computer (a Web Worker), its timers and its listeners; moving it
 * (removed and inserted again at once) keeps the game; inserted again later, it starts afresh.
 * `destroy()` does the same at once and for good (see {@link BattleLineGameElement.destroy}).
 *
 * A guest on the page: it never scrolls the page and never takes its focus when it gets ready; the game
 * moves the focus, within itself and without scrolling, only once the person has used it.
 *
 * Theming: custom properties on the element (`--felt`, `--wood`, `--gold`, `--paper`, `--ink`, `--p0`,
 * `--p1`, `--p2`, `--cw`/`--ch` card size, `--battle-line-min-height`) and the parts `game`, `topbar`,
 * `status`, `tools`, `table`, `board`, `decks`, `hand`, `actionbar`, `log`, `lesson`, `curtain`, `review`.
 */
export class BattleLineGameElement extends ElementBase {
  static readonly observedAttributes = ['lang'];
  #controller: Controller | null = null;
  #shadow: ShadowRoot | null = null;
  /** Bumped when the game is taken down: an engine that finishes loading for an older connection mounts nothing. */
  #generation = 0;
  /** destroy() was called: for good (a removal only takes the game down until the element is inserted again). */
  #destroyed = false;
  /** Aborted when the game is taken down: the listeners that follow the person's interactions (focus.ts). */
  #listening: AbortController | null = null;
  #ready!: Promise<void>;
  #settled = false;
  #settle!: { resolve: () => void; reject: (error: unknown) => void };

  constructor() {
    super();
    this.#newReady();
  }

  /**
   * Settles once the engine is loaded and the game, or the start dialog, is shown (when `battleline-ready`
   * fires); it never waits for a person. Rejects if the engine cannot load, and with a `BattleLineError`
   * whose `code` is `destroyed` if the element is destroyed first (or at any time after `destroy()`).
   */
  get ready(): Promise<void> {
    return this.#ready;
  }

  #newReady(): void {
    this.#settled = false;
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#settle = {
        resolve: () => ((this.#settled = true), resolve()),
        reject: (error) => ((this.#settled = true), reject(error)),
      };
    });
    // A page that never waits for `ready` still hears about a failure through the console and the element.
    this.#ready.catch(() => undefined);
  }

  /** @internal The browser connected the element: the game is built (once; a move keeps it). */
  connectedCallback(): void {
    if (this.#destroyed) {
      console.warn('<battle-line-game>: this element was destroyed (destroy() is final) and stays empty; create a new <battle-line-game> to play again');
      return;
    }
    if (this.#shadow?.childElementCount) return;
    const c = config!;
    this.#shadow ??= this.attachShadow({ mode: 'open', delegatesFocus: false });
    const shadow = this.#shadow;
    this.#listening?.abort();
    this.#listening = new AbortController();
    followInteractions(shadow, c.ownsPage === true, this.#listening.signal);
    if (!sheet && 'adoptedStyleSheets' in Document.prototype) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(c.css);
    }
    if (sheet) shadow.adoptedStyleSheets = [sheet];
    else shadow.innerHTML = `<style>${c.css}</style>`;
    shadow.append(fragment(`${spriteSVG()}<p class="loading" role="status">Loading…</p>`));
    engine ??= c.loadEngine();
    // The chunks the first drawing needs are here before it: the coach's where the element offers a part of
    // it, the new-game dialog's where no `mode` gives the element its game.
    const parts = Promise.all([
      engine,
      offersCoach(coachFeatures(this)) ? loadCoach().then((coach) => adoptCss(shadow, coach.coachCss)) : null,
      this.hasAttribute('mode') ? null : loadStartDialog(),
    ]).then(([module]) => module);
    const generation = this.#generation;
    parts.then(
      (module) => generation === this.#generation && this.#mount(module, shadow),
      (error: unknown) => {
        if (generation !== this.#generation) return;
        const note = shadow.querySelector('.loading');
        if (note) note.textContent = `Battle Line could not load: ${error instanceof Error ? error.message : String(error)}`;
        this.#settle.reject(error);
      },
    );
  }

  /** @internal The element left the document: unless it is back at once (a move), its game is taken down. */
  disconnectedCallback(): void {
    queueMicrotask(() => {
      if (!this.isConnected && !this.#destroyed) this.#takeDown();
    });
  }

  /**
   * Ends the element for good, now: the computer's worker is terminated, timers and listeners stop, and the
   * element is left empty. It is final: a `ready` still pending rejects, and `ready`, `start()`,
   * `loadRecord()` and `exportRecord()` afterwards throw (or reject with) a `BattleLineError` whose `code` is
   * `destroyed`; inserted again, a destroyed element stays empty (create a new one to play again). A second
   * call does nothing. (Removing the element from the page takes its game down the same way but not for
   * good: inserted again later, it starts afresh, resuming the game kept under `storage-key` if any, and
   * `ready` settles again.)
   */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#takeDown();
    if (this.#settled) {
      this.#ready = Promise.reject(destroyedError('`ready` after destroy()'));
      this.#ready.catch(() => undefined);
    } else this.#settle.reject(destroyedError('it was destroyed before it was ready'));
  }

  /** Takes the game down (removed, or destroyed): the controller, its worker, its timers and listeners. */
  #takeDown(): void {
    this.#generation++;
    this.#listening?.abort();
    this.#listening = null;
    const controller = this.#controller;
    this.#controller = null;
    controllers.delete(this);
    controller?.destroy();
    this.#shadow?.replaceChildren();
    if (this.#destroyed) return;
    // Removed, not destroyed: a `ready` still pending says so, and a new one waits for the next connection.
    if (!this.#settled) this.#settle.reject(new BattleLineError('destroyed', '<battle-line-game> was removed from the page before it was ready'));
    this.#newReady();
  }


  #mount(module: WebAssembly.Module, shadow: ShadowRoot): void {
    const c = config!;
    shadow.querySelector('.loading')?.remove();
    shadow.append(fragment(markup(this.#attribute('label') ?? 'Battle Line', this.#headingLevel())));
    const part = (id: string): HTMLElement => shadow.getElementById(id)!;
    const key = this.#attribute('storage-key');
    const store = key ? localStore(key) : memoryStore();
    const settings = loadSettings(store);
    // The language: the element's `lang`; else the stored setting (with `storage-key`); else the page's
    // (`<html lang>`, as HTML inherits it) when English or Chinese; else the browser's.
    const lang = this.#langAttribute();
    if (lang) settings.lang = lang;
    else if (!key || storedLang(store) === null) settings.lang = (c.ownsPage ? null : pageLang(this)) ?? defaultLang();
    let autostart = null;
    try {
      const options = parseOptions((name) => this.getAttribute(name));
      if (options.mode) autostart = choiceOf(options, defaultChoice());
    } catch (error) {
      console.error(`<battle-line-game>: ${error instanceof Error ? error.message : String(error)}; the start dialog asks instead`);
    }
    const controller = new Controller(
      {
        root: part('app'),
        tools: part('tools'),
        status: part('status'),
        oppStrip: part('opp-strip'),
        board: part('board'),
        decks: part('decks'),
        myStrip: part('my-strip'),
        hand: part('hand'),
        bar: part('actionbar'),
        log: part('log'),
        curtain: part('curtain'),
        announce: part('announce'),
        lesson: part('lesson'),
        coach: part('coach'),
      },
      module,
      {
        shadow,
        store,
        settings,
        keys: this.#attribute('global-keys') !== null ? document : this,
        rules: this.#rules(c.rules),
        worker: this.#attribute('worker-url'),
        autostart,
        server: this.getAttribute('server'),
        played: (game, index) => this.#played(game, index),
        rendered: (title) => c.rendered?.(this, title),
        coach: coachFeatures(this),
        reviewed: (review, record) =>
          this.dispatchEvent(new CustomEvent<ReviewEventDetail>('battleline-review', { detail: { record, review }, bubbles: true, composed: true })),
      },
    );
    this.#controller = controller;
    controllers.set(this, controller);
    const booting = controller.boot();
    // The game is drawn and the start dialog (if any) shown before boot() first waits (for a person's
    // answer): `ready` settles now, unless boot failed before that.
    Promise.race([booting, Promise.resolve()]).then(
      () => {
        this.dispatchEvent(new CustomEvent('battleline-ready', { bubbles: true, composed: true }));
        this.#settle.resolve();
      },
      (error: unknown) => this.#settle.reject(error),
    );
    booting.catch((error: unknown) => console.error('<battle-line-game>:', error));
  }

  /** @internal */
  attributeChangedCallback(name: string): void {
    if (name === 'lang' && this.#controller) {
      const lang = this.#langAttribute();
      if (lang) this.#controller.setLanguage(lang);
    }
  }

  /** The Rules button's target: the `rules-href` page if it is a safe address, else the rules inline. */
  #rules(inline: RulesSource | null): RulesSource | null {
    const given = this.#attribute('rules-href');
    if (given === null) return inline;
    const href = safeRulesHref(given);
    if (href === null) console.warn(`<battle-line-game>: rules-href must be an http(s) or relative address, not "${given}"; the rules are shown inline`);
    return href === null ? inline : { href };
  }

  /** An attribute the element reads: one of its own, declared in {@link ElementAttributes}, or `lang`. */
  #attribute(name: keyof ElementAttributes | 'lang'): string | null {
    return this.getAttribute(name);
  }

  /** The level of the game's heading in the host page's outline (`heading-level`, 1 to 6; default 2). */
  #headingLevel(): number {
    const level = Number(this.#attribute('heading-level') ?? 2);
    return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
  }

  #langAttribute(): 'en' | 'zh' | null {
    return langOf(this.#attribute('lang'));
  }

  #played(game: Game, index: number): void {
    const entry = game.log(null, index)[0];
    if (!entry) return;
    this.dispatchEvent(new CustomEvent<MoveEventDetail>('battleline-move', { detail: entry, bubbles: true, composed: true }));
    for (const event of entry.events) {
      if (event.type === 'claimed') {
        this.dispatchEvent(new CustomEvent<ClaimEventDetail>('battleline-claim', { detail: { flag: event.flag, player: entry.player }, bubbles: true, composed: true }));
      }
      if (event.type === 'gameEnded') {
        const detail: EndEventDetail = { result: event.result, match: game.matchScore(), record: canExport(game) ? game.record() : null };
        this.dispatchEvent(new CustomEvent<EndEventDetail>('battleline-end', { detail, bubbles: true, composed: true }));
      }
    }
  }

  #live(what: string): Controller {
    if (this.#destroyed) throw destroyedError(`${what} after destroy()`);
    if (!this.#controller) throw new Error('<battle-line-game> is not ready yet: await element.ready first');
    return this.#controller;
  }

  /**
   * Starts a new game at once (no dialog; a dialog that was asking closes): these options over the
   * element's attributes. Throws a RangeError for an option that means nothing and the engine's
   * BattleLineError for one it refuses, leaving the game on the board as it was. Call after `ready`; after
   * `destroy()` it throws a BattleLineError whose `code` is `destroyed`.
   */
  start(options: GameOptions = {}): void {
    const controller = this.#live('start()');
    const fromAttributes = parseOptions((name) => this.getAttribute(name));
    controller.start(choiceOf({ ...fromAttributes, ...checkOptions(options) }, defaultChoice()));
  }

  /** Opens a record (an object or its JSON): a finished match in the replay, an unfinished game to play on. Throws on a bad record, changing nothing; after `destroy()`, a BattleLineError whose `code` is `destroyed`. */
  loadRecord(record: GameRecord | string): void {
    this.#live('loadRecord()').loadRecord(typeof record === 'string' ? (JSON.parse(record) as GameRecord) : record);
  }

  /** The record of the match on the board once it is over; null before (a record holds the seed, hence every hidden card). After `destroy()` it throws a BattleLineError whose `code` is `destroyed`. */
  exportRecord(): GameRecord | null {
    return this.#live('exportRecord()').finishedRecord();
  }

  /** The options as properties, reflected to their attributes; they apply to the next game started. Setting a value that means nothing throws a RangeError and changes nothing. */
  declare mode: GameOptions['mode'];
  declare level: GameOptions['level'];
  declare players: GameOptions['players'];
  declare tactics: GameOptions['tactics'];
  declare claimTiming: GameOptions['claimTiming'];
  declare games: GameOptions['games'];
  declare seed: GameOptions['seed'];

  static {
    for (const [property, attribute] of Object.entries(PROPERTIES) as [keyof GameOptions, (typeof GAME_ATTRIBUTES)[number]][]) {
      Object.defineProperty(this.prototype, property, {
        // An attribute that means nothing reads as absent.
        get(this: BattleLineGameElement) {
          try {
            return parseOptions((n) => (n === attribute ? this.getAttribute(n) : null))[property];
          } catch {
            return undefined;
          }
        },
        // Checked, then written to the attribute (removed for undefined, and for a null seed).
        set(this: BattleLineGameElement, value: unknown) {
          if (value === undefined || value === null) {
            this.removeAttribute(attribute);
            return;
          }
          checkOptions({ [property]: value });
          this.setAttribute(attribute, typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));
        },
      });
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'battle-line-game': BattleLineGameElement;
  }
  interface HTMLElementEventMap extends BattleLineEventMap {}
}

/**
 * Defines <battle-line-game> once (a second call with the element defined does nothing); on a server,
 * where there are no custom elements, it does nothing.
 * @internal
 */
export function defineBattleLineGame(given: ElementConfig, name = 'battle-line-game'): void {
  if (typeof customElements === 'undefined') return;
  config ??= given;
  if (!customElements.get(name)) customElements.define(name, BattleLineGameElement);
}
