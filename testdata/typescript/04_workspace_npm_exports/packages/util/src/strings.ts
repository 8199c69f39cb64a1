import { clamp } from './index.js';

export function truncate(text: string, width: number): string {
  const keep = clamp(width - 1, 0, text.length);
  return text.length <= width ? text : `${text.slice(0, keep)}…`;
}
