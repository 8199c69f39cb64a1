class Store:
    def __init__(self, path):
        self.path = path

    def load(self):
        return open(self.path).read()
