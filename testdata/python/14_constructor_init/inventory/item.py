class Item:
    def __init__(self, name, qty):
        self.name = name
        self.qty = qty


class Crate(Item):
    pass


class Box:
    pass
