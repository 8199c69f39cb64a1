"""Index a tree: list files, reuse cached facts, extract the rest, build the graph.

This module decides; the objects passed in do the I/O.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol, TypeVar

from blast_radius import __version__
from blast_radius.core.build import (
    BuildOptions,
    FactsText,
    FileRecord,
    GraphParts,
    RenderedFile,
    Resolvers,
    assemble_graph,
    assemble_graph_in_runs,
    graph_meta,
    interface_entry,
    interface_keeps_symbols,
    read_interface_entry,
    resolve_files,
    splice_graph,
)
from blast_radius.core.classify import (
    SKIP_EXTRACTOR_ERROR,
    SKIP_SYMLINK,
    PathRules,
    content_skip_reason,
)
from blast_radius.core.dependencies import (
    MAX_UPDATED_FILES,
    Aliases,
    DependencyTexts,
    file_reads,
    name_digests,
    name_digests_key,
    path_aliases,
    readable,
    updated_name_digests,
)
from blast_radius.core.facts import FileFacts, Import, facts_from_text
from blast_radius.core.go_projects import GO_MOD, go_projects
from blast_radius.core.graph import GraphLines, graph_blocks
from blast_radius.core.js_projects import is_manifest, js_projects
from blast_radius.core.languages import language_by_name, language_for_path, manifest_names
from blast_radius.core.scripts import PACKAGING_FILES, declared_scripts

T = TypeVar("T")

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

    def content_id(self, path: str) -> str | None:
        """An id of the file's content known without reading it (a git blob id), or None."""
        ...

    def prefetch(self, paths: Sequence[str]) -> None:
        """Hint: these files will be read next."""
        ...


class FactsStore(Protocol):
    """Remembers, per file key, facts, interfaces and rendered outputs; and the last graph.

    ``kind`` is ``facts``, ``interface`` or ``output``; values are one line of text.
    """

    def get(self, kind: str, key: str) -> str | None: ...

    def has(self, kind: str, key: str) -> bool: ...

    def put(self, kind: str, key: str, text: str) -> None: ...

    def keys(self, kind: str) -> list[str]:
        """The keys of the entries of ``kind`` at hand, those written last first."""
        ...

    def retain(self, kind: str, keys: list[str]) -> None: ...

    def save(self) -> None: ...

    def get_graph(self, key: str) -> str | None: ...

    def put_graph(
        self, key: str, pieces: Iterable[str] | Iterable[bytes | memoryview], build: str = ""
    ) -> None:
        """Remember the graph built for ``key`` (text, or its UTF-8 bytes, in
        pieces), and ``build``: what it was built from."""
        ...

    def last_build(self) -> str | None:
        """The ``build`` text put with the last graph, or None."""
        ...

    def note_languages(self, names: Sequence[str]) -> None:
        """Remember the languages a build parsed, most files first."""
        ...

    def last_graph(self) -> bytes | None:
        """The last graph's text as UTF-8 bytes, whatever it was built for, or None."""
        ...

    def spill(self, lines: list[str]) -> Iterable[str]:
        """Keep ``lines`` aside, out of memory; a reader of them, iterable again."""
        ...


class FactsExtractor(Protocol):
    """Extracts facts from (path, language, content) jobs, as ``FileFacts.to_json`` text;
    and runs resolution work in as many processes as it parses with."""

    jobs: int

    def fan_out(
        self, work: Callable[[Sequence[str]], list[T]], chunks: Sequence[Sequence[str]]
    ) -> list[list[T]]: ...

    def apart(self, work: Callable[[], T], meanwhile: Callable[[], None] | None = None) -> T:
        """``work()``, perhaps worked out in another process (its value must
        pickle); ``meanwhile()`` is called here, perhaps while it is."""
        ...

    def extract(
        self,
        jobs: Sequence[tuple[str, str, bytes | int]],
        progress: Callable[[int], None] | None = None,
        read: Callable[[str], bytes | None] | None = None,
        *,
        ahead: bool = False,
    ) -> Iterable[tuple[str, str | None, str | None, str | None]]:
        """(path, facts JSON, interface entry JSON, error) of each job, in order.

        A job given by its content's size is read with ``read`` as it is sent.
        With ``ahead`` the caller does other work before taking the outcomes
        in: the work may start now, alongside it.
        """
        ...


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
    memory_budget_mb: int = 128
    """About how much memory the full facts of the files being resolved may
    take at once; above it, files are resolved in batches (never a different
    graph, only a slower one)."""


@dataclass(frozen=True, slots=True)
class IndexResult:
    """The graph text and how it was obtained."""

    graph: Iterable[str]
    """The graph text in pieces, to be written one after the other (never joined
    unless ``graph_text`` is asked for; iterable again and again); empty unless
    the text is wanted."""
    meta: dict[str, Any]
    parsed: int
    reused: int
    entry_keys: tuple[tuple[str, str], ...] = ()
    """The cache entries (kind, key) this graph was built from: a snapshot's content."""
    parts: GraphParts | None = None
    """The graph as its parts, when they are wanted instead of its text."""
    resolved: tuple[str, ...] = ()
    """Files resolved in this run: those whose output could not be reused."""
    batches: int = 0
    """How many batches they were resolved in, to stay within the memory budget."""
    spliced: bool = False
    """Whether the graph text was the last one with the changed parts swapped,
    rather than assembled from every part."""
    names: str = ""
    """How the name digests were had: ``reused`` (no interface changed),
    ``updated`` from the last ones, or ``computed`` for every name."""
    graph_key: str = ""
    """What the store keeps the graph text under (``put_graph``); empty unless
    the text is wanted."""
    imports: Mapping[str, tuple[Import, ...]] = field(default_factory=dict)
    """Each file's imports of the names ``index_tree`` was asked about, for the
    files whose interface keeps every import (``interface_keeps_symbols``); a
    file with none of them is left out."""

    @property
    def graph_text(self) -> str:
        """The whole graph text, joined (a copy of the graph: write ``graph`` instead)."""
        return "".join(self.graph)


