"""Snapshots of indexed commits: build one, and restore the best one for a merge base."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from blast_radius import __version__
from blast_radius.app.indexing import (
    FactsExtractor,
    FactsStore,
    FileSource,
    IndexSettings,
    Progress,
    index_tree,
)
from blast_radius.core.snapshot import SnapshotError, decode_snapshot, encode_snapshot

MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024


class SnapshotStore(Protocol):
    """Where snapshots of indexed commits can be read (an index branch)."""

    def commits(self) -> set[str]:
        """The commits that have a snapshot."""
        ...

    def read(self, commit: str, max_bytes: int) -> bytes: ...


class PortableStore(FactsStore, Protocol):
    """A facts store whose entries can be exported and imported."""

    def export(self, wanted: list[tuple[str, str]]) -> list[tuple[str, str, str]]: ...

    def import_entries(self, entries: list[tuple[str, str, str]], *, persist: bool) -> None: ...

    def add_fallback(self, kind: str, lookup: Callable[[str], str | None]) -> None:
        """Serve entries of ``kind`` found nowhere else from ``lookup``; never saved."""
        ...


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
    progress: Progress | None = None,
) -> tuple[bytes, int]:
    """The snapshot of the tree ``source`` lists (the commit ``commit``), and its entry count."""
    result = index_tree(
        source, store, extractor, settings, fingerprint, progress, reuse_graph=False
    )
    entries = store.export(list(result.entry_keys))
    data = encode_snapshot(
        entries,
        tool_version=__version__,
        fingerprint=fingerprint,
        settings=settings_digest(settings),
        commit=commit,
    )
    return data, len(entries)


def restore_snapshot(
    snapshots: SnapshotStore,
    ancestors: Sequence[str],
    store: PortableStore,
    fingerprint: str,
) -> Restored:
    """Import the snapshot of the nearest of ``ancestors`` (the merge base first).

    Its interfaces and outputs are imported for this run only; its facts are
    handed to the store as a fallback, each inflated when first asked for (a
    run needs the facts of only the files it parses again). A snapshot that
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
            snapshot = decode_snapshot(
                snapshots.read(commit, MAX_SNAPSHOT_BYTES), fingerprint=fingerprint
            )
        except (SnapshotError, OSError, RuntimeError) as error:
            problems.append(f"snapshot of {commit[:12]} not used: {error}")
            continue
        if snapshot.header.commit != commit:
            problems.append(f"snapshot of {commit[:12]} names another commit; not used")
            continue
        store.import_entries(list(snapshot.entries), persist=False)
        store.add_fallback("facts", snapshot.facts.get)
        entries = len(snapshot.entries) + len(snapshot.facts)
        return Restored(commit, behind, entries, tuple(problems))
    return Restored(None, 0, 0, tuple(problems))
