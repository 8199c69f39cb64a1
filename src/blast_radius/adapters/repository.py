"""A local git clone as the impact analysis sees it: revisions, diffs and trees."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from blast_radius.adapters.background import InBackground
from blast_radius.adapters.git import GitRepo, StartedMergeBase
from blast_radius.adapters.index_branch import (
    BackgroundFetch,
    IndexBranch,
    IndexBranchError,
)
from blast_radius.adapters.tree import CommitTree
from blast_radius.adapters.workspace import Workspace
from blast_radius.app.indexing import FileSource
from blast_radius.app.store import MAX_SNAPSHOT_BYTES
from blast_radius.core.diff import FileChange
from blast_radius.core.snapshot import Snapshot, SnapshotError, decode_snapshot

# A snapshot read in the background: its commit, the fingerprint it was
# checked against, and the snapshot or why it cannot be used.
_Loaded = tuple[str, str, Snapshot | Exception]


class LocalRepository:
    """Git operations and file sources of the clone at ``root``."""

    def __init__(self, root: Path, merge_base: StartedMergeBase | None = None) -> None:
        """``merge_base`` is the merge base being found, when already started."""
        self.git = merge_base.git if merge_base is not None else GitRepo(root)
        self.workspace = Workspace(root)
        self._merge_base = merge_base

    def resolve(self, rev: str) -> str:
        """The commit id ``rev`` names."""
        return self.git.resolve(rev)

    def merge_base(self, base: str, head: str) -> str:
        """The merge base, fetching history a shallow clone lacks."""
        started = self._merge_base
        if started is not None and (started.base, started.head) == (base, head):
            return started.finding.result()
        return self.git.merge_base(base, head)

    def fetch_stats(self) -> tuple[int, float]:
        """How many fetches of history the analysis needed, and their seconds in all."""
        return len(self.git.fetch_seconds), sum(self.git.fetch_seconds)

    def changed_files(self, base_commit: str, head: str | None) -> tuple[FileChange, ...]:
        """Files changed from ``base_commit`` to ``head`` (or the work tree)."""
        return self.git.changed_files(base_commit, head)

    def ancestors(self, commit: str, limit: int) -> list[str]:
        """``commit`` and its first-parent ancestors, nearest first."""
        return self.git.ancestors(commit, limit)

    def source_at(self, commit: str | None) -> FileSource:
        """The files of ``commit``, or of the work tree when None."""
        if commit is None:
            return self.workspace
        return CommitTree(self.git, commit, self.workspace)


class BranchSnapshots:
    """Snapshots on an index branch, as the impact analysis reads them."""

    def __init__(self, branch: IndexBranch, fetching: BackgroundFetch | None = None) -> None:
        self._branch = branch
        self._fetching = fetching
        self._preparing: InBackground[_Loaded | None] | None = None

    def prefetch(self) -> None:
        """Start fetching the branch in the background; ``commits`` waits for it."""
        if self._fetching is None:
            self._fetching = BackgroundFetch(self._branch)

    def _fetched(self) -> BackgroundFetch:
        if self._fetching is None:
            self._fetching = BackgroundFetch(self._branch)
        self._fetching.wait()
        return self._fetching

    def commits(self) -> set[str]:
        """Indexed commits on the branch (fetched from the remote when possible)."""
        return set(self._fetched().snapshots)

    def prepare(self, commits: Sequence[str], fingerprint: str) -> None:
        """Read and check, in a thread, the snapshot of the first of ``commits`` that has one.

        Inflating a snapshot (tens of megabytes) releases the interpreter
        lock, so it overlaps the caller's parsing of the changed files.
        """

        def load() -> _Loaded | None:
            available = self.commits()
            commit = next((c for c in commits if c in available), None)
            if commit is None:
                return None
            try:
                return commit, fingerprint, self._decode(commit, fingerprint)
            except (SnapshotError, OSError, RuntimeError) as error:
                return commit, fingerprint, error

        self.prefetch()  # here, not in the thread: one fetch, whoever asks first
        self._preparing = InBackground(load)

    def snapshot(self, commit: str, fingerprint: str) -> Snapshot:
        """The checked graph part of the snapshot of ``commit`` (see ``decode_snapshot``)."""
        preparing, self._preparing = self._preparing, None
        loaded = preparing.result() if preparing is not None else None
        if loaded is None or loaded[:2] != (commit, fingerprint):
            return self._decode(commit, fingerprint)
        if isinstance(loaded[2], Exception):
            raise loaded[2]
        return loaded[2]

    def _decode(self, commit: str, fingerprint: str) -> Snapshot:
        fetched = self._fetched()
        data = fetched.read(fetched.snapshots[commit], MAX_SNAPSHOT_BYTES)
        return decode_snapshot(data, fingerprint=fingerprint)

    def read_facts(self, commit: str, max_bytes: int) -> bytes | None:
        """The facts part of the snapshot of ``commit``, fetched now; None when missing."""
        with contextlib.suppress(IndexBranchError):
            self._branch.fetch_facts()
        try:
            ref = self._branch.list_facts().get(commit)
            return None if ref is None else self._branch.read(ref, max_bytes)
        except IndexBranchError:
            return None


def branch_snapshots(
    root: Path, branch: str | None, fetching: BackgroundFetch | None = None
) -> BranchSnapshots | None:
    """The snapshots of ``branch`` in the clone at ``root``; None when no branch is named.

    ``fetching`` is a fetch of that branch already under way, if any.
    """
    if not branch:
        return None
    if fetching is not None and fetching.branch.branch == branch:
        return BranchSnapshots(fetching.branch, fetching)
    return BranchSnapshots(IndexBranch(root, branch))
