"""Cargo packages in a repository and the crates each one builds. Pure: the
text of every ``Cargo.toml`` and the list of files in, crate roots out.

A package builds a library crate (``[lib]``, or ``src/lib.rs``), binaries
(``[[bin]]``, ``src/main.rs``, ``src/bin/*.rs``, ``src/bin/*/main.rs``) and,
each a crate of its own, integration tests (``tests/*.rs``), examples and
benches, as Cargo discovers them. Every manifest with a ``[package]`` table
is a package, whether or not a workspace lists it: the members globs only
ever name such manifests. A crate may name the library of a repository
package it depends on (``[dependencies]``, dev and build dependencies, a
``workspace = true`` entry through the workspace's table; renamed with
``package = ...``), and the crates of a package name its own library.
"""

from __future__ import annotations

import posixpath
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

CARGO_TOML = "Cargo.toml"
LIB = "lib"
BIN = "bin"
TEST = "test"
EXAMPLE = "example"
BENCH = "bench"
TARGET_KINDS = (LIB, BIN, TEST, EXAMPLE, BENCH)
"""The kinds of crates a package builds, in the order their roots are read."""

_TARGET_FOLDERS = ((BIN, "src/bin"), (TEST, "tests"), (EXAMPLE, "examples"), (BENCH, "benches"))
_TARGET_TABLES = {BIN: "bin", TEST: "test", EXAMPLE: "example", BENCH: "bench"}
_DEPENDENCY_TABLES = ("dependencies", "dev-dependencies", "build-dependencies")


@dataclass(frozen=True, slots=True)
class Crate:
    """One crate: the package building it, its kind and name, its root file, and
    the repository libraries it names, as (name in code, package)."""

    package: str
    kind: str
    name: str
    root: str
    externs: tuple[tuple[str, str], ...] = ()
    folder: str = ""
    """The package's folder (that of its ``Cargo.toml``)."""
    features: tuple[str, ...] = ()
    """The features a plain ``cargo build`` enables: the default ones and those
    they enable in turn."""

    @property
    def id(self) -> str:
        """The crate's part of node ids: the package for its library, else
        ``package/kind/name`` (``shop/test/api``), unique in a repository."""
        return self.package if self.kind == LIB else f"{self.package}/{self.kind}/{self.name}"


@dataclass(frozen=True, slots=True)
class _Package:
    name: str
    folder: str
    manifest: dict[str, Any]


def crate_name(name: str) -> str:
    """The name code writes for a package or target (``my-shop`` as ``my_shop``)."""
    return name.replace("-", "_")


def _join(folder: str, path: str) -> str:
    joined = (
        posixpath.normpath(posixpath.join(folder, path)) if folder else posixpath.normpath(path)
    )
    return "" if joined == "." else joined


def _parse(text: str) -> dict[str, Any] | None:
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, UnicodeError):
        return None


