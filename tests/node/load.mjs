// Loads the built package (pkg/) exactly as a Node user would, with the wasm bytes read from disk.
import { readFileSync } from 'node:fs';
import * as battleline from '../../pkg/index.js';

battleline.initSync({ module: readFileSync(new URL('../../pkg/battleline_bg.wasm', import.meta.url)) });
export default battleline;
