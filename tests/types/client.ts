// A client written against the package's declarations: `tsc --noEmit --strict` must accept it, so the
// shapes an editor shows are the shapes the engine produces (the node tests check the values).
import init, { Game, BattleLineError, proveFlag } from '../../pkg/index.js';
import type { Action, CardName, FlagNumber, PlayerView, Proof, ErrorCode, GameRecord } from '../../pkg/index.js';

export async function demo(): Promise<string> {
  await init();
  const game = new Game({ seed: 1, claimTiming: 'startOfTurn' });
  const view: PlayerView = game.view(game.current);
  const card: CardName = view.hand[0];
  const flag: FlagNumber = 5;
  try {
    game.play(card, flag);
  } catch (e) {
    if (e instanceof BattleLineError) {
      const code: ErrorCode = e.code;
      return code;
    }
  }
  const actions: Action[] = game.legalActions();
  for (const action of actions) {
    if (action.type === 'play') {
      const where: FlagNumber = action.flag;
      void where;
    }
  }
  const proof: Proof = game.explainClaim(flag);
  const best = proof.opponents[0]?.strength?.kind;
  const record: GameRecord = game.record();
  const again = Game.fromRecord(record).replayTo(0);
  const hypothetical = proveFlag({ sides: [['r3', 'r4', 'r5'], ['b8']], claimant: 0, unseen: ['b7', 'b9'] });
  game.tactic({ card: 'scout', draw: 'troop' });
  return `${best} ${again.actionCount} ${hypothetical.claimable} ${view.phase.step}`;
}
