"""Store benchmark: a pull-request run that starts from the published index.

A workload (``--workload``: SQLAlchemy 2.0.36 by default, or sympy 1.13.3)
becomes a git repository with a bare ``origin``, the way a hosted repository
and its CI runners see it:

1. ``main`` holds the sdist tree (one commit) and is pushed to ``origin``. A
   publisher clone runs ``blast-radius index --publish-branch
   blast-radius-index``, which pushes the snapshot of ``main`` to ``origin``.
   This is what the scheduled index job does; it is timed once, for
   information, and the size of the snapshot blob is read back from the branch
   (``git cat-file -s``).
2. The branch ``pr`` adds one statement (``x = x``) at the top of the body of
   a helper used all over the library (SQLAlchemy's
   ``sqlalchemy.util._collections.to_list``, sympy's
   ``sympy.utilities.iterables.sift``), and is pushed to ``origin``, which
   is then repacked: a hosted remote serves its objects from packs.
3. Each timed run starts from a new runner clone,
   ``git clone --depth 1 --branch pr file://<origin>`` (what actions/checkout
   does), and a new, empty cache folder. Neither is timed. The timed command
   is ``blast-radius impact <clone> --base origin/main --format markdown``;
   the tool fetches ``main``, deepens the clone to the merge base and, unless
   ``--index-branch ''`` is given, fetches the index branch and restores the
   merge base's snapshot:

   - restored: the default index branch; the best of ``--repeat`` runs counts;
   - cold: ``--index-branch ''``, so both graphs are built from the files.

   One untimed JSON run of each kind checks ``index.source`` and records the
   ``git fetch`` commands the tool ran (``GIT_TRACE``). After every run the
   script lists the objects the run added to the clone and splits them into
   those of the index branch and the rest, so a base or history fetch that
   downloads more than the index itself shows up.
   A second branch, ``pr-interface``, adds a function at the end of the same
   file instead: the file's interface changes, and the files that name what
   changed are resolved again (no file names the new function, so only the
   edited one is). It is timed restored only, next to the others;
   one untimed JSON run of it, restored and cold, checks that both agree.
   A third, ``pr-rename``, renames the helper (``to_list`` becomes
   ``to_list_renamed`` on SQLAlchemy): a breaking change, whose report lists every call and
   import of the old name; both graphs are built, the base's from the
   snapshot too. A fourth, ``pr-module``, adds a module beside the edited
   file that imports the helper and calls it: a file the others do not name.
   Both are timed and checked as ``pr-interface`` is.
   Before anything is timed, the package's bytecode is compiled, as
   ``pip install`` does for an installed tool.
4. The peer: repo2graph 4.1.0 has no stored index to start from on a fresh
   runner, so its cost per pull request is a ``repo2graph build`` of the PR
   tree plus ``repo2graph diff --pr-mode --base-commit origin/main`` on that
   build, on a full clone of ``pr``.
5. Where the time of a restored run goes: the interpreter start-up and
   imports, the index-branch fetch on its own, and one run under cProfile
   (its top lines under ``blast_radius``, by cumulative time).

    python benchmarks/store.py [--workload sqlalchemy|sympy] [--jobs N] [--json [FILE]]
        [--repeat 3] [--peer|--no-peer]
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import pstats
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from index import PEER_NAME, PEER_VERSION, Run, ensure_peer, memory_method, run_measured
from workloads import (
    SQLALCHEMY,
    SYMPY,
    Workload,
    add_cache_dir_argument,
    make_git_repo,
    profiled_command,
    workload_root,
)

BASE_BRANCH = "main"
PR_BRANCH = "pr"
# A second pull request that changes the file's interface: it adds a function,
# so the files that name it are resolved again (none do: only the edited file
# is, and no other file's facts are fetched).
INTERFACE_BRANCH = "pr-interface"
INTERFACE_FUNCTION = "blast_radius_bench_helper"
# A third renames the helper: its callers and importers break.
RENAME_BRANCH = "pr-rename"
RENAME_SUFFIX = "_renamed"
# A fourth adds a module beside the edited file, which uses the helper.
MODULE_BRANCH = "pr-module"
MODULE_NAME = "blast_radius_bench_module"
INDEX_BRANCH = "blast-radius-index"
EDIT_STATEMENT = "x = x"
# Python files and the JSONL graph; the chunks stay on because
# `diff --pr-mode` reads agent/chunks.jsonl.
PEER_BUILD_SCOPE = ["--include", "*.py", "--formats", "jsonl"]

RESTORED_NOTE = "restored from the index of"
COLD_NOTE = "built from the files"
TARGET_CORES = 2


@dataclass(frozen=True)
class Case:
    """A workload, the helper its pull requests edit, and the targets they are held to."""

    workload: Workload
    edit_path: str  # the file both pull requests edit
    edit_function: str  # a helper used all over the library
    module: str  # the edited file's dotted module name
    snapshot_mb_max: float
    restored_seconds_max: float | None
    restored_over_cold_max: float
    interface_seconds_max: float | None

    @property
    def edit_node(self) -> str:
        return f"python:{self.module}.{self.edit_function}"

    @property
    def interface_node(self) -> str:
        return f"python:{self.module}.{INTERFACE_FUNCTION}"

    @property
    def rename_node(self) -> str:
        return f"python:{self.module}.{self.edit_function}{RENAME_SUFFIX}"

    @property
    def module_node(self) -> str:
        return f"python:{self.module.rpartition('.')[0]}.{MODULE_NAME}"

    @property
    def peer_edit_symbol(self) -> str:
        return f"{self.edit_path}::{self.edit_function}"


CASES = {
    "sqlalchemy": Case(
        SQLALCHEMY,
        "lib/sqlalchemy/util/_collections.py",
        "to_list",
        "sqlalchemy.util._collections",
        snapshot_mb_max=25.0,
        restored_seconds_max=1.0,
        restored_over_cold_max=0.15,
        interface_seconds_max=1.2,
    ),
    # sympy's targets are relative: restored / cold <= 10 %.
    "sympy": Case(
        SYMPY,
        "sympy/utilities/iterables.py",
        "sift",
        "sympy.utilities.iterables",
        snapshot_mb_max=40.0,
        restored_seconds_max=None,
        restored_over_cold_max=0.10,
        interface_seconds_max=None,
    ),
}

# Git must not read the user's or the system's configuration (url rewrites,
# hooks, signing): every git command here, and the tool's, runs with this.
_GIT_ENV = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
_IDENTITY = ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]

# Functions of the tool, by (path suffix, name), that the breakdown of a
# restored run is made of (cumulative times from cProfile).
_PROFILED = {
    "imports": ("blast_radius/commands.py", "<module>"),
    "command": ("blast_radius/commands.py", "_cmd_impact"),
    "analyze": ("blast_radius/app/impact.py", "analyze_impact"),
    "merge_base": ("blast_radius/adapters/git.py", "merge_base"),
    "restore": ("blast_radius/app/store.py", "restore_snapshot"),
    "index_fetch": ("blast_radius/adapters/index_branch.py", "fetch"),
    "decode": ("blast_radius/core/snapshot.py", "decode_snapshot"),
    "side": ("blast_radius/app/impact.py", "side"),
    "index_tree": ("blast_radius/app/indexing.py", "index_tree"),
    "save": ("blast_radius/adapters/cache.py", "save"),
    "extract_one": ("blast_radius/adapters/extraction.py", "_extract_one"),
    "extract_pool": ("blast_radius/adapters/extraction.py", "_extract_in_pool"),
}


# --------------------------------------------------------------------------
# Git helpers
# --------------------------------------------------------------------------


def git(repo: Path, *args: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run(
        ["git", *args],
        cwd=repo,
        check=True,
        capture_output=True,
        text=True,
        env=env or _GIT_ENV,
    ).stdout


def add_first_statement(text: str, function: str, statement: str) -> str:
    """``text`` with ``statement`` as the first statement of the module-level ``function``.

    It goes after the docstring, if there is one, with the body's indentation.
    """
    tree = ast.parse(text)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == function:
            body = node.body
            first = body[1] if len(body) > 1 and _is_docstring(body[0]) else body[0]
            lines = text.split("\n")
            indent = lines[first.lineno - 1][: first.col_offset]
            if indent.strip():
                raise RuntimeError(f"the body of {function} does not start on its own line")
            lines.insert(first.lineno - 1, indent + statement)
            new_text = "\n".join(lines)
            ast.parse(new_text)
            return new_text
    raise RuntimeError(f"no module-level function {function!r}")


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def commit_all(repo: Path, message: str) -> None:
    """Commit every tracked change, without hooks or signing."""
    git(
        repo,
        *_IDENTITY,
        "-c",
        "commit.gpgsign=false",
        "commit",
        "--quiet",
        "--no-verify",
        "-am",
        message,
    )


def clone_runner(origin: Path, dest: Path, branch: str = PR_BRANCH) -> Path:
    """A clone of ``branch`` as actions/checkout makes it: one commit, one branch."""
    subprocess.run(
        [
            "git",
            "clone",
            "--quiet",
            "--depth",
            "1",
            "--branch",
            branch,
            origin.as_uri(),
            str(dest),
        ],
        check=True,
        env=_GIT_ENV,
    )
    return dest


def objects_of(repo: Path) -> dict[str, tuple[str, int]]:
    """Every object in ``repo``: id -> (type, size on disk, compressed)."""
    out = git(
        repo,
        "cat-file",
        "--batch-all-objects",
        "--batch-check=%(objectname) %(objecttype) %(objectsize:disk)",
    )
    found: dict[str, tuple[str, int]] = {}
    for line in out.splitlines():
        oid, kind, size = line.split()
        found[oid] = (kind, int(size))
    return found


def reachable(repo: Path, ref: str) -> set[str]:
    ok = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", ref],
        cwd=repo,
        capture_output=True,
        env=_GIT_ENV,
        check=False,
    )
    if ok.returncode != 0:
        return set()
    return {line.split()[0] for line in git(repo, "rev-list", "--objects", ref).splitlines()}


def fetched(repo: Path, before: dict[str, tuple[str, int]]) -> dict[str, Any]:
    """What a run added to the clone ``repo``, split into the index branch and the rest."""
    added = {oid: v for oid, v in objects_of(repo).items() if oid not in before}
    index_objects = reachable(repo, f"refs/remotes/origin/{INDEX_BRANCH}")
    index = [v for oid, v in added.items() if oid in index_objects]
    other = [v for oid, v in added.items() if oid not in index_objects]
    return {
        "index_objects": len(index),
        "index_bytes": sum(size for _, size in index),
        "other_objects": len(other),
        "other_bytes": sum(size for _, size in other),
        "other_types": dict(sorted(Counter(kind for kind, _ in other).items())),
    }


def traced_fetches(trace_file: Path) -> list[str]:
    """The ``git fetch`` commands in a GIT_TRACE log (the server side is left out)."""
    if not trace_file.exists():
        return []
    marker = "trace: built-in: "
    return [
        line.split(marker, 1)[1]
        for line in trace_file.read_text(errors="replace").splitlines()
        if marker + "git fetch" in line
    ]


# --------------------------------------------------------------------------
# Runs
# --------------------------------------------------------------------------


def ours_command(python: str) -> list[str]:
    """The ``blast-radius`` console script beside ``python``, else ``python -m blast_radius``."""
    script = Path(python).parent / "blast-radius"
    return [str(script)] if script.exists() else [python, "-m", "blast_radius"]


def checked(run: Run) -> Run:
    if run.returncode != 0:
        raise RuntimeError(
            f"{run.label}: `{' '.join(run.cmd)}` exited with {run.returncode}\n"
            f"{(run.stderr or run.stdout)[-4000:]}"
        )
    return run


def timing(run: Run) -> dict[str, Any]:
    return {
        "seconds": run.seconds,
        "max_rss_mb": run.max_rss_mb,
        "tree_peak_mb": run.tree_peak_mb,
        "peak_mb": run.peak_mb,
    }


@dataclass
class Scratch:
    """Where runner clones and cache folders go; each run gets new ones."""

    root: Path
    origin: Path
    count: int = 0

    def fresh(self, label: str, branch: str = PR_BRANCH) -> tuple[Path, Path]:
        self.count += 1
        clone = clone_runner(self.origin, self.root / f"clone-{label}-{self.count}", branch)
        cache = self.root / f"cache-{label}-{self.count}"
        cache.mkdir()
        return clone, cache

    @staticmethod
    def drop(*paths: Path) -> None:
        for p in paths:
            shutil.rmtree(p, ignore_errors=True)


def impact_args(
    ours: list[str], clone: Path, cache: Path, out: Path, fmt: str, jobs: int, restored: bool
) -> list[str]:
    cmd = [
        *ours,
        "impact",
        str(clone),
        "--base",
        f"origin/{BASE_BRANCH}",
        "--cache-dir",
        str(cache),
        "--format",
        fmt,
        "--out",
        str(out),
        "--quiet",
        "--jobs",
        str(jobs),
    ]
    return cmd if restored else [*cmd, "--index-branch", ""]


def check_run(
    scratch: Scratch, ours: list[str], jobs: int, restored: bool, case: Case
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One untimed JSON run: the report's summary and what the run fetched."""
    label = "restored" if restored else "cold"
    clone, cache = scratch.fresh(f"check-{label}")
    out = scratch.root / f"report-{label}.json"
    trace = scratch.root / f"git-trace-{label}.txt"
    before = objects_of(clone)
    run = checked(
        run_measured(
            f"ours {label} (json check)",
            impact_args(ours, clone, cache, out, "json", jobs, restored),
            env={**_GIT_ENV, "GIT_TRACE": str(trace)},
        )
    )
    report = json.loads(out.read_text(encoding="utf-8"))
    source = str(report["index"]["source"])
    expected = RESTORED_NOTE if restored else COLD_NOTE
    if not source.startswith(expected):
        raise RuntimeError(f"the {label} run says {source!r}, expected {expected!r}...")
    summary = {
        "source": source,
        "seconds_with_trace": run.seconds,
        "files": report["index"].get("files"),
        "parsed": report["index"].get("parsed"),
        "changed": [f"{c['id']} ({c['change']})" for c in report["changed"]],
        "saw_edit": any(c["id"] == case.edit_node for c in report["changed"]),
        "dependent_symbols": report["dependent_symbols"],
        "dependent_files": report["dependent_files"],
        "tests": len(report["tests"]),
        "risk": report["risk"],
        "fetch_commands": traced_fetches(trace),
        "fetched": fetched(clone, before),
    }
    if not summary["saw_edit"]:
        raise RuntimeError(f"the {label} run does not list {case.edit_node} as changed")
    scratch.drop(clone, cache)
    return summary, report


