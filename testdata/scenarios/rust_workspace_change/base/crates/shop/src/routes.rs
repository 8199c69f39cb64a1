use axum::routing::get;
use axum::Router;

use crate::cart::Cart;

pub async fn checkout() -> String {
    let cart = Cart::new();
    let total = cart.total();
    total.to_string()
}

pub fn router() -> Router {
    Router::new().route("/checkout", get(checkout))
}
