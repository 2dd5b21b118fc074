// One seeded game to its end: seat 0 plays the first legal action, seat 1 is the computer (in a Web
// Worker).
import init, { Game } from 'battleline-engine';
import { Computer } from 'battleline-engine/computer';

await init();
performance.mark('battleline-ready');

const level = new URLSearchParams(location.search).get('level') ?? 'easy';
const game = new Game({ seed: 2024 });
const computer = new Computer();
while (!game.matchScore().over) {
  const action =
    game.current === 1
      ? await computer.suggest(game.view(1), level, { seed: game.actionCount })
      : game.legalActions()[0];
  game.apply(action);
}
computer.terminate();

const result = game.result();
document.querySelector('#out').textContent = `Player ${result.winner} won (${result.victory}) after ${game.actionCount} actions.`;
window.__result = { digest: game.digest(), winner: result.winner, victory: result.victory, actions: game.actionCount };
