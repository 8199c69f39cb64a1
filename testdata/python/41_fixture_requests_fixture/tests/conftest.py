import pytest


@pytest.fixture
def config():
    return {}


@pytest.fixture
def app(config):
    return config


@pytest.fixture
def client(app, request):
    return app
