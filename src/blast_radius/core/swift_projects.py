"""SwiftPM packages in a repository: the targets ``Package.swift`` declares and
the folders that hold their sources. Pure: text in, settings out.

``Package.swift`` is Swift code; it is read as text, not run. A target's
call (``.target(``, ``.executableTarget(``, ``.testTarget(``, ...) names it
(``name: "Core"``) and may move its sources (``path: "src/core"``); by
default a test target's are in ``Tests/<name>/`` and any other's in
``Sources/<name>/``, both under the manifest's folder. ``dependencies:``
between targets are not read: an ``import`` says what a file sees.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass

PACKAGE_SWIFT = "Package.swift"

_TARGET = re.compile(
    r"\.(target|executableTarget|testTarget|macro|plugin|systemLibrary|binaryTarget)\s*\("
)
_NAME = re.compile(r'\bname\s*:\s*"([^"\\]+)"')
_PATH = re.compile(r'\bpath\s*:\s*"([^"\\]*)"')
_COMMENT = re.compile(r'"(?:\\.|[^"\\\n])*"|//[^\n]*|/\*.*?\*/', re.DOTALL)
"""A string (kept: ``"https://..."``) or a comment (dropped)."""


@dataclass(frozen=True, slots=True)
class SwiftTarget:
    """A target: its name, the folder of its sources ("" at the root) and
    whether it is a test target."""

    name: str
    folder: str
    test: bool


@dataclass(frozen=True, slots=True)
class SwiftProjects:
    """Every target of every ``Package.swift``, the deepest folder first."""

    targets: tuple[SwiftTarget, ...] = ()

    def target_of(self, path: str) -> SwiftTarget | None:
        """The target whose folder holds ``path``, or None."""
        for target in self.targets:
            if not target.folder or path.startswith(target.folder + "/"):
                return target
        return None


def _call_text(text: str, start: int) -> str:
    """The text of a call's arguments from the ``(`` at ``start`` to its match."""
    depth = 0
    quoted = False
    for index in range(start, len(text)):
        ch = text[index]
        if quoted:
            if ch == "\\":
                continue
            if ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth == 0:
                return text[start + 1 : index]
    return text[start + 1 :]


def _targets(folder: str, text: str) -> list[SwiftTarget]:
    """The targets one manifest declares."""
    text = _COMMENT.sub(lambda m: m.group() if m.group().startswith('"') else "", text)
    found: list[SwiftTarget] = []
    for match in _TARGET.finditer(text):
        arguments = _call_text(text, match.end() - 1)
        # the target's own name comes first; a dependency's `.product(name:)` later
        name = _NAME.search(arguments)
        if name is None:
            continue
        written = _PATH.search(arguments)
        test = match.group(1) == "testTarget"
        relative = (
            written.group(1).strip("/")
            if written is not None
            else posixpath.join("Tests" if test else "Sources", name.group(1))
        )
        joined = posixpath.normpath(posixpath.join(folder, relative)) if relative else folder
        found.append(SwiftTarget(name.group(1), "" if joined == "." else joined, test))
    return found


def swift_projects(manifests: Sequence[tuple[str, str]]) -> SwiftProjects:
    """The targets of the repository's ``Package.swift`` files, from (path, text)."""
    targets: list[SwiftTarget] = []
    for path, text in sorted(manifests):
        if posixpath.basename(path) != PACKAGE_SWIFT:
            continue
        targets.extend(_targets(posixpath.dirname(path), text))
    unique = {(t.folder, t.name): t for t in targets}
    ordered = sorted(unique.values(), key=lambda t: (-t.folder.count("/"), -len(t.folder), t.name))
    return SwiftProjects(tuple(ordered))
