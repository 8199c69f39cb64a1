import { api } from './api';

export function load() {
  api.list();
  return api.remove(1);
}

export function register(button) {
  button.on({ click: () => load() });
}
