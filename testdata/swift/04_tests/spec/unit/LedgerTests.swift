import XCTest
@testable import LedgerCore

final class LedgerTests: XCTestCase {
    var ledger: Ledger!

    override func setUp() {
        ledger = Ledger()
    }

    func testPosts() {
        ledger.post(1)
    }

    func checkBalance() {
        _ = ledger.balance()
    }
}
