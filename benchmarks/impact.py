"""Impact benchmark: two pull requests on SQLAlchemy 2.0.36, ours against repo2graph.

The SQLAlchemy sdist becomes a git repository whose ``main`` branch holds one
commit. Two pull requests are branches with one commit each on top of ``main``:

* ``pr-wide``: one statement added as the first line of the body of
  ``sqlalchemy.util._collections.to_list``, a helper called from all over the
  library;
* ``pr-leaf``: the same kind of edit inside a function with a single caller,
  picked from our own graph: the first ``function``/``method`` node under
  ``lib/`` (by id) with exactly one incoming ``calls`` edge.

For each pull request, in the same run:

* ours: ``blast-radius index`` builds the cache once on ``main`` (not timed; the
  "base index" a scheduled job would keep). Each timed
  ``blast-radius impact --base main`` run starts from a fresh copy of that
  cache, so it has to bring the head graph up to date itself. The best of
  ``--repeat`` runs counts. The warm repeat then reuses a cache that already
  holds the head.
* the peer: ``repo2graph diff --pr-mode --base-commit main`` (repo2graph 4.1.0).
  It walks an index that ``repo2graph build`` wrote earlier, and it takes the
  changed lines from ``git diff -U0 main`` in the repository given by ``-r``.
  The script times three costs:

  - the PR step: the diff alone, on an index built on ``main`` (not timed, like
    our base index). This is the cheapest PR run the peer has, but it walks the
    base graph, not the head;
  - incremental: ``build --incremental`` on the PR head into a copy of the base
    index, then the diff. Like ours, this brings the graph up to date;
  - full: a fresh ``build`` of the PR head, then the diff.

    python benchmarks/impact.py [--jobs N] [--json [FILE]] [--repeat 3] [--peer all|diff|none]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from index import Run, ensure_peer, memory_method, run_measured
from workloads import SQLALCHEMY, add_cache_dir_argument, commit_all, make_git_repo, workload_root

BASE_BRANCH = "main"
WIDE_FUNCTION = "python:sqlalchemy.util._collections.to_list"
EDIT_STATEMENT = "_bench_edit = 1"

TARGET_OURS_SECONDS = 1.5
TARGET_OURS_CORES = 2
TARGET_PEER_OVER_OURS = 10.0

# What the peer builds: Python files only and the graph as JSONL, as in
# index.py's "lean" mode, but with the RAG chunks left on. `diff --pr-mode`
# loads the whole index, chunks included, and stops with FileNotFoundError on
# agent/chunks.jsonl when the build had `--no-chunks`.
PEER_BUILD_SCOPE = ["--include", "*.py", "--formats", "jsonl"]

# `repo2graph diff --pr-mode --format json` prints one JSON object:
#   modified_symbols      list of "path::Qual.name": symbols whose lines overlap
#                         the `git diff -U0 <base>` hunks
#   impacted_callers      list of "path::Qual.name": non-test nodes reached by a
#                         reverse walk over CALLS, INHERITS, ROUTES_TO and TESTS
#                         edges, at most --affected-tests-max-hops (4) hops
#   affected_tests        list of test file paths (reached, or importing a
#                         reached file)
#   blast_radius_nodes    int, every node the walk touched (symbols and files)
#   risk_score            float in [0, 1]: 0.08 x callers + 0.02 x nodes, capped
#   high_risk             bool: nodes >= 20 or callers >= 8
#   truncated, incomplete_reason, shadowed_builtin_skipped, conftests_reached
# The peer has no count of impacted files; this script counts the distinct
# paths in impacted_callers.

_GIT_ENV = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}


# --------------------------------------------------------------------------
# The repository and its two pull requests
# --------------------------------------------------------------------------


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=repo, check=True, capture_output=True, text=True, env=_GIT_ENV
    ).stdout


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def body_insert_point(text: str, name: str, start_line: int) -> tuple[int, str] | None:
    """Where a new first statement of the function goes: (1-based line, indentation).

    The function is the ``def name`` that starts at ``start_line`` (its ``def``
    line or its first decorator). The new line goes before the first statement
    after the docstring. None when there is no such line: the body is only a
    docstring, or its first statement shares a line with something else.
    """
    for fn in ast.walk(ast.parse(text)):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef) or fn.name != name:
            continue
        first = fn.decorator_list[0].lineno if fn.decorator_list else fn.lineno
        if start_line not in (fn.lineno, first):
            continue
        body = fn.body[1:] if _is_docstring(fn.body[0]) else fn.body
        if not body:
            return None
        line = text.split("\n")[body[0].lineno - 1]
        indent = line[: body[0].col_offset]
        if indent.strip():
            return None
        return body[0].lineno, indent
    return None


@dataclass(frozen=True)
class Edit:
    """One pull request: a statement added at the top of one function's body."""

    name: str
    branch: str
    node: dict[str, Any]
    line: int  # 1-based line of the new statement in the head version
    text: str  # the added line
    peer_symbol: str  # how the peer names the function: "path::Qual.name"


