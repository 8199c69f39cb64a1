"""A tiny shop: prices, carts and a command line."""

from .pricing import apply_discount, price_with_tax
from .cart import Cart

__all__ = ["Cart", "apply_discount", "price_with_tax"]
