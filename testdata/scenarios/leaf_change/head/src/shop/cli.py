"""Command line entry point: `shop ITEM=PRICE ...`."""

import sys

from shop.cart import Cart


def parse_item(text: str) -> tuple[str, float]:
    name, _, price = text.strip().partition("=")
    return name, float(price)


def main(argv: list[str] | None = None) -> int:
    cart = Cart()
    for arg in argv if argv is not None else sys.argv[1:]:
        cart.add(*parse_item(arg))
    print(cart.receipt())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
