"""Ruby gems in a repository: the folders ``require`` searches, from each
``*.gemspec``'s ``require_paths`` (``lib`` when it names none). Pure: text
in, folders out."""

from __future__ import annotations

import fnmatch
import posixpath
import re
from collections.abc import Sequence

GEMSPEC = "*.gemspec"
DEFAULT_REQUIRE_PATHS = ("lib",)

_REQUIRE_PATHS = re.compile(
    r"\.require_paths\s*=\s*(\[[^\]]*\]|%w[\[(][^\])]*[\])]|[\"'][^\"']+[\"'])"
)
_WORDS = re.compile(r"[\"']([^\"']+)[\"']")


def require_paths(text: str) -> tuple[str, ...]:
    """The folders a gemspec puts on the load path, relative to its own folder."""
    found = _REQUIRE_PATHS.search(text)
    if found is None:
        return DEFAULT_REQUIRE_PATHS
    written = found.group(1)
    words = written[3:-1].split() if written.startswith("%w") else _WORDS.findall(written)
    paths = tuple(w.strip("/") for w in words if w.strip("/") and ".." not in w)
    return paths or DEFAULT_REQUIRE_PATHS


def load_roots(manifests: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """Every folder the gemspecs among ``manifests`` (path, text) put on the load
    path, sorted ("" is the repository's root)."""
    roots: set[str] = set()
    for path, text in manifests:
        if not fnmatch.fnmatchcase(posixpath.basename(path), GEMSPEC):
            continue
        folder = posixpath.dirname(path)
        for relative in require_paths(text):
            joined = posixpath.normpath(posixpath.join(folder, relative)) if folder else relative
            roots.add("" if joined == "." else joined)
    return tuple(sorted(roots))
