import type { Entity } from './contracts';

export abstract class Model implements Entity {
  version = 1;
  createdAt = new Date();

  constructor(readonly id: string) {}
}

export class Repository<T extends Model> {
  protected readonly items: T[] = [];

  add(item: T): void {
    this.items.push(item);
  }
}
