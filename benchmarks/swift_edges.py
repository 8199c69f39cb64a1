"""Swift: the edges the resolver draws on real Swift code, checked by hand.

No Swift compiler installs here (Debian 12 has no ``swiftlang`` package and
no other registry reached carries a toolchain), so there is no oracle: the
precision of the certain (1.0) edges is measured on a **hand-checked
sample**. A seeded random sample of 100 certain ``calls``, ``references``
and ``inherits`` edges is written to ``benchmarks/swift_edges_sample.tsv``
with the line of code each comes from; the verdict of each (``right`` or
``wrong``, with a reason) was given by reading that code and the target's
definition, and is kept in the file: a later run keeps the verdicts of the
edges it samples again and leaves the new ones ``unchecked``.

The workload is Capacitor's iOS runtime and four of its plugins, from the
npm registry, pinned by version and tarball integrity: ``@capacitor/ios``
8.5.2 ships the sources of the ``Capacitor`` framework (an Xcode target, no
``Package.swift``: the files under ``Capacitor/`` are one module), and each
plugin (``@capacitor/app``, ``camera``, ``filesystem``,
``push-notifications``) a ``Package.swift`` whose targets ``import
Capacitor``. They are laid out as one repository: ``Capacitor/...`` and
``plugins/<name>/...``.

Printed: files, parse failures (files with ERROR nodes), edges by kind and
tier, the share of name-matched call edges, the share of call sites
resolved at all (a proxy, not recall: nothing says which sites a compiler
would resolve into the repository), the time of the graph, and the sample's
precision.

    python benchmarks/swift_edges.py [--cache-dir DIR] [--sample FILE] [--seed N]
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from js_imports import NpmWorkload, fetch_npm_package, run_ours
from workloads import add_cache_dir_argument

CORE = NpmWorkload(
    "capacitor-ios",
    "@capacitor/ios",
    "8.5.2",
    "sha512-eOT2S67AfTFG7KN0T3oxwAajrJz4rSye+ODfvChiwrk0F/+kWufFM1qU6cDjGJUOfwdAoeuEpZyWHSwZlu4GFg==",
    (),
)
PLUGINS = (
    NpmWorkload(
        "app",
        "@capacitor/app",
        "8.1.1",
        "sha512-xM2ZTX5jK60tFtmjsmJv+Cdj1Qsb6NcavkqmdEnCPQBeya9oKhamZJxYOnQNj1ZvcJM7sWfG6BEtSLx42pisbA==",
        (),
    ),
    NpmWorkload(
        "camera",
        "@capacitor/camera",
        "8.2.4",
        "sha512-kZIeRkOvtE2dnbq76tEo3ZWKyGfzHFK0txsR56qKAmjAARTg9r86iIUcKZa/y4U1vOHH/gdQae5e3+OAF3wwPQ==",
        (),
    ),
    NpmWorkload(
        "filesystem",
        "@capacitor/filesystem",
        "8.1.3",
        "sha512-GNBlRkaXEEb+6WP/YsDXr2zygyOHoieuye6viyd2ZkEdBwfseG41jxfarVxLWH0r0owhyNUbwJ/Qi8fubqr6wA==",
        (),
    ),
    NpmWorkload(
        "push-notifications",
        "@capacitor/push-notifications",
        "8.1.2",
        "sha512-TQl4XxqJfNF+KbSYBFMXYYT5WXUaleVKXlByhh/8+KySMVNjp+l5OqAUoGe/sY1IAnGXEuUeCjA/WLZEVvGwrA==",
        (),
    ),
)
WORKLOAD_NAME = "Capacitor iOS 8.5.2 + app 8.1.1, camera 8.2.4, filesystem 8.1.3, push 8.1.2"
SEED = 20261201
SAMPLE = Path(__file__).resolve().parent / "swift_edges_sample.tsv"
SCORED = ("calls", "references", "inherits")
HEADER = "source\ttarget\tkind\tat\tcode\tverdict"


def prepare(cache_dir: Path) -> Path:
    """The repository: Capacitor's framework sources and the plugins' packages."""
    cache = Path(cache_dir).expanduser() / "swift"
    root = cache / "tree"
    done = cache / "tree.done"
    if done.exists():
        return root
    if root.exists():
        shutil.rmtree(root)
    core = fetch_npm_package(CORE, cache)
    shutil.copytree(core / "Capacitor" / "Capacitor", root / "Capacitor")
    for plugin in PLUGINS:
        package = fetch_npm_package(plugin, cache)
        target = root / "plugins" / plugin.key
        target.mkdir(parents=True)
        shutil.copy(package / "Package.swift", target / "Package.swift")
        shutil.copytree(package / "ios", target / "ios")
    done.write_text(WORKLOAD_NAME + "\n")
    return root


def _line(root: Path, path: str, line: int) -> str:
    text = (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
    return " ".join(text[line - 1].split())[:160] if 0 < line <= len(text) else ""


def _edge_file(root: Path, edge: dict[str, Any], path: str, paths: dict[str, list[str]]) -> str:
    """The file an edge is written in: its source's, unless the source is a type
    with parts in several files (extensions); then the file of the source's
    target whose line names the edge's target."""
    name = edge["target"].rpartition(".")[2]
    if name == "init":
        name = edge["target"].rpartition(".")[0].rpartition(".")[2]
    # an extension's conformance is written on a line naming the extended type
    owner = edge["source"].rpartition(".")[2] if edge["kind"] == "inherits" else ""

    def written(candidate: str) -> bool:
        line = _line(root, candidate, edge["line"])
        return name in line and owner in line

    if not path or written(path):
        return path
    target = re.split(r"[./]", edge["source"].removeprefix("swift:"), maxsplit=1)[0]
    for other in paths.get(target, ()):
        if other != path and written(other):
            return other
    return path


