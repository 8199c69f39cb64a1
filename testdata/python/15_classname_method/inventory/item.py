class Item:
    def __init__(self, name):
        self.name = name

    @classmethod
    def parse(cls, text):
        return cls(text.strip())

    @staticmethod
    def normalize(text):
        return text.lower()
