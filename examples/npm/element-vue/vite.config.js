// Vue compiles a tag it does not know as a component; the `isCustomElement` line tells it that
// <battle-line-game> is a custom element (the line the package's README gives). The element's wasm is a file
// here (src/main.js): Vite's development server must serve the package as it is, not pre-bundled, for the
// file's URL to stay right (`optimizeDeps.exclude`, the README's other line); the build needs nothing.
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  optimizeDeps: { exclude: ['battleline-engine'] },
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'battle-line-game' } } })],
});
