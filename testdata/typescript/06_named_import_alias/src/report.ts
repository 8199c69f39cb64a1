import { formatDate as fmt, iso, parseDate } from './dates';

// A local function with the imported function's original name: the alias
// keeps them apart.
function formatDate(date: Date): string {
  return `${fmt(date)} (UTC)`;
}

export function header(raw: string): string {
  return formatDate(parseDate(raw));
}

export function stamp(date: Date): string {
  return iso(date);
}
