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
import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar, overload

from blast_radius.core.graph import (
    GROUP,
    Edge,
    EdgeColumns,
    Graph,
    Node,
    edge_block,
    edges_of_group,
    groups_of_block,
    kind_marker,
    kind_of_rest,
    node_kind_prefix,
    node_of_rest,
    node_rows_by_id,
    other_end,
    path_of_rest,
    text_of_field,
)
from blast_radius.core.languages import language_by_name

SYMBOL_KINDS = frozenset({"class", "function", "method"})
# Edges whose source depends on their target's behaviour.
_SYMBOL_EDGE_KINDS = frozenset({"calls", "references", "inherits"})
T = TypeVar("T")
_MODULE_EDGE_KINDS = frozenset({"imports"})
_SOURCE_TARGET = operator.itemgetter(0, 1)


@dataclass(frozen=True, slots=True)
class Hop:
    """One step of a why-path: ``source`` depends on ``target`` (evidence at source:line)."""

    source: str
    target: str
    kind: str
    confidence: float
    line: int


class Trail(Sequence[Hop]):
    """A dependent's best path, made when first read: a walk for tests reaches
    tens of thousands of nodes, and only the tests' paths are ever shown.

    It equals, hashes and prints as the tuple of its hops.
    """

    __slots__ = ("_hops", "_key", "_make")

    def __init__(self, make: Callable[[str], tuple[Hop, ...]], key: str) -> None:
        """A path that ``make(key)`` gives when first read."""
        self._make: Callable[[str], tuple[Hop, ...]] | None = make
        self._key = key
        self._hops: tuple[Hop, ...] = ()

    def hops(self) -> tuple[Hop, ...]:
        """The path as a tuple (made now if it was not yet)."""
        if self._make is not None:
            self._hops = self._make(self._key)
            self._make = None
        return self._hops

    @overload
    def __getitem__(self, index: int) -> Hop: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Hop, ...]: ...

    def __getitem__(self, index: int | slice) -> Hop | tuple[Hop, ...]:
        return self.hops()[index]

    def __len__(self) -> int:
        return len(self.hops())

    def __iter__(self) -> Iterator[Hop]:
        return iter(self.hops())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Trail):
            return self.hops() == other.hops()
        return self.hops() == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.hops())

    def __repr__(self) -> str:
        return repr(self.hops())


@dataclass(frozen=True, slots=True)
class Dependent:
    """A node reached from a changed symbol, with its best path back to it."""

    id: str
    confidence: float
    distance: int
    path: Sequence[Hop]
    """From the dependent to the changed symbol it reaches (a tuple, or a ``Trail``)."""

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
        self._rows: dict[str, str] = _by_text(node_rows_by_id(rows))

    def add_rows(self, rows: str) -> None:
        """Add a block of node rows (a later row of an id replaces an earlier one)."""
        self._rows.update(_by_text(node_rows_by_id(rows)))

    def _find(self, node_id: str) -> Node | None:
        node = self._parsed.get(node_id)
        if node is None:
            rest = self._rows.get(node_id)
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

    # ``kind`` and ``path`` are asked for every node a walk reaches: each is
    # written out rather than shared through one helper taking functions.
    def kind(self, node_id: str) -> str | None:
        """The kind of node ``node_id`` (None if there is none), without parsing the node."""
        node = self._parsed.get(node_id)
        if node is not None:
            return node.kind
        rest = self._rows.get(node_id)
        return None if rest is None else kind_of_rest(rest)

    def path(self, node_id: str) -> str | None:
        """The path of node ``node_id`` (None if there is none), without parsing the node."""
        node = self._parsed.get(node_id)
        if node is not None:
            return node.path
        rest = self._rows.get(node_id)
        return None if rest is None else path_of_rest(rest)

    def __contains__(self, node_id: object) -> bool:
        return isinstance(node_id, str) and (node_id in self._parsed or node_id in self._rows)

    def __iter__(self) -> Iterator[str]:
        yield from self._parsed
        for node_id in self._rows:
            if node_id not in self._parsed:
                yield node_id

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def of_kind(self, kind: str) -> list[Node]:
        """Every node of ``kind``, parsing only those."""
        found = {n.id: n for n in self._parsed.values() if n.kind == kind}
        prefix = node_kind_prefix(kind)
        for node_id, rest in self._rows.items():
            if rest.startswith(prefix) and node_id not in found:
                found[node_id] = self[node_id]
        return list(found.values())


def _by_text(found: dict[str, T]) -> dict[str, T]:
    """``found`` keyed by the texts its escaped keys hold (``row_field`` inverted).

    An id is looked up once for every node a walk reaches: keyed by text, it
    is not escaped for each lookup. Most keys hold no escape and stay as they are.
    """
    for key in [key for key in found if "\\" in key]:
        found[text_of_field(key)] = found.pop(key)
    return found


