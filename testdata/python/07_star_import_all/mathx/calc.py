from mathx.consts import *
from mathx.ops import *


def compute():
    return add(1, 2)


def compute_other():
    return subtract(3, 1)


def circle(r):
    return pi() * r * r


def full_turn():
    return _tau()
