"""Run the extractor over many files, in a process pool when it pays off.

tree-sitter objects cannot be pickled, so each worker loads a grammar and
compiles its query when it first meets one of its files, and sends plain
lists back.
A worker that dies becomes an ``ExtractionError``, never a hang.
"""

from __future__ import annotations

import functools
import gc
import os
import pickle
import threading
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Generic, NoReturn, TypeVar, cast

from blast_radius.adapters.grammars import GrammarError, load_language
from blast_radius.adapters.standby import reap, usable_cores
from blast_radius.core.build import interface_entry
from blast_radius.core.classify import UNPARSED_SUFFIX
from blast_radius.core.extract import CompiledLanguage, extract_facts
from blast_radius.core.facts import facts_text
from blast_radius.core.languages import language_by_name

# The pool's modules load when a pool is first started: a re-index after an
# edit parses a file or two in a forked child and never starts one.
if TYPE_CHECKING:
    import multiprocessing.context
    from concurrent.futures import Future

    from blast_radius.adapters.standby import Standby

# Below this much work, starting processes costs more than it saves.
_POOL_MIN_FILES = 24
_POOL_MIN_BYTES = 512 * 1024
_CHUNK_BYTES = 256 * 1024
# Chunks sent ahead of the results taken in, per process: enough to keep every
# process busy, few enough that the files in flight stay a few megabytes.
_CHUNKS_AHEAD = 2

T = TypeVar("T")

Job = tuple[str, str, bytes]
"""(path, language name, content)."""
Work = tuple[str, str, bytes | int]
"""A job whose content may be read only as it is sent: (path, language name,
content, or its size in bytes when ``read`` is to fetch it then)."""
Reader = Callable[[str], bytes | None]
"""The content of a path, read now; None when it can no longer be read."""
UNREADABLE = "the file could not be read again to be parsed"
Outcome = tuple[str, str | None, str | None, str | None]
"""(path, facts as JSON text or None, interface entry as JSON text or None, error
message or None). The interface entry is ``core.build.interface_entry``'s text."""


class ExtractionError(RuntimeError):
    """The extraction could not run (a worker process died or failed)."""


# Languages compiled in this process, and those that failed to, with the
# reason. A query takes up to 0.4 s to compile (C++): each process compiles a
# language once, when it first meets one of its files, and a pool's workers
# forked from a parent that compiled some inherit them.
_COMPILED: dict[str, CompiledLanguage] = {}
_FAILED: dict[str, str] = {}


def _compiled(name: str) -> CompiledLanguage | None:
    """The language ``name``, compiled once per process; None when it cannot be
    (the reason in ``_FAILED``)."""
    found = _COMPILED.get(name)
    if found is None and name not in _FAILED:
        try:
            found = _COMPILED[name] = load_language(language_by_name(name))
        except GrammarError as error:
            _FAILED[name] = str(error)
        except KeyError:
            _FAILED[name] = f"no language named {name}"
    return found


def _init_worker() -> None:
    gc.disable()  # short-lived and acyclic, as in the main process


def _extract_one(languages: dict[str, CompiledLanguage], job: Job) -> Outcome:
    path, language, data = job
    try:
        facts = extract_facts(languages[language], path, data)
        text = facts_text(facts)
        # The interface is cut here, in parallel, rather than by the parent.
        return path, text, interface_entry(facts), None
    except Exception as error:  # one bad file must not stop the index
        return path, None, None, f"{type(error).__name__}: {error}"


def _refused(path: str, language: str) -> Outcome:
    """The outcome of a file whose language failed to load."""
    return path, None, None, f"{_FAILED[language]}{UNPARSED_SUFFIX}"


_ChunkResult = tuple[list[Outcome], dict[str, str]]
"""A worker's outcomes for a chunk, and the languages of it that failed to load."""


def _extract_chunk(jobs: list[Job]) -> _ChunkResult:
    """Extract a chunk of jobs in a worker."""
    outcomes = [
        _extract_one(_COMPILED, job) if _compiled(job[1]) else _refused(job[0], job[1])
        for job in jobs
    ]
    return outcomes, {job[1]: _FAILED[job[1]] for job in jobs if job[1] in _FAILED}


def default_jobs() -> int:
    """The number of worker processes to use by default: the usable cores."""
    return usable_cores()


