import XCTest
@testable import Shop

final class CartTests: XCTestCase {
    func testAddsPrice() {
        let cart = Cart(store: MemoryStore())
        cart.add(2.5)
    }

    func helper() {}
}
