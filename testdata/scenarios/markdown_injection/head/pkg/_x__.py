def __init__():
    return 3


def user():
    return __init__()
