"""Assemble the code graph from the files of a tree and their facts.

Building is split per file so that work can be reused: every edge starts at
a node of the file holding its evidence, so a file's rendered nodes and edges
depend only on its own facts and on the *interface* of the other files (what
they define, import and inherit). Only the edited files, and those that name
something that changed in an interface (``core.dependencies``), are resolved
again; the rest of the graph is spliced in as text.
"""

from __future__ import annotations

import functools
import json
import posixpath
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from blast_radius.core.dependencies import DependencyTexts, dependency_texts, file_dependencies
from blast_radius.core.facts import FileFacts, facts_from_text, facts_text
from blast_radius.core.go_projects import GoProjects
from blast_radius.core.graph import (
    ROW,
    Block,
    EntryPoint,
    FileOutput,
    GraphLines,
    JoinedLines,
    Node,
    SortedRuns,
    edge_block,
    edge_block_to_json,
    entry_points_of_rows,
    entry_row,
    entry_rows_to_json,
    merged_edges,
    node_block,
    node_rows_to_json,
    render_node,
    splice_block,
)
from blast_radius.core.js_projects import JsProjects
from blast_radius.core.languages import language_for_path


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
    scripts: tuple[tuple[str, str], ...] = ()
    """Configured entry points as (kind, ``module:attribute``), e.g. console scripts."""
    js: JsProjects = field(default_factory=JsProjects)
    """JavaScript/TypeScript configs and packages: how bare specifiers resolve."""
    go: GoProjects = field(default_factory=GoProjects)
    """Go modules (``go.mod``): which import paths are the repository's."""
    manifests: tuple[tuple[str, str], ...] = ()
    """(path, text) of every manifest file of the languages in the tree (each
    rule's ``manifest_files``), by path: a resolver reads its own from these."""

    def lookup_aliases(self) -> dict[str, tuple[str, ...]]:
        """Paths (without extension) that lookups find through the projects'
        configuration rather than their own path, with the texts those lookups
        name (``JsProjects.lookup_aliases``)."""
        return self.js.lookup_aliases()


_SECTION = "\x1d"


@dataclass(frozen=True, slots=True)
class RenderedFile:
    """A file's part of the graph: blocks of node, edge and entry-point rows, and counts.

    Rows (see ``core.graph``) are kept as blocks of text: the graph file is
    written from them with one substitution per block, and a walk parses only
    the rows it visits.
    """

    nodes: str
    edges: str
    """Edges by target, ``contains`` edges aside (see ``core.graph.edge_block``)."""
    contains: str
    """``contains`` edges, by source: a parent's children."""
    counts: Mapping[str, int]
    entries: str = ""

    def to_text(self) -> str:
        """One line of text; ``from_text`` inverts it (rows hold no raw control characters)."""
        counts = json.dumps(dict(self.counts), sort_keys=True)
        return _SECTION.join((counts, self.nodes, self.edges, self.contains, self.entries))

    @staticmethod
    def from_text(text: str) -> RenderedFile:
        """Rebuild from ``to_text`` output; raises ValueError when damaged."""
        counts, nodes, edges, contains, entries = text.split(_SECTION)
        if "\n" in text:
            raise ValueError("a rendered part is one line")
        return RenderedFile(nodes, edges, contains, _counts(counts), entries)

    @staticmethod
    def counts_of(text: str) -> Mapping[str, int]:
        """The counts of ``to_text`` output, its rows left as text; raises
        ValueError when it is damaged, as ``from_text`` would."""
        if text.count(_SECTION) != 4 or "\n" in text:
            raise ValueError("a rendered part is five sections on one line")
        return _counts(text.partition(_SECTION)[0])


def _counts(text: str) -> dict[str, int]:
    parsed = json.loads(text)
    if not isinstance(parsed, dict):
        raise ValueError("damaged counts")
    return parsed


class Resolver(Protocol):
    """Turns the facts of one ecosystem's files into nodes and edges.

    Made over every file's interface, it is kept for every batch of an index
    (``Resolvers``); made over full facts, it builds those files as they are.
    """

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and counts of each file in ``paths`` (full facts needed)."""
        ...

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """The output of one file given its full facts, where the resolver holds
        its interface; None for a file it does not know."""
        ...


@dataclass(frozen=True, slots=True)
class Ecosystem:
    """One resolver and how to cut a file's facts down to its interface."""

    create: Callable[[Sequence[FileFacts], Sequence[str], BuildOptions], Resolver]
    interface: Callable[[FileFacts], FileFacts]
    symbols: Callable[[FileFacts, str], list[tuple[str, str, str, int, int, int]]]
    """(id, kind, name, start, end, body line) of a file's symbols, given its module id."""
    interface_keeps_symbols: bool = True
    """Whether ``symbols`` reads the same of the interface as of the facts, and
    the interface keeps every import: a file's version can then be read from it."""


