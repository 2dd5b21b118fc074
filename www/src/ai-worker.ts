// The computer player, in a Web Worker: it receives only the computer's view and its legal actions and
// answers one action. It uses the engine's `suggest` when the package exports it, and a random legal
// action otherwise.
import { initSync } from '../../pkg/index.js';
import * as engine from '../../pkg/index.js';
import type { Action, PlayerView } from '../../pkg/index.js';
import { randomAction, sameAction as same } from './random-player.js';

export interface SuggestRequest {
  type: 'suggest';
  id: number;
  view: PlayerView;
  legal: Action[];
  level: string;
  seed: number;
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
  onmessage: ((event: MessageEvent<SuggestRequest | InitRequest>) => void) | null;
  postMessage(message: SuggestReply | { type: 'ready' }): void;
}

const scope = self as unknown as WorkerScope;

type SuggestFn = (view: PlayerView, level: string, seed: number) => Action;

function engineSuggest(): SuggestFn | null {
  const name = 'suggest';
  const fn = (engine as unknown as Record<string, unknown>)[name];
  return typeof fn === 'function' ? (fn as SuggestFn) : null;
}

scope.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === 'init') {
    initSync({ module: msg.module });
    scope.postMessage({ type: 'ready' });
    return;
  }
  const suggest = engineSuggest();
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
