"""Compare our Go package import edges with ``go list``.

The workloads are those of ``go_workloads.py``: Go modules from Debian
packages pinned by version and sha256, each made into a git repository with one
commit inside a GOPATH that also holds the Debian packages of its imports. Two
sets of (importer package, imported package) pairs are built over the
packages inside the repository, each package named by its directory relative
to the repository root (``.`` for the root):

* the oracle: ``go list -e -json -deps -test ./...`` in GOPATH mode
  (``GO111MODULE=off``, offline), once for the default build (linux/amd64, no
  tags) and once more for each of the workload's extra ``-tags`` builds. For
  each package of the repository, its ``Imports`` and ``TestImports`` give
  pairs from ``<dir>``, and its ``XTestImports`` (the files that say
  ``package x_test``) pairs from ``<dir>_test``. An import is kept when the
  imported package's ``Dir`` is inside the repository; the standard library and
  the dependencies are dropped. The pairs of all builds are united;
* ours: ``python -m blast_radius graph REPO --format json --no-cache --jobs N``,
  keeping the ``imports`` edges from a file module node ``go:<path>.go`` to a
  package node ``go:<dir>`` (kind ``package``), but those tagged ``package``
  (a package's own test file built with it: no import statement). The importer is the file's
  directory, or ``<dir>_test`` when the file's package clause says
  ``package x_test`` (the script reads the clause itself); the imported
  package is ``<dir>``. Only files that some oracle build compiles
  (``GoFiles``, ``CgoFiles``, ``TestGoFiles``, ``XTestGoFiles``) count; the
  edges of the other files (other platforms, tags no build sets) are counted
  apart and not compared.

External test packages stay apart on both sides: ``<dir>_test`` is its own
importer, so an import in ``package x_test`` that we put on ``<dir>`` is both a
miss and a false positive. ``go list`` counts as the truth: precision = |ours
& oracle| / |ours| and recall = |ours & oracle| / |oracle|.

    python benchmarks/go_imports.py [--workload gin] [--check] [--json [FILE]] [--keep]
        [--oracle-only] [--python PY] [--jobs 2] [--examples 15]
"""

from __future__ import annotations

import argparse
import json
import posixpath
import re
import shutil
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from go_workloads import ALL_WORKLOADS, GoTree, GoWorkload, go_list, go_version, prepare
from js_imports import run_ours, tool_version
from workloads import add_cache_dir_argument

THRESHOLD = 0.99
EXAMPLES = 15

Pair = tuple[str, str]
# How the oracle saw a pair: (build, field), e.g. ("default", "XTestImports").
Use = tuple[str, str]

FILE_FIELDS = ("GoFiles", "CgoFiles", "TestGoFiles", "XTestGoFiles")
IMPORT_FIELDS = ("Imports", "TestImports", "XTestImports")


# --- reading Go sources ----------------------------------------------------------------------

_PACKAGE = re.compile(r"package\s+([A-Za-z_][A-Za-z0-9_]*)")


def package_clause(text: str) -> str:
    """The name in a Go file's ``package`` clause ("" when there is none).

    Comments before the clause (licence headers, build constraints) are skipped.
    """
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text[i].isspace() or text[i] == "\ufeff":
            i += 1
        else:
            m = _PACKAGE.match(text, i)
            return m.group(1) if m else ""
    return ""


def importer_key(repo: Path, path: str) -> str:
    """The importer a Go file counts for: its directory, ``<dir>_test`` for ``package x_test``."""
    d = posixpath.dirname(path) or "."
    try:
        name = package_clause((repo / path).read_text(encoding="utf-8", errors="replace"))
    except OSError:
        name = ""
    return f"{d}_test" if name.endswith("_test") and path.endswith("_test.go") else d


