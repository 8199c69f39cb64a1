class LazyFile:
    def __init__(self, name):
        self.name = name

    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration


class Rows:
    def __getitem__(self, index):
        raise IndexError(index)
