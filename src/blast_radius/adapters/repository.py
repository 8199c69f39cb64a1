"""A local git clone as the impact analysis sees it: revisions, diffs and trees."""

from __future__ import annotations

import contextlib
from pathlib import Path

from blast_radius.adapters.git import GitRepo, StartedMergeBase
from blast_radius.adapters.index_branch import (
    BackgroundFetch,
    IndexBranch,
    IndexBranchError,
)
from blast_radius.adapters.tree import CommitTree
from blast_radius.adapters.workspace import Workspace
from blast_radius.app.indexing import FileSource
from blast_radius.core.diff import FileChange


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

    def read(self, commit: str, max_bytes: int) -> bytes:
        """The snapshot of ``commit`` (its graph part)."""
        fetched = self._fetched()
        return fetched.read(fetched.snapshots[commit], max_bytes)

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
