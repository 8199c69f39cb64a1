"""The parser pool gives the same facts whether or not other threads are running."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from blast_radius.adapters import extraction
from blast_radius.adapters.extraction import ExtractionError, Extractor, fork_map
from blast_radius.core.build import interface_entry
from blast_radius.core.facts import FileFacts

# Enough files and bytes for the process pool, not the in-process path.
_JOBS = [
    (
        f"pkg/m{i}.py",
        "python",
        (f"import os\n\n\ndef f{i}(x):\n    return os.path.join(x, 'y')\n" * 400).encode(),
    )
    for i in range(30)
]


def test_the_pool_extracts_the_same_facts_while_another_thread_runs() -> None:
    alone = list(Extractor(2).extract(_JOBS))
    release = threading.Event()
    waiting = threading.Thread(target=release.wait, daemon=True)
    waiting.start()
    try:
        beside_a_thread = list(Extractor(2).extract(_JOBS))
    finally:
        release.set()
        waiting.join()
    assert [error for _, _, _, error in alone] == [None] * len(_JOBS)
    assert beside_a_thread == alone


def test_a_language_that_cannot_load_turns_off_only_its_files() -> None:
    extractor = Extractor(1)
    outcomes = list(
        extractor.extract(
            [
                ("app/a.py", "python", b"def f():\n    return g()\n"),
                ("web/b.ts", "no-such-language", b"export const x = 1;\n"),
                ("app/c.py", "python", b"import a\n"),
            ]
        )
    )
    assert [path for path, _, _, _ in outcomes] == ["app/a.py", "web/b.ts", "app/c.py"]
    for parsed in (outcomes[0], outcomes[2]):
        facts, entry, error = parsed[1:]
        assert facts is not None and error is None
        # The interface entry is the one the parent would cut from those facts.
        assert entry == interface_entry(FileFacts.from_json(json.loads(facts)))
    assert outcomes[1][1] is None and outcomes[1][2] is None
    assert outcomes[1][3] == "no language named no-such-language (its files are not parsed)"
    assert extractor.unavailable == {"no-such-language": "no language named no-such-language"}


def test_in_the_pool_a_language_that_cannot_load_turns_off_only_its_files() -> None:
    # Workers compile a language when they meet its first file: the one that
    # fails comes back from a worker, in its place, and the parent learns why.
    extractor = Extractor(2)
    bad = ("web/b.ts", "no-such-language", b"export const x = 1;\n")
    jobs = [*_JOBS[:15], bad, *_JOBS[15:]]
    outcomes = list(extractor.extract(jobs))
    assert [outcome[0] for outcome in outcomes] == [job[0] for job in jobs]
    assert outcomes[15] == (
        "web/b.ts",
        None,
        None,
        "no language named no-such-language (its files are not parsed)",
    )
    assert all(outcome[3] is None for outcome in outcomes if outcome[0] != "web/b.ts")
    assert extractor.unavailable == {"no-such-language": "no language named no-such-language"}


def _lengths(paths: Sequence[str]) -> list[str]:
    if "boom" in paths:
        raise ValueError("a resolver bug")
    return [f"{p}:{len(p)}:{os.getpid()}" for p in paths]


def test_fork_map_returns_each_chunk_in_order_from_other_processes() -> None:
    chunks = [["a", "bb"], ["ccc"], ["dddd", "e"]]
    results = fork_map(_lengths, chunks)
    assert [[r.rsplit(":", 1)[0] for r in chunk] for chunk in results] == [
        ["a:1", "bb:2"],
        ["ccc:3"],
        ["dddd:4", "e:1"],
    ]
    pids = {chunk[0].rsplit(":", 1)[1] for chunk in results}
    assert str(os.getpid()) in pids
    # The first chunk here, the others in two children; with other threads
    # alive (another test's), forking is unsafe and all run here.
    assert len(pids) == (3 if threading.active_count() == 1 else 1)


def test_fork_map_reports_a_failing_child_as_an_extraction_error() -> None:
    # In a child it comes back as an ExtractionError; run here (other threads
    # alive), it is raised as it is.
    expected = ExtractionError if threading.active_count() == 1 else ValueError
    with pytest.raises(expected, match="a resolver bug"):
        fork_map(_lengths, [["a"], ["boom"]])


@pytest.mark.parametrize("jobs", [1, 2])
def test_jobs_given_by_size_are_read_as_sent_and_an_unreadable_one_is_reported(
    jobs: int,
) -> None:
    contents = {path: data for path, _, data in _JOBS}
    gone = _JOBS[7][0]
    asked: list[str] = []

    def read(path: str) -> bytes | None:
        asked.append(path)
        return None if path == gone else contents[path]

    lazy = [(path, language, len(data)) for path, language, data in _JOBS]
    outcomes = list(Extractor(jobs).extract(lazy, read=read))
    eager = list(Extractor(jobs).extract(_JOBS))
    assert sorted(asked) == sorted(contents)
    assert [o[0] for o in outcomes] == [path for path, _, _ in _JOBS]
    for outcome, expected in zip(outcomes, eager, strict=True):
        if outcome[0] == gone:
            assert outcome[1:] == (None, None, "the file could not be read again to be parsed")
        else:
            assert outcome == expected


def _query_address(name: str) -> int:
    compiled = extraction._compiled(name)
    assert compiled is not None
    return id(compiled.query)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked workers only")
def test_forked_workers_take_the_parents_compiled_queries_instead_of_compiling_again() -> None:
    parent = _query_address("python")
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(1, mp_context=context, initializer=extraction._init_worker) as pool:
        # The same address in a forked worker: the object it inherited.
        assert pool.submit(_query_address, "python").result() == parent


_FEW = [
    ("app/a.py", "python", b"import os\n\n\ndef f(x):\n    return os.path.join(x, 'y')\n"),
    ("web/b.ts", "not-a-language-here", b"export const x = 1;\n"),
    (
        "app/c.py",
        "python",
        b"from app.a import f\n\n\nclass C:\n    def m(self):\n        return f(1)\n",
    ),
]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked parsing only")
def test_a_few_files_parsed_ahead_come_from_another_process_with_the_same_outcomes() -> None:
    contents = {path: data for path, _, data in _FEW}
    readers: list[int] = []

    def read(path: str) -> bytes | None:
        readers.append(os.getpid())
        return contents[path]

    lazy = [(path, language, len(data)) for path, language, data in _FEW]
    extractor = Extractor(2)
    forked = threading.active_count() == 1  # else it all runs here, when taken in
    outcomes = extractor.extract(lazy, read=read, ahead=True)
    # Started already, every content read here before the child forked.
    assert readers == ([os.getpid()] * len(_FEW) if forked else [])
    taken = list(outcomes)
    why = "no language named not-a-language-here"
    assert extractor.unavailable == {"not-a-language-here": why}
    # The child tried that language: this process never did.
    assert ("not-a-language-here" in extraction._FAILED) is not forked
    here = Extractor(1)
    assert taken == list(here.extract(_FEW))
    assert taken[1] == ("web/b.ts", None, None, f"{why} (its files are not parsed)")


def _pid_or_fail(how: str) -> int:
    if how == "raise":
        raise ValueError("a parser bug")
    if how == "die":
        os._exit(3)
    return os.getpid()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked children only")
def test_a_forked_child_gives_its_value_or_says_how_it_failed() -> None:
    ok = extraction._Child(lambda: _pid_or_fail("ok"), "parser")
    assert ok.result() not in (os.getpid(), None)
    with pytest.raises(ExtractionError, match="a parser process failed: ValueError: a parser bug"):
        extraction._Child(lambda: _pid_or_fail("raise"), "parser").result()
    with pytest.raises(ExtractionError, match="a parser process failed: it died"):
        extraction._Child(lambda: _pid_or_fail("die"), "parser").result()


def _many_parts() -> list[tuple[str, bytes]]:
    return [(f"part-{n}", bytes([n % 256]) * (n % 700)) for n in range(20_000)]


def _parts_then_a_lock() -> list[object]:
    # A value that cannot be pickled once its first 7 MB have gone down the pipe.
    return [*_many_parts(), threading.Lock()]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked children only")
def test_a_value_far_larger_than_a_pipe_comes_back_whole_or_not_at_all() -> None:
    # Pickled into the pipe and unpickled from it as it comes, in frames.
    assert extraction._Child(_many_parts, "resolver").result() == _many_parts()
    # Cut short part way: never taken for a value, whatever was read of it.
    with pytest.raises(ExtractionError, match="a resolver process failed: it died"):
        extraction._Child(_parts_then_a_lock, "resolver").result()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked children only")
def test_a_child_whose_value_is_never_taken_is_reaped_without_blocking() -> None:
    # Its value is far larger than a pipe holds: it could only finish writing
    # if someone read it. Closing the pipe lets it exit; it is then reaped.
    child = extraction._Child(lambda: b"x" * (4 << 20), "parser")
    pid = child._pid
    child.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def test_work_apart_runs_in_a_child_with_jobs_to_spare_and_here_with_one() -> None:
    here = os.getpid()
    assert Extractor(1).apart(lambda: _pid_or_fail("ok")) == here
    # With other threads alive (another test's), forking is unsafe: it runs here.
    forks = hasattr(os, "fork") and threading.active_count() == 1
    assert (Extractor(2).apart(lambda: _pid_or_fail("ok")) != here) == forks
    expected = ExtractionError if forks else ValueError
    with pytest.raises(expected, match="a parser bug"):
        Extractor(2).apart(lambda: _pid_or_fail("raise"))


# Run in a fresh interpreter: forking is refused while other threads run, as
# other tests may leave some in this one.
_MEANWHILE = """
import json, os, sys, time
from pathlib import Path
from blast_radius.adapters.extraction import Extractor

