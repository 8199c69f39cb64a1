from app.files import LazyFile, Rows


def lines(name):
    lf = LazyFile(name)
    for line in lf:
        print(line)


def comprehension(lf: LazyFile):
    return [line for line in lf]


def delegate(lf: LazyFile):
    yield from lf


def explicit(lf: LazyFile):
    it = iter(lf)
    return next(it)


def old_protocol():
    rows = Rows()
    for row in rows:
        print(row)


def paired(expected):
    with LazyFile("x") as lf:
        for want, got in zip(expected, lf):
            assert want == got
