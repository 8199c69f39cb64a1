"""Go modules in a repository: ``go.mod`` files, their module paths and the
local directories their ``replace`` directives point at. Pure: text in,
settings out."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass

GO_MOD = "go.mod"

_MODULE = re.compile(r'^\s*module\s+"?([^\s"]+)"?', re.MULTILINE)
_REPLACE_BLOCK = re.compile(r"^\s*replace\s*\((.*?)^\s*\)", re.MULTILINE | re.DOTALL)
_REPLACE_LINE = re.compile(r"^\s*replace\s+(.+)$", re.MULTILINE)
_REPLACE = re.compile(r'^\s*"?([^\s"]+)"?(?:\s+\S+)?\s*=>\s*"?([^\s"]+)"?(?:\s+\S+)?\s*$')


@dataclass(frozen=True, slots=True)
class GoModule:
    """A module: its folder ("" at the root) and path (``example.com/shop``)."""

    folder: str
    path: str


@dataclass(frozen=True, slots=True)
class GoProjects:
    """Every module of the repository, with the local replacements, as (module
    path, folder) pairs a package import path may start with."""

    roots: tuple[tuple[str, str], ...] = ()

    def package_folder(self, import_path: str) -> str | None:
        """The repository folder of an import path (longest module path first), or
        None for a package outside the repository."""
        for module_path, folder in self.roots:
            if import_path == module_path:
                return folder or "."
            if import_path.startswith(module_path + "/"):
                rest = import_path[len(module_path) + 1 :]
                return posixpath.join(folder, rest) if folder else rest
        return None


def _comment_free(text: str) -> str:
    return re.sub(r"//[^\n]*", "", text)


def go_module(path: str, text: str) -> tuple[GoModule | None, list[tuple[str, str]]]:
    """The module a ``go.mod`` declares, and its replacements by folders inside
    the repository (a path that leaves the repository is left out)."""
    text = _comment_free(text)
    folder = posixpath.dirname(path)
    found = _MODULE.search(text)
    module = GoModule(folder, found.group(1)) if found else None
    lines = [line for block in _REPLACE_BLOCK.findall(text) for line in block.splitlines()]
    lines += [m.group(1) for m in _REPLACE_LINE.finditer(text) if "(" not in m.group(1)]
    replaces = []
    for line in lines:
        match = _REPLACE.match(line)
        if match is None:
            continue
        target = match.group(2)
        if not target.startswith(("./", "../")):
            continue  # a module version, not a folder
        local = posixpath.normpath(posixpath.join(folder, target))
        if local == ".." or local.startswith("../"):
            continue
        replaces.append((match.group(1), "" if local == "." else local))
    return module, replaces


def go_projects(texts: Mapping[str, str]) -> GoProjects:
    """The modules of a repository from its ``go.mod`` files' text by path."""
    roots: dict[str, str] = {}
    replaced: dict[str, str] = {}
    for path in sorted(texts):
        module, replaces = go_module(path, texts[path])
        if module is not None:
            roots.setdefault(module.path, module.folder)
        for module_path, folder in replaces:
            replaced.setdefault(module_path, folder)
    for module_path, folder in replaced.items():
        roots.setdefault(module_path, folder)
    ordered = sorted(roots.items(), key=lambda item: (-len(item[0]), item[0]))
    return GoProjects(tuple(ordered))
