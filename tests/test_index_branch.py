"""The index branch against real git: a bare repository stands for origin, clones for runners."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from blast_radius.adapters.index_branch import (
    MAX_INDEX_BYTES,
    IndexBranch,
    IndexBranchError,
    SnapshotRef,
)

from .conftest import GIT_ENV, git

MakeRepo = Callable[..., Path]
BRANCH = "blast-radius-index"


def sha(n: int) -> str:
    """A made-up commit id: the snapshots name commits, which need not exist here."""
    return hashlib.sha1(str(n).encode()).hexdigest()


@pytest.fixture(autouse=True)
def no_git_identity(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the adapter like a fresh CI runner: no git configuration, no identity to guess."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for name in ("AUTHOR", "COMMITTER"):
        monkeypatch.delenv(f"GIT_{name}_NAME", raising=False)
        monkeypatch.delenv(f"GIT_{name}_EMAIL", raising=False)
        monkeypatch.delenv(f"GIT_{name}_DATE", raising=False)
    monkeypatch.delenv("EMAIL", raising=False)
    # Without this git would invent an identity from the user and host names.
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "user.useConfigOnly")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", "true")


@pytest.fixture
def origin(tmp_path: Path, make_repo: MakeRepo) -> Path:
    """A bare repository with a ``main`` branch, standing for the hosted remote."""
    bare = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(bare))
    seed = make_repo({"app.py": "x = 1\n", "README.md": "demo\n"}, name="seed")
    git(seed, "push", "-q", url(bare), "main")
    return bare


@pytest.fixture
def clone(tmp_path: Path, origin: Path) -> Callable[..., Path]:
    """Clone origin into ``tmp_path/name``; extra arguments go to ``git clone``."""

    def make(name: str, *args: str) -> Path:
        target = tmp_path / name
        git(tmp_path, "clone", "-q", *args, url(origin), str(target))
        return target

    return make


def url(bare: Path) -> str:
    # A file:// address makes git use its network transport, so --depth works.
    return f"file://{bare}"


def index_branch(root: Path) -> IndexBranch:
    # No pause between attempts: the races here are staged, not timed.
    return IndexBranch(root, retry_delay=0)


def run_git(root: Path, *args: str, stdin: bytes = b"") -> bytes:
    result = subprocess.run(
        ["git", "-C", str(root), *args],
        input=stdin,
        capture_output=True,
        env={**os.environ, **GIT_ENV},
        check=True,
    )
    return result.stdout


def files_on(bare: Path, rev: str = BRANCH) -> list[str]:
    return git(bare, "ls-tree", "-r", "--name-only", rev).splitlines()


def listed_on(bare: Path, rev: str = BRANCH) -> list[dict[str, object]]:
    document = json.loads(git(bare, "show", f"{rev}:index.json"))
    assert isinstance(document, list)
    return document


def listed_commits(bare: Path, rev: str = BRANCH) -> list[object]:
    return [entry["commit"] for entry in listed_on(bare, rev)]


def checkout_state(root: Path) -> tuple[str, ...]:
    return (
        git(root, "status", "--porcelain", "--untracked-files=all"),
        git(root, "diff", "--cached"),
        git(root, "diff"),
        git(root, "rev-parse", "HEAD"),
        git(root, "symbolic-ref", "HEAD"),
        hashlib.sha256((root / ".git" / "index").read_bytes()).hexdigest(),
    )


# -- publishing and reading ---------------------------------------------------


def test_publish_creates_the_orphan_branch_without_touching_the_checkout(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    indexed = git(runner, "rev-parse", "HEAD").strip()
    before = checkout_state(runner)
    assert before[0] == "" and before[1] == ""

    branch = index_branch(runner)
    new = branch.publish(indexed, b"\x00compressed graph\xff")

    assert branch.pushed is True
    assert checkout_state(runner) == before
    assert git(origin, "rev-parse", BRANCH).strip() == new
    assert files_on(origin) == ["index.json", f"snapshots/{indexed}.brs"]
    assert (
        run_git(origin, "show", f"{BRANCH}:snapshots/{indexed}.brs") == b"\x00compressed graph\xff"
    )
    [entry] = listed_on(origin)
    assert entry["commit"] == indexed
    assert entry["file"] == f"snapshots/{indexed}.brs"
    assert entry["size"] == len(b"\x00compressed graph\xff")
    assert isinstance(entry["created"], str) and entry["created"].endswith("+00:00")
    # An orphan history: one root commit, sharing nothing with main.
    assert git(origin, "rev-list", "--count", BRANCH).strip() == "1"
    assert git(origin, "log", "-1", "--format=%P", BRANCH).strip() == ""
    header = git(origin, "log", "-1", "--format=%an <%ae>|%cn <%ce>|%s", BRANCH).strip()
    bot = "blast-radius <blast-radius@users.noreply.github.com>"
    assert header == f"{bot}|{bot}|Index {indexed[:12]} [skip ci]"
    # The pushed commit is what list_snapshots reads next, without another fetch.
    assert set(branch.list_snapshots()) == {indexed}


def test_publish_leaves_a_dirty_checkout_exactly_as_it_was(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    (runner / "app.py").write_text("x = 2\n", encoding="utf-8")
    (runner / "staged.py").write_text("y = 1\n", encoding="utf-8")
    git(runner, "add", "staged.py")
    (runner / "untracked.txt").write_text("scratch\n", encoding="utf-8")
    before = checkout_state(runner)

    index_branch(runner).publish(sha(1), b"data")

    assert checkout_state(runner) == before
    assert files_on(origin) == ["index.json", f"snapshots/{sha(1)}.brs"]


def test_a_shallow_pull_request_clone_fetches_and_reads_the_snapshot(
    origin: Path, clone: Callable[..., Path]
) -> None:
    publisher = clone("publisher")
    data = bytes(range(256)) * 50
    index_branch(publisher).publish(sha(1), data)
    reader = clone("reader", "--depth", "1", "--single-branch", "--branch", "main")
    assert git(reader, "rev-parse", "--is-shallow-repository").strip() == "true"
    branch = index_branch(reader)

    assert branch.fetch() is True
    snapshots = branch.list_snapshots()

    assert list(snapshots) == [sha(1)]
    ref = snapshots[sha(1)]
    assert ref.path == f"snapshots/{sha(1)}.brs"
    assert branch.read(ref, max_bytes=len(data)) == data
    with pytest.raises(IndexBranchError, match="more than the limit"):
        branch.read(ref, max_bytes=len(data) - 1)
    assert git(reader, "status", "--porcelain") == ""


def test_fetching_in_a_shallow_clone_leaves_git_shallow_alone(
    origin: Path, clone: Callable[..., Path]
) -> None:
    publisher = index_branch(clone("publisher"))
    for n in (1, 2, 3):
        publisher.publish(sha(n), f"graph {n}".encode(), keep=2)
    reader = clone("reader", "--depth", "1", "--single-branch", "--branch", "main")
    shallow = reader / ".git" / "shallow"
    before = shallow.read_bytes()
    # As if the analysis were deepening the clone right now: a fetch that
    # wrote .git/shallow would fail on this lock.
    lock = reader / ".git" / "shallow.lock"
    lock.write_bytes(b"")
    branch = index_branch(reader)

    assert branch.fetch() is True

    lock.unlink()
    assert shallow.read_bytes() == before
    snapshots = branch.list_snapshots()
    assert list(snapshots) == [sha(3), sha(2)]
    assert branch.read(snapshots[sha(3)], max_bytes=100) == b"graph 3"
    assert branch.read(snapshots[sha(2)], max_bytes=100) == b"graph 2"


def test_a_full_clone_stays_a_full_clone_after_fetching(
    origin: Path, clone: Callable[..., Path]
) -> None:
    index_branch(clone("publisher")).publish(sha(1), b"data")
    reader = clone("reader", "--single-branch", "--branch", "main")
    branch = index_branch(reader)

    assert branch.fetch() is True

    assert git(reader, "rev-parse", "--is-shallow-repository").strip() == "false"
    assert not (reader / ".git" / "shallow").exists()
    assert branch.read(branch.list_snapshots()[sha(1)], max_bytes=100) == b"data"


def test_a_fetch_depth_still_asks_for_a_shallow_fetch(
    origin: Path, clone: Callable[..., Path]
) -> None:
    index_branch(clone("publisher")).publish(sha(1), b"data")
    reader = clone("reader", "--single-branch", "--branch", "main")
    branch = IndexBranch(reader, fetch_depth=1, retry_delay=0)

    assert branch.fetch() is True

    # The documented cost of a depth: git records a shallow boundary.
    assert git(reader, "rev-parse", "--is-shallow-repository").strip() == "true"
    assert list(branch.list_snapshots()) == [sha(1)]


def test_fetch_starts_no_automatic_gc(origin: Path, clone: Callable[..., Path]) -> None:
    # A gc --auto started by the fetch would prune .git/shallow under its lock.
    reader = clone("reader", "--single-branch", "--branch", "main")
    git(reader, "config", "gc.autoPackLimit", "1")
    git(reader, "config", "gc.autoDetach", "false")
    index_branch(clone("publisher")).publish(sha(1), b"data")
    packs = reader / ".git" / "objects" / "pack"
    assert len(list(packs.glob("*.pack"))) == 1

    assert index_branch(reader).fetch() is True

    # The fetched pack is kept beside the clone's: nothing repacked them.
    assert len(list(packs.glob("*.pack"))) == 2


def test_keep_drops_the_oldest_snapshots(origin: Path, clone: Callable[..., Path]) -> None:
    branch = index_branch(clone("runner"))
    for n in (1, 2, 3):
        branch.publish(sha(n), f"graph {n}".encode(), keep=2)

    assert listed_commits(origin) == [sha(3), sha(2)]
    assert files_on(origin) == sorted(
        ["index.json", f"snapshots/{sha(3)}.brs", f"snapshots/{sha(2)}.brs"]
    )
    assert list(branch.list_snapshots()) == [sha(3), sha(2)]
    # Every publish replaces the branch with one parentless commit.
    assert git(origin, "rev-list", "--count", BRANCH).strip() == "1"
    assert git(origin, "log", "-1", "--format=%P", BRANCH).strip() == ""


def blob_id(root: Path, data: bytes) -> str:
    return run_git(root, "hash-object", "--stdin", stdin=data).decode().strip()


def test_the_branch_holds_only_the_kept_snapshots(origin: Path, clone: Callable[..., Path]) -> None:
    branch = index_branch(clone("runner"))
    for n in (1, 2, 3):
        branch.publish(sha(n), f"graph {n}".encode(), keep=2)

    assert git(origin, "rev-list", "--count", BRANCH).strip() == "1"
    assert git(origin, "log", "-1", "--format=%P", BRANCH).strip() == ""
    reachable = run_git(origin, "rev-list", "--objects", "--no-object-names", BRANCH)
    kinds = run_git(
        origin, "cat-file", "--batch-check=%(objecttype) %(objectname)", stdin=reachable
    ).decode()
    blobs = {oid for kind, oid in (line.split() for line in kinds.splitlines()) if kind == "blob"}
    index_json = git(origin, "rev-parse", f"{BRANCH}:index.json").strip()
    kept = {blob_id(origin, b"graph 3"), blob_id(origin, b"graph 2")}
    assert blobs == {index_json, *kept}

    # The dropped snapshot is unreachable, so the server's gc collects it.
    dropped = blob_id(origin, b"graph 1")
    git(origin, "gc", "--quiet", "--prune=now")
    assert "count: 0" in git(origin, "count-objects", "-v").splitlines()
    missing = subprocess.run(["git", "-C", str(origin), "cat-file", "-e", dropped], check=False)
    assert missing.returncode != 0
    for oid in kept:
        git(origin, "cat-file", "-e", oid)


def test_publishing_a_commit_again_replaces_its_snapshot(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    branch = index_branch(runner)
    branch.publish(sha(1), b"first")
    branch.publish(sha(2), b"other")
    branch.publish(sha(1), b"second")

    assert listed_commits(origin) == [sha(1), sha(2)]
    assert files_on(origin).count(f"snapshots/{sha(1)}.brs") == 1
    reader = index_branch(clone("reader"))
    assert reader.fetch()
    snapshots = reader.list_snapshots()
    assert list(snapshots) == [sha(1), sha(2)]
    assert reader.read(snapshots[sha(1)], max_bytes=100) == b"second"


def test_uppercase_ids_are_stored_lowercase_and_other_names_refused(
    origin: Path, clone: Callable[..., Path]
) -> None:
    branch = index_branch(clone("runner"))
    branch.publish(sha(1).upper(), b"data")
    assert listed_commits(origin) == [sha(1)]
    for bad in ("main", sha(1)[:12], "../" + sha(1)[3:], sha(1) + "\n"):
        with pytest.raises(IndexBranchError, match="not a full commit id"):
            branch.publish(bad, b"data")
    with pytest.raises(ValueError, match="keep"):
        branch.publish(sha(2), b"data", keep=0)


# -- racing publishers ---------------------------------------------------------


class RacedIndexBranch(IndexBranch):
    """Lets a competitor publish between this publisher's fetch and its push."""

    def __init__(self, root: Path, competitor: Callable[[int], None], races: int) -> None:
        super().__init__(root, retry_delay=0)
        self.competitor = competitor
        self.races = races
        self.pushes = 0

    def _push(self, new: str, expected: str | None) -> bool:
        self.pushes += 1
        if self.pushes <= self.races:
            self.competitor(self.pushes)
        return super()._push(new, expected)


