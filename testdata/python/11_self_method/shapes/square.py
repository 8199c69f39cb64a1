class Square:
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side * self.side

    def describe(self):
        return "area=" + str(self.area())

    def report(self):
        def line():
            return f"{self.side}x{self.side} = {self.area()}"

        return line()

    @classmethod
    def unit(cls):
        return cls.build(1)

    @classmethod
    def build(cls, side):
        return cls(side)