def plan_edit(repo: Path, name: str, branch: str, node: dict[str, Any], module: str) -> Edit | None:
    text = (repo / node["path"]).read_text(encoding="utf-8")
    point = body_insert_point(text, node["name"], node["start_line"])
    if point is None:
        return None
    qual = node["qualname"]
    local = qual[len(module) + 1 :] if qual.startswith(module + ".") else node["name"]
    return Edit(
        name=name,
        branch=branch,
        node=node,
        line=point[0],
        text=point[1] + EDIT_STATEMENT,
        peer_symbol=f"{node['path']}::{local}",
    )


def commit_edit(repo: Path, edit: Edit) -> None:
    """Create ``edit.branch`` from main with the edit committed; leave main checked out."""
    git(repo, "checkout", "--quiet", "-b", edit.branch, BASE_BRANCH)
    path = repo / edit.node["path"]
    lines = path.read_text(encoding="utf-8").split("\n")
    lines.insert(edit.line - 1, edit.text)
    new_text = "\n".join(lines)
    ast.parse(new_text)  # the edit must leave valid Python
    path.write_text(new_text, encoding="utf-8")
    commit_all(repo, f"{edit.name}: edit {edit.node['qualname']}")
    git(repo, "checkout", "--quiet", BASE_BRANCH)


def plan_edits(repo: Path, graph: dict[str, Any]) -> tuple[list[Edit], dict[str, Any]]:
    """The wide and the leaf pull requests, chosen from our graph of main."""
    nodes = {n["id"]: n for n in graph["nodes"]}
    modules = {n["path"]: n["qualname"] for n in graph["nodes"] if n["kind"] == "module"}
    callers: dict[str, list[dict[str, Any]]] = {}
    for e in graph["edges"]:
        if e["kind"] == "calls":
            callers.setdefault(e["target"], []).append(e)

    wide_node = nodes.get(WIDE_FUNCTION)
    if wide_node is None:
        raise RuntimeError(f"{WIDE_FUNCTION} is not in our graph")
    wide = plan_edit(repo, "wide", "pr-wide", wide_node, modules[wide_node["path"]])
    if wide is None:
        raise RuntimeError(f"no place for a new first statement in {WIDE_FUNCTION}")

    candidates = sorted(
        (
            n
            for n in graph["nodes"]
            if n["kind"] in ("function", "method")
            and n["path"].startswith("lib/")
            and len(callers.get(n["id"], ())) == 1
            # A function called by module-level code runs on import: not a leaf.
            and nodes.get(callers[n["id"]][0]["source"], {}).get("kind") in ("function", "method")
        ),
        key=lambda n: str(n["id"]),
    )
    leaf = None
    skipped = []
    for node in candidates:
        leaf = plan_edit(repo, "leaf", "pr-leaf", node, modules[node["path"]])
        if leaf is not None:
            break
        skipped.append(node["id"])
    if leaf is None:
        raise RuntimeError("no leaf function with room for a new first statement")
    caller = callers[leaf.node["id"]][0]
    caller_node = nodes.get(caller["source"], {})
    pick = {
        "rule": "first by id of function/method nodes under lib/ with exactly 1 incoming "
        "calls edge, from a function or method, skipping bodies with no line of their own",
        "candidates": len(candidates),
        "skipped": skipped,
        "wide_calls_in": len(callers.get(WIDE_FUNCTION, ())),
        "leaf_caller": {
            "id": caller["source"],
            "kind": caller_node.get("kind"),
            "line": caller["line"],
            "confidence": caller["confidence"],
        },
    }
    return [wide, leaf], pick


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------