def file_key(source: FileSource, fingerprint: str, path: str, data: bytes) -> str:
    """The cache key of a file's content: by its git blob id when known, else its bytes."""
    content_id = source.content_id(path)
    if content_id is not None:
        return _digest(fingerprint, path, "blob:" + content_id)
    return _digest(fingerprint, path, data)


def _digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


Wanted = Literal["text", "parts", "entries"]
"""What ``index_tree`` gives: the graph's text; its parts and no text (the
cheapest way to a graph to walk); or only the cache entries it was built from
(what a snapshot is made of), the parts let go as they are stored."""


def index_tree(
    source: FileSource,
    store: FactsStore,
    extractor: FactsExtractor,
    settings: IndexSettings,
    fingerprint: str,
    progress: Progress | None = None,
    *,
    wanted: Wanted = "text",
    imports_named: Collection[str] | Callable[[], Collection[str]] = (),
    retain: list[object] | None = None,
    pending: Callable[[], object] | None = None,
) -> IndexResult:
    """Build (or reuse) the graph of the tree ``source`` lists, as ``wanted``.

    ``entry_keys`` are filled unless the text is wanted and a cached graph
    is reused. With ``imports_named`` (or the call that gives them, made once
    the files are read), the result's ``imports`` holds the imports of those
    names, read off the interfaces while they are at hand (none when a cached
    graph text is reused). With ``retain``, a run that splices its few
    changes into the last graph puts there the interfaces and resolvers it no
    longer needs, for a caller that exits without freeing them, rather than
    freeing them itself. ``pending`` stores the facts of files being parsed
    elsewhere (``begin_facts_of_files``): it is called once every other
    file's interface is read, before anything is parsed here.
    """
    as_text = wanted == "text"
    listed = source.list_files()
    paths = [f.path for f in listed]
    vendored, generated = source.flagged_paths(paths)
    rules = PathRules.create(settings.excludes, vendored, generated)

    skipped: dict[str, str] = {}
    # path, language, data (None: known by its content id, not read; a size:
    # read, then let go, to be read again if parsed), key
    to_parse: list[tuple[str, str, bytes | int | None, str]] = []
    to_read: list[tuple[str, str]] = []
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
        content_id = source.content_id(item.path)
        if content_id is not None:
            key = _digest(fingerprint, item.path, "blob:" + content_id)
            if store.has("interface", key):
                # Parsed before, under this very content: no need to read it.
                to_parse.append((item.path, rule.name, None, key))
                continue
        to_read.append((item.path, rule.name))
    source.prefetch([path for path, _ in to_read])
    for path, language in to_read:
        data = source.read(path, settings.max_file_bytes)
        if isinstance(data, str):
            skipped[path] = data
            continue
        content_reason = content_skip_reason(data, settings.max_file_bytes)
        if content_reason is not None:
            skipped[path] = content_reason
            continue
        key = file_key(source, fingerprint, path, data)
        # A file keyed by its blob id is read again when parsed: a tree's
        # contents are never all held at once. One keyed by its bytes is kept,
        # so that what is parsed is what was keyed.
        kept = data if source.content_id(path) is None else len(data)
        to_parse.append((path, language, kept, key))
    to_parse.sort(key=lambda item: item[0])

    scripts: set[tuple[str, str]] = set()
    for item in listed:
        name = item.path.rpartition("/")[2]
        if name in PACKAGING_FILES and skipped.get(item.path) is None and not item.is_link:
            data = source.read(item.path, settings.max_file_bytes)
            if isinstance(data, bytes):
                scripts.update(declared_scripts(name, data.decode("utf-8", "replace")))
    present = {language_by_name(name) for name in {name for _, name, _, _ in to_parse}}
    manifests: dict[str, str] = {}
    if any(rule.resolver == "javascript" for rule in present):
        for item in listed:
            name = item.path.rpartition("/")[2]
            if is_manifest(name) and skipped.get(item.path) is None and not item.is_link:
                data = source.read(item.path, settings.max_file_bytes)
                if isinstance(data, bytes):
                    manifests[item.path] = data.decode("utf-8", "replace")
    go_mods: dict[str, str] = {}
    if any(rule.resolver == "go" for rule in present):
        for item in listed:
            name = item.path.rpartition("/")[2]
            if name == GO_MOD and skipped.get(item.path) is None and not item.is_link:
                text = source.read(item.path, settings.max_file_bytes)
                if isinstance(text, bytes):
                    go_mods[item.path] = text.decode("utf-8", "replace")
    declared: dict[str, str] = {}
    manifest_name = manifest_names(present)
    if manifest_name is not None:
        for item in listed:
            if (
                manifest_name.match(item.path.rpartition("/")[2])
                and skipped.get(item.path) is None
                and not item.is_link
            ):
                data = source.read(item.path, settings.max_file_bytes)
                if isinstance(data, bytes):
                    declared[item.path] = data.decode("utf-8", "replace")
    settings = replace(
        settings,
        build=replace(
            settings.build,
            scripts=tuple(sorted(scripts)),
            js=js_projects(manifests),
            go=go_projects(go_mods),
            manifests=tuple(sorted(declared.items())),
        ),
    )

    graph_key = _digest(
        __version__,
        fingerprint,
        repr(settings.build),
        json.dumps(
            [[f.path, skipped.get(f.path, "")] for f in listed]
            + [[p, key] for p, _, _, key in to_parse]
        ),
    )
    cached_graph = store.get_graph(graph_key) if as_text else None
    if cached_graph is not None:
        meta = json.loads(cached_graph.split("\n", 2)[1].removeprefix('"meta":').rstrip(","))
        return IndexResult(
            (cached_graph,), meta, parsed=0, reused=len(to_parse), graph_key=graph_key
        )

    keys = {path: key for path, _, _, key in to_parse}
    contents = {path: (language, data) for path, language, data, _ in to_parse}
    listed_count = len(to_parse)
    del to_parse  # its contents live on in ``contents`` until parsed

    def read_again(path: str) -> bytes | None:
        data = source.read(path, settings.max_file_bytes)
        return data if isinstance(data, bytes) else None

    def content(path: str) -> tuple[str, bytes | int] | None:
        """A file's language and content, or its size when it is to be read as parsed."""
        language, data = contents[path]
        if data is None:
            data = read_again(path)
        return None if data is None else (language, data)

    # Full facts are kept as their JSON text, several times smaller than
    # decoded: each is decoded by the process that resolves its file.
    full: dict[str, str] = {}
    errors: list[dict[str, str]] = []
    parsed_now = 0
    budget = max(1, settings.memory_budget_mb) * _LINES_PER_MB
    kept_lines = 0
    interfaces: dict[str, FileFacts] = {}
    dependencies: dict[str, DependencyTexts] = {}

    def take(path: str, text: str, keep: bool) -> bool:
        """Keep a file's full facts text (when ``keep``, or while they fit the
        budget); give it an interface. False when it needed one and the text
        could not be decoded to cut it."""
        nonlocal kept_lines
        if path not in interfaces:
            facts = _load(text)
            if facts is None:
                return False
            interfaces[path], dependencies[path] = _interface_entry(store, keys[path], facts)
        lines = interfaces[path].line_count
        if keep or kept_lines + lines <= budget:
            full[path] = text
            kept_lines += lines
        return True

    def ensure_facts(
        paths: list[str],
        new: frozenset[str] = frozenset(),
        keep: bool = False,
        meanwhile: Callable[[], None] | None = None,
    ) -> None:
        """Load (or extract) the full facts of ``paths``: all of them with
        ``keep``, else as many as fit the budget. Those in ``new`` are known
        not to be cached (not looked up: that would read the whole pack).
        ``meanwhile`` is called once the parsing has started, before its
        results are taken in."""
        nonlocal parsed_now
        misses: list[tuple[str, str, bytes | int]] = []
        for path in paths:
            if path in full:
                continue
            text = None if path in new else store.get("facts", keys[path])
            if text is not None and take(path, text, keep):
                continue
            if (found := content(path)) is not None:
                misses.append((path, *found))
        if not misses:
            if meanwhile:
                meanwhile()
            return
        parsed_now += len(misses)
        if progress:
            progress.start(len(misses), "parsing")
        outcomes = extractor.extract(
            misses, progress.advance if progress else None, read_again, ahead=bool(meanwhile)
        )
        if meanwhile:
            meanwhile()
        # Results are taken in while the parsing processes work on.
        for path, facts_json, entry, error in outcomes:
            if facts_json is None:
                skipped[path] = SKIP_EXTRACTOR_ERROR
                errors.append({"path": path, "error": error or "unknown error"})
                continue
            store.put("facts", keys[path], facts_json)
            if entry is not None and path not in interfaces:
                # Cut by the parsing process: the full facts are never decoded here.
                store.put("interface", keys[path], entry)
                interfaces[path], dependencies[path] = read_interface_entry(entry)
            take(path, facts_json, keep)
        if progress:
            progress.finish()

    # Interfaces: what each file offers the others, and what its own lookups
    # name (see core.dependencies). Unchanged files keep theirs.
    # Facts and interfaces are always stored together: no interface, no facts.
    new = frozenset(path for path, key in keys.items() if not store.has("interface", key))

    def read_cached() -> None:
        for path, key in keys.items():
            if path in new:
                continue
            try:
                interfaces[path], dependencies[path] = read_interface_entry(
                    store.get("interface", key) or ""
                )
            except (ValueError, TypeError):
                interfaces.pop(path, None)  # a damaged entry is a miss

    # What the tree's settings alone give, and the last build's record.
    context = _digest(fingerprint, repr(settings.build))
    aliases = path_aliases({})
    last: _LastBuild | None = None

    def read_settled() -> None:
        nonlocal aliases, last
        read_cached()
        aliases = path_aliases(settings.build.lookup_aliases())
        last = _LastBuild.of(store.last_build(), context) if as_text else None

    if pending is not None and new:
        # The files new to the cache are being parsed elsewhere: the rest is
        # read meanwhile, then theirs are taken in.
        read_settled()
        pending()
        for path in sorted(new):
            if (entry := store.get("interface", keys[path])) is not None:
                try:
                    interfaces[path], dependencies[path] = read_interface_entry(entry)
                except (ValueError, TypeError):
                    interfaces.pop(path, None)  # a damaged entry is a miss
        unparsed = frozenset(path for path in new if path not in interfaces)
        ensure_facts([p for p in keys if p in unparsed], unparsed)
    else:
        # The files new to the cache are parsed while the rest is read (a body
        # edit: compiling the query takes longer than parsing the file).
        ensure_facts([p for p in keys if p in new], new, meanwhile=read_settled if new else None)
        if not new:
            read_settled()
    # Damaged entries: parsed again (a new file that failed to parse is not retried).
    ensure_facts([p for p in keys if p not in interfaces and p not in new])
    parsed_paths = sorted(interfaces)
    # Parsed: a file's bytes are read again if its facts are ever missed.
    contents.update((path, (language, None)) for path, (language, _) in contents.items())

    # Outputs: a file's rendered nodes and edges, valid while nothing it names
    # changed in another file's interface.
    names_made = ""
    resolvers: Resolvers | None = None

    def make_resolvers() -> None:
        # The files parsed just now have no output to reuse: the resolvers
        # they need are made while every name's digest is worked out apart.
        nonlocal resolvers
        resolvers = Resolvers([interfaces[p] for p in parsed_paths], paths, settings.build)
        needed = {language_for_path(p) for p in new if p in interfaces}
        for name in sorted({rule.resolver for rule in needed if rule is not None}):
            resolvers.resolver(name)

    def digest_reads() -> tuple[str, dict[str, str]]:
        # Name digests change only when an interface or the tree's paths do:
        # a body edit reuses the last run's, or its snapshot's.
        nonlocal names_made
        # Nothing the digests are made of changed since the last build (a body
        # edit): its key is taken as it is, and each file whose mentions are
        # the same as then reads what it read then.
        unchanged = _last_digests(last, paths, keys, dependencies, store)
        if (
            unchanged is not None
            and len(unchanged[1]) == len(dependencies)
            and store.has("names", unchanged[0])
        ):
            names_made = "reused"
            store.retain("names", [unchanged[0]])  # not read, but still wanted
            return unchanged
        names_key = name_digests_key(paths, dependencies, aliases)
        if unchanged is not None and unchanged[0] != names_key:
            unchanged = None  # a record that does not say what was digested
        by_name = _names(store.get("names", names_key))
        names_made = "reused"
        if by_name is None:
            # An interface changed: the last digests are updated where they
            # can be, else all are computed again.
            files = {p: keys[p] for p in sorted(dependencies)}
            by_name = _names_since(store, names_key, paths, dependencies, files, aliases)
            names_made = "updated"
            if by_name is None:
                # Every name at once: in a process of its own where one may be
                # had, so that the digests' short-lived objects never fragment
                # this process's heap (four copies of Django: 124 MB of arenas
                # at the first fork, 79 MB with them kept apart).
                work = functools.partial(
                    _computed_names, paths, dependencies, files, context, aliases
                )
                computed = extractor.apart(work, meanwhile=make_resolvers)
                if computed is None:
                    raise ValueError("damaged dependency data")
                names_made = "computed"
                store.put("names", names_key, computed[0])
                return names_key, computed[1]
            store.put("names", names_key, _names_entry(by_name, paths, files, aliases))
        # Under the same digests, a file whose facts are those of the last
        # build reads what it read then (its output key says it): a body edit
        # works out the edited file's alone.
        reads: dict[str, str] = {}
        if names_made == "reused":
            reads = unchanged[1] if unchanged else _last_reads(last, names_key, keys, dependencies)
        rest = {p: t for p, t in dependencies.items() if p not in reads}
        reads.update(file_reads(rest, by_name, context))
        return names_key, reads

    try:
        names_key, reads = digest_reads()
    except (ValueError, TypeError):
        # A damaged entry's dependency data: its file is parsed again, as a miss.
        damaged = sorted(p for p, texts in dependencies.items() if not readable(texts))
        for path in damaged:
            del interfaces[path], dependencies[path]
        ensure_facts(damaged, frozenset(damaged))
        parsed_paths = sorted(interfaces)
        resolvers = None  # made of the interfaces as they were
        names_key, reads = digest_reads()
    # Read: no longer needed while files are resolved (interfaces are).
    dependencies.clear()
    outputs = {p: f"{keys[p]}:{reads[p]}" for p in parsed_paths}
    # Each file's part, while the parts fit the budget (beyond it, those that
    # do not are read again from the store as the graph text is written),
    # and each part's counts.
    rendered: dict[str, RenderedFile] = {}
    counts: dict[str, Mapping[str, int]] = {}
    kept_bytes = 0
    budget_bytes = max(1, settings.memory_budget_mb) << 20
    # Lines are sorted in runs of an eighth of the budget (a run's lines take
    # over twice its parts' text; four copies of Django peaked 24 MB higher
    # with runs of a quarter). Parts are kept for the graph's text within a
    # sixteenth: they are cheap to read again, and a large tree's parts, held
    # to the end, would sit beside every batch's resolution (four copies of
    # Django: 16 MB more at the peak with a quarter).
    parts_budget = budget_bytes // 8
    kept_budget = budget_bytes // 16

    part_bytes = 0
    sizes: dict[str, int] = {}

    def keep_part(path: str, part: RenderedFile, size: int) -> None:
        nonlocal kept_bytes, part_bytes
        counts[path] = part.counts
        sizes[path] = size
        part_bytes += size
        if wanted == "parts" or (as_text and kept_bytes + size <= kept_budget):
            rendered[path] = part
            kept_bytes += size

    # A part that is in the last graph as it is: a splice of that graph does
    # not read it, so only its counts are taken (read again if not spliced).
    # Where a splice is to come, they are the last build's: the parts are not
    # even read (Guava's 31 MB of them took 60 ms). Nor is any part read when
    # only the entries are wanted.
    in_last = last.outputs if last is not None else {}
    splicing = last is not None and _to_splice(last, outputs) is not None
    known = last.counts if last is not None and splicing else {}
    # Freeing every interface and the resolvers took 20-30 ms of a Go or Java
    # re-index after one edit: a small run leaves them to the caller's exit.
    # A large one frees them before the graph is assembled, which needs the room.
    held = retain if retain is not None and splicing else None
    for path in parsed_paths:
        key = outputs[path]
        if in_last.get(path) == key and path in known and store.has("output", key):
            sizes[path], counts[path] = known[path]
            part_bytes += sizes[path]
            continue
        cached = store.get("output", key)
        if cached is not None:
            try:
                if wanted == "entries" or in_last.get(path) == key:
                    counts[path] = RenderedFile.counts_of(cached)
                    sizes[path] = len(cached)
                    part_bytes += len(cached)
                else:
                    keep_part(path, RenderedFile.from_text(cached), len(cached))
            except ValueError:
                continue  # a damaged entry is a miss
    to_build = [p for p in parsed_paths if p not in counts]
    lines = {p: interfaces[p].line_count for p in to_build}
    built: list[str] = []
    # The facts already in memory make the first batch; the rest follow.
    ready = [p for p in to_build if p in full]
    rest = _batches([p for p in to_build if p not in full], lines, budget)
    batches = _merged_tail(([ready] if ready else []) + rest, lines, budget)
    if resolvers is None:
        resolvers = Resolvers([interfaces[p] for p in parsed_paths], paths, settings.build)
    for number, batch in enumerate(batches):
        # A file's output needs its own full facts and the others' interfaces
        # only: one batch's full facts are in memory at a time.
        if number:
            full.clear()
            kept_lines = 0
        ensure_facts(batch, keep=True)
        result = resolve_files(
            [FactsText(p, full[p]) for p in batch if p in full],
            resolvers,
            paths,
            settings.build,
            extractor.fan_out,
            extractor.jobs,
        )
        resolved = result.parts
        if result.damaged:
            # Facts text that could not be decoded is a miss: parsed again.
            for path in result.damaged:
                del full[path]
            ensure_facts(list(result.damaged), frozenset(result.damaged), keep=True)
            again = resolve_files(
                [FactsText(p, full[p]) for p in result.damaged if p in full],
                resolvers,
                paths,
                settings.build,
            )
            resolved |= again.parts
            for path in again.damaged:  # parsed just now: never expected, never silent
                skipped[path] = SKIP_EXTRACTOR_ERROR
                errors.append({"path": path, "error": "its facts could not be read back"})
        built.extend(resolved)
        # Each part is let go as it is stored, unless kept: a batch's parts are
        # never alive beside the next batch's resolution.
        for path in sorted(resolved):
            part = resolved.pop(path)
            text = part.to_text()
            store.put("output", outputs[path], text)
            keep_part(path, part, len(text))
    # Only interfaces and rendered parts are needed from here on.
    if held is not None:
        held.append(resolvers)
    del resolvers
    full.clear()
    contents.clear()

    # Facts not read this time are still those of the current files, and parts
    # taken from the last build are those of this one: keep them.
    store.retain("facts", [keys[p] for p in parsed_paths])
    store.retain("output", [outputs[p] for p in parsed_paths])
    _fail_if_nothing_found([interfaces[p] for p in parsed_paths], counts)
    records = [
        FileRecord(
            f.path,
            rule.name if (rule := language_for_path(f.path)) else None,
            interfaces[f.path].line_count if f.path in interfaces else 0,
            skipped.get(f.path),
        )
        for f in listed
    ]
    extra: dict[str, object] = {"tool_version": __version__, "fingerprint": fingerprint}
    if errors:
        extra["extractor_errors"] = errors[:_MAX_ERRORS_LISTED]
    parts: GraphParts | None = None
    meta = graph_meta(records, [interfaces[p] for p in parsed_paths], counts, extra)
    imported_names = frozenset(imports_named() if callable(imports_named) else imports_named)
    imports = {
        path: named
        for path in parsed_paths
        if imported_names
        and interface_keeps_symbols(path)
        and (named := tuple(i for i in interfaces[path].imports if i.name in imported_names))
    }
    # From here on only the rendered parts are needed.
    if held is not None:
        held.append(dict(interfaces))
    interfaces.clear()
    graph: Iterable[str] = ()
    spliced: Iterable[str] | None = None
    if as_text:
        build = _LastBuild(
            context,
            {p: outputs[p] for p in sorted(counts)},
            records,
            {p: (sizes[p], counts[p]) for p in sorted(counts)},
            names_key,
        )
        spliced = _spliced(store, last, build, meta, rendered) if last is not None else None
        if spliced is not None:
            graph = spliced
            rendered.clear()
        else:
            # Each part is dropped as its lines are made.
            handed = (
                (
                    path,
                    rendered.pop(path) if path in rendered else _stored_part(store, outputs[path]),
                )
                for path in sorted(counts)
            )
            # The lines take about twice their parts' text, and each is a
            # string object of its own: held at once, those of a quarter of
            # the budget in parts peak well above it (two copies of Django,
            # 61 MB of parts: 313-316 MB, against 223-224 MB in runs). Beyond a
            # quarter, they are sorted in runs kept aside and merged as they
            # are written.
            if 4 * part_bytes > budget_bytes:
                graph = assemble_graph_in_runs(records, meta, handed, store.spill, parts_budget)
            else:
                graph = assemble_graph(records, meta, handed)
        store.put_graph(
            graph_key, graph.encoded() if isinstance(graph, GraphLines) else graph, build.to_text()
        )
    elif wanted == "parts":
        parts = GraphParts(records, rendered, meta)
    # The next run compiles their queries while it lists the tree.
    store.note_languages(_most_parsed(records))
    store.save()
    entry_keys = [(kind, keys[p]) for p in parsed_paths for kind in ("facts", "interface")] + [
        ("output", f"{keys[p]}:{reads[p]}") for p in parsed_paths
    ]
    entry_keys.append(("names", names_key))
    return IndexResult(
        graph,
        meta,
        parsed=parsed_now,
        reused=listed_count - parsed_now,
        entry_keys=tuple(entry_keys),
        parts=parts,
        resolved=tuple(sorted(built)),
        batches=len(batches),
        spliced=spliced is not None,
        names=names_made,
        graph_key=graph_key if as_text else "",
        imports=imports,
    )


