"""Compare our Go ``calls`` edges with x/tools ``callgraph``.

The workloads are the type-checked ones of ``go_workloads.py`` (chi, gin,
cobra, raft: Debian packages pinned by version and sha256, each a git
repository with one commit inside a GOPATH that holds its dependencies). Sets
of (caller node id, callee node id) pairs are built over the functions inside
the repository (both ends), test files included:

* the oracle: ``callgraph -test -algo=ALGO ./...`` (x/tools, GOPATH mode,
  offline, the default build: linux/amd64, no tags), three times:

  - ``static``: the calls whose callee is known statically. Recall is
    measured against it;
  - ``cha``: static calls plus every dynamic call resolved by class hierarchy
    analysis (an interface call reaches the method of every type that
    implements the interface; a call of a function value reaches every
    function of that signature). An edge CHA lacks happens in no run, so
    precision is measured against it;
  - ``vta``: CHA refined by variable type analysis (only the types that flow
    to the receiver); its precision is printed for information.

  callgraph's function names map to our node ids: ``pkg.F`` is
  ``go:<dir>:F``, ``(*pkg.T).M`` and ``(pkg.T).M`` are ``go:<dir>:T.M``, and a
  function in ``package x_test`` is ``go:<dir>_test:F``. A closure
  (``F$1``, ``(*T).M$2$1``) belongs to the function around it. ``pkg.init#N``
  is the ``func init()`` of the call site's file, ``go:<dir>:init@<file>`` (our
  ``go:<dir>:init`` and ``go:<dir>:init@<file>`` are both read so). The
  package initializer ``pkg.init`` runs the package-level ``var``
  initialisers: its calls (and those of closures in them) belong to the file
  module ``go:<path>.go`` of the call site. Its calls of other packages'
  ``init`` and of ``init#N`` are not calls written in the source and are
  dropped. Wrappers (pointer-receiver wrappers, bound-method and
  thunk closures, instantiation wrappers) as callees stand for the method or
  function they wrap; as callers they are dropped. A generic function's
  instances (``F[int]``) are ``F``;
* ours: ``python -m blast_radius graph REPO --format json --no-cache --jobs N``,
  keeping the ``calls`` edges between two ``go:`` nodes (one per caller and
  callee: the highest confidence, the union of the tags) but the runtime's
  calls of ``init`` (tagged ``runtime``), which the oracle drops too. Edges with an end in
  a file the default build does not compile (``Default@binding_nomsgpack.go``,
  ``command_win.go``) are counted apart and not compared.

Self-calls (recursion) are left out of both sides. callgraph has no edge to an
interface's method (it is no function), while we give one, at confidence 1.0,
for a call on an interface-typed receiver: such an edge counts as true when
CHA has a dynamic method call of a method of that name from the same caller.

    python benchmarks/go_calls.py [--workload gin] [--check] [--json [FILE]] [--keep]
        [--oracle-only] [--python PY] [--jobs 2] [--examples 12]
"""

from __future__ import annotations

import argparse
import posixpath
import re
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from go_imports import (
    add_common_arguments,
    run_graph,
    source_line,
    workloads_of,
    write_json,
)
from go_workloads import CALLGRAPH, GoTree, GoWorkload, go_list, go_version, prepare
from js_imports import tool_version

ALGOS = ("static", "cha", "vta")
TARGETS = {
    "recall_static": 0.95,
    "precision_certain": 0.97,  # our edges at confidence 1.0, against CHA
    "precision_half": 0.90,  # our edges at confidence >= 0.5, against CHA
}
EXAMPLES = 12
FORMAT = "\t".join(
    (
        "{{.Caller}}",
        "{{.Callee}}",
        "{{.Filename}}",
        "{{.Line}}",
        "{{.Dynamic}}",
        "{{.Caller.Synthetic}}",
        "{{.Callee.Synthetic}}",
        "{{.Description}}",
    )
)

Pair = tuple[str, str]
Site = tuple[str, int]  # (repository path, line) of a call