# Each ecosystem's resolver is imported when a file of it is first met: a
# repository in one language does not pay to import the other eleven.


def _python() -> Ecosystem:
    from blast_radius.core.resolve_python import PythonResolver, python_interface, python_symbols

    def make(
        facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
    ) -> PythonResolver:
        return PythonResolver(facts, paths, options.python_roots, options.scripts)

    return Ecosystem(create=make, interface=python_interface, symbols=python_symbols)


def _javascript() -> Ecosystem:
    from blast_radius.core.resolve_javascript import (
        JavaScriptResolver,
        javascript_interface,
        javascript_symbols,
    )

    def make(
        facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
    ) -> JavaScriptResolver:
        return JavaScriptResolver(facts, paths, options.js)

    return Ecosystem(create=make, interface=javascript_interface, symbols=javascript_symbols)


def _java() -> Ecosystem:
    from blast_radius.core.play_routes import play_route_handlers
    from blast_radius.core.resolve_java import JavaResolver, java_interface, java_symbols

    def make(
        facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
    ) -> JavaResolver:
        return JavaResolver(facts, paths, play_route_handlers(options.manifests))

    return Ecosystem(create=make, interface=java_interface, symbols=java_symbols)


def _go() -> Ecosystem:
    from blast_radius.core.resolve_go import GoResolver, go_interface, go_symbols

    def make(facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions) -> GoResolver:
        return GoResolver(facts, paths, options.go)

    return Ecosystem(
        create=make,
        interface=go_interface,
        symbols=go_symbols,
    )


def _ruby() -> Ecosystem:
    from blast_radius.core.resolve_ruby import RubyResolver, ruby_interface, ruby_symbols

    def make(
        facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
    ) -> RubyResolver:
        return RubyResolver(facts, paths, options.manifests)

    return Ecosystem(create=make, interface=ruby_interface, symbols=ruby_symbols)


def _php() -> Ecosystem:
    from blast_radius.core.php_projects import php_projects
    from blast_radius.core.resolve_php import PhpResolver, php_interface, php_symbols

    def make(
        facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
    ) -> PhpResolver:
        return PhpResolver(facts, paths, php_projects(options.manifests))

    return Ecosystem(create=make, interface=php_interface, symbols=php_symbols)


def _csharp() -> Ecosystem:
    from blast_radius.core.csharp_projects import csharp_projects
    from blast_radius.core.resolve_csharp import CsharpResolver, csharp_interface, csharp_symbols

    def make(
        facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
    ) -> CsharpResolver:
        return CsharpResolver(facts, paths, csharp_projects(options.manifests))

    return Ecosystem(create=make, interface=csharp_interface, symbols=csharp_symbols)


def _rust() -> Ecosystem:
    from blast_radius.core.resolve_rust import RustResolver, rust_interface, rust_symbols

    def make(
        facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
    ) -> RustResolver:
        return RustResolver(facts, paths, options.manifests)

    return Ecosystem(create=make, interface=rust_interface, symbols=rust_symbols)


def _swift() -> Ecosystem:
    from blast_radius.core.resolve_swift import SwiftResolver, swift_interface, swift_symbols
    from blast_radius.core.swift_projects import swift_projects

    def make(
        facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
    ) -> SwiftResolver:
        return SwiftResolver(facts, paths, swift_projects(options.manifests))

    return Ecosystem(create=make, interface=swift_interface, symbols=swift_symbols)


def _c() -> Ecosystem:
    from blast_radius.core.resolve_c import CResolver, c_interface, c_symbols

    def make(facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions) -> CResolver:
        return CResolver(facts, paths, options.manifests)

    return Ecosystem(create=make, interface=c_interface, symbols=c_symbols)