@pytest.mark.parametrize("existed", [True, False], ids=["branch moved", "branch created"])
def test_a_publisher_that_loses_the_lease_retries_on_top_of_the_winner(
    origin: Path, clone: Callable[..., Path], existed: bool
) -> None:
    if existed:
        index_branch(clone("earlier")).publish(sha(0), b"zero")
    runner_a, runner_b = clone("a"), clone("b")
    a_tips: list[str] = []

    def a_publishes(_: int) -> None:
        a_tips.append(index_branch(runner_a).publish(sha(1), b"from a"))

    b = RacedIndexBranch(runner_b, a_publishes, races=1)
    b_tip = b.publish(sha(2), b"from b")

    # B fetched, A pushed, B's first push lost its lease ("stale info": the
    # branch was not the tip B built on, or no longer absent), its second landed.
    assert b.pushes == 2
    assert git(origin, "rev-parse", BRANCH).strip() == b_tip
    earlier = [sha(0)] if existed else []
    assert listed_commits(origin) == [sha(2), sha(1), *earlier]
    # A's commit was replaced, not built upon; its snapshot was carried over.
    assert git(origin, "rev-list", "--count", BRANCH).strip() == "1"
    assert git(origin, "log", "-1", "--format=%P", b_tip).strip() == ""
    assert run_git(origin, "show", f"{a_tips[0]}:snapshots/{sha(1)}.brs") == b"from a"
    reader = index_branch(clone("reader"))
    assert reader.fetch()
    snapshots = reader.list_snapshots()
    assert reader.read(snapshots[sha(1)], 100) == b"from a"
    assert reader.read(snapshots[sha(2)], 100) == b"from b"