# --- callgraph's names -----------------------------------------------------------------------


def strip_type_args(name: str) -> str:
    """``F[int string]`` -> ``F``: the balanced ``[...]`` groups of an instance removed."""
    out: list[str] = []
    depth = 0
    for ch in name:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


_METHOD = re.compile(r"^\(\*?(?P<recv>.+)\)\.(?P<name>[^.()]+)$")


def split_function(name: str) -> tuple[str, str, str] | None:
    """``(package path, qualname, closure suffix)`` of an ssa function's name.

    ``(*example.com/p.T).M$1`` gives ``("example.com/p", "T.M", "$1")`` and
    ``example.com/p.F`` gives ``("example.com/p", "F", "")``. None for names
    that are not of that shape.
    """
    name = strip_type_args(name)
    suffix = ""
    if "$" in name:
        name, _, rest = name.partition("$")
        suffix = "$" + rest
    m = _METHOD.match(name)
    if m:
        recv = m.group("recv")
        slash = recv.rfind("/")
        dot = recv.find(".", slash + 1)
        if dot < 0:
            return None
        while recv.find(".", dot + 1) >= 0:
            dot = recv.find(".", dot + 1)
        return recv[:dot], f"{recv[dot + 1 :]}.{m.group('name')}", suffix
    slash = name.rfind("/")
    dot = name.rfind(".")
    if dot <= slash:
        return None
    return name[:dot], name[dot + 1 :], suffix


@dataclass(frozen=True, slots=True)
class Fn:
    """One end of an oracle edge, mapped."""

    node: str | None  # our node id, None when outside the repository
    why: str  # "" when mapped; else why it is not compared


@dataclass
class Names:
    """What maps callgraph's package paths to repository directories."""

    repo: Path
    packages: dict[str, str]  # import path -> repository dir
    compiled: set[str]  # repository paths of the files the default build compiles

    def package_key(self, path: str) -> str | None:
        if path in self.packages:
            return self.packages[path]
        if path.endswith("_test") and path[: -len("_test")] in self.packages:
            return self.packages[path[: -len("_test")]] + "_test"
        return None

    def rel(self, filename: str) -> str | None:
        p = Path(filename)
        if not p.is_absolute() or not p.is_relative_to(self.repo):
            return None
        return p.relative_to(self.repo).as_posix()

    def caller(self, name: str, synthetic: str, filename: str) -> Fn:
        parts = split_function(name)
        if parts is None:
            return Fn(None, "unparsed")
        path, qual, _ = parts
        key = self.package_key(path)
        if key is None:
            return Fn(None, "outside")
        # A wrapper itself is dropped; a closure inside real code keeps its caller.
        real = synthetic.startswith(("package initializer", "instance of"))
        if synthetic and not real and not parts[2]:
            return Fn(None, "wrapper")
        if qual == "init":  # the package initializer (or a closure in a var initialiser)
            rel = self.rel(filename)
            return Fn(f"go:{rel}", "") if rel else Fn(None, "no-file")
        if qual.startswith("init#"):  # a package may have many: named by their file
            rel = self.rel(filename)
            return Fn(f"go:{key}:{init_name(rel)}", "") if rel else Fn(None, "no-file")
        return Fn(f"go:{key}:{qual}", "")

    def callee(self, name: str, synthetic: str) -> Fn:
        parts = split_function(name)
        if parts is None:
            return Fn(None, "unparsed")
        path, qual, suffix = parts
        key = self.package_key(path)
        if key is None:
            return Fn(None, "outside")
        if qual == "init" and not suffix:
            return Fn(None, "init")  # the package initializer: no call in the source
        if qual.startswith("init#") and not suffix:
            return Fn(None, "init")
        if qual == "init":
            return Fn(None, "var-closure")  # a closure in a var initialiser, called in place
        # `$bound`/`$thunk` wrappers and closures stand for the function they are in.
        return Fn(f"go:{key}:{qual}", "")


