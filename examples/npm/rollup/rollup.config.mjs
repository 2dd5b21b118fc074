// Rollup resolves npm packages only through the node-resolve plugin (as for any package).
import { nodeResolve } from '@rollup/plugin-node-resolve';

export default {
  input: 'src/main.js',
  output: { dir: 'dist', format: 'es' },
  plugins: [nodeResolve()],
};
