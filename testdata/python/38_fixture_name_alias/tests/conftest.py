import pytest


@pytest.fixture(name="client")
def make_client():
    return object()


@pytest.fixture(scope="session", name='server')
def _server_fixture():
    return object()


@pytest.fixture
def make_server():
    return None
