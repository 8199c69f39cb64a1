public protocol Describable {
    func describe() -> String
}

extension Describable {
    // a default implementation every conforming type gets
    func banner() -> String {
        "** " + describe()
    }
}

public struct Item {
    let name: String

    func label() -> String {
        name
    }
}
