"""The code graph: nodes for files, modules, classes and functions; typed edges.

The graph is a value. Its JSON form is canonical (sorted, fixed float
precision, no insignificant whitespace variation) so two builds of the same
tree give byte-identical files.
"""

from __future__ import annotations

import heapq
import itertools
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from json.encoder import encode_basestring
from operator import itemgetter
from typing import Any, NamedTuple

GRAPH_FORMAT_VERSION = 1

NODE_KINDS = ("file", "module", "class", "function", "method")
EDGE_KINDS = ("contains", "imports", "calls", "references", "inherits")


class Node(NamedTuple):
    """A file, module or symbol. ``id`` is stable across runs and machines.

    Nodes and edges are named tuples: a graph holds hundreds of thousands.
    """

    id: str
    kind: str
    name: str
    qualname: str
    path: str
    start_line: int
    end_line: int
    language: str | None


class Edge(NamedTuple):
    """A directed dependency ``source -> target`` with its evidence line.

    ``confidence`` is in (0, 1]; 1.0 only when the resolution is certain.
    ``tags`` qualify the edge (``type-checking``, ``deferred``, ``name-match``,
    ``fixture``, ``dispatch``, ``callback``, ``dynamic``).
    """

    source: str
    target: str
    kind: str
    confidence: float
    line: int
    tags: tuple[str, ...] = ()


FRAMEWORK_CALL_TAG = "fixture"
"""Tags a call that a test framework makes for its source (a fixture a test
requests, a ``setUp``): no code writes it, so it has no arguments to check."""

UNWRITTEN_CALL_TAGS = frozenset({FRAMEWORK_CALL_TAG, "callback", "dynamic", "runtime"})
"""Tags of calls no source line spells with the callee's name (a test framework's,
an external base class's call back, a method named at run time): their sites
have no arguments to check against the callee's signature (``runtime``: a call the
language's runtime makes, Go's ``init``)."""


@dataclass(frozen=True, slots=True)
class EntryPoint:
    """A node entered from outside the code: a main, a route, a command, public API."""

    id: str
    kind: str


@dataclass(frozen=True, slots=True)
class FileOutput:
    """What one file contributes to the graph: its nodes, edges and counts.

    Edges are partitioned by file (every edge starts at a node of the file
    that holds its evidence), so outputs of unchanged files can be reused.
    """

    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    counts: Mapping[str, int]
    entry_points: tuple[EntryPoint, ...] = ()


@dataclass(frozen=True, slots=True)
class Graph:
    """Nodes sorted by id and edges sorted by (source, target, kind)."""

    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    meta: Mapping[str, Any] = field(default_factory=dict)
    entry_points: tuple[EntryPoint, ...] = ()


def round_confidence(value: float) -> float:
    """Round a confidence to the precision stored in graph files."""
    return round(value, 4)


def canonical_edges(edges: Iterable[Edge]) -> list[Edge]:
    """One edge per (source, target, kind), confidences rounded.

    When several edges share (source, target, kind), the most confident wins;
    among equals, the earliest line. A tag is kept only when every occurrence
    carries it (``type-checking`` means *only* under TYPE_CHECKING).
    """
    return sorted(merged_edges(edges), key=_EDGE_KEY)


_EDGE_KEY = itemgetter(0, 1, 2)


def merged_edges(edges: Iterable[Edge]) -> list[Edge]:
    """``canonical_edges`` unsorted: in the order each (source, target, kind) first comes."""
    best: dict[tuple[str, str, str], Edge] = {}
    # The tags every occurrence so far carries, for keys seen more than once only.
    tags_of: dict[tuple[str, str, str], tuple[str, ...]] = {}
    for edge in edges:
        key = edge[:3]
        previous = best.get(key)
        if previous is None:
            best[key] = edge
            continue
        tags = tags_of.get(key)
        if tags is None:
            tags = previous.tags  # still the first occurrence: only a repeat replaces it
        if tags:
            tags = tuple(t for t in tags if t in edge.tags)
        tags_of[key] = tags
        if edge.confidence > previous.confidence or (
            edge.confidence == previous.confidence and edge.line < previous.line
        ):
            best[key] = edge
    merged = list(best.values())
    # Few distinct confidences: those stored more precisely than graph files keep.
    unrounded = {c for c in set(map(itemgetter(3), merged)) if round(c, 4) != c}
    if unrounded or tags_of:
        for i, e in enumerate(merged):
            tags = tags_of.get(e[:3], e.tags) if tags_of else e.tags
            if e.tags != tags or e.confidence in unrounded:
                merged[i] = Edge(e.source, e.target, e.kind, round(e.confidence, 4), e.line, tags)
    return merged


