from tests.fixtures.db import *
from tests.fixtures.web import browser as _browser
