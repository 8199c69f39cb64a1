use shop_core::price::with_tax;

// A module of this crate named like the other crate's: a decoy.
pub mod price {
    pub fn with_tax(net: f64) -> f64 {
        net
    }
}

pub fn quote(net: f64) -> f64 {
    with_tax(net) + shop_core::version() as f64
}