def render_node(n: Node) -> str:
    """One node as a line of canonical JSON."""
    s = encode_basestring
    language = "null" if n.language is None else s(n.language)
    return (
        f'{{"id": {s(n.id)}, "kind": {s(n.kind)}, "name": {s(n.name)}, '
        f'"qualname": {s(n.qualname)}, "path": {s(n.path)}, "start_line": {n.start_line}, '
        f'"end_line": {n.end_line}, "language": {language}}}'
    )


def render_edge(e: Edge) -> str:
    """One edge as a line of canonical JSON."""
    s = encode_basestring
    tags = f', "tags": [{", ".join(s(t) for t in e.tags)}]}}' if e.tags else "}"
    return (
        f'{{"source": {s(e.source)}, "target": {s(e.target)}, "kind": {s(e.kind)}, '
        f'"confidence": {float(e.confidence)!r}, "line": {e.line}{tags}'
    )


def render_entry_point(entry: EntryPoint) -> str:
    """One entry point as a line of canonical JSON."""
    return f'{{"id": {encode_basestring(entry.id)}, "kind": {encode_basestring(entry.kind)}}}'


def assemble_graph_text(
    meta: Mapping[str, Any],
    node_lines: Iterable[str],
    edge_lines: Iterable[str],
    entry_lines: Iterable[str] = (),
) -> str:
    """The canonical graph text from rendered lines, in any order.

    Lines are sorted as text, which orders nodes by id and edges by source,
    target and kind, so the result does not depend on how it was assembled.
    """
    return graph_text_of_blocks(
        meta,
        ",\n".join(sorted(node_lines)),
        ",\n".join(sorted(edge_lines)),
        ",\n".join(sorted(entry_lines)),
    )


def graph_text_of_blocks(meta: Mapping[str, Any], nodes: str, edges: str, entry_points: str) -> str:
    """The graph text from its node, edge and entry-point lines, already sorted
    and joined with ``",\n"``."""
    return "".join(GraphLines(meta, [nodes], [edges], [entry_points]))


GraphPiece = str | bytes | memoryview
"""A piece of graph text: text, or its UTF-8 bytes (spliced from the last graph file)."""


class GraphLines:
    """The canonical graph text as its sorted lines, never joined into one text.

    Iterating gives the text's pieces, separators included, as often as asked:
    written one after the other they are ``graph_text_of_blocks``'s text.
    ``encoded`` gives the same pieces as UTF-8 bytes, for writing: pieces
    spliced from the last graph file are bytes already, never decoded.
    """

    def __init__(
        self,
        meta: Mapping[str, Any],
        nodes: Sequence[str] | SortedRuns | JoinedLines,
        edges: Sequence[str] | SortedRuns | JoinedLines,
        entry_points: Sequence[str] | SortedRuns | JoinedLines,
    ) -> None:
        self._head = (
            '{"format":"blast-radius-graph","version":'
            + str(GRAPH_FORMAT_VERSION)
            + ",\n"
            + '"meta":'
            + json.dumps(meta, sort_keys=True, ensure_ascii=False)
            + ",\n"
        )
        self._blocks = (nodes, edges, entry_points)

    def __iter__(self) -> Iterator[str]:
        for piece in self._pieces():
            yield piece if isinstance(piece, str) else bytes(piece).decode("utf-8")

    def encoded(self) -> Iterator[bytes | memoryview]:
        """The pieces as UTF-8 bytes."""
        for piece in self._pieces():
            yield piece.encode("utf-8") if isinstance(piece, str) else piece

    def _pieces(self) -> Iterator[GraphPiece]:
        yield self._head
        for opening, lines in zip(_OPENINGS, self._blocks, strict=True):
            yield opening
            # A few thousand lines joined at a time: small pieces, few of them.
            if isinstance(lines, JoinedLines):
                for index, piece in enumerate(lines.pieces):
                    if index:
                        yield ",\n"
                    yield piece
                continue
            if isinstance(lines, SortedRuns):
                merged = iter(lines)
                first = True
                while batch := list(itertools.islice(merged, _LINES_PER_PIECE)):
                    if not first:
                        yield ",\n"
                    first = False
                    yield ",\n".join(batch)
                continue
            for start in range(0, len(lines), _LINES_PER_PIECE):
                if start:
                    yield ",\n"
                yield ",\n".join(lines[start : start + _LINES_PER_PIECE])
        yield _CLOSING


