/**
 * The computer player in a worker: `new Computer().suggest(view, level)` answers a Promise, and the
 * page's main thread never runs a search.
 * @module battleline-engine/computer
 */
// In browsers: the computer player in a Web Worker. The worker's script is inlined in the package and
// started from a Blob URL, so no bundler has to find or copy a worker file; a site whose
// Content-Security-Policy allows no `blob:` worker serves the same script as a file
// (battleline-engine/computer.worker.js) and passes its URL (`options.worker`). The full engine's wasm is
// loaded on the first request (or taken from `options.wasm`).
import {
  ComputerBase,
  inlineWasm,
  sharedComputer,
  type ComputerOptions,
  type EvaluateOptions,
  type ReviewOptions,
  type Spawn,
  type SuggestOptions,
} from './computer-core.js';
import workerSource from './inline-worker-source.js';
import type { Action, BotLevel, Evaluation, GameRecord, PlayerIndex, PlayerView, Review, SearchLevel } from './full/battleline.js';

export { BattleLineError } from './errors.js';
export type {
  ComputerBase,
  ComputerOptions,
  ComputerWasm,
  EvaluateOptions,
  ExplainOptions,
  HintOptions,
  ReviewOptions,
  ReviewProgress,
  SuggestOptions,
} from './computer-core.js';
export type {
  Action,
  BotLevel,
  ErrorCode,
  Evaluation,
  FlagChange,
  FlagOutlook,
  GameRecord,
  Hint,
  Judgement,
  Outlook,
  PlayerView,
  Previous,
  Reach,
  Reason,
  Review,
  ReviewedDecision,
  ReviewThresholds,
  ReviewStep,
  ReviewCause,
  TurningPoint,
  GameStory,
  Drawn,
  DrawnOut,
  SearchLevel,
  SideOutlook,
} from './full/battleline.js';

let sourceUrl: string | null = null;

/** Starts the worker from `file` (a URL the site serves), or from the inlined script. */
const spawner =
  (file: string | URL | undefined): Spawn =>
  (onMessage, onFailure) => {
    const url = file ?? (sourceUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' })));
    const worker = new Worker(url, { name: 'battleline-computer' });
    worker.onmessage = (event) => onMessage(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      const why = file === undefined ? 'a Content-Security-Policy without worker-src blob:? then serve battleline-engine/computer.worker.js and pass its URL: the `worker` option of new Computer(), the `worker-url` attribute of <battle-line-game>' : `is ${String(file)} served?`;
      onFailure(`the computer's worker failed: ${event.message || `it could not start (${why})`}`);
    };
    return { post: (message) => worker.postMessage(message), terminate: () => worker.terminate(), busy() {}, idle() {} };
  };

/** The computer player in its own Web Worker (see {@link ComputerBase} for what it does). */
export class Computer extends ComputerBase {
  constructor(options?: ComputerOptions) {
    super(spawner(options?.worker), inlineWasm, options);
  }
}

const shared = sharedComputer(() => new Computer());

/** `new Computer().suggest(…)` on one Computer shared by every call of these functions. */
export function suggest(view: PlayerView, level: BotLevel, options?: SuggestOptions): Promise<Action> {
  return shared().suggest(view, level, options);
}

/** `new Computer().evaluate(…)`: the viewer's win chances, on the shared Computer. */
export function evaluate(view: PlayerView, level: SearchLevel, options?: EvaluateOptions): Promise<Evaluation> {
  return shared().evaluate(view, level, options);
}

/** `new Computer().review(…)`: a post-game review, on the shared Computer. */
export function review(record: GameRecord | string, player: PlayerIndex, level: SearchLevel, options?: ReviewOptions): Promise<Review> {
  return shared().review(record, player, level, options);
}
