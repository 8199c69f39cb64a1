"""The files of a repository: listing them (git or a directory walk) and reading them."""

from __future__ import annotations

import os
import stat
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from blast_radius.core.classify import SKIP_SYMLINK, SKIP_TOO_LARGE, SKIP_UNREADABLE

if TYPE_CHECKING:
    import pathspec

_ATTRIBUTES = ("linguist-vendored", "linguist-generated")


class WorkspaceError(RuntimeError):
    """The repository cannot be listed or read."""


@dataclass(frozen=True, slots=True)
class ListedFile:
    """A path relative to the repository root; ``is_link`` for symbolic links."""

    path: str
    is_link: bool


_NOT_SET = frozenset((b"unspecified", b"unset", b"false"))


# Attributes are the repository's own: a user's or the system's attributes
# file must not change the graph the same commit gives on another machine.
_REPOSITORY_ATTRIBUTES_ONLY = ("-c", f"core.attributesFile={os.devnull}")


def _git(
    root: Path, *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None
) -> bytes:
    result = subprocess.run(
        ["git", "-C", str(root), *args],
        input=stdin,
        capture_output=True,
        check=False,
        env=env,
    )
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip()
        raise WorkspaceError(f"git {' '.join(args[:2])} failed in {root}: {message}")
    return result.stdout


