from unittest import IsolatedAsyncioTestCase

from tests.base import DatabaseCase


class TestQueries(DatabaseCase):
    @classmethod
    def setUpClass(cls):
        pass

    def test_select(self):
        self.assertEqual(self.db, {})

    def test_insert(self):
        pass

    def helper(self):
        pass


class TestAsync(IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        pass

    async def test_wait(self):
        pass


class TestPlain:
    def setUp(self):
        pass

    def setup_method(self, method):
        pass

    def test_plain(self):
        pass
