// <battle-line-game>: the whole game (board, hand, guided tactics, claim explanations, log, undo, hint,
// hand-over curtain, end of game, replay, tutorial, English and Chinese, keyboard and touch) in one element
// with its own shadow root, so that the host page's CSS and the game's do not meet. The page in www/ is this
// element with a start screen's worth of page around it; the npm package ships it as
// `battleline-engine/element` (element/package-entry.ts).
//
// This file only adapts: attributes and properties to options, the controller's callbacks to DOM events.
// The game itself is the controller's (controller.ts), which asks the engine for every rule.
import type { Game, GameRecord, GameResult, LogEntry as EngineLogEntry, MatchScore } from '../../../pkg/full.js';
import { spriteSVG } from '../cards.js';
import { Controller } from '../controller.js';
import { defaultChoice } from '../game/state.js';
import { canExport } from '../fairplay.js';
import type { RulesSource } from '../host.js';
import { defaultLang } from '../storage.js';
import { localStore, loadSettings, memoryStore } from '../storage.js';
import { checkOptions, choiceOf, GAME_ATTRIBUTES, parseOptions, type GameOptions } from './options.js';
import { markup } from './markup.js';
import coachCss from '../coach/coach.css';
import type { Review } from '../coach/client.js';
import type { CoachFeatures } from '../coach/state.js';

/** How an element gets the engine and the players' rules: the page and the package differ only here. */
export interface ElementConfig {
  /** Compiles and initialises the full engine once; the computer's worker reuses the module. */
  loadEngine(): Promise<WebAssembly.Module>;
  /** The game's stylesheet (game.css). */
  css: string;
  /** The players' rules for elements without a `rules-href`; null: no Rules button. */
  rules: RulesSource | null;
  /** Called after each redraw with a line saying the state (the page puts it in the window's title). */
  rendered?(element: BattleLineGameElement, title: string): void;
}

/** `battleline-move`: one action was applied, as everybody may know it (the engine's log entry for a spectator). */
export type MoveEventDetail = EngineLogEntry;
/** `battleline-claim`: a flag was claimed. */
export interface ClaimEventDetail {
  flag: number;
  player: number;
}
/** `battleline-review`: a review finished (the `review` attribute's part): the reviewed match's record and the review. */
export interface ReviewEventDetail {
  record: GameRecord;
  review: Review;
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

/** `battleline-end`: a game ended; the record only once the match is over (before, it would show the deal). */
export interface EndEventDetail {
  result: GameResult;
  match: MatchScore;
  record: GameRecord | null;
}

function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

const controllers = new WeakMap<BattleLineGameElement, Controller>();

/** The controller behind an element: for the page's test hook only, not part of the package's API. */
export function controllerOf(element: BattleLineGameElement): Controller | undefined {
  return controllers.get(element);
}

let config: ElementConfig | null = null;
let engine: Promise<WebAssembly.Module> | null = null;
let sheet: CSSStyleSheet | null = null;

export class BattleLineGameElement extends HTMLElement {
  static readonly observedAttributes = ['lang'];
  private controller: Controller | null = null;
  private readonly shadow: ShadowRoot;
  private resolveReady!: () => void;
  private rejectReady!: (error: unknown) => void;
  /** Settles once the engine is loaded and the game (or the start dialog) is shown. */
  readonly ready: Promise<void>;

  constructor() {
    super();
    this.shadow = this.attachShadow({ mode: 'open', delegatesFocus: false });
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    // A page that never waits for `ready` still hears about a failure through the console and the element.
    this.ready.catch(() => undefined);
  }

  connectedCallback(): void {
    if (this.controller || this.shadow.childElementCount > 0) return;
    const c = config!;
    if (!sheet && 'adoptedStyleSheets' in Document.prototype) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(c.css + coachCss);
    }
    if (sheet) this.shadow.adoptedStyleSheets = [sheet];
    else this.shadow.innerHTML = `<style>${c.css}${coachCss}</style>`;
    this.shadow.append(fragment(`${spriteSVG()}<p class="loading" role="status">Loading…</p>`));
    engine ??= c.loadEngine();
    engine.then(
      (module) => this.mount(module),
      (error: unknown) => {
        const note = this.shadow.querySelector('.loading');
        if (note) note.textContent = `Battle Line could not load: ${error instanceof Error ? error.message : String(error)}`;
        this.rejectReady(error);
      },
    );
  }

