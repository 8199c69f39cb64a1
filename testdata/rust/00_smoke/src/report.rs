// A decoy: a function named like money::round that nothing here calls.
pub fn round(value: f64) -> f64 {
    value.floor()
}

pub fn add(total: f64) -> f64 {
    total + 1.0
}