@pytest.mark.parametrize("existed", [True, False], ids=["branch moved", "branch created"])
def test_a_push_that_loses_the_race_on_the_server_is_retried(
    tmp_path: Path, origin: Path, clone: Callable[..., Path], existed: bool
) -> None:
    # A's push lands while B's push is being received: B's lease held when B's
    # client checked it, so the server's own compare-and-swap of the ref fails
    # ("[remote rejected] (failed to update ref)") instead.
    runner_a = clone("a")
    before = index_branch(runner_a).publish(sha(0), b"zero")
    a_tip = index_branch(runner_a).publish(sha(1), b"from a")
    if existed:
        git(origin, "update-ref", f"refs/heads/{BRANCH}", before, a_tip)
    else:
        git(origin, "update-ref", "-d", f"refs/heads/{BRANCH}", a_tip)
    old = before if existed else '""'
    marker = tmp_path / "a-landed"
    hook = origin / "hooks" / "pre-receive"
    hook.write_text(
        "#!/bin/sh\n"
        "cat >/dev/null\n"
        f'if [ ! -e "{marker}" ]; then\n'
        f'  touch "{marker}"\n'
        # Ref updates are refused inside the push's quarantine; this one
        # stands for another client's push, outside it.
        "  unset GIT_QUARANTINE_PATH\n"
        f"  git update-ref refs/heads/{BRANCH} {a_tip} {old}\n"
        "fi\n",
        encoding="utf-8",
    )
    hook.chmod(0o755)

    b = RacedIndexBranch(clone("b"), lambda _: None, races=0)
    b_tip = b.publish(sha(2), b"from b")

    assert marker.exists()
    assert b.pushes == 2
    assert git(origin, "rev-parse", BRANCH).strip() == b_tip
    assert git(origin, "log", "-1", "--format=%P", b_tip).strip() == ""
    # Rebuilt on A's commit: A's snapshot and the one A carried are kept.
    assert listed_commits(origin) == [sha(2), sha(1), sha(0)]