def _table(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _tables(data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key)
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _dependency_tables(manifest: Mapping[str, Any]) -> list[dict[str, Any]]:
    found = [_table(manifest, key) for key in _DEPENDENCY_TABLES]
    for target in _table(manifest, "target").values():
        if isinstance(target, dict):
            found += [_table(target, key) for key in _DEPENDENCY_TABLES]
    return found


def _workspace_dependencies(
    folder: str, workspaces: Mapping[str, dict[str, Any]]
) -> dict[str, Any]:
    """The ``[workspace.dependencies]`` of the nearest workspace at or above ``folder``."""
    current = folder
    while True:
        if current in workspaces:
            return _table(workspaces[current], "dependencies")
        if not current:
            return {}
        current = posixpath.dirname(current)


def _externs(
    package: _Package,
    by_folder: Mapping[str, _Package],
    by_name: Mapping[str, _Package],
    workspaces: Mapping[str, dict[str, Any]],
) -> list[tuple[str, str]]:
    """(name in code, package) of the repository packages ``package`` depends on."""
    found: dict[str, str] = {}
    inherited = _workspace_dependencies(package.folder, workspaces)
    for table in _dependency_tables(package.manifest):
        for key, spec in sorted(table.items()):
            base = package.folder
            if isinstance(spec, dict) and spec.get("workspace") is True:
                shared = inherited.get(key)
                spec = {**spec, **(shared if isinstance(shared, dict) else {})}
                roots = sorted(workspaces, key=len, reverse=True)
                base = next((f for f in roots if _inside(package.folder, f)), "")
            target: _Package | None = None
            if isinstance(spec, dict) and isinstance(spec.get("path"), str):
                target = by_folder.get(_join(base, spec["path"]))
            if target is None:
                real = spec.get("package") if isinstance(spec, dict) else None
                target = by_name.get(real if isinstance(real, str) else key)
            if target is not None and target.name != package.name:
                found.setdefault(crate_name(key), target.name)
    return sorted(found.items())


def _inside(folder: str, root: str) -> bool:
    return not root or folder == root or folder.startswith(root + "/")


def default_features(manifest: Mapping[str, Any]) -> tuple[str, ...]:
    """The package's default features and every feature of its own they enable."""
    table = _table(manifest, "features")
    todo = [f for f in table.get("default", []) if isinstance(f, str)]
    found: set[str] = set()
    while todo:
        name = todo.pop()
        if name in found or "/" in name or name.startswith("dep:"):
            continue
        found.add(name)
        enabled = table.get(name, [])
        todo += [f for f in enabled if isinstance(f, str)] if isinstance(enabled, list) else []
    return tuple(sorted(found))


def _lib_name(package: _Package) -> str:
    name = _table(package.manifest, "lib").get("name")
    return crate_name(name) if isinstance(name, str) else crate_name(package.name)


def _targets(package: _Package, files: frozenset[str]) -> list[tuple[str, str, str]]:
    """(kind, name, root file) of every crate the package builds."""
    folder = package.folder
    manifest = package.manifest
    found: list[tuple[str, str, str]] = []
    lib = _table(manifest, "lib")
    written = lib.get("path")
    lib_path = written if isinstance(written, str) else "src/lib.rs"
    if _join(folder, lib_path) in files:
        found.append((LIB, _lib_name(package), _join(folder, lib_path)))
    settings = _table(manifest, "package")
    for kind, table in _TARGET_TABLES.items():
        declared: dict[str, str] = {}
        for entry in _tables(manifest, table):
            name = entry.get("name")
            path = entry.get("path")
            if isinstance(name, str) and isinstance(path, str):
                declared[name] = _join(folder, path)
            elif isinstance(name, str):
                default = "src/main.rs" if kind == BIN and name == package.name else ""
                for candidate in (default, *_discovered_roots(kind, name)):
                    if candidate and _join(folder, candidate) in files:
                        declared[name] = _join(folder, candidate)
                        break
        auto = settings.get(f"auto{table}s", settings.get("autodiscover", True)) is not False
        if auto:
            if kind == BIN and _join(folder, "src/main.rs") in files:
                declared.setdefault(package.name, _join(folder, "src/main.rs"))
            for name, root in _discovered(kind, folder, files):
                if root not in declared.values():
                    declared.setdefault(name, root)
        found += [(kind, name, root) for name, root in sorted(declared.items()) if root in files]
    return found


def _discovered_roots(kind: str, name: str) -> tuple[str, ...]:
    folder = dict(_TARGET_FOLDERS)[kind]
    return (f"{folder}/{name}.rs", f"{folder}/{name}/main.rs")


def _discovered(kind: str, folder: str, files: frozenset[str]) -> list[tuple[str, str]]:
    """Targets Cargo finds by their place: ``tests/a.rs``, ``tests/b/main.rs``."""
    base = _join(folder, dict(_TARGET_FOLDERS)[kind])
    prefix = base + "/"
    found = []
    for path in sorted(files):
        if not path.startswith(prefix):
            continue
        rest = path[len(prefix) :].split("/")
        if len(rest) == 1 and rest[0].endswith(".rs"):
            found.append((rest[0][:-3], path))
        elif len(rest) == 2 and rest[1] == "main.rs":
            found.append((rest[0], path))
    return found


def cargo_crates(manifests: Iterable[tuple[str, str]], paths: Sequence[str]) -> tuple[Crate, ...]:
    """Every crate of the repository's Cargo packages, packages by folder and
    each package's crates in ``TARGET_KINDS`` order. A manifest that does not
    parse is left out: an index must not fail on it."""
    files = frozenset(paths)
    packages: list[_Package] = []
    workspaces: dict[str, dict[str, Any]] = {}
    for path, text in sorted(manifests):
        if posixpath.basename(path) != CARGO_TOML:
            continue
        data = _parse(text)
        if data is None:
            continue
        folder = posixpath.dirname(path)
        if "workspace" in data:
            workspaces[folder] = _table(data, "workspace")
        name = _table(data, "package").get("name")
        if isinstance(name, str) and name:
            packages.append(_Package(name, folder, data))
    by_folder = {p.folder: p for p in packages}
    by_name: dict[str, _Package] = {}
    for package in packages:
        by_name.setdefault(package.name, package)
    crates: list[Crate] = []
    for package in packages:
        externs = _externs(package, by_folder, by_name, workspaces)
        targets = _targets(package, files)
        own = [(_lib_name(package), package.name)] if any(k == LIB for k, _, _ in targets) else []
        features = default_features(package.manifest)
        for kind, name, root in sorted(targets, key=lambda t: TARGET_KINDS.index(t[0])):
            names = externs if kind == LIB else sorted(set(externs) | set(own))
            crates.append(
                Crate(package.name, kind, name, root, tuple(names), package.folder, features)
            )
    return tuple(crates)