def _checked(run: Run) -> Run:
    if run.returncode != 0:
        raise RuntimeError(
            f"{run.label}: `{' '.join(run.cmd)}` exited with {run.returncode}\n{run.stderr[-4000:]}"
        )
    return run


def _timing(run: Run) -> dict[str, Any]:
    return {
        "seconds": run.seconds,
        "max_rss_mb": run.max_rss_mb,
        "tree_peak_mb": run.tree_peak_mb,
        "peak_mb": run.peak_mb,
        "cmd": run.cmd,
    }


def _best(runs: list[Run]) -> dict[str, Any]:
    best = min(runs, key=lambda r: r.seconds)
    return {**_timing(best), "all_seconds": [r.seconds for r in runs]}


def _sum(parts: dict[str, Run]) -> dict[str, Any]:
    peaks = [r.peak_mb for r in parts.values() if r.peak_mb is not None]
    return {
        "seconds": sum(r.seconds for r in parts.values()),
        "peak_mb": max(peaks) if peaks else None,
        "parts": {k: _timing(r) for k, r in parts.items()},
    }


def ours_command(python: str) -> list[str]:
    """The ``blast-radius`` console script beside ``python``, else ``python -m blast_radius``."""
    script = Path(python).parent / "blast-radius"
    return [str(script)] if script.exists() else [python, "-m", "blast_radius"]


