export class Receipt {
  constructor(readonly lines: string[]) {}

  print(): string {
    return this.lines.join('\n');
  }
}

export class Cart {
  private readonly prices: number[] = [];

  total(): number {
    return this.prices.reduce((sum, p) => sum + p, 0);
  }

  print(): string {
    return `cart of ${this.prices.length}`;
  }

  checkout(): Receipt {
    return new Receipt([`total ${this.total()}`]);
  }
}

export function makeCart(): Cart {
  return new Cart();
}

export function makeReceipt(cart: Cart): Receipt {
  return cart.checkout();
}

// no return annotation: the result type is not read
export function restoreCart(json: string) {
  return JSON.parse(json);
}
