export class Cart {
  private readonly lines: number[] = [];

  total(): number {
    return this.lines.reduce((sum, cents) => sum + cents, 0);
  }
}
