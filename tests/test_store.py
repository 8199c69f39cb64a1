"""The graph store on real git: publish the index, restore it on a pull request, shard it."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from blast_radius.adapters.cache import FactsCache
from blast_radius.app.store import Restored, import_again, restore_snapshot
from blast_radius.core.snapshot import Snapshot, decode_snapshot, encode_snapshot

from .conftest import git, write_tree
from .test_impact_scenarios import build_scenario


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "blast_radius", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result


def origin_with_index(tmp_path: Path) -> tuple[Path, Path]:
    """A bare origin whose main is indexed on blast-radius-index, and the PR branch pushed."""
    work = build_scenario("core_utility", tmp_path / "work")
    origin = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(origin))
    git(work, "remote", "add", "origin", str(origin))
    git(work, "push", "-q", "origin", "main", "pr")
    git(work, "checkout", "-q", "main")
    out = cli(
        "index",
        str(work),
        "--cache-dir",
        str(tmp_path / "publisher-cache"),
        "--publish-branch",
        "blast-radius-index",
    ).stdout
    assert "published on blast-radius-index" in out
    return origin, work


def report_of(clone: Path, cache: Path, *extra: str) -> dict[str, Any]:
    out = cli(
        "impact",
        str(clone),
        "--base",
        "origin/main",
        "--format",
        "json",
        "--quiet",
        "--cache-dir",
        str(cache),
        *extra,
    ).stdout
    report: dict[str, Any] = json.loads(out)
    # Times, and the fetches the first run made for both: not part of the result.
    report["elapsed_seconds"] = None
    report["index"]["fetches"] = report["index"]["fetch_seconds"] = None
    return report


def test_a_shallow_pull_request_clone_restores_the_index_and_matches_a_cold_build(
    tmp_path: Path,
) -> None:
    origin, _ = origin_with_index(tmp_path)
    clone = tmp_path / "runner"
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "pr", f"file://{origin}", str(clone))
    restored = report_of(clone, tmp_path / "runner-cache")
    assert restored["index"]["source"].startswith("restored from the index of")
    assert "(the merge base)" in restored["index"]["source"]
    cold = report_of(clone, tmp_path / "cold-cache", "--index-branch", "")
    assert cold["index"]["source"] == "built from the files"
    restored["index"]["source"] = cold["index"]["source"]
    assert restored == cold
    assert {c["id"] for c in restored["changed"]} == {"python:shop.money.round_cents"}
    # Only the head version of money.py was parsed: the base version's symbols
    # came from the snapshot's interface (the cold run parsed both).
    assert facts_cached(tmp_path / "runner-cache") == 1
    assert facts_cached(tmp_path / "cold-cache") > 2
    # Nor did it change an interface: the snapshot's name digests served the
    # run, so it computed and saved none of its own (the cold run did).
    assert list((tmp_path / "cold-cache").rglob("names-*.jsonl"))
    assert all(not p.stat().st_size for p in (tmp_path / "runner-cache").rglob("names-*.jsonl"))
    # A body edit needs no facts of unchanged files: the facts branch stays on the server.
    facts_ref = "refs/remotes/origin/blast-radius-index-facts"
    assert (
        subprocess.run(
            ["git", "-C", str(clone), "rev-parse", "-q", "--verify", facts_ref],
            capture_output=True,
            check=False,
        ).returncode
        != 0
    )


def facts_cached(folder: Path) -> int:
    """How many facts entries the cache folder holds."""
    return sum(len(p.read_text().splitlines()) for p in folder.glob("facts-*.jsonl"))


def _pull_request(tmp_path: Path, branch: str, edit: Callable[[str], str]) -> Path:
    """A shallow runner clone of a pull request that makes money.py ``edit(text)``."""
    origin, work = origin_with_index(tmp_path)
    git(work, "checkout", "-q", "-b", branch, "main")
    money = work / "src" / "shop" / "money.py"
    money.write_text(edit(money.read_text()))
    git(work, "commit", "-qam", f"edit money.py on {branch}")
    git(work, "push", "-q", "origin", branch)
    clone = tmp_path / "runner"
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", branch, f"file://{origin}", str(clone))
    return clone


def _pull_request_adding(tmp_path: Path, branch: str, added: str) -> Path:
    """A shallow runner clone of a pull request that appends ``added`` to money.py."""
    return _pull_request(tmp_path, branch, lambda text: text + added)


def _restored_as_cold(clone: Path, tmp_path: Path) -> tuple[dict[str, Any], bool]:
    """The report of a restored run on ``clone``, checked to equal a cold build's,
    and whether that run fetched the facts branch."""
    restored = report_of(clone, tmp_path / "runner-cache")
    assert "(the merge base)" in restored["index"]["source"]
    fetched_facts = _has_ref(clone, "refs/remotes/origin/blast-radius-index-facts")
    cold = report_of(clone, tmp_path / "cold-cache", "--index-branch", "")
    restored["index"]["source"] = cold["index"]["source"]
    assert restored == cold
    return restored, fetched_facts


def _has_ref(clone: Path, ref: str) -> bool:
    return (
        subprocess.run(
            ["git", "-C", str(clone), "rev-parse", "-q", "--verify", ref],
            capture_output=True,
            check=False,
        ).returncode
        == 0
    )


def test_a_function_no_other_file_names_resolves_one_file_and_matches_cold(
    tmp_path: Path,
) -> None:
    clone = _pull_request_adding(
        tmp_path, "pr-new", "\n\ndef brand_new(amount):\n    return amount\n"
    )
    restored, fetched_facts = _restored_as_cold(clone, tmp_path)
    # No other file names brand_new: none is resolved again, so no facts are fetched.
    assert not fetched_facts
    assert {c["id"] for c in restored["changed"]} == {"python:shop.money.brand_new"}


def test_a_function_other_files_name_reads_the_facts_branch_and_matches_cold(
    tmp_path: Path,
) -> None:
    # tests/test_pricing.py calls price_with_tax: its lookups now meet a second
    # definition, so it is resolved again, from the facts branch.
    clone = _pull_request_adding(
        tmp_path, "pr-named", "\n\ndef price_with_tax(amount):\n    return amount\n"
    )
    restored, fetched_facts = _restored_as_cold(clone, tmp_path)
    assert fetched_facts
    assert {c["id"] for c in restored["changed"]} == {"python:shop.money.price_with_tax"}


def test_a_signature_change_checks_its_callers_with_restored_facts_as_a_cold_build_does(
    tmp_path: Path,
) -> None:
    clone = _pull_request(
        tmp_path,
        "pr-signature",
        lambda text: text.replace(
            "def round_cents(amount: float)", "def round_cents(amount, digits)"
        ),
    )
    restored, fetched_facts = _restored_as_cold(clone, tmp_path)
    # The callers' facts (their calls' arguments) come from the facts branch.
    assert fetched_facts
    [change] = restored["breaking"]
    assert change["change"] == "signature"
    assert {(s["path"], s["line"], s["problem"]) for s in change["call_sites"]} == {
        ("src/shop/money.py", 12, "no argument for the required parameter 'digits'"),
        ("src/shop/pricing.py", 9, "no argument for the required parameter 'digits'"),
        ("src/shop/pricing.py", 15, "no argument for the required parameter 'digits'"),
    }


def test_a_renamed_function_builds_the_base_graph_from_the_snapshot_too(
    tmp_path: Path,
) -> None:
    # money.py's two versions show a symbol gone before any graph is built:
    # the base's graph is built while the snapshot's entries are held, rather
    # than from every file of the base.
    clone = _pull_request(
        tmp_path, "pr-rename", lambda text: text.replace("def round_cents(", "def round_to_cents(")
    )
    restored, _ = _restored_as_cold(clone, tmp_path)
    assert [(c["id"], c["change"]) for c in restored["changed"]] == [
        ("python:shop.money.round_to_cents", "renamed")
    ]
    callers = {d["id"] for d in restored["dependents"]}
    assert "python:shop.pricing.price_with_tax" in callers  # found in the base's graph
    # pricing.py still imports the old name, by name: a breaking change.
    [change] = restored["breaking"]
    assert ("src/shop/pricing.py", 3, "imports") in {
        (s["path"], s["line"], s["kind"]) for s in change["call_sites"]
    }
    # Only the head version of money.py was parsed, as for a body edit.
    assert facts_cached(tmp_path / "runner-cache") == 1
    assert facts_cached(tmp_path / "cold-cache") > 2


def test_a_removed_function_reads_its_modules_importers_imports_off_the_head_graph(
    tmp_path: Path,
) -> None:
    # app.py imports lib, not the name removed: nothing of it is resolved
    # again, and its imports (what a removal makes worth reading: an import of
    # a missing name fails) are those of its interface, read as the head's
    # graph is built. The facts branch is never fetched.
    work = tmp_path / "work"
    write_tree(
        work,
        {
            "lib.py": "def used():\n    return 1\n\n\ndef unused():\n    return 2\n",
            "app.py": "from lib import used\n\n\ndef main():\n    return used()\n",
        },
    )
    git(work, "init", "-q", "-b", "main")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "base")
    origin = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(origin))
    git(work, "remote", "add", "origin", str(origin))
    git(work, "push", "-q", "origin", "main")
    cache = str(tmp_path / "publisher-cache")
    cli("index", str(work), "--cache-dir", cache, "--publish-branch", "blast-radius-index")
    git(work, "checkout", "-q", "-b", "pr")
    (work / "lib.py").write_text("def used():\n    return 1\n")
    git(work, "commit", "-qam", "remove unused")
    git(work, "push", "-q", "origin", "pr")
    clone = tmp_path / "runner"
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "pr", f"file://{origin}", str(clone))
    restored, fetched_facts = _restored_as_cold(clone, tmp_path)
    assert not fetched_facts
    assert [(c["id"], c["change"]) for c in restored["changed"]] == [
        ("python:lib.unused", "removed")
    ]
    assert restored["breaking"] == []


def test_a_corrupted_snapshot_is_rejected_and_the_graph_rebuilt(tmp_path: Path) -> None:
    origin, _ = origin_with_index(tmp_path)
    # Overwrite the snapshot on the branch with garbage, as a broken upload would.
    scratch = tmp_path / "scratch"
    git(tmp_path, "clone", "-q", "--branch", "blast-radius-index", str(origin), str(scratch))
    [snapshot] = (scratch / "snapshots").iterdir()
    snapshot.write_bytes(snapshot.read_bytes()[:200])
    git(scratch, "commit", "-qam", "break it")
    git(scratch, "push", "-q", "origin", "blast-radius-index")
    clone = tmp_path / "runner"
    git(tmp_path, "clone", "-q", "--branch", "pr", f"file://{origin}", str(clone))
    report = report_of(clone, tmp_path / "runner-cache")
    assert report["index"]["source"].startswith("built from the files")
    assert "not used" in report["index"]["source"]
    assert {c["id"] for c in report["changed"]} == {"python:shop.money.round_cents"}


def test_an_older_indexed_ancestor_is_used_when_the_merge_base_has_none(tmp_path: Path) -> None:
    origin, work = origin_with_index(tmp_path)
    (work / "src" / "shop" / "extra.py").write_text("def extra():\n    return 1\n")
    git(work, "add", "-A")
    git(work, "commit", "-qm", "main moves on")
    git(work, "push", "-q", "origin", "main")
    git(work, "checkout", "-q", "pr")
    git(work, "rebase", "-q", "main")
    git(work, "push", "-q", "-f", "origin", "pr")
    clone = tmp_path / "runner"
    git(tmp_path, "clone", "-q", "--branch", "pr", f"file://{origin}", str(clone))
    report = report_of(clone, tmp_path / "runner-cache")
    assert "(1 commits before the merge base)" in report["index"]["source"]


def test_sharded_index_then_merge_equals_a_single_index(
    make_repo: Callable[..., Path], tmp_path: Path
) -> None:
    files: dict[str, str | bytes] = {"pkg/__init__.py": ""}
    for n in range(30):
        after = (n + 1) % 30
        files[f"pkg/m{n}.py"] = (
            f"from pkg.m{after} import f{after}\n\n\ndef f{n}():\n    return f{after}()\n"
        )
    root = make_repo(files)
    single = tmp_path / "single.json"
    cli("index", str(root), "--no-cache", "--out", str(single), "--quiet")
    shards = [tmp_path / f"shard{k}" for k in (1, 2, 3)]
    for k, folder in enumerate(shards, start=1):
        cli("index", str(root), "--shard", f"{k}/3", "--facts-out", str(folder), "--quiet")
    merged = tmp_path / "merged.json"
    out = cli(
        "index",
        str(root),
        "--cache-dir",
        str(tmp_path / "merge-cache"),
        "--merge",
        *map(str, shards),
        "--out",
        str(merged),
    ).stdout
    assert "(0 now, 31 from cache)" in out
    assert merged.read_bytes() == single.read_bytes()


def test_two_publishers_both_end_up_on_the_branch(tmp_path: Path) -> None:
    origin, work = origin_with_index(tmp_path)
    other = tmp_path / "other"
    git(tmp_path, "clone", "-q", "--branch", "pr", str(origin), str(other))
    cli(
        "index",
        str(other),
        "--cache-dir",
        str(tmp_path / "c2"),
        "--publish-branch",
        "blast-radius-index",
    )
    listing = git(origin, "ls-tree", "-r", "--name-only", "blast-radius-index")
    main_sha = git(work, "rev-parse", "main").strip()
    pr_sha = git(other, "rev-parse", "HEAD").strip()
    assert f"snapshots/{main_sha}.brs" in listing
    assert f"snapshots/{pr_sha}.brs" in listing


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


COMMIT = "c" * 40
CONTEXT = digest("context")
RESTORED = [
    *[("facts", digest(f"file {n}"), f'["f{n}.py","python",{n}]') for n in range(5)],
    *[("interface", digest(f"file {n}"), f'[["f{n}.py"],"d{n}"]') for n in range(5)],
    *[("output", f"{digest(f'file {n}')}:{CONTEXT}", f"nodes of f{n}") for n in range(5)],
]


class FakeBranch:
    """Index branches that hold snapshots in memory: graph files, and facts files."""

    def __init__(self, snapshots: dict[str, bytes], facts: dict[str, bytes]) -> None:
        self.snapshots = snapshots
        self.facts = facts
        self.facts_reads = 0

    def commits(self) -> set[str]:
        return set(self.snapshots)

    def prepare(self, commits: Sequence[str], fingerprint: str) -> None:
        pass

    def snapshot(self, commit: str, fingerprint: str) -> Snapshot:
        return decode_snapshot(self.snapshots[commit], fingerprint=fingerprint)

    def read_facts(self, commit: str, max_bytes: int) -> bytes | None:
        self.facts_reads += 1
        data = self.facts.get(commit)
        return None if data is None else data[:max_bytes]


def snapshot_file(entries: list[tuple[str, str, str]]) -> bytes:
    return encode_snapshot(entries, tool_version="1", fingerprint="fp", settings="s", commit=COMMIT)


def branch_with_snapshot() -> FakeBranch:
    graph = [e for e in RESTORED if e[0] != "facts"]
    facts = [e for e in RESTORED if e[0] == "facts"]
    return FakeBranch({COMMIT: snapshot_file(graph)}, {COMMIT: snapshot_file(facts)})


def test_a_restored_snapshot_serves_its_facts_one_entry_at_a_time(tmp_path: Path) -> None:
    cache = FactsCache(tmp_path / "cache")
    branch = branch_with_snapshot()
    restored = restore_snapshot(branch, ["d" * 40, COMMIT], cache, "fp")
    assert restored == Restored(COMMIT, 1, 10, ())
    # The facts file is read on the first facts lookup, and only once.
    assert branch.facts_reads == 0
    for kind, key, text in RESTORED:
        assert cache.has(kind, key)
        assert cache.get(kind, key) == text
    assert cache.get("facts", digest("not restored")) is None
    assert not cache.has("facts", digest("not restored"))
    assert branch.facts_reads == 1
    # A snapshot built on top of a restored one still holds its facts.
    wanted = [(kind, key) for kind, key, _ in RESTORED]
    assert sorted(cache.export(wanted)) == sorted(RESTORED)


def test_entries_let_go_of_are_imported_again_from_the_snapshot(tmp_path: Path) -> None:
    cache = FactsCache(tmp_path / "cache")
    branch = branch_with_snapshot()
    restored = restore_snapshot(branch, [COMMIT], cache, "fp")
    graph_entries = [e for e in RESTORED if e[0] != "facts"]
    cache.forget_imported()
    assert [cache.get(kind, key) for kind, key, _ in graph_entries] == [None] * 10
    import_again(branch, restored, cache, "fp")
    assert [cache.get(kind, key) for kind, key, _ in graph_entries] == [
        text for _, _, text in graph_entries
    ]
    # Nothing was restored: nothing to import again.
    empty = FactsCache(tmp_path / "empty")
    import_again(branch, Restored(None, 0, 0, ()), empty, "fp")
    assert empty.get(*graph_entries[0][:2]) is None


@pytest.mark.parametrize(
    "facts_file",
    [None, b"not a snapshot", b"", "other commit"],
    ids=["missing", "garbage", "empty", "other-commit"],
)
def test_facts_that_cannot_be_read_are_misses_and_the_graph_still_restores(
    tmp_path: Path, facts_file: bytes | str | None
) -> None:
    branch = branch_with_snapshot()
    if facts_file is None:
        del branch.facts[COMMIT]
    elif facts_file == "other commit":
        facts = [e for e in RESTORED if e[0] == "facts"]
        branch.facts[COMMIT] = encode_snapshot(
            facts, tool_version="1", fingerprint="fp", settings="s", commit="e" * 40
        )
    else:
        assert isinstance(facts_file, bytes)
        branch.facts[COMMIT] = facts_file
    cache = FactsCache(tmp_path / "cache")
    restored = restore_snapshot(branch, [COMMIT], cache, "fp")
    assert restored.commit == COMMIT
    for kind, key, text in RESTORED:
        assert cache.get(kind, key) == (None if kind == "facts" else text)
    assert branch.facts_reads == 1


def test_a_snapshot_of_another_tool_version_is_not_restored(tmp_path: Path) -> None:
    cache = FactsCache(tmp_path / "cache")
    restored = restore_snapshot(branch_with_snapshot(), [COMMIT], cache, "other fingerprint")
    assert (restored.commit, restored.entries) == (None, 0)
    assert "not used" in restored.problems[0]
    assert cache.get("facts", RESTORED[0][1]) is None


@pytest.mark.parametrize("old_entries", [0, 2100], ids=["append", "compact"])
def test_a_pull_request_run_writes_none_of_the_restored_entries(
    tmp_path: Path, old_entries: int
) -> None:
    folder = tmp_path / "cache"
    earlier = FactsCache(folder)
    for n in range(old_entries):
        for kind, key in [("facts", digest(f"old {n}")), ("interface", digest(f"old {n}"))]:
            earlier.put(kind, key, f"old {n}")
        earlier.put("output", f"{digest(f'old {n}')}:{CONTEXT}", f"old {n}")
    earlier.save()

    cache = FactsCache(folder)
    restore_snapshot(branch_with_snapshot(), [COMMIT], cache, "fp")
    restored_keys = [key for _, key, _ in RESTORED]
    for kind, key, _ in RESTORED:
        assert cache.get(kind, key) is not None
    # What a run does with the files it parses again: new entries, retained facts.
    new_key = digest("changed file")
    cache.put("facts", new_key, '["changed.py"]')
    cache.put("interface", new_key, '[["changed.py"],"e"]')
    cache.retain("facts", restored_keys)
    cache.save()

    written = "".join(path.read_text() for path in sorted(folder.iterdir()))
    assert not [key for key in restored_keys if key in written]
    assert new_key in written
    if old_entries:
        # The packs were compacted: the old entries this run did not use are gone.
        assert digest("old 0") not in written
    reread = FactsCache(folder)
    assert reread.get("facts", new_key) == '["changed.py"]'
    assert all(reread.get(kind, key) is None for kind, key, _ in RESTORED)


def test_entries_imported_to_be_kept_are_saved(tmp_path: Path) -> None:
    cache = FactsCache(tmp_path / "cache")
    cache.import_entries(RESTORED, persist=True)
    cache.save()
    reread = FactsCache(tmp_path / "cache")
    assert all(reread.get(kind, key) == text for kind, key, text in RESTORED)
