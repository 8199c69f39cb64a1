pub mod handlers;
pub mod legacy;

// `main` in a library is no entry point.
pub fn main() {}
