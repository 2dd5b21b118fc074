// One seeded game to its end, in TypeScript for Node only (no DOM types): seat 0 plays the first legal
// action, seat 1 is the computer (in a worker thread).
import init, { BattleLineError, Game } from 'battleline-engine';
import type { Action } from 'battleline-engine';
import { Computer } from 'battleline-engine/computer';

await init();
const game = new Game({ seed: 2024 });
const computer = new Computer();
const controller = new AbortController();
const cancelled = computer.suggest(game.view(game.current), 'hard', { signal: controller.signal });
controller.abort();
await cancelled.then(
  () => {
    throw new Error('an aborted suggestion answered');
  },
  (error: unknown) => {
    if (!(error instanceof BattleLineError) || error.code !== 'aborted') throw error;
  },
);
while (!game.matchScore().over) {
  const first = game.legalActions()[0];
  if (first === undefined) throw new Error('a game that is not over has a legal action');
  const action: Action = game.current === 1 ? await computer.suggest(game.view(1), 'easy', { seed: game.actionCount }) : first;
  game.apply(action);
}
computer.terminate();
const result = game.result();
console.log(JSON.stringify({ digest: game.digest(), winner: result?.winner, victory: result?.victory, actions: game.actionCount }));
