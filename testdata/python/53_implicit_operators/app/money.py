class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Money(self.cents + other.cents)

    def __eq__(self, other):
        return self.cents == other.cents

    def __lt__(self, other):
        return self.cents < other.cents

    def __neg__(self):
        return Money(-self.cents)

    def __bool__(self):
        return self.cents != 0

    def __repr__(self):
        return f"Money({self.cents})"

    def __hash__(self):
        return hash(self.cents)


class Ledger:
    def __init__(self):
        self.entries = {}

    def __getitem__(self, key):
        return self.entries[key]

    def __setitem__(self, key, value):
        self.entries[key] = value

    def __delitem__(self, key):
        del self.entries[key]

    def __contains__(self, key):
        return key in self.entries

    def __len__(self):
        return len(self.entries)
