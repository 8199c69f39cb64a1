"""What JavaScript and TypeScript manifests say about module resolution.

``tsconfig.json``/``jsconfig.json`` give ``baseUrl`` and ``paths`` (through their
``extends`` chain, each path relative to the config that declares it);
``package.json`` files give the packages of a workspace by name, with the
files their ``exports``, ``types``, ``module`` and ``main`` point at, so an
import of a local package by name resolves to its source. Parsed once per
index from the tree's text; the result is plain data, part of the graph's
cache key.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

CONFIG_FILES = ("tsconfig.json", "jsconfig.json")
PACKAGE_FILE = "package.json"


def is_manifest(file_name: str) -> bool:
    """Whether a file of this name is read for module resolution: configs, the
    configs they extend (``tsconfig.base.json``), package manifests."""
    return file_name == PACKAGE_FILE or (
        file_name.startswith(("tsconfig", "jsconfig")) and file_name.endswith(".json")
    )


CONDITIONS = ("source", "types", "typings", "import", "module", "require", "node", "default")
"""The ``exports`` conditions read, best first: a source condition points at the
source itself, ``types`` usually beside it; the runtime ones at built output."""
_MAX_EXTENDS = 16


@dataclass(frozen=True, slots=True)
class TsConfig:
    """The module resolution settings of one config, its ``extends`` chain applied.

    ``folder`` is the config's folder ("" at the root); ``base_url`` a folder,
    or None; ``paths`` the ``paths`` patterns with their substitutions, made
    relative to the repository root.
    """

    folder: str
    base_url: str | None
    paths: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class Package:
    """A package of the repository: its name, folder, and entry files by subpath
    (``.`` for the package itself, ``./sub`` and ``./*`` patterns), best first."""

    name: str
    folder: str
    entries: tuple[tuple[str, tuple[str, ...]], ...]
    bins: tuple[str, ...] = ()
    """The files its ``bin`` runs as commands."""


@dataclass(frozen=True, slots=True)
class JsProjects:
    """Every config and package of a repository, sorted by folder."""

    configs: tuple[TsConfig, ...] = ()
    packages: tuple[Package, ...] = ()

    def config_for(self, path: str) -> TsConfig | None:
        """The nearest config above the file ``path``."""
        folder = posixpath.dirname(path)
        best: TsConfig | None = None
        for config in self.configs:
            if contains_path(config.folder, folder) and (
                best is None or len(config.folder) > len(best.folder)
            ):
                best = config
        return best

    def lookup_aliases(self) -> dict[str, tuple[str, ...]]:
        """Files a lookup finds through configuration, not through their own path:
        each as its path without extension (``x/index`` is found as ``x`` too),
        with the texts such a lookup writes. A package's entry files are found
        through the package's name (or its folder, by a relative path), a
        ``paths`` alias's target through the alias. A key with a ``*`` is a
        pattern (``src/*/main``): the text it matches is written too."""
        found: dict[str, set[str]] = {}

        def add(target: str, texts: set[str]) -> None:
            for key in _alias_keys(target):
                found.setdefault(key, set()).update(texts)

        for package in self.packages:
            names = {package.name, posixpath.basename(package.folder)}
            # Without an entry for the package itself, its index.
            targets = [_join(package.folder, "index")]
            for _, entry in package.entries:
                targets.extend(entry)
            for target in targets:
                for candidate in (target, *source_candidates(package.folder, target)):
                    add(candidate, names)
        for config in self.configs:
            for pattern, pattern_targets in config.paths:
                for target in pattern_targets:
                    add(target, {pattern})
        return {key: tuple(sorted(found[key])) for key in sorted(found)}

    def package_for(self, specifier: str) -> tuple[Package, str] | None:
        """The local package a bare specifier names, and the subpath (``.``, ``./x``)."""
        best: tuple[Package, str] | None = None
        for package in self.packages:
            if specifier == package.name:
                return package, "."
            if specifier.startswith(package.name + "/") and (
                best is None or len(package.name) > len(best[0].name)
            ):
                best = package, "./" + specifier[len(package.name) + 1 :]
        return best


def contains_path(folder: str, path: str) -> bool:
    """Whether ``path`` is inside ``folder`` (\"\" is the root)."""
    return folder in ("", path) or path.startswith(folder + "/")


SOURCE_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
"""The order TypeScript probes a specifier without an extension in."""
# A package's built files, which a lookup maps back to the source: their
# extensions, and the folders they are written to.
_OUTPUT_EXTENSIONS = (".d.ts", ".d.mts", ".d.cts", ".js", ".mjs", ".cjs", ".jsx")
_OUTPUT_FOLDERS = ("dist", "lib", "build", "out", "esm", "cjs", "types")
_OUTPUT_SUBFOLDERS = ("esm", "cjs", "src", "types")


def source_candidates(folder: str, target: str) -> list[str]:
    """Where the source of a built file of the package in ``folder`` may be, best
    first, without extension: ``dist/x.js`` (or ``.d.ts``, ``lib/``, ``build/``,
    ``out/``) back to ``src/x``."""
    stem = posixpath.relpath(posixpath.normpath(target), folder or ".")
    for extension in _OUTPUT_EXTENSIONS:
        if stem.endswith(extension):
            stem = stem[: -len(extension)]
            break
    first, _, rest = stem.partition("/")
    candidates = [stem]
    if first in _OUTPUT_FOLDERS and rest:
        candidates += [f"src/{rest}", rest]
        second, _, deeper = rest.partition("/")
        if second in _OUTPUT_SUBFOLDERS and deeper:
            candidates += [f"src/{deeper}"]
    return [posixpath.normpath(posixpath.join(folder, c)) for c in candidates]


def _alias_keys(path: str) -> tuple[str, ...]:
    """A looked-up path as ``lookup_aliases`` keys it: as written, and without its
    extension (a lookup tries the source extensions on either), as
    ``dependencies.Aliases`` matches a file's path."""
    path = posixpath.normpath(path)
    stem, dot, extension = path.rpartition(".")
    if dot and stem and "/" not in extension:
        return (path, stem.removesuffix(".d"))
    return (path,)


_COMMENTS = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/', re.S)
_TRAILING_COMMAS = re.compile(r'"(?:\\.|[^"\\])*"|,(\s*[}\]])', re.S)


def parse_jsonc(text: str) -> Any:
    """JSON with comments and trailing commas, as tsconfig files are written;
    None when it still does not parse."""
    text = _COMMENTS.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", text)
    text = _TRAILING_COMMAS.sub(
        lambda m: m.group(1) if m.group(1) is not None else m.group(0), text
    )
    try:
        return json.loads(text)
    except ValueError:
        return None


def _join(folder: str, relative: str) -> str:
    joined = posixpath.normpath(posixpath.join(folder, relative))
    return "" if joined == "." else joined


def _config_options(
    path: str, texts: Mapping[str, str], seen: tuple[str, ...] = ()
) -> dict[str, Any]:
    """``compilerOptions`` of the config at ``path`` with its ``extends`` chain
    merged in (nearest wins), ``baseUrl`` and ``paths`` made repository-relative."""
    data = parse_jsonc(texts.get(path, ""))
    if not isinstance(data, dict) or path in seen or len(seen) > _MAX_EXTENDS:
        return {}
    folder = posixpath.dirname(path)
    merged: dict[str, Any] = {}
    extends = data.get("extends")
    for parent in [extends] if isinstance(extends, str) else extends or []:
        if isinstance(parent, str) and parent.startswith("."):
            target = _join(folder, parent)
            if not target.endswith(".json"):
                target += ".json"
            merged.update(_config_options(target, texts, (*seen, path)))
    options = data.get("compilerOptions")
    if isinstance(options, dict):
        base_url = options.get("baseUrl")
        if isinstance(base_url, str):
            merged["baseUrl"] = _join(folder, base_url)
        paths = options.get("paths")
        if isinstance(paths, dict):
            # Relative to baseUrl when there is one, else to this config.
            root = merged.get("baseUrl", folder) if "baseUrl" in merged else folder
            merged["paths"] = tuple(
                (pattern, tuple(_join(root, t) for t in targets if isinstance(t, str)))
                for pattern, targets in paths.items()
                if isinstance(pattern, str) and isinstance(targets, list)
            )
    return merged


def _entries(value: Any) -> tuple[str, ...]:
    """The files an ``exports`` value points at, best condition first."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(e for item in value for e in _entries(item))
    if isinstance(value, dict):
        found: list[str] = []
        for condition in CONDITIONS:
            if condition in value:
                found += _entries(value[condition])
        for condition, item in value.items():
            if condition not in CONDITIONS and not condition.startswith("."):
                found += _entries(item)  # a custom condition (`@scope/source`)
        return tuple(dict.fromkeys(found))
    return ()


def _package(path: str, text: str) -> Package | None:
    data = parse_jsonc(text)
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return None
    folder = posixpath.dirname(path)
    entries: dict[str, tuple[str, ...]] = {}
    exports = data.get("exports")
    if isinstance(exports, dict) and any(k.startswith(".") for k in exports):
        for subpath, value in exports.items():
            if isinstance(subpath, str) and subpath.startswith("."):
                entries[subpath] = _entries(value)
    elif exports is not None:
        entries["."] = _entries(exports)
    fallback = tuple(
        data[key] for key in ("source", "types", "typings", "module", "main")
        if isinstance(data.get(key), str)
    )  # fmt: skip
    if fallback:
        entries["."] = (*entries.get(".", ()), *fallback)
    bin_field = data.get("bin")
    bins = [bin_field] if isinstance(bin_field, str) else []
    if isinstance(bin_field, dict):
        bins = [v for _, v in sorted(bin_field.items()) if isinstance(v, str)]
    return Package(
        data["name"],
        folder,
        tuple(
            (subpath, tuple(_join(folder, t) for t in targets if not t.startswith("..")))
            for subpath, targets in sorted(entries.items())
        ),
        tuple(_join(folder, b) for b in bins if not b.startswith("..")),
    )


def js_projects(texts: Mapping[str, str]) -> JsProjects:
    """The configs and packages of a repository, from its manifests' text by path.

    Broken manifests are left out: an index must not fail on them.
    """
    configs = []
    packages = []
    for path in sorted(texts):
        name = posixpath.basename(path)
        if name in CONFIG_FILES:
            options = _config_options(path, texts)
            configs.append(
                TsConfig(posixpath.dirname(path), options.get("baseUrl"), options.get("paths", ()))
            )
        elif name == PACKAGE_FILE:
            package = _package(path, texts[path])
            if package is not None:
                packages.append(package)
    # One config per folder: tsconfig.json wins over jsconfig.json.
    by_folder: dict[str, TsConfig] = {}
    for config in configs:
        by_folder.setdefault(config.folder, config)
    return JsProjects(tuple(by_folder[f] for f in sorted(by_folder)), tuple(packages))


RUNNERS = ("vitest", "jest", "mocha", "jasmine", "ava")
"""Test runners recognised in a package's dependencies or ``test`` script, in
the order they are tried (a project with vitest and a leftover jest runs vitest)."""


def test_runner(package_text: str) -> str:
    """The test runner a ``package.json`` uses (``RUNNERS``, or ``node`` for
    ``node --test``); ``""`` when it does not say."""
    data = parse_jsonc(package_text)
    if not isinstance(data, dict):
        return ""
    scripts = data.get("scripts")
    script = scripts.get("test", "") if isinstance(scripts, dict) else ""
    script = script if isinstance(script, str) else ""
    declared: set[str] = set()
    for key in ("devDependencies", "dependencies"):
        table = data.get(key)
        if isinstance(table, dict):
            declared.update(k for k in table if isinstance(k, str))
    for runner in RUNNERS:
        if re.search(rf"(^|[\s/]){runner}(\s|$)", script):
            return runner
    if re.search(r"(^|\s)node\s+(.*\s)?--test(\s|$)", script):
        return "node"
    return next((runner for runner in RUNNERS if runner in declared), "")
