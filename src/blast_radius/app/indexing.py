"""Index a tree: list files, reuse cached facts, extract the rest, build the graph.

This module decides; the objects passed in do the I/O.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from blast_radius import __version__
from blast_radius.core.build import BuildOptions, FileRecord, build_graph
from blast_radius.core.classify import (
    SKIP_EXTRACTOR_ERROR,
    SKIP_SYMLINK,
    PathRules,
    content_skip_reason,
)
from blast_radius.core.facts import FileFacts
from blast_radius.core.graph import graph_to_json
from blast_radius.core.languages import language_for_path

# Below this many parsed files, an empty result may be a genuinely empty tree.
_LOUD_FAILURE_MIN_FILES = 3
_MAX_ERRORS_LISTED = 50


class Listed(Protocol):
    """A listed file."""

    @property
    def path(self) -> str: ...

    @property
    def is_link(self) -> bool: ...


class FileSource(Protocol):
    """Lists and reads the files of a tree."""

    def list_files(self) -> Sequence[Listed]: ...

    def flagged_paths(self, paths: list[str]) -> tuple[set[str], set[str]]: ...

    def read(self, path: str, max_bytes: int) -> bytes | str: ...


class FactsStore(Protocol):
    """Remembers facts per file key and the last graph."""

    def get(self, key: str) -> FileFacts | None: ...

    def put(self, key: str, facts_json: str) -> None: ...

    def save(self) -> None: ...

    def get_graph(self, key: str) -> str | None: ...

    def put_graph(self, key: str, text: str) -> None: ...


class FactsExtractor(Protocol):
    """Extracts facts from (path, language, content) jobs, as ``FileFacts.to_json`` text."""

    def extract(
        self,
        jobs: Sequence[tuple[str, str, bytes]],
        progress: Callable[[int], None] | None = None,
    ) -> list[tuple[str, str | None, str | None]]: ...


class Progress(Protocol):
    """Reports progress of a long step."""

    def start(self, total: int, label: str) -> None: ...

    def advance(self, count: int) -> None: ...

    def finish(self) -> None: ...


class ExtractionFoundNothing(RuntimeError):
    """Parsing produced no facts at all from files that should have some."""


@dataclass(frozen=True, slots=True)
class IndexSettings:
    """Everything that decides which files are parsed and how the graph is built."""

    excludes: tuple[str, ...] = ()
    max_file_bytes: int = 1_000_000
    build: BuildOptions = field(default_factory=BuildOptions)


@dataclass(frozen=True, slots=True)
class IndexResult:
    """The graph text and how it was obtained."""

    graph_text: str
    meta: dict[str, Any]
    parsed: int
    reused: int
    graph_reused: bool


def _digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def index_tree(
    source: FileSource,
    store: FactsStore,
    extractor: FactsExtractor,
    settings: IndexSettings,
    fingerprint: str,
    progress: Progress | None = None,
) -> IndexResult:
    """Build (or reuse) the graph of the tree ``source`` lists."""
    listed = source.list_files()
    paths = [f.path for f in listed]
    vendored, generated = source.flagged_paths(paths)
    rules = PathRules.create(settings.excludes, vendored, generated)

    skipped: dict[str, str] = {}
    to_parse: list[tuple[str, str, bytes, str]] = []  # path, language, data, key
    for item in listed:
        rule = language_for_path(item.path)
        reason = rules.skip_reason(item.path)
        if reason is None and rule is not None and item.is_link:
            reason = SKIP_SYMLINK
        if reason is not None:
            skipped[item.path] = reason
            continue
        if rule is None:
            continue
        data = source.read(item.path, settings.max_file_bytes)
        if isinstance(data, str):
            skipped[item.path] = data
            continue
        content_reason = content_skip_reason(data, settings.max_file_bytes)
        if content_reason is not None:
            skipped[item.path] = content_reason
            continue
        to_parse.append((item.path, rule.name, data, _digest(fingerprint, item.path, data)))

    graph_key = _digest(
        __version__,
        fingerprint,
        json.dumps(settings.build.python_roots),
        json.dumps(
            [[f.path, skipped.get(f.path, "")] for f in listed]
            + [[p, key] for p, _, _, key in to_parse]
        ),
    )
    cached_graph = store.get_graph(graph_key)
    if cached_graph is not None:
        meta = json.loads(cached_graph.split("\n", 2)[1].removeprefix('"meta":').rstrip(","))
        return IndexResult(cached_graph, meta, parsed=0, reused=len(to_parse), graph_reused=True)

    facts_by_path: dict[str, FileFacts] = {}
    misses: list[tuple[str, str, bytes]] = []
    keys: dict[str, str] = {}
    for path, language, data, key in to_parse:
        keys[path] = key
        cached = store.get(key)
        if cached is not None:
            facts_by_path[path] = cached
        else:
            misses.append((path, language, data))

    errors: list[dict[str, str]] = []
    if misses:
        if progress:
            progress.start(len(misses), "parsing")
        results = extractor.extract(misses, progress.advance if progress else None)
        if progress:
            progress.finish()
        for path, facts_json, error in results:
            if facts_json is None:
                skipped[path] = SKIP_EXTRACTOR_ERROR
                errors.append({"path": path, "error": error or "unknown error"})
                continue
            facts_by_path[path] = FileFacts.from_json(json.loads(facts_json))
            store.put(keys[path], facts_json)

    parsed_facts = [facts_by_path[p] for p in sorted(facts_by_path)]
    if len(parsed_facts) >= _LOUD_FAILURE_MIN_FILES and not any(
        f.definitions or f.imports or f.references for f in parsed_facts
    ):
        raise ExtractionFoundNothing(
            f"{len(parsed_facts)} files were parsed but not one definition, import or call "
            "was found: the grammar or its queries are broken. Reinstall blast-radius."
        )

    records = [
        FileRecord(
            f.path,
            rule.name if (rule := language_for_path(f.path)) else None,
            facts_by_path[f.path].line_count if f.path in facts_by_path else 0,
            skipped.get(f.path),
        )
        for f in listed
    ]
    extra: dict[str, object] = {"tool_version": __version__, "fingerprint": fingerprint}
    if errors:
        extra["extractor_errors"] = errors[:_MAX_ERRORS_LISTED]
    graph = build_graph(records, parsed_facts, settings.build, extra)
    text = graph_to_json(graph)
    store.put_graph(graph_key, text)
    store.save()
    return IndexResult(
        text,
        dict(graph.meta),
        parsed=len(misses),
        reused=len(to_parse) - len(misses),
        graph_reused=False,
    )
