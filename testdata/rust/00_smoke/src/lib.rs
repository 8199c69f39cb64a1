pub mod cart;
pub mod money;
mod report;

pub use cart::Cart;