def ours_summary(report_path: Path, edit: Edit) -> dict[str, Any]:
    report = json.loads(report_path.read_text(encoding="utf-8"))
    dependents = report["dependents"]
    by_distance = sorted(dependents, key=lambda d: (d["distance"], d["id"]))
    picks = [by_distance[i] for i in sorted({0, len(by_distance) // 2, len(by_distance) - 1})]
    return {
        "changed": [f"{c['id']} ({c['change']})" for c in report["changed"]],
        "mentions_edit": any(c["id"] == edit.node["id"] for c in report["changed"]),
        "dependent_symbols": report["dependent_symbols"],
        "dependent_files": report["dependent_files"],
        "dependent_kinds": dict(Counter(d["kind"] for d in dependents)),
        "risk": report["risk"],
        "risk_score": report["risk_score"],
        "tests": len(report["tests"]),
        "test_files": len(report["test_files"]),
        "entry_points": len(report["entry_points"]),
        "cut_by": report["limits"]["cut_by"],
        "elapsed_seconds": report.get("elapsed_seconds"),
        "samples": [
            {
                "id": d["id"],
                "kind": d["kind"],
                "distance": d["distance"],
                "confidence": d["confidence"],
                "why": [f"{h['source']} -{h['kind']}@{h['line']}->" for h in d["why"]]
                + [d["reaches"]],
            }
            for d in picks
            if by_distance
        ],
    }


def peer_summary(stdout: str, edit: Edit) -> dict[str, Any]:
    result = json.loads(stdout)
    callers = result.get("impacted_callers", [])
    return {
        "modified_symbols": result.get("modified_symbols", []),
        "mentions_edit": edit.peer_symbol in result.get("modified_symbols", []),
        "impacted_callers": len(callers),
        "impacted_files": len({c.split("::", 1)[0] for c in callers}),
        "affected_tests": len(result.get("affected_tests", [])),
        "blast_radius_nodes": result.get("blast_radius_nodes"),
        "risk_score": result.get("risk_score"),
        "high_risk": result.get("high_risk"),
        "truncated": result.get("truncated"),
        "incomplete_reason": result.get("incomplete_reason", ""),
        "samples": callers[:3],
    }


def _snapshot(folder: Path) -> list[tuple[str, int, int]]:
    return sorted(
        (str(p.relative_to(folder)), p.stat().st_size, p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file()
    )


def _load_average() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Impact benchmark on SQLAlchemy 2.0.36.")
    add_cache_dir_argument(parser)
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
        help="timed runs of ours and of the peer's PR step; the fastest counts (default: 3)",
    )
    parser.add_argument(
        "--peer",
        choices=["all", "diff", "none"],
        default="all",
        help="peer costs to time: all (PR step, incremental, full), diff (PR step only), "
        "none (default: all)",
    )
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
    src = workload_root(SQLALCHEMY, cache_dir)
    runs_dir = cache_dir / "runs"
    runs_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="impact-", dir=runs_dir))
    results: dict[str, Any] = {
        "workload": f"{SQLALCHEMY.name}=={SQLALCHEMY.version}",
        "jobs": jobs,
        "cpu_count": os.cpu_count(),
        "repeat": repeat,
        "load_average_before": _load_average(),
        "memory_method": memory_method(),
        "targets": {
            "ours_seconds_max": TARGET_OURS_SECONDS,
            "ours_target_cores": TARGET_OURS_CORES,
            "peer_over_ours_min": TARGET_PEER_OVER_OURS,
        },
    }
    try:
        repo = make_git_repo(src, work / "repo")
        results["ours_cmd"] = ours
        results["ours_module"] = subprocess.run(
            [args.python, "-c", "import blast_radius; print(blast_radius.__file__)"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        print(
            f"workload: {results['workload']} as a git repo at {repo}; jobs={jobs}; "
            f"cores={os.cpu_count()}; load average {results['load_average_before']}\n"
            f"ours: {' '.join(ours)} (blast_radius from {results['ours_module']})",
            flush=True,
        )

        # -- the two pull requests (chosen from our graph of main) -----------
        graph_run = _checked(
            run_measured(
                "ours graph",
                [*ours, "graph", str(repo), "--format", "json", "--no-cache", "--jobs", str(jobs)],
            )
        )
        edits, pick = plan_edits(repo, json.loads(graph_run.stdout))
        del graph_run
        for edit in edits:
            commit_edit(repo, edit)
        results["pick"] = pick
        results["edits"] = [
            {
                "name": e.name,
                "branch": e.branch,
                "function": e.node["id"],
                "kind": e.node["kind"],
                "path": e.node["path"],
                "def_line": e.node["start_line"],
                "edit_line": e.line,
                "edit": e.text.strip(),
                "peer_symbol": e.peer_symbol,
            }
            for e in edits
        ]
        leaf = edits[1]
        caller = pick["leaf_caller"]
        print(
            f"leaf pick: {leaf.node['id']} ({leaf.node['kind']}, {leaf.node['path']}:"
            f"{leaf.node['start_line']}), its one incoming calls edge is from {caller['id']} "
            f"({caller['kind']}, line {caller['line']}); {pick['candidates']} candidates, "
            f"{len(pick['skipped'])} skipped",
            flush=True,
        )
        for e in edits:
            print(f"  {e.branch}: {e.node['path']}:{e.line} + `{e.text.strip()}`")

        # -- ours: the base index, built once on main (not timed) -------------
        base_cache = work / "ours-base-cache"
        base_index = _checked(
            run_measured(
                "ours index",
                [
                    *ours,
                    "index",
                    str(repo),
                    "--cache-dir",
                    str(base_cache),
                    "--jobs",
                    str(jobs),
                    "--quiet",
                ],
            )
        )
        results["ours_base_index"] = _timing(base_index)

        # -- the peer: its base index, built once on main (not timed) ---------
        peer_exe: Path | None = None
        peer_base = work / "peer-base"
        if args.peer != "none":
            peer_exe = ensure_peer(cache_dir)
            version = subprocess.run(
                [str(peer_exe), "--version"], capture_output=True, text=True, check=False
            ).stdout.strip()
            peer_base_build = _checked(
                run_measured(
                    "peer build (main)",
                    [
                        str(peer_exe),
                        "build",
                        str(repo),
                        "-o",
                        str(peer_base),
                        "--jobs",
                        str(jobs),
                        *PEER_BUILD_SCOPE,
                    ],
                )
            )
            results["peer_base_build"] = {**_timing(peer_base_build), "version": version}

        results["prs"] = []
        for edit in edits:
            git(repo, "checkout", "--quiet", edit.branch)
            print(f"[{edit.name}] ours ...", file=sys.stderr, flush=True)
            pr: dict[str, Any] = {"name": edit.name, "function": edit.node["id"]}

            # -- ours -------------------------------------------------------
            run_cache = work / "ours-run-cache"
            report = work / f"ours-{edit.name}.json"

            def impact(label: str, cache: Path, out: Path) -> Run:
                return _checked(
                    run_measured(
                        label,
                        [
                            *ours,
                            "impact",
                            str(repo),
                            "--base",
                            BASE_BRANCH,
                            "--cache-dir",
                            str(cache),
                            "--format",
                            "json",
                            "--out",
                            str(out),
                            "--quiet",
                            "--jobs",
                            str(jobs),
                        ],
                    )
                )

            cold_runs = []
            for _ in range(repeat):
                shutil.rmtree(run_cache, ignore_errors=True)
                shutil.copytree(base_cache, run_cache)
                cold_runs.append(impact("ours impact (base index)", run_cache, report))
            warm_report = work / f"ours-{edit.name}-warm.json"
            warm_runs = [
                impact("ours impact (warm)", run_cache, warm_report) for _ in range(repeat)
            ]
            shutil.rmtree(run_cache, ignore_errors=True)
            summary = ours_summary(report, edit)
            warm_summary = ours_summary(warm_report, edit)
            pr["ours"] = {
                "base_index": _best(cold_runs),
                "warm": _best(warm_runs),
                "report": summary,
                "warm_report_same_counts": all(
                    summary[k] == warm_summary[k]
                    for k in ("dependent_symbols", "dependent_files", "risk", "tests")
                ),
            }

            # -- the peer ---------------------------------------------------
            if peer_exe is not None:
                print(f"[{edit.name}] peer ...", file=sys.stderr, flush=True)

                def peer_diff(label: str, index_dir: Path, exe: Path = peer_exe) -> Run:
                    return _checked(
                        run_measured(
                            label,
                            [
                                str(exe),
                                "diff",
                                "--pr-mode",
                                "--base-commit",
                                BASE_BRANCH,
                                "-r",
                                str(repo),
                                "-o",
                                str(index_dir),
                                "--format",
                                "json",
                            ],
                            cwd=work,
                        )
                    )

                def peer_build(label: str, out: Path, *extra: str, exe: Path = peer_exe) -> Run:
                    return _checked(
                        run_measured(
                            label,
                            [
                                str(exe),
                                "build",
                                str(repo),
                                "-o",
                                str(out),
                                "--jobs",
                                str(jobs),
                                *PEER_BUILD_SCOPE,
                                *extra,
                            ],
                        )
                    )

                before = _snapshot(peer_base)
                step_runs = [peer_diff("peer diff (base index)", peer_base) for _ in range(repeat)]
                peer: dict[str, Any] = {
                    "pr_step": _best(step_runs),
                    "report": peer_summary(step_runs[0].stdout, edit),
                    "diff_left_index_unchanged": _snapshot(peer_base) == before,
                    "sample_output": step_runs[0].stdout[:800],
                }
                if args.peer == "all":
                    inc_dir = work / "peer-incremental"
                    shutil.copytree(peer_base, inc_dir)
                    inc_build = peer_build("peer build --incremental", inc_dir, "--incremental")
                    inc_diff = peer_diff("peer diff (incremental index)", inc_dir)
                    shutil.rmtree(inc_dir)
                    head_dir = work / "peer-head"
                    full_build = peer_build("peer build (head)", head_dir)
                    full_diff = peer_diff("peer diff (head index)", head_dir)
                    shutil.rmtree(head_dir)
                    peer["incremental"] = _sum({"build": inc_build, "diff": inc_diff})
                    peer["full"] = _sum({"build": full_build, "diff": full_diff})
                    peer["report_head_index"] = peer_summary(full_diff.stdout, edit)
                pr["peer"] = peer

            pr["tree_clean"] = not git(repo, "status", "--porcelain", "--ignored").strip()
            results["prs"].append(pr)
            git(repo, "checkout", "--quiet", BASE_BRANCH)

        results["load_average_after"] = _load_average()
        print_table(results)
        if args.json == "-":
            print(json.dumps(results, indent=2, default=str))
        elif args.json:
            Path(args.json).write_text(json.dumps(results, indent=2, default=str) + "\n")
            print(f"\nJSON written to {args.json}")
    finally:
        if args.keep:
            print(f"scratch folder kept: {work}")
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


def print_table(results: dict[str, Any]) -> None:
    jobs = results["jobs"]
    print()
    print(
        f"ours base index (main, not timed): {results['ours_base_index']['seconds']:.2f} s"
        + (
            f"; peer base build (main, not timed): {results['peer_base_build']['seconds']:.2f} s"
            f" ({results['peer_base_build']['version']})"
            if "peer_base_build" in results
            else ""
        )
    )
    cores_note = "" if jobs == TARGET_OURS_CORES else f" (target is for {TARGET_OURS_CORES} cores)"
    for pr in results["prs"]:
        ours = pr["ours"]
        ours_s = ours["base_index"]["seconds"]
        print()
        print(f"== PR {pr['name']}: {pr['function']} ==")
        header = f"{'run':<44}{'seconds':>9}{'peak MB':>9}{'peer/ours':>11}  target"
        print(header)
        print("-" * len(header))

        def row(name: str, r: dict[str, Any], ratio: str, target: str) -> None:
            print(f"{name:<44}{r['seconds']:9.2f}{_mb(r.get('peak_mb')):>9}{ratio:>11}  {target}")

        row(
            f"ours impact, base index only (best of {len(ours['base_index']['all_seconds'])})",
            ours["base_index"],
            "",
            f"<= {TARGET_OURS_SECONDS:g} s on {TARGET_OURS_CORES} cores{cores_note}: "
            f"{_verdict(ours_s <= TARGET_OURS_SECONDS)}",
        )
        row(
            f"ours impact, warm (best of {len(ours['warm']['all_seconds'])})",
            ours["warm"],
            "",
            "",
        )
        peer = pr.get("peer")
        if peer:
            rows = [
                (
                    "peer PR step: diff on base index (best of "
                    f"{len(peer['pr_step']['all_seconds'])})",
                    peer["pr_step"],
                ),
                ("peer incremental build + diff", peer.get("incremental")),
                ("peer full build + diff", peer.get("full")),
            ]
            for name, r in rows:
                if r is None:
                    continue
                ratio = r["seconds"] / ours_s
                row(
                    name,
                    r,
                    f"{ratio:.1f}x",
                    f">= {TARGET_PEER_OVER_OURS:g}x: {_verdict(ratio >= TARGET_PEER_OVER_OURS)}",
                )
            for key in ("incremental", "full"):
                if key in peer:
                    parts = peer[key]["parts"]
                    print(
                        f"    {key}: build {parts['build']['seconds']:.2f} s + "
                        f"diff {parts['diff']['seconds']:.2f} s"
                    )

        rep = ours["report"]
        print()
        print(
            f"ours:  changed {', '.join(rep['changed'])}; edit seen: {rep['mentions_edit']}\n"
            f"       dependent_symbols {rep['dependent_symbols']}, dependent_files "
            f"{rep['dependent_files']}, risk {rep['risk']} ({rep['risk_score']:g}), "
            f"tests {rep['tests']} (in {rep['test_files']} files), entry points "
            f"{rep['entry_points']}, cut by {rep['cut_by'] or 'nothing'}; "
            f"kinds {rep['dependent_kinds']}; report's own elapsed {rep['elapsed_seconds']} s; "
            f"warm report has the same counts: {ours['warm_report_same_counts']}"
        )
        for s in rep["samples"]:
            print(
                f"       e.g. {s['id']} ({s['kind']}, distance {s['distance']}, "
                f"confidence {s['confidence']:g}) via {' '.join(s['why'])}"
            )
        if peer:
            for label, key in (("base index", "report"), ("head index", "report_head_index")):
                if key not in peer:
                    continue
                p = peer[key]
                print(
                    f"peer ({label}): modified {', '.join(p['modified_symbols'])}; edit seen: "
                    f"{p['mentions_edit']}\n"
                    f"       impacted_callers {p['impacted_callers']} (in {p['impacted_files']} "
                    f"files), affected_tests {p['affected_tests']}, blast_radius_nodes "
                    f"{p['blast_radius_nodes']}, risk_score {p['risk_score']} (high_risk "
                    f"{p['high_risk']}), truncated {p['truncated']}"
                )
            if peer["report"]["samples"]:
                print(f"       e.g. {', '.join(peer['report']['samples'])}")
            print(f"peer diff left its index unchanged: {peer['diff_left_index_unchanged']}")
        print(f"work tree clean after both tools: {pr['tree_clean']}")

    print()
    print("side by side (ours | peer PR step on the base index)")
    header = (
        f"{'PR':<6}{'ours s':>8}{'peer s':>8}{'peer/ours':>10}"
        f"{'dep. symbols':>17}{'dep. files':>15}{'tests':>17}{'risk':>18}"
    )
    print(header)
    print("-" * len(header))
    for pr in results["prs"]:
        rep = pr["ours"]["report"]
        ours_s = pr["ours"]["base_index"]["seconds"]
        peer = pr.get("peer")
        p = peer["report"] if peer else None
        peer_s = f"{peer['pr_step']['seconds']:.2f}" if peer else "-"
        ratio = f"{peer['pr_step']['seconds'] / ours_s:.1f}x" if peer else "-"

        def pair(a: object, b: object) -> str:
            return f"{a} | {b}"

        print(
            f"{pr['name']:<6}{ours_s:8.2f}{peer_s:>8}{ratio:>10}"
            f"{pair(rep['dependent_symbols'], p['impacted_callers'] if p else '-'):>17}"
            f"{pair(rep['dependent_files'], p['impacted_files'] if p else '-'):>15}"
            f"{pair(rep['tests'], str(p['affected_tests']) + ' files' if p else '-'):>17}"
            f"{pair(rep['risk'], p['risk_score'] if p else '-'):>18}"
        )
    print(
        "ours: dependent_symbols, dependent_files, len(tests) (test functions), risk; "
        "peer: impacted_callers, their distinct files, affected_tests (files), risk_score"
    )
    print(
        f"load average before {results['load_average_before']}, "
        f"after {results['load_average_after']}; cores {results['cpu_count']}, jobs {jobs}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