def _pool_context() -> multiprocessing.context.BaseContext | None:
    """The platform's default, unless other threads run (a git fetch in the background).

    Forking a process that has other threads copies their locks in whatever
    state they are in; a fresh server process forks the workers instead.
    """
    import multiprocessing

    if threading.active_count() == 1:
        return None
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _can_fork() -> bool:
    """Whether a child can be forked safely: ``fork`` exists and no other thread runs."""
    return hasattr(os, "fork") and threading.active_count() == 1


class _Child(Generic[T]):
    """A forked process working out one value, sent back pickled through a pipe.

    ``result`` waits for it; a child whose result is never asked for is
    reaped when this object goes (its pipe closed first, so it cannot block).
    """

    def __init__(self, work: Callable[[], T], role: str) -> None:
        read_end, write_end = os.pipe()
        try:
            pid = os.fork()
        except OSError:  # no process to be had (EAGAIN, ENOMEM): the pipe goes too
            os.close(read_end)
            os.close(write_end)
            raise
        if pid == 0:
            _child_main(work, read_end, write_end)
        os.close(write_end)
        self._pid, self._read_end, self._role = pid, read_end, role
        self._reap = weakref.finalize(self, reap, pid, read_end)

    def result(self) -> T:
        """The child's value, once it has sent it and exited; ``ExtractionError``
        if it failed or died."""
        self._reap.detach()
        try:
            # Unpickled as it is read: its pickled bytes are never held whole
            # beside the value (a resolving child's are 9-12 MB on four
            # copies of Django).
            with os.fdopen(self._read_end, "rb", closefd=False) as handle:
                try:
                    value: T | None = pickle.load(handle)
                    whole = True
                except Exception:  # cut short: it exited before it wrote it all
                    value, whole = None, False
        finally:
            status = reap(self._pid, self._read_end)
        if status != 0 or not whole:
            detail = value if whole and isinstance(value, str) else "it died"
            raise ExtractionError(f"a {self._role} process failed: {detail}")
        return cast(T, value)

    def close(self) -> None:
        """Reap the child without its result (after an error elsewhere)."""
        self._reap()


def _forked(work: Callable[[], T], role: str) -> _Child[T] | None:
    """A child working out ``work()``; None when no process can be had now
    (EAGAIN, ENOMEM): the caller then does the work itself, more slowly."""
    try:
        return _Child(work, role)
    except OSError:
        return None


def _child_main(work: Callable[[], T], read_end: int, write_end: int) -> NoReturn:
    """A forked child's whole life: work, send the pickled value, exit. It never
    returns to the caller's code, whatever happens."""
    status = 1
    try:
        os.close(read_end)
        sent = False
        with os.fdopen(write_end, "wb") as handle:
            try:
                value = work()
            except BaseException as error:  # reported by the parent
                pickle.dump(f"{type(error).__name__}: {error}", handle)
            else:
                # Pickled straight into the pipe, a frame at a time: the value
                # is never held twice. One that fails part way leaves the
                # stream cut short, and the exit code says so.
                pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
                sent = True
        status = 0 if sent else 1
    finally:
        os._exit(status)


def fork_map(
    work: Callable[[Sequence[str]], list[T]], chunks: Sequence[Sequence[str]]
) -> list[list[T]]:
    """Run ``work`` on each chunk, the first here and the others in forked children.

    A child inherits what the parent holds (every file's interface) without
    copying it; it sends back only its results. Where forking is unsafe (other
    threads run, or there is no ``fork``) the chunks run here, one by one.
    """
    if len(chunks) < 2 or not _can_fork():
        return [work(chunk) for chunk in chunks]
    gc.freeze()  # keep the collector from touching, and so copying, inherited objects
    _release_free_memory()
    children: list[_Child[list[T]] | None] = []
    try:
        for chunk in chunks[1:]:
            children.append(_forked(functools.partial(work, chunk), "resolver"))
        results = [work(chunks[0])]
        # A chunk no child could be forked for is worked here, after the first.
        results.extend(
            work(chunk) if child is None else child.result()
            for chunk, child in zip(chunks[1:], children, strict=True)
        )
        return results
    finally:
        for child in children:  # after an error: reap what is left
            if child is not None:
                child.close()
        gc.unfreeze()


