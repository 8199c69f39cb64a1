"""The impact of a change: diff, graphs of both sides, walk, and the report.

This module decides; the repository object passed in does the I/O.
"""

from __future__ import annotations

import posixpath
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from blast_radius.app.indexing import (
    FactsExtractor,
    FileSource,
    IndexSettings,
    Progress,
    begin_facts_of_files,
    facts_of_files,
    index_tree,
    versions_of_files,
)
from blast_radius.app.store import (
    PortableStore,
    Restored,
    SnapshotStore,
    import_again,
    restore_snapshot,
)
from blast_radius.core.build import file_symbols, interface_keeps_symbols
from blast_radius.core.changes import (
    ChangedFile,
    ChangedSymbol,
    FileVersion,
    SymbolSpan,
    changed_symbols,
)
from blast_radius.core.classify import UNPARSED_SUFFIX
from blast_radius.core.diff import FileChange
from blast_radius.core.facts import MODULE_SCOPE, FileFacts, Import
from blast_radius.core.graph import UNWRITTEN_CALL_TAGS, EntryPoint, Node
from blast_radius.core.js_projects import test_runner
from blast_radius.core.languages import TEST_ENTRY_KIND, language_for_path, unread_language
from blast_radius.core.owners import CODEOWNERS_LOCATIONS, CodeOwners, parse_codeowners
from blast_radius.core.report import (
    COMPATIBLE_SIGNATURE,
    BreakingChange,
    CallSite,
    EntryPointHit,
    IndexInfo,
    Limits,
    OwnerHit,
    Report,
    ReportDependent,
    WhyHop,
    report_dependent,
    risk_of,
    test_hits,
)
from blast_radius.core.signatures import (
    SITE_BREAKS,
    SITE_FITS,
    SITE_UNCHECKED,
    Callee,
    CallSites,
    SiteCheck,
    call_sites_of,
    callee_at,
    check_call_site,
    find_definition,
)
from blast_radius.core.walk import (
    DEFAULT_TEST_CONFIDENCE,
    NO_DEPTH_LIMIT,
    SYMBOL_KINDS,
    Dependent,
    Hop,
    ReverseIndex,
    Seed,
    WalkLimits,
    find_dependents,
)

_MAX_CODEOWNERS_BYTES = 3 * 1024 * 1024  # GitHub ignores larger files
ANCESTOR_SEARCH = 200
"""How far back from the merge base to look for an indexed commit."""
IMPORT_CLOSURE_CONFIDENCE = 0.1
"""What importing a changed module, with no edge to the change, says of a test."""
TEST_SELECTIONS = ("precise", "conservative")


class Repository(Protocol):
    """The git operations an impact analysis needs."""

    def resolve(self, rev: str) -> str: ...

    def merge_base(self, base: str, head: str) -> str: ...

    def changed_files(self, base_commit: str, head: str | None) -> tuple[FileChange, ...]: ...

    def source_at(self, commit: str | None) -> FileSource:
        """The files of ``commit``, or of the work tree when None."""
        ...

    def ancestors(self, commit: str, limit: int) -> list[str]:
        """``commit`` and its first-parent ancestors, nearest first, at most ``limit``."""
        ...

    def fetch_stats(self) -> tuple[int, float]:
        """Fetches of history made so far, and their seconds in all."""
        ...


@dataclass(frozen=True, slots=True)
class ImpactRequest:
    """What to compare and how far to look."""

    base: str
    head: str | None
    """A revision, or None for the work tree."""
    limits: WalkLimits
    requested_reviewers: frozenset[str] | None = None
    test_confidence: float = DEFAULT_TEST_CONFIDENCE
    """Tests are selected from the whole reach (no depth limit) above this confidence."""
    test_selection: str = "precise"
    """``precise``: tests the graph's edges reach. ``conservative``: also every test
    file that imports a changed module, directly or through other modules."""

    @property
    def test_limits(self) -> WalkLimits:
        """The walk the test selection takes: every depth, the node limit still holds."""
        return WalkLimits(NO_DEPTH_LIMIT, self.test_confidence, self.limits.max_nodes)


@dataclass(frozen=True, slots=True)
class _Side:
    entry_points: Sequence[EntryPoint]
    index: ReverseIndex
    source: FileSource
    meta: Mapping[str, object]
    imports: Mapping[str, tuple[Import, ...]]
    """Its files' imports of ``imports_named`` (``index_tree``'s ``imports``)."""
    imports_named: frozenset[str]
    """For the head, the names of the symbols the changed files lost; none
    for the base."""