@dataclass(frozen=True, slots=True)
class JoinedLines:
    """Sorted lines as pieces, each some lines already joined by ``",\n"``."""

    pieces: Sequence[GraphPiece]


class SortedRuns:
    """Runs of sorted lines (each iterable again and again, from wherever it was
    kept), read as one sorted sequence: merged each time they are iterated."""

    def __init__(self, runs: Sequence[Iterable[str]]) -> None:
        self._runs = runs

    def __iter__(self) -> Iterator[str]:
        return heapq.merge(*self._runs)


_OPENINGS = ('"nodes":[\n', '\n],\n"edges":[\n', '\n],\n"entry_points":[\n')
_CLOSING = "\n]}\n"
_SEPARATOR = b",\n"

Block = tuple[bytes, int, int]
"""A graph file's bytes, and where one of its blocks starts and ends in them."""


def graph_blocks(data: bytes) -> tuple[Block, Block, Block] | None:
    """The node, edge and entry-point blocks of a text ``GraphLines`` wrote (as
    its UTF-8 bytes), each its sorted lines joined by ``",\n"``; None when
    ``data`` is not one (damaged, not UTF-8, or of another format version).

    No line holds a raw newline, so each opening is found at its first occurrence.
    """
    head = '{"format":"blast-radius-graph","version":' + str(GRAPH_FORMAT_VERSION) + ",\n"
    if not data.startswith(head.encode()) or not data.endswith(_CLOSING.encode()):
        return None
    if not _is_utf8(data):
        return None
    openings = [opening.encode() for opening in _OPENINGS]
    found = data.find(b"\n" + openings[0])
    if found < 0:
        return None
    starts = [found + 1 + len(openings[0])]
    ends: list[int] = []
    for opening in openings[1:]:
        found = data.find(opening, starts[-1])
        if found < 0:
            return None
        ends.append(found)
        starts.append(found + len(opening))
    ends.append(len(data) - len(_CLOSING))
    if ends[-1] < starts[-1]:
        return None
    nodes, edges, entries = ((data, start, end) for start, end in zip(starts, ends, strict=True))
    return nodes, edges, entries


# How much of a graph text is checked at once by ``_is_utf8``.
_UTF8_STRETCH = 1 << 16


def _is_utf8(data: bytes) -> bool:
    """Whether ``data`` is UTF-8, decoding only the stretches of it that are not ASCII.

    A graph is almost all ASCII: decoding the whole of it to check a few
    names (15 MB for Go's x/tools and Moby) took 40 ms, a twentieth of a
    re-index. Each stretch ends after a newline, which no multi-byte
    character holds, so the stretches are UTF-8 exactly when the whole is.
    """
    if data.isascii():
        return True
    start, size = 0, len(data)
    while start < size:
        newline = data.find(b"\n", start + _UTF8_STRETCH)
        end = size if newline < 0 else newline + 1
        stretch = data[start:end]
        if not stretch.isascii():
            try:
                stretch.decode("utf-8")
            except UnicodeDecodeError:
                return False
        start = end
    return True