def _kept_verdicts(sample: Path) -> dict[tuple[str, str, str, str], str]:
    kept: dict[tuple[str, str, str, str], str] = {}
    if not sample.exists():
        return kept
    for row in sample.read_text(encoding="utf-8").splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) == 6 and cells[5] != "unchecked":
            kept[(cells[0], cells[1], cells[2], cells[3])] = cells[5]
    return kept


def main() -> int:
    """Build the graph of the workload, print its figures, write the sample."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_cache_dir_argument(parser)
    parser.add_argument("--sample", type=Path, default=SAMPLE)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--size", type=int, default=100)
    args = parser.parse_args()
    root = prepare(args.cache_dir)
    started = time.perf_counter()
    graph: dict[str, Any] = run_ours(sys.executable, root, 1)
    seconds = time.perf_counter() - started
    meta = graph["meta"]
    nodes = {n["id"]: n for n in graph["nodes"]}
    swift_files = [
        n for n in graph["nodes"] if n["kind"] == "module" and n["id"].startswith("swift:")
    ]
    lines = sum(n["end_line"] for n in swift_files)
    edges = [e for e in graph["edges"] if e["kind"] in SCORED and e["source"].startswith("swift:")]
    tiers: Counter[tuple[str, str]] = Counter()
    for e in edges:
        c = e["confidence"]
        tier = "1.0" if c == 1.0 else "typed 0.9" if c >= 0.85 else "inferred" if c > 0.5 else "low"
        tiers[(e["kind"], tier)] += 1
    calls = [e for e in edges if e["kind"] == "calls"]
    named = [e for e in calls if "name-match" in e.get("tags", [])]
    resolution = meta["resolution"].get("swift", {})
    sites = resolution.get("resolved", 0) + resolution.get("name_matched", 0)
    unresolved = resolution.get("unresolved", 0)
    print(f"workload: {WORKLOAD_NAME}")
    print(f"files: {len(swift_files)} Swift files, {lines} lines; graph in {seconds:.2f} s")
    errors = meta["files_with_syntax_errors"]
    print(f"parse failures: {len(errors)} files with ERROR nodes ({meta['syntax_errors']} nodes)")
    for path in errors:
        print(f"  {path}")
    for (kind, tier), count in sorted(tiers.items()):
        print(f"  {kind:<10} {tier:<10} {count}")
    share = len(named) / len(calls) if calls else 0.0
    print(f"name-matched call edges: {len(named)} of {len(calls)} ({share:.1%})")
    print(
        f"call sites given any edge: {sites} of {sites + unresolved} "
        f"({sites / max(sites + unresolved, 1):.1%}; the rest are mostly Foundation/UIKit)"
    )
    certain = sorted(
        (e for e in edges if e["confidence"] == 1.0),
        key=lambda e: (e["source"], e["target"], e["kind"], e["line"]),
    )
    chosen = random.Random(args.seed).sample(certain, min(args.size, len(certain)))
    kept = _kept_verdicts(args.sample)
    paths: dict[str, list[str]] = {}
    for n in sorted(swift_files, key=lambda n: n["path"]):
        paths.setdefault(n["id"].removeprefix("swift:").partition("/")[0], []).append(n["path"])
    rows = [HEADER]
    verdicts: Counter[str] = Counter()
    for e in sorted(chosen, key=lambda e: (e["source"], e["target"], e["kind"], e["line"])):
        path = _edge_file(root, e, nodes.get(e["source"], {}).get("path", ""), paths)
        at = f"{path}:{e['line']}"
        key = (e["source"], e["target"], e["kind"], at)
        verdict = kept.get(key, "unchecked")
        verdicts[re.split(r"[: ]", verdict)[0]] += 1
        rows.append("\t".join([*key, _line(root, path, e["line"]), verdict]))
    args.sample.write_text("\n".join(rows) + "\n", encoding="utf-8")
    judged = verdicts["right"] + verdicts["wrong"]
    print(
        f"hand-checked sample of {len(chosen)} certain edges"
        f" (seed {args.seed}, {args.sample.name}):"
        f" {verdicts['right']} right, {verdicts['wrong']} wrong,"
        f" {verdicts['unchecked']} unchecked"
    )
    if judged:
        print(f"precision at 1.0 (sample): {verdicts['right'] / judged:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
