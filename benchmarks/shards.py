"""Sharded index of a large repository: what each matrix job and the merge cost.

The repository is synthetic but real code (``synthetic.py``): renamed copies
of SQLAlchemy, Django and sympy, in turn, up to ``--lines`` lines of Python
(5 million by default). It is committed once and cloned from a bare
``origin``, as a runner's checkout would be.

Then, as the README's sharded workflow does, one after the other on this
machine (each figure is what one matrix job of ``--jobs`` cores would take,
without checkout and install):

1. ``blast-radius index --shard K/N --facts-out shard-K`` for every K;
2. ``blast-radius index --merge shard-* --publish-branch blast-radius-index``
   in a fresh cache folder: the merge job, which pushes the snapshot to
   ``origin``;
3. a pull request against that index, as a runner would run it: the branch
   ``pr`` adds one statement at the top of a helper used all over its copy
   (sympy's ``sift``, else SQLAlchemy's ``to_list``: ``store.py``'s edits),
   and ``blast-radius impact`` runs in a one-commit clone of it, restoring
   the merge's snapshot from ``origin``;
4. with ``--check``, also a merge with ``--out`` and one job indexing the
   whole tree with ``--out``: the two graphs must be byte-identical.

Each run's wall time and peak memory (largest process, and the process tree)
are printed.

    python benchmarks/shards.py [--lines 5000000] [--shards 4] [--jobs 2] [--merge-budget MB]
        [--check] [--keep]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from index import Run, memory_method, run_measured
from store import (
    CASES,
    EDIT_STATEMENT,
    PR_BRANCH,
    RESTORED_NOTE,
    add_first_statement,
    checked,
    clone_runner,
    commit_all,
    git,
)
from synthetic import make_synthetic_repo, plan_lines
from workloads import add_cache_dir_argument, finish_report, scratch_folder, whole_mb

INDEX_BRANCH = "blast-radius-index"
_GIT_ENV = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}


def _row(run: Run) -> dict[str, Any]:
    return {
        "label": run.label,
        "seconds": round(run.seconds, 2),
        "max_rss_mb": run.max_rss_mb,
        "tree_peak_mb": run.tree_peak_mb,
        "cmd": run.cmd,
    }


def _blob_bytes(repo: Path, ref: str) -> int:
    """The size of the snapshot blobs (``snapshots/*``) on a branch."""
    listing = git(repo, "ls-tree", "-r", "-l", ref)
    return sum(
        int(line.split()[3])
        for line in listing.splitlines()
        if line.split("\t", 1)[-1].startswith("snapshots/")
    )


def _push_pull_request(clone: Path, folders: list[str]) -> str:
    """Push ``PR_BRANCH``: the edit of ``store.py``'s sympy case (else SQLAlchemy's)
    in the first copy of that workload; the edited file's path. The clone is
    left on the branch it was on."""
    for name in ("sympy", "sqlalchemy"):
        folder = f"{name}-1"  # copy 1 keeps the package's own name
        if folder in folders:
            case = CASES[name]
            path = f"{folder}/{case.edit_path}"
            edited = clone / path
            text = add_first_statement(
                edited.read_text(encoding="utf-8"), case.edit_function, EDIT_STATEMENT
            )
            git(clone, "checkout", "--quiet", "-b", PR_BRANCH)
            edited.write_text(text, encoding="utf-8")
            commit_all(clone, f"edit {case.edit_function}")
            git(clone, "push", "--quiet", "origin", PR_BRANCH)
            # What was sharded, for --check's runs on this clone.
            git(clone, "checkout", "--quiet", "-")
            return f"{path}:{case.edit_function}"
    raise RuntimeError("no copy of sympy or SQLAlchemy to edit: raise --lines")


def _pull_request_run(
    ours: list[str], jobs: list[str], origin: Path, work: Path
) -> tuple[Run, dict[str, int]]:
    """A restored pull-request run in a one-commit clone (the report must say it
    restored), and how many dependents and tests its report lists."""
    runner = clone_runner(origin, work / "runner")
    report = work / "report.json"
    cmd = [*ours, "impact", str(runner), "--base", "origin/main", *jobs, "--quiet"]
    cmd += ["--cache-dir", str(work / "runner-cache"), "--format", "json", "--out", str(report)]
    run = checked(run_measured("pull request (restored)", cmd, env=_GIT_ENV))
    data = json.loads(report.read_text(encoding="utf-8"))
    source = data["index"]["source"]
    if not source.startswith(RESTORED_NOTE):
        raise RuntimeError(f"the pull-request run says {source!r}, expected a restored index")
    shutil.rmtree(runner)
    shutil.rmtree(work / "runner-cache")
    return run, {"dependents": len(data["dependents"]), "tests": len(data["tests"])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Sharded index of a synthetic large repository.")
    add_cache_dir_argument(parser)
    parser.add_argument("--lines", type=int, default=5_000_000, help="lines of Python to index")
    parser.add_argument("--shards", type=int, default=4, help="matrix jobs (default: 4)")
    parser.add_argument("--jobs", type=int, default=2, help="cores per job (default: 2)")
    parser.add_argument(
        "--merge-budget",
        type=int,
        metavar="MB",
        help="--memory-budget of the merge job (default: the tool's own)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="also merge to a file and index in one job: the graphs must be identical",
    )
    parser.add_argument("--python", default=sys.executable, help="interpreter with blast-radius")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args(argv)

    cache_dir: Path = args.cache_dir.expanduser()
    ours = [args.python, "-m", "blast_radius"]
    jobs = ["--jobs", str(args.jobs)]
    results: dict[str, Any] = {
        "merge_budget_mb": args.merge_budget,
        "shards": args.shards,
        "jobs": args.jobs,
        "cpu_count": os.cpu_count(),
        "memory_method": memory_method(),
        "load_average_before": list(os.getloadavg()),
    }
    with scratch_folder(cache_dir, "shards-", args.keep) as work:
        copies, lines = plan_lines(args.lines, cache_dir)
        print(f"[shards] writing {len(copies)} copies ({lines:,} lines) ...", file=sys.stderr)
        seed = make_synthetic_repo(copies, work / "seed", cache_dir)
        origin = work / "origin.git"
        clone = work / "clone"
        for cmd in (
            ["git", "clone", "--quiet", "--bare", str(seed), str(origin)],
            ["git", "clone", "--quiet", origin.as_uri(), str(clone)],
        ):
            subprocess.run(cmd, check=True, env=_GIT_ENV)
        shutil.rmtree(seed)
        files = git(clone, "ls-files").count("\n")
        results.update(copies=[c.folder for c in copies], python_lines=lines, tracked_files=files)

        shard_runs = []
        for k in range(1, args.shards + 1):
            print(f"[shards] shard {k}/{args.shards} ...", file=sys.stderr, flush=True)
            out = work / f"shard-{k}"
            cmd = [*ours, "index", str(clone), "--shard", f"{k}/{args.shards}"]
            cmd += ["--facts-out", str(out), *jobs, "--quiet"]
            shard_runs.append(checked(run_measured(f"shard {k}/{args.shards}", cmd)))
        shard_dirs = [str(work / f"shard-{k}") for k in range(1, args.shards + 1)]

        print("[shards] merge and publish ...", file=sys.stderr, flush=True)
        cmd = [*ours, "index", str(clone), "--merge", *shard_dirs]
        cmd += ["--cache-dir", str(work / "merge-cache"), "--publish-branch", INDEX_BRANCH]
        if args.merge_budget:
            cmd += ["--memory-budget", str(args.merge_budget)]
        merge = checked(run_measured("merge + publish", [*cmd, *jobs], env=_GIT_ENV))
        shutil.rmtree(work / "merge-cache")
        results["snapshot_bytes"] = {
            branch: _blob_bytes(origin, f"refs/heads/{branch}")
            for branch in (INDEX_BRANCH, f"{INDEX_BRANCH}-facts")
        }
        results["shard_runs"] = [_row(r) for r in shard_runs]
        results["merge"] = _row(merge)

        print("[shards] a pull request against the index ...", file=sys.stderr, flush=True)
        results["pr_edit"] = _push_pull_request(clone, results["copies"])
        pull_request, results["pr_reach"] = _pull_request_run(ours, jobs, origin, work)
        results["pull_request"] = _row(pull_request)

        if args.check:
            print("[shards] merge to a file, and one job ...", file=sys.stderr, flush=True)
            merged = work / "merged.jsonl"
            cmd = [*ours, "index", str(clone), "--merge", *shard_dirs, "--out", str(merged)]
            cmd += ["--cache-dir", str(work / "check-cache"), *jobs, "--quiet"]
            results["merge_out"] = _row(checked(run_measured("merge --out", cmd)))
            shutil.rmtree(work / "check-cache")
            single = work / "single.jsonl"
            cmd = [*ours, "index", str(clone), "--out", str(single)]
            cmd += ["--cache-dir", str(work / "single-cache"), *jobs, "--quiet"]
            results["single"] = _row(checked(run_measured("one job", cmd)))
            results["identical"] = merged.read_bytes() == single.read_bytes()
            results["graph_bytes"] = single.stat().st_size

    finish_report(results, print_report, args.json)
    return 0


def print_report(results: dict[str, Any]) -> None:
    """The figures as a table: one line per run."""
    print()
    print(
        f"{results['python_lines']:,} lines of Python in {results['tracked_files']:,} files "
        f"({len(results['copies'])} copies: {', '.join(results['copies'])}); "
        f"{results['shards']} shards, --jobs {results['jobs']} on {results['cpu_count']} cores, "
        f"merge budget {results['merge_budget_mb'] or 'default'}; "
        f"load {results['load_average_before'][0]:.2f} before, "
        f"{results['load_average_after'][0]:.2f} after"
    )
    header = f"{'run':<22}{'seconds':>9}{'max-proc MB':>13}{'tree MB':>9}"
    print(header)
    print("-" * len(header))
    rows = [*results["shard_runs"], results["merge"], results["pull_request"]]
    rows += [results[k] for k in ("merge_out", "single") if k in results]
    for r in rows:
        print(
            f"{r['label']:<22}{r['seconds']:>9.2f}{whole_mb(r['max_rss_mb']):>13}"
            f"{whole_mb(r['tree_peak_mb']):>9}"
        )
    slowest = max(r["seconds"] for r in results["shard_runs"])
    print(
        f"wall time with the shards in parallel: {slowest:.1f} s (slowest shard) + "
        f"{results['merge']['seconds']:.1f} s (merge) = "
        f"{slowest + results['merge']['seconds']:.1f} s"
    )
    reach = results["pr_reach"]
    print(
        f"pull request: `{EDIT_STATEMENT}` first in {results['pr_edit']}, restored from the "
        f"merge's snapshot: {reach['dependents']:,} dependents, {reach['tests']:,} tests"
    )
    sizes = results["snapshot_bytes"]
    print(
        "snapshot: "
        + ", ".join(f"{size / 1e6:.1f} MB on {branch}" for branch, size in sizes.items())
    )
    if "identical" in results:
        print(
            f"merged graph identical to one job's: {results['identical']} "
            f"({results['graph_bytes'] / 1e6:.1f} MB)"
        )
    print(f"memory: {results['memory_method']}")


if __name__ == "__main__":
    raise SystemExit(main())
