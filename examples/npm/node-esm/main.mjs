// One seeded game to its end in Node (ES modules): seat 0 plays the first legal action, seat 1 is the
// computer (in a worker thread). init() needs no argument: the package finds its own wasm.
import init, { Game, BattleLineError } from 'battleline-engine';
import { Computer } from 'battleline-engine/computer';

await init();
const game = new Game({ seed: 2024 });
try {
  game.play('r11', 1);
} catch (error) {
  if (!(error instanceof BattleLineError) || error.code !== 'bad_card') throw error;
}
const computer = new Computer();
while (!game.matchScore().over) {
  const action =
    game.current === 1 ? await computer.suggest(game.view(1), 'easy', { seed: game.actionCount }) : game.legalActions()[0];
  game.apply(action);
}
computer.terminate();
const result = game.result();
console.log(JSON.stringify({ digest: game.digest(), winner: result.winner, victory: result.victory, actions: game.actionCount }));
