"""Assemble the code graph from the files of a tree and their facts."""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from blast_radius.core.facts import FileFacts
from blast_radius.core.graph import Edge, Graph, Node, make_graph
from blast_radius.core.languages import language_for_path
from blast_radius.core.resolve_python import PythonResolver


@dataclass(frozen=True, slots=True)
class FileRecord:
    """One file of the tree: its path, language, line count and skip reason."""

    path: str
    language: str | None
    line_count: int
    skipped: str | None


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """Settings that change the graph (and so belong to its cache key)."""

    python_roots: tuple[str, ...] = ()


class Resolver(Protocol):
    """Turns the facts of one ecosystem's files into nodes and edges."""

    def build(self) -> tuple[list[Node], list[Edge]]:
        """Return the ecosystem's module and symbol nodes and all their edges."""
        ...

    def resolution_counts(self) -> dict[str, int]:
        """How references were resolved (certain, name-matched, ...), after ``build``."""
        ...


ResolverFactory = Callable[[Sequence[FileFacts], Iterable[str], "BuildOptions"], Resolver]

RESOLVERS: dict[str, ResolverFactory] = {
    "python": lambda facts, paths, options: PythonResolver(facts, paths, options.python_roots),
}


def build_graph(
    files: Sequence[FileRecord],
    facts: Sequence[FileFacts],
    options: BuildOptions,
    extra_meta: dict[str, object] | None = None,
) -> Graph:
    """Resolve every file's facts into one canonical graph.

    ``files`` lists every file of the tree (each becomes a file node);
    ``facts`` holds the extracted facts of those that were parsed.
    """
    nodes: list[Node] = [
        Node(
            "file:" + f.path,
            "file",
            posixpath.basename(f.path),
            f.path,
            f.path,
            1 if f.line_count else 0,
            f.line_count,
            f.language,
        )
        for f in files
    ]
    edges: list[Edge] = []
    by_resolver: dict[str, list[FileFacts]] = {}
    for item in facts:
        rule = language_for_path(item.path)
        if rule is not None:
            by_resolver.setdefault(rule.resolver, []).append(item)

    resolution: dict[str, dict[str, int]] = {}
    for name in sorted(by_resolver):
        resolver = RESOLVERS[name](by_resolver[name], [f.path for f in files], options)
        more_nodes, more_edges = resolver.build()
        nodes.extend(more_nodes)
        edges.extend(more_edges)
        resolution[name] = resolver.resolution_counts()

    skipped = Counter(f.skipped for f in files if f.skipped)
    notes = Counter(note for item in facts for note in item.notes)
    meta: dict[str, object] = {
        "files": len(files),
        "parsed": len(facts),
        "skipped": dict(sorted(skipped.items())),
        "syntax_errors": sum(item.syntax_errors for item in facts),
        "files_with_syntax_errors": sorted(item.path for item in facts if item.syntax_errors),
        "notes": dict(sorted(notes.items())),
        "resolution": resolution,
        "languages": dict(sorted(Counter(item.language for item in facts).items())),
    }
    if extra_meta:
        meta.update(extra_meta)
    graph = make_graph(nodes, edges, meta)
    counts = {
        "node_kinds": dict(sorted(Counter(n.kind for n in graph.nodes).items())),
        "edge_kinds": dict(sorted(Counter(e.kind for e in graph.edges).items())),
    }
    return replace(graph, meta={**graph.meta, **counts})
