import Foundation

public class Cart {
    var total: Money = Money.zero()
    let store: Store

    public init(store: Store) {
        self.store = store
    }

    public func add(_ price: Double) {
        let money = Money(cents: roundCents(price))
        total = total.plus(money)
        recount()
        store.save(self)
        let formatter = NumberFormatter()
        formatter.format(price)
    }

    func recount() {}
}
