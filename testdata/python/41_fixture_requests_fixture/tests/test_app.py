import pytest


@pytest.fixture
def app(app):
    # overrides the conftest's `app` and requests it
    return app


def test_client(client):
    assert client is not None


def test_app(app):
    assert app
