pub mod convert;

pub fn square(x: f64) -> f64 {
    x * x
}

pub fn helper() -> f64 {
    1.0
}
