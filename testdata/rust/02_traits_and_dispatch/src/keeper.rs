use crate::animal::Animal;
use crate::cat::Cat;
use crate::dog::Dog;

pub fn feed(animal: &dyn Animal) -> String {
    animal.sound()
}

pub fn walk(dog: &Dog) -> String {
    dog.greet()
}

// Speaker is not in scope here: `sound` is Animal's.
pub fn listen(dog: Dog) -> String {
    dog.sound()
}

pub fn pet(cat: Cat) -> String {
    cat.sound()
}

// A generic parameter bound by a repository trait: the trait's method.
pub fn chorus<A: Animal + Clone>(animal: &A) -> String {
    animal.sound()
}

pub fn duet<A>(animal: A) -> String
where
    A: Animal,
{
    animal.greet()
}
