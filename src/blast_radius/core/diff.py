"""What a change did to each file: parsing git's raw listing and its zero-context patch.

Two git outputs are combined. ``git diff --raw -z`` names every changed file
exactly (NUL separated, never quoted) with its modes, blob ids, status and
rename/copy score. ``git diff -U0`` carries the hunk headers, which give the
changed line numbers, and marks binary files. The patch is matched to the
raw entries by path, so this module also decodes the C-style quoting git uses
for unusual names in patch headers.

Line numbers are 1-based; ranges are ``(first, last)`` inclusive, sorted and
merged. A pure insertion changes no old line and a pure deletion changes no
new line; where they happened is kept as an *anchor*: the number of the line
the gap follows on that side (0 for the top of the file). An anchor ``k`` on
the new side means "old lines were removed between new lines ``k`` and
``k + 1``", so a symbol spanning both lines was edited.

Paths are decoded as UTF-8 with ``surrogateescape``, which round-trips any
byte sequence and matches how the rest of the project names files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

STATUS_NAMES: Mapping[str, str] = {
    "A": "added",
    "D": "deleted",
    "M": "modified",
    "R": "renamed",
    "C": "copied",
    "T": "type-changed",
    # ``git diff <commit>`` shows a conflicted file as modified; the plumbing
    # reports it as unmerged. Either way its work-tree content is what changed.
    "U": "modified",
}

Ranges = tuple[tuple[int, int], ...]
"""Sorted, merged, 1-based inclusive ``(first, last)`` line ranges."""

_LineInfo = tuple[Ranges, Ranges, tuple[int, ...], tuple[int, ...]]

GITLINK_MODE = "160000"
"""The tree mode of a submodule pointer."""

_HUNK = re.compile(rb"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")

_ESCAPES = {
    ord("a"): 0x07,
    ord("b"): 0x08,
    ord("t"): 0x09,
    ord("n"): 0x0A,
    ord("v"): 0x0B,
    ord("f"): 0x0C,
    ord("r"): 0x0D,
    ord('"'): 0x22,
    ord("\\"): 0x5C,
}


class DiffParseError(ValueError):
    """Git's diff output is not in the expected form."""


@dataclass(frozen=True, slots=True)
class FileChange:
    """One changed file.

    ``old_ranges``/``new_ranges`` are the removed-or-modified old lines and the
    added-or-modified new lines. ``old_anchor_lines`` are old lines after which
    new lines were inserted without replacing any; ``new_anchor_lines`` are new
    lines after which old lines were deleted (0 means before the first line).
    Anchors exist only where both sides are versions of one file (modified,
    renamed, copied); binary files and submodules have no line information.
    """

    status: str
    old_path: str | None
    new_path: str | None
    similarity: int | None
    binary: bool
    mode_only: bool
    submodule: bool
    old_ranges: Ranges
    new_ranges: Ranges
    old_anchor_lines: tuple[int, ...] = ()
    new_anchor_lines: tuple[int, ...] = ()

    @property
    def path(self) -> str:
        """The path the file has after the change (before it, for a deletion)."""
        path = self.new_path if self.new_path is not None else self.old_path
        assert path is not None  # every change has at least one side
        return path


@dataclass(frozen=True, slots=True)
class RawChange:
    """One record of ``git diff --raw -z``; ``old_path == new_path`` unless renamed/copied."""

    status: str
    score: int | None
    old_mode: str
    new_mode: str
    old_sha: str
    new_sha: str
    old_path: str
    new_path: str


@dataclass(frozen=True, slots=True)
class Hunk:
    """A ``@@ -old_start,old_count +new_start,new_count @@`` header."""

    old_start: int
    old_count: int
    new_start: int
    new_count: int


@dataclass(frozen=True, slots=True)
class FilePatch:
    """One ``diff --git`` section of a patch: its paths, hunks and binary flag."""

    old_path: str
    new_path: str
    binary: bool
    hunks: tuple[Hunk, ...]


def decode_path(raw: bytes) -> str:
    """Bytes of a path as git stores them, decoded losslessly."""
    return raw.decode("utf-8", "surrogateescape")


