from inventory.item import Item


def load(lines):
    return [Item.parse(Item.normalize(line)) for line in lines]
