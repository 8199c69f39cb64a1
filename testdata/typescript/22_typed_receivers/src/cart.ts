export class Cart {
  private readonly items: number[] = [];

  addItem(cents: number): void {
    this.items.push(cents);
  }

  total(): number {
    return this.items.reduce((sum, cents) => sum + cents, 0);
  }
}
