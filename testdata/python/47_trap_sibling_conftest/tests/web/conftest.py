import pytest


@pytest.fixture
def client():
    return None
