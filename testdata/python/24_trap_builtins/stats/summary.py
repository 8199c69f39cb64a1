def count_items(items):
    print("counting", len(items))
    return len(items)


def read_all(path):
    with open(path) as fh:
        return fh.read()


def mean(values):
    return sum(values) / len(values)