def analyze_impact(
    repo: Repository,
    request: ImpactRequest,
    store: PortableStore,
    extractor: FactsExtractor,
    settings: IndexSettings,
    fingerprint: str,
    progress: Progress | None = None,
    snapshots: SnapshotStore | None = None,
    retain: list[object] | None = None,
) -> Report:
    """Compare the merge base of base and head with head, and report the reach.

    With ``snapshots`` (an index branch), the merge base's snapshot (or its
    nearest indexed ancestor's) is restored first, so only files that differ
    from that commit are parsed. ``retain`` receives the graphs the run built,
    for a caller that exits without freeing them.
    """
    # The merge base first: it fetches what a shallow clone lacks, base included.
    merge_base = repo.merge_base(request.base, request.head or "HEAD")
    base_commit = repo.resolve(request.base)
    head_commit = repo.resolve(request.head) if request.head is not None else None
    changes = repo.changed_files(merge_base, head_commit)
    head_source = repo.source_at(head_commit)
    base_source = repo.source_at(merge_base)
    # The changed files are parsed now, while the index branch may still be
    # downloading and its snapshot inflating: a restored run then needs the
    # snapshot's facts only if unchanged files must be resolved again.
    ancestors: list[str] = []
    if snapshots is not None:
        ancestors = repo.ancestors(merge_base, ANCESTOR_SEARCH)
        snapshots.prepare(ancestors, fingerprint)
    # Parsed in another process where there is one (the standby forked before
    # the fetch's thread started), while the snapshot is restored here.
    new_paths = [c.new_path for c in changes if c.new_path]
    take_new_facts = begin_facts_of_files(
        head_source, store, extractor, settings, fingerprint, new_paths
    )
    restored: Restored | None = None
    if snapshots is not None:
        restored = restore_snapshot(snapshots, ancestors, store, fingerprint)
    # The base versions are compared by their symbols and imports, which the
    # snapshot's interfaces hold: those are parsed only if it lacks them, and
    # in full only for a changed signature.
    old_paths = [c.old_path for c in changes if c.old_path]
    old_facts = versions_of_files(base_source, store, extractor, settings, fingerprint, old_paths)

    imported = snapshots is not None and restored is not None and restored.commit is not None

    # The names of the symbols the changed files lost, from their two
    # versions (by id within the file: the graph that gives module ids is
    # not built yet). Importers still importing one by name break: their
    # imports are read off the head's interfaces while its graph is built
    # (a widely used module's importers are hundreds of files, whose full
    # facts are not at hand). The head's graph reads every other file's
    # interface while the changed files are still being parsed: the names
    # are worked out once their facts are in.
    found_lost: list[frozenset[str]] = []

    def lost() -> frozenset[str]:
        if not found_lost:
            found_lost.append(_lost_names(changes, old_facts, take_new_facts()))
        return found_lost[0]

    def base_now() -> bool:
        # The base graph is needed only when something was deleted, moved or
        # renamed (to find who used it); otherwise the head graph names every
        # symbol of both versions of the changed files. A changed file that
        # lost a symbol says so now: its base graph is built while the
        # snapshot's entries are held, rather than after they were let go.
        return bool(lost()) or any(c.status in ("deleted", "renamed") for c in changes)

    def side(commit: str | None, *, last: Callable[[], bool]) -> _Side:
        """One commit's graph; the ``last`` to read the snapshot lets go of its entries."""
        head = commit == head_commit
        source = head_source if head else base_source
        result = index_tree(
            source,
            store,
            extractor,
            settings,
            fingerprint,
            progress,
            wanted="parts",
            imports_named=lost if head else (),
            pending=take_new_facts if head else None,
        )
        named = lost() if head else frozenset()
        if last() and imported:
            # The snapshot's entries are in the parts now, and the reverse index,
            # the walks and the report come next: on millions of lines their
            # text is hundreds of megabytes (5.4 million lines: 390 MB).
            store.forget_imported()
        parts = result.parts
        assert parts is not None  # always given when wanted
        entry_points = parts.entry_points()
        # The parts are let go as they are indexed: nothing else reads them.
        index = ReverseIndex.of_parts(parts.file_nodes(), parts.drain())
        return _Side(entry_points, index, source, result.meta, result.imports, named)

    new = side(head_commit, last=lambda: not base_now())
    old: _Side | None = side(merge_base, last=lambda: True) if base_now() else None
    new_facts = take_new_facts()

    def base_side() -> _Side:
        # A symbol gone that the files' own symbols did not show (module ids
        # are the graph's to give): the snapshot's entries, let go of, are
        # read again.
        if snapshots is not None and restored is not None:
            import_again(snapshots, restored, store, fingerprint)
        return side(merge_base, last=lambda: True)

    old_source = old.source if old else base_source
    store.save()
    new_modules = _modules_by_path(new.index)
    old_modules = _modules_by_path(old.index) if old else new_modules
    files = [
        ChangedFile(
            change,
            _version(old_source, change.old_path, old_facts, old_modules, settings),
            _version(new.source, change.new_path, new_facts, new_modules, settings),
        )
        for change in changes
    ]
    changed = changed_symbols(files)
    if old is None and any(c.change in ("removed", "moved", "renamed") for c in changed):
        old = base_side()
        old_source = old.source

    dependents = _walk(changed, old, new, request.limits)
    cut_by = tuple(sorted(set(dependents[1])))
    made: dict[Hop, WhyHop] = {}
    reported = tuple(report_dependent(d, new.index.nodes, made) for d in dependents[0])

    entry_points = _entry_points(new, changed, dependents[0])
    testpaths = _testpaths(new.source, settings)
    # Tests come from the whole reach: a test often calls a client that calls
    # a command that calls the changed code, deeper than the listing goes.
    test_walk = _test_walk(changed, old, new, request, dependents)
    tests_cut_by = tuple(sorted(set(test_walk[1])))
    reached = [Dependent(c.id, 1.0, 0, ()) for c in changed if c.id in new.index.nodes]
    reached += test_walk[0]
    if request.test_selection == "conservative":
        reached += _import_closure(changed, new, request.test_limits)
    marked = {e.id for e in new.entry_points if e.kind == TEST_ENTRY_KIND}
    tests, test_files = test_hits(reached, new.index, testpaths, marked)
    breaking = _breaking(
        changed,
        old,
        new,
        new_facts,
        lambda paths: facts_of_files(new.source, store, extractor, settings, fingerprint, paths),
        files,
        lambda paths: facts_of_files(
            base_source, store, extractor, settings, fingerprint, paths, cached=False
        ),
    )

    owners = _codeowners(new.source, settings)
    changed_files = tuple(sorted({c.new_path or c.old_path or "" for c in changes}))
    affected_files = sorted({d.path for d in reported} - set(changed_files))
    reach = round(sum(d.confidence for d in reported), 2)
    risk, score = risk_of(
        reach,
        len([e for e in entry_points if e.distance > 0]),
        len([b for b in breaking if b.breaks]),
        len([b for b in breaking if not b.breaks]),
    )
    resolution = new.meta.get("resolution", {})
    by_ecosystem = list(resolution.values()) if isinstance(resolution, dict) else []
    name_matched = sum(c.get("name_matched", 0) for c in by_ecosystem if isinstance(c, dict))
    resolved_edges = name_matched + sum(
        c.get("resolved", 0) for c in by_ecosystem if isinstance(c, dict)
    )
    name_share = round(name_matched / resolved_edges, 4) if resolved_edges else 0.0
    fetches, fetch_seconds = repo.fetch_stats()
    if retain is not None:
        retain.append((new, old))
    return Report(
        changed=changed,
        changed_files=changed_files,
        dependents=reported,
        reach=reach,
        dependent_symbols=len(reported),
        dependent_files=len({d.path for d in reported}),
        risk=risk,
        risk_score=score,
        entry_points=entry_points,
        tests=tests,
        test_files=test_files,
        test_runners=_test_runners(test_files, new.source, settings),
        gaps=_unparsed_languages(new.meta) + _unread_changes(changed_files),
        owners_changed=_owner_hits(owners, changed_files, request.requested_reviewers),
        owners_affected=_owner_hits(owners, affected_files, request.requested_reviewers),
        breaking=breaking,
        limits=Limits(
            request.limits.max_depth,
            request.limits.min_confidence,
            request.limits.max_nodes,
            cut_by,
            request.test_confidence,
            tests_cut_by,
            request.test_selection,
        ),
        index=IndexInfo(
            base_commit=base_commit,
            head_commit=head_commit,
            merge_base=merge_base,
            source=_source_note(restored, new.meta),
            files=_int(new.meta.get("files")),
            parsed=_int(new.meta.get("parsed")),
            skipped=dict(_mapping(new.meta.get("skipped"))),
            syntax_errors=_int(new.meta.get("syntax_errors")),
            files_with_syntax_errors=tuple(_strings(new.meta.get("files_with_syntax_errors"))),
            name_matched_share=name_share,
            notes=dict(_mapping(new.meta.get("notes"))),
            fetches=fetches,
            fetch_seconds=round(fetch_seconds, 2),
        ),
    )


