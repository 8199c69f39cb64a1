from app.resources import Lock


def unknown(lock, items):
    # the receivers' types are unknown: dunder names are not matched by name
    with lock:
        pass
    for item in items:
        pass
    return lock + 1, 1 in items, len(items)


def builtins(path, s):
    with open(path) as handle:
        handle.read()
    total = 1 + 2
    found = "a" in s
    size = len("abc")
    return total, found, size, [1, 2][0]


def on_the_class():
    # the class object's dunders are its metaclass's, not Lock's own
    return Lock + 1, len(Lock)
