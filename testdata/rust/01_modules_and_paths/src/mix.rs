use crate::shapes::*;
use crate::units::*;
use crate::units::convert::helper;
use crate::shapes::circle::name as circle_name;

// An item of the module shadows what a glob brings.
fn square(x: f64) -> f64 {
    x
}

pub fn run() -> f64 {
    square(2.0) + helper()
}

pub fn show() -> String {
    describe() + &circle_name()
}
