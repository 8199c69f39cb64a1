import pytest


def test_default(size=3, *mode, **shape):
    pass


@pytest.mark.parametrize("size", [1, 2])
def test_one(size):
    pass


@pytest.mark.parametrize("size, mode", [(1, "r")])
def test_two(size, mode, shape):
    pass


@pytest.mark.parametrize(("size", "mode"), [(1, "r")])
def test_tuple(size, mode):
    pass


@pytest.mark.parametrize("color", ["red"], indirect=True)
def test_indirect(color):
    pass


@pytest.mark.parametrize("shape", ["round"])
class TestShapes:
    def test_shape(self, shape, size):
        pass


def test_keyword_only(*, mode):
    pass


def test_positional_only(size, /):
    pass
