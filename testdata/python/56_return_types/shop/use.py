from shop import cart
from shop.cart import Cart, Checkout, built, carts, fetch, make_cart, maybe_cart, opened, union_cart


def assigned():
    c = make_cart()
    return c.total()


def optional():
    c = maybe_cart()
    return c.total()


def union():
    c = union_cart()
    return c.total()


def inferred():
    c = built()
    return c.total()


def chained():
    return make_cart().total()


def through_module():
    return cart.make_cart().total()


def classmethod_factory():
    return Cart.empty().total()


def entered():
    with make_cart() as c:
        return c.total()


def entered_other():
    with Checkout() as receipt:
        return receipt.print()


def generator_context():
    with opened() as c:
        return c.total()


def iterated():
    for c in carts():
        c.total()


async def awaited():
    c = await fetch()
    return c.total()


async def not_awaited():
    c = fetch()
    return c.total()