def parse_raw_z(data: bytes) -> tuple[RawChange, ...]:
    """Parse ``git diff --raw -z`` (full object ids) into records, in git's order."""
    fields = data.split(b"\0")
    if fields and fields[-1] == b"":
        fields.pop()
    records: list[RawChange] = []
    index = 0
    while index < len(fields):
        meta = fields[index]
        if not meta.startswith(b":"):
            raise DiffParseError(f"expected a raw diff record, got {meta[:80]!r}")
        parts = meta[1:].decode("ascii", "replace").split(" ")
        if len(parts) != 5 or not parts[4]:
            raise DiffParseError(f"malformed raw diff record {meta[:80]!r}")
        old_mode, new_mode, old_sha, new_sha, status_field = parts
        letter, digits = status_field[0], status_field[1:]
        score = int(digits) if digits.isdigit() else None
        path_count = 2 if letter in "RC" else 1
        if index + path_count >= len(fields):
            raise DiffParseError(f"raw diff record {meta[:80]!r} lacks its path")
        old_path = decode_path(fields[index + 1])
        new_path = decode_path(fields[index + path_count])
        records.append(
            RawChange(letter, score, old_mode, new_mode, old_sha, new_sha, old_path, new_path)
        )
        index += 1 + path_count
    return tuple(records)


def parse_hunk_header(line: bytes) -> Hunk:
    """Parse ``@@ -a[,b] +c[,d] @@``; an omitted count is 1.

    With ``b == 0`` the hunk inserts after old line ``a``; with ``d == 0`` it
    deletes, and the deletion sits after new line ``c``.
    """
    match = _HUNK.match(line)
    if match is None:
        raise DiffParseError(f"malformed hunk header {line[:80]!r}")
    old_start, old_count, new_start, new_count = match.groups()
    return Hunk(
        int(old_start),
        1 if old_count is None else int(old_count),
        int(new_start),
        1 if new_count is None else int(new_count),
    )


def unquote_c_path(text: bytes) -> bytes:
    """Undo git's C-style quoting of a path (``"a\\tb"``); unquoted text is returned as is.

    Git quotes a name holding control characters, ``"`` or ``\\`` (and, unless
    ``core.quotepath`` is false, bytes above 0x7f as octal escapes).
    """
    if len(text) < 2 or not text.startswith(b'"') or not text.endswith(b'"'):
        return text
    body = text[1:-1]
    out = bytearray()
    index = 0
    while index < len(body):
        byte = body[index]
        if byte != 0x5C:  # backslash
            out.append(byte)
            index += 1
            continue
        if index + 1 >= len(body):
            raise DiffParseError(f"dangling escape in quoted path {text[:80]!r}")
        code = body[index + 1]
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            index += 2
        elif 0x30 <= code <= 0x37:
            digits = body[index + 1 : index + 4]
            if len(digits) != 3 or not all(0x30 <= d <= 0x37 for d in digits):
                raise DiffParseError(f"bad octal escape in quoted path {text[:80]!r}")
            out.append(int(digits, 8))
            index += 4
        else:
            raise DiffParseError(f"unknown escape in quoted path {text[:80]!r}")
    return bytes(out)


def _split_quoted(text: bytes) -> tuple[bytes, bytes]:
    """The first quoted token of ``text`` (with its quotes) and the rest after one space."""
    index = 1
    while index < len(text):
        if text[index] == 0x5C:
            index += 2
            continue
        if text[index] == 0x22:
            return text[: index + 1], text[index + 2 :]
        index += 1
    raise DiffParseError(f"unterminated quoted path {text[:80]!r}")


def _strip_prefix(name: bytes, prefix: bytes) -> bytes:
    if not name.startswith(prefix):
        raise DiffParseError(f"path {name[:80]!r} lacks the {prefix!r} prefix")
    return name[len(prefix) :]


