"""Which files to analyse, and why the others are skipped.

Every tracked file becomes a file node; these rules only decide whether its
content is parsed. A skip always carries a reason that the index counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from blast_radius.core.languages import language_for_path

if TYPE_CHECKING:
    import pathspec

# Folders that hold other people's code or build output.
VENDORED_DIRS = frozenset(
    {
        "node_modules",
        "vendor",
        "third_party",
        "third-party",
        ".venv",
        "venv",
        "site-packages",
        "dist",
        "build",
        "__pycache__",
        ".git",
        ".tox",
        ".nox",
        ".mypy_cache",
    }
)

SKIP_VENDORED = "vendored"
SKIP_GENERATED = "generated"
SKIP_EXCLUDED = "excluded"
SKIP_TOO_LARGE = "too-large"
SKIP_BINARY = "binary"
SKIP_MINIFIED = "minified"
SKIP_UNREADABLE = "unreadable"
SKIP_SYMLINK = "symlink"
SKIP_EXTRACTOR_ERROR = "extractor-error"
UNPARSED_SUFFIX = " (its files are not parsed)"
"""Ends the extractor error of a file whose language could not load: the report
names each such language."""
SKIP_REASONS = (
    SKIP_VENDORED,
    SKIP_GENERATED,
    SKIP_EXCLUDED,
    SKIP_TOO_LARGE,
    SKIP_BINARY,
    SKIP_MINIFIED,
    SKIP_UNREADABLE,
    SKIP_SYMLINK,
    SKIP_EXTRACTOR_ERROR,
)

_BINARY_SNIFF = 8192
_MINIFIED_LINE = 5000
_MINIFIED_AVERAGE = 300
_MINIFIED_MIN_SIZE = 4096


@dataclass(frozen=True, slots=True)
class PathRules:
    """Path-based skip rules: vendored folders, git attributes and user excludes."""

    excludes: pathspec.GitIgnoreSpec | None
    """None without patterns: pathspec is then never loaded."""
    vendored: frozenset[str]
    generated: frozenset[str]

    @staticmethod
    def create(
        exclude_patterns: Iterable[str] = (),
        vendored: Iterable[str] = (),
        generated: Iterable[str] = (),
    ) -> PathRules:
        """Build rules from gitignore-style excludes and attribute-flagged paths."""
        patterns = list(exclude_patterns)
        excludes = None
        if patterns:
            import pathspec

            excludes = pathspec.GitIgnoreSpec.from_lines(patterns)
        return PathRules(
            excludes,
            frozenset(vendored),
            frozenset(generated),
        )

    def skip_reason(self, path: str) -> str | None:
        """Return why ``path`` is not analysed, or None to analyse it."""
        parts = path.split("/")
        rule = language_for_path(path)
        own = rule.source_folders if rule is not None else ()
        if any(p in VENDORED_DIRS and p not in own for p in parts[:-1]) or path in self.vendored:
            return SKIP_VENDORED
        if path in self.generated:
            return SKIP_GENERATED
        if self.excludes is not None and self.excludes.match_file(path):
            return SKIP_EXCLUDED
        return None


def content_skip_reason(data: bytes, max_bytes: int) -> str | None:
    """Return why content is not parsed (too large, binary, minified), or None."""
    if len(data) > max_bytes:
        return SKIP_TOO_LARGE
    if b"\0" in data[:_BINARY_SNIFF]:
        return SKIP_BINARY
    if len(data) >= _MINIFIED_MIN_SIZE:
        lines = data.count(b"\n") + 1
        if len(data) / lines > _MINIFIED_AVERAGE:
            return SKIP_MINIFIED
        if _has_line_over(data, _MINIFIED_LINE):
            return SKIP_MINIFIED
    return None


def _has_line_over(data: bytes, limit: int) -> bool:
    """Whether some line of ``data`` is longer than ``limit`` bytes.

    Such a line spans ``limit + 1`` positions in a row, and so one of the
    multiples of ``limit + 1``: only the lines at those offsets are measured.
    Splitting every file into its lines to find the longest took a fifth of
    the time spent reading a tree before parsing it (Go's workload: 40-48 ms
    of 180 ms).
    """
    step = limit + 1
    for at in range(0, len(data), step):
        if data[at] == _NEWLINE:
            continue
        start = data.rfind(b"\n", 0, at) + 1
        end = data.find(b"\n", at)
        if (len(data) if end < 0 else end) - start > limit:
            return True
    return False


_NEWLINE = ord("\n")