def splice_block(
    block: Block, taken: Sequence[bytes], added: Sequence[bytes]
) -> list[bytes | memoryview] | None:
    """``block`` (sorted lines joined by ``",\n"``) without the lines ``taken`` and
    with the lines ``added`` (UTF-8, both sorted; ``taken`` without repeats),
    as pieces of joined lines to be joined by ``",\n"`` in turn; None when a
    line to take out is not in the block.

    Lines are found by bisection on the bytes themselves, and the pieces kept
    are views of them: the block is never split into its lines nor copied,
    so the cost is that of the changed lines.
    """
    data, begin, finish = block
    edits: list[tuple[int, int, int, bytes]] = []  # (at, insert 0 / take 1, end, line)
    low = begin
    for line in taken:
        start = _first_line_at_least(block, line, low)
        end = start + len(line)
        if (
            end > finish
            or data[start:end] != line
            or not (end == finish or data.startswith(_SEPARATOR, end))
        ):
            return None
        edits.append((start, 1, end, line))
        low = min(end + 2, finish)
    low = begin
    for line in added:
        low = _first_line_at_least(block, line, low)
        edits.append((low, 0, low, line))
    edits.sort(key=lambda edit: edit[:2])  # stable: inserted lines keep their order
    view = memoryview(data)
    pieces: list[bytes | memoryview] = []
    cursor = begin
    for at, take, end, line in edits:
        if at > cursor:
            # The run up to a line's start ends with the separator before it.
            cut = at - 2 if data.startswith(_SEPARATOR, at - 2) and at - 2 >= cursor else at
            pieces.append(view[cursor:cut])
            cursor = at
        if take:
            cursor = min(end + 2, finish)
        else:
            pieces.append(line)
    if cursor < finish:
        pieces.append(view[cursor:finish])
    return pieces


def _first_line_at_least(block: Block, target: bytes, low: int) -> int:
    """Where the first line of ``block`` from ``low`` (a line's start) that sorts
    at or after ``target`` starts; the block's end when none does."""
    data, _, high = block
    finish = high
    while low < high:
        middle = (low + high) // 2
        found = data.rfind(_SEPARATOR, low, middle)
        start = low if found < 0 else found + 2
        end = data.find(_SEPARATOR, start, finish)
        if end < 0:
            end = finish
        if data[start:end] < target:
            low = min(end + 2, finish)
        else:
            high = start
    return low


_LINES_PER_PIECE = 4096


def graph_to_json(graph: Graph) -> str:
    """Serialise a graph to its canonical JSON text (one node or edge per line)."""
    return assemble_graph_text(
        graph.meta,
        map(render_node, graph.nodes),
        map(render_edge, graph.edges),
        map(render_entry_point, graph.entry_points),
    )


_NODE_FIELDS = itemgetter(*Node._fields)
_EDGE_FIELDS = itemgetter("source", "target", "kind", "confidence", "line")


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
    return Graph(
        nodes=_nodes(data["nodes"]),
        edges=_edges(data["edges"]),
        meta=data.get("meta", {}),
        entry_points=_entry_points(data.get("entry_points", ())),
    )


def _nodes(items: list[dict[str, Any]]) -> tuple[Node, ...]:
    # itemgetter and _make keep the per-item work in C: graphs are large.
    return tuple(map(Node._make, map(_NODE_FIELDS, items)))


def _edges(items: list[dict[str, Any]]) -> tuple[Edge, ...]:
    return tuple(Edge._make((*_EDGE_FIELDS(e), tuple(e.get("tags", ())))) for e in items)


def _entry_points(items: Iterable[dict[str, Any]]) -> tuple[EntryPoint, ...]:
    return tuple(EntryPoint(e["id"], e["kind"]) for e in items)


