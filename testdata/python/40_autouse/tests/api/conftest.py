import pytest


@pytest.fixture(autouse=True)
def api_token():
    pass
