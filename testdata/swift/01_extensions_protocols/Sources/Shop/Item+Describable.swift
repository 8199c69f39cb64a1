// an extension in another file of the module: the members are Item's
extension Item: Describable {
    public func describe() -> String {
        label()
    }

    func shout() -> String {
        banner()
    }
}

extension String {
    func trimmedName() -> String { self }
}

func show(_ value: Describable) {
    _ = value.describe()
    _ = value.banner()
}

func make() -> String {
    let item = Item(name: "a")
    _ = "x".trimmedName()
    return item.shout()
}

public extension URLRequest {
    func signed() -> URLRequest { self }
}
