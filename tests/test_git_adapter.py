"""The git adapter against real repositories: changes, merge bases, shallow clones, blobs."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from blast_radius.adapters import git as git_adapter
from blast_radius.adapters.git import GitError, GitRepo
from blast_radius.core.diff import FileChange

from .conftest import git, write_tree

MakeRepo = Callable[..., Path]

TWENTY = "".join(f"value_{n} = {n}\n" for n in range(1, 21))

ODD_NAMES = (
    "sp ace.py",
    "ünïcode.py",
    "ta\tb.py",
    'qu"ote.py',
    "new\nline.py",
    "dir with space/in side.py",
    "back\\slash.py",
)


def head(root: Path) -> str:
    return git(root, "rev-parse", "HEAD").strip()


def commit_all(root: Path, message: str = "change") -> str:
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", message)
    return head(root)


def by_path(changes: tuple[FileChange, ...]) -> dict[str, FileChange]:
    return {change.path: change for change in changes}


# -- what changed ------------------------------------------------------------


def test_added_and_deleted_files(make_repo: MakeRepo) -> None:
    root = make_repo({"gone.py": "a\nb\n", "kept.py": "k\n"})
    base = head(root)
    (root / "gone.py").unlink()
    write_tree(root, {"new.py": "x\ny\nz\n", "empty.py": ""})
    commit_all(root)

    changes = GitRepo(root).changed_files(base, "HEAD")

    assert changes == (
        FileChange("added", None, "empty.py", None, False, False, False, (), ()),
        FileChange("deleted", "gone.py", None, None, False, False, False, ((1, 2),), ()),
        FileChange("added", None, "new.py", None, False, False, False, (), ((1, 3),)),
    )


def test_rename_with_an_edit(make_repo: MakeRepo) -> None:
    root = make_repo({"pkg/old.py": TWENTY})
    base = head(root)
    git(root, "mv", "pkg/old.py", "pkg/new.py")
    write_tree(root, {"pkg/new.py": TWENTY.replace("value_5 = 5", "value_5 = 55")})
    commit_all(root)

    (change,) = GitRepo(root).changed_files(base, "HEAD")

    assert change.status == "renamed"
    assert (change.old_path, change.new_path) == ("pkg/old.py", "pkg/new.py")
    assert change.similarity is not None and 90 <= change.similarity < 100
    assert (change.old_ranges, change.new_ranges) == (((5, 5),), ((5, 5),))
    assert not change.binary and not change.mode_only


def test_pure_rename_has_no_line_changes(make_repo: MakeRepo) -> None:
    root = make_repo({"a.py": TWENTY})
    base = head(root)
    git(root, "mv", "a.py", "b.py")
    commit_all(root)
    assert GitRepo(root).changed_files(base, "HEAD") == (
        FileChange("renamed", "a.py", "b.py", 100, False, False, False, (), ()),
    )


def test_copy_of_a_modified_file(make_repo: MakeRepo) -> None:
    root = make_repo({"a.py": TWENTY})
    base = head(root)
    # -C looks for copy sources among the files the change modifies.
    write_tree(root, {"b.py": TWENTY, "a.py": TWENTY + "value_21 = 21\n"})
    commit_all(root)

    changes = by_path(GitRepo(root).changed_files(base, "HEAD"))

    assert changes["a.py"].status == "modified"
    assert changes["a.py"].new_ranges == ((21, 21),)
    assert changes["b.py"] == FileChange("copied", "a.py", "b.py", 100, False, False, False, (), ())


def test_binary_files(make_repo: MakeRepo) -> None:
    root = make_repo({"img.bin": b"\x00\x01\x02" * 50})
    base = head(root)
    write_tree(root, {"img.bin": b"\x00\x09\x02" * 50, "new.bin": b"\x00\xff"})
    commit_all(root)

    changes = GitRepo(root).changed_files(base, "HEAD")

    assert changes == (
        FileChange("modified", "img.bin", "img.bin", None, True, False, False, (), ()),
        FileChange("added", None, "new.bin", None, True, False, False, (), ()),
    )


def test_mode_only_change(make_repo: MakeRepo) -> None:
    root = make_repo({"run.sh": "echo hi\n", "tool.sh": "echo a\n"})
    base = head(root)
    os.chmod(root / "run.sh", 0o755)
    os.chmod(root / "tool.sh", 0o755)
    write_tree(root, {"tool.sh": "echo b\n"})
    commit_all(root)

    changes = by_path(GitRepo(root).changed_files(base, "HEAD"))

    assert changes["run.sh"] == FileChange(
        "modified", "run.sh", "run.sh", None, False, True, False, (), ()
    )
    # A mode change together with an edit is not mode-only.
    assert not changes["tool.sh"].mode_only
    assert changes["tool.sh"].new_ranges == ((1, 1),)


def test_type_change_file_to_symlink(make_repo: MakeRepo) -> None:
    root = make_repo({"target.py": "t\n", "link.py": "one\ntwo\n"})
    base = head(root)
    (root / "link.py").unlink()
    (root / "link.py").symlink_to("target.py")
    commit_all(root)

    (change,) = GitRepo(root).changed_files(base, "HEAD")

    assert change.status == "type-changed"
    assert (change.old_path, change.new_path) == ("link.py", "link.py")
    assert (change.old_ranges, change.new_ranges) == (((1, 2),), ((1, 1),))


def test_submodule_pointer_change(make_repo: MakeRepo) -> None:
    library = make_repo({"lib.py": "v = 1\n"}, name="library")
    root = make_repo({"app.py": "import lib\n"}, name="app")
    git(
        root,
        "-c",
        "protocol.file.allow=always",
        "submodule",
        "add",
        "-q",
        str(library),
        "vendor/lib",
    )
    added_at = commit_all(root, "add submodule")
    base = head(root)
    checkout = root / "vendor" / "lib"
    write_tree(checkout, {"lib.py": "v = 2\n"})
    commit_all(checkout, "bump")
    git(root, "add", "vendor/lib")
    commit_all(root, "bump submodule")

    repo = GitRepo(root)
    assert repo.changed_files(base, "HEAD") == (
        FileChange("modified", "vendor/lib", "vendor/lib", None, False, False, True, (), ()),
    )
    added = by_path(repo.changed_files(f"{added_at}~1", added_at))
    assert added["vendor/lib"].status == "added" and added["vendor/lib"].submodule
    assert added[".gitmodules"].new_ranges == ((1, 3),)
    # Submodules are not files of the tree.
    assert [path for path, _, _ in repo.list_tree("HEAD")] == [".gitmodules", "app.py"]
    # Uncommitted work inside the submodule is not a pointer change.
    write_tree(checkout, {"lib.py": "v = 3\n"})
    assert repo.changed_files("HEAD", None) == ()


def test_odd_file_names_are_exact(make_repo: MakeRepo) -> None:
    root = make_repo(dict.fromkeys(ODD_NAMES, TWENTY))
    base = head(root)
    edited = TWENTY.replace("value_2 = 2", "value_2 = 22")
    write_tree(root, dict.fromkeys(ODD_NAMES[:-1], edited))
    git(root, "mv", ODD_NAMES[-1], 'rena"med\tto\nodd ö.py')
    commit_all(root)

    repo = GitRepo(root)
    changes = by_path(repo.changed_files(base, "HEAD"))

    assert set(changes) == {*ODD_NAMES[:-1], 'rena"med\tto\nodd ö.py'}
    for name in ODD_NAMES[:-1]:
        assert changes[name].status == "modified"
        assert (changes[name].old_ranges, changes[name].new_ranges) == (((2, 2),), ((2, 2),))
    renamed = changes['rena"med\tto\nodd ö.py']
    assert (renamed.status, renamed.old_path, renamed.similarity) == (
        "renamed",
        "back\\slash.py",
        100,
    )
    listed = [path for path, _, _ in repo.list_tree("HEAD")]
    assert sorted(listed) == sorted([*ODD_NAMES[:-1], 'rena"med\tto\nodd ö.py'])


def test_results_ignore_the_users_git_configuration(
    make_repo: MakeRepo, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = make_repo({"a b.py": TWENTY, "ta\tb.py": TWENTY, "c.py": TWENTY})
    base = head(root)
    git(root, "mv", "a b.py", "renamed b.py")
    write_tree(root, {"ta\tb.py": TWENTY.replace("value_3 = 3", "x = 0"), "c.py": TWENTY[:-13]})
    commit_all(root)
    expected = GitRepo(root).changed_files(base, "HEAD")

    for key, value in {
        "diff.noprefix": "true",
        "diff.mnemonicPrefix": "true",
        "diff.renames": "false",
        "diff.external": "false",
        "diff.submodule": "log",
        "diff.algorithm": "patience",
        "diff.context": "7",
        "diff.interHunkContext": "20",
        "color.ui": "always",
        "color.diff": "always",
        "core.quotepath": "true",
    }.items():
        git(root, "config", key, value)
    # A hook's GIT_DIR must not redirect the adapter to another repository.
    other = make_repo({"z.py": "z\n"}, name="other")
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_EXTERNAL_DIFF", "false")

    assert GitRepo(root).changed_files(base, "HEAD") == expected
    assert by_path(expected)["renamed b.py"].old_path == "a b.py"
    assert by_path(expected)["ta\tb.py"].new_ranges == ((3, 3),)
    assert by_path(expected)["c.py"].old_ranges == ((20, 20),)


def test_diff_against_the_work_tree(make_repo: MakeRepo) -> None:
    root = make_repo({"tracked.py": TWENTY, "doomed.py": "d\n"})
    base = head(root)
    git(root, "commit", "-q", "--allow-empty", "-m", "later")
    write_tree(root, {"tracked.py": "first = 0\n" + TWENTY})  # unstaged edit
    write_tree(root, {"staged.py": "s\n"})
    git(root, "add", "staged.py")
    write_tree(root, {"intent.py": "i\nj\n"})
    git(root, "add", "-N", "intent.py")
    write_tree(root, {"untracked.py": "u\n"})
    (root / "doomed.py").unlink()

    changes = GitRepo(root).changed_files(base, None)

    assert [(c.status, c.path) for c in changes] == [
        ("deleted", "doomed.py"),
        ("added", "intent.py"),
        ("added", "staged.py"),
        ("modified", "tracked.py"),
    ]
    assert by_path(changes)["intent.py"].new_ranges == ((1, 2),)
    tracked = by_path(changes)["tracked.py"]
    assert (tracked.old_ranges, tracked.new_ranges) == ((), ((1, 1),))
    assert tracked.old_anchor_lines == (0,)


def test_large_change_is_fast(make_repo: MakeRepo) -> None:
    root = make_repo({f"pkg/m{n:04}.py": f"a = {n}\nb = 0\n" for n in range(3000)})
    base = head(root)
    write_tree(root, {f"pkg/m{n:04}.py": f"a = {n}\nb = 1\n" for n in range(3000)})
    commit_all(root)

    started = time.perf_counter()
    changes = GitRepo(root).changed_files(base, "HEAD")
    elapsed = time.perf_counter() - started

    assert len(changes) == 3000
    assert all(c.old_ranges == ((2, 2),) and c.new_ranges == ((2, 2),) for c in changes)
    assert elapsed < 20, f"3,000 changed files took {elapsed:.1f} s"


# -- revisions and merge bases ------------------------------------------------


def test_resolve_gives_full_ids_and_clear_errors(make_repo: MakeRepo, tmp_path: Path) -> None:
    root = make_repo({"a.py": "a\n"})
    repo = GitRepo(root)
    assert repo.resolve("main") == head(root)
    assert len(repo.resolve("HEAD")) == 40
    with pytest.raises(GitError, match="unknown revision 'nope'"):
        repo.resolve("nope")
    with pytest.raises(GitError, match="not a revision name"):
        repo.resolve("--output=x")
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(GitError, match="not a git repository"):
        GitRepo(plain).resolve("HEAD")


def test_merge_base_excludes_later_changes_on_the_base(make_repo: MakeRepo) -> None:
    root = make_repo({"shared.py": TWENTY, "other.py": "o\n"})
    branch_point = head(root)
    git(root, "switch", "-q", "-c", "feature")
    write_tree(root, {"feature.py": "f\n"})
    feature = commit_all(root, "feature")
    git(root, "switch", "-q", "main")
    write_tree(root, {"other.py": "changed on main\n"})
    commit_all(root, "main moves on")

    repo = GitRepo(root)
    base = repo.merge_base("main", "feature")

    assert base == branch_point
    assert [c.path for c in repo.changed_files(base, feature)] == ["feature.py"]
    assert [c.path for c in repo.changed_files("main", feature)] == ["feature.py", "other.py"]


def test_unrelated_histories_are_reported(make_repo: MakeRepo) -> None:
    root = make_repo({"a.py": "a\n"})
    git(root, "switch", "-q", "--orphan", "island")
    write_tree(root, {"island.py": "i\n"})
    commit_all(root, "island")
    with pytest.raises(GitError, match="no common history"):
        GitRepo(root).merge_base("main", "island")


def build_remote(make_repo: MakeRepo, tmp_path: Path, main_after_fork: int) -> dict[str, str]:
    """A bare ``remote.git``: main has ``main_after_fork`` commits after ``feature`` forked."""
    work = make_repo({"base.py": "b\n"}, name="upstream")
    for n in range(2):
        write_tree(work, {"base.py": f"b{n}\n"})
        commit_all(work, f"main {n}")
    fork = head(work)
    git(work, "switch", "-q", "-c", "feature")
    for n in range(3):
        write_tree(work, {"feature.py": f"f{n}\n"})
        commit_all(work, f"feature {n}")
    git(work, "switch", "-q", "main")
    for n in range(main_after_fork):
        write_tree(work, {f"later{n % 3}.py": f"l{n}\n"})
        commit_all(work, f"main later {n}")
    git(tmp_path, "clone", "-q", "--bare", str(work), "remote.git")
    return {"fork": fork, "url": f"file://{tmp_path / 'remote.git'}"}


def test_shallow_clone_deepens_to_find_the_merge_base(make_repo: MakeRepo, tmp_path: Path) -> None:
    remote = build_remote(make_repo, tmp_path, main_after_fork=3)
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "feature", remote["url"], "clone")
    repo = GitRepo(clone)
    assert repo.is_shallow()

    # origin/main is not in a single-branch clone: it is fetched, then deepened.
    base = repo.merge_base("origin/main", "HEAD")

    assert base == remote["fork"]
    assert [c.path for c in repo.changed_files(base, "HEAD")] == ["feature.py"]


def test_shallow_clone_deepens_in_growing_steps(make_repo: MakeRepo, tmp_path: Path) -> None:
    # Main moved 60 commits past the fork: the first step (50) is not enough.
    remote = build_remote(make_repo, tmp_path, main_after_fork=60)
    git(tmp_path, "clone", "-q", "--depth", "1", "--no-single-branch", remote["url"], "clone")
    repo = GitRepo(tmp_path / "clone")
    assert repo.merge_base("origin/main", "origin/feature") == remote["fork"]


def test_shallow_clone_is_unshallowed_when_deepening_is_not_enough(
    make_repo: MakeRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tiny steps stand in for a fork older than every step.
    monkeypatch.setattr(git_adapter, "DEEPEN_STEPS", (1, 2))
    remote = build_remote(make_repo, tmp_path, main_after_fork=8)
    git(tmp_path, "clone", "-q", "--depth", "1", "--no-single-branch", remote["url"], "clone")
    repo = GitRepo(tmp_path / "clone")

    assert repo.merge_base("origin/main", "origin/feature") == remote["fork"]
    assert not repo.is_shallow()


def test_shallow_clone_without_a_remote_says_to_set_fetch_depth(
    make_repo: MakeRepo, tmp_path: Path
) -> None:
    remote = build_remote(make_repo, tmp_path, main_after_fork=3)
    git(tmp_path, "clone", "-q", "--depth", "1", "--no-single-branch", remote["url"], "clone")
    clone = tmp_path / "clone"
    git(clone, "branch", "base", "origin/main")
    git(clone, "branch", "pr", "origin/feature")
    git(clone, "remote", "remove", "origin")

    with pytest.raises(GitError, match="fetch-depth: 0"):
        GitRepo(clone).merge_base("base", "pr")


def test_shallow_clone_with_an_unreachable_remote_says_to_set_fetch_depth(
    make_repo: MakeRepo, tmp_path: Path
) -> None:
    remote = build_remote(make_repo, tmp_path, main_after_fork=3)
    git(tmp_path, "clone", "-q", "--depth", "1", "--no-single-branch", remote["url"], "clone")
    clone = tmp_path / "clone"
    git(clone, "remote", "set-url", "origin", f"file://{tmp_path / 'gone.git'}")

    with pytest.raises(GitError, match="fetch-depth: 0"):
        GitRepo(clone).merge_base("origin/main", "origin/feature")


def test_missing_base_branch_is_fetched_from_origin(make_repo: MakeRepo, tmp_path: Path) -> None:
    remote = build_remote(make_repo, tmp_path, main_after_fork=2)
    git(tmp_path, "clone", "-q", "--branch", "feature", "--single-branch", remote["url"], "clone")
    repo = GitRepo(tmp_path / "clone")
    assert not repo.is_shallow()
    assert repo.merge_base("main", "HEAD") == remote["fork"]
    with pytest.raises(GitError, match="no-such-branch"):
        repo.merge_base("no-such-branch", "HEAD")


# -- trees and blobs ------------------------------------------------------------


def test_list_tree_and_read_blobs(make_repo: MakeRepo) -> None:
    big = b"x" * 300_000 + b"\n"  # larger than a pipe buffer
    root = make_repo({"a.py": "same\n", "b/c.py": "same\n", "big.txt": big, "bin": b"\0\xff"})
    os.chmod(root / "a.py", 0o755)
    commit_all(root)
    repo = GitRepo(root)

    tree = repo.list_tree("HEAD")

    assert [(path, mode) for path, mode, _ in tree] == [
        ("a.py", "100755"),
        ("b/c.py", "100644"),
        ("big.txt", "100644"),
        ("bin", "100644"),
    ]
    shas = [sha for _, _, sha in tree]
    assert shas[0] == shas[1]  # equal contents, one blob
    blobs = repo.read_blobs(shas)
    assert blobs == {shas[0]: b"same\n", shas[2]: big, shas[3]: b"\0\xff"}
    assert repo.read_blobs([]) == {}


def test_read_blobs_reports_missing_and_malformed_ids(make_repo: MakeRepo) -> None:
    root = make_repo({"a.py": "a\n"})
    repo = GitRepo(root)
    ((_, _, sha),) = repo.list_tree("HEAD")
    with pytest.raises(GitError, match="missing"):
        repo.read_blobs([sha, "0123456789" * 4])
    with pytest.raises(GitError, match="not a full object id"):
        repo.read_blobs(["HEAD:a.py"])
