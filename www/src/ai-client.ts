// The page's computer player: the package's own (battleline-engine/computer, a Web Worker), handed the
// engine the page already compiled. If no worker can run, or the engine refuses, a random legal action
// keeps the game going (with a warning in the console).
import { Computer as EngineComputer, BattleLineError } from '../../pkg/computer.js';
import type { Action, BotLevel, PlayerView } from '../../pkg/computer.js';
import { randomAction, sameAction } from './random-player.js';

export interface Suggestion {
  action: Action;
  source: 'engine' | 'random';
}

export class Computer {
  private readonly engine: EngineComputer;
  private pending = new AbortController();

  constructor(module: WebAssembly.Module) {
    this.engine = new EngineComputer({ wasm: module });
  }

  /** One action for the player whose view this is; `legal` are that player's legal actions. Null when cancelled. */
  async suggest(view: PlayerView, legal: Action[], level: string, seed: number): Promise<Suggestion | null> {
    const signal = this.pending.signal;
    try {
      const action = await this.engine.suggest(view, level as BotLevel, { seed, signal });
      if (legal.some((a) => sameAction(a, action))) return { action, source: 'engine' };
      console.warn(`computer player: suggest returned an action that is not legal: ${JSON.stringify(action)}`);
    } catch (error) {
      if (error instanceof BattleLineError && error.code === 'aborted') return null;
      console.warn(`computer player: ${error instanceof Error ? error.message : String(error)}`);
    }
    const action = randomAction(legal, seed);
    return action ? { action, source: 'random' } : null;
  }

  /** Drops a computation nobody waits for any more (undo, new game). */
  cancel(): void {
    this.pending.abort();
    this.pending = new AbortController();
  }
}
