import { Ids, Money } from './money';

export interface Invoice {
  id: string;
  total: Money;
}

export function newInvoice(amounts: number[]): Invoice {
  const id = Ids.next('inv');
  let total = Money.zero();
  for (const cents of amounts) {
    total = total.plus(Money.fromCents(cents));
  }
  return { id, total };
}
