"""Measure our PHP graph against what PHP itself makes of the names.

Workloads: nikic/php-parser 4.15.4 and league/commonmark 2.3.9, the
upstream tarballs of Debian's ``php-parser`` and ``php-league-commonmark``
source packages (bookworm), pinned by sha256: their libraries (PSR-4
``PhpParser\\``, ``League\\CommonMark\\``) and their PHPUnit tests.

The oracle (``benchmarks/php_oracle/oracle.php``, run with Debian's
``php-cli`` 8.2 on a copy of the tree where ``composer dump-autoload -o
--dev`` wrote Composer's class map):

* **class names**: every class name written (``new C``, ``C::m()``, ``C::X``,
  ``C::class``, ``instanceof``, types, ``catch``, ``extends``/``implements``,
  trait ``use``, ``use`` imports) as nikic/php-parser's ``NameResolver``
  resolves it (PHP's compile-time rules), kept when Composer's class map
  holds the class. Ours: every ``references``, ``inherits`` and ``imports``
  edge to a class or interface node. Precision at the edge's line: the
  oracle names that class on that line of that file; recall by (file,
  class) pairs.
* **functions**: each call ``f()`` is the namespaced function when the
  repository declares it, else the global one (PHP's fallback). Ours: the
  ``calls`` edges to function nodes, compared the same way.
* **inheritance**: PHP's reflection (``ReflectionClass``: parent, interfaces,
  traits) of every class of a file that is no test (PHPUnit is not
  installed). Ours: ``inherits`` edges. Precision: our target is the
  parent, an interface or a trait of the class; recall: the parent, the
  traits and the interfaces no other base already brings.
* **method calls**: for ``$this->m()``, ``self::m()``, ``static::m()``,
  ``parent::m()`` and ``C::m()``, reflection's ``ReflectionClass::getMethod``
  on the class PHP looks in gives the method run (its file and line; a trait's
  method is the trait's); for ``new C``, ``getConstructor()``. Ours: ``calls``
  edges at confidence 1.0 to methods, matched to a site by file, line and
  name; the target is right when it is that method. Recall: sites whose
  method is a repository one that the site's own symbol (its method or
  function, else its file) reaches by an edge (and by one at 1.0).
* **typed calls**: a method called on a parameter declared ``C $x`` or on
  ``$this->p`` of a property declared ``C`` (reflection reads its type): the
  method ``C`` has. Ours: ``calls`` edges of at least 0.9 that are no dispatch
  or name match, compared the same way (the value may be of a subclass at
  run time; the declared class's method is what the types say).
* a seeded random sample of 100 ``calls`` edges at 1.0, listed with their
  source line in ``benchmarks/php_edges_sample_<workload>.tsv``, checked by
  hand (the verdict column; reflection's answer where it has one); re-running
  reads the verdicts back (delete the file to draw anew; the kept samples were
  drawn at commits 3a47f81, php-parser, and 6e54d19, commonmark).

It also prints the share of name-matched call edges, the files with syntax
errors (ours, and the oracle parser's) and the run time.

    python benchmarks/php_edges.py [--workload php-parser|commonmark] [--python PY]
        [--jobs 1] [--json [FILE]] [--check]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Orig, unpack_orig
from go_imports import run_graph, write_json
from js_imports import tool_version


@dataclass(frozen=True)
class PhpWorkload:
    """A pinned upstream tarball and the Debian-installed libraries its classes
    need to load (``autoloads``: their ``autoload.php``; php-parser's too when the
    workload is not php-parser itself)."""

    key: str
    orig: Orig
    autoloads: tuple[str, ...] = ()


DEBIAN_PHP = "/usr/share/php"
WORKLOADS = (
    PhpWorkload(
        "php-parser",
        Orig(
            "php-parser",
            "4.15.4",
            "pool/main/p/php-parser",
            "php-parser_4.15.4.orig.tar.xz",
            "3fc974804ea2d7e32a8e5b8c714e818cdad0c115198bd2a081bd0c8c46db37ac",
        ),
    ),
    PhpWorkload(
        "commonmark",
        Orig(
            "php-league-commonmark",
            "2.3.9",
            "pool/main/p/php-league-commonmark",
            "php-league-commonmark_2.3.9.orig.tar.xz",
            "c47403767a27c7d14f036a0a8e758eab213958d2489160412043174dc453f9d3",
        ),
        # apt-get install php-parser php-league-config php-psr-event-dispatcher
        #   php-symfony-deprecation-contracts php-symfony-polyfill-php80
        tuple(
            f"{DEBIAN_PHP}/{lib}/autoload.php"
            for lib in (
                "PhpParser",
                "League/Config",
                "Psr/EventDispatcher",
                "Symfony/Contracts/Deprecation",
                "Symfony/Polyfill/Php80",
            )
        ),
    ),
)
ORACLE = Path(__file__).resolve().parent / "php_oracle" / "oracle.php"
HERE = Path(__file__).resolve().parent
SAMPLE_SIZE = 100
SEED = 20261201
TARGET = 0.95
EXAMPLES = 8
CLASS_KINDS = ("class", "interface")

Site = tuple[str, int, str]  # (file, line, lowercased name)


def cache_dir_default() -> Path:
    return Path("~/.cache/blast-radius-bench/php").expanduser()


def oracle_tree(source: Path, cache: Path) -> Path:
    """A copy of the workload with Composer's optimized class map written into it."""
    tree = cache / "oracle-tree" / source.name
    done = tree / "vendor" / "composer" / "autoload_classmap.php"
    if not done.exists():
        if tree.exists():
            shutil.rmtree(tree)
        shutil.copytree(source, tree)
        subprocess.run(
            ["composer", "dump-autoload", "-o", "--dev", "--no-interaction", "--quiet"],
            cwd=tree,
            check=True,
            env={
                "COMPOSER_ALLOW_SUPERUSER": "1",
                "COMPOSER_DISABLE_NETWORK": "1",
                "COMPOSER_HOME": str(cache / "composer-home"),
                "PATH": "/usr/bin:/bin",
            },
        )
    return tree


