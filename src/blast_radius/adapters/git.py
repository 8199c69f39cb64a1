"""Git as a data source: revisions, merge bases, changed files, trees and blobs.

Every call runs ``git -C <root> ...`` directly (never through a shell) with
captured output, a timeout and an environment in which git cannot stop to ask
for credentials. Diff options that a user's configuration could change
(prefixes, renames, external drivers, colour, submodule format, algorithm)
are all given on the command line, so results depend only on the repository.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from blast_radius.adapters.background import InBackground
from blast_radius.core.diff import (
    GITLINK_MODE,
    DiffParseError,
    FileChange,
    build_changes,
    decode_path,
    parse_patch,
    parse_raw_z,
)

DEEPEN_STEPS = (50, 200, 1000)
"""How many more commits each ``git fetch --deepen`` asks for before unshallowing."""

REMOTE = "origin"

_LOCAL_TIMEOUT = 300.0
_FETCH_TIMEOUT = 900.0
_RENAME_LIMIT = 1000
_OBJECT_ID = re.compile(r"[0-9a-f]{40}(?:[0-9a-f]{24})?")
_FETCH_DEPTH_ADVICE = (
    "In GitHub Actions set `fetch-depth: 0` on actions/checkout (elsewhere run "
    "`git fetch --unshallow`) so the history back to the merge base is available."
)

# Variables that point git at a different repository, index or object store:
# set by hooks and wrappers, they would override ``-C root``.
_REPOSITORY_VARIABLES = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_IMPLICIT_WORK_TREE",
    "GIT_PREFIX",
    "GIT_SHALLOW_FILE",
    "GIT_GRAFT_FILE",
    "GIT_NAMESPACE",
    "GIT_DIFF_OPTS",
    "GIT_EXTERNAL_DIFF",
)

# Diff options shared by the raw listing and the patch: both must see the
# same renames and copies, since their records are matched by path.
_DIFF_OPTIONS = (
    "--no-ext-diff",
    "--no-textconv",
    "--no-color",
    "--no-relative",
    # Only a moved submodule pointer is a change of this repository; edits
    # inside a submodule's checkout are not.
    "--ignore-submodules=dirty",
    "--submodule=short",
    "--find-renames",
    "--find-copies",
    f"-l{_RENAME_LIMIT}",
)

_PATCH_OPTIONS = (
    "--unified=0",
    "--inter-hunk-context=0",
    "--full-index",
    "--src-prefix=a/",
    "--dst-prefix=b/",
    "--diff-algorithm=myers",
    "--indent-heuristic",
)


class GitError(RuntimeError):
    """A git command failed; the message says what to do about it."""


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _REPOSITORY_VARIABLES}
    env["GIT_TERMINAL_PROMPT"] = "0"  # a fetch fails instead of waiting for a password
    env["GIT_OPTIONAL_LOCKS"] = "0"  # reading never rewrites the index behind the user
    env["GCM_INTERACTIVE"] = "never"
    return env


def _describe(args: Sequence[str]) -> str:
    shown = " ".join(args[:4])
    return f"git {shown}{' ...' if len(args) > 4 else ''}"


def _stderr_text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace").strip() or "(no message)"


class GitRepo:
    """A local git repository at ``root`` (its work tree or any folder inside it)."""

    def __init__(
        self,
        root: Path,
        *,
        timeout: float = _LOCAL_TIMEOUT,
        fetch_timeout: float = _FETCH_TIMEOUT,
    ) -> None:
        self.root = root
        self.timeout = timeout
        self.fetch_timeout = fetch_timeout
        self.fetch_seconds: list[float] = []
        """How long each fetch of history took, in order (for the report's footer)."""

    # -- running git -----------------------------------------------------

    def _command(self, args: Sequence[str]) -> list[str]:
        return ["git", "-C", str(self.root), "-c", "core.quotepath=false", *args]

    def _attempt(
        self, args: Sequence[str], *, timeout: float | None = None
    ) -> subprocess.CompletedProcess[bytes]:
        """Run git; failures are returned, not raised (only a missing git or a hang raise)."""
        limit = self.timeout if timeout is None else timeout
        try:
            return subprocess.run(
                self._command(args),
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=limit,
                check=False,
                env=_environment(),
            )
        except FileNotFoundError as error:
            raise GitError("git was not found on PATH: install git and try again") from error
        except subprocess.TimeoutExpired as error:
            raise GitError(
                f"{_describe(args)} did not finish within {limit:.0f} s in {self.root}; "
                "check the network or the repository size and retry"
            ) from error

    def _fetch(self, args: Sequence[str]) -> subprocess.CompletedProcess[bytes]:
        """``git fetch`` with the fetch timeout, timed and counted."""
        started = time.perf_counter()
        try:
            return self._attempt(["fetch", *args], timeout=self.fetch_timeout)
        finally:
            self.fetch_seconds.append(time.perf_counter() - started)

    def _run(self, args: Sequence[str], *, timeout: float | None = None) -> bytes:
        result = self._attempt(args, timeout=timeout)
        if result.returncode != 0:
            raise GitError(
                f"{_describe(args)} failed in {self.root}: {_stderr_text(result.stderr)}"
                + self._repository_hint(result.stderr)
            )
        return result.stdout

    def _repository_hint(self, stderr: bytes) -> str:
        if b"not a git repository" in stderr:
            return f" (run inside a git clone or pass its root; {self.root} is not one)"
        return ""

    # -- revisions -------------------------------------------------------

    def resolve(self, rev: str) -> str:
        """The full commit id ``rev`` names (a branch, tag, ``HEAD~2``, an id...)."""
        if not rev or rev.startswith("-") or "\0" in rev or "\n" in rev:
            raise GitError(f"{rev!r} is not a revision name: pass a branch, tag or commit id")
        result = self._attempt(["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"])
        if result.returncode == 0:
            return result.stdout.decode("ascii").strip()
        if result.stderr.strip():
            raise GitError(
                f"cannot resolve {rev!r} in {self.root}: {_stderr_text(result.stderr)}"
                + self._repository_hint(result.stderr)
            )
        raise GitError(
            f"unknown revision {rev!r} in {self.root}: check the spelling, or fetch it first "
            f"(`git fetch {REMOTE} {rev}`); in a shallow CI clone set `fetch-depth: 0`"
        )

    def is_shallow(self) -> bool:
        """True when the clone's history is cut off (``git clone --depth``)."""
        out = self._run(["rev-parse", "--is-shallow-repository"])
        return out.strip() == b"true"

    def _has_remote(self, name: str = REMOTE) -> bool:
        remotes = self._run(["remote"]).decode("utf-8", "replace").split()
        return name in remotes

    def _merge_base_once(self, base: str, head: str) -> str | None:
        result = self._attempt(["merge-base", base, head])
        if result.returncode == 0:
            return result.stdout.decode("ascii").strip()
        if result.returncode == 1 and not result.stderr.strip():
            return None  # no common ancestor in the history present locally
        raise GitError(f"git merge-base failed in {self.root}: {_stderr_text(result.stderr)}")

    def merge_base(self, base: str, head: str) -> str:
        """The commit ``head`` branched from ``base``, fetching history if the clone lacks it.

        Commit ids missing locally are fetched from ``origin`` by id (a depth-1
        checkout of a pull request's merge commit has neither the base nor the
        head commit), and so is a missing base branch. In a shallow clone the
        history is then deepened step by step (``DEEPEN_STEPS``), then
        unshallowed, until the merge base appears.
        """
        self._fetch_missing_commits((base, head))
        head_commit = self.resolve(head)
        base_commit = self._resolve_base(base)
        found = self._merge_base_once(base_commit, head_commit)
        if found is not None:
            return found
        if not self.is_shallow():
            raise GitError(
                f"{base!r} and {head!r} have no common history in {self.root}: "
                "pick a base branch that the head was branched from"
            )
        if not self._has_remote():
            raise GitError(
                f"no merge base of {base!r} and {head!r} in the shallow clone {self.root}, "
                f"and there is no remote {REMOTE!r} to fetch more history from. "
                + _FETCH_DEPTH_ADVICE
            )
        wanted = (head_commit, base_commit)
        for step in DEEPEN_STEPS:
            self._fetch_history(f"--deepen={step}", wanted)
            found = self._merge_base_once(base_commit, head_commit)
            if found is not None:
                return found
            if not self.is_shallow():
                break
        if self.is_shallow():
            self._fetch_history("--unshallow", wanted)
            found = self._merge_base_once(base_commit, head_commit)
            if found is not None:
                return found
        raise GitError(
            f"no merge base of {base!r} and {head!r} even after fetching the full history "
            f"from {REMOTE!r}: the branches may be unrelated. " + _FETCH_DEPTH_ADVICE
        )

    def _fetch_history(self, depth_option: str, wanted: Sequence[str]) -> None:
        """Deepen the clone along ``wanted`` commits, or along the remote's branches."""
        base_args = [
            "--quiet",
            "--no-tags",
            "--no-recurse-submodules",
            depth_option,
            REMOTE,
        ]
        # Asking for the two commits deepens exactly their histories (servers
        # speaking protocol v2, GitHub among them, accept ids). Older servers
        # refuse ids; the configured branches are the fallback.
        by_id = self._fetch([*base_args, *wanted])
        if by_id.returncode == 0:
            return
        by_branch = self._fetch(base_args)
        if by_branch.returncode != 0:
            raise GitError(
                f"`git fetch {depth_option} {REMOTE}` failed in {self.root}: "
                f"{_stderr_text(by_branch.stderr)}. " + _FETCH_DEPTH_ADVICE
            )

    def _resolve_base(self, base: str) -> str:
        try:
            return self.resolve(base)
        except GitError as missing:
            branch = self._branch_of(base)
            if branch is None or not self._has_remote():
                raise
            args = ["--quiet", "--no-tags", "--no-recurse-submodules"]
            if self.is_shallow():
                # The merge-base search deepens further if this is not enough.
                args.append(f"--depth={DEEPEN_STEPS[0]}")
            refspec = f"+refs/heads/{branch}:refs/remotes/{REMOTE}/{branch}"
            result = self._fetch([*args, REMOTE, refspec])
            if result.returncode != 0:
                raise GitError(
                    f"{base!r} is not in {self.root} and `git fetch {REMOTE} {branch}` failed: "
                    f"{_stderr_text(result.stderr)}. Check the branch name and that the "
                    f"remote is reachable, or fetch it before running."
                ) from missing
            return self.resolve(f"refs/remotes/{REMOTE}/{branch}")

    def _fetch_missing_commits(self, revisions: Sequence[str]) -> None:
        """Fetch, by id and in one request, the commit ids of ``revisions`` missing here.

        GitHub serves any reachable commit by id, so a shallow clone asks for
        just those commits (depth 1; the merge-base search deepens from
        there). Names other than full ids are left to the callers.
        """
        missing = [
            rev
            for rev in dict.fromkeys(revisions)
            if _OBJECT_ID.fullmatch(rev) and not self._has_commit(rev)
        ]
        if not missing or not self._has_remote():
            return
        depth = ["--depth=1"] if self.is_shallow() else []
        args = ["--quiet", "--no-tags", "--no-recurse-submodules", *depth, REMOTE, *missing]
        result = self._fetch(args)
        if result.returncode != 0:
            raise GitError(
                f"commit {missing[0]} is not in the clone {self.root} and "
                f"`git fetch {REMOTE} {missing[0]}` failed: {_stderr_text(result.stderr)}. "
                "Check that the remote is reachable with the checkout's credentials "
                "(actions/checkout with `persist-credentials: true`, the default), or "
                + _FETCH_DEPTH_ADVICE
            )

    def _has_commit(self, rev: str) -> bool:
        result = self._attempt(["cat-file", "-e", f"{rev}^{{commit}}"])
        return result.returncode == 0

    def _branch_of(self, base: str) -> str | None:
        """The remote branch a base name means (``origin/main`` and ``main`` -> ``main``)."""
        for prefix in (f"refs/remotes/{REMOTE}/", f"{REMOTE}/", "refs/heads/"):
            if base.startswith(prefix):
                base = base[len(prefix) :]
                break
        if not base or base.startswith("-") or _OBJECT_ID.fullmatch(base):
            return None
        valid = self._attempt(["check-ref-format", f"refs/heads/{base}"])
        return base if valid.returncode == 0 else None

    # -- changes ---------------------------------------------------------

    def changed_files(self, base_commit: str, head: str | None) -> tuple[FileChange, ...]:
        """Files changed from ``base_commit`` to ``head``, or to the work tree when None.

        The work tree includes staged and intent-to-add (``git add -N``) files,
        not untracked ones. Renames and copies are detected; the result is
        sorted by path (the new path, or the old one for a deletion).
        """
        revisions = [self.resolve(base_commit)]
        if head is not None:
            revisions.append(self.resolve(head))
        raw = self._run(["diff", *_DIFF_OPTIONS, "--raw", "-z", "--no-abbrev", *revisions, "--"])
        patch = self._run(["diff", *_DIFF_OPTIONS, *_PATCH_OPTIONS, *revisions, "--"])
        try:
            return build_changes(parse_raw_z(raw), parse_patch(patch))
        except DiffParseError as error:
            raise GitError(
                f"could not read git's diff output in {self.root}: {error}. "
                "Please report this with the git version (`git --version`)."
            ) from error

    # -- trees and blobs -------------------------------------------------

    def ancestors(self, commit: str, limit: int) -> list[str]:
        """``commit`` and its first-parent ancestors present here, nearest first."""
        out = self._run(
            ["rev-list", "--first-parent", f"--max-count={limit}", self.resolve(commit), "--"]
        )
        return out.decode("ascii").split()

    def list_tree(self, commit: str) -> tuple[tuple[str, str, str], ...]:
        """``(path, mode, blob id)`` of every file at ``commit``, sorted by path.

        Submodules (gitlinks) are left out: they are commits of another
        repository, not files of this one.
        """
        out = self._run(["ls-tree", "-r", "-z", "--full-tree", self.resolve(commit)])
        entries: list[tuple[str, str, str]] = []
        for record in out.split(b"\0"):
            if not record:
                continue
            meta, _, name = record.partition(b"\t")
            mode, kind, sha = meta.decode("ascii").split(" ")
            if kind != "blob" or mode == GITLINK_MODE:
                continue
            entries.append((decode_path(name), mode, sha))
        entries.sort()
        return tuple(entries)

    def read_blobs(self, shas: Iterable[str]) -> dict[str, bytes]:
        """Contents of blobs by id, all read through one ``git cat-file --batch``."""
        wanted = list(dict.fromkeys(shas))
        for sha in wanted:
            if not _OBJECT_ID.fullmatch(sha):
                raise GitError(f"{sha!r} is not a full object id (40 or 64 hex digits)")
        if not wanted:
            return {}
        request = "".join(f"{sha}\n" for sha in wanted).encode("ascii")
        try:
            process = subprocess.Popen(
                self._command(["cat-file", "--batch", "--buffer"]),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=_environment(),
            )
        except FileNotFoundError as error:
            raise GitError("git was not found on PATH: install git and try again") from error
        with process:
            contents, missing = self._exchange(process, request, wanted)
        if missing:
            raise GitError(
                f"{len(missing)} object(s) are missing from {self.root}, e.g. {missing[0]}: "
                "fetch the commits they belong to (a shallow or partial clone may lack them)"
            )
        return contents

    def _exchange(
        self, process: subprocess.Popen[bytes], request: bytes, wanted: Sequence[str]
    ) -> tuple[dict[str, bytes], list[str]]:
        """Send ``request`` to a running ``cat-file --batch`` and read its answers."""
        assert process.stdin is not None and process.stdout is not None
        assert process.stderr is not None
        errors: list[bytes] = []
        timed_out = threading.Event()

        def expire() -> None:
            timed_out.set()
            process.kill()

        # git answers while it still reads, so the request is written and the
        # error stream drained on threads; otherwise full pipes would deadlock.
        threads = [
            threading.Thread(target=_write_all, args=(process.stdin, request), daemon=True),
            threading.Thread(target=_drain, args=(process.stderr, errors), daemon=True),
        ]
        timer = threading.Timer(self.timeout, expire)
        timer.daemon = True
        for thread in threads:
            thread.start()
        timer.start()
        answers: tuple[dict[str, bytes], list[str]] | GitError
        try:
            answers = _read_batch(process.stdout, wanted)
        except GitError as error:
            process.kill()
            answers = error
        finally:
            timer.cancel()
            for thread in threads:
                thread.join()
            process.wait()
        if timed_out.is_set():
            raise GitError(
                f"git cat-file did not finish within {self.timeout:.0f} s in {self.root}; "
                "retry, or raise the timeout for very large repositories"
            )
        if isinstance(answers, GitError):
            raise answers
        if process.returncode != 0:
            raise GitError(f"git cat-file failed in {self.root}: {_stderr_text(b''.join(errors))}")
        return answers


@dataclass(frozen=True, slots=True)
class StartedMergeBase:
    """A merge base being found in the background, by ``git``, before the analysis starts."""

    base: str
    head: str
    git: GitRepo
    finding: InBackground[str]

    @classmethod
    def start(cls, root: Path, base: str, head: str) -> StartedMergeBase:
        """Start finding the merge base of ``base`` and ``head`` in the clone at ``root``."""
        git = GitRepo(root)
        return cls(base, head, git, InBackground(git.merge_base, base, head))


def _write_all(stream: IO[bytes], data: bytes) -> None:
    # A broken pipe means git died; its exit status and stderr report why.
    with contextlib.suppress(BrokenPipeError):
        try:
            stream.write(data)
        finally:
            stream.close()


def _drain(stream: IO[bytes], sink: list[bytes]) -> None:
    sink.append(stream.read())


def _read_batch(stdout: IO[bytes], wanted: Sequence[str]) -> tuple[dict[str, bytes], list[str]]:
    """Read ``cat-file --batch`` answers for ``wanted``, in request order."""
    contents: dict[str, bytes] = {}
    missing: list[str] = []
    for sha in wanted:
        header = stdout.readline()
        if not header.endswith(b"\n"):
            raise GitError("git cat-file stopped before answering every request")
        fields = header.decode("ascii", "replace").split()
        if len(fields) == 2 and fields[1] == "missing":
            missing.append(sha)
            continue
        if len(fields) != 3 or fields[0] != sha:
            raise GitError(f"unexpected git cat-file answer {header[:100]!r} for {sha}")
        kind, size = fields[1], int(fields[2])
        body = stdout.read(size)
        if len(body) != size or stdout.read(1) != b"\n":
            raise GitError("git cat-file stopped in the middle of an object")
        if kind != "blob":
            raise GitError(f"{sha} is a {kind}, not a file's contents (a blob)")
        contents[sha] = body
    return contents, missing
