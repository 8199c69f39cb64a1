"""Incremental builds on real code: byte-identical to cold, and how few files they resolve.

For each language's workload (``languages.py``'s, pinned there), the workload
becomes a git repository and is edited ``--edits`` times at random with the
generic edits of ``tests/mutations.py``: definitions added, renamed, removed
and moved; bases changed; imports removed and copied; files added, deleted
and moved. After each edit the tree is indexed in this process with the
cache of the previous index (which resolves again only the files that name
something that changed) and with no cache; the graphs must be byte-identical.

Printed per workload: the edits whose graphs matched, and the files resolved
again per edit (median and largest) against the workload's file count.

    python benchmarks/incremental.py [--language python ...] [--edits 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from languages import WORKLOADS
from mutations import EDITS, Sources, _outcome, index
from workloads import add_cache_dir_argument, make_git_repo

from blast_radius.adapters.extraction import Extractor


def run_workload(root: Path, edits: int, seed: int, work: Path) -> dict[str, Any]:
    """Edit a copy of ``root`` at random and compare incremental and cold graphs."""
    repo = make_git_repo(root, work / "repo")
    cache = work / "cache"
    started = time.perf_counter()
    first = index(repo, cache)
    cold_seconds = time.perf_counter() - started
    files = first.meta.get("parsed", 0)
    rng = random.Random(seed)
    sources = Sources(repo, Extractor(1))
    steps: list[dict[str, Any]] = []
    attempts = 0
    while len(steps) < edits and attempts < edits * 4:
        attempts += 1
        what = rng.choice(EDITS)(repo, sources, rng)
        if what is None:
            continue
        subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
        started = time.perf_counter()
        try:
            warm = index(repo, cache)
            warm_text, resolved = warm.graph_text, len(warm.resolved)
        except Exception as error:  # the cold build says whether refusing was right
            warm_text, resolved = f"refused: {error}", 0
        seconds = time.perf_counter() - started
        cold_text, _ = _outcome(repo, None, 1)
        steps.append(
            {
                "edit": what,
                "identical": warm_text == cold_text,
                "resolved": resolved,
                "seconds": seconds,
            }
        )
    return {"files": files, "cold_seconds": cold_seconds, "steps": steps}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_cache_dir_argument(parser)
    parser.add_argument("--language", action="append", help="only these languages")
    parser.add_argument("--edits", type=int, default=10, help="edits per workload (default: 10)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: 1)")
    parser.add_argument("--verbose", action="store_true", help="print every edit")
    args = parser.parse_args(argv)
    cache_dir: Path = args.cache_dir.expanduser()
    chosen = [w for w in WORKLOADS if not args.language or w.language in args.language]
    header = (
        f"{'language':<12}{'workload':<36}{'files':>7}{'identical':>11}"
        f"{'resolved median':>17}{'max':>6}{'edit s':>8}{'cold s':>8}"
    )
    print(header)
    print("-" * len(header))
    failures = 0
    for workload in chosen:
        root = workload.fetch(cache_dir)
        with tempfile.TemporaryDirectory(prefix="incremental-") as scratch:
            result = run_workload(root, args.edits, args.seed, Path(scratch))
        steps = result["steps"]
        same = sum(s["identical"] for s in steps)
        failures += len(steps) - same
        resolved = [s["resolved"] for s in steps] or [0]
        print(
            f"{workload.language:<12}{workload.name[:35]:<36}{result['files']:>7}"
            f"{f'{same}/{len(steps)}':>11}{statistics.median(resolved):>17g}{max(resolved):>6}"
            f"{statistics.median([s['seconds'] for s in steps] or [0]):>8.2f}"
            f"{result['cold_seconds']:>8.2f}",
            flush=True,
        )
        for step in steps:
            if not step["identical"]:
                print(f"    differs from cold after: {step['edit']}")
            elif args.verbose:
                print(f"    {step['resolved']:>6} resolved after: {step['edit']}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
