pub mod careful;
pub mod quick;
