final class Dog: Animal, Named {
    var name: String { "dog" }

    override func sound() -> String {
        super.sound() + "woof"
    }

    func register() {
        Animal.registry.add(self)
        _ = Animal.create()
        tidy()
    }
}

// a private function of this file: Dog.register sees it, not Animal.swift's
private func tidy() {}

func walk(_ animal: Animal) {
    _ = animal.speak()
    let dog = Dog()
    _ = dog.name
}

private struct Feeder {
    private var bowls = 0

    func feed() {}
}

func feedDogs() {
    Feeder().feed()
}