def _syntactic() -> Ecosystem:
    from blast_radius.core.resolve_syntactic import (
        SyntacticResolver,
        syntactic_interface,
        syntactic_symbols,
    )

    def make(
        facts: Sequence[FileFacts], paths: Sequence[str], options: BuildOptions
    ) -> SyntacticResolver:
        return SyntacticResolver(facts, paths, options.manifests)

    return Ecosystem(
        create=make,
        interface=syntactic_interface,
        symbols=syntactic_symbols,
        interface_keeps_symbols=False,
    )


_ECOSYSTEMS: dict[str, Callable[[], Ecosystem]] = {
    "python": _python,
    "javascript": _javascript,
    "java": _java,
    "go": _go,
    "ruby": _ruby,
    "php": _php,
    "csharp": _csharp,
    "rust": _rust,
    "swift": _swift,
    "c": _c,
    "syntactic": _syntactic,
}


@functools.cache
def ecosystem(name: str) -> Ecosystem:
    """The ecosystem (resolver) called ``name`` in the language rules."""
    return _ECOSYSTEMS[name]()


def _ecosystem(path: str) -> Ecosystem:
    rule = language_for_path(path)
    if rule is None:
        raise ValueError(f"no language rule for {path}")
    return ecosystem(rule.resolver)


def file_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """A file's symbols as the graph names them: (id, kind, name, start, end, body line)."""
    return _ecosystem(facts.path).symbols(facts, module_id)


def interface_keeps_symbols(path: str) -> bool:
    """Whether the symbols and imports of the file at ``path`` can be read from its
    interface (``Ecosystem.interface_keeps_symbols``); False without language rules."""
    rule = language_for_path(path)
    return rule is not None and ecosystem(rule.resolver).interface_keeps_symbols


def file_interface(facts: FileFacts) -> FileFacts:
    """A file's interface: what resolving the other files may read of its facts."""
    return _ecosystem(facts.path).interface(facts)


def interface_entry(facts: FileFacts) -> str:
    """The cached text of a file's interface and dependency data: three JSON
    texts (``read_interface_entry`` splits them), so that each is decoded only
    when it is needed."""
    interface = file_interface(facts)
    texts = dependency_texts(file_dependencies(facts, interface))
    return _SECTION.join((facts_text(interface), texts.mentions, texts.offers))


def read_interface_entry(text: str) -> tuple[FileFacts, DependencyTexts]:
    """The interface and dependency texts of an ``interface_entry``; raises
    ValueError or TypeError when it is damaged."""
    interface, mentions, offers = text.split(_SECTION)
    return facts_from_text(interface), DependencyTexts(mentions, offers)


@dataclass(frozen=True, slots=True)
class FactsText:
    """A file's full facts as their JSON text (``facts_from_text``), decoded only
    where the file is resolved."""

    path: str
    text: str


DAMAGED = "damaged"
"""A chunk's result for a file whose facts text could not be decoded."""

Part = RenderedFile | None | str
FanOut = Callable[
    [Callable[[Sequence[str]], list[Part]], Sequence[Sequence[str]]], list[list[Part]]
]
"""Runs ``work`` on every chunk (perhaps in parallel) and returns its results in chunk order."""


def serially(
    work: Callable[[Sequence[str]], list[Part]], chunks: Sequence[Sequence[str]]
) -> list[list[Part]]:
    """The ``FanOut`` that runs every chunk here, one after the other."""
    return [work(chunk) for chunk in chunks]


@dataclass(frozen=True, slots=True)
class Resolved:
    """What ``resolve_files`` made: each file's part (none for a file its
    resolver has no output for), and the files whose facts text was damaged."""

    parts: dict[str, RenderedFile]
    damaged: tuple[str, ...] = ()


# Facts text takes about this many bytes per reference or definition (75-85 on
# SQLAlchemy, Django and Go): a text's share of the work is reckoned from it.
_TEXT_BYTES_PER_UNIT = 80


class Resolvers:
    """Each ecosystem's resolver over every file's interface, for ``resolve_files``.

    A resolver is made once, on first use, and serves every batch that
    follows: made before processes are forked to resolve, it is shared with
    them rather than made again in each.
    """

    def __init__(
        self, interfaces: Sequence[FileFacts], all_paths: Sequence[str], options: BuildOptions
    ) -> None:
        self._facts: dict[str, list[FileFacts]] = {}
        self.paths: frozenset[str] = frozenset(f.path for f in interfaces)
        """The files whose interfaces the resolvers hold."""
        for interface in interfaces:
            rule = language_for_path(interface.path)
            if rule is not None:
                self._facts.setdefault(rule.resolver, []).append(interface)
        self._all_paths = all_paths
        self._options = options
        self._made: dict[str, Resolver] = {}

    def resolver(self, name: str) -> Resolver:
        """The resolver of the ecosystem ``name``, made on first use."""
        made = self._made.get(name)
        if made is None:
            facts = self._facts.get(name, [])
            made = self._made[name] = ecosystem(name).create(facts, self._all_paths, self._options)
        return made


