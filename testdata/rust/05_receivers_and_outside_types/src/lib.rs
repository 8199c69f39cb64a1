pub mod account;
pub mod store;
