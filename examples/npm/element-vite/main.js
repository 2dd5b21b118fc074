// The whole game is one element: importing the package's element entry defines <battle-line-game>.
import 'battleline-engine/element';

const game = document.querySelector('battle-line-game');
await game.ready;
performance.mark('battleline-ready');

game.addEventListener('battleline-claim', (e) => {
  document.querySelector('#out').textContent = `Flag ${e.detail.flag} claimed by player ${e.detail.player + 1}.`;
});
game.addEventListener('battleline-end', (e) => {
  const { result, record } = e.detail;
  document.querySelector('#out').textContent = `Player ${result.winner + 1} won (${result.victory}).`;
  window.__end = { result, record };
});
