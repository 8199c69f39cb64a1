"""Index speed and memory on one codebase: what js_speed.py and go_speed.py share.

A script describes its workload with a ``SpeedCase`` (which tracked files it
counts, the file it changes, the function its pull request edits) and a
function that builds the git repository; ``main`` does the rest, the same way
for every language. One run measures, on the same machine and tree, each step
a child process timed and measured as ``index.py`` does
(``index.run_measured``: wall time, the largest process's ``ru_maxrss`` and
the summed PSS of the process tree):

* the floor: every tracked file our indexer has a language rule for, parsed
  with the grammar it uses for that extension and the same concatenated query
  (``blast_radius.adapters.grammars.load_language``, which compiles
  ``query_source``), run once per file with the same match limit, over a
  ``ProcessPoolExecutor`` of ``--jobs`` workers that each build a parser and
  query once per language and read their files themselves;
* ours: ``python -m blast_radius index REPO --out FILE --cache-dir DIR --jobs N``
  cold (a fresh cache folder), warm (the same, nothing changed), after a body
  edit (a comment line appended to ``SpeedCase.changed_file``) and after a
  function was added to that file (``SpeedCase.added_function``, appended, or
  put before the file's last ``}`` where functions live in classes). Each is
  run ``--index-repeat`` times and the fastest kept, as ``index.py`` does:
  every cold run starts from an empty cache, and every edit adds a comment
  or a function of a new name, so each re-index meets an edit it has not
  seen. The tree is then indexed from nothing once more: the graph after the
  added functions must be byte-identical to it. The targets are
  ``index.py``'s, for every language: cold at most ``target_cold_over_floor``
  times the floor, warm and body edit at most 10 % of cold, a function added
  at most 15 %;
* a pull request restored from the published index, with ``store.py``'s
  machinery: a bare ``origin``, ``index --publish-branch`` on ``main``, a
  branch ``pr`` that adds ``SpeedCase.pr_statement`` as the first statement
  of ``SpeedCase.pr_function``, and ``blast-radius impact`` on a fresh
  ``git clone --depth 1`` of ``pr`` with a fresh cache: restored (the index
  branch) and cold (``--index-branch ''``);
* with ``--profile``, one more cold index under cProfile, untimed: the
  parent's functions under ``blast_radius`` by cumulative time.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import pstats
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from index import (
    TARGET_ADDED_OVER_COLD,
    TARGET_CHANGED_OVER_COLD,
    TARGET_PEAK_MB,
    TARGET_WARM_OVER_COLD,
    Run,
    _require_ok,
    cold_and_warm,
    fastest,
    memory_method,
    run_measured,
)
from js_imports import tool_version
from store import (
    BASE_BRANCH,
    INDEX_BRANCH,
    PR_BRANCH,
    Scratch,
    best,
    checked,
    commit_all,
    git,
    impact_args,
    ours_command,
    timed_run,
    timing,
)
from workloads import add_cache_dir_argument, profiled_command

RESTORED_NOTE = "restored from the index of"

# Git reads no user or system configuration here, as in store.py.
_GIT_ENV = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}


@dataclass(frozen=True)
class SpeedCase:
    """What a speed benchmark measures on its workload."""

    tag: str  # the script's name: log prefix and scratch folder prefix
    script: Path  # the script, run again with --floor-child for the floor
    code_file: re.Pattern[str]  # the tracked files the workload line counts
    kinds: str  # what they are called there ("JS/TS", "Go")
    changed_file: str  # the one file changed for the one-file re-index
    module_node: str  # its node, whose end_line shows the change
    pr_file: str
    pr_function: str
    pr_node: str
    pr_statement: str
    target_cold_over_floor: float
    added_function: str  # a function named ``{name}``, in the language of ``changed_file``
    default_repeat: int = 3
    marker_line: str = "// blast-radius benchmark: one changed file {number}\n"
    added_in_class: bool = False  # the function goes before the file's last ``}``


@dataclass(frozen=True)
class Built:
    """The repository a script built, and how the report names it."""

    repo: Path
    workload: str


# --------------------------------------------------------------------------
# The floor (a child process: `<script> --floor-child REPO --jobs N`)
# --------------------------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _floor_file(path: str) -> tuple[int, int]:
    from tree_sitter import Parser, QueryCursor

    from blast_radius.adapters.grammars import load_language
    from blast_radius.core.extract import MATCH_LIMIT
    from blast_radius.core.languages import language_for_path

    rule = language_for_path(path)
    if rule is None:
        return 0, 0
    if rule.name not in _WORKER:
        compiled = load_language(rule)
        _WORKER[rule.name] = (Parser(compiled.language), compiled.query)
    parser, query = _WORKER[rule.name]
    data = Path(path).read_bytes()
    tree = parser.parse(data)
    matches = QueryCursor(query, match_limit=MATCH_LIMIT).matches(tree.root_node)
    return len(data), len(matches)


_ONE_FILE_FLOOR = """
import json, sys, time
from pathlib import Path
started = time.perf_counter()
from tree_sitter import Parser, QueryCursor
from blast_radius.adapters.grammars import load_language
from blast_radius.core.extract import MATCH_LIMIT
from blast_radius.core.languages import language_for_path
path = sys.argv[1]
rule = language_for_path(path)
loaded = time.perf_counter()
compiled = load_language(rule)
compiling = time.perf_counter() - loaded
tree = Parser(compiled.language).parse(Path(path).read_bytes())
QueryCursor(compiled.query, match_limit=MATCH_LIMIT).matches(tree.root_node)
print(json.dumps({"compile_seconds": compiling, "inner_seconds": time.perf_counter() - started}))
"""


def one_file_floor(python: str, path: Path, repeat: int) -> dict[str, Any]:
    """What any tree-sitter tool pays to re-read one file with our query, the fastest
    of ``repeat`` runs: an interpreter started, the grammar loaded and the query
    compiled, the file parsed and queried. The ``compile_seconds`` are the query's."""
    runs = []
    for _ in range(max(1, repeat)):
        started = time.perf_counter()
        out = subprocess.run(
            [python, "-c", _ONE_FILE_FLOOR, str(path)], capture_output=True, text=True, check=True
        ).stdout
        runs.append({"seconds": time.perf_counter() - started, **json.loads(out)})
    return min(runs, key=lambda r: float(r["seconds"]))