def timed_run(
    scratch: Scratch,
    ours: list[str],
    jobs: int,
    restored: bool,
    n: int,
    branch: str = PR_BRANCH,
) -> dict[str, Any]:
    label = ("restored" if restored else "cold") + ("" if branch == PR_BRANCH else f"-{branch}")
    clone, cache = scratch.fresh(label, branch)
    out = scratch.root / f"report-{label}-{n}.md"
    before = objects_of(clone)
    run = checked(
        run_measured(
            f"ours {label}",
            impact_args(ours, clone, cache, out, "markdown", jobs, restored),
            env=_GIT_ENV,
        )
    )
    if not out.exists() or not out.read_text(encoding="utf-8").strip():
        raise RuntimeError(f"the {label} run wrote no markdown report to {out}")
    result = {**timing(run), "fetched": fetched(clone, before)}
    scratch.drop(clone, cache)
    return result


def branch_check(
    scratch: Scratch, ours: list[str], jobs: int, branch: str, node: str
) -> dict[str, Any]:
    """Another pull request (``branch``), restored and cold (JSON, untimed): same
    report, and does it name ``node`` among the changed symbols?"""
    reports = {}
    for restored in (True, False):
        label = "restored" if restored else "cold"
        clone, cache = scratch.fresh(f"check-{branch}-{label}", branch)
        out = scratch.root / f"report-{branch}-{label}.json"
        checked(
            run_measured(
                f"ours {label} {branch} (json check)",
                impact_args(ours, clone, cache, out, "json", jobs, restored),
                env=_GIT_ENV,
            )
        )
        reports[label] = json.loads(out.read_text(encoding="utf-8"))
        scratch.drop(clone, cache)
    restored_report = reports["restored"]
    keys = ("changed", "dependents", "tests", "risk", "risk_score", "entry_points", "breaking")
    return {
        "source": restored_report["index"]["source"],
        "changed": [f"{c['id']} ({c['change']})" for c in restored_report["changed"]],
        "saw_edit": any(c["id"] == node for c in restored_report["changed"]),
        "same_report": all(restored_report.get(k) == reports["cold"].get(k) for k in keys),
        "breaking_sites": sum(len(b["call_sites"]) for b in restored_report["breaking"]),
    }