def test_a_publisher_gives_up_after_max_attempts_without_overwriting(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner_a = clone("a")
    a_tips: list[str] = []

    def a_publishes(race: int) -> None:
        a_tips.append(index_branch(runner_a).publish(sha(100 + race), b"from a"))

    b = RacedIndexBranch(clone("b"), a_publishes, races=3)
    with pytest.raises(IndexBranchError, match="kept moving under 3 attempts"):
        b.publish(sha(2), b"from b", max_attempts=3)

    assert b.pushes == 3
    assert git(origin, "rev-parse", BRANCH).strip() == a_tips[-1]
    assert listed_commits(origin) == [sha(103), sha(102), sha(101)]


def test_a_push_refused_for_another_reason_is_not_retried(
    origin: Path, clone: Callable[..., Path]
) -> None:
    hook = origin / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho protected >&2\nexit 1\n", encoding="utf-8")
    hook.chmod(0o755)
    b = RacedIndexBranch(clone("b"), lambda _: None, races=0)

    with pytest.raises(IndexBranchError, match="pre-receive hook declined"):
        b.publish(sha(1), b"data")

    assert b.pushes == 1
    assert git(origin, "branch", "--list", BRANCH) == ""


def test_a_server_that_refuses_to_replace_the_branch_is_reported_not_retried(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    first = index_branch(runner).publish(sha(1), b"one")
    # What branch protection that blocks force pushes amounts to.
    git(origin, "config", "receive.denyNonFastForwards", "true")
    b = RacedIndexBranch(runner, lambda _: None, races=0)

    with pytest.raises(IndexBranchError, match=r"non-fast-forward.*force-push this branch"):
        b.publish(sha(2), b"two")

    assert b.pushes == 1
    assert git(origin, "rev-parse", BRANCH).strip() == first


# -- what is read from the branch is checked ---------------------------------------


def hostile_commit(root: Path, index_json: bytes | None, *, valid: str = sha(1)) -> str:
    """A commit of the index branch as someone with push access might have edited it."""

    def blob(data: bytes) -> str:
        return run_git(root, "hash-object", "-w", "--stdin", stdin=data).decode().strip()

    def tree(*entries: tuple[str, str, str, str]) -> str:
        records = "".join(f"{mode} {kind} {oid}\t{name}\0" for mode, kind, oid, name in entries)
        return run_git(root, "mktree", "-z", stdin=records.encode()).decode().strip()

    evil = blob(b"evil")
    inner = tree(("100644", "blob", evil, "evil.brs"))
    up_once = tree(("040000", "tree", inner, ".."))
    snapshots = tree(
        ("100644", "blob", blob(b"good"), f"{valid}.brs"),
        # snapshots/../../evil.brs
        ("040000", "tree", up_once, ".."),
        # a symlink and a folder under snapshot names, and names that are not snapshots
        ("120000", "blob", blob(b"/etc/passwd"), f"{sha(2)}.brs"),
        ("040000", "tree", inner, f"{sha(3)}.brs"),
        ("100644", "blob", evil, "NOTHEX.brs"),
        ("100644", "blob", evil, f"{sha(4)}.txt"),
        ("100755", "blob", evil, f"{sha(5)}.brs"),
    )
    top = [
        ("040000", "tree", snapshots, "snapshots"),
        ("100644", "blob", evil, f"{sha(6)}.brs"),
        ("040000", "tree", inner, ".."),
    ]
    if index_json is not None:
        top.append(("100644", "blob", blob(index_json), "index.json"))
    commit = run_git(root, "commit-tree", tree(*top), "-m", "tampered", stdin=b"")
    return commit.decode().strip()


HOSTILE_INDEXES = {
    "bad entries": json.dumps(
        [
            {"commit": "../../evil", "file": "snapshots/../../evil.brs"},
            {"commit": sha(6), "file": f"/{sha(6)}.brs"},
            {"commit": sha(6), "file": f"snapshots/../{sha(6)}.brs"},
            {"commit": sha(2), "file": f"snapshots/{sha(2)}.brs"},
            {"commit": sha(1).upper(), "file": f"snapshots/{sha(1).upper()}.brs"},
            {"commit": sha(1), "file": f"snapshots/{sha(1)}.brs", "created": "yesterday"},
            {"commit": sha(9), "file": f"snapshots/{sha(9)}.brs"},
            42,
            "snapshots/../../evil.brs",
            None,
        ]
    ).encode(),
    "garbage": b"{not json at all\xff",
    "not a list": json.dumps({"commit": sha(1), "file": "../../evil.brs"}).encode(),
    "too deep": b"[" * 100_000,
    "too big": json.dumps([{"commit": sha(1), "file": f"snapshots/{sha(1)}.brs"}]).encode()
    + b" " * MAX_INDEX_BYTES,
    "missing": None,
}


@pytest.mark.parametrize("index_json", HOSTILE_INDEXES.values(), ids=HOSTILE_INDEXES.keys())
def test_tampered_branch_content_is_ignored(
    tmp_path: Path, origin: Path, clone: Callable[..., Path], index_json: bytes | None
) -> None:
    editor = clone("editor")
    tampered = hostile_commit(editor, index_json)
    git(editor, "push", "-q", "origin", f"{tampered}:refs/heads/{BRANCH}")
    reader = index_branch(clone("reader", "--depth", "1"))

    assert reader.fetch() is True
    snapshots = reader.list_snapshots()

    assert snapshots == {
        sha(1): SnapshotRef(sha(1), f"snapshots/{sha(1)}.brs", snapshots[sha(1)].blob)
    }
    assert reader.read(snapshots[sha(1)], max_bytes=100) == b"good"
    forged = SnapshotRef(sha(1), "snapshots/../../evil.brs", snapshots[sha(1)].blob)
    with pytest.raises(IndexBranchError, match="does not name a snapshot"):
        reader.read(forged, max_bytes=100)

    # Publishing on top keeps the valid snapshot and drops everything else.
    publisher = index_branch(clone("publisher"))
    publisher.publish(sha(7), b"new")
    assert files_on(origin) == ["index.json", f"snapshots/{sha(1)}.brs", f"snapshots/{sha(7)}.brs"]
    entries = listed_on(origin)
    assert [entry["commit"] for entry in entries] == [sha(7), sha(1)]
    # The old snapshot had no usable creation time: the tampered commit's date stands in.
    tampered_date = git(origin, "show", "-s", "--format=%cI", tampered).strip()
    assert entries[1]["created"] == tampered_date
    # The tampered commit was replaced, not built upon.
    assert git(origin, "log", "-1", "--format=%P", BRANCH).strip() == ""
    assert git(origin, "rev-list", "--count", BRANCH).strip() == "1"

    # Nothing was ever written as a file, inside the clones or next to them.
    assert list(tmp_path.rglob("evil*")) == []
    assert list(tmp_path.parent.glob("evil*")) == []


# -- missing branch, missing remote ------------------------------------------------


def test_fetch_is_false_when_origin_has_no_index_branch(clone: Callable[..., Path]) -> None:
    branch = index_branch(clone("reader", "--depth", "1"))

    assert branch.fetch() is False
    assert branch.list_snapshots() == {}


def test_a_deleted_remote_branch_is_not_read_from_a_stale_tracking_ref(
    origin: Path, clone: Callable[..., Path]
) -> None:
    index_branch(clone("publisher")).publish(sha(1), b"data")
    reader = index_branch(clone("reader"))
    assert reader.fetch() is True
    assert list(reader.list_snapshots()) == [sha(1)]
    git(origin, "branch", "-D", BRANCH)

    assert reader.fetch() is False
    assert reader.list_snapshots() == {}


def test_fetch_reports_an_unreachable_remote(tmp_path: Path, clone: Callable[..., Path]) -> None:
    runner = clone("runner")
    git(runner, "remote", "set-url", "origin", url(tmp_path / "gone.git"))

    with pytest.raises(IndexBranchError, match="could not fetch"):
        index_branch(runner).fetch()


def test_without_a_remote_publish_moves_only_the_local_branch(make_repo: MakeRepo) -> None:
    root = make_repo({"app.py": "x = 1\n"})
    before = checkout_state(root)
    branch = index_branch(root)

    assert branch.fetch() is False
    branch.publish(sha(1), b"one")
    tip = branch.publish(sha(2), b"two", keep=1)

    assert branch.pushed is False
    assert checkout_state(root) == before
    assert git(root, "rev-parse", BRANCH).strip() == tip
    assert git(root, "log", "-1", "--format=%P", BRANCH).strip() == ""
    assert list(branch.list_snapshots()) == [sha(2)]
    assert branch.read(branch.list_snapshots()[sha(2)], 10) == b"two"


def test_the_checked_out_index_branch_is_not_moved(make_repo: MakeRepo) -> None:
    root = make_repo({"app.py": "x = 1\n"})
    branch = index_branch(root)
    branch.publish(sha(1), b"one")
    git(root, "checkout", "-q", BRANCH)

    with pytest.raises(IndexBranchError, match="is checked out"):
        branch.publish(sha(2), b"two")


@pytest.mark.parametrize("name", ["", "-x", "a b", "a..b", "x:y", "/abs"])
def test_unusable_branch_and_remote_names_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="branch"):
        IndexBranch(tmp_path, branch=name)
    with pytest.raises(ValueError, match="remote"):
        IndexBranch(tmp_path, remote=name)