def _git_header_names(rest: bytes) -> tuple[bytes, bytes] | None:
    """Names from ``diff --git a/X b/Y``; None when unquoted names differ (ambiguous).

    Both names are quoted or neither is, as the decision depends only on the
    characters of a name and git quotes each one independently. Unquoted names
    may hold spaces, so they are only split when both are the same path, which
    is the case for every section without ``rename``/``copy`` lines.
    """
    if rest.startswith(b'"'):
        first, second = _split_quoted(rest)
        if second.startswith(b'"'):
            second = unquote_c_path(second)
        return _strip_prefix(unquote_c_path(first), b"a/"), _strip_prefix(second, b"b/")
    if rest.endswith(b'"'):
        # Mixed quoting: only the second name needed quotes.
        start = rest.rfind(b' "')
        if start < 0:
            return None
        first, second = rest[:start], unquote_c_path(rest[start + 1 :])
        return _strip_prefix(first, b"a/"), _strip_prefix(second, b"b/")
    if (len(rest) - 1) % 2:
        return None
    half = (len(rest) - 1) // 2
    first, second = rest[:half], rest[half + 1 :]
    if rest[half : half + 1] != b" " or first[2:] != second[2:]:
        return None
    return _strip_prefix(first, b"a/"), _strip_prefix(second, b"b/")


def _file_header_name(value: bytes, prefix: bytes) -> bytes | None:
    """The path on a ``---``/``+++`` line, or None for ``/dev/null``.

    Git ends an unquoted name that contains a space with a tab (for GNU
    patch); a name that really ends in a tab would have been quoted.
    """
    if value == b"/dev/null":
        return None
    if value.startswith(b'"'):
        return _strip_prefix(unquote_c_path(value), prefix)
    if value.endswith(b"\t"):
        value = value[:-1]
    return _strip_prefix(value, prefix)


class _Section:
    """A patch section being read."""

    __slots__ = ("binary", "hunks", "new", "old")

    def __init__(self, names: tuple[bytes, bytes] | None) -> None:
        self.old: bytes | None = names[0] if names else None
        self.new: bytes | None = names[1] if names else None
        self.binary = False
        self.hunks: list[Hunk] = []

    def finish(self) -> FilePatch:
        old = self.old if self.old is not None else self.new
        new = self.new if self.new is not None else self.old
        if old is None or new is None:
            raise DiffParseError("a patch section names no path")
        return FilePatch(decode_path(old), decode_path(new), self.binary, tuple(self.hunks))


def parse_patch(data: bytes) -> tuple[FilePatch, ...]:
    """Parse a ``git diff -U0 --src-prefix=a/ --dst-prefix=b/`` patch into sections.

    Hunk bodies are skipped by the counts in their headers, so changed lines
    that happen to look like headers (a removed ``-- x`` line reads ``--- x``)
    are never mistaken for them. Lines outside any section are ignored.
    """
    lines = data.split(b"\n")
    sections: list[FilePatch] = []
    current: _Section | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if line.startswith(b"diff --git "):
            if current is not None:
                sections.append(current.finish())
            current = _Section(_git_header_names(line[len(b"diff --git ") :]))
            continue
        if current is None:
            continue
        if line.startswith(b"@@ "):
            hunk = parse_hunk_header(line)
            current.hunks.append(hunk)
            old_left, new_left = hunk.old_count, hunk.new_count
            while old_left or new_left:
                if index >= len(lines):
                    raise DiffParseError("patch ends inside a hunk")
                body = lines[index]
                index += 1
                if body.startswith(b"-") and old_left:
                    old_left -= 1
                elif body.startswith(b"+") and new_left:
                    new_left -= 1
                elif body.startswith(b" ") and old_left and new_left:
                    # A context line (only with context > 0) counts on both sides.
                    old_left -= 1
                    new_left -= 1
                elif not body.startswith(b"\\"):
                    raise DiffParseError(f"unexpected line in hunk {body[:80]!r}")
            continue
        if line.startswith((b"rename from ", b"copy from ")):
            current.old = unquote_c_path(line.split(b" ", 2)[2])
        elif line.startswith((b"rename to ", b"copy to ")):
            current.new = unquote_c_path(line.split(b" ", 2)[2])
        elif line.startswith(b"--- "):
            name = _file_header_name(line[4:], b"a/")
            if name is not None:
                current.old = name
        elif line.startswith(b"+++ "):
            name = _file_header_name(line[4:], b"b/")
            if name is not None:
                current.new = name
        elif line.startswith((b"Binary files ", b"GIT binary patch")):
            current.binary = True
    if current is not None:
        sections.append(current.finish())
    return tuple(sections)


