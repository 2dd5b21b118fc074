// The page's state machine: whose turn, what is selected, the hand-over curtain, the computer's turn,
// undo, saving, replay. Every move goes through the engine's legal actions; the page never decides
// legality itself.
import { fillRuleCards } from './rules-cards.js';
import { installLogDrawer } from './log-drawer.js';
import { importProblem } from './import-problem.js';
import { whyNotAt, whyUnplayable } from './why.js';
import { adviceText } from './advice.js';
import { lessonPanelHTML } from './tutorial/panel.js';
import { tutorialText } from './tutorial/text.js';
import { beginStep, checkGoal, endRun, loadProgress, restartStep, resumeIndex, scriptedMove, STEP_COUNT, type LessonRun } from './tutorial/run.js';
import { Game, type Action, type CardName, type DeckKind, type FlagNumber, type GameRecord, type PlayerIndex } from '../../pkg/full.js';
import { Computer } from './ai-client.js';
import { escapeHTML, handOrder } from './cards.js';
import { boardParts, renderDecks, renderStrip, type Highlights, type RenderModel } from './board.js';
import { claimDialog, confirmDialog, dialogOpen, endDialog, exportDialog, handoverHTML, importDialog, settingsDialog, startDialog, type StartChoice } from './dialogs.js';
import { installDrag } from './drag.js';
import { explainHTML } from './explain.js';
import { canExport, replayIsOpen, undoPolicy, type UndoBlock } from './fairplay.js';
import { handItems, hiddenHandHTML } from './hand.js';
import { cardShort, getLang, langTag, setLang, t } from './i18n.js';
import { applyLogged, lastTurn, replayLogged, sinceLastTurnOf, tell, type LogEntry, type TellContext } from './log.js';
import { affordances, destinationsFor, find, flagsFor, isGuile, playAction, sourcesFor, type Affordances, type GuileCard } from './moves.js';
import { phaseText, renderActionBar, renderReplayBar, renderSteps, renderStatus, renderTools, stepOf, type ActionButton } from './panels.js';
import { patchChildren, setClass, setHTML } from './patch.js';
import { clearGame, loadGame, saveGame, saveSettings, type Level, type Mode, type Seat, type Settings } from './storage.js';
import type { GameHost } from './host.js';

type Selection =
  | { kind: 'none' }
  | { kind: 'card'; card: CardName }
  | { kind: 'guile'; card: GuileCard; source: CardName | null };

interface Session {
  mode: Mode;
  level: Level;
  humanSeat: PlayerIndex;
  aiSeed: number;
  /** Every seat: a person or the computer (two-player games: derived from mode and humanSeat). */
  seats: Seat[];
}

/** The seats of a two-player session. */
function twoSeats(mode: Mode, level: Level, humanSeat: PlayerIndex): Seat[] {
  if (mode === 'hotseat') return [{ kind: 'person' }, { kind: 'person' }];
  const seats: Seat[] = [{ kind: 'computer', level }, { kind: 'computer', level }];
  seats[humanSeat] = { kind: 'person' };
  return seats;
}

interface ReplayState {
  record: GameRecord;
  /** Every hand may be shown: the match is over (fairplay.ts). Otherwise only `viewer`'s view, fixed. */
  open: boolean;
  full: Game;
  game: Game;
  index: number;
  entries: LogEntry[];
  viewer: PlayerIndex;
  timer: number | null;
}

interface Elements {
  root: HTMLElement;
  tools: HTMLElement;
  status: HTMLElement;
  oppStrip: HTMLElement;
  board: HTMLElement;
  decks: HTMLElement;
  myStrip: HTMLElement;
  hand: HTMLElement;
  bar: HTMLElement;
  log: HTMLElement;
  curtain: HTMLElement;
  announce: HTMLElement;
  lesson: HTMLElement;
}

const NONE: Selection = { kind: 'none' };
const emptyHighlights = (): Highlights => ({ cards: new Set(), flags: new Set(), decks: new Set() });

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function other(p: PlayerIndex): PlayerIndex {
  return p === 0 ? 1 : 0;
}

