import pytest

from app.store import Store


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "data")


def test_load(store, tmp_path):
    assert store.load() == ""


class TestStore:
    @pytest.fixture
    def path(self, tmp_path):
        return tmp_path / "data"

    def test_path(self, path, store):
        assert path.exists()

    def test_nothing(self):
        pass
