import { createApp } from 'vue';
// The element with its engine's wasm served as a file: Vite's build emits it beside the site's scripts
// (dist/assets/battleline_bg-HASH.wasm) and the browser fetches it on its own (served as application/wasm,
// it compiles while it downloads, and the server may compress it with brotli). `battleline-engine/element`
// would inline it instead, with no configuration anywhere.
import 'battleline-engine/element/wasm-file';
import App from './App.vue';

createApp(App).mount('#root');
