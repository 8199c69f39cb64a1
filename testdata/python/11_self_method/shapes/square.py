class Square:
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side * self.side

    def describe(self):
        return "area=" + str(self.area())

    @classmethod
    def unit(cls):
        return cls.build(1)

    @classmethod
    def build(cls, side):
        return cls(side)