# --- the oracle ------------------------------------------------------------------------------


@dataclass
class Graph:
    """One callgraph run, restricted to the repository."""

    algo: str
    pairs: dict[Pair, list[Site]] = field(default_factory=dict)
    dynamic: dict[Pair, bool] = field(default_factory=dict)  # any site dynamic
    # caller -> names of the methods its dynamic method calls reach (any package)
    dynamic_methods: dict[str, set[str]] = field(default_factory=dict)
    raw_edges: int = 0
    dropped: Counter[str] = field(default_factory=Counter)
    self_calls: int = 0
    seconds: float = 0.0


def run_callgraph(tree: GoTree, cache_dir: Path, algo: str, names: Names) -> Graph:
    cmd = [CALLGRAPH, f"-algo={algo}", "-test", f"-format={FORMAT}", "./..."]
    started = time.perf_counter()
    proc = subprocess.run(
        cmd, cwd=tree.repo, env=tree.env(cache_dir), capture_output=True, text=True, check=False
    )
    g = Graph(algo, seconds=time.perf_counter() - started)
    if proc.returncode != 0:
        raise RuntimeError(
            f"`{' '.join(cmd)}` exited with {proc.returncode}\n{proc.stderr[-4000:]}"
        )
    for line in proc.stdout.splitlines():
        cols = line.split("\t")
        if len(cols) < 8:
            continue
        g.raw_edges += 1
        caller_name, callee_name, filename, lineno, dynamic, caller_syn, callee_syn = cols[:7]
        callee = names.callee(callee_name, callee_syn)
        if callee.node is None and (callee.why != "outside" or dynamic != "dynamic"):
            if callee.why != "outside":  # calls out of the repository are not counted
                g.dropped[f"callee {callee.why}"] += 1
            continue
        caller = names.caller(caller_name, caller_syn, filename)
        if caller.node is None:
            if caller.why != "outside":
                g.dropped[f"caller {caller.why}"] += 1
            continue
        if dynamic == "dynamic":
            parts = split_function(callee_name)
            if parts and "." in parts[1] and not parts[2]:
                g.dynamic_methods.setdefault(caller.node, set()).add(parts[1].split(".")[-1])
        if callee.node is None:
            continue
        if caller.node == callee.node:
            g.self_calls += 1
            continue
        pair = (caller.node, callee.node)
        rel = names.rel(filename) or filename
        g.pairs.setdefault(pair, []).append((rel, int(lineno) if lineno.isdigit() else 0))
        g.dynamic[pair] = g.dynamic.get(pair, False) or dynamic == "dynamic"
    return g


def load_names(tree: GoTree, cache_dir: Path) -> Names:
    packages: dict[str, str] = {}
    compiled: set[str] = set()
    for p in go_list(tree, cache_dir):
        if p.get("ForTest") or p["ImportPath"].endswith(".test") or not p.get("Dir"):
            continue
        d = Path(p["Dir"])
        if not d.is_relative_to(tree.repo):
            continue
        rel = d.relative_to(tree.repo).as_posix() or "."
        packages[p["ImportPath"]] = rel
        prefix = "" if rel == "." else rel + "/"
        for fld in ("GoFiles", "CgoFiles", "TestGoFiles", "XTestGoFiles"):
            compiled.update(prefix + f for f in p.get(fld) or ())
    return Names(tree.repo, packages, compiled)


# --- ours ------------------------------------------------------------------------------------


@dataclass
class Ours:
    pairs: dict[Pair, dict[str, Any]]  # (source, target) -> the merged edge
    nodes: dict[str, dict[str, Any]]
    uncompared: dict[Pair, dict[str, Any]]  # an end in a file the default build skips
    interface_methods: set[str]  # method nodes of interfaces
    self_calls: int = 0


def init_name(path: str) -> str:
    """How the comparison names a ``func init()``: ``init@<file base name>``."""
    return f"init@{posixpath.basename(path)}"


