"""Taxes and discounts."""

from shop.money import round_cents

TAX_RATE = 0.2


def price_with_tax(net: float) -> float:
    return round_cents(net * (1 + TAX_RATE))

