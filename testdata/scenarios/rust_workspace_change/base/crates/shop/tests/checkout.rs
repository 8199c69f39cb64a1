use shop::cart::Cart;

#[test]
fn checks_out() {
    let mut cart = Cart::new();
    cart.add(2.5);
    let total = cart.total();
    assert_eq!(total, 2.5);
}
