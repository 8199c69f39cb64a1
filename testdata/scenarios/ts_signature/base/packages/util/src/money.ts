export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function unrelated(): number {
  return 1;
}
