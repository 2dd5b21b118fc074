// Vue compiles a tag it does not know as a component; this line tells it that <battle-line-game> is a custom
// element (the line the package's README gives).
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'battle-line-game' } } })],
});
