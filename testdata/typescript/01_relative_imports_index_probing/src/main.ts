import { formatPrice } from './format';
import { logLine } from './log';
import { toSlug } from './util';
import { readEnv } from './env';
import { badgeClass } from './ui/badge';

export function renderLine(name: string, cents: number): string {
  const line = `${toSlug(name)}: ${formatPrice(cents)}`;
  logLine(line);
  return line;
}

export function headerClass(): string {
  const mode = readEnv().mode;
  return badgeClass(mode === 'development' ? 'warning' : 'neutral');
}
