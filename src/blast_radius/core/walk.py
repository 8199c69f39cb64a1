"""Walk the graph backwards from changed symbols to everything that depends on them.

A path's confidence is the product of its edges' confidences; a dependent's
confidence is that of its best path, found best-first (the product can only
shrink along a path, so the first time a node is taken from the queue its
confidence is final). Limits on depth, confidence and node count are reported
when they cut the walk: the figures are then lower bounds.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from blast_radius.core.graph import Edge, Graph, Node
from blast_radius.core.languages import language_by_name

SYMBOL_KINDS = frozenset({"class", "function", "method"})
# Edges whose source depends on their target's behaviour.
_SYMBOL_EDGE_KINDS = frozenset({"calls", "references", "inherits"})
_MODULE_EDGE_KINDS = frozenset({"imports"})


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


class ReverseIndex:
    """Incoming edges by target, and the nodes of a graph, built once per graph."""

    def __init__(self, graph: Graph) -> None:
        self.nodes: dict[str, Node] = {n.id: n for n in graph.nodes}
        self.incoming: dict[str, list[Edge]] = {}
        self.children: dict[str, list[str]] = {}
        # Imports of a module's submodules, where importing a submodule first
        # runs its enclosing packages (a language rule: Python's packages).
        self.submodule_imports: dict[str, list[Edge]] = {}
        for edge in graph.edges:
            if edge.kind == "contains":
                self.children.setdefault(edge.source, []).append(edge.target)
                continue
            self.incoming.setdefault(edge.target, []).append(edge)
            if edge.kind == "imports" and "type-checking" not in edge.tags:
                target = self.nodes.get(edge.target)
                rule = language_by_name(target.language) if target and target.language else None
                if rule is not None and rule.imports_run_packages:
                    parent = edge.target
                    while "." in parent:
                        parent = parent.rpartition(".")[0]
                        if parent in self.nodes:
                            self.submodule_imports.setdefault(parent, []).append(edge)

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
        for edge in index.submodule_imports.get(node_id, ()):
            if edge.source not in seen and not edge.source.startswith(node_id + "."):
                seen.add(edge.source)
                result.append(edge)
        return result
    return []


def _has_incoming(index: ReverseIndex, node_id: str, seed: Seed | None) -> bool:
    return bool(_incoming(index, node_id, seed))
