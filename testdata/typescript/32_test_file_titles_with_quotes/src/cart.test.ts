import { describe, expect, it } from 'vitest';
import { Cart, emptyCart } from './cart';

describe("Cart's \"total\"", () => {
  it('sums `lines` — even when a title says "it\'s"', () => {
    const cart = new Cart();
    cart.addLine(250);
    cart.addLine(100);
    expect(cart.total()).toBe(350);
  });

  it(`starts at ${'"zero"'} for an empty cart`, () => {
    expect(emptyCart().total()).toBe(0);
  });

  it.each([
    [1, 1],
    [2, 2],
  ])('keeps %i line(s) as %i', (count, expected) => {
    const cart = new Cart('USD');
    for (let i = 0; i < count; i++) cart.addLine(1);
    expect(cart.total()).toBe(expected);
  });
});
