use shop::cart::Cart;
use shop::money::Money;

#[test]
fn adds_an_item() {
    let mut cart = Cart::new();
    cart.add(&Money::new(100));
    let total = cart.total();
    assert_eq!(total, 1.0);
}
