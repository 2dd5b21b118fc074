import { createApp } from 'vue';
import 'battleline-engine/element';
import App from './App.vue';

createApp(App).mount('#root');
