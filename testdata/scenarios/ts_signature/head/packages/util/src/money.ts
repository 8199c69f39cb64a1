export function formatCents(cents: number, currency: string): string {
  return `${currency}${(cents / 100).toFixed(2)}`;
}

export function unrelated(extra?: number): number {
  return 1;
}
