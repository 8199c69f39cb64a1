import { Order } from './models/order.js';

export function archiveAll(records) {
  for (const record of records) {
    record.archive();
  }
}

export function renderAll(views) {
  return views.map((view) => view.render());
}

export function resetAll(things) {
  things.forEach((thing) => thing.reset());
}

export function refreshSearch(index) {
  return index.reindex();
}

export function archiveOrder(id) {
  const order = new Order(id);
  order.archive();
  return order;
}

// a function, not a method: never a candidate for `x.archive()`
export function archive(record) {
  return { ...record, archived: true };
}
