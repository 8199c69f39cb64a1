"""What every ecosystem's resolver shares: confidence tiers, name matching,
dispatch to overrides, the linear search of a class's ancestors, and a file's
full facts standing in for its interface while it is built.

Each resolver reads its own language's facts, but a call is as certain in one
language as in another when the same evidence binds it; these rules are
written once so that a confidence means the same everywhere.
"""

from __future__ import annotations

import contextlib
import posixpath
from collections.abc import Callable, Hashable, Iterator, MutableMapping, Sequence
from typing import Generic, TypeVar

from blast_radius.core.facts import FileFacts
from blast_radius.core.graph import Edge, Node

CERTAIN = 1.0
"""Scope, import and class rules bind the name to exactly one definition."""
ANNOTATED_CONFIDENCE = 0.9
"""A type known from an annotation, a declared return type or a typed field: an
instance of a subclass may stand in."""
NAME_MATCH_LIMIT = 5
"""More candidates than this for a name match: no edge at all."""
NAME_MATCH_CONFIDENCE = 0.5
"""A call on a receiver of unknown type, split between the methods of its name."""
NAME_MATCH_TAG = "name-match"
COMMON_NAME_FACTOR = 0.5
COMMON_METHOD_NAMES = frozenset(
    """get set run close update add remove append extend pop clear copy items keys values
    read write open start stop send execute call process handle render save load delete
    reset format join split replace setup validate parse apply next flush connect
    commit rollback emit put post patch create build init check visit compile dispatch""".split()
)
"""Method names so common that a name match on them says little: halved again."""
DISPATCH_CONFIDENCE = 0.5
"""A method call on an instance of a class reaches the overrides in its subclasses
(the instance may be one of them): this share of the call's confidence, split
between the overrides."""
DISPATCH_TAG = "dispatch"
"""Tags a call that reaches an override only if the receiver is a subclass instance."""

SymbolRow = tuple[str, str, str, int, int, int]
"""A symbol of a file as the graph names it: (id, kind, name, start, end, body line)."""

T = TypeVar("T", bound=Hashable)
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def name_matches(name: str, candidates: Sequence[T]) -> list[tuple[T, float]]:
    """The edges a call of method ``name`` on an unknown receiver gets: each of at
    most ``NAME_MATCH_LIMIT`` candidates at an equal share, never certain."""
    if not candidates or len(candidates) > NAME_MATCH_LIMIT:
        return []
    confidence = NAME_MATCH_CONFIDENCE / len(candidates)
    if name in COMMON_METHOD_NAMES:
        confidence *= COMMON_NAME_FACTOR
    return [(symbol, confidence) for symbol in candidates]


def dispatched(overrides: Sequence[T], confidence: float) -> list[tuple[T, float]]:
    """The override edges of a call resolved at ``confidence`` on an instance."""
    if not overrides:
        return []
    share = confidence * DISPATCH_CONFIDENCE / len(overrides)
    return [(override, share) for override in overrides]


def ancestors(start: T, bases: Callable[[T], Sequence[T]], limit: int = 200) -> list[T]:
    """``start`` and its ancestors, nearest first, each once (depth-first in the
    order the bases are written; a cycle is cut). Iterative: no recursion."""
    order: list[T] = []
    seen: set[T] = set()
    stack = [start]
    while stack and len(order) < limit:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        order.append(current)
        stack.extend(reversed(bases(current)))
    return order


def descendants(start: T, subtypes: Callable[[T], Sequence[T]]) -> list[T]:
    """The types below ``start`` (not itself), nearest first, each once (breadth
    first in the order ``subtypes`` gives them; a cycle is cut). Iterative."""
    order: list[T] = []
    seen = {start}
    todo = list(subtypes(start))
    position = 0
    while position < len(todo):
        current = todo[position]
        position += 1
        if current in seen:
            continue
        seen.add(current)
        order.append(current)
        todo.extend(subtypes(current))
    return order


class CycleMemo(Generic[K, V]):
    """Values computed once per key, for inferences that may run in a circle
    (``x := y; y := x``, a type through its own field).

    A key asked for while it is being computed gets ``unknown``, and nothing
    computed through that circle is kept: kept values must not depend on where
    resolution started, or a file resolved alone would differ from a full build.
    """

    def __init__(self, unknown: Callable[[], V]) -> None:
        self._unknown = unknown
        self._values: dict[K, V] = {}
        self._active: set[K] = set()
        self._cycle = False

    def get(self, key: K, compute: Callable[[], V]) -> V:
        """The value of ``key``, computed by ``compute()`` when not kept."""
        if key in self._values:
            return self._values[key]
        if key in self._active:
            self._cycle = True
            return self._unknown()
        self._active.add(key)
        outer, self._cycle = self._cycle, False
        try:
            value = compute()
        finally:
            self._active.discard(key)
        if not self._cycle:
            self._values[key] = value
        self._cycle = self._cycle or outer
        return value


def module_parts(module_id: str, facts: FileFacts) -> tuple[list[Node], list[Edge]]:
    """A file's module node, over all its lines, and the edge from its file node:
    where every resolver's output for a file starts."""
    path = facts.path
    node = Node(
        module_id,
        "module",
        posixpath.basename(path),
        path,
        path,
        1,
        max(facts.line_count, 1),
        facts.language,
    )
    return [node], [Edge("file:" + path, module_id, "contains", CERTAIN, 1)]


def merged_symbols(
    facts: FileFacts,
    ids: Sequence[str],
    kind_of: Callable[[int], str | None],
    name_of: Callable[[int], str] | None = None,
) -> list[SymbolRow]:
    """A file's symbols, the definitions sharing an id as one symbol over all
    their lines (overloads, a class opened twice), so that an edit in any of
    them changes it. ``kind_of`` gives a definition's node kind, or None for
    one that is no symbol; ``name_of`` its name (the definition's by default)."""
    rows: dict[str, SymbolRow] = {}
    for index, d in enumerate(facts.definitions):
        kind = kind_of(index)
        if kind is None:
            continue
        held = rows.get(ids[index])
        if held is None:
            name = name_of(index) if name_of else d.name
            rows[ids[index]] = (ids[index], kind, name, d.start_line, d.end_line, d.body_line)
        else:
            start, end = min(held[3], d.start_line), max(held[4], d.end_line)
            rows[ids[index]] = (*held[:3], start, end, held[5])
    return list(rows.values())


M = TypeVar("M")


@contextlib.contextmanager
def standing_in(mapping: MutableMapping[K, M], key: K, value: M) -> Iterator[None]:
    """``value`` in the place of ``mapping[key]`` (which must be there) for the
    while: a file's full facts where a kept resolver holds its interface
    (``Resolver.build_full``)."""
    held = mapping[key]
    mapping[key] = value
    try:
        yield
    finally:
        mapping[key] = held
