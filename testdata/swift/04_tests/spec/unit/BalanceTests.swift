import Testing
import LedgerCore

@Suite struct BalanceSuite {
    @Test func startsAtZero() {
        let ledger = Ledger()
        #expect(ledger.balance() == 0)
    }
}

@Test func freeStanding() {
    Ledger().post(2)
}
