public final class Cart {
    var total = Money(cents: 0)

    public init() {}

    public func add(_ cents: Int) {
        total = total.plus(Money(cents: cents))
    }

    public func label() -> String {
        "cart"
    }
}
