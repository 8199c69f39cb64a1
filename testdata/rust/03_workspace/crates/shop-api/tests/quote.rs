mod common;

use shop_api::quote;

#[test]
fn quotes_with_tax() {
    let q = quote(common::sample());
    let floor = helpers::fixture();
    assert!(q > floor);
}
