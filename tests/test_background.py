"""Calls run in a thread: their value and their error reach the caller."""

from __future__ import annotations

import threading

import pytest

from blast_radius.adapters.background import InBackground


def test_the_value_of_the_call_is_returned() -> None:
    assert InBackground(lambda a, b: a + b, 2, 3).result() == 5


def test_the_error_of_the_call_is_raised_by_result() -> None:
    def fail() -> None:
        raise ValueError("no merge base")

    call = InBackground(fail)
    with pytest.raises(ValueError, match="no merge base"):
        call.result()


def test_the_call_runs_in_another_thread_before_result_is_asked() -> None:
    caller = threading.get_ident()
    started = threading.Event()

    def where() -> int:
        started.set()
        return threading.get_ident()

    call = InBackground(where)
    assert started.wait(timeout=10)
    assert call.result() != caller
