import type { Printable } from './contracts';
import { Model, Repository } from './model';

interface Serializable {
  toJSON(): object;
}

export class Invoice extends Model implements Printable, Serializable {
  constructor(
    id: string,
    readonly cents: number,
  ) {
    super(id);
  }

  print(): string {
    return `${this.id}: ${this.cents}`;
  }

  toJSON(): object {
    return { id: this.id, cents: this.cents };
  }
}

// a generic base class
export class InvoiceRepository extends Repository<Invoice> {}

// the base class is outside the repository
export class InvoiceError extends Error {}
