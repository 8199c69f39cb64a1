pub fn with_tax(net: f64) -> f64 {
    net * 1.2
}
