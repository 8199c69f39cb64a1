def retry(func):
    return func


def default_timeout():
    return 30