def _canonical(node_id: str, node: dict[str, Any] | None) -> str:
    """Our id, with every ``init`` (``go:p:init``, ``go:p:init@f.go``) as ``init@<file>``,
    and a subtest (``go:p:TestX/case``) as its test: callgraph's closure of the
    ``t.Run`` call belongs to the test function."""
    key, _, qual = node_id[3:].partition(":")
    if node is not None and (qual == "init" or qual.startswith("init@")):
        return f"go:{key}:{init_name(str(node.get('path') or ''))}"
    if "/" in qual:
        test, _, rest = qual.partition("/")
        variant = rest.rpartition("@")[2] if "@" in rest else ""
        return f"go:{key}:{test}" + (f"@{variant}" if variant else "")
    return node_id


def read_ours(graph: dict[str, Any], names: Names) -> Ours:
    raw = {str(n["id"]): n for n in graph.get("nodes", []) if str(n["id"]).startswith("go:")}
    canonical = {i: _canonical(i, n) for i, n in raw.items()}
    nodes = {canonical[i]: n for i, n in raw.items()}
    interfaces = {i for i, n in nodes.items() if n.get("kind") == "interface"}
    interface_methods: set[str] = set()
    for e in graph.get("edges", []):
        if e.get("kind") == "contains" and canonical.get(e["source"]) in interfaces:
            interface_methods.add(canonical[str(e["target"])])
    pairs: dict[Pair, dict[str, Any]] = {}
    uncompared: dict[Pair, dict[str, Any]] = {}
    self_calls = 0
    for e in graph.get("edges", []):
        if e.get("kind") != "calls" or "runtime" in (e.get("tags") or ()):
            continue  # the runtime's calls of `init`, dropped from the oracle too
        if e["source"] not in canonical or e["target"] not in canonical:
            continue
        src, dst = canonical[str(e["source"])], canonical[str(e["target"])]
        if src == dst:
            self_calls += 1
            continue
        pair = (src, dst)
        in_build = all(nodes[x].get("path") in names.compiled for x in pair)
        pool = pairs if in_build else uncompared
        old = pool.get(pair)
        if old is None:
            pool[pair] = {**e, "tags": sorted(e.get("tags") or ())}
            continue
        old["tags"] = sorted(set(old["tags"]) | set(e.get("tags") or ()))
        if float(e["confidence"]) > float(old["confidence"]):
            old["confidence"], old["line"] = e["confidence"], e.get("line")
    return Ours(pairs, nodes, uncompared, interface_methods, self_calls)


# --- the comparison --------------------------------------------------------------------------


@dataclass
class Comparison:
    workload: GoWorkload
    graphs: dict[str, Graph]
    names: Names
    ours: Ours | None = None
    ours_error: str = ""
    seconds: dict[str, float] = field(default_factory=dict)

    def true(self, pair: Pair, algo: str = "cha") -> bool:
        """Is our edge one the oracle ``algo`` has (an interface method: by dynamic calls)?"""
        g = self.graphs[algo]
        if pair in g.pairs:
            return True
        assert self.ours is not None
        if pair[1] in self.ours.interface_methods:
            method = pair[1].rsplit(".", 1)[-1]
            # callgraph's static algorithm has no dynamic calls; use CHA's for it.
            dyn = self.graphs["cha"].dynamic_methods if algo == "static" else g.dynamic_methods
            return method in dyn.get(pair[0], set())
        return False

    def precision(self, minimum: float, algo: str = "cha") -> tuple[float, int, int]:
        assert self.ours is not None
        chosen = [p for p, e in self.ours.pairs.items() if float(e["confidence"]) >= minimum]
        tp = sum(1 for p in chosen if self.true(p, algo))
        return (tp / len(chosen) if chosen else 0.0), tp, len(chosen)

    def recall(self) -> tuple[float, int, int]:
        assert self.ours is not None
        oracle = self.graphs["static"].pairs
        tp = sum(1 for p in oracle if p in self.ours.pairs)
        return (tp / len(oracle) if oracle else 0.0), tp, len(oracle)


