from inventory.item import Box, Crate, Item


def make_item():
    return Item("bolt", 10)


def make_crate():
    return Crate("nut", 5)


def make_box():
    return Box()
