"""Walk the graph backwards from changed symbols to everything that depends on them.

A path's confidence is the product of its edges' confidences; a dependent's
confidence is that of its best path, found best-first (the product can only
shrink along a path, so the first time a node is taken from the queue its
confidence is final). Limits on depth, confidence and node count are reported
when they cut the walk: the figures are then lower bounds.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from blast_radius.core.graph import (
    FIELD,
    ROW,
    Edge,
    Graph,
    Node,
    contained,
    edge_of_rest,
    edge_row,
    edges_by_target,
    row_field,
    text_of_field,
)
from blast_radius.core.languages import language_by_name

SYMBOL_KINDS = frozenset({"class", "function", "method"})
# Edges whose source depends on their target's behaviour.
_SYMBOL_EDGE_KINDS = frozenset({"calls", "references", "inherits"})
_MODULE_EDGE_KINDS = frozenset({"imports"})
_IMPORTS = FIELD + "imports" + FIELD  # the kind field of a row, after its source


@dataclass(frozen=True, slots=True)
class Hop:
    """One step of a why-path: ``source`` depends on ``target`` (evidence at source:line)."""

    source: str
    target: str
    kind: str
    confidence: float
    line: int


@dataclass(frozen=True, slots=True)
class Dependent:
    """A node reached from a changed symbol, with its best path back to it."""

    id: str
    confidence: float
    distance: int
    path: tuple[Hop, ...]
    """From the dependent to the changed symbol it reaches."""

    @property
    def seed(self) -> str:
        """The changed symbol at the end of the path."""
        return self.path[-1].target


@dataclass(frozen=True, slots=True)
class WalkLimits:
    """How far to walk."""

    max_depth: int = 4
    min_confidence: float = 0.01
    max_nodes: int = 50_000


@dataclass(frozen=True, slots=True)
class WalkResult:
    """Dependents ranked by confidence, then distance, then id; and what cut the walk."""

    dependents: tuple[Dependent, ...]
    cut_by: tuple[str, ...]
    """``depth``, ``confidence`` and/or ``nodes`` when a limit stopped the walk."""


@dataclass(frozen=True, slots=True)
class Seed:
    """A changed symbol to walk from.

    ``through_imports`` is set for module-level changes: they reach the
    importers of the module. ``through_overrides`` is set for changed
    signatures and removed methods: overriding methods must follow them.
    """

    id: str
    through_imports: bool = False
    through_overrides: bool = False


class Incoming:
    """Incoming edges by target, parsed from their rows on first use.

    A walk visits a small part of a large graph, so rows are grouped by
    target once (without parsing them) and each group is parsed when asked.
    Edges come in (source, kind) order, whatever order the parts came in.
    """

    def __init__(self, groups: dict[str, list[str]]) -> None:
        self._groups = groups
        self._parsed: dict[str, list[Edge]] = {}

    def get(self, node_id: str, default: Sequence[Edge] = ()) -> Sequence[Edge]:
        """The edges into ``node_id`` (``contains`` aside), or ``default``."""
        edges = self._parsed.get(node_id)
        if edges is None:
            rows = self._groups.get(row_field(node_id))
            if rows is None:
                return default
            edges = [edge_of_rest(node_id, rest) for rest in sorted(rows)]
            edges = [e for e in edges if e.kind != "contains"]
            self._parsed[node_id] = edges
        return edges

    def imports(self) -> tuple[list[str], dict[str, list[str]]]:
        """The targets of ``imports`` rows (escaped, sorted), and those rows by target."""
        rows: dict[str, list[str]] = {}
        for target, group in self._groups.items():
            imports = [rest for rest in group if _IMPORTS in rest]
            if imports:
                rows[target] = imports
        return sorted(rows), rows


class ReverseIndex:
    """Incoming edges by target, children, and the nodes of a graph, built once per graph."""

    def __init__(self, nodes: Iterable[Node], edge_rows: str, contains_rows: str) -> None:
        """Index ``nodes``, a block of edge rows and one of ``contains`` rows (``core.graph``)."""
        self.nodes: dict[str, Node] = {n.id: n for n in nodes}
        self.incoming = Incoming(edges_by_target(edge_rows))
        self.children: dict[str, list[str]] = {}
        for parent, child in contained(contains_rows):
            self.children.setdefault(parent, []).append(child)
        self._imports: tuple[list[str], dict[str, list[str]]] | None = None
        self._submodule_imports: dict[str, list[Edge]] = {}

    @classmethod
    def of_graph(cls, graph: Graph) -> ReverseIndex:
        """The index of a graph value."""
        edges = [e for e in graph.edges if e.kind != "contains"]
        contains = [e for e in graph.edges if e.kind == "contains"]
        return cls(graph.nodes, ROW.join(map(edge_row, edges)), ROW.join(map(edge_row, contains)))

    def submodule_imports(self, module_id: str) -> list[Edge]:
        """Imports of a module's submodules (at any depth), in (source, target) order.

        Importing a submodule first runs its enclosing packages (a language
        rule: Python's packages); imports made only for type checkers never run.
        """
        found = self._submodule_imports.get(module_id)
        if found is not None:
            return found
        found = []
        if module_id in self.nodes:
            if self._imports is None:
                self._imports = self.incoming.imports()
            targets, rows = self._imports
            prefix = row_field(module_id + ".")
            start = bisect.bisect_left(targets, prefix)
            for escaped in itertools.takewhile(lambda t: t.startswith(prefix), targets[start:]):
                target = text_of_field(escaped)
                edges = [edge_of_rest(target, rest) for rest in rows[escaped]]
                found.extend(self._runs_packages(edges))
            found.sort(key=lambda e: (e.source, e.target))
        self._submodule_imports[module_id] = found
        return found

    def _runs_packages(self, edges: Sequence[Edge]) -> list[Edge]:
        imports = []
        for edge in edges:
            if edge.kind != "imports" or "type-checking" in edge.tags:
                continue
            target = self.nodes.get(edge.target)
            rule = language_by_name(target.language) if target and target.language else None
            if rule is not None and rule.imports_run_packages:
                imports.append(edge)
        return imports

    def overriding(self, method_id: str) -> list[Edge]:
        """Methods of subclasses (at any depth) that override ``method_id``, as edges."""
        node = self.nodes.get(method_id)
        if node is None or node.kind != "method":
            return []
        owner = method_id[: -(len(node.name) + 1)]
        found: list[Edge] = []
        seen = {owner}
        frontier = [owner]
        while frontier:
            cls = frontier.pop()
            for edge in self.incoming.get(cls, ()):
                if edge.kind != "inherits" or edge.source in seen:
                    continue
                seen.add(edge.source)
                frontier.append(edge.source)
                override = f"{edge.source}.{node.name}"
                if override in self.nodes:
                    line = self.nodes[override].start_line
                    found.append(Edge(override, method_id, "overrides", 1.0, line))
        return sorted(found, key=lambda e: e.source)


def find_dependents(index: ReverseIndex, seeds: Iterable[Seed], limits: WalkLimits) -> WalkResult:
    """Everything that depends on the seeds, best path first."""
    seed_list = sorted({s.id: s for s in seeds}.values(), key=lambda s: s.id)
    seed_ids = {s.id for s in seed_list}
    best: dict[str, tuple[float, int, tuple[Hop, ...]]] = {}
    done: set[str] = set()
    cut: set[str] = set()
    # (negative confidence, distance, id, push order, path): ties go to the
    # shorter path, then the smaller id; the push order keeps paths uncompared.
    queue: list[tuple[float, int, str, int, tuple[Hop, ...]]] = [
        (-1.0, 0, s.id, n, ()) for n, s in enumerate(seed_list)
    ]
    pushed = len(queue)
    seed_by_id: Mapping[str, Seed] = {s.id: s for s in seed_list}
    while queue:
        negative, distance, node_id, _, path = heapq.heappop(queue)
        if node_id in done:
            continue
        done.add(node_id)
        confidence = -negative
        if node_id not in seed_ids:
            best[node_id] = (confidence, distance, path)
            if len(best) >= limits.max_nodes:
                cut.add("nodes")
                break
        if distance >= limits.max_depth:
            if _has_incoming(index, node_id, seed_by_id.get(node_id)):
                cut.add("depth")
            continue
        for edge in _incoming(index, node_id, seed_by_id.get(node_id)):
            if edge.source in done or edge.source == node_id:
                continue
            reached = confidence * edge.confidence
            if reached < limits.min_confidence:
                cut.add("confidence")
                continue
            previous = best.get(edge.source)
            if previous is not None and previous[0] >= reached:
                continue
            hop = Hop(edge.source, edge.target, edge.kind, edge.confidence, edge.line)
            heapq.heappush(queue, (-reached, distance + 1, edge.source, pushed, (hop, *path)))
            pushed += 1
    dependents = [
        Dependent(node_id, round(conf, 4), dist, hops)
        for node_id, (conf, dist, hops) in best.items()
    ]
    dependents.sort(key=lambda d: (-d.confidence, d.distance, d.id))
    return WalkResult(tuple(dependents), tuple(sorted(cut)))


def _incoming(index: ReverseIndex, node_id: str, seed: Seed | None) -> list[Edge]:
    node = index.nodes.get(node_id)
    if node is None:
        return []
    edges = index.incoming.get(node_id, [])
    if node.kind in SYMBOL_KINDS:
        result = [e for e in edges if e.kind in _SYMBOL_EDGE_KINDS]
        if seed is not None and seed.through_overrides:
            result.extend(index.overriding(node_id))
        return result
    if node.kind == "module" and (seed is None or seed.through_imports):
        # A module's code runs when it is imported: its importers are reached,
        # not through imports made only for type checkers, which never run.
        result = [
            e for e in edges if e.kind in _MODULE_EDGE_KINDS and "type-checking" not in e.tags
        ]
        seen = {e.source for e in result}
        for edge in index.submodule_imports(node_id):
            if edge.source not in seen and not edge.source.startswith(node_id + "."):
                seen.add(edge.source)
                result.append(edge)
        return result
    return []


def _has_incoming(index: ReverseIndex, node_id: str, seed: Seed | None) -> bool:
    return bool(_incoming(index, node_id, seed))
