// A second test crate sharing `tests/common/mod.rs`: its functions keep the
// ids of the first crate that declares the module (`quote`).
mod common;

#[test]
fn samples_again() {
    let value = common::sample();
    assert!(value > 0.0);
}
