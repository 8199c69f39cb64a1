import pytest

from app.db import migrate


@pytest.fixture
def connection():
    return migrate(None)


@pytest.fixture
def schema():
    return "public"
