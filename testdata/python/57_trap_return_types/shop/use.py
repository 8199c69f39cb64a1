from shop.cart import as_dict, carts, helper, sometimes


def mixed():
    c = sometimes()
    return c.total()


def external():
    d = as_dict()
    return d.total()


def generator():
    g = carts()
    return g.total()


def two_steps():
    c = helper()
    return c.total()


def itself():
    node = node.again()
    return node.total()