# Marks a node not yet looked up in ``Incoming._columns``, where None is kept
# for a node with no incoming edges.
_UNSEEN = EdgeColumns("", "")


class Incoming:
    """Incoming edges by target, parsed on first use.

    A walk visits a small part of a large graph, so edges are grouped by
    target once (without parsing them) and each group is parsed when asked.
    Edges come in (source, kind) order, whatever order the parts came in.
    """

    def __init__(self, block: str) -> None:
        """Group a block of edge rows keyed by target (``core.graph.edge_block``)."""
        self._groups: dict[str, list[str]] = {}
        self.add_block(block)
        self._columns: dict[str, EdgeColumns | None] = {}
        self._parsed: dict[str, list[Edge]] = {}

    def add_block(self, block: str) -> None:
        """Add a block of edge rows, before any edge is asked for."""
        groups = self._groups
        for key, rests in groups_of_block(block):
            if "\\" in key:
                key = text_of_field(key)
            group = groups.get(key)
            if group is None:
                groups[key] = [rests]
            else:
                group.append(rests)

    def columns(self, node_id: str) -> EdgeColumns | None:
        """The edges into ``node_id`` (``contains`` edges aside) as columns, or None."""
        found = self._columns.get(node_id, _UNSEEN)
        if found is not _UNSEEN:
            return found
        groups = self._groups.get(node_id)
        found = None
        if groups is not None:
            # A group of one block is sorted already (``edge_block``).
            if len(groups) == 1:
                found = EdgeColumns(node_id, groups[0], ordered=True)
            else:
                found = EdgeColumns(node_id, GROUP.join(groups))
        self._columns[node_id] = found
        return found

    def get(self, node_id: str, default: Sequence[Edge] = ()) -> Sequence[Edge]:
        """The edges into ``node_id`` (``contains`` edges aside), or ``default``."""
        edges = self._parsed.get(node_id)
        if edges is None:
            columns = self.columns(node_id)
            if columns is None:
                return default
            edges = self._parsed[node_id] = columns.edges()
        return edges

    def has_kind(self, node_id: str, kinds: Iterable[str]) -> bool:
        """Whether an edge of one of ``kinds`` goes into ``node_id``, without parsing any."""
        markers = [kind_marker(kind) for kind in kinds]
        groups = self._groups.get(node_id, ())
        return any(marker in group for group in groups for marker in markers)

    def rows_of_kind(self, kind: str) -> tuple[list[str], dict[str, list[str]]]:
        """The targets (sorted) of edges of ``kind``, and those rows by target."""
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
        self._groups: dict[str, str] = {}
        self.add_block(block)
        self._parsed: dict[str, list[str]] = {}

    def add_block(self, block: str) -> None:
        """Add a block of ``contains`` rows by source, before any child is asked for."""
        pairs = groups_of_block(block)
        # A parent's children sit in its own file's part, so keys are unique
        # and the dictionary is updated in one C call; merged should they not be.
        added = _by_text(dict(pairs))
        if len(added) == len(pairs) and self._groups.keys().isdisjoint(added):
            self._groups.update(added)
            return
        for escaped, group in pairs:
            key = text_of_field(escaped) if "\\" in escaped else escaped
            previous = self._groups.get(key)
            self._groups[key] = group if previous is None else previous + GROUP + group

    def get(self, node_id: str, default: Sequence[str] = ()) -> Sequence[str]:
        """The children of ``node_id`` in id order, or ``default``."""
        children = self._parsed.get(node_id)
        if children is None:
            group = self._groups.get(node_id)
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
        self._imports_by_target: dict[str, list[Edge]] = {}
        self.walk_cache: dict[str, _Followed] = {}
        """What walks follow into each node (seeds aside), kept for the next walk."""

    @classmethod
    def of_parts(cls, nodes: Iterable[Node], parts: Iterable[tuple[str, str, str]]) -> ReverseIndex:
        """The index of a graph given as parts: each part's (node rows, edge rows,
        contains rows), as the constructor takes them joined.

        Each part is indexed as it comes, so a caller that lets go of it then
        never holds the joined blocks beside the index (a pull request on five
        million lines: those blocks are 300 MB).
        """
        index = cls(nodes, "", "")
        for node_rows, edge_rows, contains_rows in parts:
            if node_rows:
                index.nodes.add_rows(node_rows)
            if edge_rows:
                index.incoming.add_block(edge_rows)
            if contains_rows:
                index.children.add_block(contains_rows)
        return index

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
            prefix = module_id + "."
            # Every id that starts with the prefix sorts from it up to the
            # prefix with its last character ('.') raised by one.
            start = bisect.bisect_left(targets, prefix)
            end = bisect.bisect_left(targets, prefix[:-1] + chr(ord(prefix[-1]) + 1), start)
            for target in targets[start:end]:
                found.extend(self._imports_into(target, rows))
            found.sort(key=_SOURCE_TARGET)
        self._submodule_imports[module_id] = found
        return found

    def _imports_into(self, target: str, rows: Mapping[str, list[str]]) -> list[Edge]:
        """The imports into one target that run its packages: shared by every
        package above the target, so parsed once."""
        found = self._imports_by_target.get(target)
        if found is None:
            found = []
            if self._runs_packages(target):
                found = [
                    edge
                    for edge in edges_of_group(target, rows[target])
                    if edge.kind == "imports" and "type-checking" not in edge.tags
                ]
            self._imports_by_target[target] = found
        return found

    def _runs_packages(self, target_id: str) -> bool:
        """Whether importing ``target_id`` runs its enclosing packages (its language's rule)."""
        target = self.nodes.get(target_id)
        rule = language_by_name(target.language) if target and target.language else None
        return rule is not None and rule.imports_run_packages

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


