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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar, overload

from blast_radius.core.graph import (
    GROUP,
    Edge,
    Graph,
    Node,
    edge_block,
    edges_of_group,
    groups_of_block,
    kind_marker,
    node_kind_prefix,
    node_of_rest,
    node_rows_by_id,
    other_end,
    row_field,
    text_of_field,
)
from blast_radius.core.languages import language_by_name

SYMBOL_KINDS = frozenset({"class", "function", "method"})
# Edges whose source depends on their target's behaviour.
_SYMBOL_EDGE_KINDS = frozenset({"calls", "references", "inherits"})
T = TypeVar("T")
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


NO_DEPTH_LIMIT = 1 << 30
"""A ``max_depth`` no walk reaches: the test selection follows the whole reach."""
DEFAULT_TEST_CONFIDENCE = 0.0001
"""The lowest path confidence at which a reached test is still selected to run.

Chosen by fault injection (``benchmarks/test_selection.py``): recall of the
failing test files 0.44 at 0.01, 0.50 at 0.001, 0.54 at 0.0001, with
precision rising too (0.37, 0.40, 0.41): a long chain of uncertain calls
still leads to tests that fail more often than not."""


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


class Nodes(Mapping[str, Node]):
    """Nodes by id: some given as values, the others as rows parsed on first use."""

    def __init__(self, nodes: Iterable[Node], rows: str = "") -> None:
        self._parsed: dict[str, Node] = {n.id: n for n in nodes}
        self._rows: dict[str, str] = node_rows_by_id(rows)

    def _find(self, node_id: str) -> Node | None:
        node = self._parsed.get(node_id)
        if node is None:
            rest = self._rows.get(row_field(node_id))
            if rest is None:
                return None
            node = self._parsed[node_id] = node_of_rest(node_id, rest)
        return node

    @overload
    def get(self, node_id: str, /) -> Node | None: ...

    @overload
    def get(self, node_id: str, /, default: Node | T) -> Node | T: ...

    def get(self, node_id: str, /, default: object = None) -> object:
        """The node ``node_id``, or ``default``."""
        node = self._find(node_id)
        return default if node is None else node

    def __getitem__(self, node_id: str) -> Node:
        node = self._find(node_id)
        if node is None:
            raise KeyError(node_id)
        return node

    def __contains__(self, node_id: object) -> bool:
        return isinstance(node_id, str) and (
            node_id in self._parsed or row_field(node_id) in self._rows
        )

    def __iter__(self) -> Iterator[str]:
        yield from self._parsed
        for escaped in self._rows:
            node_id = text_of_field(escaped)
            if node_id not in self._parsed:
                yield node_id

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def of_kind(self, kind: str) -> list[Node]:
        """Every node of ``kind``, parsing only those."""
        found = {n.id: n for n in self._parsed.values() if n.kind == kind}
        prefix = node_kind_prefix(kind)
        for escaped, rest in self._rows.items():
            if rest.startswith(prefix):
                node_id = text_of_field(escaped)
                if node_id not in found:
                    found[node_id] = self[node_id]
        return list(found.values())


class Incoming:
    """Incoming edges by target, parsed on first use.

    A walk visits a small part of a large graph, so edges are grouped by
    target once (without parsing them) and each group is parsed when asked.
    Edges come in (source, kind) order, whatever order the parts came in.
    """

    def __init__(self, block: str) -> None:
        """Group a block of edge rows keyed by target (``core.graph.edge_block``)."""
        self._groups: dict[str, list[str]] = {}
        for key, rests in groups_of_block(block):
            group = self._groups.get(key)
            if group is None:
                self._groups[key] = [rests]
            else:
                group.append(rests)
        self._parsed: dict[str, list[Edge]] = {}

    def get(self, node_id: str, default: Sequence[Edge] = ()) -> Sequence[Edge]:
        """The edges into ``node_id`` (``contains`` edges aside), or ``default``."""
        edges = self._parsed.get(node_id)
        if edges is None:
            groups = self._groups.get(row_field(node_id))
            if groups is None:
                return default
            rests = [rest for group in groups for rest in group.split(GROUP)]
            edges = self._parsed[node_id] = edges_of_group(node_id, rests)
        return edges

    def has_kind(self, node_id: str, kinds: Iterable[str]) -> bool:
        """Whether an edge of one of ``kinds`` goes into ``node_id``, without parsing any."""
        markers = [kind_marker(kind) for kind in kinds]
        groups = self._groups.get(row_field(node_id), ())
        return any(marker in group for group in groups for marker in markers)

    def rows_of_kind(self, kind: str) -> tuple[list[str], dict[str, list[str]]]:
        """The targets (escaped, sorted) of edges of ``kind``, and those rows by target."""
        marker = kind_marker(kind)
        rows: dict[str, list[str]] = {}
        for key, groups in self._groups.items():
            found = [r for g in groups if marker in g for r in g.split(GROUP) if marker in r]
            if found:
                rows[key] = found
        return sorted(rows), rows


