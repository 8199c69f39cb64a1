// the package imports its own subpath by its own name
import { emit } from '@demo/core/events';

export function createStore(initial) {
  let state = initial;
  emit('init', state);
  return {
    read: () => state,
    write: (next) => {
      state = next;
      emit('change', state);
    },
  };
}