def tracked_files(repo: Path) -> list[str]:
    """The tracked files, sorted."""
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=repo, check=True, capture_output=True
    ).stdout.decode("utf-8")
    return sorted(p for p in out.split("\0") if p)


def parsed_files(repo: Path) -> list[str]:
    """The tracked files our indexer has a language rule for."""
    from blast_radius.core.languages import language_for_path

    return [p for p in tracked_files(repo) if language_for_path(p) is not None]


def floor_child(repo: Path, jobs: int) -> int:
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    paths = [str(repo / p) for p in parsed_files(repo)]
    chunksize = max(1, len(paths) // (jobs * 8))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_floor_file, paths, chunksize=chunksize))
    print(
        json.dumps(
            {
                "files": len(paths),
                "bytes": sum(r[0] for r in results),
                "matches": sum(r[1] for r in results),
                "inner_seconds": time.perf_counter() - started,
            }
        )
    )
    return 0


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def count_lines(repo: Path, files: list[str]) -> int:
    return sum((repo / f).read_bytes().count(b"\n") for f in files)


def add_first_statement(text: str, start_line: int, statement: str) -> str:
    """``text`` with ``statement`` on a line of its own after the first line at or
    after ``start_line`` that ends with ``{`` (the opening of the function's body)."""
    lines = text.split("\n")
    for i in range(start_line - 1, len(lines)):
        if lines[i].rstrip().endswith("{"):
            indent = lines[i + 1][: len(lines[i + 1]) - len(lines[i + 1].lstrip())]
            lines.insert(i + 1, indent + statement)
            return "\n".join(lines)
    raise RuntimeError(f"no body opening at or after line {start_line}")


def with_function(text: str, function: str, in_class: bool) -> str:
    """``text`` with ``function`` appended, or put before its last ``}`` (``in_class``)."""
    if not in_class:
        return text + ("" if text.endswith("\n") else "\n") + function
    end = text.rindex("}")
    return text[:end] + function + text[end:]


def graph_stats(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        "bytes": path.stat().st_size,
        "nodes": len(data.get("nodes", [])),
        "edges": len(data.get("edges", [])),
        "node": {n["id"]: n for n in data.get("nodes", [])},
    }


def profile_cold(index_cmd: list[str], work: Path, top: int) -> dict[str, Any]:
    """One more cold index under cProfile (not timed with the others): the parent's
    functions under ``blast_radius`` by cumulative time."""
    prof = work / "cold.prof"
    cache = work / "cache-profile"
    python, _, _, *cli_args = index_cmd  # python -m blast_radius ...
    cmd = profiled_command(python, prof, cli_args)
    cmd += ["--out", str(work / "graph-profile.json"), "--cache-dir", str(cache), "--quiet"]
    run = _require_ok(run_measured("ours cold (cProfile)", cmd))
    stream = io.StringIO()
    stats = pstats.Stats(str(prof), stream=stream)
    stats.sort_stats("cumulative").print_stats("blast_radius", top)
    lines = stream.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if "ncalls" in line), 0)
    prefix = re.compile(r"/\S*/(?=blast_radius/)")
    return {
        "seconds": run.seconds,
        "top": [prefix.sub("", line) for line in lines[start:] if line.strip()],
    }


