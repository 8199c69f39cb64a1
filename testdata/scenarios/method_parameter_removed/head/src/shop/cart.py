"""A shopping cart."""

from __future__ import annotations

from dataclasses import dataclass, field

from shop import pricing
from shop.money import format_price


@dataclass
class Item:
    name: str
    net: float
    quantity: int = 1


@dataclass
class Cart:
    items: list[Item] = field(default_factory=list)

    def add(self, name: str, net: float) -> None:
        self.items.append(Item(name, net))

    def total(self, discount: int = 0) -> float:
        gross = sum(pricing.price_with_tax(i.net) * i.quantity for i in self.items)
        return pricing.apply_discount(gross, discount)

    def receipt(self) -> str:
        lines = [f"{i.quantity} x {i.name}" for i in self.items]
        lines.append("total " + format_price(self.total()))
        return "\n".join(lines)


class GiftCart(Cart):
    def receipt(self) -> str:
        return "GIFT\n" + super().receipt()
