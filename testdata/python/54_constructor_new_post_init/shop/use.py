from shop.cart import Cart, Token


def build():
    return Cart([1, 2])


def chained():
    return Cart([1, 2]).total()


def token():
    return Token("a").upper()


def token_variable():
    t = Token("b")
    return t.upper()