def _lost_names(
    changes: Sequence[FileChange],
    old_facts: Mapping[str, FileFacts],
    new_facts: Mapping[str, FileFacts],
) -> frozenset[str]:
    """The names of the symbols a changed file's base version has and its head
    version has not (all of a deleted file's)."""

    def symbols(facts: FileFacts | None, path: str | None) -> dict[str, str]:
        if facts is None or path is None or language_for_path(path) is None:
            return {}
        # One stand-in module id for both versions: ids compare within the file.
        return {symbol[0]: symbol[2] for symbol in file_symbols(facts, "")}

    lost: set[str] = set()
    for change in changes:
        before = symbols(old_facts.get(change.old_path or ""), change.old_path)
        after = symbols(new_facts.get(change.new_path or ""), change.new_path)
        lost.update(name for symbol_id, name in before.items() if symbol_id not in after)
    return frozenset(lost)


def _source_note(restored: Restored | None, meta: Mapping[str, object]) -> str:
    """How the graphs were obtained, for the honesty footer."""
    problems = "; ".join(restored.problems) if restored else ""
    if restored is not None and restored.commit is not None:
        note = f"restored from the index of {restored.commit[:12]}"
        note += (
            " (the merge base)"
            if restored.behind == 0
            else f" ({restored.behind} commits before the merge base)"
        )
    else:
        note = "built from the files"
    return note + (f"; {problems}" if problems else "")


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _mapping(value: object) -> Mapping[str, int]:
    return value if isinstance(value, dict) else {}


