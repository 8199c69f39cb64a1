"""Compare our module import edges with grimp's import graph.

For each workload (Django 5.1.4, SQLAlchemy 2.0.36) this builds:

* grimp's graph: ``grimp.build_graph(package, cache_dir=None)`` with the
  source root first on ``sys.path``. grimp finds the package with
  ``importlib.util.find_spec`` and scans the files statically; no package
  code runs.
* ours: ``python -m blast_radius graph <sdist root> --format json --no-cache``
  in a subprocess, keeping the ``imports`` edges whose two ends are module
  nodes (``python:<module>``) of the package being compared.

Both are reduced to sets of (importer, imported) module pairs and compared:
grimp is the reference, so precision = |ours & grimp| / |ours| and
recall = |ours & grimp| / |grimp|.

    python benchmarks/imports_vs_grimp.py [--check] [--workload django]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from workloads import DJANGO, SQLALCHEMY, Workload, add_cache_dir_argument, workload_root

THRESHOLD = 0.99
EXAMPLES = 15

Pair = tuple[str, str]


@dataclass
class Comparison:
    workload: Workload
    grimp_seconds: float
    ours_seconds: float
    grimp_modules: set[str]
    our_modules: set[str]
    grimp_pairs: set[Pair]
    our_pairs: set[Pair]
    our_edges: dict[Pair, dict[str, Any]] = field(default_factory=dict)
    our_paths: dict[str, str] = field(default_factory=dict)
    non_module_targets: list[dict[str, Any]] = field(default_factory=list)
    grimp_details: Any = None  # the grimp graph, for get_import_details

    @property
    def true_positives(self) -> set[Pair]:
        return self.our_pairs & self.grimp_pairs

    @property
    def false_positives(self) -> set[Pair]:
        return self.our_pairs - self.grimp_pairs

    @property
    def false_negatives(self) -> set[Pair]:
        return self.grimp_pairs - self.our_pairs

    @property
    def precision(self) -> float:
        return len(self.true_positives) / len(self.our_pairs) if self.our_pairs else 0.0

    @property
    def recall(self) -> float:
        return len(self.true_positives) / len(self.grimp_pairs) if self.grimp_pairs else 0.0


def in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def grimp_graph(workload: Workload, root: Path) -> tuple[Any, float]:
    """Build grimp's graph of ``workload.package`` found under ``root/source_root``."""
    import grimp  # imported here so `--help` works without it

    source_root = str((root / workload.source_root).resolve())
    sys.path.insert(0, source_root)
    try:
        started = time.perf_counter()
        graph = grimp.build_graph(workload.package, cache_dir=None)
        seconds = time.perf_counter() - started
    finally:
        sys.path.remove(source_root)
    if workload.package in sys.modules:  # find_spec must not have imported it
        raise RuntimeError(f"{workload.package} was imported while building grimp's graph")
    return graph, seconds


def our_graph(root: Path, python: str) -> tuple[dict[str, Any], float]:
    """Run ``python -m blast_radius graph`` on ``root`` and parse its JSON."""
    cmd = [python, "-m", "blast_radius", "graph", str(root), "--format", "json", "--no-cache"]
    started = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if proc.returncode != 0:
        raise RuntimeError(
            f"`{' '.join(cmd)}` exited with {proc.returncode}\n{proc.stderr[-4000:]}"
        )
    return json.loads(proc.stdout), seconds


def compare(workload: Workload, root: Path, python: str) -> Comparison:
    graph, grimp_seconds = grimp_graph(workload, root)
    grimp_modules = set(graph.modules)
    grimp_pairs = {
        (m, t) for m in grimp_modules for t in graph.find_modules_directly_imported_by(m)
    }

    data, ours_seconds = our_graph(root, python)
    pkg = workload.package
    kinds: dict[str, str] = {}
    paths: dict[str, str] = {}
    for node in data.get("nodes", []):
        kinds[node["id"]] = node.get("kind", "")
        paths[node["id"]] = node.get("path", "")
    our_modules = {
        nid[len("python:") :]
        for nid, kind in kinds.items()
        if kind == "module" and nid.startswith("python:") and in_package(nid[7:], pkg)
    }

    def module_of(node_id: str) -> str | None:
        if not node_id.startswith("python:"):
            return None
        name = node_id[len("python:") :]
        if not in_package(name, pkg):
            return None
        # A node the graph does not list is taken at its word; a listed node
        # must be a module (an edge to a class is not a module import).
        if node_id in kinds and kinds[node_id] != "module":
            return None
        return name

    our_pairs: set[Pair] = set()
    our_edges: dict[Pair, dict[str, Any]] = {}
    non_module: list[dict[str, Any]] = []
    for edge in data.get("edges", []):
        if edge.get("kind") != "imports":
            continue
        src, dst = module_of(edge["source"]), module_of(edge["target"])
        if src is None:
            continue
        if dst is None:
            target = edge["target"]
            if target.startswith("python:") and in_package(target[7:], pkg):
                non_module.append(edge)
            continue
        our_pairs.add((src, dst))
        our_edges[(src, dst)] = edge

    return Comparison(
        workload=workload,
        grimp_seconds=grimp_seconds,
        ours_seconds=ours_seconds,
        grimp_modules=grimp_modules,
        our_modules=our_modules,
        grimp_pairs=grimp_pairs,
        our_pairs=our_pairs,
        our_edges=our_edges,
        our_paths={k[7:]: v for k, v in paths.items() if k.startswith("python:")},
        non_module_targets=non_module,
        grimp_details=graph,
    )