def _most_parsed(records: Iterable[FileRecord]) -> list[str]:
    """The languages of the files parsed, most files first."""
    counts: dict[str, int] = {}
    for record in records:
        if record.language is not None and record.skipped is None:
            counts[record.language] = counts.get(record.language, 0) + 1
    return sorted(counts, key=lambda name: (-counts[name], name))


@dataclass(frozen=True, slots=True)
class _LastBuild:
    """What a graph was built from, kept with it: the next run splices its changes
    into that graph."""

    context: str
    outputs: Mapping[str, str]
    """The output entry key of each file's part, by path."""
    files: Sequence[FileRecord]
    counts: Mapping[str, tuple[int, Mapping[str, int]]]
    """Each part's size and counts, by path."""
    names: str = ""
    """The key of the name digests the outputs' keys were worked out with."""

    def to_text(self) -> str:
        return json.dumps(
            {
                "context": self.context,
                "outputs": self.outputs,
                "files": [[f.path, f.language, f.line_count, f.skipped] for f in self.files],
                "names": self.names,
                "counts": self.counts,
            },
            separators=(",", ":"),
        )

    @staticmethod
    def of(text: str | None, context: str) -> _LastBuild | None:
        """The build ``text`` records, when it was made with ``context``; else None."""
        if text is None:
            return None
        try:
            data = json.loads(text)
            if data["context"] != context:
                return None
            counts = {}
            for path, (size, part_counts) in data["counts"].items():
                if not (isinstance(size, int) and isinstance(part_counts, dict)):
                    return None
                counts[path] = (size, part_counts)
            names = data.get("names", "")
            if not isinstance(names, str):
                return None
            return _LastBuild(
                context,
                dict(data["outputs"]),
                [FileRecord(*item) for item in data["files"]],
                counts,
                names,
            )
        except (ValueError, TypeError, KeyError, AttributeError):
            return None  # a damaged record is no record


