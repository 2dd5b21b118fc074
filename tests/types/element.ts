// The element's declarations as a strict TypeScript site uses them (compiled by `tsc -p tests/types`).
import type { BattleLineGameElement, EndEventDetail, GameOptions } from '../../pkg/element.js';
import '../../pkg/element.js';

export async function embed(): Promise<number | null> {
  const el = document.querySelector('battle-line-game'); // typed by HTMLElementTagNameMap
  if (!el) return null;
  const game: BattleLineGameElement = el;
  await game.ready;
  const options: GameOptions = { mode: 'hotseat', level: 'hard', players: 2, tactics: false, claimTiming: 'endOfTurn', games: 3, seed: 7 };
  game.start(options);
  game.level = 'hard';
  game.seed = null;
  const tactics: boolean | undefined = game.tactics;
  // @ts-expect-error: players are 2 or 3
  game.players = 4;
  console.log(tactics, game.claimTiming === 'afterPlay');
  // @ts-expect-error: a level the element does not have
  game.start({ level: 'expert' });
  game.addEventListener('battleline-move', (e) => console.log(e.detail.index, e.detail.player, e.detail.action?.type, e.detail.events.length));
  game.addEventListener('battleline-claim', (e) => console.log(e.detail.flag + e.detail.player));
  let ended: EndEventDetail | null = null;
  game.addEventListener('battleline-end', (e) => (ended = e.detail));
  const record = game.exportRecord();
  if (record) game.loadRecord(record);
  game.loadRecord(JSON.stringify(record));
  return ended === null ? null : (ended as EndEventDetail).result.winner;
}

// The element's whole public surface (its declarations are emitted by tsc from www/src/element/): the
// life-cycle method, the typed events on the element, and nothing of the game inside.
export function lifeAndPrivacy(game: BattleLineGameElement): void {
  const ready: Promise<void> = game.ready;
  void ready;
  game.destroy();
  game.addEventListener('battleline-ready', (e) => console.log(e.type));
  game.addEventListener('battleline-end', (e) => console.log(e.detail.match.over, e.detail.record?.seed));
  // @ts-expect-error: the controller is private (#controller), not part of the element
  console.log(game.controller);
  // @ts-expect-error: nothing hands out the game
  console.log(game.game);
  // @ts-expect-error: `ready` is read-only
  game.ready = Promise.resolve();
}
