"""Snapshots of indexed commits: build one, and restore the best one for a merge base."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from blast_radius import __version__
from blast_radius.app.indexing import (
    FactsExtractor,
    FactsStore,
    FileSource,
    IndexSettings,
    Progress,
    index_tree,
)
from blast_radius.core.snapshot import (
    Snapshot,
    SnapshotError,
    SnapshotFacts,
    SnapshotPieces,
    decode_snapshot,
    encode_snapshot_pieces,
)

MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024


class SnapshotStore(Protocol):
    """Where snapshots of indexed commits can be read (an index branch)."""

    def commits(self) -> set[str]:
        """The commits that have a snapshot."""
        ...

    def prepare(self, commits: Sequence[str], fingerprint: str) -> None:
        """Start loading the snapshot of the first of ``commits`` that has one.

        A hint: the snapshot can be read and checked while the caller works
        (``snapshot`` then waits for it); a store may do nothing.
        """
        ...

    def snapshot(self, commit: str, fingerprint: str) -> Snapshot:
        """The graph part of the snapshot of ``commit``, checked (``decode_snapshot``).

        Raises SnapshotError, OSError or RuntimeError when it cannot be used.
        """
        ...

    def read_facts(self, commit: str, max_bytes: int) -> bytes | None:
        """The facts part of the snapshot of ``commit`` (fetched on demand), or None."""
        ...


class PortableStore(FactsStore, Protocol):
    """A facts store whose entries can be exported and imported."""

    def export(self, wanted: Iterable[tuple[str, str]]) -> Iterator[tuple[str, str, str]]: ...

    def import_entries(self, entries: Iterable[tuple[str, str, str]], *, persist: bool) -> None: ...

    def add_fallback(self, kind: str, lookup: Callable[[str], str | None]) -> None:
        """Serve entries of ``kind`` found nowhere else from ``lookup``; never saved."""
        ...

    def forget_imported(self) -> None:
        """Let go of the entries imported for this run only (``persist=False``)."""
        ...


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class SnapshotFiles(Generic[T]):
    """A snapshot as its two files (as kept: their bytes, or where they were
    written): what every run reads, and the facts read on demand."""

    graph: T
    """Interfaces and rendered graph parts of every parsed file."""
    facts: T
    """Every parsed file's facts: needed only to resolve files again."""
    entries: int


@dataclass(frozen=True, slots=True)
class Restored:
    """Which snapshot a run started from, and what was wrong with others."""

    commit: str | None
    behind: int
    """How many commits the snapshot's commit is before the merge base."""
    entries: int
    problems: tuple[str, ...]


def settings_digest(settings: IndexSettings) -> str:
    """A digest of the settings that shape the graph, for a snapshot's header."""
    return hashlib.sha256(repr(settings).encode()).hexdigest()[:16]


def build_snapshot(
    source: FileSource,
    store: PortableStore,
    extractor: FactsExtractor,
    settings: IndexSettings,
    fingerprint: str,
    commit: str,
    keep: Callable[[SnapshotPieces], T],
    progress: Progress | None = None,
) -> SnapshotFiles[T]:
    """The snapshot of the tree ``source`` lists (the commit ``commit``).

    Two files of the same format: a pull-request run always reads the first
    and reads the facts only when it must resolve unchanged files again.
    Each is handed to ``keep`` once made (a writer, or whatever the caller
    keeps of it) and let go before the next is made.
    """
    # The snapshot is made of the cache entries: neither the graph's text nor
    # its parts are needed, and each part is let go once stored (5.4 million
    # lines: they came to about 300 MB, held to the end).
    result = index_tree(source, store, extractor, settings, fingerprint, progress, wanted="entries")
    wanted = sorted(set(result.entry_keys))
    del result

    entries = 0

    def encode(kinds: frozenset[str]) -> T:
        nonlocal entries
        # Entries are read one at a time as they are compressed.
        pieces = encode_snapshot_pieces(
            store.export(w for w in wanted if w[0] in kinds),
            tool_version=__version__,
            fingerprint=fingerprint,
            settings=settings_digest(settings),
            commit=commit,
        )
        entries += pieces.entries
        return keep(pieces)

    graph = encode(frozenset({"interface", "output", "names"}))
    facts = encode(frozenset({"facts"}))
    return SnapshotFiles(graph, facts, entries)


def restore_snapshot(
    snapshots: SnapshotStore,
    ancestors: Sequence[str],
    store: PortableStore,
    fingerprint: str,
) -> Restored:
    """Import the snapshot of the nearest of ``ancestors`` (the merge base first).

    Its interfaces and outputs are imported for this run only; its facts are
    handed to the store as a fallback: the facts file is read when a fact is
    first asked for, and each entry inflated when asked for (a run that only
    edits function bodies needs none). A snapshot that
    is damaged, from another tool version or hostile is skipped with a note;
    with none usable, nothing is imported and the graph is built from the
    files (and whatever the local cache holds).
    """
    available = snapshots.commits()
    problems: list[str] = []
    for behind, commit in enumerate(ancestors):
        if commit not in available:
            continue
        try:
            snapshot = snapshots.snapshot(commit, fingerprint)
        except (SnapshotError, OSError, RuntimeError) as error:
            problems.append(f"snapshot of {commit[:12]} not used: {error}")
            continue
        if snapshot.header.commit != commit:
            problems.append(f"snapshot of {commit[:12]} names another commit; not used")
            continue
        store.import_entries(list(snapshot.entries), persist=False)
        store.add_fallback("facts", _FactsOnDemand(snapshots, commit, fingerprint).get)
        return Restored(commit, behind, len(snapshot.entries), tuple(problems))
    return Restored(None, 0, 0, tuple(problems))


def import_again(
    snapshots: SnapshotStore, restored: Restored, store: PortableStore, fingerprint: str
) -> None:
    """Import once more the entries of the snapshot ``restore_snapshot`` restored,
    after the store let go of them (``forget_imported``).

    The snapshot is read from what was fetched, and checked, again. Should
    that fail, its entries are misses: the files are parsed instead.
    """
    if restored.commit is None:
        return
    try:
        snapshot = snapshots.snapshot(restored.commit, fingerprint)
    except (SnapshotError, OSError, RuntimeError):
        return
    store.import_entries(list(snapshot.entries), persist=False)


class _FactsOnDemand:
    """The facts file of one snapshot, read and checked on the first lookup."""

    def __init__(self, snapshots: SnapshotStore, commit: str, fingerprint: str) -> None:
        self._snapshots = snapshots
        self._commit = commit
        self._fingerprint = fingerprint
        self._facts: SnapshotFacts | None = None
        self._tried = False

    def get(self, key: str) -> str | None:
        """The facts text of ``key``; None (a miss: the file is parsed) when unavailable."""
        if not self._tried:
            self._tried = True
            self._facts = self._load()
        return self._facts.get(key) if self._facts is not None else None

    def _load(self) -> SnapshotFacts | None:
        try:
            data = self._snapshots.read_facts(self._commit, MAX_SNAPSHOT_BYTES)
            if data is None:
                return None
            snapshot = decode_snapshot(data, fingerprint=self._fingerprint)
        except (SnapshotError, OSError, RuntimeError):
            return None  # damaged or unreachable: the files are parsed instead
        return snapshot.facts if snapshot.header.commit == self._commit else None
