pub trait Named {
    fn name(&self) -> String;
}

// A supertrait: every Animal is Named.
pub trait Animal: Named {
    fn sound(&self) -> String;

    fn greet(&self) -> String {
        let name = self.name();
        name + &self.sound()
    }
}

pub trait Describe {
    fn describe(&self) -> String;
}
