"""Rounding rules shared by every price computation."""

CENTS = 100


def round_cents(amount: float) -> float:
    """Round to whole cents, half up."""
    return round(amount * CENTS) / CENTS


def format_price(amount: float, currency: str = "EUR") -> str:
    return f"{round_cents(amount):.2f} {currency}"
