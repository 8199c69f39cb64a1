protocol Named {
    var name: String { get }
}

class Animal {
    static let registry = Registry()

    func speak() -> String {
        sound()
    }

    func sound() -> String {
        ""
    }

    class func create() -> Animal {
        Animal()
    }
}

class Registry {
    func add(_ animal: Animal) {}
}

private func tidy() {}

// a private type: Dog.swift declares its own of the same name
private struct Feeder {
    func feed() {}
}

func feedAll() {
    Feeder().feed()
}

extension Registry {
    func clean() {}

    func sweep() {
        // a nested function shadows the member of the same name
        func clean() {}
        clean()
    }
}