def _last_reads(
    last: _LastBuild | None,
    names_key: str,
    keys: Mapping[str, str],
    files: Collection[str],
) -> dict[str, str]:
    """What each of ``files`` reads (``file_reads``) as the last build worked it
    out, for those whose facts (``keys``) are the same as then, when that build
    used the name digests of ``names_key`` too; the others are not given."""
    if last is None or not last.names or last.names != names_key:
        return {}
    found: dict[str, str] = {}
    for path, output in last.outputs.items():
        key, _, read = output.partition(":")
        if read and path in files and keys.get(path) == key:
            found[path] = read
    return found


def _last_digests(
    last: _LastBuild | None,
    paths: Sequence[str],
    keys: Mapping[str, str],
    files: Mapping[str, DependencyTexts],
    store: FactsStore,
) -> tuple[str, dict[str, str]] | None:
    """The key of the name digests the last build used, and what each of
    ``files`` read then, when nothing those digests are made of changed since
    (``name_digests_key``): the same paths, the same files parsed, and each
    file's offers the same as its last version's. A file whose facts changed
    is given its reads only if its mentions are the same as then too.
    None when something changed, or a last version's entry is gone."""
    if last is None or not last.names or last.outputs.keys() != files.keys():
        return None
    if [f.path for f in last.files] != list(paths):
        return None
    reads = _last_reads(last, last.names, keys, files)
    for path in files.keys() - reads.keys():
        entry = store.get("interface", last.outputs[path].partition(":")[0])
        if entry is None:
            return None
        try:
            texts = read_interface_entry(entry)[1]
        except (ValueError, TypeError):
            return None
        if texts.offers != files[path].offers:
            return None
        read = last.outputs[path].partition(":")[2]
        if read and texts.mentions == files[path].mentions:
            reads[path] = read
    return last.names, reads