class _Incoming:
    """The edges a walk follows into one node: their sources and confidences,
    ``picked`` of the columns (all when None) then ``extra``; a hop is made on demand."""

    __slots__ = ("_columns", "_extra", "_picked", "confidences", "sources")

    def __init__(
        self,
        columns: EdgeColumns | None = None,
        picked: list[int] | None = None,
        extra: Sequence[Edge] = (),
    ) -> None:
        self._columns = columns
        self._picked = picked
        self._extra = extra
        sources: list[str] = []
        confidences: list[float] = []
        if columns is not None:
            if picked is None:
                sources, confidences = columns.sources, columns.confidences
            else:
                sources = [columns.sources[i] for i in picked]
                confidences = [columns.confidences[i] for i in picked]
        if extra:
            sources = [*sources, *(e.source for e in extra)]
            confidences = [*confidences, *(e.confidence for e in extra)]
        self.sources: Sequence[str] = sources
        self.confidences: Sequence[float] = confidences

    def hop(self, i: int) -> tuple[str, str, str, float, int]:
        """The ``i``-th edge followed: source, target, kind, confidence and line."""
        columns = self._columns
        if columns is not None:
            count = len(columns.sources) if self._picked is None else len(self._picked)
            if i < count:
                return columns.hop(i if self._picked is None else self._picked[i])
            i -= count
        edge = self._extra[i]
        return edge.source, edge.target, edge.kind, edge.confidence, edge.line


# What a walk follows into a node: every edge of its columns (most symbols),
# or some of them and others (``_Incoming``).
_Followed = _Incoming | EdgeColumns


_NO_INCOMING = _Incoming()

# A queued entry: see ``find_dependents``.
_Queued = tuple[float, int, str, int, _Followed, int, str]