def _strings(value: object) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _modules_by_path(index: ReverseIndex) -> dict[str, str]:
    return {n.path: n.id for n in sorted(index.nodes.of_kind("module"))}


def _version(
    source: FileSource,
    path: str | None,
    facts: Mapping[str, FileFacts],
    modules: Mapping[str, str],
    settings: IndexSettings,
) -> FileVersion | None:
    """One side of a changed file with its symbols; None without language rules."""
    if path is None or path not in facts or path not in modules:
        return None
    rule = language_for_path(path)
    file_facts = facts[path]
    data = source.read(path, settings.max_file_bytes)
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else ""
    module_id = modules[path]
    symbols = tuple(SymbolSpan(*s) for s in file_symbols(file_facts, module_id))
    import_lines = frozenset(
        line
        for imp in file_facts.imports
        if imp.scope == MODULE_SCOPE
        for line in range(imp.line, imp.end_line + 1)
    )
    return FileVersion(
        path,
        module_id,
        symbols,
        import_lines,
        tuple(text.split("\n")),
        rule.line_comment if rule else "",
    )


def _seeds(changed: Sequence[ChangedSymbol], nodes: Mapping[str, Node], old: bool) -> list[Seed]:
    seeds: list[Seed] = []
    for item in changed:
        symbol_id = (item.old_id or item.id) if old else item.id
        if symbol_id not in nodes:
            continue
        if item.kind == "module":
            is_package = nodes[symbol_id].path.endswith("__init__.py")
            if item.change == "imports" and not is_package:
                continue  # new imports alone change no importer (re-exports aside)
            seeds.append(Seed(symbol_id, through_imports=True))
        elif item.kind != "file":
            overrides = item.change in ("signature", "removed", "renamed")
            seeds.append(Seed(symbol_id, through_overrides=overrides))
    return seeds


def _test_walk(
    changed: Sequence[ChangedSymbol],
    old: _Side | None,
    new: _Side,
    request: ImpactRequest,
    listed: tuple[list[Dependent], list[str]],
) -> tuple[list[Dependent], list[str]]:
    """The whole reach above the test confidence floor.

    When the listing's walk reached everything (no depth or node cut) at a
    floor no higher, it already holds that reach: best paths do not depend
    on the floor, so its dependents above the test floor are the answer.
    """
    limits = request.limits
    if set(listed[1]) <= {"confidence"} and limits.min_confidence <= request.test_confidence:
        kept = [d for d in listed[0] if d.confidence >= request.test_confidence]
        cut = ["confidence"] if "confidence" in listed[1] or len(kept) < len(listed[0]) else []
        return kept, cut
    return _walk(changed, old, new, request.test_limits)