flag = Path(sys.argv[1])
made = []

def work():
    # Waits for what is done meanwhile: only a child working at once sees it.
    waited = time.monotonic() + 10
    while not flag.exists() and time.monotonic() < waited:
        time.sleep(0.005)
    return os.getpid(), flag.exists(), bool(made)

def meanwhile():
    made.append(os.getpid())
    flag.write_text("yes")

if sys.argv[2] == "fail":
    def failing():
        while not flag.exists():
            time.sleep(0.005)
        raise RuntimeError("meanwhile failed")
    def slow():
        flag.write_text(str(os.getpid()))
        time.sleep(0.2)
        return 0
    try:
        Extractor(2).apart(slow, failing)
    except RuntimeError as error:
        try:
            os.waitpid(int(flag.read_text()), os.WNOHANG)
            reaped = False
        except ChildProcessError:
            reaped = True
        print(json.dumps({"error": str(error), "reaped": reaped}))
else:
    pid, seen, inherited = Extractor(2).apart(work, meanwhile)
    print(json.dumps({"here": os.getpid(), "child": pid, "seen": seen,
                      "inherited": inherited, "made": made}))
"""


def _apart_in_a_fresh_process(tmp_path: Path, how: str) -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", _MEANWHILE, str(tmp_path / "flag"), how],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    found: dict[str, object] = json.loads(result.stdout)
    return found


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked children only")
def test_work_apart_lets_this_process_do_other_work_meanwhile(tmp_path: Path) -> None:
    # The child waits for the file the parent writes meanwhile: the two run
    # at once, and the child did not inherit what the parent made after forking.
    found = _apart_in_a_fresh_process(tmp_path, "ok")
    assert found["child"] != found["here"]
    assert found["seen"] is True and found["inherited"] is False
    assert found["made"] == [found["here"]]
    # One process: the work comes first, then what was to be done meanwhile.
    made: list[int] = []
    assert Extractor(1).apart(lambda: bool(made), lambda: made.append(1)) is False
    assert made == [1]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked children only")
def test_when_the_other_work_fails_the_child_is_reaped_and_the_error_raised(
    tmp_path: Path,
) -> None:
    found = _apart_in_a_fresh_process(tmp_path, "fail")
    assert found == {"error": "meanwhile failed", "reaped": True}


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked children only")
def test_when_no_process_can_be_forked_the_work_is_done_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refuse)
    here = str(os.getpid())
    results = fork_map(_lengths, [["a", "bb"], ["ccc"], ["dddd"]])
    assert [[r.rsplit(":", 1)[0] for r in chunk] for chunk in results] == [
        ["a:1", "bb:2"],
        ["ccc:3"],
        ["dddd:4"],
    ]
    assert {r.rsplit(":", 1)[1] for chunk in results for r in chunk} == {here}
    assert Extractor(2).apart(lambda: _pid_or_fail("ok")) == os.getpid()
    ahead = list(Extractor(2).extract(_FEW, ahead=True))
    assert ahead == list(Extractor(1).extract(_FEW))


def _in_a_fresh_process(code: str) -> None:
    """Run ``code`` in a new interpreter: a standby parser is forked only from a
    process without other threads, which this one may no longer be."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr[-3000:]


