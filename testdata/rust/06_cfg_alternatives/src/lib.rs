pub mod engines;
pub mod pick;

#[cfg(feature = "slow")]
mod slow;

#[cfg(feature = "slow")]
pub use slow::solve;