# --------------------------------------------------------------------------
# The pull request, restored from the published index
# --------------------------------------------------------------------------


def pull_request(
    case: SpeedCase, repo: Path, work: Path, python: str, jobs: int, repeat: int, start_line: int
) -> dict[str, Any]:
    ours = ours_command(python)
    origin = work / "origin.git"
    subprocess.run(
        ["git", "clone", "--quiet", "--bare", str(repo), str(origin)], check=True, env=_GIT_ENV
    )
    publisher = work / "publisher"
    subprocess.run(
        ["git", "clone", "--quiet", origin.as_uri(), str(publisher)], check=True, env=_GIT_ENV
    )
    print(f"[{case.tag}] publishing the index of main ...", file=sys.stderr, flush=True)
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
    main_commit = git(origin, "rev-parse", BASE_BRANCH).strip()
    sizes = {}
    for ref, suffix in ((INDEX_BRANCH, "brs"), (f"{INDEX_BRANCH}-facts", "brf")):
        blob = f"refs/heads/{ref}:snapshots/{main_commit}.{suffix}"
        sizes[suffix] = int(git(origin, "cat-file", "-s", blob).strip())
    git(publisher, "checkout", "--quiet", "-b", PR_BRANCH)
    edited = publisher / case.pr_file
    edited.write_text(
        add_first_statement(edited.read_text(encoding="utf-8"), start_line, case.pr_statement),
        encoding="utf-8",
    )
    commit_all(publisher, f"edit {case.pr_function}")
    git(publisher, "push", "--quiet", "origin", PR_BRANCH)
    diff = git(publisher, "diff", "-U0", BASE_BRANCH, PR_BRANCH).strip()
    shutil.rmtree(publisher)
    shutil.rmtree(work / "publisher-cache", ignore_errors=True)

    scratch = Scratch(work, origin)
    checks = {}
    for restored in (True, False):
        label = "restored" if restored else "cold"
        clone, cache = scratch.fresh(f"check-{label}")
        out = work / f"report-{label}.json"
        checked(
            run_measured(
                f"ours {label} (json check)",
                impact_args(ours, clone, cache, out, "json", jobs, restored),
                env=_GIT_ENV,
            )
        )
        report = json.loads(out.read_text(encoding="utf-8"))
        source = str(report["index"]["source"])
        if restored != source.startswith(RESTORED_NOTE):
            raise RuntimeError(f"the {label} run says {source!r}")
        changed = [c["id"] for c in report["changed"]]
        if case.pr_node not in changed:
            raise RuntimeError(
                f"the {label} run does not list {case.pr_node} as changed: {changed}"
            )
        checks[label] = {
            "source": source,
            "changed": changed,
            "dependent_symbols": report["dependent_symbols"],
            "dependent_files": report["dependent_files"],
            "tests": len(report["tests"]),
        }
        scratch.drop(clone, cache)
    restored_runs, cold_runs = [], []
    for n in range(repeat):
        print(f"[{case.tag}] pull request runs {n + 1}/{repeat} ...", file=sys.stderr, flush=True)
        restored_runs.append(timed_run(scratch, ours, jobs, True, n))
        cold_runs.append(timed_run(scratch, ours, jobs, False, n))
    return {
        "publish": {**timing(publish), "graph_bytes": sizes["brs"], "facts_bytes": sizes["brf"]},
        "diff": diff,
        "checks": checks,
        "restored": best(restored_runs),
        "cold": best(cold_runs),
    }


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def parse_args(case: SpeedCase, description: str, argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    add_cache_dir_argument(parser)
    parser.add_argument("--jobs", type=int, default=2, help="processes (default: 2)")
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter that has blast_radius installed (default: this one)",
    )
    parser.add_argument(
        "--floor-repeat", type=int, default=3, help="floor runs, the fastest counts (default: 3)"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=case.default_repeat,
        help=f"pull-request runs of each kind (default: {case.default_repeat})",
    )
    parser.add_argument(
        "--index-repeat",
        type=int,
        default=3,
        help="runs of each index (cold, warm, body edit, function added); the fastest "
        "counts (default: 3)",
    )
    parser.add_argument(
        "--pr",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="time the restored pull request (default: on)",
    )
    parser.add_argument(
        "--profile",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="one more cold run under cProfile, for the breakdown (default: on)",
    )
    parser.add_argument("--top", type=int, default=14, help="cProfile lines (default: 14)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument("--floor-child", type=Path, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(
    case: SpeedCase,
    description: str,
    build: Callable[[Path, Path], Built],
    argv: list[str] | None = None,
) -> int:
    """Run the benchmark; ``build(cache_dir, dest)`` makes the repository at ``dest``."""
    args = parse_args(case, description, argv)
    if args.floor_child is not None:
        return floor_child(args.floor_child, args.jobs)

    cache_dir: Path = args.cache_dir.expanduser()
    jobs: int = args.jobs
    runs_dir = cache_dir / "runs"
    runs_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{case.tag.replace('_', '-')}-", dir=runs_dir))
    results: dict[str, Any] = {
        "workload": "",
        "jobs": jobs,
        "cpu_count": os.cpu_count(),
        "memory_method": memory_method(),
        "blast_radius": tool_version(args.python),
        "load_average_before": list(os.getloadavg()),
    }
    try:
        built = build(cache_dir, work / "repo")
        repo = built.repo
        results["workload"] = built.workload
        files = [p for p in tracked_files(repo) if case.code_file.search(p)]
        results["files"] = len(files)
        results["lines"] = count_lines(repo, files)
        print(
            f"workload: {results['workload']} as a git repo ({len(files)} {case.kinds} files, "
            f"{results['lines']:,} lines); jobs={jobs}; cores={os.cpu_count()}"
        )
        print(f"memory: {memory_method()}; blast-radius {results['blast_radius']}")
        module_dir = subprocess.run(
            [
                args.python,
                "-c",
                "import blast_radius, os; print(os.path.dirname(blast_radius.__file__))",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        # As store.py does: an installed tool has its bytecode compiled.
        subprocess.run([args.python, "-m", "compileall", "-q", module_dir], check=True)

        floor_runs = []
        for _ in range(max(1, args.floor_repeat)):
            r = _require_ok(
                run_measured(
                    "floor",
                    [
                        args.python,
                        str(case.script),
                        "--floor-child",
                        str(repo),
                        "--jobs",
                        str(jobs),
                    ],
                )
            )
            floor_runs.append((r, json.loads(r.stdout)))
        floor, info = min(floor_runs, key=lambda x: x[0].seconds)
        results["floor"] = {
            **timing(floor),
            "all_seconds": [r.seconds for r, _ in floor_runs],
            **info,
        }

        cache = work / "cache-ours"
        cache.mkdir()

        index_cmd = [args.python, "-m", "blast_radius", "index", str(repo), "--jobs", str(jobs)]

        def ours(label: str, out: Path) -> Run:
            print(f"[{case.tag}] {label} ...", file=sys.stderr, flush=True)
            return _require_ok(
                run_measured(
                    label,
                    [*index_cmd, "--out", str(out), "--cache-dir", str(cache)],
                )
            )

        repeat = max(1, args.index_repeat)

        def fresh_cache() -> None:
            shutil.rmtree(cache)
            cache.mkdir()

        colds, warm = cold_and_warm(ours, fresh_cache, work, repeat)
        cold = fastest(colds)
        changed_path = repo / case.changed_file
        text = changed_path.read_text(encoding="utf-8")
        edited = text
        changes = []
        for number in range(repeat):
            marker = case.marker_line.replace("{number}", str(number))
            edited += ("" if edited.endswith("\n") else "\n") + marker
            changed_path.write_text(edited, encoding="utf-8")
            changes.append(ours("ours one changed", work / "graph-changed.json"))
        changed = fastest(changes)
        edit_floor = one_file_floor(args.python, changed_path, args.floor_repeat)
        additions = []
        for number in range(repeat):
            function = case.added_function.replace("{name}", f"benchAdded{number}")
            edited = with_function(edited, function, case.added_in_class)
            changed_path.write_text(edited, encoding="utf-8")
            additions.append(ours("ours function added", work / "graph-added.json"))
        added = fastest(additions)
        # The same tree from nothing: the incremental graph must be this one.
        fresh_cache()
        ours("ours cold again", work / "graph-added-cold.json")
        changed_path.write_text(text, encoding="utf-8")
        before = graph_stats(work / "graph.json")
        after = graph_stats(work / "graph-changed.json")
        added_graph = graph_stats(work / "graph-added.json")
        module = case.module_node
        results["ours"] = {
            "cold": timing(cold),
            "warm": timing(warm),
            "one_changed": timing(changed),
            "function_added": timing(added),
            "one_file_floor": edit_floor,
            "added_identical_to_cold": (work / "graph-added.json").read_bytes()
            == (work / "graph-added-cold.json").read_bytes(),
            "added_seen": any(
                re.split(r"[.:]", node)[-1] == f"benchAdded{repeat - 1}"
                for node in added_graph["node"]
            ),
            "all_seconds": {
                label: [r.seconds for r in runs]
                for label, runs in (
                    ("cold", colds),
                    ("body edit", changes),
                    ("function added", additions),
                )
            },
            "graph": {k: before[k] for k in ("bytes", "nodes", "edges")},
            "warm_graph_identical": (work / "graph.json").read_bytes()
            == (work / "graph-warm.json").read_bytes(),
            "change_seen": before["node"][module]["end_line"] != after["node"][module]["end_line"],
            "cold_summary": (cold.stderr + cold.stdout).strip().splitlines()[-4:],
        }
        if args.profile:
            print(f"[{case.tag}] ours cold under cProfile ...", file=sys.stderr, flush=True)
            results["profile"] = profile_cold(index_cmd, work, args.top)
        if args.pr:
            pr_node = before["node"].get(case.pr_node)
            if pr_node is None:
                raise RuntimeError(f"no node {case.pr_node} in our graph")
            results["pr"] = pull_request(
                case, repo, work, args.python, jobs, max(1, args.repeat), int(pr_node["start_line"])
            )
        results["load_average_after"] = list(os.getloadavg())
        print_report(case, results)
        if args.json:
            print(json.dumps(results, indent=2, default=str))
    finally:
        if args.keep:
            print(f"scratch folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


def _judged(name: str, ratio: float, target: float, shown: str) -> str:
    """``name ratio (target <= target: ok|MISSED)``."""
    verdict = "ok" if ratio <= target else "MISSED"
    return f"{name} {ratio:.3f} (target <= {target:{shown}}: {verdict})"


def _mb(value: float | None) -> str:
    return f"{value:8.1f}" if value is not None else "       -"


def print_report(case: SpeedCase, results: dict[str, Any]) -> None:
    floor = results["floor"]
    fs = float(floor["seconds"])
    ours = results["ours"]
    cs = float(ours["cold"]["seconds"])
    print(
        f"\nfloor: {floor['files']} files, {floor['bytes'] / 1e6:.1f} MB, {floor['matches']:,} "
        f"query matches; fastest of {', '.join(f'{s:.2f}' for s in floor['all_seconds'])} s "
        f"(inside the child: {floor['inner_seconds']:.2f} s)"
    )
    header = (
        f"{'run':<34}{'seconds':>9}{'x floor':>9}{'x cold':>8}{'max-proc MB':>13}{'tree MB':>9}"
    )
    print(header)
    print("-" * len(header))
    rows: list[tuple[str, dict[str, Any]]] = [
        ("floor (parse + our query)", floor),
        ("ours cold", ours["cold"]),
        ("ours warm (unchanged)", ours["warm"]),
        ("ours body edit (one file)", ours["one_changed"]),
        ("ours function added (one file)", ours["function_added"]),
    ]
    pr = results.get("pr")
    if pr:
        rows += [
            ("pull request, index restored", pr["restored"]),
            ("pull request, cold (no index)", pr["cold"]),
        ]
    for name, r in rows:
        s = float(r["seconds"])
        print(
            f"{name:<34}{s:9.2f}{s / fs:9.2f}{s / cs:8.2f}"
            f"{_mb(r.get('max_rss_mb')):>13}{_mb(r.get('tree_peak_mb')):>9}"
        )
    peaks = [r.get("peak_mb") for _, r in rows[1:]]
    peak = max((p for p in peaks if p is not None), default=None)
    ratios = [
        _judged("cold/floor", cs / fs, case.target_cold_over_floor, "g"),
        _judged("warm/cold", float(ours["warm"]["seconds"]) / cs, TARGET_WARM_OVER_COLD, ".2f"),
        _judged(
            "body-edit/cold",
            float(ours["one_changed"]["seconds"]) / cs,
            TARGET_CHANGED_OVER_COLD,
            ".2f",
        ),
        _judged(
            "function-added/cold",
            float(ours["function_added"]["seconds"]) / cs,
            TARGET_ADDED_OVER_COLD,
            ".2f",
        ),
    ]
    if pr:
        restored, cold_pr = float(pr["restored"]["seconds"]), float(pr["cold"]["seconds"])
        ratios.append(f"restored PR/cold PR {restored / cold_pr:.3f}")
    print("\nratios: " + ", ".join(ratios))
    one = ours["one_file_floor"]
    print(
        f"one file's floor (an interpreter started, {case.changed_file}'s grammar loaded and "
        f"query compiled, the file parsed and queried): {float(one['seconds']):.2f} s "
        f"= {float(one['seconds']) / cs:.1%} of cold, of which compiling the query "
        f"{float(one['compile_seconds']):.2f} s; the body-edit target is "
        f"{TARGET_CHANGED_OVER_COLD * cs:.2f} s"
    )
    before, after = results["load_average_before"], results["load_average_after"]
    print(
        f"load average (1 min) before and after: {before[0]:.2f}, {after[0]:.2f} on "
        f"{results['cpu_count']} cores (others' work slows the floor's parallel parsing more "
        "than our serial resolution: compare runs on a quiet machine)"
    )
    if peak is not None:
        print(
            f"peak memory of our runs: {peak:.0f} MB "
            f"(index.py's target on SQLAlchemy: {TARGET_PEAK_MB:g} MB)"
        )
    g = ours["graph"]
    print(
        f"our graph: {g['bytes'] / 1e6:.2f} MB, {g['nodes']} nodes, {g['edges']} edges; warm "
        f"re-index identical: {ours['warm_graph_identical']}; the edit shows: {ours['change_seen']}"
        f"; the added function shows: {ours['added_seen']}; after it, the graph equals a cold "
        f"build's: {ours['added_identical_to_cold']}"
    )
    print(
        "all runs (s): "
        + "; ".join(
            f"{label} {', '.join(f'{x:.2f}' for x in runs)}"
            for label, runs in ours["all_seconds"].items()
        )
    )
    print("our cold run said: " + " | ".join(ours["cold_summary"]))
    profile = results.get("profile")
    if profile:
        print(
            f"where a cold run's time goes (cProfile of the parent process, "
            f"{profile['seconds']:.2f} s under the profiler; the pool's workers not profiled):"
        )
        for line in profile["top"]:
            print(f"  {line}")
    if pr:
        c = pr["checks"]["restored"]
        keys = ("changed", "dependent_symbols", "dependent_files", "tests")
        same = all(pr["checks"]["cold"][k] == c[k] for k in keys)
        print(
            f"pull request: `{case.pr_statement}` first in {case.pr_file}:{case.pr_function}; "
            f"changed {c['changed']}; {c['dependent_symbols']} dependent symbols in "
            f"{c['dependent_files']} files, {c['tests']} tests; same figures cold: {same}"
        )
        p = pr["publish"]
        print(
            f"published index: graph {p['graph_bytes'] / 1e6:.2f} MB, facts "
            f"{p['facts_bytes'] / 1e6:.2f} MB (publishing took {p['seconds']:.2f} s)"
        )
