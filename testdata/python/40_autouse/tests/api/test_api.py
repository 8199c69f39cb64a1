import pytest


@pytest.fixture(autouse=True)
def trace():
    pass


def test_call():
    pass


class TestGroup:
    @pytest.fixture(autouse=True)
    def group_setup(self):
        pass

    def test_member(self):
        pass


def helper():
    pass
