"""Sizes and boxes."""


def scale(value: float, times: float = 2) -> float:
    return value * times


class Box:
    def __init__(self, width: float, depth: float = 1) -> None:
        self.width = width
        self.depth = depth

    def grown(self, by: float) -> "Box":
        return Box(scale(self.width, by), depth=self.depth)
