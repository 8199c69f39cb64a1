"""Taxes and discounts."""

from shop.money import round_cents

TAX_RATE = 0.2


def price_with_tax(net: float, rate: float) -> float:
    return round_cents(net * (1 + rate))


def apply_discount(price: float, percent: int) -> float:
    if not 0 <= percent <= 100:
        raise ValueError("percent must be between 0 and 100")
    return round_cents(price * (100 - percent) / 100)
