def real():
    return 1


def __getattr__(name):
    if name == "legacy":
        return real
    raise AttributeError(name)
