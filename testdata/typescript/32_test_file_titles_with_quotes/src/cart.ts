export class Cart {
  private readonly lines: number[] = [];

  constructor(readonly currency = 'EUR') {}

  addLine(cents: number): void {
    this.lines.push(cents);
  }

  total(): number {
    return this.lines.reduce((sum, cents) => sum + cents, 0);
  }
}

export function emptyCart(): Cart {
  return new Cart();
}
