"""The index branch against real git: a bare repository stands for origin, clones for runners."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from blast_radius.adapters.index_branch import (
    MAX_INDEX_BYTES,
    IndexBranch,
    IndexBranchError,
    SnapshotRef,
    _RefUpdate,
)
from blast_radius.adapters.repository import BranchSnapshots
from blast_radius.core.snapshot import (
    Snapshot,
    SnapshotError,
    decode_snapshot,
    encode_snapshot,
    encode_snapshot_pieces,
)

from .conftest import GIT_ENV, git

MakeRepo = Callable[..., Path]
BRANCH = "blast-radius-index"
FACTS = "blast-radius-index-facts"


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


def tip(bare: Path, branch: str) -> str:
    return git(bare, "rev-parse", branch).strip()


def has_object(root: Path, oid: str) -> bool:
    found = subprocess.run(
        ["git", "-C", str(root), "cat-file", "-e", oid], capture_output=True, check=False
    )
    return found.returncode == 0


def assert_one_parentless_commit(bare: Path, branch: str) -> None:
    assert git(bare, "rev-list", "--count", branch).strip() == "1"
    assert git(bare, "log", "-1", "--format=%P", branch).strip() == ""


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


def test_snapshot_files_stored_as_pieces_are_published_as_their_bytes(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    indexed = git(runner, "rev-parse", "HEAD").strip()
    branch = index_branch(runner)
    entries = [("facts", "f" * 64, '["a.py"]'), ("interface", "a" * 64, "[]")]
    made = {
        kind: encode_snapshot_pieces(
            [e for e in entries if (e[0] == "facts") == (kind == "facts")],
            tool_version="1",
            fingerprint="fp",
            settings="s",
            commit=indexed,
        )
        for kind in ("graph", "facts")
    }
    assert all(len(pieces.pieces) > 2 for pieces in made.values())
    stored = {kind: branch.store(pieces) for kind, pieces in made.items()}
    # In the runner's objects already, on no branch yet.
    assert all(has_object(runner, s.blob) for s in stored.values())
    assert not has_object(origin, stored["graph"].blob)
    new = branch.publish(indexed, stored["graph"], facts=stored["facts"])

    assert tip(origin, BRANCH) == new
    for ref, suffix, kind in ((BRANCH, "brs", "graph"), (FACTS, "brf", "facts")):
        published = run_git(origin, "show", f"{ref}:snapshots/{indexed}.{suffix}")
        assert published == b"".join(made[kind].pieces)
        assert stored[kind].size == len(published)
        assert listed_on(origin, ref)[0]["size"] == len(published)
    graph = run_git(origin, "show", f"{BRANCH}:snapshots/{indexed}.brs")
    decoded = decode_snapshot(graph, fingerprint="fp")
    assert decoded.entries == (("interface", "a" * 64, "[]"),)


def test_publish_creates_the_orphan_branches_without_touching_the_checkout(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    indexed = git(runner, "rev-parse", "HEAD").strip()
    before = checkout_state(runner)
    assert before[0] == "" and before[1] == ""

    branch = index_branch(runner)
    new = branch.publish(indexed, b"\x00compressed graph\xff", facts=b"\x00facts\xfe")

    assert branch.pushed is True
    assert branch.facts_branch == FACTS
    assert checkout_state(runner) == before
    assert tip(origin, BRANCH) == new
    # The graph on the index branch, the facts on the facts branch, nothing else.
    assert files_on(origin) == ["index.json", f"snapshots/{indexed}.brs"]
    assert files_on(origin, FACTS) == ["index.json", f"snapshots/{indexed}.brf"]
    assert (
        run_git(origin, "show", f"{BRANCH}:snapshots/{indexed}.brs") == b"\x00compressed graph\xff"
    )
    assert run_git(origin, "show", f"{FACTS}:snapshots/{indexed}.brf") == b"\x00facts\xfe"
    [entry] = listed_on(origin)
    assert entry["commit"] == indexed
    assert entry["file"] == f"snapshots/{indexed}.brs"
    assert entry["size"] == len(b"\x00compressed graph\xff")
    assert isinstance(entry["created"], str) and entry["created"].endswith("+00:00")
    [facts_entry] = listed_on(origin, FACTS)
    assert facts_entry == {
        "commit": indexed,
        "file": f"snapshots/{indexed}.brf",
        "created": entry["created"],
        "size": len(b"\x00facts\xfe"),
    }
    # Orphan histories: one root commit each, sharing nothing with main.
    assert_one_parentless_commit(origin, BRANCH)
    assert_one_parentless_commit(origin, FACTS)
    bot = "blast-radius <blast-radius@users.noreply.github.com>"
    for name, title in ((BRANCH, "Index"), (FACTS, "Facts")):
        header = git(origin, "log", "-1", "--format=%an <%ae>|%cn <%ce>|%s", name).strip()
        assert header == f"{bot}|{bot}|{title} {indexed[:12]} [skip ci]"
    # The pushed commits are what is read next, without another fetch.
    assert set(branch.list_snapshots()) == {indexed}
    assert set(branch.list_facts()) == {indexed}


def test_publish_leaves_a_dirty_checkout_exactly_as_it_was(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    (runner / "app.py").write_text("x = 2\n", encoding="utf-8")
    (runner / "staged.py").write_text("y = 1\n", encoding="utf-8")
    git(runner, "add", "staged.py")
    (runner / "untracked.txt").write_text("scratch\n", encoding="utf-8")
    before = checkout_state(runner)

    index_branch(runner).publish(sha(1), b"data", facts=b"facts")

    assert checkout_state(runner) == before
    assert files_on(origin) == ["index.json", f"snapshots/{sha(1)}.brs"]
    assert files_on(origin, FACTS) == ["index.json", f"snapshots/{sha(1)}.brf"]


def test_a_shallow_pull_request_clone_fetches_and_reads_the_snapshot(
    origin: Path, clone: Callable[..., Path]
) -> None:
    publisher = clone("publisher")
    data = bytes(range(256)) * 50
    index_branch(publisher).publish(sha(1), data, facts=b"facts")
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


def test_a_prepared_snapshot_serves_only_the_commit_and_fingerprint_it_was_read_for(
    origin: Path, clone: Callable[..., Path]
) -> None:
    publisher = index_branch(clone("publisher"))
    for n in (1, 2):
        entry = ("output", f"{'a' * 64}:{'b' * 64}", f"part of commit {n}")
        data = encode_snapshot(
            [entry], tool_version="1", fingerprint="fp", settings="s", commit=sha(n)
        )
        publisher.publish(sha(n), data)
    publisher.publish(sha(3), b"not a snapshot")
    reader = clone("reader", "--depth", "1", "--single-branch", "--branch", "main")

    def snapshots() -> BranchSnapshots:
        return BranchSnapshots(index_branch(reader))

    def part(snapshot: object) -> str:
        assert isinstance(snapshot, Snapshot)
        return snapshot.entries[0][2]

    # The first of the commits that has a snapshot is prepared, and served.
    prepared = snapshots()
    prepared.prepare([sha(9), sha(2), sha(1)], "fp")
    assert part(prepared.snapshot(sha(2), "fp")) == "part of commit 2"
    # Asked for another commit, or with another fingerprint, it reads that one now.
    other = snapshots()
    other.prepare([sha(2)], "fp")
    assert part(other.snapshot(sha(1), "fp")) == "part of commit 1"
    refused = snapshots()
    refused.prepare([sha(2)], "fp")
    with pytest.raises(SnapshotError, match="another version"):
        refused.snapshot(sha(2), "fp2")
    # A damaged snapshot's error is raised when it is asked for, and once:
    # the next request reads afresh.
    damaged = snapshots()
    damaged.prepare([sha(3)], "fp")
    with pytest.raises(SnapshotError):
        damaged.snapshot(sha(3), "fp")
    assert part(damaged.snapshot(sha(1), "fp")) == "part of commit 1"
    # Nothing to prepare: the request is read then.
    none = snapshots()
    none.prepare([sha(8)], "fp")
    assert part(none.snapshot(sha(2), "fp")) == "part of commit 2"


def test_a_pull_request_run_downloads_the_facts_only_on_demand(
    origin: Path, clone: Callable[..., Path]
) -> None:
    graph, facts = b"graph " * 1000, b"facts " * 1000
    index_branch(clone("publisher")).publish(sha(1), graph, facts=facts)
    graph_blob = tip(origin, f"{BRANCH}:snapshots/{sha(1)}.brs")
    facts_blob = tip(origin, f"{FACTS}:snapshots/{sha(1)}.brf")
    reader = clone("reader", "--depth", "1", "--single-branch", "--branch", "main")
    branch = index_branch(reader)

    assert branch.fetch() is True

    # The index branch came, the facts did not.
    assert has_object(reader, graph_blob)
    assert not has_object(reader, facts_blob)
    assert git(reader, "for-each-ref", "--format=%(refname)", "refs/remotes/origin/").split() == [
        "refs/remotes/origin/HEAD",
        f"refs/remotes/origin/{BRANCH}",
        "refs/remotes/origin/main",
    ]
    assert branch.list_facts() == {}

    assert branch.fetch_facts() is True

    assert has_object(reader, facts_blob)
    assert branch.facts_tracking_ref == f"refs/remotes/origin/{FACTS}"
    assert tip(reader, branch.facts_tracking_ref) == tip(origin, FACTS)
    facts_refs = branch.list_facts()
    assert facts_refs == {sha(1): SnapshotRef(sha(1), f"snapshots/{sha(1)}.brf", facts_blob)}
    assert branch.read(facts_refs[sha(1)], max_bytes=len(facts)) == facts
    with pytest.raises(IndexBranchError, match="more than the limit"):
        branch.read(facts_refs[sha(1)], max_bytes=len(facts) - 1)
    # Each listing reads its own branch only.
    assert list(branch.list_snapshots()) == [sha(1)]
    assert branch.read(branch.list_snapshots()[sha(1)], max_bytes=len(graph)) == graph
    assert git(reader, "status", "--porcelain") == ""


def test_fetching_in_a_shallow_clone_leaves_git_shallow_alone(
    origin: Path, clone: Callable[..., Path]
) -> None:
    publisher = index_branch(clone("publisher"))
    for n in (1, 2, 3):
        publisher.publish(sha(n), f"graph {n}".encode(), facts=f"facts {n}".encode(), keep=2)
    reader = clone("reader", "--depth", "1", "--single-branch", "--branch", "main")
    shallow = reader / ".git" / "shallow"
    before = shallow.read_bytes()
    # As if the analysis were deepening the clone right now: a fetch that
    # wrote .git/shallow would fail on this lock.
    lock = reader / ".git" / "shallow.lock"
    lock.write_bytes(b"")
    branch = index_branch(reader)

    assert branch.fetch() is True
    assert branch.fetch_facts() is True

    lock.unlink()
    assert shallow.read_bytes() == before
    snapshots = branch.list_snapshots()
    assert list(snapshots) == [sha(3), sha(2)]
    assert branch.read(snapshots[sha(3)], max_bytes=100) == b"graph 3"
    assert branch.read(snapshots[sha(2)], max_bytes=100) == b"graph 2"
    facts = branch.list_facts()
    assert list(facts) == [sha(3), sha(2)]
    assert branch.read(facts[sha(2)], max_bytes=100) == b"facts 2"


def test_a_full_clone_stays_a_full_clone_after_fetching(
    origin: Path, clone: Callable[..., Path]
) -> None:
    index_branch(clone("publisher")).publish(sha(1), b"data", facts=b"facts")
    reader = clone("reader", "--single-branch", "--branch", "main")
    branch = index_branch(reader)

    assert branch.fetch() is True
    assert branch.fetch_facts() is True

    assert git(reader, "rev-parse", "--is-shallow-repository").strip() == "false"
    assert not (reader / ".git" / "shallow").exists()
    assert branch.read(branch.list_snapshots()[sha(1)], max_bytes=100) == b"data"
    assert branch.read(branch.list_facts()[sha(1)], max_bytes=100) == b"facts"


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
    index_branch(clone("publisher")).publish(sha(1), b"data", facts=b"facts")
    packs = reader / ".git" / "objects" / "pack"
    assert len(list(packs.glob("*.pack"))) == 1

    assert index_branch(reader).fetch() is True
    assert index_branch(reader).fetch_facts() is True

    # The fetched packs are kept beside the clone's: nothing repacked them.
    assert len(list(packs.glob("*.pack"))) == 3


def test_keep_drops_the_oldest_snapshots_and_facts(
    origin: Path, clone: Callable[..., Path]
) -> None:
    branch = index_branch(clone("runner"))
    for n in (1, 2, 3):
        branch.publish(sha(n), f"graph {n}".encode(), facts=f"facts {n}".encode(), keep=2)

    assert listed_commits(origin) == [sha(3), sha(2)]
    assert files_on(origin) == sorted(
        ["index.json", f"snapshots/{sha(3)}.brs", f"snapshots/{sha(2)}.brs"]
    )
    assert listed_commits(origin, FACTS) == [sha(3), sha(2)]
    assert files_on(origin, FACTS) == sorted(
        ["index.json", f"snapshots/{sha(3)}.brf", f"snapshots/{sha(2)}.brf"]
    )
    assert list(branch.list_snapshots()) == [sha(3), sha(2)]
    assert list(branch.list_facts()) == [sha(3), sha(2)]
    # Every publish replaces each branch with one parentless commit.
    assert_one_parentless_commit(origin, BRANCH)
    assert_one_parentless_commit(origin, FACTS)


def blob_id(root: Path, data: bytes) -> str:
    return run_git(root, "hash-object", "--stdin", stdin=data).decode().strip()


def reachable_blobs(bare: Path, rev: str) -> set[str]:
    reachable = run_git(bare, "rev-list", "--objects", "--no-object-names", rev)
    kinds = run_git(
        bare, "cat-file", "--batch-check=%(objecttype) %(objectname)", stdin=reachable
    ).decode()
    return {oid for kind, oid in (line.split() for line in kinds.splitlines()) if kind == "blob"}


def test_the_branches_hold_only_the_kept_files(origin: Path, clone: Callable[..., Path]) -> None:
    branch = index_branch(clone("runner"))
    for n in (1, 2, 3):
        branch.publish(sha(n), f"graph {n}".encode(), facts=f"facts {n}".encode(), keep=2)

    assert_one_parentless_commit(origin, BRANCH)
    assert_one_parentless_commit(origin, FACTS)
    kept = {blob_id(origin, b"graph 3"), blob_id(origin, b"graph 2")}
    kept_facts = {blob_id(origin, b"facts 3"), blob_id(origin, b"facts 2")}
    assert reachable_blobs(origin, BRANCH) == {tip(origin, f"{BRANCH}:index.json"), *kept}
    assert reachable_blobs(origin, FACTS) == {tip(origin, f"{FACTS}:index.json"), *kept_facts}

    # The dropped files are unreachable, so the server's gc collects them.
    dropped = [blob_id(origin, b"graph 1"), blob_id(origin, b"facts 1")]
    git(origin, "gc", "--quiet", "--prune=now")
    assert "count: 0" in git(origin, "count-objects", "-v").splitlines()
    for oid in dropped:
        assert not has_object(origin, oid)
    for oid in kept | kept_facts:
        assert has_object(origin, oid)


def test_publishing_a_commit_again_replaces_its_snapshot(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    branch = index_branch(runner)
    branch.publish(sha(1), b"first", facts=b"first facts")
    branch.publish(sha(2), b"other", facts=b"other facts")
    branch.publish(sha(1), b"second", facts=b"second facts")

    assert listed_commits(origin) == [sha(1), sha(2)]
    assert listed_commits(origin, FACTS) == [sha(1), sha(2)]
    assert files_on(origin).count(f"snapshots/{sha(1)}.brs") == 1
    assert files_on(origin, FACTS).count(f"snapshots/{sha(1)}.brf") == 1
    reader = index_branch(clone("reader"))
    assert reader.fetch()
    assert reader.fetch_facts()
    snapshots = reader.list_snapshots()
    assert list(snapshots) == [sha(1), sha(2)]
    assert reader.read(snapshots[sha(1)], max_bytes=100) == b"second"
    assert reader.read(reader.list_facts()[sha(1)], max_bytes=100) == b"second facts"


def test_publish_without_facts_leaves_the_facts_branch_alone(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    branch = index_branch(runner)

    branch.publish(sha(1), b"one")

    assert listed_commits(origin) == [sha(1)]
    assert git(origin, "branch", "--list", FACTS) == ""
    assert branch.fetch_facts() is False
    assert branch.list_facts() == {}

    branch.publish(sha(2), b"two", facts=b"facts two")
    facts_tip = tip(origin, FACTS)
    branch.publish(sha(3), b"three")

    assert listed_commits(origin) == [sha(3), sha(2), sha(1)]
    # The facts branch was neither fetched for nor moved by the last publish.
    assert tip(origin, FACTS) == facts_tip
    assert listed_commits(origin, FACTS) == [sha(2)]
    assert list(branch.list_facts()) == [sha(2)]


def test_uppercase_ids_are_stored_lowercase_and_other_names_refused(
    origin: Path, clone: Callable[..., Path]
) -> None:
    branch = index_branch(clone("runner"))
    branch.publish(sha(1).upper(), b"data", facts=b"facts")
    assert listed_commits(origin) == [sha(1)]
    assert listed_commits(origin, FACTS) == [sha(1)]
    for bad in ("main", sha(1)[:12], "../" + sha(1)[3:], sha(1) + "\n"):
        with pytest.raises(IndexBranchError, match="not a full commit id"):
            branch.publish(bad, b"data", facts=b"facts")
    with pytest.raises(ValueError, match="keep"):
        branch.publish(sha(2), b"data", facts=b"facts", keep=0)
    assert listed_commits(origin) == [sha(1)]


# -- racing publishers ---------------------------------------------------------


class RacedIndexBranch(IndexBranch):
    """Lets a competitor publish between this publisher's fetch and its push.

    It also keeps what each push printed, the porcelain lines the race
    detection reads.
    """

    def __init__(self, root: Path, competitor: Callable[[int], None], races: int) -> None:
        super().__init__(root, retry_delay=0)
        self.competitor = competitor
        self.races = races
        self.pushes = 0
        self.refused: list[list[str]] = []

    def _push(self, updates: Sequence[_RefUpdate]) -> bool:
        self.pushes += 1
        if self.pushes <= self.races:
            self.competitor(self.pushes)
        return super()._push(updates)

    def _attempt(self, args: Sequence[str], **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
        result = super()._attempt(args, **kwargs)
        if args[0] == "push":
            lines = result.stdout.decode().splitlines()
            self.refused.append([line for line in lines if line.startswith("!")])
        return result


def refusals(lines: Sequence[str]) -> dict[str, str]:
    """Porcelain status lines as {branch: summary}."""
    found: dict[str, str] = {}
    for line in lines:
        _, refspec, summary = line.split("\t")
        found[refspec.split(":")[1].removeprefix("refs/heads/")] = summary
    return found


@pytest.mark.parametrize("existed", [True, False], ids=["branches moved", "branches created"])
@pytest.mark.parametrize("with_facts", [True, False], ids=["rival with facts", "rival without"])
def test_a_publisher_that_loses_a_lease_retries_on_top_of_the_winner(
    origin: Path, clone: Callable[..., Path], existed: bool, with_facts: bool
) -> None:
    if existed:
        index_branch(clone("earlier")).publish(sha(0), b"zero", facts=b"zero facts")
    runner_a, runner_b = clone("a"), clone("b")
    a_tips: list[str] = []

    def a_publishes(_: int) -> None:
        facts = b"facts a" if with_facts else None
        a_tips.append(index_branch(runner_a).publish(sha(1), b"from a", facts=facts))

    b = RacedIndexBranch(runner_b, a_publishes, races=1)
    b_tip = b.publish(sha(2), b"from b", facts=b"facts b")

    # B fetched, A pushed, B's first push lost a lease ("stale info": the
    # branch was not the tip B built on, or no longer absent), its second landed.
    assert b.pushes == 2
    assert len(b.refused) == 2 and b.refused[1] == []
    if with_facts:
        assert refusals(b.refused[0]) == {
            BRANCH: "[rejected] (stale info)",
            FACTS: "[rejected] (stale info)",
        }
    else:
        # Only the index branch moved: its lease alone was lost, and the
        # atomic push refused the facts branch with it.
        assert refusals(b.refused[0]) == {
            BRANCH: "[rejected] (stale info)",
            FACTS: "[rejected] (atomic push failed)",
        }
    assert tip(origin, BRANCH) == b_tip
    earlier = [sha(0)] if existed else []
    assert listed_commits(origin) == [sha(2), sha(1), *earlier]
    a_facts = [sha(1)] if with_facts else []
    assert listed_commits(origin, FACTS) == [sha(2), *a_facts, *earlier]
    # A's commits were replaced, not built upon; its files were carried over.
    assert_one_parentless_commit(origin, BRANCH)
    assert_one_parentless_commit(origin, FACTS)
    assert run_git(origin, "show", f"{a_tips[0]}:snapshots/{sha(1)}.brs") == b"from a"
    reader = index_branch(clone("reader"))
    assert reader.fetch()
    assert reader.fetch_facts()
    snapshots = reader.list_snapshots()
    assert reader.read(snapshots[sha(1)], 100) == b"from a"
    assert reader.read(snapshots[sha(2)], 100) == b"from b"
    facts = reader.list_facts()
    assert reader.read(facts[sha(2)], 100) == b"facts b"
    if with_facts:
        assert reader.read(facts[sha(1)], 100) == b"facts a"


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
    install_racing_hook(tmp_path, origin, BRANCH, a_tip, before if existed else None)

    b = RacedIndexBranch(clone("b"), lambda _: None, races=0)
    b_tip = b.publish(sha(2), b"from b")

    assert b.pushes == 2
    assert refusals(b.refused[0]) == {BRANCH: "[remote rejected] (failed to update ref)"}
    assert tip(origin, BRANCH) == b_tip
    assert git(origin, "log", "-1", "--format=%P", b_tip).strip() == ""
    # Rebuilt on A's commit: A's snapshot and the one A carried are kept.
    assert listed_commits(origin) == [sha(2), sha(1), sha(0)]


def install_racing_hook(
    tmp_path: Path, origin: Path, branch: str, new: str, old: str | None
) -> Path:
    """Make origin move ``branch`` from ``old`` to ``new`` while it receives the next push."""
    marker = tmp_path / "a-landed"
    expected = old or '""'  # "" is "must not exist yet"
    hook = origin / "hooks" / "pre-receive"
    hook.write_text(
        "#!/bin/sh\n"
        "cat >/dev/null\n"
        f'if [ ! -e "{marker}" ]; then\n'
        f'  touch "{marker}"\n'
        # Ref updates are refused inside the push's quarantine; this one
        # stands for another client's push, outside it.
        "  unset GIT_QUARANTINE_PATH\n"
        f"  git update-ref refs/heads/{branch} {new} {expected}\n"
        "fi\n",
        encoding="utf-8",
    )
    hook.chmod(0o755)
    return marker


@pytest.mark.parametrize("moved", [BRANCH, FACTS])
def test_an_atomic_push_that_loses_the_race_on_the_server_is_retried(
    tmp_path: Path, origin: Path, clone: Callable[..., Path], moved: str
) -> None:
    # As above, for one of the two refs of an atomic push: the server's
    # transaction fails as a whole, and reports so on both refs.
    runner_a = clone("a")
    index_branch(runner_a).publish(sha(0), b"zero", facts=b"zero facts")
    before = tip(origin, moved)
    index_branch(runner_a).publish(sha(1), b"from a", facts=b"facts a")
    a_tip = tip(origin, moved)
    git(origin, "update-ref", f"refs/heads/{moved}", before, a_tip)
    marker = install_racing_hook(tmp_path, origin, moved, a_tip, before)

    b = RacedIndexBranch(clone("b"), lambda _: None, races=0)
    b_tip = b.publish(sha(2), b"from b", facts=b"facts b")

    assert marker.exists()
    assert b.pushes == 2
    assert refusals(b.refused[0]) == {
        BRANCH: "[remote rejected] (atomic transaction failed)",
        FACTS: "[remote rejected] (atomic transaction failed)",
    }
    assert tip(origin, BRANCH) == b_tip
    assert listed_commits(origin) == [sha(2), sha(1), sha(0)]
    assert listed_commits(origin, FACTS) == [sha(2), sha(1), sha(0)]
    assert_one_parentless_commit(origin, BRANCH)
    assert_one_parentless_commit(origin, FACTS)


def test_a_publisher_gives_up_after_max_attempts_without_overwriting(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner_a = clone("a")
    a_tips: list[str] = []

    def a_publishes(race: int) -> None:
        a_tips.append(index_branch(runner_a).publish(sha(100 + race), b"from a", facts=b"facts a"))

    b = RacedIndexBranch(clone("b"), a_publishes, races=3)
    with pytest.raises(IndexBranchError, match="kept moving under 3 attempts"):
        b.publish(sha(2), b"from b", facts=b"facts b", max_attempts=3)

    assert b.pushes == 3
    assert tip(origin, BRANCH) == a_tips[-1]
    assert listed_commits(origin) == [sha(103), sha(102), sha(101)]
    assert listed_commits(origin, FACTS) == [sha(103), sha(102), sha(101)]


def test_a_push_refused_for_another_reason_is_not_retried(
    origin: Path, clone: Callable[..., Path]
) -> None:
    hook = origin / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho protected >&2\nexit 1\n", encoding="utf-8")
    hook.chmod(0o755)
    b = RacedIndexBranch(clone("b"), lambda _: None, races=0)

    with pytest.raises(IndexBranchError, match="pre-receive hook declined"):
        b.publish(sha(1), b"data", facts=b"facts")

    assert b.pushes == 1
    assert git(origin, "branch", "--list", BRANCH) == ""
    assert git(origin, "branch", "--list", FACTS) == ""


def test_a_hook_refusing_only_the_facts_branch_moves_neither(
    origin: Path, clone: Callable[..., Path]
) -> None:
    runner = clone("runner")
    index_branch(runner).publish(sha(1), b"one", facts=b"facts one")
    before = (tip(origin, BRANCH), tip(origin, FACTS))
    hook = origin / "hooks" / "pre-receive"
    hook.write_text(
        "#!/bin/sh\n"
        "while read old new ref; do\n"
        f'  if [ "$ref" = refs/heads/{FACTS} ]; then echo "facts are frozen" >&2; exit 1; fi\n'
        "done\n",
        encoding="utf-8",
    )
    hook.chmod(0o755)
    b = RacedIndexBranch(runner, lambda _: None, races=0)

    with pytest.raises(
        IndexBranchError, match=r"--atomic.*pre-receive hook declined.*facts are frozen"
    ):
        b.publish(sha(2), b"two", facts=b"facts two")

    assert b.pushes == 1
    assert refusals(b.refused[0]) == {
        BRANCH: "[remote rejected] (pre-receive hook declined)",
        FACTS: "[remote rejected] (pre-receive hook declined)",
    }
    assert (tip(origin, BRANCH), tip(origin, FACTS)) == before
    # Without the facts the hook lets the index branch through.
    index_branch(runner).publish(sha(2), b"two")
    assert listed_commits(origin) == [sha(2), sha(1)]


@pytest.mark.parametrize("with_facts", [True, False], ids=["atomic", "index only"])
def test_a_server_that_refuses_to_replace_the_branch_is_reported_not_retried(
    origin: Path, clone: Callable[..., Path], with_facts: bool
) -> None:
    runner = clone("runner")
    first = index_branch(runner).publish(sha(1), b"one", facts=b"facts one")
    first_facts = tip(origin, FACTS)
    # What branch protection that blocks force pushes amounts to.
    git(origin, "config", "receive.denyNonFastForwards", "true")
    b = RacedIndexBranch(runner, lambda _: None, races=0)
    facts = b"facts two" if with_facts else None

    with pytest.raises(IndexBranchError, match=r"non-fast-forward.*force-push th"):
        b.publish(sha(2), b"two", facts=facts)

    assert b.pushes == 1
    assert tip(origin, BRANCH) == first
    assert tip(origin, FACTS) == first_facts
    if with_facts:
        # The server refused one ref; the other failed with it, which is no race.
        assert refusals(b.refused[0]) == {
            BRANCH: "[remote rejected] (non-fast-forward)",
            FACTS: "[remote rejected] (atomic push failure)",
        }


# -- what is read from the branch is checked ---------------------------------------


def hostile_commit(
    root: Path, index_json: bytes | None, *, valid: str = sha(1), suffix: str = ".brs"
) -> str:
    """A commit of a data branch as someone with push access might have edited it.

    Its one valid file is ``snapshots/<valid><suffix>``.
    """
    other = ".brf" if suffix == ".brs" else ".brs"

    def blob(data: bytes) -> str:
        return run_git(root, "hash-object", "-w", "--stdin", stdin=data).decode().strip()

    def tree(*entries: tuple[str, str, str, str]) -> str:
        records = "".join(f"{mode} {kind} {oid}\t{name}\0" for mode, kind, oid, name in entries)
        return run_git(root, "mktree", "-z", stdin=records.encode()).decode().strip()

    evil = blob(b"evil")
    inner = tree(("100644", "blob", evil, "evil.brs"))
    up_once = tree(("040000", "tree", inner, ".."))
    snapshots = tree(
        ("100644", "blob", blob(b"good"), f"{valid}{suffix}"),
        # a file of the other branch's kind
        ("100644", "blob", evil, f"{sha(8)}{other}"),
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
            {"commit": sha(8), "file": f"snapshots/{sha(8)}.brf"},
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
    for path in ("snapshots/../../evil.brs", f"snapshots/{sha(1)}.txt", f"{sha(1)}.brf"):
        forged = SnapshotRef(sha(1), path, snapshots[sha(1)].blob)
        with pytest.raises(IndexBranchError, match="does not name a snapshot"):
            reader.read(forged, max_bytes=100)

    # Publishing on top keeps the valid snapshot and drops everything else.
    publisher = index_branch(clone("publisher"))
    publisher.publish(sha(7), b"new", facts=b"new facts")
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


def test_tampered_facts_branch_content_is_ignored(origin: Path, clone: Callable[..., Path]) -> None:
    editor = clone("editor")
    index_json = json.dumps(
        [
            {"commit": sha(8), "file": f"snapshots/{sha(8)}.brs"},
            {"commit": sha(1), "file": f"snapshots/{sha(1)}.brs"},
            {"commit": sha(1), "file": f"snapshots/../{sha(1)}.brf"},
            {"commit": sha(1), "file": f"snapshots/{sha(1)}.brf", "created": "2025-01-01"},
        ]
    ).encode()
    tampered = hostile_commit(editor, index_json, suffix=".brf")
    git(editor, "push", "-q", "origin", f"{tampered}:refs/heads/{FACTS}")
    reader = index_branch(clone("reader", "--depth", "1"))

    assert reader.fetch() is False  # only the facts branch exists
    assert reader.fetch_facts() is True
    facts = reader.list_facts()

    assert facts == {sha(1): SnapshotRef(sha(1), f"snapshots/{sha(1)}.brf", facts[sha(1)].blob)}
    assert reader.read(facts[sha(1)], max_bytes=100) == b"good"
    assert reader.list_snapshots() == {}

    index_branch(clone("publisher")).publish(sha(7), b"new", facts=b"new facts")
    assert files_on(origin, FACTS) == [
        "index.json",
        f"snapshots/{sha(1)}.brf",
        f"snapshots/{sha(7)}.brf",
    ]
    entries = listed_on(origin, FACTS)
    assert [entry["commit"] for entry in entries] == [sha(7), sha(1)]
    assert entries[1]["created"] == "2025-01-01"
    assert files_on(origin) == ["index.json", f"snapshots/{sha(7)}.brs"]


# -- missing branch, missing remote ------------------------------------------------


def test_fetch_is_false_when_origin_has_no_index_branch(clone: Callable[..., Path]) -> None:
    branch = index_branch(clone("reader", "--depth", "1"))

    assert branch.fetch() is False
    assert branch.list_snapshots() == {}
    assert branch.fetch_facts() is False
    assert branch.list_facts() == {}


def test_a_deleted_remote_branch_is_not_read_from_a_stale_tracking_ref(
    origin: Path, clone: Callable[..., Path]
) -> None:
    index_branch(clone("publisher")).publish(sha(1), b"data", facts=b"facts")
    reader = index_branch(clone("reader"))
    assert reader.fetch() is True
    assert reader.fetch_facts() is True
    assert list(reader.list_snapshots()) == [sha(1)]
    assert list(reader.list_facts()) == [sha(1)]
    git(origin, "branch", "-D", BRANCH, FACTS)

    assert reader.fetch() is False
    assert reader.list_snapshots() == {}
    assert reader.fetch_facts() is False
    assert reader.list_facts() == {}


def test_fetch_reports_an_unreachable_remote(tmp_path: Path, clone: Callable[..., Path]) -> None:
    runner = clone("runner")
    git(runner, "remote", "set-url", "origin", url(tmp_path / "gone.git"))

    with pytest.raises(IndexBranchError, match="could not fetch 'blast-radius-index' "):
        index_branch(runner).fetch()
    with pytest.raises(IndexBranchError, match="could not fetch 'blast-radius-index-facts' "):
        index_branch(runner).fetch_facts()


def test_without_a_remote_publish_moves_only_the_local_branches(make_repo: MakeRepo) -> None:
    root = make_repo({"app.py": "x = 1\n"})
    before = checkout_state(root)
    branch = index_branch(root)

    assert branch.fetch() is False
    assert branch.fetch_facts() is False
    branch.publish(sha(1), b"one", facts=b"facts one")
    new = branch.publish(sha(2), b"two", facts=b"facts two", keep=1)

    assert branch.pushed is False
    assert checkout_state(root) == before
    assert tip(root, BRANCH) == new
    assert branch.facts_local_ref == f"refs/heads/{FACTS}"
    assert_one_parentless_commit(root, BRANCH)
    assert_one_parentless_commit(root, FACTS)
    assert list(branch.list_snapshots()) == [sha(2)]
    assert branch.read(branch.list_snapshots()[sha(2)], 10) == b"two"
    assert list(branch.list_facts()) == [sha(2)]
    assert branch.read(branch.list_facts()[sha(2)], 10) == b"facts two"


def test_without_a_remote_both_local_branches_move_or_neither(make_repo: MakeRepo) -> None:
    root = make_repo({"app.py": "x = 1\n"})
    branch = index_branch(root)
    branch.publish(sha(1), b"one", facts=b"facts one")
    before = (tip(root, BRANCH), tip(root, FACTS))
    # Another writer holds the facts branch's lock.
    lock = root / ".git" / "refs" / "heads" / f"{FACTS}.lock"
    lock.write_bytes(b"")

    with pytest.raises(IndexBranchError, match="update-ref"):
        branch.publish(sha(2), b"two", facts=b"facts two")

    assert (tip(root, BRANCH), tip(root, FACTS)) == before
    lock.unlink()
    branch.publish(sha(2), b"two", facts=b"facts two")
    assert list(branch.list_snapshots()) == [sha(2), sha(1)]
    assert list(branch.list_facts()) == [sha(2), sha(1)]


@pytest.mark.parametrize("checked_out", [BRANCH, FACTS])
def test_a_checked_out_data_branch_is_not_moved(make_repo: MakeRepo, checked_out: str) -> None:
    root = make_repo({"app.py": "x = 1\n"})
    branch = index_branch(root)
    branch.publish(sha(1), b"one", facts=b"facts one")
    before = (tip(root, BRANCH), tip(root, FACTS))
    git(root, "checkout", "-q", checked_out)

    with pytest.raises(IndexBranchError, match=f"'{checked_out}' is checked out"):
        branch.publish(sha(2), b"two", facts=b"facts two")

    assert (tip(root, BRANCH), tip(root, FACTS)) == before


@pytest.mark.parametrize("name", ["", "-x", "a b", "a..b", "x:y", "/abs"])
def test_unusable_branch_and_remote_names_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="branch"):
        IndexBranch(tmp_path, branch=name)
    with pytest.raises(ValueError, match="remote"):
        IndexBranch(tmp_path, remote=name)
