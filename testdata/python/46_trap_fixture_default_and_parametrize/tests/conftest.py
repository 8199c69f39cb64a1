import pytest


@pytest.fixture
def size():
    return 1


@pytest.fixture
def mode():
    return "r"


@pytest.fixture
def shape():
    return "square"


@pytest.fixture
def color(request):
    return request.param