def find_dependents(index: ReverseIndex, seeds: Iterable[Seed], limits: WalkLimits) -> WalkResult:
    """Everything that depends on the seeds, best path first."""
    seed_list = sorted({s.id: s for s in seeds}.values(), key=lambda s: s.id)
    # (negative confidence, distance, id, push order, edges, place, their
    # target): ties go to the shorter path, then the smaller id, then the
    # earlier push, so the edges are never compared. A node's path is its
    # entry's (edges followed into the node the hop leads to, the hop's
    # place among them, that node): an edge is made only for the dependents,
    # not for every edge looked at.
    queue: list[_Queued] = [
        (-1.0, 0, s.id, n, _NO_INCOMING, -1, "") for n, s in enumerate(seed_list)
    ]
    # Each taken node's entry.
    taken: dict[str, _Queued] = {}
    best: list[str] = []
    cut: set[str] = set()
    # The best (confidence, distance) queued for a node not yet taken: a push
    # no better can never be taken first, so it is not made.
    queued: dict[str, tuple[float, int]] = {}
    pushed = seed_count = len(queue)
    min_confidence = limits.min_confidence
    max_depth, max_nodes = limits.max_depth, limits.max_nodes
    walk_cache = index.walk_cache
    pop, push = heapq.heappop, heapq.heappush
    incoming: _Followed
    while queue:
        entry = pop(queue)
        node_id = entry[2]
        if node_id in taken:
            continue
        number = len(taken)
        taken[node_id] = entry
        distance = entry[1]
        # The seeds are taken first, in order: nothing else is at distance 0.
        if number < seed_count:
            seed = seed_list[number]
            if distance >= max_depth:
                if _has_incoming(index, node_id, seed):
                    cut.add("depth")
                continue
            incoming = _incoming_uncached(index, node_id, seed)
        else:
            best.append(node_id)
            if len(best) >= max_nodes:
                cut.add("nodes")
                break
            if distance >= max_depth:
                if _has_incoming(index, node_id, None):
                    cut.add("depth")
                continue
            found = walk_cache.get(node_id)
            if found is None:
                found = walk_cache[node_id] = _incoming_uncached(index, node_id, None)
            incoming = found
        sources = incoming.sources
        if not sources:
            continue
        confidences = incoming.confidences
        confidence = -entry[0]
        next_distance = distance + 1
        # The node is taken already: an edge from itself is passed over too.
        for i, source in enumerate(sources):
            if source in taken:
                continue
            reached = confidence * confidences[i]
            if reached < min_confidence:
                cut.add("confidence")
                continue
            pending = queued.get(source)
            if pending is not None and (
                pending[0] > reached or (pending[0] == reached and pending[1] <= next_distance)
            ):
                continue
            queued[source] = (reached, next_distance)
            push(queue, (-reached, next_distance, source, pushed, incoming, i, node_id))
            pushed += 1
    paths: dict[str, tuple[Hop, ...]] = {s.id: () for s in seed_list}

    def path_of(node_id: str) -> tuple[Hop, ...]:
        # Iterative: paths can be as long as the graph is deep.
        chain = []
        while node_id not in paths:
            chain.append(node_id)
            node_id = taken[node_id][6]
        path = paths[node_id]
        for step in reversed(chain):
            _, _, _, _, via, place, _ = taken[step]
            path = paths[step] = (Hop(*via.hop(place)), *path)
        return path

    # Confidences repeat (products of a few edge confidences): each is rounded once.
    rounded: dict[float, float] = {}
    dependents = []
    for node_id in best:
        negative, distance = taken[node_id][:2]
        confidence = -negative
        shown = rounded.get(confidence)
        if shown is None:
            shown = rounded[confidence] = round(confidence, 4)
        dependents.append(Dependent(node_id, shown, distance, Trail(path_of, node_id)))
    dependents.sort(key=_rank)
    return WalkResult(tuple(dependents), tuple(sorted(cut)))


def _rank(dependent: Dependent) -> tuple[float, int, str]:
    return -dependent.confidence, dependent.distance, dependent.id


def _incoming(index: ReverseIndex, node_id: str, seed: Seed | None) -> _Followed:
    """The edges the walk follows into ``node_id``; the same for every walk but from seeds."""
    if seed is None:
        found = index.walk_cache.get(node_id)
        if found is None:
            found = index.walk_cache[node_id] = _incoming_uncached(index, node_id, seed)
        return found
    return _incoming_uncached(index, node_id, seed)


def _incoming_uncached(index: ReverseIndex, node_id: str, seed: Seed | None) -> _Followed:
    node_kind = index.nodes.kind(node_id)
    if node_kind is None:
        return _NO_INCOMING
    columns = index.incoming.columns(node_id)
    kinds = columns.kinds if columns is not None else []
    if node_kind in SYMBOL_KINDS:
        overrides = index.overriding(node_id) if seed is not None and seed.through_overrides else []
        if columns is None and not overrides:
            return _NO_INCOMING  # most reached symbols: nothing uses them
        # Usually every edge into a symbol is followed: its columns are then
        # what the walk follows, as they are.
        if _SYMBOL_EDGE_KINDS.issuperset(kinds):
            return (
                columns
                if columns is not None and not overrides
                else _Incoming(columns, None, overrides)
            )
        followed = [i for i, kind in enumerate(kinds) if kind in _SYMBOL_EDGE_KINDS]
        return _Incoming(columns, followed, overrides)
    if node_kind in ("module", "package") and (seed is None or seed.through_imports):
        # A module's code runs when it is imported: its importers are reached,
        # not through imports made only for type checkers, which never run.
        picked: list[int] = []
        seen: set[str] = set()
        if columns is not None:
            picked = [
                i
                for i, kind in enumerate(kinds)
                if kind in _MODULE_EDGE_KINDS and not columns.tagged(i, "type-checking")
            ]
            seen = {columns.sources[i] for i in picked}
        extra: list[Edge] = []
        for edge in index.submodule_imports(node_id):
            if edge.source not in seen and not edge.source.startswith(node_id + "."):
                seen.add(edge.source)
                extra.append(edge)
        return _Incoming(columns, picked, extra)
    return _NO_INCOMING


def _has_incoming(index: ReverseIndex, node_id: str, seed: Seed | None) -> bool:
    if index.nodes.kind(node_id) in SYMBOL_KINDS and not (seed and seed.through_overrides):
        # Only whether the walk was cut here: read the kinds, parse nothing.
        return index.incoming.has_kind(node_id, _SYMBOL_EDGE_KINDS)
    return bool(_incoming(index, node_id, seed).sources)
