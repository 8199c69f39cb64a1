import Shop

// decoy: the same names as the shop's functions
func roundCents(_ value: Double) -> Int { 0 }

struct Summary {
    func format(_ price: Double) -> String { "" }

    func print(cart: Cart) {
        cart.add(1.0)
        _ = roundCents(2.0)
    }
}
