pub mod price;

pub fn version() -> u32 {
    1
}
