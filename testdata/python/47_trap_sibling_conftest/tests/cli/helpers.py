import pytest


@pytest.fixture
def client():
    return None


def test_like_helper(client):
    pass
