import { Money, formatMoney } from '@shop/money';

export class Cart {
  private lines: Money[] = [];

  addLine(cents: number): void {
    this.lines.push(Money.fromCents(cents));
  }

  total(): Money {
    return this.lines.reduce((sum, line) => sum.plus(line), Money.zero());
  }

  label(): string {
    return formatMoney(this.total());
  }
}
