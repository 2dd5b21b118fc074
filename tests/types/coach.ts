// The coach's calls written against the package's declarations (battleline-engine/computer): win
// chances, the hint and a review with its progress, under `tsc --strict`.
import { Computer, evaluate, review } from '../../pkg/computer.js';
import type { Evaluation, FlagChange, Hint, Judgement, Review, ReviewedDecision, ReviewProgress } from '../../pkg/computer.js';
import type { GameRecord, PlayerView } from '../../pkg/full.js';

export async function coach(view: PlayerView, record: GameRecord, signal: AbortSignal): Promise<string> {
  const computer = new Computer();
  const chances: Evaluation = await computer.evaluate(view, 'medium', { seed: 3 });
  const flag3: number | undefined = chances.flags[2];
  const advice: Hint = await computer.hint(view, 'easy');
  const why: FlagChange | null = advice.reason;
  const seen: number[] = [];
  const result: Review = await computer.review(record, 0, 'medium', {
    signal,
    onProgress: (p: ReviewProgress) => {
      seen.push(p.done / p.total);
      const just: ReviewedDecision | null = p.decision;
      void just;
    },
  });
  const marks: Judgement[] = result.decisions.flatMap((d) => (d.judgement ? [d.judgement] : []));
  const shared: Evaluation = await evaluate(view, 'hard');
  const whole: Review = await review(JSON.stringify(record), 1, 'easy');
  computer.terminate();
  return `${chances.win} ${flag3} ${why?.flag} ${marks.length} ${shared.win} ${whole.thresholds.blunder} ${result.level}`;
}
