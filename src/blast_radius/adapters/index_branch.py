"""The index branch: prebuilt graph snapshots of the default branch, kept in git.

A data branch (``blast-radius-index`` by default) holds one opaque snapshot
per indexed commit, ``snapshots/<commit>.brs``, and an ``index.json`` that
lists them newest first::

    [{"commit": "<sha>", "file": "snapshots/<sha>.brs", "created": "<iso8601>", "size": 123}]

The branch is always a single commit without a parent. Each publish replaces
it with a new parentless commit that carries the newest snapshots over, so the
snapshots it drops become unreachable and the server collects them: the
repository does not grow with every publish, a plain clone does not download
every snapshot ever made, and readers need no ``--depth`` (which would write
``.git/shallow``). Since the replacement is not a fast-forward, the push is
leased on the tip it was built from; when another job replaced the branch in
the meantime the lease is lost and the publish is rebuilt on top of that
job's commit, so neither snapshot is lost.

The scheduled index job publishes snapshots; pull-request runs fetch the
branch and read the snapshot of their base. Publishing builds trees and
commits with plumbing commands only, so the checkout's work tree, staging
area and HEAD are never touched.

Anyone who can push to the repository can also edit this branch, so what is
read from it is checked: only ``snapshots/<40 or 64 hex>.brs`` blobs are ever
listed, ``index.json`` is size-capped and any entry that does not name such a
file is ignored, and blobs are read with a size limit.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from blast_radius.adapters.git import _describe, _environment, _stderr_text

DEFAULT_BRANCH = "blast-radius-index"
INDEX_FILE = "index.json"
MAX_INDEX_BYTES = 1 << 20
"""index.json larger than this is ignored: a listing of a few snapshots is tiny."""

_LOCAL_TIMEOUT = 300.0
_NETWORK_TIMEOUT = 900.0
_COMMIT_ID = re.compile(r"[0-9a-f]{40}(?:[0-9a-f]{24})?")
_SNAPSHOT_PATH = re.compile(r"snapshots/(?P<commit>[0-9a-f]{40}(?:[0-9a-f]{24})?)\.brs")
_BLOB_MODE = "100644"

# Commits of the index branch are made by a bot identity, given explicitly so
# that publishing works on a runner where no git identity is configured.
_IDENTITY = {
    "GIT_AUTHOR_NAME": "blast-radius",
    "GIT_AUTHOR_EMAIL": "blast-radius@users.noreply.github.com",
    "GIT_COMMITTER_NAME": "blast-radius",
    "GIT_COMMITTER_EMAIL": "blast-radius@users.noreply.github.com",
}

# Push outcomes that mean "someone else moved the branch first": the client
# saw it ([rejected]), or the server did while updating the ref. A lost lease
# reads "[rejected] (stale info)" whether the branch moved or was created
# meanwhile; the server's own compare-and-swap failing reads "[remote rejected]
# (failed to update ref)". The other two are what a push without force says.
_RACE_REASONS = ("non-fast-forward", "fetch first", "stale info")
_REMOTE_RACE_REASONS = ("failed to update ref", "cannot lock ref", "failed to lock")


MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024
"""The largest snapshot read from the branch."""


class IndexBranchError(RuntimeError):
    """Reading or publishing the index branch failed; the message says what to do."""


@dataclass(frozen=True, slots=True)
class SnapshotRef:
    """One snapshot on the index branch."""

    commit: str
    """The indexed commit of the default branch."""
    path: str
    """Path of the snapshot inside the index branch."""
    blob: str
    """Id of the snapshot's blob."""


@dataclass(frozen=True, slots=True)
class _Entry:
    """A snapshot being carried into a new index commit."""

    commit: str
    blob: str
    size: int
    created: str

    @property
    def path(self) -> str:
        return snapshot_path(self.commit)


def snapshot_path(commit: str) -> str:
    """The path inside the index branch of the snapshot of ``commit`` (a full commit id)."""
    if not _COMMIT_ID.fullmatch(commit):
        raise IndexBranchError(
            f"{commit!r} is not a full commit id (40 or 64 lowercase hex digits): "
            "resolve the revision first, e.g. with `git rev-parse`"
        )
    return f"snapshots/{commit}.brs"


