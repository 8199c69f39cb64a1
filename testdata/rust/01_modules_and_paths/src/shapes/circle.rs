use super::super::units;

pub struct Circle {
    pub radius: f64,
}

impl Circle {
    pub fn area(&self) -> f64 {
        units::square(self.radius) * 3.14
    }
}

pub fn name() -> String {
    String::from("circle")
}
