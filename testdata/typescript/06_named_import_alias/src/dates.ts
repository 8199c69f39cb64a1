export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function parseDate(text: string): Date {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function toIso(date: Date): string {
  return date.toISOString();
}

export { toIso as iso };