def run_oracle(tree: Path, autoloads: tuple[str, ...]) -> dict[str, Any]:
    proc = subprocess.run(
        ["php", "-d", "memory_limit=1G", str(ORACLE), str(tree), *autoloads],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"oracle.php exited with {proc.returncode}\n{proc.stderr[-3000:]}")
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


def php_version() -> str:
    proc = subprocess.run(
        ["php", "-r", "echo PHP_VERSION;"], capture_output=True, text=True, check=False
    )
    composer = subprocess.run(
        ["composer", "--version"], capture_output=True, text=True, check=False
    )
    return f"php {proc.stdout.strip()}, {composer.stdout.strip().split(' 20')[0]}"


@dataclass
class Score:
    """Precision over our edges, recall over the oracle's pairs, with examples."""

    name: str
    ours: int = 0
    right: int = 0
    oracle: int = 0
    found: int = 0
    wrong: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    unchecked: int = 0
    found_certain: int | None = None
    """Of ``found``, those found at confidence 1.0 (method calls only)."""

    def precision(self) -> float:
        return self.right / self.ours if self.ours else 1.0

    def recall(self) -> float:
        return self.found / self.oracle if self.oracle else 1.0

    def as_json(self) -> dict[str, Any]:
        return {
            "ours": self.ours,
            "right": self.right,
            "precision": round(self.precision(), 4),
            "oracle": self.oracle,
            "found": self.found,
            "recall": round(self.recall(), 4),
            "unchecked": self.unchecked,
            "found_certain": self.found_certain,
            "wrong": self.wrong[:EXAMPLES],
            "missed": self.missed[:EXAMPLES],
        }

    def line(self) -> str:
        text = (
            f"{self.name:<14} precision {self.precision():.4f} ({self.right}/{self.ours})"
            f"   recall {self.recall():.4f} ({self.found}/{self.oracle})"
        )
        if self.found_certain is not None and self.oracle and self.name == "certain calls":
            text += f" (at 1.0: {self.found_certain / self.oracle:.4f})"
        return text + (f"   not checkable: {self.unchecked}" if self.unchecked else "")


@dataclass
class Graph:
    nodes: dict[str, dict[str, Any]]
    edges: list[dict[str, Any]]
    meta: dict[str, Any]

    def path(self, node_id: str) -> str:
        return str(self.nodes.get(node_id, {}).get("path") or "")

    def kind(self, node_id: str) -> str:
        return str(self.nodes.get(node_id, {}).get("kind") or "")

    def qualname(self, node_id: str) -> str:
        return str(self.nodes.get(node_id, {}).get("qualname") or "")


