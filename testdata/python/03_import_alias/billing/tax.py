RATE = 0.2


def vat(amount):
    return amount * RATE
