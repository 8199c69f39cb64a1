from werkzeug.test import Client
from typing import Protocol


class AppClient(Client):
    def open(self, *args, **kwargs):
        return self._copy(kwargs)

    def _copy(self, kwargs):
        return dict(kwargs)

    def session(self):
        return {}


class Typed(Protocol):
    def ping(self) -> int: ...


class Local:
    def run(self):
        return 1


def make() -> AppClient:
    return AppClient()
