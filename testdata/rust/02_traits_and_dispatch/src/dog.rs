use crate::animal::{Animal, Describe, Named};

#[derive(Debug, Clone, Describe)]
pub struct Dog;

impl Named for Dog {
    fn name(&self) -> String {
        String::from("dog")
    }
}

impl Animal for Dog {
    fn sound(&self) -> String {
        self.bark()
    }
}

impl Dog {
    pub fn bark(&self) -> String {
        String::from("woof")
    }
}
