import unittest

from app.db import close_db, open_db


class DatabaseCase(unittest.TestCase):
    def setUp(self):
        self.db = open_db()

    def tearDown(self):
        close_db(self.db)
