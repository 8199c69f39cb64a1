const handlers = new Map();

export function on(name, handler) {
  handlers.set(name, [...(handlers.get(name) ?? []), handler]);
}

export function emit(name, payload) {
  for (const handler of handlers.get(name) ?? []) {
    handler(payload);
  }
}
