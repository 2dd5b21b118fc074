// Loads the built package (pkg/) exactly as a Node user would: `init()` with no argument (the package
// finds its own wasm). `full` is the entry with the computer players; `rules` the engine alone.
import * as rules from '../../pkg/index.js';
import * as full from '../../pkg/full.js';

await rules.default();
await full.init();
export { rules };
export default full;
