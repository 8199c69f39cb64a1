import Testing
@testable import Shop

@Test func plusAdds() {
    let sum = Money(cents: 1).plus(Money(cents: 2))
    #expect(sum.cents == 3)
}