def _source_line(root: Path, rel_path: str, line: int) -> str:
    try:
        text = (root / rel_path).read_text(encoding="utf-8", errors="replace").splitlines()
        return text[line - 1].strip() if 0 < line <= len(text) else ""
    except OSError:
        return ""


def report(c: Comparison, root: Path) -> None:
    w = c.workload
    print(f"\n=== {w.name} {w.version}: package `{w.package}` ({root}) ===")
    print(
        f"grimp: {len(c.grimp_modules)} modules, {len(c.grimp_pairs)} import pairs "
        f"({c.grimp_seconds:.2f} s)"
    )
    print(
        f"ours:  {len(c.our_modules)} modules, {len(c.our_pairs)} import pairs "
        f"({c.ours_seconds:.2f} s, whole sdist, no cache)"
    )
    only_grimp = sorted(c.grimp_modules - c.our_modules)
    only_ours = sorted(c.our_modules - c.grimp_modules)
    if only_grimp or only_ours:
        print(f"modules only grimp has: {len(only_grimp)} {only_grimp[:8]}")
        print(f"modules only we have:   {len(only_ours)} {only_ours[:8]}")
    tp, fp, fn = c.true_positives, c.false_positives, c.false_negatives
    print(f"true positives {len(tp)}, false positives {len(fp)}, false negatives {len(fn)}")
    print(f"precision {c.precision:.4f}   recall {c.recall:.4f}   (target >= {THRESHOLD})")

    if c.non_module_targets:
        print(
            f"\n{len(c.non_module_targets)} of our `imports` edges point at a non-module "
            f"node of the package (not compared), e.g.:"
        )
        for e in c.non_module_targets[:5]:
            print(f"  {e['source']} -> {e['target']} (line {e.get('line')})")

    if fp:
        tag_counts = Counter(",".join(c.our_edges[p].get("tags", [])) or "-" for p in fp)
        print(f"\nfalse positives (we have, grimp does not) by our tags: {dict(tag_counts)}")
        for importer, imported in sorted(fp)[:EXAMPLES]:
            edge = c.our_edges[(importer, imported)]
            line = edge.get("line", 0)
            src = _source_line(root, c.our_paths.get(importer, ""), line)
            tags = ",".join(edge.get("tags", []))
            print(f"  {importer} -> {imported}  L{line} {src!r}" + (f" [{tags}]" if tags else ""))
    if fn:
        print("\nfalse negatives (grimp has, we do not):")
        for importer, imported in sorted(fn)[:EXAMPLES]:
            details = c.grimp_details.get_import_details(importer=importer, imported=imported)
            where = "; ".join(f"L{d['line_number']} {d['line_contents']!r}" for d in details[:2])
            print(f"  {importer} -> {imported}  {where}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_cache_dir_argument(parser)
    parser.add_argument(
        "--check", action="store_true", help=f"exit 1 when precision or recall is below {THRESHOLD}"
    )
    parser.add_argument(
        "--workload",
        choices=["django", "sqlalchemy"],
        action="append",
        help="compare only this workload (repeatable; default: both)",
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter that has blast_radius installed (default: this one)",
    )
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = parser.parse_args(argv)

    chosen = [w for w in (DJANGO, SQLALCHEMY) if not args.workload or w.package in args.workload]
    results = []
    failed = False
    for w in chosen:
        root = workload_root(w, args.cache_dir)
        try:
            c = compare(w, root, args.python)
        except RuntimeError as exc:
            print(f"\n=== {w.name} {w.version}: could not compare ===\n{exc}")
            failed = True
            continue
        report(c, root)
        results.append(c)
        if c.precision < THRESHOLD or c.recall < THRESHOLD:
            failed = True

    if args.json:
        print(
            json.dumps(
                {
                    c.workload.package: {
                        "version": c.workload.version,
                        "precision": round(c.precision, 4),
                        "recall": round(c.recall, 4),
                        "grimp_pairs": len(c.grimp_pairs),
                        "our_pairs": len(c.our_pairs),
                        "true_positives": len(c.true_positives),
                        "false_positives": len(c.false_positives),
                        "false_negatives": len(c.false_negatives),
                        "grimp_seconds": round(c.grimp_seconds, 3),
                        "ours_seconds": round(c.ours_seconds, 3),
                    }
                    for c in results
                },
                indent=2,
            )
        )
    if args.check and failed:
        print(f"\nFAIL: precision or recall below {THRESHOLD} (or a run failed)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
