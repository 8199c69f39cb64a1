"""Rounding rules shared by every price computation."""

CENTS = 100


def round_cents(amount: float, digits: int = 2) -> float:
    """Round half up, to whole cents by default."""
    scale = 10**digits
    return int(amount * scale + 0.5) / scale


def format_price(amount: float, currency: str = "EUR") -> str:
    return f"{round_cents(amount):.2f} {currency}"
