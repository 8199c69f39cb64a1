pub mod circle;

pub fn describe() -> String {
    circle::name()
}
