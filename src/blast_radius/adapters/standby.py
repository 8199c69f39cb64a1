"""A parser process forked before any thread starts, waiting for the few files a
pull request changed.

A pull-request run learns which files changed while git fetches the index
branch in a thread, and a process with threads is not forked (see
``extraction._can_fork``). Without a process to hand them to, the changed
files were parsed in the main process, their language's query compiled
first (0.15-0.3 s): nothing else could go on meanwhile. A process forked
at the start, before any thread exists, takes them instead, and the main
process restores the index and reads its interfaces while they are parsed.

Where the cache folder names the languages its last build parsed
(``cache.languages_hint``), the child compiles their queries while it
waits, most files first: an edit's run otherwise compiles its file's
language only once it has listed the tree and found the file changed
(TypeScript 0.45 s, Python 0.28 s, Swift 2.7 s on each run). It stops
warming once its batch comes, and the parent lets it go rather than wait
for a language the batch does not need (``compiling``).

This module imports nothing heavy: it is loaded, and the process forked,
before the tool's own modules are; the child loads the parser's.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import pickle
import select
import signal
import threading
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

# What the child does with each language it warms, in a page both processes
# see (one byte per language): not yet, compiling, done.
_PENDING, _COMPILING, _DONE = 0, 1, 2
_PIPE_BYTES = 1 << 20


class Standby:
    """One forked child that parses one batch of files (``submit``), or exits
    unused when the batch never comes (``close``, or this process's exit)."""

    def __init__(
        self,
        pid: int,
        jobs_end: int,
        results_end: int,
        warm: Sequence[str] = (),
        states: mmap.mmap | None = None,
    ) -> None:
        self._pid: int | None = pid
        self._jobs_end = jobs_end
        self._results_end = results_end
        self.warm = tuple(warm)
        """The languages the child compiles while it waits, in order."""
        self._states = states

    @staticmethod
    def start(warm: Sequence[str] = ()) -> Standby | None:
        """A standby parser, or None where no process can be forked safely (no
        ``fork``, a thread running already) or none is to be had now. It
        compiles the languages ``warm`` names (as ``extraction`` knows them)
        while it waits for its batch."""
        if not hasattr(os, "fork") or threading.active_count() > 1:
            return None
        warm = tuple(warm)
        states = mmap.mmap(-1, max(1, len(warm))) if warm else None
        jobs_read, jobs_write = os.pipe()
        results_read, results_write = os.pipe()
        # Room for a batch of a few large files (a pipe holds 64 KB by default),
        # so that handing it over waits neither for the child's imports nor for
        # its compile.
        with contextlib.suppress(AttributeError, OSError):  # Linux only
            import fcntl  # a system with fork has it

            fcntl.fcntl(jobs_write, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
        try:
            pid = os.fork()
        except OSError:
            for end in (jobs_read, jobs_write, results_read, results_write):
                os.close(end)
            return None
        if pid == 0:
            os.close(jobs_write)
            _serve(jobs_read, results_read, results_write, warm, states)
        os.close(jobs_read)
        os.close(results_write)
        return Standby(pid, jobs_write, results_read, warm, states)

    @property
    def used(self) -> bool:
        """Whether the child was handed its batch, or let go."""
        return self._pid is None

    def compiling(self) -> str | None:
        """The language of ``warm`` the child is compiling now, if any."""
        if self._states is None or self._pid is None:
            return None
        for name, state in zip(self.warm, self._states[:], strict=True):
            if state == _COMPILING:
                return name
        return None

    def compiled(self) -> tuple[str, ...]:
        """The languages of ``warm`` the child has compiled so far."""
        if self._states is None:
            return ()
        states = self._states[:]
        return tuple(n for n, s in zip(self.warm, states, strict=True) if s == _DONE)

    def submit(self, jobs: list[Any]) -> Callable[[], Any] | None:
        """Hand ``jobs`` (``extraction.Job`` items) to the child; the returned call
        waits for its result (``extraction._extract_chunk``'s). None when the
        child is gone: the caller parses them itself."""
        pid, self._pid = self._pid, None
        if pid is None:
            return None
        try:
            # Within the pipe's room (``start``) this returns at once, even while
            # the child is still compiling; a larger batch waits for it to read.
            with os.fdopen(self._jobs_end, "wb") as handle:
                handle.write(pickle.dumps(jobs, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:  # the child died before it read them
            reap(pid, self._results_end)
            return None
        return lambda: _result(pid, self._results_end)

    def close(self) -> None:
        """Let the child go unused: it sees its input end and exits; one that
        may be compiling (``warm``) is stopped, as it would hold a core
        until its compile ends."""
        pid, self._pid = self._pid, None
        if pid is None:
            return
        with contextlib.suppress(OSError):
            os.close(self._jobs_end)
        with contextlib.suppress(OSError):
            os.close(self._results_end)
        if self.warm:
            # The child shares nothing with this process but its pipes: it
            # can be stopped at any point.
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
            return
        # Reaped if it is gone already; else the system reaps it once this
        # process exits (it does not wait for the child's imports).
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


class StandbyError(RuntimeError):
    """The standby parser failed or died while parsing."""


def _result(pid: int, results_end: int) -> Any:
    with os.fdopen(results_end, "rb", closefd=False) as handle:
        data = handle.read()
    status = reap(pid, results_end)
    if status != 0 or not data:
        detail = pickle.loads(data) if data else "it died"
        raise StandbyError(f"the parser process failed: {detail}")
    return pickle.loads(data)


def reap(pid: int, read_end: int) -> int:
    """Close a forked child's pipe and wait for it; its exit code."""
    with contextlib.suppress(OSError):
        os.close(read_end)
    try:
        return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    except ChildProcessError:
        return 1


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _serve(
    jobs_end: int,
    results_read: int,
    results_write: int,
    warm: Sequence[str],
    states: mmap.mmap | None,
) -> NoReturn:
    """The child's whole life: load the parser, compile the ``warm`` languages
    until the batch comes, parse it, send the outcomes, exit. It never
    returns to the caller's code."""
    try:
        # An interrupt is the parent's to handle; the child ends with its input.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        from blast_radius.adapters.extraction import (
            _child_main,
            _compiled,
            _extract_chunk,
            _init_worker,
        )
    except BaseException:
        os._exit(1)
    _init_worker()
    for index, name in enumerate(warm):
        if states is None or select.select([jobs_end], [], [], 0)[0]:
            break  # the batch came (or the input closed): its languages first
        states[index] = _COMPILING
        _compiled(name)  # a language that fails to load fails again for the batch
        states[index] = _DONE

    def work() -> Any:
        with os.fdopen(jobs_end, "rb") as handle:
            data = handle.read()
        if not data:  # let go unused
            os._exit(0)
        return _extract_chunk(pickle.loads(data))

    _child_main(work, results_read, results_write)
