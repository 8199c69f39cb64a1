import pytest
from pytest import fixture


@fixture
def database():
    pass


@pytest.fixture
def cache():
    pass


@pytest.fixture
def clock():
    pass
