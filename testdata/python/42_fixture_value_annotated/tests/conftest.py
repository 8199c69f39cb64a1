import pytest

from app.runner import Runner, make_runner


@pytest.fixture
def runner() -> Runner:
    return make_runner()