# Rows: the compact form of nodes, edges and entry points in per-file parts.
#
# Every text field holds the JSON-escaped string without its quotes, so it
# never contains a raw control character, and control characters can
# separate everything. Within a row, each field boundary has its own
# separator (SEPARATORS[0] after the first field, [1] after the second, ...),
# so turning rows into the canonical JSON lines of the graph file is a few
# ``str.replace`` calls over a whole block: no Python work per row.
#
# Edges are stored in groups keyed by one end: ``key FIELD rest GROUP rest…``,
# a rest being ``other-end S0 kind S1 confidence S2 line S3 tags``. Ordinary
# edges are keyed by their target (a walk asks "who points here?"),
# ``contains`` edges by their source (a parent's children). A group is parsed
# only when a walk visits its key.
FIELD = "\x1f"
ROW = "\x1e"
GROUP = "\x1c"
SEPARATORS = tuple(chr(c) for c in range(0x11, 0x18))
_S = SEPARATORS
_ANY_SEPARATOR = re.compile("[\x11-\x17]")
_ROW_START = "(?<![^\x1e])"  # at the start of the block or right after a ROW
_KEY_END = "\x1f"
_KEY_AND_REST = re.compile(_ROW_START + "([^\x1c\x1e\x1f]*)\x1f([^\x1e]*)")
_ID_AND_REST = re.compile(_ROW_START + "([^\x11\x1e]*)\x11([^\x1e]*)")
_NODE_GLUE = (
    '", "kind": "',
    '", "name": "',
    '", "qualname": "',
    '", "path": "',
    '", "start_line": ',
    ', "end_line": ',
    ', "language": ',
)
_EDGE_GLUE = ('", "confidence": ', ', "line": ', "")


def row_field(text: str) -> str:
    """A text field of a row: the string JSON-escaped, without its quotes."""
    return encode_basestring(text)[1:-1]


def text_of_field(field: str) -> str:
    """The string a row's text field holds (``row_field`` inverted)."""
    unescaped: str = json.loads('"' + field + '"') if "\\" in field else field
    return unescaped


def node_row(n: Node) -> str:
    """One node as a row: id, kind, name, qualname, path, lines, language (JSON)."""
    language = "null" if n.language is None else encode_basestring(n.language)
    fields = (
        row_field(n.id),
        row_field(n.kind),
        row_field(n.name),
        row_field(n.qualname),
        row_field(n.path),
        str(n.start_line),
        str(n.end_line),
        language,
    )
    return "".join(f + sep for f, sep in zip(fields, (*_S, ""), strict=True))


def node_block(nodes: Sequence[Node]) -> str:
    """Nodes as rows (``node_row`` of each), joined."""
    if not _plain(itertools.chain.from_iterable(map(_NODE_TEXTS, nodes))):
        return ROW.join(map(node_row, nodes))
    languages = {
        language: "null" if language is None else encode_basestring(language)
        for language in set(map(_LANGUAGE, nodes))
    }
    return ROW.join(
        f"{n[0]}{_S[0]}{n[1]}{_S[1]}{n[2]}{_S[2]}{n[3]}{_S[3]}{n[4]}{_S[4]}"
        f"{n[5]}{_S[5]}{n[6]}{_S[6]}{languages[n[7]]}"
        for n in nodes
    )


_NODE_TEXTS = itemgetter(0, 1, 2, 3, 4)
_LANGUAGE = itemgetter(7)


def edge_block(edges: Iterable[Edge], *, by_source: bool = False) -> str:
    """Edges as groups of rows keyed by target (or by source), sorted."""
    edges = list(edges)
    if not edges:
        return ""
    keys = list(map(_SOURCE if by_source else _TARGET, edges))
    others = list(map(_TARGET if by_source else _SOURCE, edges))
    kinds = list(map(_KIND, edges))
    if not _plain((*keys, *others, *kinds)):
        keys, others, kinds = ([row_field(x) for x in texts] for texts in (keys, others, kinds))
    # A file's edges share a few confidences and tag lists: each is written once.
    confidences = {c: repr(float(c)) for c in set(map(_CONFIDENCE, edges))}
    tag_lists = {t: _tags_field(t) for t in set(map(_TAGS, edges))}
    # Rows sort as their text: the key's FIELD is below every character of a key,
    # so the order is that of (key, rest) pairs.
    rows = sorted(
        f"{key}{FIELD}{other}{_S[0]}{kind}{_S[1]}{confidences[e[3]]}{_S[2]}{e[4]}{_S[3]}"
        f"{tag_lists[e[5]]}"
        for key, other, kind, e in zip(keys, others, kinds, edges, strict=True)
    )
    pieces: list[str] = []
    last = None
    for row in rows:
        key, _, rest = row.partition(FIELD)
        if key == last:
            pieces.append(GROUP)
            pieces.append(rest)
        else:
            if last is not None:
                pieces.append(ROW)
            pieces.append(row)
            last = key
    return "".join(pieces)


