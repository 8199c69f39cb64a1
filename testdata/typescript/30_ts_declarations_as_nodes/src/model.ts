export enum Status {
  Draft = 'draft',
  Paid = 'paid',
}

export const enum Flags {
  None = 0,
  Urgent = 1,
}

export type Line = { sku: string; cents: number };

export interface Invoice {
  id: string;
  status: Status;
  lines: Line[];
}

export type InvoiceId = Invoice['id'];

export namespace Totals {
  export function sum(lines: Line[]): number {
    return lines.reduce((total, line) => total + line.cents, 0);
  }

  export function average(lines: Line[]): number {
    return lines.length ? sum(lines) / lines.length : 0;
  }
}

// overloads: three signatures, one symbol
export function parseAmount(input: string): number;
export function parseAmount(input: number): number;
export function parseAmount(input: string | number): number {
  return typeof input === 'number' ? input : Number.parseFloat(input);
}

export class Ledger {
  static readonly currency = 'EUR';
  private entries: Line[] = [];

  constructor(readonly owner: string) {}

  // a getter and a setter: one symbol
  get balance(): number {
    return Totals.sum(this.entries);
  }

  set balance(cents: number) {
    this.entries = [{ sku: 'adjustment', cents }];
  }

  static empty(owner: string): Ledger {
    return new Ledger(owner);
  }

  // a class field holding an arrow function is a method
  record = (line: Line): void => {
    this.entries.push(line);
  };
}