def read_graph(data: dict[str, Any]) -> Graph:
    nodes = {str(n["id"]): n for n in data["nodes"] if str(n["id"]).startswith("php:")}
    edges = [e for e in data["edges"] if e["kind"] != "contains" and str(e["source"]) in nodes]
    return Graph(nodes, edges, data["meta"])


def class_names(graph: Graph, oracle: dict[str, Any]) -> Score:
    score = Score("class names")
    classes = {name.lower() for name in oracle["classes"]}
    sites = {(f, int(line), name.lower()) for f, line, _role, name in oracle["sites"]}
    pairs = {
        (f, name.lower())
        for f, _line, role, name in oracle["sites"]
        if name.lower() in classes and role != "static-call"
    }
    covered: set[tuple[str, str]] = set()
    for e in graph.edges:
        if e["kind"] not in ("references", "inherits", "imports"):
            continue
        target = str(e["target"])
        if graph.kind(target) not in CLASS_KINDS:
            continue
        source_file = graph.path(str(e["source"]))
        name = graph.qualname(target).lower()
        covered.add((source_file, name))
        score.ours += 1
        if (source_file, int(e["line"]), name) in sites:
            score.right += 1
        else:
            score.wrong.append(f"{source_file}:{e['line']} {e['kind']} {graph.qualname(target)}")
    # a class's own name in its own body gives no edge to itself (a node reaching itself)
    own = {
        (graph.path(i), graph.qualname(i).lower())
        for i in graph.nodes
        if graph.kind(i) in CLASS_KINDS
    }
    wanted = pairs - own
    score.oracle = len(wanted)
    score.found = len(wanted & covered)
    score.missed = sorted(f"{f} -> {name}" for f, name in wanted - covered)
    return score


def functions(graph: Graph, oracle: dict[str, Any]) -> Score:
    score = Score("functions")
    declared = {name.lower() for name in oracle["declared_functions"]}
    sites: set[Site] = set()
    for f, line, namespaced, fallback in oracle["functions"]:
        if namespaced.lower() in declared:
            sites.add((f, int(line), namespaced.lower()))
        elif fallback is not None and fallback.lower() in declared:
            sites.add((f, int(line), fallback.lower()))
    covered: set[tuple[str, str]] = set()
    for e in graph.edges:
        target = str(e["target"])
        if e["kind"] != "calls" or graph.kind(target) != "function":
            continue
        source_file = graph.path(str(e["source"]))
        name = graph.qualname(target).lower()
        covered.add((source_file, name))
        score.ours += 1
        if (source_file, int(e["line"]), name) in sites:
            score.right += 1
        else:
            score.wrong.append(f"{source_file}:{e['line']} -> {graph.qualname(target)}")
    wanted = {(f, name) for f, _, name in sites}
    score.oracle = len(wanted)
    score.found = len(wanted & covered)
    score.missed = sorted(f"{f} -> {name}" for f, name in wanted - covered)
    return score


def inheritance(graph: Graph, oracle: dict[str, Any]) -> Score:
    score = Score("inheritance")
    parents: dict[str, list[Any]] = {k.lower(): v for k, v in oracle["parents"].items()}
    ours: dict[str, set[str]] = {}
    for e in graph.edges:
        if e["kind"] != "inherits":
            continue
        source = graph.qualname(str(e["source"])).lower()
        target = graph.qualname(str(e["target"])).lower()
        ours.setdefault(source, set()).add(target)
        if source not in parents:
            score.unchecked += 1
            continue
        parent, interfaces, traits = parents[source]
        allowed = {n.lower() for n in [parent or "", *interfaces, *traits] if n}
        score.ours += 1
        if target in allowed:
            score.right += 1
        else:
            score.wrong.append(f"{source} -> {target}")
    classes = {name.lower() for name in oracle["classes"]}
    for cls, (parent, interfaces, traits) in sorted(parents.items()):
        inherited: set[str] = set()
        for base in [parent, *interfaces]:
            if base and base.lower() in parents:
                inherited |= {i.lower() for i in parents[base.lower()][1]}
        direct = {n.lower() for n in [parent or "", *traits] if n}
        direct |= {i.lower() for i in interfaces if i.lower() not in inherited}
        direct &= classes  # a base outside the repository has no node
        for base in sorted(direct):
            score.oracle += 1
            if base in ours.get(cls, set()):
                score.found += 1
            else:
                score.missed.append(f"{cls} -> {base}")
    return score


