import pkg


def run():
    return pkg.Thing(1)
