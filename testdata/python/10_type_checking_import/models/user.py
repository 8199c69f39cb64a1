class User:
    def __init__(self, name):
        self.name = name
