pub fn fixture() -> f64 {
    1.0
}
