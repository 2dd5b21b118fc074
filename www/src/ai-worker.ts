// The computer player, in a Web Worker: it receives only the computer's view and its legal actions and
// answers one action, or, when the level searches several trees side by side (one worker each), the
// answer of one tree. It uses the engine's `suggest` when the package exports it, and a random legal
// action otherwise.
import { initSync } from '../../pkg/index.js';
import * as engine from '../../pkg/index.js';
import type { Action, PlayerView, TreeAnswer } from '../../pkg/index.js';
import { randomAction, sameAction as same } from './random-player.js';

export interface SuggestRequest {
  type: 'suggest';
  id: number;
  view: PlayerView;
  legal: Action[];
  level: string;
  seed: number;
}

/** One tree of a decision (`suggestTree`); the main thread combines the trees' answers. */
export interface TreeRequest {
  type: 'tree';
  id: number;
  view: PlayerView;
  level: string;
  seed: number;
  tree: number;
}

export interface TreeReply {
  id: number;
  answer: TreeAnswer | null;
  error?: string;
}

export interface InitRequest {
  type: 'init';
  module: WebAssembly.Module;
}

export interface SuggestReply {
  id: number;
  action: Action | null;
  source: 'engine' | 'random';
  error?: string;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<SuggestRequest | TreeRequest | InitRequest>) => void) | null;
  postMessage(message: SuggestReply | TreeReply | { type: 'ready' }): void;
}

const scope = self as unknown as WorkerScope;

type SuggestFn = (view: PlayerView, level: string, seed: number) => Action;

type SuggestTreeFn = (view: PlayerView, level: string, seed: number, tree: number) => TreeAnswer;

/** An export of the package, if this build has it (a package built without bots has none). */
function engineFunction<F>(name: string): F | null {
  const fn = (engine as unknown as Record<string, unknown>)[name];
  return typeof fn === 'function' ? (fn as F) : null;
}

function answerTree(msg: TreeRequest): void {
  const suggestTree = engineFunction<SuggestTreeFn>('suggestTree');
  try {
    if (!suggestTree) throw new Error('this engine build has no suggestTree');
    scope.postMessage({ id: msg.id, answer: suggestTree(msg.view, msg.level, msg.seed, msg.tree) });
  } catch (err) {
    scope.postMessage({ id: msg.id, answer: null, error: err instanceof Error ? err.message : String(err) });
  }
}

scope.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === 'init') {
    initSync({ module: msg.module });
    scope.postMessage({ type: 'ready' });
    return;
  }
  if (msg.type === 'tree') {
    answerTree(msg);
    return;
  }
  const suggest = engineFunction<SuggestFn>('suggest');
  let error: string | undefined;
  if (suggest) {
    try {
      const action = suggest(msg.view, msg.level, msg.seed);
      if (msg.legal.some((a) => same(a, action))) {
        scope.postMessage({ id: msg.id, action, source: 'engine' });
        return;
      }
      error = `suggest returned an action that is not legal: ${JSON.stringify(action)}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
  }
  const reply: SuggestReply = { id: msg.id, action: randomAction(msg.legal, msg.seed), source: 'random' };
  if (error) reply.error = error;
  scope.postMessage(reply);
};
