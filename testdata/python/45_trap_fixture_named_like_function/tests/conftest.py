import pytest


def queue():
    # a plain helper, not a fixture
    return []


@pytest.fixture
def mailer():
    return "fake"
