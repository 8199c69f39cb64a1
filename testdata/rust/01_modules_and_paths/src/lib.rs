pub mod mix;
pub mod shapes;
pub mod units;
#[path = "legacy_impl.rs"]
mod legacy;

pub mod prelude {
    pub use crate::shapes::circle::Circle;
    pub use crate::units::convert::to_metres as metres;
}

pub use prelude::*;

pub fn area_of(circle: &Circle) -> f64 {
    circle.area()
}
