"""The index branch: prebuilt graph snapshots of the default branch, kept in git.

A data branch (``blast-radius-index`` by default) holds the graph part of one
snapshot per indexed commit, ``snapshots/<commit>.brs``, and an
``index.json`` that lists them newest first::

    [{"commit": "<sha>", "file": "snapshots/<sha>.brs", "created": "<iso8601>", "size": 123}]

A second data branch beside it, ``<branch>-facts`` (``blast-radius-index-facts``),
holds the per-file facts of the same snapshots, ``snapshots/<commit>.brf``,
with an ``index.json`` of the same shape. The two parts are about the same
size, but a pull-request run always needs the graph and needs the facts only
when the pull request changes what a file defines or imports: keeping them on
separate branches lets it fetch the index branch at once and the facts branch
only on demand, since a fetch downloads every blob of the fetched commit.

Each branch is always a single commit without a parent. Each publish replaces
it with a new parentless commit that carries the newest files over, so the
files it drops become unreachable and the server collects them: the
repository does not grow with every publish, a plain clone does not download
every snapshot ever made, and readers need no ``--depth`` (which would write
``.git/shallow``). Since the replacement is not a fast-forward, the push is
leased on the tip it was built from; when another job replaced the branch in
the meantime the lease is lost and the publish is rebuilt on top of that
job's commit, so neither snapshot is lost. A publish with facts moves both
branches in one atomic push with a lease each, so a reader never sees one
moved without the other by the same publish.

The scheduled index job publishes snapshots; pull-request runs fetch the
branches and read the snapshot of their base. Publishing builds trees and
commits with plumbing commands only, so the checkout's work tree, staging
area and HEAD are never touched.

Anyone who can push to the repository can also edit these branches, so what
is read from them is checked: only ``snapshots/<40 or 64 hex>.brs`` blobs (on
the facts branch ``.brf``) are ever listed, ``index.json`` is size-capped and
any entry that does not name such a file is ignored, and blobs are read with
a size limit.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import subprocess
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from blast_radius.adapters.background import InBackground
from blast_radius.adapters.git import _describe, _environment, _stderr_text
from blast_radius.core.snapshot import SnapshotPieces

DEFAULT_BRANCH = "blast-radius-index"
INDEX_FILE = "index.json"
SNAPSHOT_SUFFIX = ".brs"
"""Files of the index branch: the graph part of a snapshot."""
FACTS_SUFFIX = ".brf"
"""Files of the facts branch: the per-file facts of a snapshot."""
FACTS_BRANCH_SUFFIX = "-facts"
"""The facts branch is named after the index branch plus this."""
MAX_INDEX_BYTES = 1 << 20
"""index.json larger than this is ignored: a listing of a few snapshots is tiny."""

_LOCAL_TIMEOUT = 300.0
_NETWORK_TIMEOUT = 900.0
_COMMIT_ID = re.compile(r"[0-9a-f]{40}(?:[0-9a-f]{24})?")
_SNAPSHOT_PATH = re.compile(
    r"snapshots/(?P<commit>[0-9a-f]{40}(?:[0-9a-f]{24})?)(?P<suffix>\.brs|\.brf)"
)
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
# (failed to update ref)", or in an atomic push "(atomic transaction failed)"
# on every ref. The other two are what a push without force says.
_RACE_REASONS = ("non-fast-forward", "fetch first", "stale info")
_REMOTE_RACE_REASONS = (
    "failed to update ref",
    "cannot lock ref",
    "failed to lock",
    "atomic transaction failed",
)
# In an atomic push, one refused ref fails the others too, which are then
# reported with these: by the client when it refused a ref itself (a lost
# lease), by the server when its checks refused one (non-fast-forward). They
# tell nothing about why; the line of the ref that was refused does.
_ATOMIC_REASONS = ("atomic push failed",)
_REMOTE_ATOMIC_REASONS = ("atomic push failure",)
_PUSH_STATUS = re.compile(r"\[(?P<status>rejected|remote rejected)\] \((?P<reason>.*)\)")


MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024
"""The largest snapshot read from the branch."""


class IndexBranchError(RuntimeError):
    """Reading or publishing the index branch failed; the message says what to do."""


@dataclass(frozen=True, slots=True)
class SnapshotRef:
    """One file on the index branch (a snapshot) or on the facts branch (its facts)."""

    commit: str
    """The indexed commit of the default branch."""
    path: str
    """Path of the file inside its branch: ``snapshots/<commit>.brs`` or ``.brf``."""
    blob: str
    """Id of the file's blob."""