def _import_closure(
    changed: Sequence[ChangedSymbol], new: _Side, limits: WalkLimits
) -> list[Dependent]:
    """What imports the changed symbols' modules, transitively, at a lowered confidence.

    The conservative test selection: code that imports a module may reach
    the change in ways no edge shows (``getattr``, callbacks kept in
    attributes, plugins), as safe test-selection tools assume.
    """
    modules = _modules_by_path(new.index)
    seeds = sorted(
        {
            Seed(modules[c.path], through_imports=True)
            for c in changed
            if c.path in modules and c.kind != "file"
        },
        key=lambda s: s.id,
    )
    closure = find_dependents(new.index, seeds, limits)
    reached = [Dependent(seed.id, IMPORT_CLOSURE_CONFIDENCE, 0, ()) for seed in seeds]
    supported: list[tuple[str, Dependent]] = []
    for dependent in closure.dependents:
        node = new.index.nodes[dependent.id]
        if node.kind != "module":
            continue
        confidence = round(dependent.confidence * IMPORT_CLOSURE_CONFIDENCE, 4)
        reached.append(replace(dependent, confidence=confidence))
        rule = language_for_path(node.path)
        if rule is not None and posixpath.basename(node.path) in rule.test_support_files:
            supported.append((posixpath.dirname(node.path), reached[-1]))
    # A support file (conftest.py) counts as imported by every test file below it.
    for folder, support in supported:
        prefix = f"{folder}/" if folder else ""
        reached.extend(
            replace(support, id=module_id, distance=support.distance + 1)
            for path, module_id in sorted(modules.items())
            if path.startswith(prefix) and module_id != support.id
        )
    return reached


def _walk(
    changed: Sequence[ChangedSymbol], old: _Side | None, new: _Side, limits: WalkLimits
) -> tuple[list[Dependent], list[str]]:
    """Dependents in head; plus head code that depended on what base had and head lost."""
    forward = find_dependents(new.index, _seeds(changed, new.index.nodes, old=False), limits)
    best: dict[str, Dependent] = {d.id: d for d in forward.dependents}
    if old is None:
        ordered = sorted(best.values(), key=lambda d: (-d.confidence, d.distance, d.id))
        return ordered, list(forward.cut_by)
    gone = [
        c for c in changed if c.change in ("removed", "moved", "renamed") or c.old_id is not None
    ]
    backward = find_dependents(old.index, _seeds(gone, old.index.nodes, old=True), limits)
    changed_ids = {c.id for c in changed}
    for dependent in backward.dependents:
        if dependent.id not in new.index.nodes or dependent.id in changed_ids:
            continue  # gone from head, or itself part of the change
        current = best.get(dependent.id)
        if current is None or dependent.confidence > current.confidence:
            best[dependent.id] = dependent
    ordered = sorted(best.values(), key=lambda d: (-d.confidence, d.distance, d.id))
    return ordered, [*forward.cut_by, *backward.cut_by]


def _entry_points(
    new: _Side, changed: Sequence[ChangedSymbol], dependents: Sequence[Dependent]
) -> tuple[EntryPointHit, ...]:
    kinds: dict[str, set[str]] = {}
    for entry in new.entry_points:
        if entry.kind != TEST_ENTRY_KIND:  # a test is listed with the tests
            kinds.setdefault(entry.id, set()).add(entry.kind)
    hits: dict[str, EntryPointHit] = {}
    candidates = [(c.id, 0, 1.0) for c in changed] + [
        (d.id, d.distance, d.confidence) for d in dependents
    ]
    for node_id, distance, confidence in candidates:
        if node_id in kinds and node_id in new.index.nodes and node_id not in hits:
            node = new.index.nodes[node_id]
            hits[node_id] = EntryPointHit(
                node_id,
                tuple(sorted(kinds[node_id])),
                node.path,
                node.start_line,
                distance,
                confidence,
            )
    return tuple(sorted(hits.values(), key=lambda e: (e.distance, -e.confidence, e.id)))


