use shop_core::money;

pub struct Cart {
    prices: Vec<f64>,
}

impl Cart {
    pub fn new() -> Self {
        Cart { prices: Vec::new() }
    }

    pub fn add(&mut self, price: f64) {
        self.prices.push(price);
    }

    pub fn total(&self) -> f64 {
        money::round(self.prices.iter().sum())
    }

    pub fn label(&self) -> String {
        String::from("cart")
    }
}

#[cfg(test)]
mod tests {
    use super::Cart;

    #[test]
    fn totals() {
        let mut cart = Cart::new();
        cart.add(1.0);
        let total = cart.total();
        assert_eq!(total, 1.0);
    }

    #[test]
    fn labels() {
        let cart = Cart::new();
        assert_eq!(cart.label(), "cart");
    }
}
