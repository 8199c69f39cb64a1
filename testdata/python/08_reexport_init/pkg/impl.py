class Thing:
    def __init__(self, size):
        self.size = size

    def grow(self):
        self.size += 1
