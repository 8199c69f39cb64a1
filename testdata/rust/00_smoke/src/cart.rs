use crate::money::{self, Money};

pub struct Cart {
    total: Money,
    count: u32,
}

impl Cart {
    pub fn new() -> Self {
        Cart { total: Money::new(0), count: 0 }
    }

    pub fn total(&self) -> f64 {
        money::round(self.total.value())
    }

    pub fn add(&mut self, price: &Money) {
        self.total = self.total.add(price);
        self.recount();
    }

    fn recount(&mut self) {
        self.count += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_empty() {
        let cart = Cart::new();
        let total = cart.total();
        assert_eq!(total, 0.0);
    }
}