/** A seed for the computer's choices, independent of the deal (the computer sees its view, nothing else). */
function freshAiSeed(): number {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return (words[0]! % 1_000_000_000) + 1;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class Controller {
  game: Game | null = null;
  entries: LogEntry[] = [];
  session: Session = { mode: 'computer', level: 'medium', humanSeat: 0, aiSeed: 1, seats: twoSeats('computer', 'medium', 0) };
  /** Multi-person games: the person whose hand was last revealed (null: nobody yet). */
  private shownSeat: PlayerIndex | null = null;
  settings: Settings;
  sel: Selection = NONE;
  handover = false;
  thinking = false;
  replay: ReplayState | null = null;
  /** The computer's last move failed (shown as an error, with Try again); cleared when it is retried. */
  private computerFailed = false;
  /** The tutorial in progress (tutorial/run.ts), or null in a game of one's own. */
  lesson: LessonRun | null = null;
  /** Milliseconds from a click to the board redrawn, for every click that redrew. */
  readonly redrawTimes: number[] = [];
  /** Milliseconds each computer decision with a choice took, worker round trip included (tests read it). */
  readonly computerTimes: { level: string; ms: number }[] = [];

  private readonly el: Elements;
  private readonly host: GameHost;
  private readonly computer: Computer;
  private message: { text: string; kind: 'info' | 'error' } | null = null;
  private suggestion: Action | null = null;
  private generation = 0;
  private aiLoop = -1;
  private lookaheadFor = -1;
  private lookaheadLegal: Action[] = [];
  private logOpen = false;
  /** Why each greyed-out card of the hand is greyed out, for the position `key` names. */
  private idleWhy: { key: string; reasons: ReadonlyMap<CardName, string> } = { key: '', reasons: new Map() };
  /** Why the selected card cannot go to each other flag, for the position and card `key` names. */
  private flagWhy: { key: string; reasons: ReadonlyMap<FlagNumber, string> } = { key: '', reasons: new Map() };
  private menuOpen = false;
  private endShownAt = -1;
  /** The end-of-game dialog is about to show (a short pause lets the last move be seen). */
  endPending = false;
  private lastStart: StartChoice = Controller.defaultChoice();
  private announced = '';
  /** New cards animate in, except on the first drawing of a game (nothing "arrives" then). */
  private animate = false;
  private logState: { key: string; count: number; last: LogEntry | undefined } = { key: '', count: 0, last: undefined };

  /** The start dialog's first choice: against the computer at medium, tactics on, one game. */
  static defaultChoice(): StartChoice {
    return { mode: 'computer', level: 'medium', claimTiming: 'afterPlay', tactics: true, games: 1, seed: null };
  }

  constructor(el: Elements, module: WebAssembly.Module, host: GameHost) {
    this.el = el;
    this.host = host;
    this.settings = host.settings;
    this.computer = new Computer(module);
    this.logOpen = window.matchMedia('(min-width: 1200px)').matches;
    // Every way in first speaks this game's language (words are built in i18n's current language).
    const speaking = <E extends Event>(handler: (e: E) => void) => (e: E): void => {
      setLang(this.settings.lang);
      handler(e);
    };
    el.root.addEventListener('click', speaking((e: MouseEvent) => this.onClick(e)));
    el.root.addEventListener('keydown', speaking((e: KeyboardEvent) => this.onKeyInRoot(e)));
    el.root.addEventListener('input', speaking((e: Event) => this.onInput(e)));
    host.keys.addEventListener('keydown', speaking((e: Event) => this.onKey(e as KeyboardEvent)));
    installLogDrawer(el.log, () => this.logOpen, () => {
      this.logOpen = false;
      this.render();
    });
    document.addEventListener('click', (e) => {
      // The path, not the target: from the document, a click inside the shadow root targets its host.
      if (this.menuOpen && !e.composedPath().some((n) => n instanceof Element && n.classList.contains('menu-wrap'))) {
        this.menuOpen = false;
        this.render();
      }
    });
    installDrag(el.root, {
      canDrag: (card) => this.myTurn() && this.handCards().has(card as CardName) && this.phase() !== 'scoutReturn',
      start: (card) => {
        this.select(card as CardName, true);
        this.render();
      },
      drop: (card, target) => this.onDrop(card as CardName, target),
    });
  }

  // ---- the session -------------------------------------------------------------------------------

  /** Resumes the saved game, or asks for a new one. */
  async boot(): Promise<void> {
    const saved = loadGame(this.host.store);
    if (saved) {
      try {
        const { game, entries } = replayLogged(saved.record, Game);
        this.game = game;
        this.entries = entries;
        const seats = saved.seats ?? twoSeats(saved.mode, saved.level, saved.humanSeat);
        this.session = { mode: saved.mode, level: saved.level, humanSeat: saved.humanSeat, aiSeed: saved.aiSeed, seats };
        this.handover = saved.mode === 'hotseat' && saved.handover;
        this.shownSeat = this.handover || this.isComputer(game.current) ? null : game.current;
        this.lastStart = {
          mode: saved.mode,
          level: saved.level,
          claimTiming: saved.record.options.claimTiming,
          tactics: saved.record.options.tactics,
          games: saved.record.options.games,
          seed: null,
          players: saved.record.options.players,
          ...(saved.seats ? { seats: saved.seats } : {}),
        };
        this.message = { text: t('resumeNote'), kind: 'info' };
        this.endShownAt = game.result() ? game.actionCount : -1;
        this.render();
        this.continueAfterChange(null);
        return;
      } catch {
        clearGame(this.host.store);
      }
    }
    this.render();
    // An element given its game's options starts it; otherwise the start dialog asks.
    if (this.host.autostart) this.start(this.host.autostart);
    else await this.newGame(false);
  }

  /** Players in the game on the board (2 or 3). */
  players(): number {
    if (this.replay) return this.replay.record.options.players;
    return this.session.seats.length;
  }

  /** The computer plays this seat. */
  isComputer(seat: PlayerIndex): boolean {
    return this.session.seats[seat]?.kind === 'computer';
  }

  private persons(): PlayerIndex[] {
    return this.session.seats.flatMap((s, i) => (s.kind === 'person' ? [i as PlayerIndex] : []));
  }

  private levelOf(seat: PlayerIndex): Level {
    const s = this.session.seats[seat];
    return s && s.kind === 'computer' ? s.level : this.session.level;
  }

  private names(): string[] {
    const three = [t('player1'), t('player2'), t('player3')];
    if (this.replay) return three.slice(0, this.players());
    if (this.session.seats.length === 3) {
      const persons = this.persons().length;
      const computers = 3 - persons;
      return this.session.seats.map((s, i) =>
        s.kind === 'person' ? (persons === 1 ? t('you') : three[i]!) : computers === 1 ? t('computer') : t('computerN', { n: i + 1 }),
      );
    }
    if (this.session.mode === 'computer') {
      const names = ['', ''];
      names[this.session.humanSeat] = t('you');
      names[other(this.session.humanSeat)] = t('computer');
      return names;
    }
    return [t('player1'), t('player2')];
  }

  async newGame(canCancel = true): Promise<void> {
    // A first visit (nothing saved, no tutorial begun) is offered the tutorial beside the game options.
    const firstVisit = !canCancel && loadProgress(this.host.store) === null;
    const choice = await startDialog(this.host.shadow, this.lastStart, canCancel && this.game !== null, firstVisit);
    if (choice === 'tutorial') this.startTutorial();
    else if (choice) this.start(choice);
  }

  // ---- the tutorial (the steps and goals are in tutorial/) ----------------------------------------------

  /** Opens the tutorial at the step where it was left (the first if finished or never begun). */
  startTutorial(index = resumeIndex(this.host.store)): void {
    this.exitReplay(false);
    this.menuOpen = false;
    const previous = this.lesson;
    const { run, game } = beginStep(this.host.store, index, this.lesson ? this.game : null);
    if (previous) endRun(previous);
    this.enterLesson(run, game);
  }

  private enterLesson(run: LessonRun, game: Game): void {
    this.replaceGame(game, []);
    this.lesson = run;
    this.session = { mode: 'computer', level: 'easy', humanSeat: 0, aiSeed: 1, seats: twoSeats('computer', 'easy', 0) };
    this.shownSeat = null;
    this.handover = false;
    this.message = null;
    this.endShownAt = -1;
    this.logOpen = false;
    this.render();
    this.el.lesson.querySelector<HTMLElement>('.lesson-text')?.focus();
    this.continueAfterChange(null);
  }

  private nextStep(): void {
    const run = this.lesson;
    if (!run?.done) return;
    if (run.index + 1 >= STEP_COUNT) {
      void this.leaveTutorial(tutorialText().ui.allDone);
      return;
    }
    this.startTutorial(run.index + 1);
  }

  private restartLessonStep(): void {
    if (!this.lesson) return;
    const { run, game } = restartStep(this.lesson);
    this.enterLesson(run, game);
  }

  /** Back to the game of one's own that was saved before the tutorial (or a new one). */
  private async leaveTutorial(note?: string): Promise<void> {
    if (!this.lesson) return;
    endRun(this.lesson);
    this.lesson = null;
    this.replaceGame(null, []);
    this.logOpen = window.matchMedia('(min-width: 1200px)').matches;
    await this.boot();
    if (note) {
      this.message = { text: note, kind: 'info' };
      this.render();
    }
  }

  /** After any change in a lesson: the step's goal checked; once reached, the Next button takes the focus. */
  private lessonProgress(): void {
    if (this.lesson && this.game && checkGoal(this.host.store, this.lesson, this.game)) {
      this.sel = NONE;
      this.render();
      this.el.lesson.querySelector<HTMLElement>('[data-act=lesson-next]')?.focus();
    }
  }

  /** Starts a game of these options; throws (changing nothing) when the engine refuses them. */
  start(choice: StartChoice): void {
    const three = choice.players === 3;
    const options = {
      ...(three ? { players: 3 as const } : {}),
      claimTiming: choice.claimTiming,
      tactics: three ? false : choice.tactics,
      games: choice.games,
      ...(choice.seed !== null ? { seed: choice.seed } : {}),
    };
    const game = new Game(options);
    this.lastStart = { ...choice, seed: null };
    this.exitReplay(false);
    if (this.lesson) {
      endRun(this.lesson);
      this.lesson = null;
    }
    this.replaceGame(game, []);
    const seats: Seat[] = three ? (choice.seats ?? [{ kind: 'person' }, { kind: 'person' }, { kind: 'person' }]) : twoSeats(choice.mode, choice.level, 0);
    const firstPerson = seats.findIndex((x) => x.kind === 'person');
    const humanSeat = (firstPerson < 0 ? 0 : firstPerson) as PlayerIndex;
    this.session = { mode: choice.mode, level: choice.level, humanSeat, aiSeed: freshAiSeed(), seats };
    this.shownSeat = null;
    this.handover = choice.mode === 'hotseat' && !this.isComputer(game.current);
    this.message = null;
    this.endShownAt = -1;
    this.save();
    this.render();
    this.focusGame();
    this.continueAfterChange(null);
  }

  /** Keyboard focus into the game (after the start dialog): the curtain's button, else the hand. */
  private focusGame(): void {
    const target = this.handover
      ? this.el.curtain.querySelector<HTMLElement>('[data-act=reveal]')
      : (this.el.hand.querySelector<HTMLElement>('.playable') ?? this.el.hand.querySelector<HTMLElement>('[data-hand]'));
    target?.focus();
  }

  /** Shift+value: selects a playable troop of that value (0 stands for 10); again, the next such card. */
  private selectByValue(value: number, t0: number): void {
    if (!this.myTurn()) return;
    const cards = [...this.handCards()].filter((c) => /^[roygbp]/.test(c) && Number(c.slice(1)) === value).sort((a, b) => handOrder(a) - handOrder(b));
    if (cards.length === 0) return;
    const at = this.sel.kind === 'none' ? -1 : cards.indexOf(this.sel.card);
    const card = cards[(at + 1) % cards.length]!;
    this.select(card, true);
    this.render(t0);
    this.el.hand.querySelector<HTMLElement>(`[data-hand="${card}"]`)?.focus();
  }

  private replaceGame(game: Game | null, entries: LogEntry[]): void {
    this.generation++;
    this.computer.cancel();
    this.game?.free();
    this.game = game;
    this.entries = entries;
    this.sel = NONE;
    this.suggestion = null;
    this.thinking = false;
    this.computerFailed = false;
    this.lookaheadFor = -1;
    this.animate = false;
  }

  private save(): void {
    // A lesson is never saved as the game in progress: the player's own game waits for them.
    if (!this.game || this.lesson) return;
    saveGame(this.host.store, {
      version: 1,
      mode: this.session.mode,
      level: this.session.level,
      humanSeat: this.session.humanSeat,
      record: this.game.record(),
      handover: this.handover,
      aiSeed: this.session.aiSeed,
      ...(this.session.seats.length === 3 ? { seats: this.session.seats } : {}),
      savedAt: Date.now(),
    });
  }

  // ---- reading the state ----------------------------------------------------------------------------

  /** The seat drawn at the bottom. */
  viewer(): PlayerIndex {
    if (this.replay) return this.replay.viewer;
    if (!this.game) return 0;
    if (this.session.mode === 'computer') return this.session.humanSeat;
    const current = this.game.current;
    if (!this.isComputer(current)) return current;
    // A computer seat is playing between persons: the board stays with the last person shown.
    return this.shownSeat ?? this.session.humanSeat;
  }

  private phase(): string {
    return this.game?.phase.step ?? 'gameOver';
  }

  /** The viewer may act now. */
  myTurn(): boolean {
    const g = this.game;
    if (!g || this.replay || this.handover || this.thinking || dialogOpen() || this.lesson?.done) return false;
    if (g.result()) return false;
    return g.current === this.viewer();
  }

  legal(): Action[] {
    return this.myTurn() ? this.game!.legalActions() : [];
  }

  /** During a claim step: what the player could do right after ending the claims (same player only). */
  private lookahead(): Action[] {
    const g = this.game!;
    if (g.phase.step !== 'claim') return [];
    if (this.lookaheadFor === g.actionCount) return this.lookaheadLegal;
    let legal: Action[] = [];
    const clone = g.clone();
    try {
      clone.endClaims();
      if (clone.current === g.current && !clone.result()) legal = clone.legalActions();
    } catch {
      legal = [];
    } finally {
      clone.free();
    }
    this.lookaheadFor = g.actionCount;
    this.lookaheadLegal = legal;
    return legal;
  }

  /** The actions that carry out `action` now: itself, or ending the claims first. */
  private resolve(action: Action): Action[] | null {
    if (!this.myTurn()) return null;
    const legal = this.game!.legalActions();
    const now = find(legal, action);
    if (now) return [now];
    if (legal.some((a) => a.type === 'endClaims')) {
      const later = find(this.lookahead(), action);
      if (later) return [{ type: 'endClaims' }, later];
    }
    return null;
  }

  private affordances(): { now: Affordances; later: Affordances; legal: Action[]; after: Action[] } {
    const legal = this.legal();
    const after = legal.some((a) => a.type === 'endClaims') ? this.lookahead() : [];
    return { now: affordances(legal), later: affordances(after), legal, after };
  }

  private handCards(): Set<CardName> {
    const { now, later } = this.affordances();
    if (this.phase() === 'scoutReturn') return now.returns;
    return new Set([...now.hand, ...later.hand]);
  }

  /** Legal actions that can start with `card` (now, or after ending the claims). */
  private actionsFor(card: CardName): Action[] {
    const { now, legal, after } = this.affordances();
    return now.hand.has(card) ? legal : after;
  }

  // ---- acting ---------------------------------------------------------------------------------------

  /** Applies `action` for the current player (throws as the engine does), logs it, and tells the host. */
  private play(g: Game, action: Action): void {
    this.entries.push(applyLogged(g, action));
    this.host.played(g, g.actionCount - 1);
  }

  private perform(actions: Action[], t0?: number): boolean {
    const g = this.game;
    if (!g) return false;
    const before = g.current;
    let ok = true;
    for (const action of actions) {
      try {
        this.play(g, action);
        this.lesson?.history.actions.push(action);
      } catch (err) {
        this.message = { text: t('illegal', { msg: errorText(err) }), kind: 'error' };
        ok = false;
        break;
      }
    }
    this.sel = NONE;
    this.suggestion = null;
    if (ok) this.message = null;
    this.lookaheadFor = -1;
    this.continueAfterChange(before, t0);
    return ok;
  }

  /** After any change: save, hand over, let the computer move, or show the end. */
  private continueAfterChange(before: PlayerIndex | null, t0?: number): void {
    const g = this.game;
    if (!g) return;
    if (this.session.mode === 'hotseat' && !g.result() && !this.isComputer(g.current) && g.current !== this.shownSeat) {
      if (before !== null || this.shownSeat !== null) this.handover = true;
    }
    if (g.result()) this.handover = false;
    this.render(t0);
    this.save();
    this.lessonProgress();
    if (g.result()) {
      this.maybeShowEnd();
      return;
    }
    if (this.isComputer(g.current)) void this.runComputer();
  }

  private maybeShowEnd(): void {
    const g = this.game;
    if (!g || !g.result() || this.endShownAt === g.actionCount || this.replay || this.lesson) return;
    this.endShownAt = g.actionCount;
    const count = g.actionCount;
    this.endPending = true;
    setTimeout(() => {
      this.endPending = false;
      if (this.game === g && g.actionCount === count && !this.replay) void this.showEnd();
    }, 700);
  }

  async showEnd(): Promise<void> {
    const g = this.game;
    const result = g?.result();
    if (!g || !result) return;
    const match = g.matchScore();
    const choice = await endDialog(this.host.shadow, {
      result,
      names: this.names(),
      match,
      breakthrough: result.victory === 'breakthrough' ? (this.entries.at(-1)?.winFlags ?? null) : null,
      canNext: !match.over,
    });
    if (choice === 'next') this.perform([{ type: 'nextGame' }]);
    else if (choice === 'new') await this.newGame();
    else if (choice === 'replay') this.startReplay(g.record());
    this.render();
  }

  private async runComputer(): Promise<void> {
    const gen = this.generation;
    if (this.aiLoop === gen) return;
    this.aiLoop = gen;
    try {
      while (gen === this.generation) {
        const g = this.game;
        if (!g || g.result() || !this.isComputer(g.current)) break;
        const seat = g.current;
        if (this.lesson) {
          // A lesson's opponent plays its script, at the computer's pace; without one it waits.
          const move = scriptedMove(this.lesson, g);
          if (!move) break;
          this.thinking = true;
          this.render();
          await sleep(this.settings.aiDelay);
          if (gen !== this.generation) return;
          this.play(g, move);
          this.render();
          continue;
        }
        this.thinking = true;
        this.render();
        const started = performance.now();
        const legal = g.legalActions();
        const level = this.levelOf(seat);
        const suggestion = await this.computer.suggest(g.view(seat), legal, level, this.session.aiSeed++);
        if (legal.length > 1) this.computerTimes.push({ level, ms: performance.now() - started });
        if (gen !== this.generation) return;
        const wait = this.settings.aiDelay - (performance.now() - started);
        if (wait > 0) await sleep(wait);
        if (gen !== this.generation) return;
        if (!suggestion) break;
        // A failure is shown, with a way to try again; the computer's move is never made up.
        let failure = 'error' in suggestion ? suggestion.error : null;
        if ('action' in suggestion) {
          try {
            this.play(g, suggestion.action);
          } catch (err) {
            failure = errorText(err);
          }
        }
        if (failure !== null) {
          setLang(this.settings.lang);
          this.computerFailed = true;
          this.message = { text: t('computerFailed', { msg: escapeHTML(failure) }), kind: 'error' };
          break;
        }
        this.lookaheadFor = -1;
        if (this.session.mode === 'hotseat' && !g.result() && !this.isComputer(g.current) && g.current !== this.shownSeat) this.handover = true;
        this.save();
        this.render();
      }
    } finally {
      if (this.aiLoop === gen) this.aiLoop = -1;
    }
    if (gen !== this.generation) return;
    this.thinking = false;
    this.render();
    if (this.game?.result()) this.maybeShowEnd();
  }

  private select(card: CardName, keep = false): void {
    if (!keep && this.sel.kind !== 'none' && this.sel.card === card) {
      this.sel = NONE;
      return;
    }
    this.sel = isGuile(card) ? { kind: 'guile', card, source: null } : { kind: 'card', card };
    this.message = null;
  }

  private onHand(card: CardName, t0: number): void {
    if (!this.myTurn()) return;
    if (this.phase() === 'scoutReturn') {
      const steps = this.resolve({ type: 'scoutReturn', card });
      if (steps) this.perform(steps, t0);
      return;
    }
    if (!this.handCards().has(card)) {
      // A greyed-out card says why when pressed (a tap has no hover to show the tooltip).
      const why = this.game ? whyUnplayable(this.game, [card]).get(card) : undefined;
      if (why) this.message = { text: why, kind: 'info' };
      this.render(t0);
      return;
    }
    this.select(card);
    this.render(t0);
  }

  private onFlag(flag: FlagNumber, t0: number): void {
    if (!this.game || this.replay) return;
    const sel = this.sel;
    if (this.myTurn()) {
      if (sel.kind === 'card') {
        if (sel.card === 'scout') {
          this.playScout(t0);
          return;
        }
        const action = playAction(this.actionsFor(sel.card), sel.card, flag);
        if (action) {
          const steps = this.resolve(action);
          if (steps) {
            this.perform(steps, t0);
            return;
          }
        }
      } else if (sel.kind === 'guile' && sel.source === null) {
        // A flag's number picks the (first) card there that the guile card can take.
        const here = this.game.view(this.viewer()).flags[flag - 1]?.sides.flat() ?? [];
        const sources = sourcesFor(this.actionsFor(sel.card), sel.card);
        const card = here.find((c) => sources.has(c));
        if (card) {
          this.onSource(card, t0);
          return;
        }
      } else if (sel.kind === 'guile' && sel.source !== null && sel.card !== 'deserter') {
        const to = destinationsFor(this.actionsFor(sel.card), sel.card, sel.source);
        if (to.flags.has(flag)) {
          const action: Action =
            sel.card === 'redeploy' ? { type: 'redeploy', card: sel.source, to: flag } : { type: 'traitor', card: sel.source as Extract<Action, { type: 'traitor' }>['card'], to: flag };
          const steps = this.resolve(action);
          if (steps) {
            this.perform(steps, t0);
            return;
          }
        }
      }
      if (sel.kind === 'none' || !this.selectionTargets().has(flag)) {
        const claim = this.game.legalActions().find((a) => a.type === 'claim' && a.flag === flag);
        if (claim) {
          this.perform([claim], t0);
          return;
        }
      }
      const why = sel.kind === 'card' ? this.flagWhy.reasons.get(flag) : undefined;
      if (why) {
        this.message = { text: why, kind: 'info' };
        this.render(t0);
        return;
      }
    }
    void this.explainFlag(flag);
  }

  private selectionTargets(): Set<FlagNumber> {
    const sel = this.sel;
    if (sel.kind === 'card') return flagsFor(this.actionsFor(sel.card), sel.card);
    if (sel.kind === 'guile' && sel.source !== null) return destinationsFor(this.actionsFor(sel.card), sel.card, sel.source).flags;
    return new Set();
  }

  private async explainFlag(flag: FlagNumber): Promise<void> {
    const g = this.game;
    if (!g) return;
    const viewer = this.viewer();
    const view = g.view(viewer);
    const fv = view.flags[flag - 1];
    if (!fv) return;
    let proof;
    try {
      proof = g.explainClaim(flag, viewer);
    } catch (err) {
      this.message = { text: errorText(err), kind: 'error' };
      this.render();
      return;
    }
    let body = explainHTML(proof, { names: this.names(), viewer, flag: fv });
    if (proof.claimable && fv.claimedBy === null) {
      body += `<p class="note">${g.current === viewer && !g.result() ? t('claimLater') : t('claimNotYourTurn')}</p>`;
    }
    const title = t('claimTitle', { n: flag, name: this.names()[viewer] ?? '' });
    await claimDialog(this.host.shadow, title, body, null);
    if (this.lesson && !proof.claimable) this.lesson.history.refusalsShown.add(flag);
    this.render();
    this.lessonProgress();
  }

  private onSource(card: CardName, t0: number): void {
    const sel = this.sel;
    if (!this.myTurn() || sel.kind !== 'guile') return;
    if (!sourcesFor(this.actionsFor(sel.card), sel.card).has(card)) return;
    if (sel.card === 'deserter') {
      const steps = this.resolve({ type: 'deserter', card });
      if (steps) this.perform(steps, t0);
      return;
    }
    this.sel = { ...sel, source: sel.source === card ? null : card };
    this.render(t0);
  }

  private onDeck(deck: DeckKind, t0: number): void {
    if (!this.myTurn()) return;
    const type = this.phase() === 'scoutDraw' ? 'scoutDraw' : 'draw';
    const steps = this.resolve({ type, deck });
    if (steps) this.perform(steps, t0);
  }

  private onDiscard(t0: number): void {
    const sel = this.sel;
    if (!this.myTurn() || sel.kind !== 'guile' || sel.card !== 'redeploy' || sel.source === null) return;
    const steps = this.resolve({ type: 'redeploy', card: sel.source, to: null });
    if (steps) this.perform(steps, t0);
  }

  private playScout(t0: number): void {
    const steps = this.resolve({ type: 'scout' });
    if (steps) this.perform(steps, t0);
  }

  private onDrop(card: CardName, target: Element | null): void {
    const t0 = performance.now();
    if (!target) {
      this.render(t0);
      return;
    }
    if (target.closest('[data-discard]')) return;
    const flag = Number((target.closest('[data-flag]') as HTMLElement | null)?.dataset['flag']);
    if (flag >= 1 && flag <= 9) {
      if (card === 'scout') this.playScout(t0);
      else this.onFlag(flag as FlagNumber, t0);
    }
  }

  /** The undo policy of fairplay.ts, asked for the person at the screen. */
  private undoState(): { keep: number } | { blocked: UndoBlock } | null {
    const g = this.game;
    if (!g || this.replay) return null;
    return undoPolicy(g, this.entries, this.viewer(), this.myTurn());
  }

  undoTarget(): number | null {
    const u = this.undoState();
    return u && 'keep' in u ? u.keep : null;
  }

  /** Why Undo is unavailable, in words, or null when it is available (or there is nothing to say). */
  private undoBlockedText(): string | null {
    const u = this.undoState();
    return u && 'blocked' in u ? t('undoUnavailable', { why: t(u.blocked) }) : null;
  }

  undo(): void {
    const target = this.undoTarget();
    if (target === null || !this.game) {
      const why = this.undoBlockedText();
      if (why) {
        this.message = { text: why, kind: 'info' };
        this.render();
      }
      return;
    }
    const t0 = performance.now();
    const game = this.game.replayTo(target);
    const entries = this.entries.slice(0, target);
    this.replaceGame(game, entries);
    this.handover = false;
    this.endShownAt = -1;
    this.message = { text: t('undone'), kind: 'info' };
    this.save();
    this.render(t0);
    if (this.isComputer(game.current) && !game.result()) void this.runComputer();
  }

  async hint(): Promise<void> {
    if (!this.myTurn() || !this.game) return;
    const g = this.game;
    const viewer = this.viewer();
    const count = g.actionCount;
    // Hints come quickly: at most the medium search.
    const level = this.session.mode === 'computer' && (this.session.level === 'easy' || this.session.level === 'random') ? 'easy' : 'medium';
    const s = await this.computer.suggest(g.view(viewer), g.legalActions(), level, this.session.aiSeed + 7919);
    if (this.game !== g || g.actionCount !== count) return;
    if (!s) {
      this.message = { text: t('hintNone'), kind: 'info' };
    } else if ('error' in s) {
      this.message = { text: t('computerFailed', { msg: escapeHTML(s.error) }), kind: 'error' };
    } else {
      this.suggestion = s.action;
      this.message = { text: adviceText(g, viewer, s.action), kind: 'info' };
    }
    this.render();
  }

  private revealHand(t0: number): void {
    this.handover = false;
    this.shownSeat = this.game?.current ?? null;
    this.save();
    this.render(t0);
    this.el.hand.querySelector<HTMLElement>('.playable')?.focus();
  }

  // ---- replay ---------------------------------------------------------------------------------------

  startReplay(record: GameRecord): void {
    const viewer = this.viewer();
    this.exitReplay(false);
    const { game: full, entries } = replayLogged(record, Game);
    const game = full.replayTo(0);
    const open = replayIsOpen(full);
    this.replay = { record, open, full, game, index: 0, entries, viewer: open ? 0 : viewer, timer: null };
    this.animate = false;
    this.sel = NONE;
    this.render();
  }

  replayTo(index: number): void {
    const r = this.replay;
    if (!r) return;
    const n = Math.max(0, Math.min(index, r.record.actions.length));
    if (n === r.index) return;
    if (n === r.index + 1) {
      r.game.apply(r.record.actions[r.index]!);
    } else {
      r.game.free();
      r.game = r.full.replayTo(n);
      this.animate = false;
    }
    r.index = n;
    this.render();
  }

  private toggleReplayPlay(): void {
    const r = this.replay;
    if (!r) return;
    if (r.timer !== null) {
      clearInterval(r.timer);
      r.timer = null;
    } else {
      r.timer = window.setInterval(() => {
        if (!this.replay || this.replay.index >= this.replay.record.actions.length) {
          if (this.replay?.timer != null) clearInterval(this.replay.timer);
          if (this.replay) this.replay.timer = null;
          this.render();
          return;
        }
        this.replayTo(this.replay.index + 1);
      }, Math.max(300, this.settings.aiDelay));
    }
    this.render();
  }

  exitReplay(render = true): void {
    const r = this.replay;
    if (!r) return;
    if (r.timer !== null) clearInterval(r.timer);
    r.game.free();
    r.full.free();
    this.replay = null;
    this.animate = false;
    if (render) this.render();
  }

  /** Replay is offered once an action was played, and not behind the hand-over curtain of an unfinished game. */
  private canReplay(): boolean {
    const g = this.game;
    if (!g || g.actionCount === 0) return false;
    return !this.handover || replayIsOpen(g);
  }

  // ---- import / export / settings -----------------------------------------------------------------

  async exportRecord(): Promise<void> {
    if (!canExport(this.replay?.full ?? this.game)) {
      this.message = { text: t('exportUnavailable'), kind: 'info' };
      this.render();
      return;
    }
    const record = this.replay?.record ?? this.game?.record();
    if (!record) return;
    await exportDialog(this.host.shadow, JSON.stringify(record, null, 1), `battleline-${record.seed}.json`);
  }

  async importRecord(): Promise<void> {
    const text = await importDialog(this.host.shadow, (input) => {
      try {
        Game.fromRecord(input.trim()).free();
        return null;
      } catch (err) {
        return importProblem(err);
      }
    });
    if (!text) return;
    const g = this.game;
    if (g && !g.matchScore().over && g.actionCount > 0 && !(await confirmDialog(this.host.shadow, t('importReplaceConfirm'), t('importTitle')))) return;
    this.loadRecord(JSON.parse(text.trim()) as GameRecord);
  }

  /** Opens a record: a finished game in the replay, an unfinished one as a game with the current opponents. */
  loadRecord(record: GameRecord): void {
    const { game, entries } = replayLogged(record, Game);
    if (game.matchScore().over) {
      game.free();
      this.startReplay(record);
      return;
    }
    this.exitReplay(false);
    this.replaceGame(game, entries);
    // The opponents stay: a game against the computer goes on against it, in the same seats, when the
    // record has as many players; otherwise everybody plays on this device.
    if (this.session.seats.length !== record.options.players) {
      const persons: Seat[] = Array.from({ length: record.options.players }, () => ({ kind: 'person' }));
      this.session = { mode: 'hotseat', level: this.session.level, humanSeat: 0, aiSeed: this.session.aiSeed, seats: persons };
    }
    this.shownSeat = null;
    this.handover = true;
    this.endShownAt = -1;
    this.save();
    this.render();
    this.continueAfterChange(null);
  }

  async openSettings(): Promise<void> {
    const next = await settingsDialog(this.host.shadow, this.settings);
    if (!next) return;
    this.settings = next;
    setLang(next.lang);
    saveSettings(this.host.store, next);
    this.render();
  }

  /** The element's `lang` changed. */
  setLanguage(lang: Settings['lang']): void {
    this.settings = { ...this.settings, lang };
    this.render();
  }

  /** The record of the match on the board once it is over (never before: it holds the seed). */
  finishedRecord(): GameRecord | null {
    const g = this.replay?.full ?? this.game;
    return g && canExport(g) ? g.record() : null;
  }

  toggleLang(): void {
    this.settings = { ...this.settings, lang: getLang() === 'en' ? 'zh' : 'en' };
    setLang(this.settings.lang);
    saveSettings(this.host.store, this.settings);
    this.render();
  }

  /** The players' rules: a page of their own (the host's `rules` link), or inline from the host's templates. */
  private openRules(): void {
    const rules = this.host.rules;
    if (!rules) return;
    if ('href' in rules) {
      window.location.href = `${rules.href}#${getLang()}`;
      return;
    }
    void claimDialog(this.host.shadow, t('rulesTitle'), `<div class="rules-inline">${rules.html(getLang())}</div>`, null);
    const inline = this.host.shadow.querySelector<HTMLElement>('dialog .rules-inline');
    if (inline) fillRuleCards(inline, getLang());
  }

  // ---- events ---------------------------------------------------------------------------------------

  private onClick(event: MouseEvent): void {
    const t0 = event.timeStamp || performance.now();
    const target = event.target as Element;
    const act = target.closest<HTMLElement>('[data-act]');
    if (act && !(act as HTMLButtonElement).disabled) {
      this.onAct(act.dataset['act'] ?? '', t0);
      return;
    }
    if (this.replay) return;
    const src = target.closest<HTMLElement>('[data-src]');
    if (src && this.sel.kind === 'guile') {
      this.onSource(src.dataset['src'] as CardName, t0);
      return;
    }
    const hand = target.closest<HTMLElement>('[data-hand]');
    if (hand) {
      this.onHand(hand.dataset['hand'] as CardName, t0);
      return;
    }
    const deck = target.closest<HTMLElement>('[data-deck]');
    if (deck) {
      this.onDeck(deck.dataset['deck'] as DeckKind, t0);
      return;
    }
    if (target.closest('[data-discard]')) {
      this.onDiscard(t0);
      return;
    }
    const flag = target.closest<HTMLElement>('[data-flag]');
    if (flag) {
      this.onFlag(Number(flag.dataset['flag']) as FlagNumber, t0);
      return;
    }
  }

  private onInput(event: Event): void {
    const range = (event.target as Element).closest<HTMLInputElement>('.replay-range');
    if (range) this.replayTo(Number(range.value));
  }

  private onAct(act: string, t0: number): void {
    switch (act) {
      case 'new':
        void this.confirmNew();
        return;
      case 'undo':
        this.undo();
        return;
      case 'hint':
        void this.hint();
        return;
      case 'log':
        this.logOpen = !this.logOpen;
        this.render(t0);
        return;
      case 'lang':
        this.toggleLang();
        return;
      case 'rules':
        this.openRules();
        return;
      case 'menu':
        this.menuOpen = !this.menuOpen;
        this.render(t0);
        return;
      case 'export':
      case 'import':
      case 'replay':
      case 'settings':
        this.menuOpen = false;
        this.render();
        if (act === 'export') void this.exportRecord();
        if (act === 'import') void this.importRecord();
        if (act === 'replay' && this.game && this.canReplay()) this.startReplay(this.game.record());
        if (act === 'settings') void this.openSettings();
        return;
      case 'reveal':
        this.revealHand(t0);
        return;
      case 'tutorial':
        this.startTutorial();
        return;
      case 'retryComputer':
        this.computerFailed = false;
        this.message = null;
        void this.runComputer();
        return;
      case 'lesson-next':
        this.nextStep();
        return;
      case 'lesson-again':
        this.restartLessonStep();
        return;
      case 'lesson-leave':
        void this.leaveTutorial();
        return;
      case 'pass': {
        const steps = this.resolve({ type: 'pass' });
        if (steps) this.perform(steps, t0);
        return;
      }
      case 'endClaims': {
        const steps = this.resolve({ type: 'endClaims' });
        if (steps) this.perform(steps, t0);
        return;
      }
      case 'scout':
        this.playScout(t0);
        return;
      case 'discard':
        this.onDiscard(t0);
        return;
      case 'cancel':
        this.sel = NONE;
        this.render(t0);
        return;
      case 'nextGame':
        this.perform([{ type: 'nextGame' }], t0);
        return;
      case 'showEnd':
        void this.showEnd();
        return;
      case 'rp-first':
        this.replayTo(0);
        return;
      case 'rp-prev':
        this.replayTo((this.replay?.index ?? 1) - 1);
        return;
      case 'rp-next':
        this.replayTo((this.replay?.index ?? 0) + 1);
        return;
      case 'rp-last':
        this.replayTo(this.replay?.record.actions.length ?? 0);
        return;
      case 'rp-play':
        this.toggleReplayPlay();
        return;
      case 'rp-flip':
        if (this.replay?.open) this.replay.viewer = ((this.replay.viewer + 1) % this.players()) as PlayerIndex;
        this.animate = false;
        this.render();
        return;
      case 'rp-exit':
        this.exitReplay();
        return;
    }
  }

  private async confirmNew(): Promise<void> {
    const g = this.game;
    if (g && !g.matchScore().over && g.actionCount > 0 && !(await confirmDialog(this.host.shadow, t('newGameConfirm')))) return;
    await this.newGame();
  }

  private onKeyInRoot(event: KeyboardEvent): void {
    // Arrow keys move along the hand.
    const el = event.target as HTMLElement;
    if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && el.dataset['hand']) {
      const cards = [...this.el.hand.querySelectorAll<HTMLElement>('[data-hand]')];
      const i = cards.indexOf(el);
      cards[(i + (event.key === 'ArrowLeft' ? -1 : 1) + cards.length) % cards.length]?.focus();
      event.preventDefault();
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (dialogOpen() || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target as Element).tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    const t0 = performance.now();
    const key = event.key;
    if (this.replay) {
      if (key === 'ArrowLeft') this.replayTo(this.replay.index - 1);
      else if (key === 'ArrowRight') this.replayTo(this.replay.index + 1);
      else if (key === 'Home') this.replayTo(0);
      else if (key === 'End') this.replayTo(this.replay.record.actions.length);
      else if (key === 'Escape') this.exitReplay();
      else return;
      event.preventDefault();
      return;
    }
    if (this.handover) return;
    if (event.shiftKey && /^Digit[0-9]$/.test(event.code)) {
      this.selectByValue(Number(event.code.slice(5)) || 10, t0);
    } else if (/^[1-9]$/.test(key)) {
      this.onFlag(Number(key) as FlagNumber, t0);
    } else if (key === 'c' || key === 'C') {
      this.focusGame();
    } else if (key === 't' || key === 'T') {
      this.onDeck('troop', t0);
    } else if (key === 'k' || key === 'K') {
      this.onDeck('tactics', t0);
    } else if (key === 'p' || key === 'P') {
      this.onAct('pass', t0);
    } else if (key === 'u' || key === 'U') {
      this.undo();
    } else if (key === 'h' || key === 'H') {
      void this.hint();
    } else if (key === 'd' || key === 'D') {
      this.onDiscard(t0);
    } else if (key === 'e' || key === 'E') {
      this.onAct('endClaims', t0);
    } else if (key === 's' && this.sel.kind === 'card' && this.sel.card === 'scout') {
      this.playScout(t0);
    } else if (key === 'Escape') {
      this.sel = NONE;
      this.menuOpen = false;
      this.render(t0);
    } else {
      return;
    }
    event.preventDefault();
  }

  // ---- drawing --------------------------------------------------------------------------------------

  private model(): RenderModel {
    const r = this.replay;
    const names = this.names();
    if (r) {
      const view = r.game.view(r.viewer);
      return {
        view,
        viewer: r.viewer,
        names,
        opponents: this.opponentsOf(r.viewer),
        // Every hand face up only in the replay of a finished match (fairplay.ts).
        openHand: r.open ? r.game.fullState().hands : null,
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
        last: this.lastHighlights(r.entries.slice(0, r.index)),
        suggestion: null,
        thinking: false,
        winFlags: this.winFlags(r.entries.slice(0, r.index)),
      };
    }
    const g = this.game!;
    const viewer = this.viewer();
    const view = g.view(viewer);
    const mine = this.myTurn();
    const { now, later } = this.affordances();
    const sel = this.sel;
    let targetFlags = new Set<FlagNumber>();
    let targetKind: 'side' | 'flag' = 'side';
    let sourceCards = new Set<CardName>();
    let discardTarget = false;
    if (mine && sel.kind === 'card') {
      targetFlags = flagsFor(this.actionsFor(sel.card), sel.card);
      if (sel.card === 'fog' || sel.card === 'mud') targetKind = 'flag';
    } else if (mine && sel.kind === 'guile') {
      const legal = this.actionsFor(sel.card);
      sourceCards = sourcesFor(legal, sel.card);
      if (sel.source !== null) {
        const to = destinationsFor(legal, sel.card, sel.source);
        targetFlags = to.flags;
        discardTarget = to.discard;
      }
    }
    const selectable = this.phase() === 'scoutReturn' ? now.returns : new Set([...now.hand, ...later.hand]);
    // Asked of the engine once per position (a render must stay quick): one probe per greyed-out card.
    const whyKey = `${g.digest()}|${viewer}|${getLang()}|${mine}`;
    if (this.idleWhy.key !== whyKey) {
      const idle = mine && this.phase() !== 'scoutReturn' ? view.hand.filter((card) => !selectable.has(card)) : [];
      this.idleWhy = { key: whyKey, reasons: idle.length ? whyUnplayable(g, idle) : new Map() };
    }
    const idleWhy = this.idleWhy.reasons;
    // With a card selected, each flag it cannot go to says why (hover, focus, and a press of the flag).
    let flagWhy: ReadonlyMap<FlagNumber, string> = new Map();
    if (mine && sel.kind === 'card' && sel.card !== 'scout') {
      const key = `${whyKey}|${sel.card}`;
      if (this.flagWhy.key !== key) {
        const others = ([1, 2, 3, 4, 5, 6, 7, 8, 9] as FlagNumber[]).filter((f) => !targetFlags.has(f));
        this.flagWhy = { key, reasons: whyNotAt(g, sel.card, others) };
      }
      flagWhy = this.flagWhy.reasons;
    }
    return {
      flagWhy,
      view,
      viewer,
      names,
      opponents: this.opponentsOf(viewer),
      openHand: null,
      hideHand: this.handover || (this.persons().length > 1 && this.isComputer(g.current) && !g.result()),
      interactive: mine,
      selectableHand: mine ? selectable : new Set(),
      idleWhy,
      selected: sel.kind === 'none' ? null : sel.card,
      targetFlags,
      targetKind,
      sourceCards,
      pickedSource: sel.kind === 'guile' ? sel.source : null,
      claimFlags: now.claims,
      hintFlags: this.settings.hints && !this.handover && !view.result && view.current === viewer ? new Set(view.claimable) : new Set(),
      decks: mine ? new Set([...now.decks, ...later.decks]) : new Set(),
      discardTarget,
      last: this.lastHighlights(this.entries),
      suggestion: this.suggestionHighlights(),
      thinking: this.thinking,
      winFlags: this.winFlags(this.entries),
    };
  }

  /** The other seats in seat order, starting after `viewer`. */
  private opponentsOf(viewer: PlayerIndex): PlayerIndex[] {
    const n = this.players();
    return Array.from({ length: n - 1 }, (_, i) => ((viewer + 1 + i) % n) as PlayerIndex);
  }

  /** The flags that won the game on the board, as the engine reported them (none while it goes on). */
  private winFlags(entries: readonly LogEntry[]): Set<FlagNumber> {
    const last = entries.at(-1);
    return new Set(last?.result?.winner !== null && last?.result ? (last.winFlags ?? []) : []);
  }

  private lastHighlights(entries: readonly LogEntry[]): Highlights {
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

  private suggestionHighlights(): Highlights | null {
    const a = this.suggestion;
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

  private prompt(m: RenderModel): { prompt: string; buttons: ActionButton[] } {
    const g = this.game!;
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
      if (this.isComputer(view.current) && this.computerFailed && !this.thinking) {
        buttons.push({ act: 'retryComputer', label: t('retry'), primary: true });
        return { prompt: '', buttons };
      }
      if (this.isComputer(view.current)) return { prompt: t('promptWaitComputer'), buttons };
      return { prompt: '', buttons };
    }
    const { now } = this.affordances();
    const sel = this.sel;
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

  private status(m: RenderModel): string {
    const html = this.statusCore(m);
    const view = m.view;
    if (view.options.games <= 1 || this.replay) return html;
    const names = m.names.map(escapeHTML);
    const scores =
      names.length > 2 ? names.map((n, i) => `${n} ${view.scores[i] ?? 0}`).join(' · ') : `${names[0]} ${view.scores[0] ?? 0} : ${view.scores[1] ?? 0} ${names[1]}`;
    const match = `${t('gameN', { n: view.gameIndex + 1, total: view.options.games })} · ${scores}`;
    return html + `<span class="match-score">${match}</span>`;
  }

  private statusCore(m: RenderModel): string {
    const view = m.view;
    const names = m.names;
    if (this.replay) {
      const step = t('replayStep', { i: this.replay.index, n: this.replay.record.actions.length });
      return renderStatus({
        who: view.current,
        headline: t('replayTitle'),
        detail: this.replay.open ? step : `${step} · ${t('replayOwnView', { name: names[this.replay.viewer] ?? '' })}`,
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
      this.session.mode === 'computer' && current === this.session.humanSeat && !this.isComputer(current) ? t('yourTurn') : t('turnOf', { name: names[current] ?? '' });
    return renderStatus({
      who: current,
      headline,
      detail: this.thinking ? t('thinking') : this.handover ? '' : phaseText(view.phase),
      thinking: this.thinking,
    });
  }

  /** The nine columns: each keeps its element; its content is redrawn only when it changed. */
  private drawBoard(m: RenderModel): void {
    const parts = boardParts(m);
    let line = this.el.board.querySelector<HTMLElement>(':scope > .line');
    if (!line || line.children.length !== parts.columns.length) {
      this.el.board.innerHTML = `<div role="group"></div>`;
      line = this.el.board.firstElementChild as HTMLElement;
      line.innerHTML = parts.columns.map((c) => `<div data-flag="${c.flag}"></div>`).join('');
    }
    setClass(line, parts.lineClass);
    line.setAttribute('aria-label', parts.label);
    parts.columns.forEach((c, i) => {
      const col = line.children[i] as HTMLElement;
      setClass(col, c.className);
      const before = new Set(Array.from(col.querySelectorAll<HTMLElement>('.card.on-board')).map((e) => e.dataset['card']));
      const hadFlag = col.querySelector('.won-flag') !== null;
      if (!setHTML(col, c.inner) || !this.animate) return;
      // What arrived since the last drawing moves in: new cards drop, a claimed pennant travels.
      for (const card of col.querySelectorAll<HTMLElement>('.card.on-board')) if (!before.has(card.dataset['card'])) card.classList.add('fresh');
      if (!hadFlag) col.querySelector('.won-flag .pennant')?.classList.add(col.querySelector('.claim-slot.bottom .won-flag') ? 'fresh-up' : 'fresh-down');
    });
    this.animate = true;
  }

  private drawHand(m: RenderModel): void {
    const hand = this.el.hand;
    if (m.hideHand) {
      setHTML(hand, hiddenHandHTML(m));
      return;
    }
    let wrap = hand.querySelector<HTMLElement>(':scope > .hand-cards:not(.hidden-hand)');
    if (!wrap) {
      setHTML(hand, `<div class="hand-cards" role="group"></div>`);
      wrap = hand.firstElementChild as HTMLElement;
    }
    wrap.setAttribute('aria-label', t('handOf'));
    wrap.style.setProperty('--n', String(Math.max(7, m.view.hand.length)));
    patchChildren(wrap, handItems(m));
  }

  /** The log, appended to when only new entries came, redrawn otherwise. */
  private renderLog(): void {
    const el = this.el;
    el.log.hidden = !this.logOpen;
    const r = this.replay;
    const names = this.names();
    const ctx: TellContext = { names, reveal: r ? (r.open ? 'all' : r.viewer) : this.session.mode === 'computer' ? this.session.humanSeat : null };
    const entries = r ? r.entries.slice(0, r.index) : this.entries;
    const key = `${getLang()}|${r ? `replay${r.open ? '' : r.viewer}` : this.session.mode}|${entries[0]?.actor ?? ''}|${this.game?.seed ?? ''}`;
    let list = el.log.querySelector('.log-lines');
    const line = (e: LogEntry): string => {
      const text = tell(e, ctx);
      return text ? `<li>${text}</li>` : '';
    };
    const prefix = this.logState;
    const sameStart = prefix.key === key && prefix.count > 0 && prefix.count <= entries.length && list !== null && entries[prefix.count - 1] === prefix.last;
    if (sameStart && list) {
      const html = entries.slice(prefix.count).map(line).join('');
      if (html) list.insertAdjacentHTML('beforeend', html);
    } else {
      const first = entries[0];
      const start = first ? `<li>${t('logStart', { who: `<b class="who p${first.actor}">${names[first.actor] ?? ''}</b>` })}</li>` : '';
      const close = `<button type="button" class="log-close" data-act="log" aria-label="${t('closeLog')}">×</button>`;
      // tabindex: the list scrolls, so keyboard users must be able to reach it to scroll it.
      el.log.innerHTML = `<h2>${t('logTitle')}</h2>${close}<ol class="log-lines" tabindex="0" aria-label="${t('logTitle')}">${start}${entries.map(line).join('')}</ol>`;
      list = el.log.querySelector('.log-lines');
    }
    this.logState = { key, count: entries.length, last: entries[entries.length - 1] };
    if (list && this.logOpen) {
      const target = list;
      requestAnimationFrame(() => (target.scrollTop = target.scrollHeight));
    }
    const latest = list?.lastElementChild?.innerHTML ?? '';
    if (latest !== this.announced) {
      this.announced = latest;
      el.announce.innerHTML = latest;
    }
  }

  /** Redraws everything from the engine's state; `t0` is the time of the click that caused it. */
  render(t0?: number): void {
    const el = this.el;
    setLang(this.settings.lang);
    el.root.lang = langTag(this.settings.lang);
    const focusKey = (this.host.shadow.activeElement as HTMLElement | null)?.dataset?.['focus'];
    el.root.classList.toggle('tutorial', this.lesson !== null);
    el.lesson.hidden = this.lesson === null;
    setHTML(el.lesson, this.lesson ? lessonPanelHTML(this.lesson, this.thinking) : '');
    if (!this.game && !this.replay) {
      el.tools.innerHTML = renderTools({ canUndo: false, canHint: false, logOpen: this.logOpen, menuOpen: this.menuOpen, inReplay: false, canReplay: false, exportBlocked: t('exportUnavailable'), hasRules: this.host.rules !== null });
      return;
    }
    const m = this.model();
    el.root.classList.toggle('in-replay', this.replay !== null);
    el.root.classList.toggle('log-open', this.logOpen);
    el.hand.classList.toggle('my-turn', m.interactive);
    setHTML(el.tools, renderTools({
      canUndo: this.undoTarget() !== null,
      undoBlocked: this.undoBlockedText(),
      exportBlocked: canExport(this.replay?.full ?? this.game) ? null : t('exportUnavailable'),
      canHint: this.myTurn(),
      logOpen: this.logOpen,
      menuOpen: this.menuOpen,
      inReplay: this.replay !== null,
      canReplay: this.canReplay(),
      hasRules: this.host.rules !== null,
    }));
    setHTML(el.status, this.status(m));
    el.oppStrip.classList.toggle('three', m.opponents.length > 1);
    setHTML(el.oppStrip, m.opponents.map((opp) => renderStrip(m, opp)).join(''));
    this.drawBoard(m);
    setHTML(el.decks, renderDecks(m));
    setHTML(el.myStrip, renderStrip(m, m.viewer));
    this.drawHand(m);
    if (this.replay) {
      const r = this.replay;
      const e = r.entries[r.index - 1];
      const desc = e ? (tell(e, { names: m.names, reveal: r.open ? 'all' : r.viewer }) ?? '') : t('replayNothing');
      setHTML(el.bar, renderReplayBar(r.index, r.record.actions.length, r.timer !== null, desc, r.open));
    } else {
      const { prompt, buttons } = this.prompt(m);
      const steps = this.handover || m.view.result ? '' : renderSteps(m.view.options.claimTiming, stepOf(m.view.phase));
      setHTML(el.bar, renderActionBar(prompt, buttons, this.message, steps));
    }
    this.renderLog();
    if (this.handover && this.game && !this.replay) {
      const recent = sinceLastTurnOf(this.entries, this.game.current)
        .map((e) => tell(e, { names: m.names, reveal: null }))
        .filter((x): x is string => x !== null);
      const prev = this.entries[this.entries.length - 1]?.actor ?? (((this.game.current + this.players() - 1) % this.players()) as PlayerIndex);
      const wasHidden = el.curtain.hidden;
      setHTML(el.curtain, handoverHTML(this.game.current, prev, m.names, recent));
      el.curtain.hidden = false;
      if (wasHidden) el.curtain.querySelector<HTMLElement>('[data-act=reveal]')?.focus();
    } else {
      el.curtain.hidden = true;
      setHTML(el.curtain, '');
    }
    this.host.rendered(`${t('title')} · ${el.status.querySelector('.headline')?.textContent ?? ''}`);
    if (focusKey && (this.host.shadow.activeElement as HTMLElement | null)?.dataset?.['focus'] !== focusKey) {
      el.root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focusKey)}"]`)?.focus({ preventScroll: true });
    }
    if (t0 !== undefined) {
      void el.root.offsetHeight; // style and layout, included in the measured time
      this.redrawTimes.push(performance.now() - t0);
    }
  }

  /** For the tests: play an action for the current player as if chosen in the page. */
  applyForTest(action: Action): boolean {
    const g = this.game;
    if (!g) return false;
    const before = g.current;
    try {
      this.play(g, action);
    } catch {
      return false;
    }
    this.sel = NONE;
    this.lookaheadFor = -1;
    this.continueAfterChange(before);
    return true;
  }

  setAiDelay(ms: number): void {
    this.settings = { ...this.settings, aiDelay: ms };
  }
}