# Above this share of changed parts (and this many), assembling from scratch
# costs less than a splice.
_SPLICE_MAX_SHARE = 0.25
_SPLICE_ALWAYS = 16


def _to_splice(last: _LastBuild, outputs: Mapping[str, str]) -> list[str] | None:
    """The paths whose part is not the last build's (changed, added or gone),
    when they are few enough for a splice to pay; else None."""
    changed = sorted(
        {p for p, key in outputs.items() if last.outputs.get(p) != key}
        | (last.outputs.keys() - outputs.keys())
    )
    if len(changed) > max(_SPLICE_ALWAYS, _SPLICE_MAX_SHARE * len(outputs)):
        return None
    return changed


def _spliced(
    store: FactsStore,
    last: _LastBuild,
    build: _LastBuild,
    meta: Mapping[str, Any],
    rendered: dict[str, RenderedFile],
) -> Iterable[str] | None:
    """The new graph as the last one with the changed parts swapped, or None
    when that would not pay or cannot be done (an old part or the graph is gone)."""
    changed = _to_splice(last, build.outputs)
    if changed is None:
        return None
    old_parts: list[RenderedFile] = []
    for path in changed:
        if path in last.outputs:
            text = store.get("output", last.outputs[path])
            try:
                old_parts.append(RenderedFile.from_text(text or ""))
            except ValueError:
                return None
    new_parts = [
        rendered.get(p) or _stored_part(store, build.outputs[p])
        for p in changed
        if p in build.outputs
    ]
    data = store.last_graph()
    blocks = graph_blocks(data) if data is not None else None
    del data
    if blocks is None:
        return None
    return splice_graph(blocks, meta, (last.files, build.files), (old_parts, new_parts))


