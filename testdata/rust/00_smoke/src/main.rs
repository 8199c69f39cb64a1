use shop::money::Money;
use shop::Cart;

fn main() {
    let mut cart = Cart::new();
    cart.add(&Money::new(250));
    println!("{}", cart.total());
}
