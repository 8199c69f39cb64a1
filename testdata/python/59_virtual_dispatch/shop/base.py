class Shape:
    def area(self):
        raise NotImplementedError

    def describe(self):
        # a template method: runs whichever area the instance's class has
        return f"{self.area():.1f}"

    def only_here(self):
        return 1


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side**2


class Circle(Shape):
    def __init__(self, r):
        self.r = r

    def area(self):
        return 3.14 * self.r**2


class Ring(Circle):
    def area(self):
        return super().area() / 2


class Unrelated:
    def area(self):
        return 0