# Full facts take a megabyte per this many source lines or more once decoded
# (SQLAlchemy's 580,000 lines took 250 MB before names were interned; a batch
# of 294,000 lines of Django takes 72 MB, across the processes resolving it):
# the memory budget is turned into lines with it.
_LINES_PER_MB = 2300


def _batches(paths: Sequence[str], lines: dict[str, int], budget: int) -> list[list[str]]:
    """``paths`` in order, cut into batches of at most ``budget`` lines (each at least one file)."""
    batches: list[list[str]] = [[]]
    size = 0
    for path in paths:
        if batches[-1] and size + lines[path] > budget:
            batches.append([])
            size = 0
        batches[-1].append(path)
        size += lines[path]
    return [b for b in batches if b]


def _merged_tail(batches: list[list[str]], lines: dict[str, int], budget: int) -> list[list[str]]:
    """``batches`` with the last joined to the one before when it holds under a
    quarter of the budget. Each batch costs every resolving process a resolver
    of its own (0.13 s for Go's x/tools and moby, cut at 80 % in two batches),
    and the lines per megabyte are reckoned low: decoded, full facts measure
    3,750-5,750 lines a megabyte, so the joined batch still fits."""
    if len(batches) > 1 and sum(lines[p] for p in batches[-1]) < budget // 4:
        return [*batches[:-2], batches[-2] + batches[-1]]
    return batches


