export const api = {
  list() {
    return this.fetch('/items');
  },
  fetch: (url) => url,
  async remove(id) {
    return id;
  },
};

export function list() {
  return 'the module function, not the method';
}

export function run() {
  // `list` is the module's function: an object's methods bind no names
  return list();
}