def _started(root: Path, *args: str) -> subprocess.Popen[bytes]:
    """``git args`` started, its output read by ``_finished``."""
    return subprocess.Popen(
        ["git", "-C", str(root), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def _finished(root: Path, process: subprocess.Popen[bytes], *args: str) -> bytes:
    out, err = process.communicate()
    if process.returncode != 0:
        message = err.decode("utf-8", "replace").strip()
        raise WorkspaceError(f"git {' '.join(args[:2])} failed in {root}: {message}")
    return out


def _git_place(root: Path) -> tuple[str, str] | None:
    """The git folder and the work tree's prefix (empty at its top) of ``root``;
    None outside a work tree."""
    result = subprocess.run(
        [
            "git",
            "-C",
            str(root),
            "rev-parse",
            "--is-inside-work-tree",
            "--git-dir",
            "--show-prefix",
        ],
        capture_output=True,
        check=False,
    )
    lines = result.stdout.decode("utf-8", "surrogateescape").split("\n")
    if result.returncode != 0 or len(lines) < 3 or lines[0] != "true":
        return None
    return lines[1], lines[2]


class Workspace:
    """A checked-out tree: lists what git tracks (or walks it) and reads files safely."""

    def __init__(self, root: Path) -> None:
        if not root.is_dir():
            raise WorkspaceError(f"{root} is not a directory")
        self.root = root.resolve()
        self._root_text = str(self.root)
        place = _git_place(self.root)
        self.is_git = place is not None
        self._git_dir, self._prefix = place or ("", "")
        self._blob_ids: dict[str, str] = {}

    def list_files(self) -> list[ListedFile]:
        """Every file to index, sorted by path."""
        if self.is_git:
            # -v tags each entry: "H" for one git compares with the work tree;
            # others (skip-worktree, assume-unchanged, unmerged) it does not.
            # Both run at once; what has changed in the work tree is small.
            dirty_args = ("diff-files", "-z", "--name-only", "--relative")
            dirty_run = _started(self.root, *dirty_args)
            try:
                raw = _git(self.root, "ls-files", "-z", "--cached", "-s", "-v")
            except BaseException:
                dirty_run.kill()
                dirty_run.communicate()
                raise
            dirty = _finished(self.root, dirty_run, *dirty_args)
            files = []
            unusual: set[str] = set()
            for entry in raw.split(b"\0"):
                if not entry:
                    continue
                meta, _, name = entry.partition(b"\t")
                tag, mode, *rest = meta.split(b" ")
                if mode == b"160000":  # a submodule: not a file of this tree
                    continue
                path = os.fsdecode(name)
                files.append(ListedFile(path, mode == b"120000"))
                if tag != b"H":
                    unusual.add(path)
                elif len(rest) == 2 and rest[1] == b"0":
                    self._blob_ids[path] = rest[0].decode("ascii")
            # A file edited in the work tree no longer matches its index entry.
            changed = {os.fsdecode(name) for name in dirty.split(b"\0") if name}
            for path in changed:
                self._blob_ids.pop(path, None)
            # Tracked files deleted from the work tree are not part of it. git
            # lists them among the changed, unless it does not compare them:
            # only those two kinds are looked for.
            root = str(self.root)
            unique = {
                f.path: f
                for f in files
                if (f.path not in changed and f.path not in unusual)
                or os.path.lexists(os.path.join(root, f.path))
            }
            return sorted(unique.values(), key=lambda f: f.path)
        return self._walk()

    def _walk(self) -> list[ListedFile]:
        import pathspec  # a tree outside git only

        found: list[ListedFile] = []
        specs: list[tuple[str, pathspec.GitIgnoreSpec]] = []
        for folder, dirnames, filenames in os.walk(self.root, followlinks=False):
            relative = os.path.relpath(folder, self.root).replace(os.sep, "/")
            prefix = "" if relative == "." else relative + "/"
            ignore = Path(folder) / ".gitignore"
            if ignore.is_file() and not ignore.is_symlink():
                lines = ignore.read_text(encoding="utf-8", errors="replace").splitlines()
                specs.append((prefix, pathspec.GitIgnoreSpec.from_lines(lines)))

            def ignored(path: str, is_dir: bool) -> bool:
                for base, spec in specs:
                    if path.startswith(base):
                        rel = path[len(base) :] + ("/" if is_dir else "")
                        if spec.match_file(rel):
                            return True
                return False

            dirnames[:] = sorted(
                d for d in dirnames if d != ".git" and not ignored(prefix + d, True)
            )
            for name in sorted(filenames):
                path = prefix + name
                if ignored(path, False):
                    continue
                full = Path(folder) / name
                found.append(ListedFile(path, full.is_symlink()))
        return sorted(found, key=lambda f: f.path)

    def flagged_paths(self, paths: list[str]) -> tuple[set[str], set[str]]:
        """Paths marked ``linguist-vendored`` and ``linguist-generated`` in .gitattributes."""
        vendored: set[str] = set()
        generated: set[str] = set()
        if not self.is_git or not paths or not self._has_attributes(paths):
            return vendored, generated
        stdin = b"\0".join(os.fsencode(p) for p in paths) + b"\0"
        raw = _git(
            self.root,
            *_REPOSITORY_ATTRIBUTES_ONLY,
            "check-attr",
            "-z",
            "--stdin",
            *_ATTRIBUTES,
            stdin=stdin,
            env={**os.environ, "GIT_ATTR_NOSYSTEM": "1"},
        )
        fields = raw.split(b"\0")
        # Path, attribute, value for every path and attribute: most are unset,
        # and only the paths that have one are decoded.
        for i in range(2, len(fields), 3):
            if fields[i] in _NOT_SET:
                continue
            path = os.fsdecode(fields[i - 2])
            (vendored if fields[i - 1] == b"linguist-vendored" else generated).add(path)
        return vendored, generated

    def _has_attributes(self, paths: list[str]) -> bool:
        """Whether any attributes file of the repository may apply to ``paths``:
        ``.gitattributes`` in a folder of one of them (tracked or not), or the
        repository's ``info/attributes``. Most repositories have none, and
        asking git then costs more than the rest of listing."""
        if self._prefix:  # the folders above the root have their say too
            return True
        folders = {""}
        for path in paths:
            folder = path.rpartition("/")[0]
            while folder not in folders:
                folders.add(folder)
                folder = folder.rpartition("/")[0]
            if path == ".gitattributes" or path.endswith("/.gitattributes"):
                return True
        root = str(self.root)
        return os.path.lexists(os.path.join(root, self._git_dir, "info", "attributes")) or any(
            os.path.lexists(os.path.join(root, f, ".gitattributes")) for f in folders
        )

    def content_id(self, path: str) -> str | None:
        """The git blob id of a tracked file that is unchanged in the work tree."""
        return self._blob_ids.get(path)

    def prefetch(self, paths: Sequence[str]) -> None:
        """Nothing to do: files are read from disk one by one."""

    def read(self, path: str, max_bytes: int) -> bytes | str:
        """Read a regular file: its bytes, or the reason it was not read.

        Symbolic links are never followed, so a link cannot pull in files from
        outside the repository or loop. Files over ``max_bytes`` are not read.
        """
        # Text paths and the system's own calls: through ``Path`` and file
        # objects, Go's workload of 2,321 files took 80-155 ms to read instead
        # of 26-49 ms, and a tree is read before any of it is parsed.
        full = os.path.join(self._root_text, path)
        try:
            info = os.lstat(full)
        except OSError:
            return SKIP_UNREADABLE
        if stat.S_ISLNK(info.st_mode):
            return SKIP_SYMLINK
        if not stat.S_ISREG(info.st_mode):
            return SKIP_UNREADABLE
        if info.st_size > max_bytes:
            return SKIP_TOO_LARGE
        try:
            return _read_whole(full, info.st_size)
        except OSError:
            return SKIP_UNREADABLE


# A link put in the file's place after it was looked at is not followed
# (where the system can tell); Windows would otherwise translate line ends.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _read_whole(path: str, size: int) -> bytes:
    """The bytes of the regular file at ``path``, ``size`` bytes when last
    looked at: read to its end, whatever it holds by now."""
    fd = os.open(path, _OPEN_FLAGS)
    try:
        chunks = [os.read(fd, size + 1)]
        while chunks[-1]:
            chunks.append(os.read(fd, max(size, 1 << 16)))
        return chunks[0] if len(chunks) == 2 else b"".join(chunks)
    finally:
        os.close(fd)
