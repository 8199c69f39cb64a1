export class Money {
  private constructor(readonly cents: number) {}

  static fromCents(cents: number): Money {
    return new Money(Math.round(cents));
  }

  static zero(): Money {
    return Money.fromCents(0);
  }

  plus(other: Money): Money {
    return Money.fromCents(this.cents + other.cents);
  }
}
