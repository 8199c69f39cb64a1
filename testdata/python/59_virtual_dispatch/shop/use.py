from shop.base import Circle, Shape


def total(shape: Shape):
    return shape.area()


def circles(c: Circle):
    return c.area()


def explicit(s):
    # a class named as the receiver binds statically
    return Shape.area(s)


def single():
    return Shape().only_here()
