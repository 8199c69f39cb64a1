import { Ledger, Status, Totals, parseAmount, type Invoice } from './model';

export function isPaid(invoice: Invoice): boolean {
  return invoice.status === Status.Paid;
}

export function grandTotal(invoice: Invoice): number {
  return Totals.sum(invoice.lines);
}

export function amount(raw: string): number {
  return parseAmount(raw);
}

export function open(owner: string): Ledger {
  return Ledger.empty(owner);
}