_SOURCE = itemgetter(0)
_TARGET = itemgetter(1)
_KIND = itemgetter(2)
_CONFIDENCE = itemgetter(3)
_TAGS = itemgetter(5)
_ESCAPED = bytes(range(0x20)) + b'"\\'
"""The characters ``encode_basestring`` escapes (all of them ASCII)."""


def _plain(texts: Iterable[str]) -> bool:
    """Whether no text holds a character JSON escapes: each is then its own row field.

    Ids rarely hold one: a check of all the texts at once, in C, spares
    escaping them one by one.
    """
    joined = "".join(texts)
    if not joined.isascii():
        return False  # escaped one by one: rare
    data = joined.encode("ascii")
    return len(data.translate(None, _ESCAPED)) == len(data)


def _tags_field(tags: tuple[str, ...]) -> str:
    return f', "tags": [{", ".join(map(encode_basestring, tags))}]' if tags else ""


def entry_row(entry: EntryPoint) -> str:
    """One entry point as a row."""
    return row_field(entry.id) + _S[0] + row_field(entry.kind)


def _replace_all(text: str, pairs: Iterable[tuple[str, str]]) -> str:
    for old, new in pairs:
        text = text.replace(old, new)
    return text


def node_rows_to_json(block: str) -> list[str]:
    """The canonical JSON lines of a block of node rows (as ``render_node`` writes them)."""
    if not block:
        return []
    text = _replace_all(block, zip(_S, _NODE_GLUE, strict=True))
    return ('{"id": "' + text.replace(ROW, '}\x1e{"id": "') + "}").split(ROW)


def edge_block_to_json(block: str, *, by_source: bool = False) -> list[str]:
    """The canonical JSON lines of an edge block (as ``render_edge`` writes them)."""
    groups = _KEY_AND_REST.findall(block) if block else []
    if not groups:
        return []
    if by_source:
        # Source and target first: the rests start with the target.
        rows = [
            '{"source": "'
            + key
            + '", "target": "'
            + rests.replace(GROUP, '}\x1e{"source": "' + key + '", "target": "')
            for key, rests in groups
        ]
        text = ("}" + ROW).join(rows).replace(_S[0], '", "kind": "')
    else:
        rows = [
            rests.replace(_S[0], '", "target": "' + key + '", "kind": "') for key, rests in groups
        ]
        text = '{"source": "' + GROUP.join(rows).replace(GROUP, '}\x1e{"source": "')
    text = _replace_all(text, zip(_S[1:4], _EDGE_GLUE, strict=True))
    return (text + "}").split(ROW)


def entry_rows_to_json(block: str) -> list[str]:
    """The canonical JSON lines of a block of entry-point rows."""
    if not block:
        return []
    text = block.replace(_S[0], '", "kind": "').replace(ROW, '"}\x1e{"id": "')
    return ('{"id": "' + text + '"}').split(ROW)


def groups_of_block(block: str) -> list[tuple[str, str]] | list[list[str]]:
    """(escaped key, rest) of each group of an edge block."""
    if not block:
        return []
    # Splitting at separators is faster than a pattern that scans every
    # character (fields are JSON-escaped: no separator inside one); a block
    # with a row that is not key-and-rest (a damaged entry) is left to the
    # pattern, which skips what does not match.
    pairs = [row.split(_KEY_END, 1) for row in block.split(ROW)]
    if min(map(len, pairs)) == 2:
        return pairs
    return _KEY_AND_REST.findall(block)


def node_rows_by_id(block: str) -> dict[str, str]:
    """Each node row of a block by its (escaped) id, the id split off."""
    if not block:
        return {}
    pairs = [row.split(_S[0], 1) for row in block.split(ROW)]
    if min(map(len, pairs)) == 2:
        return dict(pairs)
    return dict(_ID_AND_REST.findall(block))


def node_of_rest(node_id: str, rest: str) -> Node:
    """The node of a row whose id field was split off."""
    kind, name, qualname, path, start, end, language = _ANY_SEPARATOR.split(rest)
    if "\\" in rest:
        name, qualname, path = map(text_of_field, (name, qualname, path))
    # tuple.__new__ skips the named tuple's own __new__, a Python function.
    fields = (node_id, kind, name, qualname, path, int(start), int(end), _json(language))
    return tuple.__new__(Node, fields)


