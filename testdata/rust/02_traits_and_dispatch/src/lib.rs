pub mod animal;
pub mod cat;
pub mod dog;
pub mod keeper;
pub mod speaker;
