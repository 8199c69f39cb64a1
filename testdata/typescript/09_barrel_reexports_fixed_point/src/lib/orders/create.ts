export interface Order {
  id: string;
  sku: string;
  total: number;
}

let sequence = 0;

export function createOrder(sku: string, quantity: number): Order {
  sequence += 1;
  return { id: `o-${sequence}`, sku, total: quantity * 1999 };
}
