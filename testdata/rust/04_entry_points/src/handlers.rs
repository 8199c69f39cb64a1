use axum::routing::{get, post};
use axum::Router;

pub async fn list_items() -> String {
    String::from("[]")
}

pub async fn create_item() -> String {
    String::from("{}")
}

pub async fn health() -> &'static str {
    "ok"
}

pub fn router() -> Router {
    Router::new()
        .route("/items", get(list_items).post(create_item))
        .route("/health", get(health))
}
