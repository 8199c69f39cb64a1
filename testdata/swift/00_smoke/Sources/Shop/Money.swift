public struct Money {
    public let cents: Int

    public init(cents: Int) {
        self.cents = cents
    }

    public func plus(_ other: Money) -> Money {
        Money(cents: cents + other.cents)
    }

    public static func zero() -> Money {
        Money(cents: 0)
    }
}

func roundCents(_ value: Double) -> Int {
    Int(value.rounded())
}
