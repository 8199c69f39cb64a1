import { debounce } from 'lodash-es';
import { createStore, on } from '@demo/core';
import { emit } from '@demo/core/events';

export function startApp() {
  const store = createStore({ count: 0 });
  on('change', debounce(render, 50));
  emit('ready', store);
  return store;
}

function render(state) {
  document.title = `count: ${state.count}`;
}
