use crate::dog::Dog;

// A second trait with a method `sound`, implemented for Dog elsewhere.
pub trait Speaker {
    fn sound(&self) -> String;
}

impl Speaker for Dog {
    fn sound(&self) -> String {
        String::from("loud woof")
    }
}
