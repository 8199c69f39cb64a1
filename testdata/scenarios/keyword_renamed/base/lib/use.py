from lib.geometry import Box, scale


def double(x: float) -> float:
    return scale(x)


def triple(x: float) -> float:
    return scale(x, factor=3)


def boxes() -> list[Box]:
    return [Box(1), Box(2, height=3), Box(width=4)]
