pub fn sample() -> f64 {
    10.0
}
