// The computer player's worker (bundled by scripts/finish-pkg.mjs into one classic script, inlined in
// the package as a string): it instantiates the full engine from the compiled module the main thread
// sends, then answers one `suggest` at a time. It sees only what it is sent: a player's view.
import { initSync, suggest } from '../pkg/full/battleline.js';

// In a browser the worker's global scope is the port; Node's bootstrap (computer-node.js) sets
// globalThis.__battlelinePort to an adapter over worker_threads' parentPort.
const port = globalThis.__battlelinePort ?? globalThis;

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
  if (message.type === 'suggest') {
    try {
      const action = suggest(message.view, message.level, message.seed);
      port.postMessage({ type: 'answer', id: message.id, action });
    } catch (error) {
      const code = typeof error?.code === 'string' ? error.code : 'worker_failed';
      port.postMessage({ type: 'answer', id: message.id, error: { code, message: String(error?.message ?? error) } });
    }
  }
};
