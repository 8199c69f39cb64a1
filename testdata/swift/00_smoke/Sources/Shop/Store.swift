public protocol Store {
    func save(_ cart: Cart)
}

final class MemoryStore: Store {
    func save(_ cart: Cart) {}
}
