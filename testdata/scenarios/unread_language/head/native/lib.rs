pub fn fast() -> u32 {
    1
}
