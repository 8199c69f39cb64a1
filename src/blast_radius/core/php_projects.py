"""What Composer manifests say about where PHP classes live.

A ``composer.json`` maps namespace prefixes to folders (``autoload.psr-4``,
``autoload-dev.psr-4``; PSR-0 read the same way, its folders holding the
namespace as sub-folders) and lists folders scanned for classes
(``classmap``) and files always loaded (``files``). Pure: text in, settings
out; a broken manifest is left out, an index must not fail on it.
"""

from __future__ import annotations

import json
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass

COMPOSER_JSON = "composer.json"


@dataclass(frozen=True, slots=True)
class PhpProjects:
    """The autoload maps of every ``composer.json`` in the repository."""

    psr4: tuple[tuple[str, str], ...] = ()
    """(namespace prefix with its trailing ``\\``, lowercased; folder from the
    repository root, ``""`` for the root), longest prefix first."""
    psr0: tuple[tuple[str, str], ...] = ()
    """PSR-0 (prefix, folder): the class's whole name is its path under the folder."""
    classmap: tuple[str, ...] = ()
    """Folders and files whose classes Composer maps by scanning them."""
    files: tuple[str, ...] = ()
    """Files Composer loads on every request (function libraries)."""

    def expected_paths(self, qualified: str) -> tuple[str, ...]:
        """The files the autoloader would load for class ``qualified``
        (``App\\Http\\Kernel``, no leading backslash): one per matching prefix,
        longest first."""
        lowered = qualified.lower()
        found: list[str] = []
        for prefix, folder in self.psr4:
            if lowered.startswith(prefix):
                rest = qualified[len(prefix) :].replace("\\", "/") + ".php"
                found.append(posixpath.join(folder, rest) if folder else rest)
        for prefix, folder in self.psr0:
            if lowered.startswith(prefix):
                namespace, _, name = qualified.rpartition("\\")
                rest = "/".join(
                    [*filter(None, namespace.split("\\")), name.replace("_", "/") + ".php"]
                )
                found.append(posixpath.join(folder, rest) if folder else rest)
        return tuple(found)

    def maps(self, path: str) -> bool:
        """Whether the autoloader may load ``path`` at all (under a PSR-4 or PSR-0
        folder, a classmap entry or a ``files`` entry)."""
        folders = [f for _, f in self.psr4] + [f for _, f in self.psr0] + list(self.classmap)
        return path in self.files or any(
            not folder or path == folder or path.startswith(folder.rstrip("/") + "/")
            for folder in folders
        )


def _folders(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _join(root: str, relative: str) -> str:
    joined = posixpath.normpath(posixpath.join(root, relative)) if relative else root or "."
    return "" if joined == "." else joined


def php_projects(manifests: Iterable[tuple[str, str]]) -> PhpProjects:
    """The autoload maps of the ``composer.json`` files among ``manifests``
    ((path, text) pairs); other manifests are ignored."""
    psr4: set[tuple[str, str]] = set()
    psr0: set[tuple[str, str]] = set()
    classmap: set[str] = set()
    files: set[str] = set()
    for path, text in manifests:
        if posixpath.basename(path) != COMPOSER_JSON:
            continue
        try:
            data = json.loads(text)
        except ValueError:
            continue
        if not isinstance(data, dict):
            continue
        root = posixpath.dirname(path)
        for section in ("autoload", "autoload-dev"):
            autoload = data.get(section)
            if not isinstance(autoload, dict):
                continue
            for key, into in (("psr-4", psr4), ("psr-0", psr0)):
                mapping = autoload.get(key)
                if not isinstance(mapping, dict):
                    continue
                for prefix, value in mapping.items():
                    if not isinstance(prefix, str):
                        continue
                    normal = prefix.strip("\\").lower()
                    normal = normal + "\\" if normal else ""
                    for folder in _folders(value):
                        into.add((normal, _join(root, folder.rstrip("/"))))
            classmap.update(_join(root, f.rstrip("/")) for f in _folders(autoload.get("classmap")))
            files.update(_join(root, f) for f in _folders(autoload.get("files")))
    return PhpProjects(
        tuple(sorted(psr4, key=lambda p: (-len(p[0]), p))),
        tuple(sorted(psr0, key=lambda p: (-len(p[0]), p))),
        tuple(sorted(classmap)),
        tuple(sorted(files)),
    )
