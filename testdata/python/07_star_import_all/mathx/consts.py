def pi():
    return 3.14159


def _tau():
    return 2 * pi()
