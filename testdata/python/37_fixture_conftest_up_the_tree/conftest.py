import pytest

from app.db import connect


@pytest.fixture
def url():
    return "sqlite://"


@pytest.fixture
def connection(url):
    return connect(url)
