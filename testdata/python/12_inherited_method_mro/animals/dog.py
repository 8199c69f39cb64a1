from animals.base import Pet


class Dog(Pet):
    def intro(self):
        return self.greet() + ", " + self.speak()