def _breaking(
    changed: Sequence[ChangedSymbol],
    old: _Side | None,
    new: _Side,
    new_facts: Mapping[str, FileFacts],
    load_facts: Callable[[Sequence[str]], Mapping[str, FileFacts]],
    files: Sequence[ChangedFile] = (),
    load_old_facts: Callable[[Sequence[str]], Mapping[str, FileFacts]] | None = None,
) -> tuple[BreakingChange, ...]:
    """Removed or renamed symbols head still uses; changed signatures with their callers.

    ``old`` (the base graph) is there whenever something was removed, moved or
    renamed; signature changes need only the head, and the base version of
    the changed files (``files``, with the full facts ``load_old_facts``
    gives) to tell calls this change breaks from calls that never fitted.
    """
    found: list[BreakingChange] = []
    changed_paths = set(new_facts)
    importers = _importers_of_gone(changed, old, new, load_facts) if old else {}
    for item in changed:
        if item.kind not in SYMBOL_KINDS:
            continue
        if item.change in ("removed", "renamed", "moved") and old is not None:
            gone = item.old_id or item.id
            if item.change == "removed" and item.id in new.index.nodes:
                continue
            name = old.index.nodes[gone].name if gone in old.index.nodes else ""
            sites: list[CallSite] = []
            for edge in old.index.incoming.get(gone, ()):
                source = new.index.nodes.get(edge.source)
                if source is None or edge.source == item.id:
                    continue
                if item.change != "removed" and any(
                    e.source == edge.source for e in new.index.incoming.get(item.id, ())
                ):
                    continue  # already uses the new name or place
                if source.path in changed_paths and not _mentions(new, source, name):
                    continue
                sites.append(CallSite(edge.source, edge.kind, source.path, edge.line))
            sites.extend(importers.get(gone, ()))
            if sites:
                found.append(
                    BreakingChange(
                        gone,
                        item.change,
                        item.path,
                        item.line,
                        tuple(sorted(sites, key=lambda s: (s.path, s.line, s.source))),
                        None if item.change == "removed" else item.id,
                    )
                )
    found.extend(
        _signature_changes(
            changed, new, files, new_facts, load_old_facts or (lambda paths: {}), load_facts
        )
    )
    return tuple(sorted(found, key=lambda b: (b.path, b.line, b.id)))


def _signature_changes(
    changed: Sequence[ChangedSymbol],
    new: _Side,
    files: Sequence[ChangedFile],
    new_facts: Mapping[str, FileFacts],
    load_old_facts: Callable[[Sequence[str]], Mapping[str, FileFacts]],
    load_facts: Callable[[Sequence[str]], Mapping[str, FileFacts]],
) -> tuple[BreakingChange, ...]:
    """Changed signatures with callers: breaking where a call site no longer fits.

    Each call site's call (from the caller's head facts, by line and callee
    name within the caller) is checked against the new signature. Sites
    that no longer fit, or that cannot be checked, make the change
    ``signature``; when every site fits it is ``signature-compatible``. A
    call in an unchanged file that did not fit the old signature either is
    not one this change breaks, and is left out.
    """
    wanted: list[tuple[ChangedSymbol, list[tuple[str, str, int]]]] = []
    for item in changed:
        if item.change != "signature" or item.kind not in SYMBOL_KINDS or item.kind == "class":
            continue
        item_rule = language_for_path(item.path)
        if item_rule is None or not item_rule.checks_signatures:
            continue  # no signatures read: nothing to say of the call sites
        sites = sorted(
            {
                (e.source, e.kind, e.line)
                for e in new.index.incoming.get(item.id, ())
                # A call no line spells passes nothing of the caller's.
                if e.kind == "calls"
                and e.source in new.index.nodes
                and UNWRITTEN_CALL_TAGS.isdisjoint(e.tags)
            }
        )
        if sites and item.id in new.index.nodes:
            wanted.append((item, sites))
    if not wanted:
        return ()
    paths = {new.index.nodes[source].path for _, sites in wanted for source, _, _ in sites}
    facts = dict(load_facts(sorted(paths - set(new_facts))))
    facts.update(new_facts)
    old_versions = {f.new.path: f.old for f in files if f.new is not None and f.old is not None}
    old_facts = load_old_facts(
        sorted({v.path for item, _ in wanted if (v := old_versions.get(item.path)) is not None})
    )
    by_path: dict[str, CallSites] = {}
    found: list[BreakingChange] = []
    for item, sites in wanted:
        rule = language_for_path(item.path)
        constructor = rule.constructor if rule else ""
        overloads = rule.overloads if rule else False
        node = new.index.nodes[item.id]
        new_callee = _callee(
            new_facts.get(item.path), node.name, node.start_line, constructor, overloads
        )
        old_callee = _old_callee(
            item, old_versions.get(item.path), old_facts, constructor, overloads
        )
        broken: list[CallSite] = []
        fitting = 0
        for source, kind, line in sites:
            caller = new.index.nodes[source]
            caller_facts = facts.get(caller.path)
            if caller_facts is None:
                check = SiteCheck(SITE_UNCHECKED, "the caller's file could not be read")
            else:
                scope = (
                    MODULE_SCOPE
                    if caller.kind == "module"
                    else find_definition(caller_facts, caller.name, caller.start_line)
                )
                if caller.path not in by_path:
                    by_path[caller.path] = call_sites_of(caller_facts)
                if scope is None:
                    check = SiteCheck(SITE_UNCHECKED, "the caller is not in its file's facts")
                else:
                    check = check_call_site(
                        by_path[caller.path],
                        scope,
                        line,
                        new_callee,
                        None if caller.path in new_facts else old_callee,
                    )
            if check.verdict == SITE_FITS:
                fitting += 1
            elif check.verdict in (SITE_BREAKS, SITE_UNCHECKED):
                broken.append(
                    CallSite(
                        source,
                        kind,
                        caller.path,
                        line,
                        check.problem,
                        check.verdict == SITE_UNCHECKED,
                    )
                )
        if broken or fitting:
            found.append(
                BreakingChange(
                    item.id,
                    "signature" if broken else COMPATIBLE_SIGNATURE,
                    item.path,
                    item.line,
                    tuple(sorted(broken, key=lambda s: (s.path, s.line, s.source))),
                    fitting=fitting,
                )
            )
    return tuple(found)