class Children:
    """The ids a node contains, from ``contains`` edges grouped by their source."""

    def __init__(self, block: str) -> None:
        pairs = groups_of_block(block)
        # A parent's children sit in its own file's part, so keys are unique
        # and the dictionary is built in one C call; merged should they not be.
        self._groups = dict(pairs)
        if len(self._groups) != len(pairs):
            self._groups = {}
            for key, group in pairs:
                previous = self._groups.get(key)
                self._groups[key] = group if previous is None else previous + GROUP + group
        self._parsed: dict[str, list[str]] = {}

    def get(self, node_id: str, default: Sequence[str] = ()) -> Sequence[str]:
        """The children of ``node_id`` in id order, or ``default``."""
        children = self._parsed.get(node_id)
        if children is None:
            group = self._groups.get(row_field(node_id))
            if group is None:
                return default
            rests = sorted(group.split(GROUP))
            children = [other_end(rest) for rest in rests]
            self._parsed[node_id] = children
        return children


class ReverseIndex:
    """Incoming edges by target, children, and the nodes of a graph, built once per graph."""

    def __init__(
        self, nodes: Iterable[Node], edge_rows: str, contains_rows: str, node_rows: str = ""
    ) -> None:
        """Index nodes (values, and rows) and edge blocks (``core.graph.edge_block``)."""
        self.nodes = Nodes(nodes, node_rows)
        self.incoming = Incoming(edge_rows)
        self.children = Children(contains_rows)
        self._imports: tuple[list[str], dict[str, list[str]]] | None = None
        self._submodule_imports: dict[str, list[Edge]] = {}

    @classmethod
    def of_graph(cls, graph: Graph) -> ReverseIndex:
        """The index of a graph value."""
        edges = [e for e in graph.edges if e.kind != "contains"]
        contains = [e for e in graph.edges if e.kind == "contains"]
        return cls(graph.nodes, edge_block(edges), edge_block(contains, by_source=True))

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
                self._imports = self.incoming.rows_of_kind("imports")
            targets, rows = self._imports
            prefix = row_field(module_id + ".")
            start = bisect.bisect_left(targets, prefix)
            for escaped in itertools.takewhile(lambda t: t.startswith(prefix), targets[start:]):
                edges = edges_of_group(text_of_field(escaped), rows[escaped])
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
    seed_by_id: Mapping[str, Seed] = {s.id: s for s in seed_list}
    # A taken node's path, as (hop, node the hop leads to): built into tuples
    # only for the dependents, not for every edge pushed.
    taken: dict[str, tuple[float, int, Edge | None, str]] = {}
    best: list[str] = []
    cut: set[str] = set()
    # The best (confidence, distance) queued for a node not yet taken: a push
    # no better can never be taken first, so it is not made.
    queued: dict[str, tuple[float, int]] = {}
    # (negative confidence, distance, id, push order, edge, its target): ties
    # go to the shorter path, then the smaller id, then the earlier push.
    queue: list[tuple[float, int, str, int, Edge | None, str]] = [
        (-1.0, 0, s.id, n, None, "") for n, s in enumerate(seed_list)
    ]
    pushed = len(queue)
    min_confidence = limits.min_confidence
    while queue:
        negative, distance, node_id, _, via, parent = heapq.heappop(queue)
        if node_id in taken:
            continue
        confidence = -negative
        taken[node_id] = (confidence, distance, via, parent)
        if node_id not in seed_by_id:
            best.append(node_id)
            if len(best) >= limits.max_nodes:
                cut.add("nodes")
                break
        if distance >= limits.max_depth:
            if _has_incoming(index, node_id, seed_by_id.get(node_id)):
                cut.add("depth")
            continue
        next_distance = distance + 1
        for edge in _incoming(index, node_id, seed_by_id.get(node_id)):
            source = edge.source
            if source in taken or source == node_id:
                continue
            reached = confidence * edge.confidence
            if reached < min_confidence:
                cut.add("confidence")
                continue
            pending = queued.get(source)
            if pending is not None and (
                pending[0] > reached or (pending[0] == reached and pending[1] <= next_distance)
            ):
                continue
            queued[source] = (reached, next_distance)
            heapq.heappush(queue, (-reached, next_distance, source, pushed, edge, node_id))
            pushed += 1
    paths: dict[str, tuple[Hop, ...]] = {s.id: () for s in seed_list}

    def path_of(node_id: str) -> tuple[Hop, ...]:
        # Iterative: paths can be as long as the graph is deep.
        chain = []
        while node_id not in paths:
            chain.append(node_id)
            node_id = taken[node_id][3]
        path = paths[node_id]
        for step in reversed(chain):
            edge = taken[step][2]
            assert edge is not None  # only seeds have no edge, and they are in paths
            path = paths[step] = (
                Hop(edge.source, edge.target, edge.kind, edge.confidence, edge.line),
                *path,
            )
        return path

    dependents = [
        Dependent(node_id, round(taken[node_id][0], 4), taken[node_id][1], path_of(node_id))
        for node_id in best
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
    if node.kind in ("module", "package") and (seed is None or seed.through_imports):
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
    node = index.nodes.get(node_id)
    if node is not None and node.kind in SYMBOL_KINDS and not (seed and seed.through_overrides):
        # Only whether the walk was cut here: read the kinds, parse nothing.
        return index.incoming.has_kind(node_id, _SYMBOL_EDGE_KINDS)
    return bool(_incoming(index, node_id, seed))