def _band(confidence: float) -> str:
    return "1.0" if confidence >= 1.0 else ">=0.5" if confidence >= 0.5 else "<0.5"


def figures(c: Comparison) -> dict[str, Any]:
    out: dict[str, Any] = {
        "package": f"{c.workload.package}={c.workload.deb.version}",
        "packages": len(c.names.packages),
        "compiled_files": len(c.names.compiled),
        "seconds": {k: round(v, 1) for k, v in c.seconds.items()},
    }
    for algo, g in c.graphs.items():
        out[f"oracle_{algo}"] = {
            "edges_printed": g.raw_edges,
            "pairs_in_repo": len(g.pairs),
            "dynamic_pairs": sum(1 for v in g.dynamic.values() if v),
            "self_calls": g.self_calls,
            "dropped": dict(sorted(g.dropped.items())),
            "seconds": round(g.seconds, 1),
        }
    if c.ours is None:
        out["ours_error"] = c.ours_error.splitlines()[0] if c.ours_error else "not run"
        return out
    out["our_pairs"] = len(c.ours.pairs)
    out["our_pairs_not_compared"] = len(c.ours.uncompared)
    for label, minimum in (("certain", 1.0), ("half", 0.5), ("all", 0.0)):
        p, tp, n = c.precision(minimum)
        vp = c.precision(minimum, "vta")[0]
        out[f"precision_{label}"] = {"cha": round(p, 4), "tp": tp, "edges": n, "vta": round(vp, 4)}
    r, tp, n = c.recall()
    out["recall_static"] = {"recall": round(r, 4), "tp": tp, "oracle": n}
    return out


def _fp_category(c: Comparison, pair: Pair, edge: dict[str, Any]) -> str:
    assert c.ours is not None
    tags = [t for t in edge.get("tags") or () if t in ("dispatch", "name-match", "build-variant")]
    if pair[1] in c.ours.interface_methods:
        return "interface method, no dynamic call of that name in CHA"
    if tags:
        return "+".join(tags)
    if pair in c.graphs["static"].pairs or pair in c.graphs["vta"].pairs:
        return "?"
    if pair[0].endswith(".go"):
        return "from a file module (package-level code)"
    return "confidence {:.2f}, no tag".format(float(edge["confidence"]))


def _miss_category(c: Comparison, pair: Pair) -> str:
    assert c.ours is not None
    caller, callee = pair
    if caller not in c.ours.nodes:
        return "caller has no node of ours"
    if callee not in c.ours.nodes:
        return "callee has no node of ours"
    if caller.endswith(".go"):
        return "from package-level code (var initialiser)"
    if any(p[0] == caller and p[1].rsplit(".", 1)[-1] == callee.rsplit(".", 1)[-1]
           for p in c.ours.pairs):  # fmt: skip
        return "we call a same-named function elsewhere"
    if "." in callee.rsplit(":", 1)[-1]:
        return "method call, no edge"
    return "function call, no edge"


def _site(repo: Path, sites: list[Site]) -> str:
    path, line = min(sites)
    return f"{path}:{line} {source_line(repo, path, line)!r}"


