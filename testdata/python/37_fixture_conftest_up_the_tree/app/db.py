def connect(url):
    return url


def migrate(connection):
    return connection