def _interface_entry(
    store: FactsStore, key: str, facts: FileFacts
) -> tuple[FileFacts, DependencyTexts]:
    """Compute a file's interface and dependency data, and cache them under ``key``."""
    entry = interface_entry(facts)
    store.put("interface", key, entry)
    return read_interface_entry(entry)


# Between a names entry's digests and what they were computed from.
_NAMES_SECTION = "\x1d"


def _computed_names(
    paths: Sequence[str],
    dependencies: Mapping[str, DependencyTexts],
    files: Mapping[str, str],
    context: str,
    aliases: Aliases,
) -> tuple[str, dict[str, str]] | None:
    """Every name's digest, computed anew: the names cache entry of them
    (``_names_entry``) and each file's reads (``file_reads``); None when a
    file's dependency data is damaged."""
    try:
        by_name = name_digests(paths, dependencies, aliases)
        entry = _names_entry(by_name, paths, files, aliases)
        return entry, file_reads(dependencies, by_name, context)
    except (ValueError, TypeError):
        return None


def _names_entry(
    by_name: Mapping[str, str], paths: Sequence[str], files: Mapping[str, str], aliases: Aliases
) -> str:
    """A names cache entry: the digests as JSON, then what they were computed
    from (every path of the tree, with its entry key when it was parsed, and
    the paths' aliases), so that a later run can update them."""
    made_from = {path: files.get(path, "") for path in paths}
    return _NAMES_SECTION.join(
        (
            json.dumps(by_name, sort_keys=True, ensure_ascii=False),
            json.dumps(made_from, sort_keys=True, ensure_ascii=False),
            aliases.text,
        )
    )


def _names_since(
    store: FactsStore,
    names_key: str,
    paths: Sequence[str],
    dependencies: Mapping[str, DependencyTexts],
    files: Mapping[str, str],
    aliases: Aliases,
) -> dict[str, str] | None:
    """The name digests of this tree, updated from the last ones at hand (a
    previous run's, or the restored snapshot's) when a few files changed,
    were added or were removed since, with the same aliases; else None.

    Raises ValueError when this tree's dependency data is damaged.
    """
    latest = next((key for key in store.keys("names") if key != names_key), None)
    cached = store.get("names", latest) if latest is not None else None
    if cached is None:
        return None
    head, _, tail = cached.partition(_NAMES_SECTION)
    tail, _, aliases_then = tail.partition(_NAMES_SECTION)
    if aliases_then != aliases.text:
        return None  # a project's configuration changed: every file is resolved again
    try:
        made_from = json.loads(tail)
    except ValueError:
        return None
    if not isinstance(made_from, dict) or not all(isinstance(k, str) for k in made_from.values()):
        return None
    changed = sorted(
        path
        for path in made_from.keys() | files.keys()
        if (made_from.get(path) or None) != files.get(path)
    )
    if len(changed) > MAX_UPDATED_FILES:  # not worth reading their entries
        return None
    before: dict[str, DependencyTexts | None] = {}
    for path in changed:
        key = made_from.get(path)
        if not key:
            before[path] = None  # added, or not parsed then
            continue
        entry = store.get("interface", key)
        try:
            texts = read_interface_entry(entry)[1] if entry is not None else None
        except (ValueError, TypeError):
            texts = None
        if texts is None or not readable(texts):
            return None
        before[path] = texts
    previous = _names(head)
    if previous is None:
        return None
    return updated_name_digests(paths, dependencies, previous, before, sorted(made_from), aliases)


def _names(cached: str | None) -> dict[str, str] | None:
    """Name digests from a names entry; None when absent or damaged."""
    if cached is None:
        return None
    try:
        names = json.loads(cached.partition(_NAMES_SECTION)[0])
    except ValueError:
        return None
    if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
        return None
    return names


def _load(cached: str | None) -> FileFacts | None:
    """Facts from cached JSON text; None when absent or damaged."""
    if cached is None:
        return None
    try:
        return facts_from_text(cached)
    except (ValueError, TypeError):
        return None


def _stored_part(store: FactsStore, key: str) -> RenderedFile:
    """A part this run stored (and did not keep in memory), or one the last
    build holds as it is, read back."""
    text = store.get("output", key)
    if text is None:
        raise OSError(f"the cache lost an entry this run wrote ({key}); run again with --no-cache")
    try:
        return RenderedFile.from_text(text)
    except ValueError:
        raise OSError(
            f"the cache holds a damaged entry ({key}); run again with --no-cache"
        ) from None


