import pytest


@pytest.mark.usefixtures("database", "cache")
def test_query():
    pass


@pytest.mark.usefixtures("clock")
class TestTimed:
    def test_tick(self):
        pass

    @pytest.mark.usefixtures("cache")
    def test_cached(self):
        pass


def test_unmarked():
    pass
