pub fn to_metres(feet: f64) -> f64 {
    super::square(1.0) * feet * 0.3048
}

pub fn helper() -> f64 {
    2.0
}
