export interface Product {
  sku: string;
  title: string;
}

export function listProducts(): Product[] {
  return [{ sku: 'p-1', title: 'Lamp' }];
}
