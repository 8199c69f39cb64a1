from app.testing import AppClient, Local, Typed, make


def fetch():
    client = make()
    # `get` is Client's, outside the repository: it calls back `open`
    return client.get("/")


def known():
    client = AppClient()
    return client.session()


def plain(x: Local):
    return x.missing()


def typed(t: Typed):
    return t.other()