def merge_ranges(ranges: Iterable[tuple[int, int]]) -> Ranges:
    """Sort inclusive ranges and join those that overlap or touch."""
    merged: list[tuple[int, int]] = []
    for first, last in sorted(ranges):
        if merged and first <= merged[-1][1] + 1:
            if last > merged[-1][1]:
                merged[-1] = (merged[-1][0], last)
        else:
            merged.append((first, last))
    return tuple(merged)


def _line_info(status: str, hunks: Sequence[Hunk]) -> _LineInfo:
    """Ranges and anchors of ``hunks`` (see ``FileChange``)."""
    old: list[tuple[int, int]] = []
    new: list[tuple[int, int]] = []
    old_anchors: set[int] = set()
    new_anchors: set[int] = set()
    for hunk in hunks:
        if hunk.old_count:
            old.append((hunk.old_start, hunk.old_start + hunk.old_count - 1))
        else:
            old_anchors.add(hunk.old_start)
        if hunk.new_count:
            new.append((hunk.new_start, hunk.new_start + hunk.new_count - 1))
        else:
            new_anchors.add(hunk.new_start)
    if status not in {"modified", "renamed", "copied"}:
        # An added, deleted or retyped file has no counterpart on the other
        # side, so a gap position there means nothing.
        old_anchors.clear()
        new_anchors.clear()
    return (
        merge_ranges(old),
        merge_ranges(new),
        tuple(sorted(old_anchors)),
        tuple(sorted(new_anchors)),
    )


def build_changes(raw: Sequence[RawChange], patches: Sequence[FilePatch]) -> tuple[FileChange, ...]:
    """Join raw records with the patch sections of the same diff, sorted by path.

    A type change (a file becoming a symlink, say) is one raw record but two
    patch sections, a deletion and an addition; their hunks are pooled. A
    modified record without a patch section and without a mode change has no
    content change (a file git had not yet re-hashed) and is dropped.
    """
    by_paths: dict[tuple[str, str], list[FilePatch]] = {}
    for patch in patches:
        by_paths.setdefault((patch.old_path, patch.new_path), []).append(patch)

    changes: list[FileChange] = []
    for record in raw:
        status = STATUS_NAMES.get(record.status)
        if status is None:
            raise DiffParseError(f"unknown diff status {record.status!r} for {record.new_path!r}")
        sections = by_paths.get((record.old_path, record.new_path), [])
        submodule = GITLINK_MODE in (record.old_mode, record.new_mode)
        binary = any(section.binary for section in sections)
        hunks = [hunk for section in sections for hunk in section.hunks]
        mode_changed = record.old_mode != record.new_mode
        if status == "modified" and not sections and not mode_changed and not submodule:
            continue
        if submodule or binary:
            # A gitlink's "lines" are its commit ids; a binary file has none.
            line_info: _LineInfo = ((), (), (), ())
        else:
            line_info = _line_info(status, hunks)
        old_ranges, new_ranges, old_anchors, new_anchors = line_info
        changes.append(
            FileChange(
                status=status,
                old_path=None if status == "added" else record.old_path,
                new_path=None if status == "deleted" else record.new_path,
                similarity=record.score if status in {"renamed", "copied"} else None,
                binary=binary,
                mode_only=(
                    status == "modified"
                    and mode_changed
                    and not hunks
                    and not binary
                    and not submodule
                ),
                submodule=submodule,
                old_ranges=old_ranges,
                new_ranges=new_ranges,
                old_anchor_lines=old_anchors,
                new_anchor_lines=new_anchors,
            )
        )
    changes.sort(key=lambda change: (change.path, change.old_path or ""))
    return tuple(changes)
