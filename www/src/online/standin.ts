// The game on the board in an online game: the server holds the real one; the page holds the engine's
// stand-in for the seat's view (`standInGame(view)`: the hidden cards filled in arbitrarily, never the real
// ones), so that everything the page asks of a game (legal actions, why a card cannot go somewhere, claim
// proofs, formations, look-ahead on a copy) is answered by the engine as for a local game. What only the
// server knows (the view as sent, the log, the match score, the count of actions, the record once the
// match is over) comes from the server's last state.
import { Game, standInGame, type GameRecord, type LogEntry as EngineLogEntry } from '../../../pkg/full.js';
import type { StateMessage } from './protocol.js';

/** A game for the page from the server's state and the whole log so far (as this seat may know it). */
export function onlineGame(state: StateMessage, log: readonly EngineLogEntry[]): Game {
  const inner = standInGame(state.view);
  const overrides: Partial<Record<string | symbol, unknown>> = {
    view: () => state.view,
    spectatorView: () => state.view,
    legalActions: () => state.legal,
    result: () => state.view.result,
    matchScore: () => state.match,
    actionCount: state.n,
    current: state.view.current,
    phase: state.view.phase,
    seed: 0,
    // A cache key of the position (the page's "why" probes): the room, its match and the action count.
    digest: () => `${state.room.id}:${state.room.generation}:${state.n}`,
    viewDigest: () => `${state.room.id}:${state.room.generation}:${state.n}:${state.seat ?? 's'}`,
    log: (_viewer: unknown, from?: number) => log.slice(from ?? 0),
    // The record holds the deal: the server sends it once the match is over, never before.
    record: (): GameRecord => {
      if (!state.record) throw new Error('the record of an online match comes once the match is over');
      return state.record;
    },
    replayTo: (n: number) => {
      if (!state.record) throw new Error('the record of an online match comes once the match is over');
      const full = Game.fromRecord(state.record);
      try {
        return full.replayTo(n);
      } finally {
        full.free();
      }
    },
    fullState: () => {
      throw new Error('an online game shows only the seat\'s view');
    },
  };
  return new Proxy(inner, {
    get(target, property) {
      if (property in overrides) return overrides[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