_STANDBY_SETUP = f"""
import os, threading
from blast_radius.adapters import extraction
from blast_radius.adapters.extraction import Extractor
from blast_radius.adapters.standby import Standby
FEW = {_FEW!r}
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked parsing only")
def test_a_standby_parser_forked_before_threads_parses_ahead_while_one_runs() -> None:
    _in_a_fresh_process(
        _STANDBY_SETUP
        + """
standby = Standby.start()
assert standby is not None
release = threading.Event()
waiting = threading.Thread(target=release.wait, daemon=True)
waiting.start()  # a fetch's thread: no process may be forked now
jobs = [*FEW, ("lib/c.zz", "not-a-language-standby", b"x\\n")]
extractor = Extractor(2, standby)
taken = list(extractor.extract(jobs, ahead=True))
release.set()
waiting.join()
assert standby.used
# The standby tried that language: this process never did.
assert "not-a-language-standby" not in extraction._FAILED, extraction._FAILED
assert extractor.unavailable == {
    "not-a-language-here": "no language named not-a-language-here",
    "not-a-language-standby": "no language named not-a-language-standby",
}, extractor.unavailable
assert taken == list(Extractor(1).extract(jobs))
assert taken[0][3] is None and taken[0][1] is not None
"""
    )


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked parsing only")
def test_a_standby_parser_that_died_leaves_the_files_to_this_process() -> None:
    _in_a_fresh_process(
        _STANDBY_SETUP
        + """
