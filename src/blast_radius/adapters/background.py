"""Calls that run in a thread while the caller goes on: git waits that can overlap other work."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class InBackground(Generic[T]):
    """``call(*args)`` running in a thread; ``result`` waits for it.

    Meant for calls that spend their time waiting on a subprocess (git), so
    they overlap the caller's work despite the interpreter lock.
    """

    def __init__(self, call: Callable[..., T], *args: object) -> None:
        self._result: tuple[T] | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(call, args), daemon=True)
        self._thread.start()

    def _run(self, call: Callable[..., T], args: tuple[object, ...]) -> None:
        try:
            self._result = (call(*args),)
        except BaseException as error:  # handed to the caller by result()
            self._error = error

    def result(self) -> T:
        """The call's value, once it has finished; its exception is raised here."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result[0]
