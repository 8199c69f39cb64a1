import { cancelOrder, createOrder, discount, money } from '../lib';

export function checkout(sku: string): string {
  const order = createOrder(sku, 2);
  return money.formatCents(discount(order.total, 10));
}

export function undo(id: string): boolean {
  return cancelOrder(id).cancelled;
}