  private mount(module: WebAssembly.Module): void {
    const c = config!;
    this.shadow.querySelector('.loading')?.remove();
    this.shadow.append(fragment(markup(this.getAttribute('label') ?? 'Battle Line', this.headingLevel())));
    const part = (id: string): HTMLElement => this.shadow.getElementById(id)!;
    const key = this.getAttribute('storage-key');
    const store = key ? localStore(key) : memoryStore();
    const settings = loadSettings(store);
    const lang = this.langAttribute();
    if (lang) settings.lang = lang;
    else if (!key) settings.lang = defaultLang();
    let autostart = null;
    try {
      const options = parseOptions((name) => this.getAttribute(name));
      if (options.mode) autostart = choiceOf(options, defaultChoice());
    } catch (error) {
      console.error(`<battle-line-game>: ${error instanceof Error ? error.message : String(error)}; the start dialog asks instead`);
    }
    const rulesHref = this.getAttribute('rules-href');
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
        shadow: this.shadow,
        store,
        settings,
        keys: this.hasAttribute('global-keys') ? document : this,
        rules: rulesHref ? { href: rulesHref } : c.rules,
        autostart,
        played: (game, index) => this.played(game, index),
        rendered: (title) => c.rendered?.(this, title),
        coach: coachFeatures(this),
        reviewed: (review, record) =>
          this.dispatchEvent(new CustomEvent<ReviewEventDetail>('battleline-review', { detail: { record, review }, bubbles: true, composed: true })),
      },
    );
    this.controller = controller;
    controllers.set(this, controller);
    controller.boot().then(() => this.resolveReady(), (error: unknown) => this.rejectReady(error));
    this.dispatchEvent(new CustomEvent('battleline-ready', { bubbles: true, composed: true }));
  }

  attributeChangedCallback(name: string): void {
    if (name === 'lang' && this.controller) {
      const lang = this.langAttribute();
      if (lang) this.controller.setLanguage(lang);
    }
  }

  /** The level of the game's heading in the host page's outline (`heading-level`, 1 to 6; default 2). */
  private headingLevel(): number {
    const level = Number(this.getAttribute('heading-level') ?? 2);
    return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
  }

  private langAttribute(): 'en' | 'zh' | null {
    const lang = (this.getAttribute('lang') ?? '').toLowerCase();
    if (lang.startsWith('zh')) return 'zh';
    if (lang.startsWith('en')) return 'en';
    return null;
  }

  private played(game: Game, index: number): void {
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

  private live(): Controller {
    if (!this.controller) throw new Error('<battle-line-game> is not ready yet: await element.ready first');
    return this.controller;
  }

  /**
   * Starts a new game at once (no dialog), with these options over the element's attributes. Throws a
   * RangeError for an option that means nothing, and the engine's BattleLineError for options it refuses.
   */
  start(options: GameOptions = {}): void {
    const fromAttributes = parseOptions((name) => this.getAttribute(name));
    const controller = this.live();
    controller.start(choiceOf({ ...fromAttributes, ...checkOptions(options) }, defaultChoice()));
  }

  /** Opens a record (an object or its JSON): a finished match in the replay, an unfinished game to play on. */
  loadRecord(record: GameRecord | string): void {
    this.live().loadRecord(typeof record === 'string' ? (JSON.parse(record) as GameRecord) : record);
  }

  // The options as properties, reflected to their attributes (read by the next `start()` and, with `mode`,
  // when the element connects); defined below from PROPERTIES. A value that means nothing throws a
  // RangeError and changes nothing.
  declare mode: GameOptions['mode'];
  declare level: GameOptions['level'];
  declare players: GameOptions['players'];
  declare tactics: GameOptions['tactics'];
  declare claimTiming: GameOptions['claimTiming'];
  declare games: GameOptions['games'];
  declare seed: GameOptions['seed'];

  /** @internal One attribute read as an option (an attribute that means nothing reads as absent). */
  option(name: (typeof GAME_ATTRIBUTES)[number]): GameOptions {
    try {
      return parseOptions((n) => (n === name ? this.getAttribute(n) : null));
    } catch {
      return {};
    }
  }

  /** @internal Checks one option, then writes its attribute (removed for undefined, and for a null seed). */
  setOption(name: (typeof GAME_ATTRIBUTES)[number], given: GameOptions): void {
    const value = Object.values(given)[0];
    if (value === undefined || value === null) {
      this.removeAttribute(name);
      return;
    }
    checkOptions(given);
    this.setAttribute(name, typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));
  }

  /** The record of the match on the board, once it is over; null before (a record holds the seed, hence every hidden card). */
  exportRecord(): GameRecord | null {
    return this.live().finishedRecord();
  }
}

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
for (const [property, attribute] of Object.entries(PROPERTIES) as [keyof GameOptions, (typeof GAME_ATTRIBUTES)[number]][]) {
  Object.defineProperty(BattleLineGameElement.prototype, property, {
    get(this: BattleLineGameElement) {
      return this.option(attribute)[property];
    },
    set(this: BattleLineGameElement, value: unknown) {
      this.setOption(attribute, { [property]: value });
    },
  });
}

/** Defines <battle-line-game> once (a second call with the element defined does nothing). */
export function defineBattleLineGame(given: ElementConfig, name = 'battle-line-game'): void {
  config ??= given;
  if (!customElements.get(name)) customElements.define(name, BattleLineGameElement);
}

// Keep the attribute list in one place for the declarations and the README.
export { GAME_ATTRIBUTES };