def source_line(repo: Path, path: str, line: int) -> str:
    try:
        text = (repo / path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return ""
    return text[line - 1].strip()[:110] if 0 < line <= len(text) else ""


# --- the oracle ------------------------------------------------------------------------------


@dataclass
class Oracle:
    builds: list[str]  # "default", then each extra -tags value
    packages: dict[str, str] = field(default_factory=dict)  # dir -> import path (GOPATH)
    files: dict[str, str] = field(default_factory=dict)  # compiled file -> importer key
    ignored: set[str] = field(default_factory=set)  # files no build compiles
    pairs: dict[Pair, set[Use]] = field(default_factory=dict)
    outside: Counter[str] = field(default_factory=Counter)  # imports of other code, by kind
    errors: list[str] = field(default_factory=list)
    package_count: dict[str, int] = field(default_factory=dict)  # build -> repo packages


def _rel(repo: Path, d: str) -> str | None:
    """``d`` relative to the repository ('.' for its root), None when outside it."""
    p = Path(d)
    if not p.is_relative_to(repo):
        return None
    rel = p.relative_to(repo).as_posix()
    return rel or "."


def run_oracle(tree: GoTree, cache_dir: Path) -> Oracle:
    w = tree.workload
    oracle = Oracle(builds=["default", *w.tags])
    ignored: set[str] = set()
    for build in oracle.builds:
        pkgs = go_list(tree, cache_dir, "" if build == "default" else build)
        where: dict[str, str | None] = {}  # import path -> repo dir (None: outside)
        for p in pkgs:
            if p.get("ForTest") or p["ImportPath"].endswith(".test"):
                continue
            where[p["ImportPath"]] = _rel(tree.repo, p["Dir"]) if p.get("Dir") else None
        mine = [
            p
            for p in pkgs
            if not p.get("ForTest")
            and not p["ImportPath"].endswith(".test")
            and where.get(p["ImportPath"]) is not None
        ]
        oracle.package_count[build] = len(mine)
        for p in pkgs:
            err = p.get("Error")
            if err and where.get(p["ImportPath"]) is not None:
                oracle.errors.append(f"[{build}] {p['ImportPath']}: {err.get('Err', '')[:200]}")
        for p in mine:
            d = where[p["ImportPath"]]
            assert d is not None
            oracle.packages[d] = p["ImportPath"]
            prefix = "" if d == "." else d + "/"
            for fld in FILE_FIELDS:
                for name in p.get(fld) or ():
                    oracle.files[prefix + name] = f"{d}_test" if fld == "XTestGoFiles" else d
            for name in p.get("IgnoredGoFiles") or ():
                ignored.add(prefix + name)
            for fld in IMPORT_FIELDS:
                importer = f"{d}_test" if fld == "XTestImports" else d
                for imp in p.get(fld) or ():
                    target = where.get(imp)
                    if target is None:
                        kind = (
                            "C"
                            if imp == "C"
                            else ("std" if "." not in imp.split("/")[0] else "dep")
                        )
                        oracle.outside[kind] += 1
                        continue
                    oracle.pairs.setdefault((importer, target), set()).add((build, fld))
    oracle.ignored = ignored - set(oracle.files)
    return oracle


# --- ours ------------------------------------------------------------------------------------


@dataclass
class Ours:
    pairs: dict[Pair, list[dict[str, Any]]] = field(default_factory=dict)  # -> the edges
    modules: dict[str, str] = field(default_factory=dict)  # file path -> module node id
    packages: set[str] = field(default_factory=set)  # package node dirs
    uncompared: list[dict[str, Any]] = field(default_factory=list)  # from files no build has
    non_package: list[dict[str, Any]] = field(default_factory=list)  # to a node not a package
    go_nodes: int = 0


def read_ours(graph: dict[str, Any], repo: Path, oracle: Oracle) -> Ours:
    ours = Ours()
    nodes = {n["id"]: n for n in graph.get("nodes", [])}
    for n in nodes.values():
        nid = str(n["id"])
        if not nid.startswith("go:"):
            continue
        ours.go_nodes += 1
        if n.get("kind") == "module" and nid.endswith(".go"):
            ours.modules[nid[3:]] = nid
        elif n.get("kind") == "package":
            ours.packages.add(nid[3:])
    keys: dict[str, str] = {}
    for e in graph.get("edges", []):
        if e.get("kind") != "imports" or "package" in (e.get("tags") or ()):
            continue  # a package's edges to its files and its own test files': no import
        src, dst = str(e["source"]), str(e["target"])
        if not (src.startswith("go:") and src.endswith(".go")):
            continue
        target = nodes.get(dst)
        if target is None or target.get("kind") != "package" or not dst.startswith("go:"):
            ours.non_package.append(e)
            continue
        path = src[3:]
        if path not in oracle.files:
            ours.uncompared.append(e)
            continue
        if path not in keys:
            keys[path] = importer_key(repo, path)
        ours.pairs.setdefault((keys[path], dst[3:]), []).append(e)
    return ours


# --- the comparison --------------------------------------------------------------------------


@dataclass
class Comparison:
    workload: GoWorkload
    oracle: Oracle
    ours: Ours | None
    ours_error: str = ""
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def oracle_pairs(self) -> set[Pair]:
        return set(self.oracle.pairs)

    @property
    def our_pairs(self) -> set[Pair]:
        return set(self.ours.pairs) if self.ours else set()

    @property
    def true_positives(self) -> set[Pair]:
        return self.our_pairs & self.oracle_pairs

    @property
    def false_positives(self) -> set[Pair]:
        return self.our_pairs - self.oracle_pairs

    @property
    def false_negatives(self) -> set[Pair]:
        return self.oracle_pairs - self.our_pairs

    @property
    def precision(self) -> float:
        return len(self.true_positives) / len(self.our_pairs) if self.our_pairs else 0.0

    @property
    def recall(self) -> float:
        oracle = self.oracle_pairs
        return len(self.true_positives) / len(oracle) if oracle else 0.0


def figures(c: Comparison) -> dict[str, Any]:
    o = c.oracle
    by_field = Counter(f for uses in o.pairs.values() for f in sorted({f for _, f in uses}))
    out: dict[str, Any] = {
        "package": f"{c.workload.package}={c.workload.deb.version}",
        "builds": o.builds,
        "packages": len(o.packages),
        "compiled_files": len(o.files),
        "files_no_build_compiles": len(o.ignored),
        "oracle_pairs": len(o.pairs),
        "oracle_pairs_by_field": dict(sorted(by_field.items())),
        "oracle_pairs_only_in_tag_builds": sum(
            1 for uses in o.pairs.values() if all(b != "default" for b, _ in uses)
        ),
        "oracle_imports_outside_repo": dict(sorted(o.outside.items())),
        "oracle_errors": len(o.errors),
        "seconds": {k: round(v, 1) for k, v in c.seconds.items()},
    }
    if c.ours is None:
        out["ours_error"] = c.ours_error.splitlines()[0] if c.ours_error else "not run"
        return out
    out.update(
        {
            "our_go_nodes": c.ours.go_nodes,
            "our_file_modules": len(c.ours.modules),
            "our_packages": len(c.ours.packages),
            "our_pairs": len(c.our_pairs),
            "true_positives": len(c.true_positives),
            "false_positives": len(c.false_positives),
            "false_negatives": len(c.false_negatives),
            "precision": round(c.precision, 4),
            "recall": round(c.recall, 4),
            "our_edges_from_files_no_build_compiles": len(c.ours.uncompared),
            "our_imports_to_non_package_nodes": len(c.ours.non_package),
        }
    )
    return out


def _import_sites(repo: Path, c: Comparison, pair: Pair) -> list[tuple[str, int, str]]:
    """Where the importer's files import the imported package: (file, line, text)."""
    importer, target = pair
    module = c.workload.module
    spec = module if target == "." else f"{module}/{target}"
    gopath_spec = c.oracle.packages.get(target, "")
    wanted = {f'"{spec}"', f'"{gopath_spec}"'}
    out: list[tuple[str, int, str]] = []
    for path, key in sorted(c.oracle.files.items()):
        if key != importer:
            continue
        try:
            lines = (repo / path).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        for i, text in enumerate(lines, 1):
            if any(s in text for s in wanted):
                out.append((path, i, text.strip()[:110]))
    return out


def report(c: Comparison, examples: int, repo: Path) -> None:
    w = c.workload
    o = c.oracle
    f = figures(c)
    print(f"\n=== {w.key}: {w.package}={w.deb.version} (module {w.module}) ===")
    print(f"why: {w.why}")
    counts = ", ".join(f"{b}: {n}" for b, n in o.package_count.items())
    print(
        f"oracle (go list, builds {o.builds}): {len(o.packages)} packages ({counts}), "
        f"{len(o.files)} compiled files, {len(o.ignored)} files no build compiles"
    )
    print(
        f"  {f['oracle_pairs']} pairs {f['oracle_pairs_by_field']}, "
        f"{f['oracle_pairs_only_in_tag_builds']} only in a -tags build; "
        f"imports outside the repository {f['oracle_imports_outside_repo']}"
    )
    for err in o.errors[:examples]:
        print(f"  error: {err}")
    if o.ignored:
        print(f"  files no build compiles: {sorted(o.ignored)[:8]}")
    sample = sorted(o.pairs)[: min(examples, 8)]
    print("  sample: " + ", ".join(f"{a} -> {b}" for a, b in sample))
    if c.ours is None:
        print(f"ours: could not run\n{c.ours_error}")
        return
    ours = c.ours
    print(
        f"ours: {ours.go_nodes} go: nodes, {len(ours.modules)} file modules, "
        f"{len(ours.packages)} packages, {len(c.our_pairs)} pairs; "
        f"{len(ours.uncompared)} edges from files no build compiles (not compared), "
        f"{len(ours.non_package)} imports edges to a node that is no package"
    )
    missing_files = sorted(set(o.files) - set(ours.modules))
    if missing_files:
        print(
            f"compiled files without a module node of ours: {len(missing_files)}",
            missing_files[:8],
        )
    missing_pkgs = sorted(set(o.packages) - ours.packages)
    if missing_pkgs:
        print(f"packages without a package node of ours: {missing_pkgs[:8]}")
    for e in ours.non_package[:5]:
        print(f"  to a non-package node: {e['source']} -> {e['target']} (line {e.get('line')})")
    tp, fp, fn = c.true_positives, c.false_positives, c.false_negatives
    print(f"true positives {len(tp)}, false positives {len(fp)}, false negatives {len(fn)}")
    print(f"precision {c.precision:.4f}   recall {c.recall:.4f}   (target >= {THRESHOLD})")
    if fn:
        print(f"\nmissed (go list has, we do not): {len(fn)}")
        for pair in sorted(fn)[:examples]:
            uses = ", ".join(f"{b}:{fld}" for b, fld in sorted(o.pairs[pair]))
            print(f"  {pair[0]} -> {pair[1]} ({uses})")
            for path, line, text in _import_sites(repo, c, pair)[:2]:
                print(f"      {path}:{line} {text!r}")
    if fp:
        print(f"\nextra (we have, go list does not): {len(fp)}")
        for pair in sorted(fp)[:examples]:
            e = min(ours.pairs[pair], key=lambda e: int(e.get("line") or 0))
            path, line = str(e["source"])[3:], int(e.get("line") or 0)
            print(f"  {pair[0]} -> {pair[1]}: {path}:{line} {source_line(repo, path, line)!r}")


def totals(results: list[Comparison]) -> dict[str, Any]:
    out: dict[str, Any] = {"oracle_pairs": sum(len(c.oracle_pairs) for c in results)}
    ran = [c for c in results if c.ours is not None]
    if ran:
        ours = sum(len(c.our_pairs) for c in ran)
        oracle = sum(len(c.oracle_pairs) for c in ran)
        tp = sum(len(c.true_positives) for c in ran)
        out.update(
            {
                "our_pairs": ours,
                "true_positives": tp,
                "false_positives": sum(len(c.false_positives) for c in ran),
                "false_negatives": sum(len(c.false_negatives) for c in ran),
                "precision": round(tp / ours, 4) if ours else 0.0,
                "recall": round(tp / oracle, 4) if oracle else 0.0,
            }
        )
    return out


def print_table(results: list[Comparison]) -> None:
    header = ("workload", "packages", "oracle", "ours", "TP", "FP", "FN", "precision", "recall")
    rows: list[tuple[str, ...]] = []
    for c in results:
        first = (c.workload.key, str(len(c.oracle.packages)), str(len(c.oracle_pairs)))
        if c.ours is None:
            rows.append((*first, *"------"))
            continue
        rows.append(
            (
                *first,
                str(len(c.our_pairs)),
                str(len(c.true_positives)),
                str(len(c.false_positives)),
                str(len(c.false_negatives)),
                f"{c.precision:.4f}",
                f"{c.recall:.4f}",
            )
        )
    t = totals(results)
    if "our_pairs" in t:
        rows.append(
            (
                "all",
                str(sum(len(c.oracle.packages) for c in results)),
                str(t["oracle_pairs"]),
                str(t["our_pairs"]),
                str(t["true_positives"]),
                str(t["false_positives"]),
                str(t["false_negatives"]),
                f"{t['precision']:.4f}",
                f"{t['recall']:.4f}",
            )
        )
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    print()
    for r in (header, *rows):
        print(
            "  ".join(v.ljust(widths[i]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(r))
        )


def workloads_of(benchmark: str) -> list[GoWorkload]:
    return [w for w in ALL_WORKLOADS if benchmark in w.benchmarks]


def add_common_arguments(parser: argparse.ArgumentParser, benchmark: str, examples: int) -> None:
    """The options go_imports.py and go_calls.py share."""
    add_cache_dir_argument(parser)
    parser.add_argument(
        "--workload",
        choices=[w.key for w in workloads_of(benchmark)],
        action="append",
        help="compare only this workload (repeatable; default: all)",
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter that has blast_radius installed (default: this one)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="--jobs for blast-radius graph")
    parser.add_argument(
        "--examples", type=int, default=examples, help="missed and extra edges listed per workload"
    )
    parser.add_argument(
        "--oracle-only", action="store_true", help="run the oracle only, not blast-radius"
    )
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="also write the figures as JSON, to FILE or (without one) to stdout",
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep the repositories under <cache>/go-bench/<workload>/gopath/src/",
    )


def run_graph(python: str, repo: Path, jobs: int) -> tuple[dict[str, Any] | None, str, float]:
    """Our graph of ``repo`` (None and the error when the command fails), and its time."""
    started = time.perf_counter()
    try:
        graph = run_ours(python, repo, jobs)
    except RuntimeError as exc:
        return None, str(exc), time.perf_counter() - started
    return graph, "", time.perf_counter() - started


def write_json(args: argparse.Namespace, payload: dict[str, Any]) -> None:
    text = json.dumps(payload, indent=2, sort_keys=True)
    if args.json == "-":
        print(text)
    else:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
        print(f"\nJSON written to {args.json}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_common_arguments(parser, "imports", EXAMPLES)
    parser.add_argument(
        "--check", action="store_true", help=f"exit 1 when precision or recall is below {THRESHOLD}"
    )
    args = parser.parse_args(argv)

    chosen = [w for w in workloads_of("imports") if not args.workload or w.key in args.workload]
    version = "not run" if args.oracle_only else tool_version(args.python)
    print(f"blast-radius: {version}; oracle: {go_version()}, go list in GOPATH mode")
    results: list[Comparison] = []
    failed = False
    for w in chosen:
        tree = prepare(w, args.cache_dir)
        try:
            started = time.perf_counter()
            oracle = run_oracle(tree, args.cache_dir)
            seconds = {"oracle": time.perf_counter() - started}
            ours: Ours | None = None
            error = "not run (--oracle-only)"
            if not args.oracle_only:
                graph, error, seconds["ours"] = run_graph(args.python, tree.repo, args.jobs)
                if graph is not None:
                    ours = read_ours(graph, tree.repo, oracle)
            print(
                f"[go_imports] {w.key}: " + ", ".join(f"{k} {v:.1f} s" for k, v in seconds.items()),
                file=sys.stderr,
            )
            c = Comparison(w, oracle, ours, error, seconds)
            report(c, args.examples, tree.repo)
        finally:
            if not args.keep:
                shutil.rmtree(tree.repo, ignore_errors=True)
        results.append(c)
        if c.ours is None or c.precision < THRESHOLD or c.recall < THRESHOLD or c.oracle.errors:
            failed = True

    print_table(results)
    if args.json:
        write_json(
            args,
            {
                "blast_radius": version,
                "go": go_version(),
                "workloads": {c.workload.key: figures(c) for c in results},
                "all": totals(results),
            },
        )
    if args.check and failed:
        print(f"\nFAIL: precision or recall below {THRESHOLD} (or a run failed)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
