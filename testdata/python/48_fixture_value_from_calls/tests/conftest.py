import pytest

from app.web import App, Client, OtherClient, make_client


@pytest.fixture
def app():
    return App()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def either(request):
    if request.param:
        return Client()
    return OtherClient()


@pytest.fixture
def maybe(request):
    if request.param:
        return Client()
    return None


@pytest.fixture
def factory():
    return make_client()


@pytest.fixture
def delegated():
    yield from [Client()]


@pytest.fixture
def klass():
    return Client