def resolve_files(
    full: Sequence[FileFacts | FactsText],
    interfaces: Sequence[FileFacts] | Resolvers,
    all_paths: Sequence[str],
    options: BuildOptions,
    fan_out: FanOut = serially,
    chunks: int = 1,
) -> Resolved:
    """Resolve and render the files in ``full``, given the others' interfaces.

    ``interfaces`` may hold those of the files in ``full`` too: each file is
    resolved with its own full facts standing in for its interface, and every
    other file's interface. Given as ``Resolvers``, it must hold the
    interface of every file in ``full``, and is kept from one call to the
    next. The files are cut into up to ``chunks`` chunks of similar size, run
    through ``fan_out``; each chunk decodes its files' texts one at a time,
    so that a process resolving a chunk holds one file's full facts at once. A file's
    output depends on nothing but its own facts and the others' interfaces,
    so how files are chunked, and which resolver holds what, never changes it.
    """
    items: dict[str, FileFacts | FactsText] = {}
    sizes: dict[str, int] = {}
    resolver_of: dict[str, str] = {}
    for item in full:
        if (rule := language_for_path(item.path)) is not None:
            items[item.path] = item
            resolver_of[item.path] = rule.resolver
            sizes[item.path] = (
                1 + len(item.text) // _TEXT_BYTES_PER_UNIT
                if isinstance(item, FactsText)
                else 1 + len(item.references) + len(item.definitions)
            )
    if isinstance(interfaces, Resolvers):
        made = interfaces
        if not made.paths.issuperset(items):
            raise ValueError("resolvers without the interface of a file to resolve")
    else:
        # A file to resolve without an interface: its full facts stand in.
        given = {f.path for f in interfaces}
        alone = [_decoded(items[p]) for p in sorted(items) if p not in given]
        made = Resolvers([*interfaces, *(f for f in alone if f is not None)], all_paths, options)
    # Made here, before any process is forked: shared with them.
    for name in sorted(set(resolver_of.values())):
        made.resolver(name)

    def work(paths: Sequence[str]) -> list[Part]:
        # A text that cannot be decoded is reported as damaged.
        built: dict[str, Part] = dict.fromkeys(paths, DAMAGED)
        groups: dict[str, list[str]] = {}
        for path in sorted(paths):
            groups.setdefault(resolver_of[path], []).append(path)
        for name in sorted(groups):
            resolver = made.resolver(name)
            # Each file's full facts are decoded as it is built, and let go
            # with it: a chunk's are never all held at once, and one file's
            # unrendered output (several times its text) is alive at a time.
            for path in groups[name]:
                if (facts := _decoded(items[path])) is not None:
                    built[path] = _rendered(resolver.build_full(facts))
        return [built[path] for path in paths]

    rendered: dict[str, RenderedFile] = {}
    damaged: list[str] = []
    parts = _balanced(sorted(items), sizes, chunks)
    for paths, results in zip(parts, fan_out(work, parts), strict=True):
        for path, part in zip(paths, results, strict=True):
            if isinstance(part, RenderedFile):
                rendered[path] = part
            elif part == DAMAGED:
                damaged.append(path)
    return Resolved(rendered, tuple(sorted(damaged)))


def _rendered(output: FileOutput | None) -> RenderedFile | None:
    return None if output is None else render_output(output)


def _decoded(item: FileFacts | FactsText) -> FileFacts | None:
    """The facts of ``item``; None when its text cannot be decoded."""
    if not isinstance(item, FactsText):
        return item
    try:
        return facts_from_text(item.text)
    except (ValueError, TypeError):
        return None


# Below this much work, a second process costs more than it saves.
_MIN_CHUNK_SIZE = 20_000


