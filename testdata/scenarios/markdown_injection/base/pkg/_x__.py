def __init__():
    return 2


def user():
    return __init__()
