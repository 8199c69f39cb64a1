from app.money import Ledger, Money


def arithmetic(a: Money, b: Money):
    if a == b or a < b:
        return -a
    return a + b


def differs(a: Money, b: Money):
    return a != b


class Wallet:
    def __init__(self):
        self.balance = Money(0)

    def deposit(self, amount):
        self.balance += amount


def negated(a: Money):
    return not a


def truthy(a: Money):
    return bool(a)


def text(a: Money):
    return str(a)


def shown(a: Money):
    return repr(a), hash(a)


def items():
    ledger = Ledger()
    ledger["rent"] = 1
    value = ledger["rent"]
    del ledger["rent"]
    return value, "rent" in ledger, len(ledger)


def assign_only():
    ledger = Ledger()
    ledger["rent"] = 2
