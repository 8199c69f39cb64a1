import XCTest
@testable import Shop

final class CartTests: XCTestCase {
    func testAdds() {
        let cart = Cart()
        cart.add(1)
    }

    func testLabel() {
        XCTAssertEqual(Cart().label(), "cart")
    }
}
