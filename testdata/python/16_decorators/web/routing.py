ROUTES = {}


def route(path):
    def register(func):
        ROUTES[path] = func
        return func

    return register


def login_required(func):
    func.needs_login = True
    return func


def register(cls):
    ROUTES[cls.__name__] = cls
    return cls