def best(runs: list[dict[str, Any]]) -> dict[str, Any]:
    fastest = min(runs, key=lambda r: float(r["seconds"]))
    return {**fastest, "all_seconds": [r["seconds"] for r in runs]}


def best_of(repeat: int, label: str, cmd: list[str]) -> float:
    return min(checked(run_measured(label, cmd, env=_GIT_ENV)).seconds for _ in range(repeat))


# --------------------------------------------------------------------------
# Where the time goes
# --------------------------------------------------------------------------


def profile_run(
    scratch: Scratch, python: str, jobs: int, src_prefix: str, top: int
) -> dict[str, Any]:
    """One restored run under cProfile (not timed with the others)."""
    clone, cache = scratch.fresh("profile")
    prof = scratch.root / "restored.prof"
    out = scratch.root / "report-profile.md"
    cli_args = impact_args([], clone, cache, out, "markdown", jobs, True)
    cmd = profiled_command(python, prof, cli_args)
    run = checked(run_measured("ours restored (cProfile)", cmd, env=_GIT_ENV))
    scratch.drop(clone, cache)

    profile = Profile(pstats.Stats(str(prof)))
    stream = io.StringIO()
    listing = pstats.Stats(str(prof), stream=stream)
    listing.sort_stats("cumulative").print_stats("blast_radius", top)
    lines = stream.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if "ncalls" in line), 0)
    table = [line.replace(src_prefix, "") for line in lines[start:] if line.strip()]
    return {
        "wall_seconds": run.seconds,
        "profiled_seconds": profile.total,
        "files_parsed_in_process": profile.calls("extract_one"),
        "process_pool_used": bool(profile.calls("extract_pool")),
        "breakdown": profile.breakdown(),
        "top": table,
    }