def _fail_if_nothing_found(
    interfaces: Sequence[FileFacts], counts: Mapping[str, Mapping[str, int]]
) -> None:
    """Raise when parsed files yielded nothing: a broken grammar, not an empty tree."""
    if len(interfaces) < _LOUD_FAILURE_MIN_FILES:
        return
    if any(f.definitions or f.imports for f in interfaces):
        return
    references = ("resolved", "name_matched", "unresolved")
    if any(part.get(k, 0) for part in counts.values() for k in references):
        return
    raise ExtractionFoundNothing(
        f"{len(interfaces)} files were parsed but not one definition, import or call "
        "was found: the grammar or its queries are broken. Reinstall blast-radius."
    )


def facts_of_files(
    source: FileSource,
    store: FactsStore,
    extractor: FactsExtractor,
    settings: IndexSettings,
    fingerprint: str,
    paths: Sequence[str],
    *,
    cached: bool = True,
) -> dict[str, FileFacts]:
    """Full facts of ``paths`` in ``source``, from the cache or parsed now.

    Files without language rules, or that would be skipped, are left out.
    With ``cached`` False every file is parsed: the cache is not asked.
    """
    return begin_facts_of_files(
        source, store, extractor, settings, fingerprint, paths, cached=cached, ahead=False
    )()


def begin_facts_of_files(
    source: FileSource,
    store: FactsStore,
    extractor: FactsExtractor,
    settings: IndexSettings,
    fingerprint: str,
    paths: Sequence[str],
    *,
    cached: bool = True,
    ahead: bool = True,
) -> Callable[[], dict[str, FileFacts]]:
    """``facts_of_files``, its parsing begun now (with ``ahead``, in another
    process where the extractor has one): the call returned takes the facts
    in, once the caller has done its other work."""
    found: dict[str, FileFacts] = {}
    misses: list[tuple[str, str, bytes]] = []
    keys: dict[str, str] = {}
    for path, language, data, key in _readable(source, settings, fingerprint, paths):
        keys[path] = key
        facts = _load(store.get("facts", key)) if cached else None
        if facts is not None:
            found[path] = facts
        else:
            misses.append((path, language, data))
    outcomes = iter(extractor.extract(misses, ahead=ahead) if misses else ())

    def taken() -> dict[str, FileFacts]:
        # Called again, it gives what the first call took in.
        for path, facts_json, entry, _ in outcomes:
            if facts_json is not None:
                found[path] = facts_from_text(facts_json)
                store.put("facts", keys[path], facts_json)
                if entry is not None:
                    store.put("interface", keys[path], entry)
        return found

    return taken


def _readable(
    source: FileSource, settings: IndexSettings, fingerprint: str, paths: Sequence[str]
) -> Iterator[tuple[str, str, bytes, str]]:
    """(path, language, content, cache key) of each of ``paths`` that has language
    rules and would not be skipped, in path order."""
    for path in sorted(set(paths)):
        rule = language_for_path(path)
        if rule is None:
            continue
        data = source.read(path, settings.max_file_bytes)
        if isinstance(data, str) or content_skip_reason(data, settings.max_file_bytes):
            continue
        yield path, rule.name, data, file_key(source, fingerprint, path, data)


def versions_of_files(
    source: FileSource,
    store: FactsStore,
    extractor: FactsExtractor,
    settings: IndexSettings,
    fingerprint: str,
    paths: Sequence[str],
) -> dict[str, FileFacts]:
    """Facts that give each file's symbols and imports: what a diff compares.

    A file's cached interface serves where its ecosystem's interface keeps
    them (``interface_keeps_symbols``), so a pull-request run restored from
    a snapshot parses no base version the snapshot holds. The other files
    are parsed: their cached facts are not asked for, which in a restored
    run would download the snapshot's whole facts file (and a file cached
    without its interface has no facts cached either).
    """
    found: dict[str, FileFacts] = {}
    kept = [p for p in paths if interface_keeps_symbols(p)]
    for path, _, _, key in _readable(source, settings, fingerprint, kept):
        entry = store.get("interface", key)
        if entry is not None:
            with contextlib.suppress(ValueError, TypeError):  # a damaged entry is a miss
                found[path] = read_interface_entry(entry)[0]
    missed = [p for p in paths if p not in found]
    if missed:
        found.update(
            facts_of_files(source, store, extractor, settings, fingerprint, missed, cached=False)
        )
    return found


def shard_of(path: str, shards: int) -> int:
    """The shard (0-based) a file belongs to: stable across machines and runs."""
    return int(hashlib.sha256(path.encode("utf-8", "surrogateescape")).hexdigest()[:8], 16) % shards


def index_shard(
    source: FileSource,
    store: FactsStore,
    extractor: FactsExtractor,
    settings: IndexSettings,
    fingerprint: str,
    shard: int,
    shards: int,
) -> int:
    """Extract the facts of one shard's files into ``store``; how many files that is.

    ``index --merge`` later builds the graph from every shard's facts; the
    result is the graph a single job would build.
    """
    if not 0 <= shard < shards:
        raise ValueError(f"shard must be in 0..{shards - 1}")
    paths = [
        item.path
        for item in source.list_files()
        if not item.is_link
        and language_for_path(item.path) is not None
        and shard_of(item.path, shards) == shard
    ]
    source.prefetch(paths)
    count = 0
    # A chunk's facts at a time: the cache writes them out as they come.
    for start in range(0, len(paths), _SHARD_CHUNK):
        chunk = paths[start : start + _SHARD_CHUNK]
        found = facts_of_files(source, store, extractor, settings, fingerprint, chunk)
        for path, facts in found.items():
            data = source.read(path, settings.max_file_bytes)
            if isinstance(data, bytes):
                key = file_key(source, fingerprint, path, data)
                if not store.has("interface", key):  # parsed now: cut by the parser
                    store.put("interface", key, interface_entry(facts))
        count += len(found)
    store.save()
    return count


# Files a shard parses at once: enough to keep every process busy.
_SHARD_CHUNK = 512