def report(c: Comparison, examples: int) -> None:
    w = c.workload
    repo = c.names.repo
    print(f"\n=== {w.key}: {w.package}={w.deb.version} (module {w.module}) ===")
    print(f"why: {w.why}")
    print(
        f"{len(c.names.packages)} packages, {len(c.names.compiled)} files in the default build"
        " (tests included)"
    )
    for algo, g in c.graphs.items():
        dyn = sum(1 for v in g.dynamic.values() if v)
        print(
            f"oracle {algo}: {g.raw_edges} edges printed, {len(g.pairs)} pairs inside the "
            f"repository ({dyn} with a dynamic site), {g.self_calls} self-calls left out, "
            f"dropped {dict(sorted(g.dropped.items()))} ({g.seconds:.1f} s)"
        )
    static = c.graphs["static"]
    sample = sorted(static.pairs)[:: max(1, len(static.pairs) // 6)][:6]
    for pair in sample:
        print(f"  static: {pair[0]} -> {pair[1]}  {_site(repo, static.pairs[pair])}")
    if c.ours is None:
        print(f"ours: could not run\n{c.ours_error}")
        return
    ours = c.ours
    by_conf = Counter(_band(float(e["confidence"])) for e in ours.pairs.values())
    print(
        f"ours: {len(ours.nodes)} go: nodes, {len(ours.pairs)} call pairs {dict(by_conf)}, "
        f"{len(ours.uncompared)} with an end outside the default build (not compared), "
        f"{ours.self_calls} self-calls left out, {len(ours.interface_methods)} interface methods"
    )
    # Oracle functions we have no node for: naming mismatches or missing symbols.
    ends = {x for p in static.pairs for x in p}
    missing = sorted(x for x in ends if x not in ours.nodes)
    if missing:
        print(
            f"oracle ends with no node of ours: {len(missing)} of {len(ends)}, e.g. {missing[:6]}"
        )
    for label, minimum in (("at 1.0", 1.0), ("at >= 0.5", 0.5), ("all", 0.0)):
        p, tp, n = c.precision(minimum)
        vp, vtp, _ = c.precision(minimum, "vta")
        target = TARGETS.get({1.0: "precision_certain", 0.5: "precision_half"}.get(minimum, ""))
        goal = f" (target >= {target})" if target else ""
        print(
            f"precision {label}: {p:.4f} ({tp}/{n}) against CHA{goal}; "
            f"{vp:.4f} ({vtp}/{n}) against VTA"
        )
    r, tp, n = c.recall()
    print(f"recall: {r:.4f} ({tp}/{n}) of the static edges (target >= {TARGETS['recall_static']})")

    fps: dict[str, list[Pair]] = defaultdict(list)
    for pair, e in sorted(ours.pairs.items()):
        if not c.true(pair):
            fps[_fp_category(c, pair, e)].append(pair)
    if fps:
        total = sum(len(v) for v in fps.values())
        print(f"\nfalse positives (not in CHA): {total}")
        for cat, pairs in sorted(fps.items(), key=lambda kv: -len(kv[1])):
            conf = Counter(f"{float(ours.pairs[p]['confidence']):.2f}" for p in pairs)
            print(f"  {cat}: {len(pairs)} {dict(conf.most_common(4))}")
            for pair in pairs[: max(1, examples // 3)]:
                e = ours.pairs[pair]
                path = str(ours.nodes[pair[0]].get("path") or "")
                line = int(e.get("line") or 0)
                tags = ",".join(e["tags"]) or "-"
                print(
                    f"    {pair[0]} -> {pair[1]} [{float(e['confidence']):.2f} {tags}]"
                    f" {path}:{line} {source_line(repo, path, line)!r}"
                )
    misses: dict[str, list[Pair]] = defaultdict(list)
    for pair in sorted(static.pairs):
        if pair not in ours.pairs:
            misses[_miss_category(c, pair)].append(pair)
    if misses:
        total = sum(len(v) for v in misses.values())
        print(f"\nmissed (static has, we do not): {total}")
        for cat, pairs in sorted(misses.items(), key=lambda kv: -len(kv[1])):
            print(f"  {cat}: {len(pairs)}")
            for pair in pairs[: max(1, examples // 3)]:
                print(f"    {pair[0]} -> {pair[1]}  {_site(repo, static.pairs[pair])}")


def totals(results: list[Comparison]) -> dict[str, Any]:
    out: dict[str, Any] = {
        f"oracle_{a}_pairs": sum(len(c.graphs[a].pairs) for c in results) for a in ALGOS
    }
    ran = [c for c in results if c.ours is not None]
    if not ran:
        return out
    for label, minimum in (("certain", 1.0), ("half", 0.5), ("all", 0.0)):
        tp = sum(c.precision(minimum)[1] for c in ran)
        n = sum(c.precision(minimum)[2] for c in ran)
        vtp = sum(c.precision(minimum, "vta")[1] for c in ran)
        out[f"precision_{label}"] = {
            "cha": round(tp / n, 4) if n else 0.0,
            "vta": round(vtp / n, 4) if n else 0.0,
            "edges": n,
        }
    tp = sum(c.recall()[1] for c in ran)
    n = sum(c.recall()[2] for c in ran)
    out["recall_static"] = round(tp / n, 4) if n else 0.0
    return out


def print_table(results: list[Comparison]) -> None:
    header = ("workload", "static", "cha", "vta", "ours", "P@1.0", "P@>=0.5", "P all", "recall")
    rows: list[tuple[str, ...]] = []
    for c in results:
        first = (c.workload.key, *(str(len(c.graphs[a].pairs)) for a in ALGOS))
        if c.ours is None:
            rows.append((*first, *"-----"))
            continue
        rows.append(
            (
                *first,
                str(len(c.ours.pairs)),
                *(f"{c.precision(m)[0]:.4f}" for m in (1.0, 0.5, 0.0)),
                f"{c.recall()[0]:.4f}",
            )
        )
    t = totals(results)
    if "recall_static" in t:
        rows.append(
            (
                "all",
                *(str(t[f"oracle_{a}_pairs"]) for a in ALGOS),
                str(sum(len(c.ours.pairs) for c in results if c.ours is not None)),
                *(f"{t[f'precision_{k}']['cha']:.4f}" for k in ("certain", "half", "all")),
                f"{t['recall_static']:.4f}",
            )
        )
    rows.append(
        (
            "target",
            "",
            "",
            "",
            "",
            f">= {TARGETS['precision_certain']}",
            f">= {TARGETS['precision_half']}",
            "",
            f">= {TARGETS['recall_static']}",
        )
    )
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    print("\nprecision against CHA, recall against static")
    for r in (header, *rows):
        print(
            "  ".join(v.ljust(widths[i]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(r))
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_common_arguments(parser, "calls", EXAMPLES)
    parser.add_argument(
        "--check", action="store_true", help=f"exit 1 when a figure misses its target {TARGETS}"
    )
    args = parser.parse_args(argv)

    chosen = [w for w in workloads_of("calls") if not args.workload or w.key in args.workload]
    version = "not run" if args.oracle_only else tool_version(args.python)
    print(f"blast-radius: {version}; oracle: x/tools callgraph ({CALLGRAPH}), {go_version()}")
    results: list[Comparison] = []
    failed = False
    for w in chosen:
        tree = prepare(w, args.cache_dir)
        try:
            names = load_names(tree, args.cache_dir)
            graphs = {a: run_callgraph(tree, args.cache_dir, a, names) for a in ALGOS}
            c = Comparison(w, graphs, names)
            c.seconds = {a: g.seconds for a, g in graphs.items()}
            if not args.oracle_only:
                graph, c.ours_error, c.seconds["ours"] = run_graph(
                    args.python, tree.repo, args.jobs
                )
                if graph is not None:
                    c.ours = read_ours(graph, names)
            print(
                f"[go_calls] {w.key}: " + ", ".join(f"{k} {v:.1f} s" for k, v in c.seconds.items()),
                file=sys.stderr,
            )
            report(c, args.examples)
        finally:
            if not args.keep:
                shutil.rmtree(tree.repo, ignore_errors=True)
        results.append(c)
        if c.ours is None:
            failed = True
        else:
            checks = (
                (c.recall()[0], TARGETS["recall_static"]),
                (c.precision(1.0)[0], TARGETS["precision_certain"]),
                (c.precision(0.5)[0], TARGETS["precision_half"]),
            )
            failed = failed or any(got < want for got, want in checks)

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
        print("\nFAIL: a figure below its target (or a run failed)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
