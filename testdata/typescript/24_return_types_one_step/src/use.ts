import { Cart, makeCart, makeReceipt, restoreCart } from './cart';

export function assigned(): number {
  const cart = makeCart();
  return cart.total();
}

export function chained(): number {
  return makeCart().total();
}

// two classes have `print`; the declared return type picks Receipt's
export function printed(): string {
  const receipt = makeReceipt(makeCart());
  return receipt.print();
}

// a method's declared return type, on a receiver made by `new`
export function fromMethod(): string {
  const cart = new Cart();
  const receipt = cart.checkout();
  return receipt.print();
}

export function untyped(json: string): number {
  const cart = restoreCart(json);
  return cart.total();
}