@dataclass(frozen=True, slots=True)
class _DataBranch:
    """One of the two data branches: its name and the suffix of its files."""

    name: str
    suffix: str
    title: str
    """What its commit messages start with."""

    @property
    def ref(self) -> str:
        return f"refs/heads/{self.name}"

    def tracking_ref(self, remote: str) -> str:
        return f"refs/remotes/{remote}/{self.name}"


@dataclass(frozen=True, slots=True)
class _RefUpdate:
    """Move ``ref`` to ``new`` if it is still ``expected`` (None: if it does not exist)."""

    ref: str
    new: str
    expected: str | None


@dataclass(frozen=True, slots=True)
class StoredSnapshot:
    """A snapshot file in the repository's objects (``IndexBranch.store``), on no branch yet."""

    blob: str
    size: int


@dataclass(frozen=True, slots=True)
class _Entry:
    """A file being carried into a new commit of its branch."""

    commit: str
    blob: str
    size: int
    created: str
    suffix: str

    @property
    def path(self) -> str:
        return snapshot_path(self.commit, self.suffix)


def snapshot_path(commit: str, suffix: str = SNAPSHOT_SUFFIX) -> str:
    """The path of the snapshot (``.brs``) or facts (``.brf``) file of ``commit``.

    ``commit`` must be a full commit id.
    """
    if suffix not in (SNAPSHOT_SUFFIX, FACTS_SUFFIX):
        raise ValueError(f"{suffix!r} is neither {SNAPSHOT_SUFFIX!r} nor {FACTS_SUFFIX!r}")
    if not _COMMIT_ID.fullmatch(commit):
        raise IndexBranchError(
            f"{commit!r} is not a full commit id (40 or 64 lowercase hex digits): "
            "resolve the revision first, e.g. with `git rev-parse`"
        )
    return f"snapshots/{commit}{suffix}"


def _check_name(kind: str, name: str) -> None:
    # Both names end up in refspecs and command lines: refuse what could be
    # read as an option or change the refspec's meaning; git checks the rest.
    bad = set(name) & set(" \t\n\r\0:~^?*[\\")
    if not name or name.startswith(("-", "/")) or bad or ".." in name:
        raise ValueError(f"{name!r} is not a usable {kind} name")


def _refusal(status_line: str) -> tuple[str, str] | None:
    """The status and reason of a refused ref in a ``git push --porcelain`` line.

    ``!<TAB><from>:<to><TAB>[remote rejected] (failed to update ref)`` gives
    ``("remote rejected", "failed to update ref")``; other lines give None.
    """
    fields = status_line.split("\t")
    if len(fields) < 3 or fields[0] != "!":
        return None
    match = _PUSH_STATUS.match(fields[2])
    return None if match is None else (match["status"], match["reason"])


def _is_race(status_line: str) -> bool:
    """Whether a ``git push --porcelain`` status line reports a lost race."""
    refusal = _refusal(status_line)
    if refusal is None:
        return False
    status, reason = refusal
    reasons = _REMOTE_RACE_REASONS if status == "remote rejected" else _RACE_REASONS
    return any(known in reason for known in reasons)


def _is_atomic_consequence(status_line: str) -> bool:
    """Whether the line reports a ref refused only because another ref of the push was."""
    refusal = _refusal(status_line)
    if refusal is None:
        return False
    status, reason = refusal
    reasons = _REMOTE_ATOMIC_REASONS if status == "remote rejected" else _ATOMIC_REASONS
    return reason in reasons


