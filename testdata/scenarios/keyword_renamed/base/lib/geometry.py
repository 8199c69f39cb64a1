"""Sizes and boxes."""


def scale(value: float, factor: float = 2) -> float:
    return value * factor


class Box:
    def __init__(self, width: float, height: float = 1) -> None:
        self.width = width
        self.height = height

    def grown(self, by: float) -> "Box":
        return Box(scale(self.width, by), height=self.height)
