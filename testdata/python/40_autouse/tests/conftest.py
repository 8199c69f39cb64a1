import pytest


@pytest.fixture(autouse=True)
def reset_settings():
    pass


@pytest.fixture(autouse=False)
def optional():
    pass
