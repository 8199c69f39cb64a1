public struct Money {
    public let cents: Int

    public init(cents: Int) {
        self.cents = cents
    }

    public func plus(_ other: Money) -> Money {
        let sum = cents + other.cents
        return Money(cents: sum)
    }
}
