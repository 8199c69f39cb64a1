import pytest

from calc.engine import Engine


@pytest.fixture
def settings():
    return {}


@pytest.fixture
def engine():
    return Engine()