def _method_at(
    graph: Graph, path: str, line: int, kinds: tuple[str, ...] = ("method",)
) -> str | None:
    """Our method node of ``path`` whose lines hold ``line`` (the innermost)."""
    best: tuple[int, str] | None = None
    for node_id, node in graph.nodes.items():
        if node["kind"] in kinds and node["path"] == path:
            start, end = int(node["start_line"]), int(node["end_line"])
            if start <= line <= end and (best is None or start > best[0]):
                best = (start, node_id)
    return best[1] if best else None


CERTAIN_FORMS = ("this", "self", "static", "parent", "new")
"""Oracle sites whose method syntax and the class table fix: our edges at 1.0."""
TYPED_FORMS = ("param", "property")
"""Oracle sites on a receiver of a declared class: our typed edges (0.9)."""


def method_calls(
    graph: Graph, oracle: dict[str, Any], name: str, forms: tuple[str, ...], certain: bool
) -> Score:
    """Our ``calls`` edges to methods (at 1.0, or else typed: >= 0.9 and no
    dispatch or name match) against reflection's method at the sites of ``forms``."""
    score = Score(name, found_certain=0)
    found_at: dict[Site, set[str]] = {}
    blind: set[Site] = set()  # a site there reflection could not look up
    for f, line, called, how, _look_in, found in oracle["methods"]:
        if how not in forms:
            continue
        if found is None:
            blind.add((f, int(line), called.lower()))
            continue
        target = _method_at(graph, found[0], int(found[1]))
        if target is not None and target != _method_at(graph, f, int(line)):
            # (a method calling itself gives no edge: a node does not reach itself)
            found_at.setdefault((f, int(line), called.lower()), set()).add(target)
    reached: dict[tuple[str, str], float] = {}
    for e in graph.edges:
        target = str(e["target"])
        source_file = graph.path(str(e["source"]))
        pair = (str(e["source"]), target)
        reached[pair] = max(reached.get(pair, 0.0), float(e["confidence"]))
        if e["kind"] != "calls" or graph.kind(target) != "method":
            continue
        confidence = float(e["confidence"])
        tags = e.get("tags", [])
        if certain and confidence < 1.0:
            continue
        if not certain and (confidence < 0.9 or "dispatch" in tags or "name-match" in tags):
            continue
        key = (source_file, int(e["line"]), str(graph.nodes[target]["name"]).lower())
        if key not in found_at or (target not in found_at[key] and key in blind):
            # no site of these forms there reflection could look up (a test
            # class, another receiver): see the hand-checked sample
            score.unchecked += 1
            continue
        score.ours += 1
        if target in found_at[key]:
            score.right += 1
        else:
            score.wrong.append(f"{key[0]}:{key[1]} {key[2]} -> {graph.qualname(target)}")
    at_one = 0
    for (f, line, called), targets in sorted(found_at.items()):
        score.oracle += 1
        # the site's own symbol: the innermost method or function, else the file
        source = _method_at(graph, f, line, ("method", "function")) or "php:" + f
        best = max((reached.get((source, t), 0.0) for t in targets), default=0.0)
        if best > 0:
            score.found += 1
            at_one += best == 1.0
        else:
            score.missed.append(f"{f}:{line} {called}")
    score.found_certain = at_one
    return score


def sample_edges(graph: Graph, repo: Path, sample: Path) -> tuple[list[list[str]], str]:
    """The hand-checked sample: read back from ``sample``, or drawn and written there
    when absent (its verdict column then to be filled in by hand)."""
    if sample.exists():
        rows = [line.split("\t") for line in sample.read_text(encoding="utf-8").splitlines()[1:]]
        return rows, "read"
    certain = sorted(
        (e for e in graph.edges if e["kind"] == "calls" and float(e["confidence"]) == 1.0),
        key=lambda e: (str(e["source"]), str(e["target"]), int(e["line"])),
    )
    chosen = random.Random(SEED).sample(certain, min(SAMPLE_SIZE, len(certain)))
    rows = []
    for n, e in enumerate(chosen, start=1):
        path = graph.path(str(e["source"]))
        lines = (repo / path).read_text(encoding="utf-8", errors="replace").splitlines()
        code = lines[int(e["line"]) - 1].strip() if int(e["line"]) <= len(lines) else ""
        rows.append(
            [
                str(n),
                graph.qualname(str(e["source"])),
                graph.qualname(str(e["target"])),
                f"{path}:{e['line']}",
                code.replace("\t", " "),
                "",
                "",
            ]
        )
    header = "n\tsource\ttarget\twhere\tcode\tverdict\tnote"
    sample.write_text(
        header + "\n" + "\n".join("\t".join(r) for r in rows) + "\n", encoding="utf-8"
    )
    return rows, "written"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cache-dir", type=Path, default=cache_dir_default())
    parser.add_argument("--json", nargs="?", const="-", default=None)
    parser.add_argument("--workload", action="append", help="php-parser, commonmark (default: all)")
    parser.add_argument("--check", action="store_true", help=f"exit 1 below {TARGET} precision")
    args = parser.parse_args(argv)

    print(
        f"blast-radius: {tool_version(args.python)}; "
        f"oracle: {php_version()}, nikic/php-parser NameResolver"
    )
    payload: dict[str, Any] = {}
    low = False
    for workload in WORKLOADS:
        if args.workload and workload.key not in args.workload:
            continue
        result = measure(workload, args)
        payload[workload.key] = result
        low = low or any(s["precision"] < TARGET for s in result["scores"].values())
    if args.json:
        write_json(args, payload)
    return 1 if args.check and low else 0


