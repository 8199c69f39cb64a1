import { Cart } from './cart';
import { PaymentGateway } from './gateway';

// a parameter annotation
export function charge(cart: Cart): number {
  return cart.total();
}

// a variable annotation
let activeCart: Cart;

export function activate(cart: Cart): void {
  activeCart = cart;
}

export function activeTotal(): number {
  return activeCart.total();
}

// `const x = new C()`: the exact class
export function quickSale(prices: number[]): number {
  const cart = new Cart();
  for (const price of prices) {
    cart.addItem(price);
  }
  return cart.total();
}

// a class field with a type annotation
export class Checkout {
  private gateway: PaymentGateway;

  constructor(gateway: PaymentGateway) {
    this.gateway = gateway;
  }

  pay(cart: Cart): string {
    return this.gateway.capture(cart.total());
  }
}

// a constructor parameter property
export class Receipt {
  constructor(private readonly cart: Cart) {}

  print(): string {
    return `total: ${this.cart.total()}`;
  }
}
