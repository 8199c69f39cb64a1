export function applyDiscount(total: number, percent: number): number {
  return Math.round(total * (1 - percent / 100));
}

export function addTax(total: number): number {
  return Math.round(total * 1.2);
}
