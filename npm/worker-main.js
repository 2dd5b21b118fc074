// The computer player's worker (bundled by scripts/finish-pkg.mjs into one classic script, inlined in
// the package as a string): it instantiates the full engine from the compiled module the main thread
// sends, then answers one request at a time: a suggestion, win chances, a hint or a review (which
// reports its progress after each decision). It sees only what it is sent: a player's view, or a
// finished game's record for a review.
import { initSync, suggest, evaluate, hint, explain, explainMove, judgeMove, Reviewer } from '../pkg/full/battleline.js';

// In a browser the worker's global scope is the port; Node's bootstrap (computer-node.js) sets
// globalThis.__battlelinePort to an adapter over worker_threads' parentPort.
const port = globalThis.__battlelinePort ?? globalThis;

function review(message) {
  const reviewer = new Reviewer(message.record, message.player, message.level, message.seed);
  try {
    const total = reviewer.total;
    let done = 0;
    port.postMessage({ type: 'progress', id: message.id, done: 0, total });
    for (let decision = reviewer.next(); decision !== undefined; decision = reviewer.next()) {
      done += 1;
      port.postMessage({ type: 'progress', id: message.id, done, total, decision });
    }
    // The whole story (both sides' decisions, the steps, turning points and accuracy) from the engine.
    return reviewer.review();
  } finally {
    reviewer.free();
  }
}

const answers = {
  suggest: (m) => suggest(m.view, m.level, m.seed),
  evaluate: (m) => evaluate(m.view, m.level, m.seed),
  hint: (m) => hint(m.view, m.level, m.seed, m.previous),
  explain: (m) => explain(m.view),
  explainMove: (m) => explainMove(m.view, m.action),
  judgeMove: (m) => judgeMove(m.view, m.action, m.index, m.level, m.seed),
  review,
};

port.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    try {
      initSync({ module: message.module });
      port.postMessage({ type: 'ready' });
    } catch (error) {
      port.postMessage({ type: 'failed', message: `the engine did not start in the worker: ${error?.message ?? error}` });
    }
    return;
  }
  const answer = answers[message.type];
  if (!answer) return;
  try {
    port.postMessage({ type: 'answer', id: message.id, value: answer(message) });
  } catch (error) {
    const code = typeof error?.code === 'string' ? error.code : 'worker_failed';
    port.postMessage({ type: 'answer', id: message.id, error: { code, message: String(error?.message ?? error) } });
  }
};
