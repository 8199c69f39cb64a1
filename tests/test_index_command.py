"""The index and graph commands on real repositories: determinism, caching, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blast_radius.adapters.cache import languages_hint
from blast_radius.core.graph import graph_from_json, graph_to_json

from .conftest import git, write_tree

SAMPLE = Path(__file__).resolve().parent.parent / "src" / "blast_radius" / "sample" / "base"


def run_cli(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "blast_radius", *args],
        capture_output=True,
        text=True,
        check=check,
    )


def graph_of(root: Path, *extra: str) -> dict[str, Any]:
    result = run_cli("graph", str(root), "--quiet", *extra)
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def edge_set(graph: dict[str, Any], kind: str) -> set[tuple[str, str]]:
    return {(e["source"], e["target"]) for e in graph["edges"] if e["kind"] == kind}


def test_same_tree_gives_byte_identical_graphs_whatever_the_process_count(
    make_repo: Callable[..., Path], tmp_path: Path
) -> None:
    files = {
        f"pkg/mod{i}.py": f"from pkg.mod{(i + 1) % 40} import f{(i + 1) % 40}\n"
        f"def f{i}():\n    return f{(i + 1) % 40}()\n" + "x = 1\n" * 4000
        for i in range(40)
    }
    files["pkg/__init__.py"] = ""
    root = make_repo(files)
    one = tmp_path / "one.json"
    two = tmp_path / "two.json"
    run_cli("index", str(root), "--no-cache", "--jobs", "1", "--out", str(one), "--quiet")
    run_cli("index", str(root), "--no-cache", "--jobs", "2", "--out", str(two), "--quiet")
    assert one.read_bytes() == two.read_bytes()
    graph = json.loads(one.read_text())
    assert ("python:pkg.mod3.f3", "python:pkg.mod4.f4") in edge_set(graph, "calls")


# With two jobs the edited file is parsed in a forked process while the
# others' interfaces are read.
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_unchanged_tree_is_not_parsed_again_and_one_edit_parses_one_file(
    make_repo: Callable[..., Path], tmp_path: Path, jobs: str
) -> None:
    root = make_repo(
        {
            "app/__init__.py": "",
            "app/a.py": "def a():\n    return 1\n",
            "app/b.py": "from app.a import a\n\ndef b():\n    return a()\n",
            "app/c.py": "from app.b import b\n\ndef c():\n    return b()\n",
        }
    )
    cache = tmp_path / "cache"
    cold = run_cli("index", str(root), "--cache-dir", str(cache), "--jobs", jobs)
    assert "(4 now, 0 from cache)" in cold.stdout
    # What the next run compiles while it lists the tree (with two jobs).
    assert languages_hint(cache) == ("python",)
    warm = run_cli("index", str(root), "--cache-dir", str(cache), "--jobs", jobs)
    assert "(0 now, 4 from cache)" in warm.stdout

    (root / "app" / "c.py").write_text("from app.b import b\n\ndef c():\n    return b() + 1\n")
    edited = run_cli(
        "index", str(root), "--cache-dir", str(cache), "--jobs", jobs, "--out", str(tmp_path / "i")
    )
    assert "(1 now, 3 from cache)" in edited.stdout
    run_cli("index", str(root), "--no-cache", "--jobs", jobs, "--out", str(tmp_path / "cold"))
    assert (tmp_path / "i").read_bytes() == (tmp_path / "cold").read_bytes()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a standby parser is forked")
def test_an_edit_in_a_language_the_cache_did_not_name_is_parsed_at_once(
    make_repo: Callable[..., Path], tmp_path: Path
) -> None:
    # The standby compiles Swift (seconds), as the hint says; the edited Python
    # file is parsed in a child of its own, and the hint is set right.
    root = make_repo(
        {
            "app/__init__.py": "",
            "app/a.py": "def a():\n    return 1\n",
            "app/b.py": "from app.a import a\n\ndef b():\n    return a()\n",
        }
    )
    cache = tmp_path / "cache"
    run_cli("index", str(root), "--cache-dir", str(cache), "--jobs", "2")
    (cache / "languages-v6.txt").write_text("swift\n")
    (root / "app" / "b.py").write_text("from app.a import a\n\ndef b():\n    return a() + 1\n")
    edited = run_cli(
        "index", str(root), "--cache-dir", str(cache), "--jobs", "2", "--out", str(tmp_path / "i")
    )
    assert "(1 now, 2 from cache)" in edited.stdout
    assert languages_hint(cache) == ("python",)
    run_cli("index", str(root), "--no-cache", "--out", str(tmp_path / "cold"))
    assert (tmp_path / "i").read_bytes() == (tmp_path / "cold").read_bytes()


def test_bad_input_is_skipped_with_a_reason_and_never_crashes(
    make_repo: Callable[..., Path], tmp_path: Path
) -> None:
    deep = "x = " + "(\n" * 50_000 + "1" + ")\n" * 50_000
    nested_defs = "".join(" " * i + f"def f{i}():\n" for i in range(300)) + " " * 300 + "pass\n"
    files: dict[str, str | bytes] = {
        "pkg/__init__.py": "",
        "pkg/ok.py": "def fine():\n    return 1\n",
        "pkg/binary.py": b"\x00\x01\x02def x(): pass\n",
        "pkg/latin1.py": "# -*- coding: latin-1 -*-\ndef caf\xe9():\n    return 1\n".encode(
            "latin-1"
        ),
        "pkg/huge.py": "x = 1\n" * (5 * 1024 * 1024 // 6 + 1),
        "pkg/deep.py": deep,
        "pkg/nested.py": nested_defs,
        "pkg/minified.py": "a=1;" * 3000 + "\n",
        "pkg/broken.py": "def broken(:\n    return\ndef after():\n    return fine()\n",
        "odd names/with space.py": "def spaced():\n    pass\n",
        "odd names/ünïcode.py": "def uni():\n    pass\n",
        "odd names/new\nline.py": "def newline():\n    pass\n",
        "assets/logo.png": b"\x89PNG\r\n\x1a\n\x00\x00",
    }
    root = make_repo(files)
    os.symlink("loop", root / "loop")
    os.symlink(".", root / "pkg" / "self_link.py")
    result = run_cli("graph", str(root), "--no-cache", "--quiet")
    graph = json.loads(result.stdout)
    meta = graph["meta"]
    assert meta["skipped"] == {"binary": 1, "minified": 1, "too-large": 1}
    assert "pkg/broken.py" in meta["files_with_syntax_errors"]
    assert meta["notes"] == {"not-utf8": 1}
    ids = {n["id"] for n in graph["nodes"]}
    for path in files:
        assert f"file:{path}" in ids
    assert "python:pkg.after" not in ids  # a syntax error still keeps the rest:
    assert "python:pkg.broken.after" in ids
    assert "python:pkg.nested." + ".".join(f"f{i}" for i in range(300)) in ids
    by_path = {(n["path"], n["name"]) for n in graph["nodes"]}
    assert ("odd names/with space.py", "spaced") in by_path
    assert ("odd names/ünïcode.py", "uni") in by_path
    assert ("odd names/new\nline.py", "newline") in by_path
    assert "python:pkg.latin1.café" in ids  # decoded by its coding declaration


def test_empty_repository_gives_an_empty_graph(make_repo: Callable[..., Path]) -> None:
    root = make_repo({})
    graph = graph_of(root, "--no-cache")
    assert graph["nodes"] == []
    assert graph["edges"] == []


def test_directory_outside_git_honours_gitignore(tmp_path: Path) -> None:
    root = tmp_path / "plain"
    write_tree(
        root,
        {
            ".gitignore": "generated/\n*.tmp.py\n",
            "main.py": "def main():\n    pass\n",
            "generated/out.py": "def gen():\n    pass\n",
            "scratch.tmp.py": "def tmp():\n    pass\n",
            "sub/.gitignore": "local.py\n",
            "sub/local.py": "def local():\n    pass\n",
            "sub/kept.py": "def kept():\n    pass\n",
        },
    )
    graph = graph_of(root, "--no-cache")
    files = {n["path"] for n in graph["nodes"] if n["kind"] == "file"}
    assert files == {".gitignore", "main.py", "sub/.gitignore", "sub/kept.py"}


def test_vendored_generated_and_excluded_files_are_counted_by_reason(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo(
        {
            ".gitattributes": "gen/*.py linguist-generated\nthird/*.py linguist-vendored\n",
            ".github/blast-radius.yml": "exclude:\n  - 'docs/**'\n",
            "gen/api.py": "def api():\n    pass\n",
            "third/lib.py": "def lib():\n    pass\n",
            "node_modules/x/y.py": "def y():\n    pass\n",
            "docs/conf.py": "project = 'x'\n",
            "main.py": "def main():\n    pass\n",
        }
    )
    meta = graph_of(root, "--no-cache")["meta"]
    assert meta["skipped"] == {"excluded": 1, "generated": 1, "vendored": 2}
    assert meta["parsed"] == 1


def test_bad_config_is_a_clear_error(make_repo: Callable[..., Path]) -> None:
    root = make_repo({".github/blast-radius.yml": "exclude: 3\nsurprise: true\n"})
    result = run_cli("index", str(root), "--no-cache", check=False)
    assert result.returncode == 1
    assert "unknown setting(s) surprise" in result.stderr


def test_sample_repository_summary() -> None:
    result = run_cli("index", str(SAMPLE), "--no-cache", "--jobs", "1")
    assert "10 files, 7 parsed" in result.stdout
    assert "calls 23" in result.stdout


def test_committed_history_is_not_needed_only_the_work_tree(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo({"a.py": "def a():\n    pass\n", "b.py": "import a\n\ndef b():\n    a.a()\n"})
    (root / "a.py").unlink()
    git(root, "status")
    graph = graph_of(root, "--no-cache")
    assert {n["path"] for n in graph["nodes"] if n["kind"] == "file"} == {"b.py"}


def test_files_git_does_not_compare_with_the_work_tree_are_read_from_it(
    make_repo: Callable[..., Path], tmp_path: Path
) -> None:
    # A skip-worktree entry that is absent, and an assume-unchanged one that
    # was edited: git reports neither as changed, yet the tree is what counts.
    root = make_repo(
        {
            "a.py": "def a():\n    pass\n",
            "b.py": "import a\n\ndef b():\n    a.a()\n",
            "gone.py": "def gone():\n    pass\n",
        }
    )
    cache = tmp_path / "cache"
    graph_of(root, "--cache-dir", str(cache))
    git(root, "update-index", "--skip-worktree", "gone.py")
    (root / "gone.py").unlink()
    git(root, "update-index", "--assume-unchanged", "a.py")
    (root / "a.py").write_text("def a():\n    pass\n\ndef added():\n    pass\n")
    graph = graph_of(root, "--cache-dir", str(cache))
    assert {n["path"] for n in graph["nodes"] if n["kind"] == "file"} == {"a.py", "b.py"}
    assert "python:a.added" in {n["id"] for n in graph["nodes"]}


@pytest.mark.parametrize("jobs", ["0", "-1"])
def test_jobs_must_be_positive_or_default(make_repo: Callable[..., Path], jobs: str) -> None:
    root = make_repo({"a.py": "pass\n"})
    result = run_cli("index", str(root), "--no-cache", "--jobs", jobs, check=False)
    assert result.returncode == (0 if jobs == "0" else 2)


def test_a_damaged_cache_is_a_miss_not_a_crash(
    make_repo: Callable[..., Path], tmp_path: Path
) -> None:
    root = make_repo(
        {"a.py": "def a():\n    pass\n", "b.py": "from a import a\n\ndef b():\n    a()\n"}
    )
    cache = tmp_path / "cache"
    run_cli("index", str(root), "--cache-dir", str(cache), "--out", str(tmp_path / "good"))
    for pack in cache.glob("*.jsonl"):
        lines = pack.read_text().splitlines()
        pack.write_text("\n".join(line[: len(line) // 2] for line in lines) + "\n")
    for key in cache.glob("graph-*.key"):
        key.write_text("stale")
    again = run_cli("index", str(root), "--cache-dir", str(cache), "--out", str(tmp_path / "again"))
    assert "(2 now, 0 from cache)" in again.stdout
    assert (tmp_path / "again").read_bytes() == (tmp_path / "good").read_bytes()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_damaged_facts_met_only_where_a_file_is_resolved_are_parsed_again(
    make_repo: Callable[..., Path], tmp_path: Path, jobs: str
) -> None:
    # Interfaces intact, outputs gone: the files are resolved again from their
    # cached facts text, which is decoded only then (in the resolving process).
    root = make_repo(
        {
            "a.py": "def a():\n    pass\n",
            "b.py": "from a import a\n\ndef b():\n    a()\n",
            "c.py": "from b import b\n\nclass C:\n    def m(self):\n        return b()\n",
        }
    )
    cache = tmp_path / "cache"
    args = ("--cache-dir", str(cache), "--jobs", jobs)
    run_cli("index", str(root), *args, "--out", str(tmp_path / "good"))
    facts = next(cache.glob("facts-*.jsonl"))
    lines = facts.read_text().splitlines()
    damaged = [
        line if "b.py" not in line else line.split("\t")[0] + '\t["b.py", 1' for line in lines
    ]
    assert damaged != lines
    facts.write_text("\n".join(damaged) + "\n")
    for stale in [*cache.glob("facts-*.where"), *cache.glob("output-*"), *cache.glob("graph-*")]:
        stale.unlink()
    again = run_cli("index", str(root), *args, "--out", str(tmp_path / "again"))
    assert "(1 now, 2 from cache)" in again.stdout
    assert (tmp_path / "again").read_bytes() == (tmp_path / "good").read_bytes()


def test_the_graph_file_reads_back_to_the_same_canonical_text(tmp_path: Path) -> None:
    out = tmp_path / "graph.json"
    run_cli("index", str(SAMPLE), "--no-cache", "--out", str(out), "--quiet")
    text = out.read_text()
    graph = graph_from_json(text)
    assert graph_to_json(graph) == text
    assert {e.kind for e in graph.entry_points} == {"console-script", "main", "public-api"}
