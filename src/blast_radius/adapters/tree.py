"""The files of one commit, read from git's object store (no checkout needed)."""

from __future__ import annotations

from collections.abc import Sequence

from blast_radius.adapters.git import GitRepo
from blast_radius.adapters.workspace import ListedFile, Workspace
from blast_radius.core.classify import SKIP_SYMLINK, SKIP_TOO_LARGE, SKIP_UNREADABLE

_LINK_MODE = "120000"


class CommitTree:
    """Lists and reads the files of ``commit``; blobs are fetched in one batch."""

    def __init__(self, repo: GitRepo, commit: str, work_tree: Workspace | None = None) -> None:
        self.repo = repo
        self.commit = repo.resolve(commit)
        self._entries = {path: (mode, sha) for path, mode, sha in repo.list_tree(self.commit)}
        self._blobs: dict[str, bytes] = {}
        self._work_tree = work_tree

    def list_files(self) -> list[ListedFile]:
        """Every file of the commit, sorted by path."""
        return [
            ListedFile(path, mode == _LINK_MODE)
            for path, (mode, _) in sorted(self._entries.items())
        ]

    def flagged_paths(self, paths: list[str]) -> tuple[set[str], set[str]]:
        """Vendored and generated paths, by the work tree's .gitattributes.

        git before 2.40 cannot read attributes from another commit; the
        checked-out attributes are the best available answer.
        """
        if self._work_tree is None:
            return set(), set()
        return self._work_tree.flagged_paths(paths)

    def content_id(self, path: str) -> str | None:
        """The blob id of ``path`` at the commit."""
        entry = self._entries.get(path)
        return entry[1] if entry is not None and entry[0] != _LINK_MODE else None

    def prefetch(self, paths: Sequence[str]) -> None:
        """Read these blobs in one batch: far cheaper than a process per file."""
        self._blobs.update(self._fetch([p for p in paths if p not in self._blobs]))

    def read(self, path: str, max_bytes: int) -> bytes | str:
        """The content of ``path`` at the commit, or why it was not read."""
        entry = self._entries.get(path)
        if entry is None:
            return SKIP_UNREADABLE
        if entry[0] == _LINK_MODE:
            return SKIP_SYMLINK
        if path not in self._blobs:
            self._blobs.update(self._fetch([path]))
        data = self._blobs.get(path)
        if data is None:
            return SKIP_UNREADABLE
        if len(data) > max_bytes:
            return SKIP_TOO_LARGE
        return data

    def _fetch(self, paths: list[str]) -> dict[str, bytes]:
        wanted = {
            path: self._entries[path][1]
            for path in paths
            if path in self._entries and self._entries[path][0] != _LINK_MODE
        }
        blobs = self.repo.read_blobs(sorted(set(wanted.values())))
        return {path: blobs[sha] for path, sha in wanted.items() if sha in blobs}
