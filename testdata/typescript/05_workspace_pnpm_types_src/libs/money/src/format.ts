import type { Money } from './money';

export function formatMoney(amount: Money, currency = 'EUR'): string {
  return `${(amount.cents / 100).toFixed(2)} ${currency}`;
}
