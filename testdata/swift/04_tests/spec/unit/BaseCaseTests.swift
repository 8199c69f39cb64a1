import XCTest
@testable import LedgerCore

class LedgerCase: XCTestCase {
    func makeLedger() -> Ledger { Ledger() }
}

// a test class through a base class of the repository
final class MoreTests: LedgerCase {
    func testBalance() {
        _ = makeLedger().balance()
    }
}