def _release_free_memory() -> None:
    """Give the C allocator's free pages back to the system (glibc only), before a fork.

    A free page left mapped is shared with the child until either process
    allocates from it, and then each holds a copy. Indexing four copies of
    Django, the parent holds 30-36 MB less at each fork.
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    import ctypes  # only where fork is used: a few milliseconds to import

    try:
        found: Callable[[int], int] | None = getattr(ctypes.CDLL(None), "malloc_trim", None)
    except OSError:
        return None
    return found


class Extractor:
    """Extracts facts from file contents with ``jobs`` processes."""

    def __init__(self, jobs: int, standby: Standby | None = None) -> None:
        self.jobs = max(1, jobs)
        self.unavailable: dict[str, str] = {}
        """Languages whose grammar or query failed to load, with the reason."""
        self._standby = standby
        """A parser forked before any thread started, for the first few files
        parsed ahead (``extract``) while threads run."""

    def fan_out(
        self, work: Callable[[Sequence[str]], list[T]], chunks: Sequence[Sequence[str]]
    ) -> list[list[T]]:
        """Run ``work`` on each chunk, in up to ``jobs`` processes (see ``fork_map``)."""
        if self.jobs == 1:
            return [work(c) for c in chunks]
        self._let_go()
        return fork_map(work, chunks)

    def _let_go(self) -> None:
        """Stop the standby parser, if it was not used: what is parsed from here
        on is parsed elsewhere, and a child still compiling holds a core."""
        standby, self._standby = self._standby, None
        if standby is not None:
            standby.close()

    def apart(self, work: Callable[[], T], meanwhile: Callable[[], None] | None = None) -> T:
        """``work()``, worked out in a forked child when more than one process may
        be used and forking is safe, else here; ``meanwhile()`` is called here
        while the child works (after ``work()`` when there is none).

        The child's short-lived objects die with it: a step that makes many
        of them while a few of its results live on (every name's digest)
        leaves this process's heap as compact as it found it, and every
        process forked later from it copies fewer half-empty pages. What
        ``meanwhile`` makes is not inherited by the child.
        """
        forking = self.jobs > 1 and _can_fork()
        if forking:
            self._let_go()
            gc.freeze()  # as in fork_map: the child's collector leaves inherited objects be
        try:
            child = _forked(work, "worker") if forking else None
            here: list[T] = [] if child is not None else [work()]
            try:
                if meanwhile is not None:
                    meanwhile()
            except BaseException:
                if child is not None:
                    child.close()
                raise
            return here[0] if child is None else child.result()
        finally:
            if forking:
                gc.unfreeze()

    def _load(self, name: str) -> bool:
        """Load a language here once; False (and the reason kept) when it cannot be."""
        if _compiled(name) is None:
            self.unavailable[name] = _FAILED[name]
            return False
        return True

    def extract(
        self,
        jobs: Sequence[Work],
        progress: Callable[[int], None] | None = None,
        read: Reader | None = None,
        *,
        ahead: bool = False,
    ) -> Iterator[Outcome]:
        """Extract every job (``Outcome``), in the order of ``jobs``, each yielded as
        soon as it is done: the caller takes in results while the pool works on.

        A job given by its size is read with ``read`` only as it is sent to
        be parsed, so the contents in memory at once stay a few chunks' worth
        however many files there are.

        With ``ahead``, the caller has other work to do before it takes the
        outcomes in: a few files are then parsed in a forked process,
        started now (their contents read here first), and compiling their
        language there overlaps that work.

        A language whose grammar fails to load turns off only that language:
        its files come back with the reason as their error, the others are
        extracted.
        """
        total_bytes = sum(_size(j) for j in jobs)
        if self.jobs > 1 and len(jobs) >= _POOL_MIN_FILES and total_bytes >= _POOL_MIN_BYTES:
            self._let_go()  # the pool's workers need its core
            # Each worker compiles a language when it first meets one of its
            # files: none is compiled here, and a language of a few files
            # holds up one worker, not the start of all.
            return self._extract_in_pool(jobs, total_bytes, progress, read)
        if ahead and jobs and self.jobs > 1:
            standby, self._standby = self._standby, None
            if standby is not None and _compiling_other(standby, {w[1] for w in jobs}):
                # Its compile would hold these files up: a fresh child
                # starts on theirs now.
                standby.close()
                standby = None
            if standby is not None:
                readable = [job for work in jobs if (job := _read(work, read))]
                waiting = standby.submit(readable)
                if waiting is not None:
                    result = functools.partial(_waited, waiting, readable)
                    return self._taken(result, [w[0] for w in jobs], progress)
            if _can_fork():
                readable = [job for work in jobs if (job := _read(work, read))]
                child = _forked(functools.partial(_extract_chunk, readable), "parser")
                if child is not None:
                    return self._taken(child.result, [w[0] for w in jobs], progress)
        return self._extract_serially(jobs, progress, read)

    def _extract_serially(
        self,
        jobs: Sequence[Work],
        progress: Callable[[int], None] | None,
        read: Reader | None,
    ) -> Iterator[Outcome]:
        loadable = {name for name in {j[1] for j in jobs} if self._load(name)}
        usable = [j for j in jobs if j[1] in loadable]
        done = self._extract_here(usable, progress, read)
        if len(usable) == len(jobs):
            yield from done
            return
        by_path = {outcome[0]: outcome for outcome in done}
        if progress:
            progress(len(jobs) - len(usable))
        for job in jobs:
            yield by_path.get(job[0]) or _refused(job[0], job[1])

    def _extract_here(
        self,
        jobs: Sequence[Work],
        progress: Callable[[int], None] | None,
        read: Reader | None,
    ) -> Iterator[Outcome]:
        for work in jobs:
            job = _read(work, read)
            yield _extract_one(_COMPILED, job) if job else (work[0], None, None, UNREADABLE)
            if progress:
                progress(1)

    def _extract_in_pool(
        self,
        jobs: Sequence[Work],
        total_bytes: int,
        progress: Callable[[int], None] | None,
        read: Reader | None,
    ) -> Iterator[Outcome]:
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        # Chunks of similar byte size keep both workers busy to the end.
        target = min(_CHUNK_BYTES, max(1, total_bytes // (self.jobs * 8)))
        try:
            with ProcessPoolExecutor(
                max_workers=self.jobs, mp_context=_pool_context(), initializer=_init_worker
            ) as pool:
                # Sent a few chunks ahead and taken in order: a chunk's
                # contents are read only as it is sent.
                sent: deque[tuple[Future[_ChunkResult], list[str]]] = deque()
                for chunk in _chunks(jobs, target):
                    readable = [job for work in chunk if (job := _read(work, read))]
                    sent.append((pool.submit(_extract_chunk, readable), [w[0] for w in chunk]))
                    if len(sent) <= _CHUNKS_AHEAD * self.jobs:
                        continue
                    future, paths = sent.popleft()
                    yield from self._taken(future.result, paths, progress)
                for future, paths in sent:
                    yield from self._taken(future.result, paths, progress)
        except BrokenProcessPool as error:
            raise ExtractionError(
                "a parser process died while extracting facts (out of memory, or a grammar "
                "that crashed); re-run with --jobs 1 to see the failing file"
            ) from error

    def _taken(
        self,
        result: Callable[[], _ChunkResult],
        paths: list[str],
        progress: Callable[[int], None] | None,
    ) -> Iterator[Outcome]:
        """A chunk's outcomes in order (``result`` waits for them), with one for
        each file that could not be read; the languages that failed to load in
        the worker are kept."""
        outcomes, failed = result()
        self.unavailable.update(failed)
        done = {outcome[0]: outcome for outcome in outcomes}
        for path in paths:
            yield done.get(path) or (path, None, None, UNREADABLE)
        if progress:
            progress(len(paths))


def _compiling_other(standby: Standby, languages: set[str]) -> bool:
    """Whether ``standby`` is compiling a language none of ``languages``, while a
    fresh child could be forked to start on theirs at once."""
    busy = standby.compiling()
    return busy is not None and busy not in languages and _can_fork()


def _waited(waiting: Callable[[], _ChunkResult], jobs: list[Job]) -> _ChunkResult:
    """The standby parser's outcomes; parsed here instead if it failed or died."""
    from blast_radius.adapters.standby import StandbyError

    try:
        return waiting()
    except StandbyError:
        return _extract_chunk(jobs)


def _size(work: Work) -> int:
    return work[2] if isinstance(work[2], int) else len(work[2])


def _read(work: Work, read: Reader | None) -> Job | None:
    """The job with its content, read now if it was given by its size."""
    path, language, content = work
    if isinstance(content, bytes):
        return path, language, content
    data = read(path) if read is not None else None
    return None if data is None else (path, language, data)


def _chunks(jobs: Sequence[Work], target: int) -> Iterator[list[Work]]:
    """The jobs in order, cut where a chunk reaches ``target`` bytes."""
    chunk: list[Work] = []
    size = 0
    for work in jobs:
        if chunk and size >= target:
            yield chunk
            chunk, size = [], 0
        chunk.append(work)
        size += _size(work)
    if chunk:
        yield chunk
