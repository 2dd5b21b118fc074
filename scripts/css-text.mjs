// An esbuild plugin: `import css from './x.css'` gives the stylesheet as a minified string, for a shadow root
// (www/src/element/element.ts adopts it). Used by the page's build and the package's.
import { readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';

export const cssText = {
  name: 'css-text',
  setup(build) {
    build.onLoad({ filter: /\.css$/ }, async (args) => {
      const { code } = await esbuild.transform(readFileSync(args.path, 'utf8'), { loader: 'css', minify: true, target: ['chrome111', 'firefox113', 'safari16.4'] });
      return { contents: code, loader: 'text' };
    });
  },
};
