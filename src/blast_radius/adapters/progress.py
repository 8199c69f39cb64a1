"""Progress on stderr: a bar on a terminal, a line every few seconds in CI logs."""

from __future__ import annotations

import sys
import time
from typing import TextIO

_MIN_ITEMS = 200
_LOG_INTERVAL = 5.0


class StderrProgress:
    """Shows progress for long steps only; silent for small trees."""

    def __init__(self, stream: TextIO | None = None, enabled: bool = True) -> None:
        self._stream = stream or sys.stderr
        self._enabled = enabled
        self._tty = self._stream.isatty()
        self._total = 0
        self._done = 0
        self._label = ""
        self._last = 0.0
        self._started = 0.0

    def start(self, total: int, label: str) -> None:
        self._total, self._done, self._label = total, 0, label
        self._started = self._last = time.monotonic()

    def advance(self, count: int) -> None:
        self._done += count
        if not self._enabled or self._total < _MIN_ITEMS:
            return
        now = time.monotonic()
        if self._tty:
            if now - self._last >= 0.1 or self._done >= self._total:
                width = 30
                filled = width * self._done // max(self._total, 1)
                bar = "#" * filled + "-" * (width - filled)
                self._stream.write(f"\r{self._label} [{bar}] {self._done}/{self._total}")
                self._stream.flush()
                self._last = now
        elif now - self._last >= _LOG_INTERVAL:
            self._stream.write(f"{self._label}: {self._done}/{self._total} files\n")
            self._stream.flush()
            self._last = now

    def finish(self) -> None:
        if not self._enabled or self._total < _MIN_ITEMS:
            return
        elapsed = time.monotonic() - self._started
        end = "\n" if self._tty else ""
        self._stream.write(f"{end}{self._label}: {self._total} files in {elapsed:.1f}s\n")
        self._stream.flush()
