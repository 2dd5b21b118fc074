// One seeded game to its end, typed under the strictest settings (see tsconfig.json): seat 0 plays the
// first legal action, seat 1 is the computer (in a worker).
import init, { BattleLineError, Game } from 'battleline-engine';
import type { Action, ErrorCode, GameResult, PlayerView } from 'battleline-engine';
import { Computer, type BotLevel } from 'battleline-engine/computer';

await init();
const game = new Game({ seed: 2024, claimTiming: 'afterPlay' });
const computer = new Computer();
const level: BotLevel = 'easy';
// @ts-expect-error: a level the engine refuses is not a BotLevel
const refused: BotLevel = 'search:-1';
void refused;

try {
  game.draw('troop'); // a draw before playing a card
} catch (error) {
  if (!(error instanceof BattleLineError)) throw error;
  const code: ErrorCode = error.code;
  if (code !== 'wrong_phase') throw error;
}

while (!game.matchScore().over) {
  const view: PlayerView = game.view(game.current);
  const first: Action | undefined = game.legalActions()[0];
  if (first === undefined) throw new Error('a game that is not over has a legal action');
  const action: Action = view.player === 1 ? await computer.suggest(view, level, { seed: game.actionCount }) : first;
  game.apply(action);
}
computer[Symbol.dispose](); // what `using computer = new Computer()` calls at the end of its block

const result: GameResult | null = game.result();
if (result === null) throw new Error('the game has a result');
const copy = Game.fromRecord(game.record());
const digest = copy.digest();
copy.free();
try {
  copy.digest();
  throw new Error('a freed game answered');
} catch (error) {
  if (!(error instanceof BattleLineError) || error.code !== 'freed') throw error;
}
console.log(JSON.stringify({ digest, winner: result.winner, victory: result.victory, actions: game.actionCount }));
