// The element with Parcel (its dev server and its build): no top-level await, which Parcel's dev server
// does not take in every setup.
import 'battleline-engine/element';

const game = document.querySelector('battle-line-game');
game.ready.then(() => performance.mark('battleline-ready'));
game.addEventListener('battleline-end', (e) => {
  const { result, record } = e.detail;
  document.querySelector('#out').textContent = `Player ${result.winner + 1} won (${result.victory}).`;
  window.__end = { result, record };
});
