export { createStore } from './store.js';
export { on } from './events.js';
