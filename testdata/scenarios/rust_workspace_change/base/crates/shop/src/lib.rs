pub mod cart;
pub mod routes;
