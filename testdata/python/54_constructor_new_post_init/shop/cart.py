from dataclasses import dataclass


@dataclass
class Cart:
    items: list

    def __post_init__(self):
        self.items = list(self.items)

    def total(self):
        return sum(self.items)


class Token:
    def __new__(cls, text):
        return super().__new__(cls)

    def __init__(self, text):
        self.text = text

    def upper(self):
        return self.text.upper()
