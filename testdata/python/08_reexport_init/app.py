from pkg import Thing


def make():
    return Thing(3)


class BigThing(Thing):
    pass
