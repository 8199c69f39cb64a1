use crate::animal::{Animal, Named};

pub struct Cat;

impl Cat {
    // An inherent method wins over the trait's of the same name.
    pub fn sound(&self) -> String {
        String::from("meow")
    }
}

impl Named for Cat {
    fn name(&self) -> String {
        String::from("cat")
    }
}

impl Animal for Cat {
    fn sound(&self) -> String {
        Cat::sound(self)
    }
}