standby = Standby.start()
os.kill(standby._pid, 9)
os.waitpid(standby._pid, 0)
taken = list(Extractor(2, standby).extract(FEW, ahead=True))
assert standby.used
assert taken == list(Extractor(1).extract(FEW))
"""
    )


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked parsing only")
def test_a_standby_parser_let_go_unused_exits() -> None:
    _in_a_fresh_process(
        _STANDBY_SETUP
        + """
import time
standby = Standby.start()
pid = standby._pid
standby.close()
assert standby.used
# It exits on its own once it sees its input closed (after its imports).
for _ in range(200):
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:  # reaped by close() already
        break
    if done:
        break
    time.sleep(0.05)
else:
    raise AssertionError("the unused standby parser did not exit")
"""
    )


_UNTIL = """
import time
def until(condition, what):
    for _ in range(1200):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(what)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked parsing only")
def test_a_standby_parser_compiles_the_languages_it_is_told_of_while_it_waits() -> None:
    _in_a_fresh_process(
        _STANDBY_SETUP
        + _UNTIL
        + """
standby = Standby.start(["python"])
until(lambda: standby.compiled() == ("python",), "python was not compiled ahead")
assert standby.compiling() is None
jobs = [job for job in FEW if job[1] == "python"]
extractor = Extractor(2, standby)
taken = list(extractor.extract(jobs, ahead=True))
assert standby.used
assert taken == list(Extractor(1).extract(jobs))
"""
    )


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forked parsing only")
def test_a_standby_compiling_a_language_the_batch_does_not_need_is_stopped() -> None:
    # Swift's query takes seconds to compile: the batch of Python files goes
    # to a child forked for it at once, and the standby is stopped.
    _in_a_fresh_process(
        _STANDBY_SETUP
        + _UNTIL
        + """
standby = Standby.start(["swift", "python"])
pid = standby._pid
until(lambda: standby.compiling() == "swift", "swift was not being compiled")
jobs = [job for job in FEW if job[1] == "python"]
taken = list(Extractor(2, standby).extract(jobs, ahead=True))
assert standby.used
assert taken == list(Extractor(1).extract(jobs))
assert "swift" not in standby.compiled(), standby.compiled()
try:
    os.waitpid(pid, os.WNOHANG)
except ChildProcessError:
    pass  # stopped and reaped
else:
    raise AssertionError("the standby parser was left running")
"""
    )


@pytest.mark.skipif(sys.platform != "linux", reason="a pipe's room is set on Linux only")
def test_a_batch_of_large_files_is_handed_over_without_waiting_for_a_compile() -> None:
    # Half a megabyte: more than a pipe holds by default, within the standby's.
    _in_a_fresh_process(
        _STANDBY_SETUP
        + _UNTIL
        + """
from blast_radius.adapters import standby as standby_module
standby = Standby.start(["swift"])
until(lambda: standby.compiling() == "swift", "swift was not being compiled")
big = b"".join(b"def f%d():\\n    return %d\\n" % (n, n) for n in range(20000))
assert 8 * 65536 < len(big) < standby_module._PIPE_BYTES
jobs = [("big.py", "python", big), *[job for job in FEW if job[1] == "python"]]
waiting = standby.submit(jobs)
assert waiting is not None
assert standby._states[0] == standby_module._COMPILING  # handed over mid-compile
outcomes, failed = waiting()
assert failed == {}
assert outcomes == [extraction._extract_one(extraction._COMPILED, job) for job in jobs
                    if extraction._compiled(job[1])]
"""
    )