def _check_name(kind: str, name: str) -> None:
    # Both names end up in refspecs and command lines: refuse what could be
    # read as an option or change the refspec's meaning; git checks the rest.
    bad = set(name) & set(" \t\n\r\0:~^?*[\\")
    if not name or name.startswith(("-", "/")) or bad or ".." in name:
        raise ValueError(f"{name!r} is not a usable {kind} name")


def _is_race(status_line: str) -> bool:
    """Whether a ``git push --porcelain`` status line reports a lost race."""
    if "[remote rejected]" in status_line:
        return any(reason in status_line for reason in _REMOTE_RACE_REASONS)
    if "[rejected]" in status_line:
        return any(reason in status_line for reason in _RACE_REASONS)
    return False


class IndexBranch:
    """The index branch of the repository at ``repo_root``, shared through ``remote``.

    Reading works in any clone, shallow ones included. Publishing pushes with
    whatever credentials the checkout already has: in GitHub Actions the index
    job checks out with ``persist-credentials: true`` and ``contents: write``.
    Nothing here asks for or stores credentials; git is told never to prompt.

    The branch is one parentless commit, replaced on every publish under a
    lease (see ``publish``), so a fetch downloads the kept snapshots and
    nothing else. ``fetch_depth`` (None by default) is there for callers that
    still want ``--depth``; with it git writes ``.git/shallow`` (taking
    ``shallow.lock``, which a concurrent ``git fetch --deepen`` of the same
    clone also needs) and afterwards calls even a full clone shallow.
    """

    def __init__(
        self,
        repo_root: Path,
        branch: str = DEFAULT_BRANCH,
        remote: str = "origin",
        *,
        fetch_depth: int | None = None,
        retry_delay: float = 2.0,
        timeout: float = _LOCAL_TIMEOUT,
        network_timeout: float = _NETWORK_TIMEOUT,
    ) -> None:
        _check_name("branch", branch)
        _check_name("remote", remote)
        if fetch_depth is not None and fetch_depth < 1:
            raise ValueError(f"fetch_depth must be at least 1 or None, not {fetch_depth}")
        self.root = repo_root
        self.branch = branch
        self.remote = remote
        self.fetch_depth = fetch_depth
        self.retry_delay = retry_delay
        self.timeout = timeout
        self.network_timeout = network_timeout
        self.pushed: bool | None = None
        """After ``publish``: True if the remote got the commit, False if only the local
        branch moved (there is no remote); None before any publish."""

    @property
    def local_ref(self) -> str:
        """The local branch, used when the repository has no remote."""
        return f"refs/heads/{self.branch}"

    @property
    def tracking_ref(self) -> str:
        """Where ``fetch`` stores the remote's branch."""
        return f"refs/remotes/{self.remote}/{self.branch}"

    # -- running git -----------------------------------------------------

    def _attempt(
        self,
        args: Sequence[str],
        *,
        stdin: bytes | None = None,
        env: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> subprocess.CompletedProcess[bytes]:
        """Run git; failures are returned, not raised (only a missing git or a hang raise)."""
        limit = self.timeout if timeout is None else timeout
        environment = _environment()
        # Messages are matched below only where git offers nothing stabler;
        # untranslated output keeps that working under any locale.
        environment["LC_ALL"] = "C"
        environment.update(env or {})
        command = ["git", "-C", str(self.root), "-c", "core.quotepath=false", *args]
        try:
            return subprocess.run(
                command,
                input=stdin,
                stdin=None if stdin is not None else subprocess.DEVNULL,
                capture_output=True,
                timeout=limit,
                check=False,
                env=environment,
            )
        except FileNotFoundError as error:
            raise IndexBranchError(
                "git was not found on PATH: install git and try again"
            ) from error
        except subprocess.TimeoutExpired as error:
            raise IndexBranchError(
                f"{_describe(args)} did not finish within {limit:.0f} s in {self.root}; "
                "check the network or the repository size and retry"
            ) from error

    def _run(
        self,
        args: Sequence[str],
        *,
        stdin: bytes | None = None,
        env: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> bytes:
        result = self._attempt(args, stdin=stdin, env=env, timeout=timeout)
        if result.returncode != 0:
            raise IndexBranchError(
                f"{_describe(args)} failed in {self.root}: {_stderr_text(result.stderr)}"
            )
        return result.stdout

    def _object_id(
        self,
        args: Sequence[str],
        *,
        stdin: bytes | None = None,
        env: Mapping[str, str] | None = None,
    ) -> str:
        """Run a git command that prints one object id, and return it."""
        out = self._run(args, stdin=stdin, env=env).decode("ascii", "replace").strip()
        if not _COMMIT_ID.fullmatch(out):
            raise IndexBranchError(f"{_describe(args)} printed {out[:80]!r}, not an object id")
        return out

    def _ref_tip(self, ref: str) -> str | None:
        result = self._attempt(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"])
        if result.returncode != 0:
            return None
        return result.stdout.decode("ascii").strip()

    def has_remote(self) -> bool:
        """Whether the repository has the configured remote (``publish`` pushes only then)."""
        return self.remote in self._run(["remote"]).decode("utf-8", "replace").split()

    # -- reading ---------------------------------------------------------

    def fetch(self) -> bool:
        """Fetch the branch from the remote into ``refs/remotes/<remote>/<branch>``.

        Tags are not fetched. The branch is a single commit, so without
        ``fetch_depth`` the fetch passes no ``--depth``: git then leaves
        ``.git/shallow`` as it is and takes no ``shallow.lock``, and the fetch
        can run in a shallow clone while the analysis deepens the same clone.
        Automatic maintenance is off for this fetch, as a ``gc --auto`` it
        started would prune ``.git/shallow`` under that lock.

        Returns False, without error, when the repository has no such remote
        or the remote has no such branch (a stale remote-tracking ref is then
        deleted, so the branch is not read from it). Other failures, such as
        a network or permission error, raise IndexBranchError.
        """
        if not self.has_remote():
            return False
        # Keep the received pack as it is: unpacking a large snapshot into a
        # loose object recompresses it for nothing.
        args = [
            "-c",
            "fetch.unpackLimit=1",
            "-c",
            "maintenance.auto=false",
            "-c",
            "gc.auto=0",
            "fetch",
            "--quiet",
            "--no-tags",
            "--no-recurse-submodules",
            "--no-write-fetch-head",
        ]
        if self.fetch_depth is not None:
            args.append(f"--depth={self.fetch_depth}")
        refspec = f"+refs/heads/{self.branch}:{self.tracking_ref}"
        result = self._attempt([*args, self.remote, refspec], timeout=self.network_timeout)
        if result.returncode == 0:
            return True
        # Tell "no such branch" from a real failure by asking the remote, not
        # by reading the fetch's error message.
        listing = self._attempt(
            ["ls-remote", "--exit-code", "--heads", self.remote, f"refs/heads/{self.branch}"],
            timeout=self.network_timeout,
        )
        if listing.returncode == 2:
            if self._ref_tip(self.tracking_ref) is not None:
                self._run(["update-ref", "-d", self.tracking_ref])
            return False
        raise IndexBranchError(
            f"could not fetch {self.branch!r} from {self.remote!r} in {self.root}: "
            f"{_stderr_text(result.stderr)}. Check that the remote is reachable and that "
            "the checkout's credentials may read it"
        )

    def _read_tip(self) -> str | None:
        """The commit to read: the fetched remote branch, else the local one."""
        for ref in (self.tracking_ref, self.local_ref):
            tip = self._ref_tip(ref)
            if tip is not None:
                return tip
        return None

    def list_snapshots(self) -> dict[str, SnapshotRef]:
        """Snapshots by indexed commit, newest first, on the fetched branch, else the local one.

        Empty when neither branch exists. Only ``snapshots/<commit>.brs`` files
        are listed; anything else on the branch is ignored.
        """
        tip = self._read_tip()
        if tip is None:
            return {}
        return {
            entry.commit: SnapshotRef(entry.commit, entry.path, entry.blob)
            for entry in self._entries(tip)
        }

    def read(self, ref: SnapshotRef, max_bytes: int) -> bytes:
        """The contents of a snapshot; IndexBranchError if it is larger than ``max_bytes``."""
        if max_bytes < 0:
            raise ValueError(f"max_bytes must not be negative, not {max_bytes}")
        if not _COMMIT_ID.fullmatch(ref.blob) or not _SNAPSHOT_PATH.fullmatch(ref.path):
            raise IndexBranchError(f"{ref!r} does not name a snapshot of the index branch")
        size = self._blob_size(ref.blob)
        if size > max_bytes:
            raise IndexBranchError(
                f"the snapshot {ref.path} is {size} bytes, more than the limit of {max_bytes}: "
                "raise the limit, or republish the index if the branch was tampered with"
            )
        data = self._run(["cat-file", "blob", ref.blob])
        if len(data) != size:
            raise IndexBranchError(
                f"git cat-file returned {len(data)} bytes of {ref.path}, expected {size}"
            )
        return data

    def _blob_size(self, blob: str) -> int:
        text = self._run(["cat-file", "-s", blob]).decode("ascii", "replace").strip()
        try:
            return int(text)
        except ValueError as error:
            raise IndexBranchError(f"git cat-file -s {blob} printed {text[:40]!r}") from error

    def _entries(self, tip: str) -> list[_Entry]:
        """The valid snapshots at ``tip``, in the order of its index.json, newest first.

        Snapshot files that index.json does not list (or lists badly) follow,
        sorted by path, so they are the first to go when old ones are dropped.
        """
        listing = self._run(["ls-tree", "-r", "-l", "-z", "--full-tree", tip])
        files: dict[str, tuple[str, int]] = {}
        index_blob: tuple[str, int] | None = None
        for record in listing.split(b"\0"):
            meta, sep, raw_path = record.partition(b"\t")
            fields = meta.decode("ascii", "replace").split()
            if not sep or len(fields) != 4 or fields[0] != _BLOB_MODE or fields[1] != "blob":
                continue  # symlinks, submodules and anything malformed
            path = raw_path.decode("utf-8", "replace")
            blob, size_text = fields[2], fields[3]
            if not size_text.isdigit():
                continue
            size = int(size_text)
            match = _SNAPSHOT_PATH.fullmatch(path)
            if match is not None:
                files[match["commit"]] = (blob, size)
            elif path == INDEX_FILE:
                index_blob = (blob, size)
        listed = self._read_index(index_blob)
        entries: list[_Entry] = []
        fallback: str | None = None
        for commit in [*listed, *sorted(set(files) - set(listed))]:
            if commit not in files:
                continue  # listed, but the file is not on the branch
            created = listed.get(commit)
            if created is None:
                fallback = fallback or self._commit_date(tip)
                created = fallback
            blob, size = files[commit]
            entries.append(_Entry(commit, blob, size, created))
        return entries

    def _read_index(self, index_blob: tuple[str, int] | None) -> dict[str, str | None]:
        """Creation times by commit from index.json, in its order; bad entries are left out."""
        if index_blob is None or index_blob[1] > MAX_INDEX_BYTES:
            return {}
        try:
            document = json.loads(self._run(["cat-file", "blob", index_blob[0]]))
        except (ValueError, UnicodeDecodeError, RecursionError):
            return {}
        if not isinstance(document, list):
            return {}
        listed: dict[str, str | None] = {}
        for item in document:
            if not isinstance(item, dict):
                continue
            commit, file = item.get("commit"), item.get("file")
            if not isinstance(commit, str) or commit in listed:
                continue
            if not _COMMIT_ID.fullmatch(commit) or file != f"snapshots/{commit}.brs":
                continue
            listed[commit] = _valid_time(item.get("created"))
        return listed

    def _commit_date(self, commit: str) -> str:
        out = self._run(["show", "-s", "--format=%cI", commit, "--"])
        return out.decode("ascii", "replace").strip() or _now()

    # -- publishing ------------------------------------------------------

    def publish(
        self,
        commit: str,
        data: bytes,
        *,
        keep: int = 10,
        message_suffix: str = "[skip ci]",
        max_attempts: int = 5,
    ) -> str:
        """Add or replace the snapshot of ``commit``, keep the newest ``keep``, and push.

        The new commit has no parent and replaces the branch: it carries every
        snapshot the fetched tip holds, in index.json order after the new one,
        up to ``keep``, and snapshots beyond that are left unreachable for the
        server to collect. Files on the branch that are not snapshots are
        dropped. Only plumbing commands are used, so the work tree, staging
        area and HEAD stay as they are.

        The replacement is not a fast-forward, so it is pushed with
        ``--force-with-lease`` on the tip it was built from (on "no branch
        yet" when there was none): the push succeeds only if the remote
        branch is still exactly that commit. When another job replaced or
        created the branch between the fetch and the push, the lease is lost;
        the branch is fetched again and the commit rebuilt on the new tip, so
        the other job's snapshot is carried too, up to ``max_attempts`` times
        with a short random pause, then IndexBranchError is raised. The push
        uses the checkout's own credentials (``persist-credentials: true`` in
        GitHub Actions), needs force pushes to this branch to be allowed, and
        skips pre-push hooks, which are meant for code, not generated data.

        Without the remote, only the local branch ``refs/heads/<branch>`` is
        replaced, under the same compare-and-swap, and ``self.pushed`` is
        False. Returns the new commit's id.
        """
        commit = commit.lower()
        snapshot_path(commit)  # refuses anything but a full commit id
        if keep < 1:
            raise ValueError(f"keep must be at least 1, not {keep}")
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, not {max_attempts}")
        message = f"Index {commit[:12]} {message_suffix}".strip() + "\n"
        blob = self._object_id(["hash-object", "-w", "--stdin", "--no-filters"], stdin=data)
        entry = _Entry(commit, blob, len(data), _now())

        if not self.has_remote():
            new = self._publish_locally(entry, keep, message)
            self.pushed = False
            return new

        for attempt in range(1, max_attempts + 1):
            base = self._ref_tip(self.tracking_ref) if self.fetch() else None
            new = self._build_commit(base, entry, keep, message)
            if self._push(new, base):
                self._run(["update-ref", "-m", "blast-radius: pushed", self.tracking_ref, new])
                self.pushed = True
                return new
            if attempt < max_attempts:
                self._pause(attempt)
        raise IndexBranchError(
            f"could not publish the snapshot of {commit[:12]} to {self.branch!r} on "
            f"{self.remote!r}: the branch kept moving under {max_attempts} attempts. Other "
            "jobs are publishing at the same time; run the index job again, or let only one "
            "run at a time (a workflow `concurrency` group)"
        )

    def _publish_locally(self, entry: _Entry, keep: int, message: str) -> str:
        head = self._attempt(["symbolic-ref", "--quiet", "HEAD"])
        if head.stdout.decode("utf-8", "replace").strip() == self.local_ref:
            # Moving the checked-out branch would leave the work tree behind it.
            raise IndexBranchError(
                f"{self.branch!r} is checked out in {self.root}: switch to another branch "
                "before publishing to it"
            )
        base = self._ref_tip(self.local_ref)
        new = self._build_commit(base, entry, keep, message)
        # Passing the old value (all zeros: "must not exist yet") makes the
        # update fail instead of overwriting a concurrent local publish.
        expected = base or "0" * len(new)
        self._run(["update-ref", "-m", "blast-radius: index", self.local_ref, new, expected])
        return new

    def _build_commit(self, base: str | None, entry: _Entry, keep: int, message: str) -> str:
        """A parentless commit whose snapshots are ``entry`` then ``base``'s newest ones."""
        carried: list[_Entry] = []
        if base is not None:
            carried = [old for old in self._entries(base) if old.commit != entry.commit]
        entries = [entry, *carried][:keep]
        listing = [
            {"commit": e.commit, "file": e.path, "created": e.created, "size": e.size}
            for e in entries
        ]
        index_json = (json.dumps(listing, indent=2) + "\n").encode("utf-8")
        index_blob = self._object_id(
            ["hash-object", "-w", "--stdin", "--no-filters"], stdin=index_json
        )
        snapshots = self._mktree([(_BLOB_MODE, "blob", e.blob, f"{e.commit}.brs") for e in entries])
        tree = self._mktree(
            [
                (_BLOB_MODE, "blob", index_blob, INDEX_FILE),
                ("040000", "tree", snapshots, "snapshots"),
            ]
        )
        # No -p: the branch keeps no history, so dropped snapshots can be collected.
        return self._object_id(
            ["commit-tree", "--no-gpg-sign", tree], stdin=message.encode("utf-8"), env=_IDENTITY
        )

    def _mktree(self, entries: Sequence[tuple[str, str, str, str]]) -> str:
        # Names here come from validated ids only, never from the branch.
        records = "".join(f"{mode} {kind} {oid}\t{name}\0" for mode, kind, oid, name in entries)
        return self._object_id(["mktree", "-z"], stdin=records.encode("ascii"))

    def _push(self, new: str, expected: str | None) -> bool:
        """Replace the branch with ``new`` if it is still ``expected`` (None: absent).

        False if another push came first (the lease was lost, or the server's
        ref update lost a race).
        """
        destination = f"refs/heads/{self.branch}"
        lease = f"--force-with-lease={destination}:{expected or ''}"
        result = self._attempt(
            ["push", "--porcelain", "--no-verify", lease, self.remote, f"{new}:{destination}"],
            timeout=self.network_timeout,
        )
        if result.returncode == 0:
            return True
        statuses = [
            line
            for line in result.stdout.decode("utf-8", "replace").splitlines()
            if line.startswith("!") and f":{destination}\t" in line
        ]
        if statuses and all(_is_race(line) for line in statuses):
            return False
        detail = "; ".join(statuses) or _stderr_text(result.stderr)
        raise IndexBranchError(
            f"pushing {self.branch!r} to {self.remote!r} failed in {self.root}: {detail}. "
            "The index job needs push access with the checkout's credentials "
            "(actions/checkout with `persist-credentials: true`, `contents: write`), and "
            "branch protection or rulesets must allow it to force-push this branch (each "
            "publish replaces its single commit)"
        )

    def _pause(self, attempt: int) -> None:
        # Jitter keeps two racing jobs from retrying in lockstep.
        delay = self.retry_delay * attempt * random.uniform(0.5, 1.5)
        if delay > 0:
            time.sleep(delay)


class BackgroundFetch:
    """``IndexBranch.fetch`` running in a thread, started at once.

    The download is the longest wait of a pull-request run, and the branch is
    one parentless commit whose fetch leaves ``.git/shallow`` alone, so it can
    run while the rest of the tool loads and the base branch is fetched. The
    thread then lists the snapshots and reads the newest (the likeliest to be
    wanted: the merge base of a pull request on a recently indexed branch),
    so those git calls overlap the caller's work too.
    """

    def __init__(self, branch: IndexBranch, max_bytes: int = MAX_SNAPSHOT_BYTES) -> None:
        self.branch = branch
        self.snapshots: dict[str, SnapshotRef] = {}
        self._newest: tuple[SnapshotRef, bytes] | None = None
        self._max_bytes = max_bytes
        self._thread = threading.Thread(target=self._fetch, name="index-fetch", daemon=True)
        self._thread.start()

    def _fetch(self) -> None:
        # No access to the remote (a private repository without credentials)
        # leaves the local branch, if any; errors leave less prepared, and
        # the reader's own calls report them.
        with contextlib.suppress(IndexBranchError):
            self.branch.fetch()
        with contextlib.suppress(IndexBranchError):
            self.snapshots = self.branch.list_snapshots()
            newest = next(iter(self.snapshots.values()), None)
            if newest is not None:
                self._newest = (newest, self.branch.read(newest, self._max_bytes))

    def wait(self) -> None:
        """Return when the fetch has finished (successfully or not)."""
        self._thread.join()

    def read(self, ref: SnapshotRef, max_bytes: int) -> bytes:
        """The snapshot ``ref``: already read when it is the newest, else read now."""
        self.wait()
        if (
            self._newest is not None
            and self._newest[0] == ref
            and len(self._newest[1]) <= max_bytes
        ):
            return self._newest[1]
        return self.branch.read(ref, max_bytes)


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _valid_time(value: object) -> str | None:
    """``value`` if it is an ISO 8601 time of reasonable length, else None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return None
    return value
