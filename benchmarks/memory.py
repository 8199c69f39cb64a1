"""Peak memory of a cold index, on Django 5.1.4 and on a repository K times its size.

Both trees are made by ``synthetic.py``: one copy of Django, and K renamed
copies of it (four by default), each committed as one git repository. Each
is indexed cold (an empty cache folder, the default ``memory-budget``)
``--repeat`` times, in turn, with

    python -m blast_radius index TREE --cache-dir EMPTY --out GRAPH --jobs N --quiet

and the peak of each run is measured as ``index.py`` measures it: the
largest single process (``/usr/bin/time -v``) and the sum of PSS over the
process tree (sampled every 0.1 s). The highest peak of each tree's runs is
compared with the targets, by each measure and by the larger of the two
(which ``index.py`` judges by): Django at most 400 MB (moonshot 300 MB),
and the larger tree at most 1.5 times Django's peak, measured in the same
run. With ``--jobs`` above 1 the two differ most: a process forked to
resolve files shares its parent's memory until either touches it. Each run's
line also splits the tree's peak into each process's private memory (what it
allocated, and the pages it copied from the other on writing them) and the
pages they still shared.

    python benchmarks/memory.py [--copies 4] [--jobs N] [--repeat 2] [--json FILE] [--keep]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from index import Run, memory_method, run_measured
from store import checked
from synthetic import make_synthetic_repo, plan, python_lines
from workloads import add_cache_dir_argument, finish_report, scratch_folder, whole_mb

TARGET_DJANGO_MB = 400.0
MOONSHOT_DJANGO_MB = 300.0
TARGET_GROWTH = 1.5


def _row(run: Run) -> dict[str, Any]:
    return {
        "seconds": round(run.seconds, 2),
        "max_rss_mb": run.max_rss_mb,
        "tree_peak_mb": run.tree_peak_mb,
        "peak_mb": run.peak_mb,
        "tree_peak_private_mb": [round(mb, 1) for mb in run.tree_peak_private_mb],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Peak memory of a cold index as a tree grows.")
    add_cache_dir_argument(parser)
    parser.add_argument("--copies", type=int, default=4, help="copies of Django in the larger tree")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="--jobs of each run (default: cores)"
    )
    parser.add_argument("--repeat", type=int, default=2, help="cold runs of each tree (default: 2)")
    parser.add_argument("--python", default=sys.executable, help="interpreter with blast-radius")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args(argv)

    cache_dir: Path = args.cache_dir.expanduser()
    sizes = {"django": 1, f"django x{args.copies}": args.copies}
    results: dict[str, Any] = {
        "jobs": args.jobs,
        "cpu_count": os.cpu_count(),
        "memory_method": memory_method(),
        "load_average_before": list(os.getloadavg()),
        "trees": {},
    }
    with scratch_folder(cache_dir, "memory-", args.keep) as work:
        trees: dict[str, Path] = {}
        for name, count in sizes.items():
            print(f"[memory] writing {name} ...", file=sys.stderr, flush=True)
            copies = plan({"django": count})
            tree = make_synthetic_repo(copies, work / f"tree-{count}", cache_dir)
            trees[name] = tree
            results["trees"][name] = {"python_lines": python_lines(tree), "runs": []}
        # In turn, so that a slow spell of the machine falls on both trees.
        for number in range(max(1, args.repeat)):
            for name, tree in trees.items():
                print(f"[memory] {name}, run {number + 1} ...", file=sys.stderr, flush=True)
                cache = work / "cache"
                shutil.rmtree(cache, ignore_errors=True)
                cmd = [args.python, "-m", "blast_radius", "index", str(tree)]
                cmd += ["--cache-dir", str(cache), "--out", str(work / "graph.jsonl")]
                cmd += ["--jobs", str(args.jobs), "--quiet"]
                run = checked(run_measured(f"{name} cold", cmd))
                results["trees"][name]["runs"].append(_row(run))
    finish_report(results, print_report, args.json)
    return 0


def print_report(results: dict[str, Any]) -> None:
    """One line per run, then each tree's highest peak against the targets."""
    print()
    print(
        f"cold index, default memory budget, --jobs {results['jobs']} on "
        f"{results['cpu_count']} cores; memory: {results['memory_method']}; "
        f"load {results['load_average_before'][0]:.2f} before, "
        f"{results['load_average_after'][0]:.2f} after"
    )
    header = (
        f"{'tree':<14}{'lines':>11}{'seconds':>9}{'max-proc MB':>13}{'tree MB':>9}"
        "  at the tree's peak"
    )
    print(header)
    print("-" * len(header))
    for name, tree in results["trees"].items():
        for run in tree["runs"]:
            print(
                f"{name:<14}{tree['python_lines']:>11,}{run['seconds']:>9.2f}"
                f"{whole_mb(run['max_rss_mb']):>13}{whole_mb(run['tree_peak_mb']):>9}"
                f"  {_composition(run)}"
            )
    print(
        "(at the tree's peak: each process's private memory, its own allocations and the "
        "pages it copied on writing them, and the pages they still shared)"
    )
    names = list(results["trees"])
    small, large = results["trees"][names[0]], results["trees"][names[-1]]
    # Each measure on its own, then the larger of the two, which the targets use.
    for label, key in (
        ("largest process", "max_rss_mb"),
        ("process tree", "tree_peak_mb"),
        ("the larger of the two", "peak_mb"),
    ):
        django, grown = _highest(small, key), _highest(large, key)
        if django is None or grown is None:
            continue
        growth = grown / django
        print(
            f"{label}: {names[0]} {django:.0f} MB (target <= {TARGET_DJANGO_MB:.0f} MB: "
            f"{_verdict(django <= TARGET_DJANGO_MB)}; moonshot <= {MOONSHOT_DJANGO_MB:.0f} MB: "
            f"{'met' if django <= MOONSHOT_DJANGO_MB else 'not met'}), {names[-1]} {grown:.0f} MB "
            f"= {growth:.2f}x (target <= {TARGET_GROWTH}x: {_verdict(growth <= TARGET_GROWTH)})"
        )


def _composition(run: dict[str, Any]) -> str:
    """The tree's peak as each process's private memory plus what they shared."""
    private = run.get("tree_peak_private_mb") or []
    if not private or run["tree_peak_mb"] is None:
        return ""
    shared = run["tree_peak_mb"] - sum(private)
    return f"private {' + '.join(f'{mb:.0f}' for mb in private)}, shared {shared:.0f} MB"


def _highest(tree: dict[str, Any], key: str) -> float | None:
    values = [r[key] for r in tree["runs"] if r[key] is not None]
    return max(values) if values else None


def _verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


if __name__ == "__main__":
    raise SystemExit(main())
