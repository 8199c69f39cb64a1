from mathx.ops import *


def compute():
    return add(1, 2)


def compute_other():
    return subtract(3, 1)