def measure(workload: PhpWorkload, args: argparse.Namespace) -> dict[str, Any]:
    """Score one workload, print the figures, and return them."""
    source = unpack_orig(workload.orig, args.cache_dir, "php")
    tree = oracle_tree(source, args.cache_dir)
    started = time.perf_counter()
    oracle = run_oracle(tree, workload.autoloads)
    oracle_seconds = time.perf_counter() - started
    data, error, seconds = run_graph(args.python, source, args.jobs)
    if data is None:
        raise RuntimeError(error)
    graph = read_graph(data)
    scores = [class_names(graph, oracle), functions(graph, oracle), inheritance(graph, oracle)]
    scores.append(method_calls(graph, oracle, "certain calls", CERTAIN_FORMS, certain=True))
    scores.append(method_calls(graph, oracle, "typed calls", TYPED_FORMS, certain=False))
    resolution = graph.meta.get("resolution", {}).get("php", {})
    calls = [e for e in graph.edges if e["kind"] == "calls"]
    name_matched = sum(1 for e in calls if "name-match" in e.get("tags", []))
    certain_calls = sum(1 for e in calls if float(e["confidence"]) == 1.0)
    sample = HERE / f"php_edges_sample_{workload.key}.tsv"
    rows, how = sample_edges(graph, source, sample)
    verdicts = Counter(r[5] for r in rows if len(r) > 5)

    print(f"\n{workload.orig.package} {workload.orig.version} ({oracle['files']} .php files)")
    for score in scores:
        print("  " + score.line())
        for example in score.wrong[:EXAMPLES]:
            print(f"      wrong:  {example}")
        for example in score.missed[:EXAMPLES]:
            print(f"      missed: {example}")
    checked = verdicts["right"] + verdicts["wrong"]
    print(
        f"  hand-checked sample ({how} {sample.name}): {verdicts['right']} right, "
        f"{verdicts['wrong']} wrong of {checked} checked ({len(rows)} drawn, seed {SEED})"
    )
    print(
        f"  call edges: {len(calls)}, at 1.0: {certain_calls}; name-matched: {name_matched} "
        f"({name_matched / max(len(calls), 1):.1%} of call edges; "
        f"{resolution.get('name_matched', 0)} of "
        f"{resolution.get('resolved', 0) + resolution.get('name_matched', 0)} resolved references)"
    )
    print(
        f"  syntax errors: {graph.meta.get('syntax_errors')} in "
        f"{len(graph.meta.get('files_with_syntax_errors', []))} files "
        f"(oracle parser failures: {len(oracle['failed'])})"
    )
    print(f"  time: ours {seconds:.2f} s (--jobs {args.jobs}), oracle {oracle_seconds:.2f} s")
    return {
        "workload": f"{workload.orig.package} {workload.orig.version}",
        "scores": {s.name: s.as_json() for s in scores},
        "sample": {"right": verdicts["right"], "wrong": verdicts["wrong"], "drawn": len(rows)},
        "call_edges": len(calls),
        "certain_calls": certain_calls,
        "name_matched": name_matched,
        "syntax_errors": graph.meta.get("syntax_errors"),
        "files_with_syntax_errors": graph.meta.get("files_with_syntax_errors", []),
        "seconds": round(seconds, 2),
    }


if __name__ == "__main__":
    sys.exit(main())