def path_of_rest(rest: str) -> str:
    """The path of a node row whose id field was split off, without parsing the rest."""
    field = rest[rest.index(_S[3]) + 1 : rest.index(_S[4])]
    return text_of_field(field)


def kind_of_rest(rest: str) -> str:
    """The kind of a node row whose id field was split off, without parsing the rest."""
    return rest[: rest.index(_S[1])]


def node_kind_prefix(kind: str) -> str:
    """How the rest of a node row of ``kind`` starts (its id split off)."""
    return row_field(kind) + _S[1]


def kind_marker(kind: str) -> str:
    """A substring found in an edge rest exactly when the edge is of ``kind``."""
    return _S[0] + row_field(kind) + _S[1]


def other_end(rest: str) -> str:
    """The other end of an edge rest (the target in a group keyed by source)."""
    return text_of_field(rest.partition(_S[0])[0])


def entry_points_of_rows(block: str) -> Iterator[EntryPoint]:
    """The entry points of a block of entry-point rows."""
    for row in block.split(ROW) if block else ():
        node_id, _, kind = row.partition(_S[0])
        yield EntryPoint(text_of_field(node_id), text_of_field(kind))


@lru_cache(maxsize=256)
def _json(literal: str) -> Any:
    # Languages and tag lists: a handful of distinct values in a whole graph.
    return json.loads(literal)


class EdgeColumns:
    """The edges of a group keyed by one target, field by field, in (source, kind) order.

    A walk reads each edge's source, kind and confidence; an edge's line and
    tags are read only for the edges on a best path, so they stay one field.
    """

    __slots__ = ("_ends", "confidences", "kinds", "sources", "target")

    def __init__(self, target: str, text: str, *, ordered: bool = False) -> None:
        """Split the rests of a group keyed by ``target`` (unescaped), joined by GROUP.

        ``ordered`` says the rests are sorted already, as one block's group is.
        """
        self.target = target
        if not ordered:
            text = GROUP.join(sorted(text.split(GROUP)))
        # Made one separator, a plain split is several times faster than a
        # regular expression's, and slices take each field.
        one = text.replace(GROUP, _S[0]).replace(_S[1], _S[0]).replace(_S[2], _S[0])
        fields = one.split(_S[0]) if text else []
        sources = fields[0::4]
        if "\\" in text:
            sources = [text_of_field(s) if "\\" in s else s for s in sources]
        self.sources: list[str] = sources
        self.kinds: list[str] = fields[1::4]
        self.confidences: list[float] = list(map(float, fields[2::4]))
        self._ends: list[str] = fields[3::4]  # ``line S3 tags``

    def hop(self, i: int) -> tuple[str, str, str, float, int]:
        """The ``i``-th edge's source, target, kind, confidence and line."""
        line = self._ends[i].partition(_S[3])[0]
        return self.sources[i], self.target, self.kinds[i], self.confidences[i], int(line)

    def tagged(self, i: int, tag: str) -> bool:
        """Whether the ``i``-th edge has ``tag``."""
        tags = self._ends[i].partition(_S[3])[2]
        return bool(tags) and tag in _tags(tags)

    def edges(self) -> list[Edge]:
        """Every edge of the group."""
        new = tuple.__new__
        target = self.target
        ends = [end.partition(_S[3]) for end in self._ends]
        return [
            new(
                Edge,
                (source, target, kind, confidence, int(end[0]), _tags(end[2]) if end[2] else ()),
            )
            for source, kind, confidence, end in zip(
                self.sources, self.kinds, self.confidences, ends, strict=True
            )
        ]


def edges_of_group(target: str, rests: Iterable[str]) -> list[Edge]:
    """The edges of a group keyed by ``target`` (unescaped), in (source, kind) order."""
    return EdgeColumns(target, GROUP.join(rests)).edges()


@lru_cache(maxsize=256)
def _tags(field: str) -> tuple[str, ...]:
    # A tags field is '"tags": [...]' (its braces dropped); few distinct ones.
    return tuple(json.loads("{" + field[2:] + "}")["tags"])