def _old_callee(
    item: ChangedSymbol,
    version: FileVersion | None,
    old_facts: Mapping[str, FileFacts],
    constructor: str,
    overloads: bool = False,
) -> Callee | None:
    """The changed function as it was, from the base version of its file."""
    if version is None:
        return None
    for span in version.symbols:
        if span.id == (item.old_id or item.id):
            return _callee(
                old_facts.get(version.path), span.name, span.start_line, constructor, overloads
            )
    return None


def _callee(
    facts: FileFacts | None, name: str, start_line: int, constructor: str, overloads: bool = False
) -> Callee:
    """The function ``name`` defined at ``start_line``; without a signature when
    unknown, or when it is one of several overloads (a call may mean another)."""
    index = find_definition(facts, name, start_line) if facts is not None else None
    if facts is None or index is None:
        return Callee(name, None, None, constructor)
    found = callee_at(facts, index, constructor)
    parent = facts.definitions[index].parent
    if overloads and any(
        i != index and d.name == name and d.parent == parent and d.kind == "function"
        for i, d in enumerate(facts.definitions)
    ):
        return Callee(found.name, found.class_name, None, constructor)
    return found


def _importers_of_gone(
    changed: Sequence[ChangedSymbol],
    old: _Side,
    new: _Side,
    load_facts: Callable[[Sequence[str]], Mapping[str, FileFacts]],
) -> dict[str, list[CallSite]]:
    """Head modules that still import, by name, a top-level symbol the change took away.

    An import of a missing name fails when the module loads, even if nothing
    calls it; the graph records imports per module, so read the importers'
    imports: those the head's graph kept of the names taken away, where its
    interfaces keep every import, else from the files' facts.
    """
    wanted: dict[tuple[str, str], str] = {}  # (module id, name) -> gone symbol id
    for item in changed:
        gone = item.old_id or item.id
        node = old.index.nodes.get(gone)
        if item.change not in ("removed", "renamed", "moved") or node is None:
            continue
        parent = gone[: -(len(node.name) + 1)]
        if old.index.nodes.get(parent, node).kind == "module":
            wanted[(parent, node.name)] = gone
    if not wanted:
        return {}
    modules = {module for module, _ in wanted}
    importer_paths: dict[str, str] = {}
    for module in modules:
        for edge in new.index.incoming.get(module, ()):
            if edge.kind == "imports" and edge.source in new.index.nodes:
                importer_paths[new.index.nodes[edge.source].path] = edge.source
    imports: dict[str, Sequence[Import]] = {}
    if {name for _, name in wanted} <= new.imports_named:
        imports = {p: new.imports.get(p, ()) for p in importer_paths if interface_keeps_symbols(p)}
    rest = sorted(p for p in importer_paths if p not in imports)
    if rest:
        imports.update((p, f.imports) for p, f in load_facts(rest).items())
    found: dict[str, list[CallSite]] = {}
    for path, importer in sorted(importer_paths.items()):
        for imp in imports.get(path, ()):
            for module in modules:
                short = module.rpartition(".")[2]
                named = (imp.source.lstrip(".") or "").rpartition(".")[2]
                gone_id = wanted.get((module, imp.name or ""))
                if gone_id and (named == short or imp.source.endswith(module.split(":", 1)[1])):
                    found.setdefault(gone_id, []).append(
                        CallSite(importer, "imports", path, imp.line)
                    )
    return found


def _mentions(side: _Side, node: Node, name: str) -> bool:
    """Whether ``name`` still appears within ``node``'s lines in that version."""
    if not name:
        return False
    data = side.source.read(node.path, 50_000_000)
    if not isinstance(data, bytes):
        return False
    lines = data.decode("utf-8", "replace").split("\n")[node.start_line - 1 : node.end_line]
    return any(name in line for line in lines)