class Profile:
    """Cumulative times of the tool's functions in a cProfile dump."""

    def __init__(self, stats: pstats.Stats) -> None:
        # (file, line, function) -> (calls, primitive calls, own time,
        # cumulative time, {caller: (calls, primitive calls, own, cumulative)})
        self._raw: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
        self.total = float(stats.total_tt)  # type: ignore[attr-defined]

    def _keys(self, name: str) -> list[tuple[str, int, str]]:
        suffix, function = _PROFILED[name]
        return [
            key
            for key in self._raw
            if key[2] == function and key[0].replace(os.sep, "/").endswith(suffix)
        ]

    def calls(self, name: str) -> int:
        return sum(int(self._raw[key][1]) for key in self._keys(name))

    def cumulative(self, name: str, caller: str | None = None) -> float | None:
        """Cumulative seconds of ``name``; only its calls from ``caller`` when given."""
        keys = self._keys(name)
        if not keys:
            return None
        if caller is None:
            return sum(float(self._raw[key][3]) for key in keys)
        callers = set(self._keys(caller))
        return sum(
            float(stat[3])
            for key in keys
            for who, stat in self._raw[key][4].items()
            if who in callers
        )

    def breakdown(self) -> list[tuple[str, float | None]]:
        """Parts of the run that do not overlap, in seconds (None: function not found)."""

        def minus(value: float | None, *parts: float | None) -> float | None:
            return None if value is None else value - sum(p or 0.0 for p in parts)

        c = self.cumulative
        save_in_tree = c("save", "index_tree")
        save_in_analyze = c("save", "analyze")
        return [
            ("imports of blast_radius.commands", c("imports")),
            ("merge base (in a thread, not profiled)", c("merge_base")),
            ("fetch of the index branch (in a thread)", c("index_fetch")),
            ("snapshot: decode (inflate, check)", c("decode")),
            (
                "snapshot: list, read, import into the cache",
                minus(c("restore"), c("index_fetch"), c("decode")),
            ),
            (
                "head graph: update (index_tree, no cache save)",
                minus(c("index_tree"), save_in_tree),
            ),
            (
                "head graph: in-memory graph, reverse index",
                minus(c("side"), c("index_tree")),
            ),
            ("cache save (all calls)", c("save")),
            (
                "rest of the analysis (diff, walk, tests, risk)",
                minus(c("analyze"), c("merge_base"), c("restore"), c("side"), save_in_analyze),
            ),
            ("render and write the report", minus(c("command"), c("analyze"))),
        ]