def _lost_race(status_lines: Sequence[str]) -> bool:
    """Whether a push whose refused refs are ``status_lines`` only lost a race.

    Every line must report a race, or (in an atomic push) that the ref failed
    with another one, and at least one must report a race: a push where one
    ref was refused for any other reason is an error, not a race.
    """
    if not any(_is_race(line) for line in status_lines):
        return False
    return all(_is_race(line) or _is_atomic_consequence(line) for line in status_lines)


class IndexBranch:
    """The index branch of the repository at ``repo_root``, shared through ``remote``.

    Reading works in any clone, shallow ones included. Publishing pushes with
    whatever credentials the checkout already has: in GitHub Actions the index
    job checks out with ``persist-credentials: true`` and ``contents: write``.
    Nothing here asks for or stores credentials; git is told never to prompt.

    The snapshots' graph parts live on ``branch`` and their per-file facts on
    ``facts_branch`` (``<branch>-facts``), fetched separately (``fetch``,
    ``fetch_facts``) so a run that needs only the graph downloads only that.
    Each branch is one parentless commit, replaced on every publish under a
    lease (see ``publish``), so a fetch downloads the kept files and nothing
    else. ``fetch_depth`` (None by default) is there for callers that still
    want ``--depth``; with it git writes ``.git/shallow`` (taking
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
        return self._index.tracking_ref(self.remote)

    @property
    def facts_branch(self) -> str:
        """The name of the facts branch: the index branch's name plus ``-facts``."""
        return self._facts.name

    @property
    def facts_local_ref(self) -> str:
        """The local facts branch, used when the repository has no remote."""
        return self._facts.ref

    @property
    def facts_tracking_ref(self) -> str:
        """Where ``fetch_facts`` stores the remote's facts branch."""
        return self._facts.tracking_ref(self.remote)

    @property
    def _index(self) -> _DataBranch:
        return _DataBranch(self.branch, SNAPSHOT_SUFFIX, "Index")

    @property
    def _facts(self) -> _DataBranch:
        return _DataBranch(self.branch + FACTS_BRANCH_SUFFIX, FACTS_SUFFIX, "Facts")

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

        The facts branch is not fetched: see ``fetch_facts``.
        """
        return self._fetch(self._index)

    def fetch_facts(self) -> bool:
        """Fetch the facts branch into ``refs/remotes/<remote>/<branch>-facts``.

        Works exactly like ``fetch`` (no ``--depth`` unless ``fetch_depth``
        is set, no automatic maintenance), for the branch a run needs only
        when a pull request changes what a file defines or imports. Returns
        False when there is no remote or it has no facts branch (a branch
        published without facts, or by an older version); raises
        IndexBranchError on other failures.
        """
        return self._fetch(self._facts)

    def _fetch(self, branch: _DataBranch) -> bool:
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
        tracking_ref = branch.tracking_ref(self.remote)
        refspec = f"+{branch.ref}:{tracking_ref}"
        result = self._attempt([*args, self.remote, refspec], timeout=self.network_timeout)
        if result.returncode == 0:
            return True
        # Tell "no such branch" from a real failure by asking the remote, not
        # by reading the fetch's error message.
        listing = self._attempt(
            ["ls-remote", "--exit-code", "--heads", self.remote, branch.ref],
            timeout=self.network_timeout,
        )
        if listing.returncode == 2:
            if self._ref_tip(tracking_ref) is not None:
                self._run(["update-ref", "-d", tracking_ref])
            return False
        raise IndexBranchError(
            f"could not fetch {branch.name!r} from {self.remote!r} in {self.root}: "
            f"{_stderr_text(result.stderr)}. Check that the remote is reachable and that "
            "the checkout's credentials may read it"
        )

    def _read_tip(self, branch: _DataBranch) -> str | None:
        """The commit to read: the fetched remote branch, else the local one."""
        for ref in (branch.tracking_ref(self.remote), branch.ref):
            tip = self._ref_tip(ref)
            if tip is not None:
                return tip
        return None

    def list_snapshots(self) -> dict[str, SnapshotRef]:
        """Snapshots by indexed commit, newest first, on the fetched branch, else the local one.

        Empty when neither branch exists. Only ``snapshots/<commit>.brs`` files
        are listed; anything else on the branch is ignored.
        """
        return self._list(self._index)

    def list_facts(self) -> dict[str, SnapshotRef]:
        """Facts files by indexed commit, newest first, as ``list_snapshots`` lists snapshots.

        They are read from the fetched facts branch (call ``fetch_facts``
        first), else from the local one, and empty when neither exists. Only
        ``snapshots/<commit>.brf`` files are listed.
        """
        return self._list(self._facts)

    def _list(self, branch: _DataBranch) -> dict[str, SnapshotRef]:
        tip = self._read_tip(branch)
        if tip is None:
            return {}
        return {
            entry.commit: SnapshotRef(entry.commit, entry.path, entry.blob)
            for entry in self._entries(tip, branch.suffix)
        }

    def read(self, ref: SnapshotRef, max_bytes: int) -> bytes:
        """The contents of a snapshot or facts file; IndexBranchError if over ``max_bytes``."""
        if max_bytes < 0:
            raise ValueError(f"max_bytes must not be negative, not {max_bytes}")
        if not _COMMIT_ID.fullmatch(ref.blob) or not _SNAPSHOT_PATH.fullmatch(ref.path):
            raise IndexBranchError(
                f"{ref!r} does not name a snapshot of the index branch or facts of the facts branch"
            )
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

    def _entries(self, tip: str, suffix: str) -> list[_Entry]:
        """The valid ``suffix`` files at ``tip``, in the order of its index.json, newest first.

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
                if match["suffix"] == suffix:
                    files[match["commit"]] = (blob, size)
            elif path == INDEX_FILE:
                index_blob = (blob, size)
        listed = self._read_index(index_blob, suffix)
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
            entries.append(_Entry(commit, blob, size, created, suffix))
        return entries

    def _read_index(self, index_blob: tuple[str, int] | None, suffix: str) -> dict[str, str | None]:
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
            if not _COMMIT_ID.fullmatch(commit) or file != f"snapshots/{commit}{suffix}":
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
        data: bytes | StoredSnapshot,
        *,
        facts: bytes | StoredSnapshot | None = None,
        keep: int = 10,
        message_suffix: str = "[skip ci]",
        max_attempts: int = 5,
    ) -> str:
        """Add or replace the snapshot of ``commit``, keep the newest ``keep``, and push.

        ``data`` (the graph part) goes to the index branch as
        ``snapshots/<commit>.brs``; ``facts`` (the per-file facts), when
        given, to the facts branch as ``snapshots/<commit>.brf``. Without
        ``facts`` the facts branch is neither fetched nor changed. Each is
        its bytes, or the file ``store`` wrote.

        Each new commit has no parent and replaces its branch: it carries
        every file the branch's fetched tip holds, in index.json order after
        the new one, up to ``keep``, and files beyond that are left
        unreachable for the server to collect. Files on a branch that are not
        its snapshots are dropped. Only plumbing commands are used, so the
        work tree, staging area and HEAD stay as they are.

        The replacements are not fast-forwards, so they are pushed with one
        ``--force-with-lease`` per branch on the tip it was built from (on
        "no branch yet" when there was none): a branch is updated only if it
        is still exactly that commit. With facts, both branches go in one
        ``git push --atomic``: either both move or neither does, so a reader
        never sees the graph of one publish beside the facts of another
        without both having been published. When another job replaced or
        created either branch between the fetch and the push, a lease is
        lost and the whole push refused; both branches are fetched again and
        both commits rebuilt on the new tips, so the other job's files are
        carried too, up to ``max_attempts`` times with a short random pause,
        then IndexBranchError is raised. A push refused for any other reason
        (a hook, a server that forbids force pushes) raises at once. The
        push uses the checkout's own credentials (``persist-credentials:
        true`` in GitHub Actions), needs force pushes to both branches to be
        allowed, and skips pre-push hooks, which are meant for code, not
        generated data.

        Without the remote, only the local branches are replaced, both in
        one compare-and-swap, and ``self.pushed`` is False. Returns the id
        of the index branch's new commit.
        """
        commit = commit.lower()
        snapshot_path(commit)  # refuses anything but a full commit id
        if keep < 1:
            raise ValueError(f"keep must be at least 1, not {keep}")
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be at least 1, not {max_attempts}")
        created = _now()
        targets = [(self._index, self._store(commit, data, SNAPSHOT_SUFFIX, created))]
        if facts is not None:
            targets.append((self._facts, self._store(commit, facts, FACTS_SUFFIX, created)))

        def build(branch: _DataBranch, base: str | None, entry: _Entry) -> _RefUpdate:
            message = f"{branch.title} {commit[:12]} {message_suffix}".strip() + "\n"
            return _RefUpdate(branch.ref, self._build_commit(base, entry, keep, message), base)

        if not self.has_remote():
            self._refuse_checked_out(branch for branch, _ in targets)
            updates = [build(branch, self._ref_tip(branch.ref), entry) for branch, entry in targets]
            # Checking the old values makes the update fail instead of
            # overwriting a concurrent local publish.
            self._update_refs("blast-radius: index", updates, compare=True)
            self.pushed = False
            return updates[0].new

        for attempt in range(1, max_attempts + 1):
            updates = []
            for branch, entry in targets:
                base = (
                    self._ref_tip(branch.tracking_ref(self.remote)) if self._fetch(branch) else None
                )
                updates.append(build(branch, base, entry))
            if self._push(updates):
                pushed = [
                    _RefUpdate(branch.tracking_ref(self.remote), update.new, None)
                    for (branch, _), update in zip(targets, updates, strict=True)
                ]
                self._update_refs("blast-radius: pushed", pushed, compare=False)
                self.pushed = True
                return updates[0].new
            if attempt < max_attempts:
                self._pause(attempt)
        names = " and ".join(repr(branch.name) for branch, _ in targets)
        moving = "the branches kept" if len(targets) > 1 else "the branch kept"
        raise IndexBranchError(
            f"could not publish the snapshot of {commit[:12]} to {names} on "
            f"{self.remote!r}: {moving} moving under {max_attempts} attempts. Other "
            "jobs are publishing at the same time; run the index job again, or let only one "
            "run at a time (a workflow `concurrency` group)"
        )

    def store(self, snapshot: SnapshotPieces) -> StoredSnapshot:
        """Write a snapshot file to the repository's objects, for ``publish``.

        The pieces go to a temporary file one after the other and git reads
        that: they are never joined, so the snapshot is held once.
        """
        with tempfile.NamedTemporaryFile(prefix="blast-radius-", suffix=".snapshot") as handle:
            for piece in snapshot.pieces:
                handle.write(piece)
            handle.flush()
            blob = self._object_id(["hash-object", "-w", "--no-filters", "--", handle.name])
        return StoredSnapshot(blob, snapshot.size)

    def _store(
        self, commit: str, data: bytes | StoredSnapshot, suffix: str, created: str
    ) -> _Entry:
        """Write ``data`` as a blob (unless stored already) and describe it as the
        ``suffix`` file of ``commit``."""
        if isinstance(data, StoredSnapshot):
            return _Entry(commit, data.blob, data.size, created, suffix)
        blob = self._object_id(["hash-object", "-w", "--stdin", "--no-filters"], stdin=data)
        return _Entry(commit, blob, len(data), created, suffix)

    def _refuse_checked_out(self, branches: Iterable[_DataBranch]) -> None:
        head = self._attempt(["symbolic-ref", "--quiet", "HEAD"])
        checked_out = head.stdout.decode("utf-8", "replace").strip()
        for branch in branches:
            if checked_out == branch.ref:
                # Moving the checked-out branch would leave the work tree behind it.
                raise IndexBranchError(
                    f"{branch.name!r} is checked out in {self.root}: switch to another branch "
                    "before publishing to it"
                )

    def _update_refs(self, reason: str, updates: Sequence[_RefUpdate], *, compare: bool) -> None:
        """Apply ``updates`` to local refs in one transaction: all of them or none.

        With ``compare``, each ref must still be ``expected`` (None: must not
        exist), else nothing is updated and IndexBranchError is raised;
        without, the refs are set whatever they were.
        """
        commands = []
        for u in updates:
            if not compare:
                commands.append(f"update {u.ref} {u.new}\n")
            else:
                # All zeros is git's "must not exist yet".
                commands.append(f"update {u.ref} {u.new} {u.expected or '0' * len(u.new)}\n")
        self._run(["update-ref", "-m", reason, "--stdin"], stdin="".join(commands).encode("ascii"))

    def _build_commit(self, base: str | None, entry: _Entry, keep: int, message: str) -> str:
        """A parentless commit whose files are ``entry`` then ``base``'s newest ones."""
        carried: list[_Entry] = []
        if base is not None:
            carried = [
                old for old in self._entries(base, entry.suffix) if old.commit != entry.commit
            ]
        entries = [entry, *carried][:keep]
        listing = [
            {"commit": e.commit, "file": e.path, "created": e.created, "size": e.size}
            for e in entries
        ]
        index_json = (json.dumps(listing, indent=2) + "\n").encode("utf-8")
        index_blob = self._object_id(
            ["hash-object", "-w", "--stdin", "--no-filters"], stdin=index_json
        )
        snapshots = self._mktree(
            [(_BLOB_MODE, "blob", e.blob, f"{e.commit}{e.suffix}") for e in entries]
        )
        tree = self._mktree(
            [
                (_BLOB_MODE, "blob", index_blob, INDEX_FILE),
                ("040000", "tree", snapshots, "snapshots"),
            ]
        )
        # No -p: the branch keeps no history, so dropped files can be collected.
        return self._object_id(
            ["commit-tree", "--no-gpg-sign", tree], stdin=message.encode("utf-8"), env=_IDENTITY
        )

    def _mktree(self, entries: Sequence[tuple[str, str, str, str]]) -> str:
        # Names here come from validated ids only, never from the branch.
        records = "".join(f"{mode} {kind} {oid}\t{name}\0" for mode, kind, oid, name in entries)
        return self._object_id(["mktree", "-z"], stdin=records.encode("ascii"))

    def _push(self, updates: Sequence[_RefUpdate]) -> bool:
        """Apply ``updates`` to the remote's branches, each only if still as expected.

        Several updates go in one atomic push: all land or none does. False
        if another push came first (a lease was lost, or the server's ref
        update lost a race); IndexBranchError if the push was refused for
        anything else.
        """
        leases = [f"--force-with-lease={u.ref}:{u.expected or ''}" for u in updates]
        refspecs = [f"{u.new}:{u.ref}" for u in updates]
        atomic = ["--atomic"] if len(updates) > 1 else []
        result = self._attempt(
            ["push", *atomic, "--porcelain", "--no-verify", *leases, self.remote, *refspecs],
            timeout=self.network_timeout,
        )
        if result.returncode == 0:
            return True
        statuses = [
            line
            for line in result.stdout.decode("utf-8", "replace").splitlines()
            if line.startswith("!") and any(f":{u.ref}\t" in line for u in updates)
        ]
        if _lost_race(statuses):
            return False
        detail = "; ".join(statuses) or _stderr_text(result.stderr)
        if statuses:
            # Why the server refused (a hook's or a ruleset's explanation).
            said = [
                line.removeprefix("remote:").strip()
                for line in result.stderr.decode("utf-8", "replace").splitlines()
                if line.startswith("remote:") and line.removeprefix("remote:").strip()
            ]
            if said:
                detail += f" (the remote said: {' / '.join(said[:10])})"
        if atomic:
            names = " and ".join(repr(u.ref.removeprefix("refs/heads/")) for u in updates)
            what = f"{names} (in one `git push --atomic`)"
            force = "these branches (each publish replaces their single commit)"
        else:
            what = repr(updates[0].ref.removeprefix("refs/heads/"))
            force = "this branch (each publish replaces its single commit)"
        raise IndexBranchError(
            f"pushing {what} to {self.remote!r} failed in {self.root}: {detail}. "
            "The index job needs push access with the checkout's credentials "
            "(actions/checkout with `persist-credentials: true`, `contents: write`), and "
            f"branch protection or rulesets must allow it to force-push {force}"
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
        self._done = InBackground(self._fetch)

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
        self._done.result()

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
