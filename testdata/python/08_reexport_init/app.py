from pkg import Thing


def make():
    return Thing(3)
