def test_client(client):
    client.fetch("/")


def test_either(either):
    either.fetch("/")


def test_maybe(maybe):
    maybe.fetch("/")


def test_factory(factory):
    factory.fetch("/")


def test_delegated(delegated):
    delegated.fetch("/")


def test_klass(klass):
    klass.fetch("/")
