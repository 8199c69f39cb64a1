from __future__ import annotations

import contextlib
from typing import Iterator, Optional


class Cart:
    def __init__(self, items):
        self.items = items

    def total(self):
        return sum(self.items)

    def __enter__(self) -> Cart:
        return self

    def __exit__(self, *exc):
        return None

    @classmethod
    def empty(cls) -> "Cart":
        return cls([])


class Receipt:
    def print(self):
        return "receipt"


class Checkout:
    def __enter__(self) -> Receipt:
        return Receipt()

    def __exit__(self, *exc):
        return None


def make_cart() -> Cart:
    return Cart([])


def maybe_cart() -> Optional[Cart]:
    return None


def union_cart() -> Cart | None:
    return None


def built():
    if True:
        return Cart([1])
    return Cart([2])


def carts() -> Iterator[Cart]:
    yield Cart([])


@contextlib.contextmanager
def opened() -> Iterator[Cart]:
    yield Cart([])


async def fetch() -> Cart:
    return Cart([])