def _codeowners(source: FileSource, settings: IndexSettings) -> CodeOwners | None:
    for location in CODEOWNERS_LOCATIONS:
        data = source.read(location, _MAX_CODEOWNERS_BYTES)
        if isinstance(data, bytes):
            return parse_codeowners(data.decode("utf-8", "replace"))
    return None


def _owner_hits(
    owners: CodeOwners | None, paths: Sequence[str], requested: frozenset[str] | None
) -> tuple[OwnerHit, ...]:
    if owners is None:
        return ()
    by_owner: dict[str, set[str]] = {}
    for path in paths:
        for owner in owners.owners_of(path):
            by_owner.setdefault(owner, set()).add(path)
    return tuple(
        OwnerHit(
            owner,
            tuple(sorted(files)),
            None if requested is None else owner.lstrip("@").lower() in requested,
        )
        for owner, files in sorted(by_owner.items())
    )


def _unparsed_languages(meta: Mapping[str, object]) -> tuple[str, ...]:
    """Each language the index could not parse at all, with the reason: the
    report must not pass off "no dependents" for code it did not read."""
    errors = meta.get("extractor_errors")
    found: dict[str, None] = {}
    for item in errors if isinstance(errors, list) else ():
        error = item.get("error", "") if isinstance(item, dict) else ""
        if isinstance(error, str) and error.endswith(UNPARSED_SUFFIX):
            found[error] = None
    return tuple(found)


def _unread_changes(changed_files: Sequence[str]) -> tuple[str, ...]:
    """A gap per language of changed files no rule reads: "no dependents" would
    be a guess."""
    counts = Counter(
        language for language in map(unread_language, changed_files) if language is not None
    )
    return tuple(
        f"what depends on the {count} changed {language} "
        f"file{'s' if count > 1 else ''} ({language} is not read yet)"
        for language, count in sorted(counts.items())
    )


def _test_runners(
    test_files: Sequence[str], source: FileSource, settings: IndexSettings
) -> tuple[tuple[str, str], ...]:
    """(runner, file) for each test file whose runner is known: the language's own
    (pytest, go); Maven or Gradle by the nearest build file up the tree (Java);
    for JavaScript and TypeScript, what the nearest ``package.json`` up the tree
    that names a runner uses."""
    runners: dict[str, str] = {}

    def folder_runner(folder: str) -> str:
        if folder not in runners:
            path = posixpath.join(folder, "package.json") if folder else "package.json"
            data = source.read(path, settings.max_file_bytes)
            found = test_runner(data.decode("utf-8", "replace")) if isinstance(data, bytes) else ""
            if not found and folder:
                found = folder_runner(posixpath.dirname(folder))
            runners[folder] = found
        return runners[folder]

    built: dict[tuple[str, str], str] = {}

    def build_runner(folder: str, build_files: Sequence[tuple[str, str]]) -> str:
        key = (folder, repr(build_files))
        if key not in built:
            found = ""
            for name, runner in build_files:
                path = posixpath.join(folder, name) if folder else name
                if isinstance(source.read(path, settings.max_file_bytes), bytes):
                    found = runner
                    break
            if not found and folder:
                found = build_runner(posixpath.dirname(folder), build_files)
            built[key] = found
        return built[key]

    pairs = []
    for file in test_files:
        rule = language_for_path(file)
        if rule is None:
            continue
        folder = posixpath.dirname(file)
        runner = rule.test_runner or (
            build_runner(folder, rule.build_files) if rule.build_files else folder_runner(folder)
        )
        if runner:
            pairs.append((runner, file))
    return tuple(sorted(pairs))


def _testpaths(source: FileSource, settings: IndexSettings) -> tuple[str, ...]:
    """pytest's ``testpaths`` from pyproject.toml, when configured."""
    data = source.read("pyproject.toml", settings.max_file_bytes)
    if not isinstance(data, bytes):
        return ()
    try:
        config = tomllib.loads(data.decode("utf-8", "replace"))
    except tomllib.TOMLDecodeError:
        return ()
    options = config.get("tool", {}).get("pytest", {}).get("ini_options", {})
    paths = options.get("testpaths") if isinstance(options, dict) else None
    if isinstance(paths, str):
        paths = paths.split()
    return tuple(p for p in paths if isinstance(p, str)) if isinstance(paths, list) else ()


__all__ = ["ImpactRequest", "ReportDependent", "Repository", "analyze_impact"]