def _balanced(paths: Sequence[str], sizes: Mapping[str, int], chunks: int) -> list[list[str]]:
    """``paths`` in at most ``chunks`` lists of similar total size, in path order within each."""
    total = sum(sizes[p] for p in paths)
    count = max(1, min(chunks, total // _MIN_CHUNK_SIZE, len(paths)))
    bins: list[list[str]] = [[] for _ in range(count)]
    loads = [0] * count
    for path in sorted(paths, key=lambda p: (-sizes[p], p)):
        lightest = loads.index(min(loads))
        bins[lightest].append(path)
        loads[lightest] += sizes[path]
    return [sorted(b) for b in bins if b]


def render_output(output: FileOutput) -> RenderedFile:
    """Render one file's output as canonical lines, with its counts."""
    # Unsorted: the edge blocks sort their rows.
    edges = merged_edges(output.edges)
    counts: Counter[str] = Counter(output.counts)
    counts.update("node:" + n.kind for n in output.nodes)
    counts.update("edge:" + e.kind for e in edges)
    counts.update("entry:" + e.kind for e in output.entry_points)
    return RenderedFile(
        node_block(output.nodes),
        edge_block([e for e in edges if e.kind != "contains"]),
        edge_block([e for e in edges if e.kind == "contains"], by_source=True),
        dict(sorted(counts.items())),
        ROW.join(sorted({entry_row(e) for e in output.entry_points})),
    )


def file_node(record: FileRecord) -> Node:
    """The node of a file, whatever its language."""
    return Node(
        "file:" + record.path,
        "file",
        posixpath.basename(record.path),
        record.path,
        record.path,
        1 if record.line_count else 0,
        record.line_count,
        record.language,
    )


def assemble_graph(
    files: Sequence[FileRecord],
    meta: Mapping[str, Any],
    parts: Iterable[tuple[str, RenderedFile]],
) -> GraphLines:
    """The canonical graph text, as its sorted lines (never joined into one text).

    ``parts`` (each file's rendered part, in path order) are taken one at a
    time: a caller that hands them over as it drops them never holds both a
    part and its lines.
    """
    node_lines = [render_node(file_node(f)) for f in files]
    edge_lines: list[str] = []
    entry_lines: list[str] = []
    for _, part in parts:
        _add_lines((node_lines, edge_lines, entry_lines), part)
    node_lines.sort()
    edge_lines.sort()
    entry_lines.sort()
    return GraphLines(meta, node_lines, edge_lines, entry_lines)


def assemble_graph_in_runs(
    files: Sequence[FileRecord],
    meta: Mapping[str, Any],
    parts: Iterable[tuple[str, RenderedFile]],
    spill: Callable[[list[str]], Iterable[str]],
    run_bytes: int,
) -> GraphLines:
    """``assemble_graph``'s text, holding no more than about ``run_bytes`` of parts'
    lines at a time: each such run is sorted and handed to ``spill`` (which
    keeps it aside and gives back a reader of it), and the runs are merged as
    the text is written."""
    blocks: Blocks = ([render_node(file_node(f)) for f in files], [], [])
    runs: tuple[list[Iterable[str]], ...] = ([], [], [])
    size = 0

    def close_run(last: bool) -> None:
        for lines, kept in zip(blocks, runs, strict=True):
            lines.sort()
            # The last run stays in memory: it would be read back right away.
            kept.append(lines.copy() if last else spill(lines))
            lines.clear()

    for _, part in parts:
        _add_lines(blocks, part)
        size += len(part.nodes) + len(part.edges) + len(part.contains) + len(part.entries)
        if size >= run_bytes:
            close_run(last=False)
            size = 0
    close_run(last=True)
    return GraphLines(meta, SortedRuns(runs[0]), SortedRuns(runs[1]), SortedRuns(runs[2]))


Blocks = tuple[list[str], list[str], list[str]]
"""A graph's node, edge and entry-point lines (canonical JSON, one item each)."""


def _add_lines(blocks: Blocks, part: RenderedFile) -> None:
    """Add a part's lines to ``blocks``, unsorted."""
    blocks[0].extend(node_rows_to_json(part.nodes))
    blocks[1].extend(edge_block_to_json(part.edges))
    blocks[1].extend(edge_block_to_json(part.contains, by_source=True))
    blocks[2].extend(entry_rows_to_json(part.entries))


def splice_graph(
    old: tuple[Block, Block, Block],
    meta: Mapping[str, Any],
    files: tuple[Sequence[FileRecord], Sequence[FileRecord]],
    parts: tuple[Iterable[RenderedFile], Iterable[RenderedFile]],
) -> GraphLines | None:
    """The graph ``assemble_graph`` would build, from the last graph's blocks
    (``old``, as ``graph_blocks`` gives them) and what changed since: ``files``
    are the old and new file records, ``parts`` the old parts of the files
    whose part changed and their new parts.

    The last graph's lines are a multiset of its files' and parts' lines, so
    taking the old ones out and putting the new ones in gives the same sorted
    lines as a build from scratch, at the cost of the changed parts only.
    None when a line to take out is not in ``old`` (it is not the graph those
    parts made), or is there twice.
    """
    # A file whose record is the same in both gives the same line out and in:
    # only the records that differ are rendered.
    kept = set(files[0]).intersection(files[1])
    gone: Blocks = ([render_node(file_node(f)) for f in files[0] if f not in kept], [], [])
    came: Blocks = ([render_node(file_node(f)) for f in files[1] if f not in kept], [], [])
    for part in parts[0]:
        _add_lines(gone, part)
    for part in parts[1]:
        _add_lines(came, part)
    spliced: list[JoinedLines] = []
    for block, out, into in zip(old, gone, came, strict=True):
        taken, added = Counter(out), Counter(into)
        taken, added = taken - added, added - taken
        if any(count > 1 for count in taken.values()):
            return None
        # UTF-8 bytes sort as their text does.
        pieces = splice_block(
            block,
            [line.encode("utf-8") for line in sorted(taken)],
            [line.encode("utf-8") for line in sorted(added.elements())],
        )
        if pieces is None:
            return None
        spliced.append(JoinedLines(pieces))
    return GraphLines(meta, spliced[0], spliced[1], spliced[2])


def graph_meta(
    files: Sequence[FileRecord],
    interfaces: Sequence[FileFacts],
    counts: Mapping[str, Mapping[str, int]],
    extra_meta: Mapping[str, object] | None = None,
) -> dict[str, Any]:
    """The graph's meta: counts by kind, skips, syntax errors, how names resolved.

    ``counts`` are each file's part's counts (``RenderedFile.counts``), by path."""
    totals: Counter[str] = Counter()
    totals["node:file"] = len(files)
    resolution: dict[str, Counter[str]] = {}
    for path in sorted(counts):
        rule = language_for_path(path)
        language = rule.name if rule else "unknown"
        for key, value in counts[path].items():
            if key.startswith(("node:", "edge:", "entry:")):
                totals[key] += value
            else:
                resolution.setdefault(language, Counter())[key] += value
    skipped = Counter(f.skipped for f in files if f.skipped)
    notes = Counter(note for item in interfaces for note in item.notes)
    meta: dict[str, Any] = {
        "files": len(files),
        "parsed": len(interfaces),
        "skipped": dict(sorted(skipped.items())),
        "syntax_errors": sum(item.syntax_errors for item in interfaces),
        "files_with_syntax_errors": sorted(item.path for item in interfaces if item.syntax_errors),
        "notes": dict(sorted(notes.items())),
        "resolution": {k: dict(sorted(v.items())) for k, v in sorted(resolution.items())},
        "languages": dict(sorted(Counter(item.language for item in interfaces).items())),
        "node_kinds": {k[5:]: v for k, v in sorted(totals.items()) if k.startswith("node:")},
        "edge_kinds": {k[5:]: v for k, v in sorted(totals.items()) if k.startswith("edge:")},
        "entry_point_kinds": {
            k[6:]: v for k, v in sorted(totals.items()) if k.startswith("entry:")
        },
    }
    if extra_meta:
        meta.update(extra_meta)
    return meta


@dataclass(frozen=True, slots=True)
class GraphParts:
    """A graph as its per-file parts, for callers that walk it rather than write it."""

    files: Sequence[FileRecord]
    parts: dict[str, RenderedFile]
    """Each file's part; ``drain`` empties it."""
    meta: Mapping[str, Any]

    def file_nodes(self) -> list[Node]:
        """The nodes of the files."""
        return [file_node(f) for f in self.files]

    def entry_points(self) -> list[EntryPoint]:
        """Every entry point, in path order."""
        return [e for _, p in sorted(self.parts.items()) for e in entry_points_of_rows(p.entries)]

    def drain(self) -> Iterator[tuple[str, str, str]]:
        """Each part's (node rows, edge rows, contains rows), in path order, the
        part let go as it is given (``ReverseIndex.of_parts``): the parts are
        empty once it has run."""
        parts = self.parts
        for path in sorted(parts):
            part = parts.pop(path)
            yield part.nodes, part.edges, part.contains
