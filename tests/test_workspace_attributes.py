"""Which files a work tree's attributes mark vendored or generated, and which
attributes count: the repository's own, wherever they sit, and nothing else."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from blast_radius.adapters.workspace import Workspace

from .conftest import write_tree


@pytest.fixture
def user_attributes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A home whose git attributes file marks every Python file generated."""
    home = tmp_path / "home"
    write_tree(home, {".config/git/attributes": "*.py linguist-generated\n"})
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    yield home


def flagged(root: Path) -> tuple[set[str], set[str]]:
    workspace = Workspace(root)
    return workspace.flagged_paths([f.path for f in workspace.list_files()])


def test_a_users_attributes_mark_nothing_with_or_without_the_repositorys(
    make_repo: Callable[..., Path], user_attributes: Path
) -> None:
    plain = make_repo({"a.py": "x = 1\n", "lib/b.py": "y = 2\n"}, name="plain")
    assert flagged(plain) == (set(), set())
    marked = make_repo(
        {
            ".gitattributes": "lib/*.py linguist-vendored\n",
            "a.py": "x = 1\n",
            "lib/b.py": "y = 2\n",
        },
        name="marked",
    )
    # git itself would call both generated, by the user's file
    assert flagged(marked) == ({"lib/b.py"}, set())


def test_an_untracked_attributes_file_in_a_folder_counts(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"a.py": "x = 1\n", "deep/sub/b.py": "y = 2\n"})
    write_tree(root, {"deep/.gitattributes": "*.py linguist-generated\n"})
    assert flagged(root) == (set(), {"deep/sub/b.py"})


def test_the_repositorys_info_attributes_count(make_repo: Callable[..., Path]) -> None:
    root = make_repo({"a.py": "x = 1\n", "b.py": "y = 2\n"})
    write_tree(root, {".git/info/attributes": "b.py linguist-vendored\n"})
    assert flagged(root) == ({"b.py"}, set())


def test_attributes_above_a_root_inside_the_repository_count(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo(
        {
            ".gitattributes": "service/gen/*.py linguist-generated\n",
            "service/gen/api.py": "x = 1\n",
            "service/main.py": "y = 2\n",
        }
    )
    assert flagged(root / "service") == (set(), {"gen/api.py"})
