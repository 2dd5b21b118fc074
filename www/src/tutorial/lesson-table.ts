// A lesson's game as a table: the engine's game of the step, under the lesson's rules about what may be
// played. The learner may play what the engine allows until the step's goal is reached, then nothing (the
// board waits for Next); the opponent plays its script and nothing else (computer-turns.ts plays it). The page asks the table for what
// may be played (game/queries.ts), so what it offers in a lesson is the lesson's; the game itself is the
// one this device plays on (`held`), whose refusals stay the engine's.
import type { Action, FlagNumber, Game, GameOptions, GameRecord, MatchScore, PlayerIndex, PlayerView, Proof, SideFormation } from '../../../pkg/full.js';
import type { Lookahead, Table } from '../game/table.js';
import { LEARNER } from './goals.js';
import { nextScripted, type LessonRun } from './run.js';

export class LessonTable implements Table {
  /** The step's game: what the page plays the learner's actions and the script on, and the lesson keeps. */
  readonly held: Game;
  readonly #run: LessonRun;

  constructor(game: Game, run: LessonRun) {
    this.held = game;
    this.#run = run;
  }

  get current(): PlayerIndex {
    return this.held.current;
  }

  get phase(): PlayerView['phase'] {
    return this.held.phase;
  }

  get options(): GameOptions {
    return this.held.options;
  }

  get seed(): number {
    return this.held.seed;
  }

  get actionCount(): number {
    return this.held.actionCount;
  }

  view(player: PlayerIndex): PlayerView {
    return this.held.view(player);
  }

  /** The learner's: the engine's legal actions until the step's goal is reached, then none; the
   * opponent's: its next scripted move, if any (it goes on with its script once the goal is reached). */
  legalActions(): Action[] {
    if (this.held.current === LEARNER) return this.#run.done ? [] : this.held.legalActions();
    const move = nextScripted(this.#run, this.held);
    return move ? [move] : [];
  }

  result(): PlayerView['result'] {
    return this.held.result();
  }

  matchScore(): MatchScore {
    return this.held.matchScore();
  }

  explainClaim(flag: FlagNumber, player?: PlayerIndex): Proof {
    return this.held.explainClaim(flag, player);
  }

  formations(flag: FlagNumber): SideFormation[] {
    return this.held.formations(flag);
  }

  viewDigest(viewer: PlayerIndex): string {
    return this.held.viewDigest(viewer);
  }

  /** A look-ahead copy follows the engine's rules alone: it asks why a card cannot go somewhere. */
  clone(): Lookahead {
    return this.held.clone();
  }

  record(): GameRecord {
    return this.held.record();
  }

  free(): void {
    this.held.free();
  }
}

