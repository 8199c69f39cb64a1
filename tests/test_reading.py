"""Reading a tree's files before parsing them: what is read, and what is skipped why."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from blast_radius.adapters.workspace import Workspace
from blast_radius.core.classify import (
    SKIP_BINARY,
    SKIP_MINIFIED,
    SKIP_SYMLINK,
    SKIP_TOO_LARGE,
    SKIP_UNREADABLE,
    content_skip_reason,
)

_LONGEST_LINE = 5000  # what the minified check allows


def _longest_line(data: bytes) -> int:
    return max(len(line) for line in data.split(b"\n"))


def _short_lines(count: int) -> list[bytes]:
    return [b"value_%04d = compute(value_%04d)" % (i, i) for i in range(count)]


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_one_line_over_the_limit_among_short_ones_is_minified(where: str) -> None:
    lines = _short_lines(200)
    at = {"first": 0, "middle": 100, "last": len(lines)}[where]
    for length, expected in ((_LONGEST_LINE, None), (_LONGEST_LINE + 1, SKIP_MINIFIED)):
        data = b"\n".join([*lines[:at], b"x" * length, *lines[at:]])
        assert content_skip_reason(data, 10**7) == expected, (where, length)


def test_the_minified_check_agrees_with_measuring_every_line() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        lines = _short_lines(rng.randint(150, 400))
        for _ in range(rng.randint(0, 3)):
            length = rng.choice([4000, 4999, 5000, 5001, 5002, 6000, 10_001, 10_002])
            lines.insert(rng.randint(0, len(lines)), b"y" * length)
        data = b"\n".join(lines) + rng.choice([b"", b"\n", b"\n\n"])
        if len(data) / (data.count(b"\n") + 1) > 300:
            continue  # minified by its average line, whatever its longest
        expected = SKIP_MINIFIED if _longest_line(data) > _LONGEST_LINE else None
        assert content_skip_reason(data, 10**7) == expected
        checked += 1
    assert checked > 300


def test_binary_and_too_large_content() -> None:
    assert content_skip_reason(b"abc\0def", 100) == SKIP_BINARY
    assert content_skip_reason(b"a" * 101, 100) == SKIP_TOO_LARGE
    assert content_skip_reason(b"", 100) is None


def test_a_workspace_reads_regular_files_whole_and_says_why_it_skips_the_rest(
    tmp_path: Path,
) -> None:
    (tmp_path / "empty.py").write_bytes(b"")
    body = bytes(range(256)) * 4096  # a megabyte, with every byte value
    (tmp_path / "big.py").write_bytes(body)
    (tmp_path / "crlf.py").write_bytes(b"a = 1\r\nb = 2\r\n")
    (tmp_path / "link.py").symlink_to("big.py")
    (tmp_path / "folder.py").mkdir()
    os.mkfifo(tmp_path / "pipe.py")
    workspace = Workspace(tmp_path)

    assert workspace.read("empty.py", 10**7) == b""
    assert workspace.read("big.py", 10**7) == body
    assert workspace.read("crlf.py", 10**7) == b"a = 1\r\nb = 2\r\n"
    assert workspace.read("big.py", len(body) - 1) == SKIP_TOO_LARGE
    assert workspace.read("link.py", 10**7) == SKIP_SYMLINK
    assert workspace.read("folder.py", 10**7) == SKIP_UNREADABLE
    assert workspace.read("pipe.py", 10**7) == SKIP_UNREADABLE  # never opened: it would block
    assert workspace.read("missing.py", 10**7) == SKIP_UNREADABLE