def time_index_fetch(scratch: Scratch, repeat: int) -> dict[str, Any]:
    """The tool's index-branch fetch on its own, in fresh runner clones (best of ``repeat``)."""
    seconds = []
    for _ in range(repeat):
        clone, cache = scratch.fresh("fetch")
        started = time.perf_counter()
        # The flags the tool passes (``IndexBranch.fetch``): the pack is kept
        # as it came, and no --depth, as the branch is one parentless commit.
        git(
            clone,
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
            "origin",
            f"+refs/heads/{INDEX_BRANCH}:refs/remotes/origin/{INDEX_BRANCH}",
        )
        seconds.append(time.perf_counter() - started)
        scratch.drop(clone, cache)
    return {"seconds": min(seconds), "all_seconds": seconds}


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Pull-request runs restored from the index branch, on a Python workload."
    )
    add_cache_dir_argument(parser)
    parser.add_argument(
        "--workload",
        choices=sorted(CASES),
        default="sqlalchemy",
        help="SQLAlchemy 2.0.36 (to_list) or sympy 1.13.3 (sift) (default: sqlalchemy)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="parser processes for ours and the peer (default: cores)",
    )
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="also write the figures as JSON, to FILE or (without one) to stdout",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="timed runs of restored and of cold; the fastest counts (default: 3)",
    )
    parser.add_argument(
        "--peer",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="time repo2graph's build of the PR tree plus its diff (default: on)",
    )
    parser.add_argument(
        "--profile",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="one extra restored run under cProfile, for the breakdown (default: on)",
    )
    parser.add_argument("--top", type=int, default=15, help="cProfile lines to print (default: 15)")
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter whose environment has blast-radius (default: this one)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args(argv)

    cache_dir: Path = args.cache_dir.expanduser()
    jobs: int = args.jobs
    repeat = max(1, args.repeat)
    ours = ours_command(args.python)
    case = CASES[args.workload]
    src = workload_root(case.workload, cache_dir)
    runs_dir = cache_dir / "runs"
    runs_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="store-", dir=runs_dir))
    module_file = subprocess.run(
        [args.python, "-c", "import blast_radius; print(blast_radius.__file__)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    src_prefix = str(Path(module_file).parent.parent) + os.sep
    results: dict[str, Any] = {
        "workload": f"{case.workload.name}=={case.workload.version}",
        "jobs": jobs,
        "cpu_count": os.cpu_count(),
        "repeat": repeat,
        "ours_cmd": ours,
        "ours_module": module_file,
        "load_average_before": list(os.getloadavg()),
        "memory_method": memory_method(),
        "edit": (
            f"`{EDIT_STATEMENT}` as the first statement of {case.edit_path}:{case.edit_function}"
        ),
        "renamed": f"{case.edit_function} -> {case.edit_function}{RENAME_SUFFIX}",
        "targets": {
            "snapshot_mb_max": case.snapshot_mb_max,
            "restored_seconds_max": case.restored_seconds_max,
            "restored_over_cold_max": case.restored_over_cold_max,
            "restored_interface_seconds_max": case.interface_seconds_max,
            "target_cores": TARGET_CORES,
        },
    }
    # An installed tool has its bytecode compiled (pip compiles it; so does the
    # action's image). An editable checkout under PYTHONDONTWRITEBYTECODE would
    # otherwise compile every module on every run and time that instead.
    subprocess.run(
        [args.python, "-m", "compileall", "-q", str(Path(module_file).parent)], check=True
    )
    try:
        print(
            f"workload: {results['workload']}; jobs={jobs}; cores={os.cpu_count()}; "
            f"blast_radius from {module_file} (bytecode compiled first); scratch {work}",
            file=sys.stderr,
        )
        # -- origin with main, the published index, and the PR -------------
        seed = make_git_repo(src, work / "seed")
        origin = work / "origin.git"
        subprocess.run(
            ["git", "clone", "--quiet", "--bare", str(seed), str(origin)],
            check=True,
            env=_GIT_ENV,
        )
        shutil.rmtree(seed)
        main_commit = git(origin, "rev-parse", BASE_BRANCH).strip()
        publisher = work / "publisher"
        subprocess.run(
            ["git", "clone", "--quiet", origin.as_uri(), str(publisher)],
            check=True,
            env=_GIT_ENV,
        )
        print("[store] publishing the index of main ...", file=sys.stderr, flush=True)
        publish = checked(
            run_measured(
                "ours publish",
                [
                    *ours,
                    "index",
                    str(publisher),
                    "--cache-dir",
                    str(work / "publisher-cache"),
                    "--publish-branch",
                    INDEX_BRANCH,
                    "--jobs",
                    str(jobs),
                    "--quiet",
                ],
                env=_GIT_ENV,
            )
        )
        branch_ref = f"refs/heads/{INDEX_BRANCH}"
        snapshot_bytes = int(
            git(origin, "cat-file", "-s", f"{branch_ref}:snapshots/{main_commit}.brs").strip()
        )
        facts_ref = f"refs/heads/{INDEX_BRANCH}-facts"
        facts_bytes = int(
            git(origin, "cat-file", "-s", f"{facts_ref}:snapshots/{main_commit}.brf").strip()
        )
        branch_files = git(origin, "ls-tree", "-r", "--name-only", branch_ref).split()
        results["publish"] = {
            **timing(publish),
            "graph_bytes": snapshot_bytes,
            "facts_bytes": facts_bytes,
            "snapshot_bytes": snapshot_bytes + facts_bytes,
            "snapshot_mb": (snapshot_bytes + facts_bytes) / 1e6,
            "branch_files": branch_files,
            "branch_disk_bytes": int(
                git(origin, "rev-list", "--objects", "--disk-usage", branch_ref).strip()
            ),
        }

        git(publisher, "checkout", "--quiet", "-b", PR_BRANCH)
        edited = publisher / case.edit_path
        edited.write_text(
            add_first_statement(
                edited.read_text(encoding="utf-8"), case.edit_function, EDIT_STATEMENT
            ),
            encoding="utf-8",
        )
        commit_all(publisher, f"edit {case.edit_function}")
        git(publisher, "push", "--quiet", "origin", PR_BRANCH)
        results["pr_diff"] = git(publisher, "diff", "-U0", BASE_BRANCH, PR_BRANCH).strip()
        git(publisher, "checkout", "--quiet", "-b", INTERFACE_BRANCH, BASE_BRANCH)
        with edited.open("a", encoding="utf-8") as handle:
            handle.write(
                f"\n\ndef {INTERFACE_FUNCTION}(value):\n    return {case.edit_function}(value)\n"
            )
        commit_all(publisher, f"add {INTERFACE_FUNCTION}")
        git(publisher, "push", "--quiet", "origin", INTERFACE_BRANCH)
        git(publisher, "checkout", "--quiet", "-b", RENAME_BRANCH, BASE_BRANCH)
        definition = f"def {case.edit_function}("
        text = edited.read_text(encoding="utf-8")
        if text.count(definition) != 1:
            raise RuntimeError(f"{case.edit_path} should define {case.edit_function} once")
        renamed = definition.replace("(", f"{RENAME_SUFFIX}(")
        edited.write_text(text.replace(definition, renamed), encoding="utf-8")
        commit_all(publisher, f"rename {case.edit_function}")
        git(publisher, "push", "--quiet", "origin", RENAME_BRANCH)
        git(publisher, "checkout", "--quiet", "-b", MODULE_BRANCH, BASE_BRANCH)
        added = edited.parent / f"{MODULE_NAME}.py"
        added.write_text(
            f"from {case.module} import {case.edit_function}\n\n\n"
            f"def {MODULE_NAME}_helper(value):\n    return {case.edit_function}(value)\n",
            encoding="utf-8",
        )
        git(publisher, "add", str(added.relative_to(publisher)))
        commit_all(publisher, f"add {MODULE_NAME}")
        git(publisher, "push", "--quiet", "origin", MODULE_BRANCH)
        shutil.rmtree(publisher)
        shutil.rmtree(work / "publisher-cache", ignore_errors=True)
        # A hosted remote serves fetches from packs. Left as a local clone
        # and pushes made it (loose objects), the origin would deflate the
        # snapshot again on every fetch (a quarter second on SQLAlchemy's),
        # a cost no hosted remote has.
        git(origin, "repack", "-a", "-d", "-q")

        scratch = Scratch(work, origin)

        # -- checks (untimed) ----------------------------------------------
        print("[store] checking both kinds of run (json) ...", file=sys.stderr, flush=True)
        restored_check, restored_report = check_run(scratch, ours, jobs, True, case)
        cold_check, cold_report = check_run(scratch, ours, jobs, False, case)
        keys = ("changed", "dependents", "tests", "risk", "risk_score", "entry_points")
        results["checks"] = {
            "restored": restored_check,
            "cold": cold_check,
            "same_report": all(restored_report.get(k) == cold_report.get(k) for k in keys),
            "interface": branch_check(scratch, ours, jobs, INTERFACE_BRANCH, case.interface_node),
            "rename": branch_check(scratch, ours, jobs, RENAME_BRANCH, case.rename_node),
            "module": branch_check(scratch, ours, jobs, MODULE_BRANCH, case.module_node),
        }

        # -- timed runs, interleaved ---------------------------------------
        restored_runs: list[dict[str, Any]] = []
        cold_runs: list[dict[str, Any]] = []
        interface_runs: list[dict[str, Any]] = []
        rename_runs: list[dict[str, Any]] = []
        module_runs: list[dict[str, Any]] = []
        for n in range(repeat):
            print(f"[store] timed runs {n + 1}/{repeat} ...", file=sys.stderr, flush=True)
            restored_runs.append(timed_run(scratch, ours, jobs, True, n))
            cold_runs.append(timed_run(scratch, ours, jobs, False, n))
            interface_runs.append(timed_run(scratch, ours, jobs, True, n, INTERFACE_BRANCH))
            rename_runs.append(timed_run(scratch, ours, jobs, True, n, RENAME_BRANCH))
            module_runs.append(timed_run(scratch, ours, jobs, True, n, MODULE_BRANCH))
        restored = best(restored_runs)
        cold = best(cold_runs)
        results["restored"] = restored
        results["cold"] = cold
        results["restored_interface"] = best(interface_runs)
        results["restored_rename"] = best(rename_runs)
        results["restored_module"] = best(module_runs)
        results["restored_over_cold"] = restored["seconds"] / cold["seconds"]
        results["fetch_within_index_size"] = all(
            r["fetched"]["other_bytes"] <= r["fetched"]["index_bytes"] for r in restored_runs
        )

        # -- where the time goes -------------------------------------------
        print("[store] breakdown ...", file=sys.stderr, flush=True)
        results["startup"] = {
            "python_seconds": best_of(repeat, "python -c pass", [args.python, "-c", "pass"]),
            "import_cli_seconds": best_of(
                repeat,
                "import blast_radius.commands",
                [args.python, "-c", "import blast_radius.commands"],
            ),
        }
        results["index_fetch"] = time_index_fetch(scratch, repeat)
        if args.profile:
            results["profile"] = profile_run(scratch, args.python, jobs, src_prefix, args.top)

        # -- the peer --------------------------------------------------------
        if args.peer:
            print(f"[store] {PEER_NAME} ...", file=sys.stderr, flush=True)
            exe = ensure_peer(cache_dir)
            peer_clone = work / "peer-clone"
            subprocess.run(
                [
                    "git",
                    "clone",
                    "--quiet",
                    "--branch",
                    PR_BRANCH,
                    origin.as_uri(),
                    str(peer_clone),
                ],
                check=True,
                env=_GIT_ENV,
            )
            peer_out = work / "peer-out"
            build = checked(
                run_measured(
                    f"{PEER_NAME} build (PR tree)",
                    [
                        str(exe),
                        "build",
                        str(peer_clone),
                        "-o",
                        str(peer_out),
                        "--jobs",
                        str(jobs),
                        *PEER_BUILD_SCOPE,
                    ],
                    env=_GIT_ENV,
                )
            )
            diff = checked(
                run_measured(
                    f"{PEER_NAME} diff --pr-mode",
                    [
                        str(exe),
                        "diff",
                        "--pr-mode",
                        "--base-commit",
                        f"origin/{BASE_BRANCH}",
                        "-r",
                        str(peer_clone),
                        "-o",
                        str(peer_out),
                        "--format",
                        "json",
                    ],
                    cwd=work,
                    env=_GIT_ENV,
                )
            )
            peer_report = json.loads(diff.stdout)
            callers = peer_report.get("impacted_callers", [])
            results["peer"] = {
                "version": f"{PEER_NAME}=={PEER_VERSION}",
                "build": {**timing(build), "cmd": build.cmd},
                "diff": {**timing(diff), "cmd": diff.cmd},
                "seconds": build.seconds + diff.seconds,
                "peak_mb": max(v for v in (build.peak_mb, diff.peak_mb, 0.0) if v is not None),
                "saw_edit": case.peer_edit_symbol in peer_report.get("modified_symbols", []),
                "modified_symbols": peer_report.get("modified_symbols", []),
                "impacted_callers": len(callers),
                "impacted_files": len({c.split("::", 1)[0] for c in callers}),
                "affected_tests": len(peer_report.get("affected_tests", [])),
                "wrote_into_tree": bool(
                    git(peer_clone, "status", "--porcelain", "--ignored").strip()
                ),
            }
            results["peer_over_restored"] = results["peer"]["seconds"] / restored["seconds"]
            shutil.rmtree(peer_out, ignore_errors=True)
            shutil.rmtree(peer_clone, ignore_errors=True)

        results["load_average_after"] = list(os.getloadavg())
        print_report(results)
        if args.json == "-":
            print(json.dumps(results, indent=2, default=str))
        elif args.json:
            Path(args.json).write_text(json.dumps(results, indent=2, default=str) + "\n")
    finally:
        if args.keep:
            print(f"scratch folder kept: {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------


def _verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def _mb(value: float | None) -> str:
    return f"{value:.0f}" if value is not None else "-"


def _kb(n: int) -> str:
    return f"{n / 1024:.0f} KiB" if n < 1024 * 1024 else f"{n / 1e6:.2f} MB"


def _fetch_line(f: dict[str, Any]) -> str:
    other = ", ".join(f"{n} {kind}" for kind, n in f["other_types"].items()) or "nothing"
    return (
        f"index branch {f['index_objects']} objects, {_kb(f['index_bytes'])}; "
        f"everything else {f['other_objects']} objects ({other}), {_kb(f['other_bytes'])}"
    )


def _seconds_target(seconds: float, limit: float | None, note: str) -> tuple[str, str]:
    """The target and verdict columns of a timed figure (none where the case sets none)."""
    if limit is None:
        return "", note.lstrip("; ")
    return f"<= {limit:g} s", _verdict(seconds <= limit) + note


def print_report(results: dict[str, Any]) -> None:
    pub = results["publish"]
    restored = results["restored"]
    cold = results["cold"]
    peer = results.get("peer")
    ratio = results["restored_over_cold"]
    jobs = results["jobs"]
    cores = results["cpu_count"]
    targets = results["targets"]

    print()
    print(
        f"{results['workload']}, PR = {results['edit']}; jobs={jobs}, cores={cores}, "
        f"best of {results['repeat']}; load average "
        f"{results['load_average_before'][0]:.2f} before, "
        f"{results['load_average_after'][0]:.2f} after"
    )
    header = f"{'figure':<44}{'value':>11}{'peak MB':>9}  {'target':<22}verdict"
    print(header)
    print("-" * len(header))

    def row(name: str, value: str, peak: float | None, target: str, verdict: str) -> None:
        print(f"{name:<44}{value:>11}{_mb(peak):>9}  {target:<22}{verdict}")

    row("publish the index (untimed figure)", f"{pub['seconds']:.2f} s", pub["peak_mb"], "", "")
    row(
        "snapshot (graph + facts files)",
        f"{pub['snapshot_mb']:.2f} MB",
        None,
        f"<= {targets['snapshot_mb_max']:g} MB",
        _verdict(pub["snapshot_mb"] <= targets["snapshot_mb_max"]),
    )
    core_note = "" if jobs == TARGET_CORES == cores else f" (target is for {TARGET_CORES} cores)"
    row(
        "ours restored (impact, markdown)",
        f"{restored['seconds']:.2f} s",
        restored["peak_mb"],
        *_seconds_target(restored["seconds"], targets["restored_seconds_max"], core_note),
    )
    row("ours cold (--index-branch '')", f"{cold['seconds']:.2f} s", cold["peak_mb"], "", "")
    row(
        "restored / cold",
        f"{ratio:.1%}",
        None,
        f"<= {targets['restored_over_cold_max']:.0%}",
        _verdict(ratio <= targets["restored_over_cold_max"]) + core_note,
    )
    interface = results["restored_interface"]
    row(
        "ours restored, PR adding a function",
        f"{interface['seconds']:.2f} s",
        interface["peak_mb"],
        *_seconds_target(
            interface["seconds"],
            targets["restored_interface_seconds_max"],
            f"{core_note}; {interface['seconds'] / cold['seconds']:.0%} of cold",
        ),
    )
    rename, module = results["restored_rename"], results["restored_module"]
    for label, run in (("PR renaming it", rename), ("PR adding a module", module)):
        row(
            f"ours restored, {label}",
            f"{run['seconds']:.2f} s",
            run["peak_mb"],
            "",
            f"{run['seconds'] / cold['seconds']:.0%} of cold",
        )
    if peer:
        row(
            f"{PEER_NAME}: build PR tree + diff --pr-mode",
            f"{peer['seconds']:.2f} s",
            peer["peak_mb"],
            "",
            "",
        )
        row(
            f"  {PEER_NAME} build",
            f"{peer['build']['seconds']:.2f} s",
            peer["build"]["peak_mb"],
            "",
            "",
        )
        row(
            f"  {PEER_NAME} diff --pr-mode",
            f"{peer['diff']['seconds']:.2f} s",
            peer["diff"]["peak_mb"],
            "",
            "",
        )
        row(f"{PEER_NAME} / ours restored", f"{results['peer_over_restored']:.1f}x", None, "", "")

    print()
    print(
        "all runs (s): restored "
        + ", ".join(f"{s:.2f}" for s in restored["all_seconds"])
        + "; cold "
        + ", ".join(f"{s:.2f}" for s in cold["all_seconds"])
        + "; restored, PR adding a function "
        + ", ".join(f"{s:.2f}" for s in interface["all_seconds"])
        + "; restored, PR renaming it "
        + ", ".join(f"{s:.2f}" for s in rename["all_seconds"])
        + "; restored, PR adding a module "
        + ", ".join(f"{s:.2f}" for s in module["all_seconds"])
    )
    print(
        f"index branch: {', '.join(pub['branch_files'])}; graph file {pub['graph_bytes']} "
        f"bytes, on {INDEX_BRANCH}-facts the facts file {pub['facts_bytes']} bytes "
        f"(git cat-file -s); index branch {pub['branch_disk_bytes'] / 1e6:.2f} MB on disk in origin"
    )
    checks = results["checks"]
    for kind in ("restored", "cold"):
        c = checks[kind]
        print(
            f"{kind} check (json): index.source = {c['source']!r}; index.files {c['files']}, "
            f"index.parsed {c['parsed']} (restored or parsed); "
            f"{c['dependent_symbols']} dependents in {c['dependent_files']} files, "
            f"{c['tests']} tests, risk {c['risk']}"
        )
    print(f"restored and cold reports agree: {checks['same_report']}")
    i = checks["interface"]
    print(
        f"PR adding a function ({INTERFACE_FUNCTION}, interface changed): index.source = "
        f"{i['source']!r}; changed {i['changed']}; restored and cold reports agree: "
        f"{i['same_report']}"
    )
    r = checks["rename"]
    print(
        f"PR renaming ({results['renamed']}): index.source = {r['source']!r}; "
        f"changed {r['changed']}; {r['breaking_sites']} uses of the old name; "
        f"restored and cold reports agree: {r['same_report']}"
    )
    m = checks["module"]
    print(
        f"PR adding a module ({MODULE_NAME}): index.source = {m['source']!r}; "
        f"changed {m['changed']}; restored and cold reports agree: {m['same_report']}"
    )
    print("git fetch commands of a restored run:")
    for cmd in checks["restored"]["fetch_commands"]:
        print(f"    {cmd}")
    print(f"fetched by the fastest restored run: {_fetch_line(restored['fetched'])}")
    print(f"fetched by the fastest cold run:     {_fetch_line(cold['fetched'])}")
    print(
        "every restored run fetched no more outside the index branch than the index "
        f"branch itself: {results['fetch_within_index_size']}"
    )
    if peer:
        print(
            f"{PEER_NAME}: saw the edit: {peer['saw_edit']}; {peer['impacted_callers']} callers "
            f"in {peer['impacted_files']} files, {peer['affected_tests']} test files; "
            f"wrote into the tree: {peer['wrote_into_tree']}"
        )

    start = results["startup"]
    print()
    print("where a restored run's time goes:")
    print(
        f"    python start-up {start['python_seconds']:.3f} s; "
        f"python + import blast_radius.commands {start['import_cli_seconds']:.3f} s"
    )
    print(
        f"    the index-branch fetch alone (same git command, fresh runner clone): "
        f"{results['index_fetch']['seconds']:.3f} s"
    )
    profile = results.get("profile")
    if profile:
        print(
            f"    one run under cProfile: {profile['wall_seconds']:.2f} s wall, "
            f"{profile['profiled_seconds']:.2f} s profiled; cumulative times, inflated by "
            "the profiler in Python-heavy parts:"
        )
        for name, seconds in profile["breakdown"]:
            value = f"{seconds:6.2f} s" if seconds is not None else "     - "
            print(f"      {name:<52}{value}")
        print(
            f"    files parsed in that run: {profile['files_parsed_in_process']} in process"
            + (" (a process pool ran too)" if profile["process_pool_used"] else "")
        )
        print(f"    top {len(profile['top']) - 1} under blast_radius by cumulative time:")
        for line in profile["top"]:
            print(f"      {line}")


if __name__ == "__main__":
    raise SystemExit(main())
