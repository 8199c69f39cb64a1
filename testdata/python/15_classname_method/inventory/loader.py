from inventory.item import Item


class Part(Item):
    pass


def load(lines):
    return [Item.parse(Item.normalize(line)) for line in lines]


def load_parts(lines):
    return [Part.normalize(line) for line in lines]
