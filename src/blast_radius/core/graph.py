"""The code graph: nodes for files, modules, classes and functions; typed edges.

The graph is a value. Its JSON form is canonical (sorted, fixed float
precision, no insignificant whitespace variation) so two builds of the same
tree give byte-identical files.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

GRAPH_FORMAT_VERSION = 1

NODE_KINDS = ("file", "module", "class", "function", "method")
EDGE_KINDS = ("contains", "imports", "calls", "references", "inherits")


@dataclass(frozen=True, slots=True)
class Node:
    """A file, module or symbol. ``id`` is stable across runs and machines."""

    id: str
    kind: str
    name: str
    qualname: str
    path: str
    start_line: int
    end_line: int
    language: str | None


@dataclass(frozen=True, slots=True)
class Edge:
    """A directed dependency ``source -> target`` with its evidence line.

    ``confidence`` is in (0, 1]; 1.0 only when the resolution is certain.
    ``tags`` qualify the edge (``type-checking``, ``deferred``, ``name-match``).
    """

    source: str
    target: str
    kind: str
    confidence: float
    line: int
    tags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Graph:
    """Nodes sorted by id and edges sorted by (source, target, kind)."""

    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    meta: Mapping[str, Any] = field(default_factory=dict)

    def node_index(self) -> dict[str, Node]:
        """Map node id to node."""
        return {n.id: n for n in self.nodes}


def round_confidence(value: float) -> float:
    """Round a confidence to the precision stored in graph files."""
    return round(value, 4)


def make_graph(nodes: Iterable[Node], edges: Iterable[Edge], meta: Mapping[str, Any]) -> Graph:
    """Build a canonical graph: unique sorted nodes; one edge per (source, target, kind).

    When several edges share (source, target, kind), the most confident wins;
    among equals, the earliest line. Their tags are merged only when every
    occurrence carries them (a tag like ``type-checking`` means *only* so).
    """
    by_id: dict[str, Node] = {}
    for node in nodes:
        by_id.setdefault(node.id, node)
    best: dict[tuple[str, str, str], Edge] = {}
    common_tags: dict[tuple[str, str, str], frozenset[str]] = {}
    for edge in edges:
        key = (edge.source, edge.target, edge.kind)
        previous = best.get(key)
        tags = frozenset(edge.tags)
        if previous is None:
            best[key] = edge
            common_tags[key] = tags
            continue
        common_tags[key] = common_tags[key] & tags
        if edge.confidence > previous.confidence or (
            edge.confidence == previous.confidence and edge.line < previous.line
        ):
            best[key] = edge
    merged = [
        Edge(
            e.source,
            e.target,
            e.kind,
            round_confidence(e.confidence),
            e.line,
            tuple(sorted(common_tags[k])),
        )
        for k, e in best.items()
    ]
    merged.sort(key=lambda e: (e.source, e.target, e.kind))
    return Graph(
        nodes=tuple(sorted(by_id.values(), key=lambda n: n.id)),
        edges=tuple(merged),
        meta=dict(meta),
    )


def graph_to_json(graph: Graph) -> str:
    """Serialise a graph to its canonical JSON text (one node or edge per line)."""
    parts = ['{"format":"blast-radius-graph","version":', str(GRAPH_FORMAT_VERSION), ",\n"]
    parts.append('"meta":' + json.dumps(graph.meta, sort_keys=True, ensure_ascii=False) + ",\n")
    parts.append('"nodes":[\n')
    parts.append(
        ",\n".join(
            json.dumps(
                {
                    "id": n.id,
                    "kind": n.kind,
                    "name": n.name,
                    "qualname": n.qualname,
                    "path": n.path,
                    "start_line": n.start_line,
                    "end_line": n.end_line,
                    "language": n.language,
                },
                ensure_ascii=False,
            )
            for n in graph.nodes
        )
    )
    parts.append('\n],\n"edges":[\n')
    parts.append(",\n".join(_edge_json(e) for e in graph.edges))
    parts.append("\n]}\n")
    return "".join(parts)


def _edge_json(edge: Edge) -> str:
    data: dict[str, Any] = {
        "source": edge.source,
        "target": edge.target,
        "kind": edge.kind,
        "confidence": edge.confidence,
        "line": edge.line,
    }
    if edge.tags:
        data["tags"] = list(edge.tags)
    return json.dumps(data, ensure_ascii=False)


def graph_from_json(text: str) -> Graph:
    """Parse a graph file written by ``graph_to_json``.

    Raises ``ValueError`` with a readable message when the text is not a graph
    of a supported version.
    """
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != "blast-radius-graph":
        raise ValueError("not a blast-radius graph file")
    if data.get("version") != GRAPH_FORMAT_VERSION:
        raise ValueError(
            f"graph format version {data.get('version')!r} is not supported "
            f"(expected {GRAPH_FORMAT_VERSION}); rebuild it with `blast-radius index`"
        )
    nodes = tuple(
        Node(
            n["id"],
            n["kind"],
            n["name"],
            n["qualname"],
            n["path"],
            n["start_line"],
            n["end_line"],
            n["language"],
        )
        for n in data["nodes"]
    )
    edges = tuple(
        Edge(
            e["source"],
            e["target"],
            e["kind"],
            e["confidence"],
            e["line"],
            tuple(e.get("tags", ())),
        )
        for e in data["edges"]
    )
    return Graph(nodes=nodes, edges=edges, meta=data.get("meta", {}))
