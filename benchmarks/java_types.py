"""Compare the file-level type dependencies of our Java graph with ``jdeps -verbose:class``.

The workloads are those of ``java_workloads.py`` (jsoup and commons-lang3,
compiled with plain ``javac --release 17 -g``; main and test code). Sets of
(file A, file B) pairs are built over the repository's source files that have
a class file:

* the oracle: ``jdeps -verbose:class -filter:none`` over the main classes
  (class path: the main jars) and over the test classes (class path: the main
  classes and every jar): every class a class file names (its constant pool,
  descriptors and signatures, annotations kept in the class file). A class
  maps to its source file by its package and its ``SourceFile`` attribute
  (a nested, local or anonymous class is compiled from its outer class's
  file; so is a second top-level class of a file). A pair is kept when both
  ends are source files of the repository and differ;
* ours: ``python -m blast_radius graph REPO --format json --no-cache --jobs N``:
  file A depends on file B when an edge that is not ``contains`` (``imports``,
  ``calls``, ``references``, ``inherits``) goes from a ``java:`` node whose
  ``path`` is A to one whose ``path`` is B. Pairs with an end in a file
  without bytecode (a test file javac could not build, a benchmark left out of
  the test build) are counted apart and not compared.

jdeps counts as the truth: precision = |ours & jdeps| / |ours|, recall =
|ours & jdeps| / |jdeps|, F1 their harmonic mean; the figures take every edge
(and, for information, only edges at confidence >= 0.5 and at 1.0). What
compiling erases, jdeps cannot see: a ``static final`` constant of a
primitive or String type is inlined where it is used, an annotation of
``SOURCE`` retention is not in the class file, an import used only in
Javadoc leaves nothing. Such pairs count as false positives in the figures;
the report sorts our extra pairs by a cause read from the source text (an
import whose type is named only in comments, a type named only as
``Type.CONSTANT``, only as ``@Type``), and prints, apart and labelled, the
precision with those counted as true. Misses are sorted the same way: the
type named in A's code in the same package (a field, parameter or local
type, a cast, a type argument: uses our graph has no edge for), through an
on-demand import, fully qualified, or not named in A at all (a type in the
descriptor of a member A uses).

    python benchmarks/java_types.py [--workload jsoup] [--check] [--json [FILE]]
        [--reuse] [--oracle-only] [--python PY] [--jobs 2] [--examples 12]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from go_imports import run_graph, source_line, write_json
from java_calls import ClassFile, Names, add_arguments, get_tree, load_classes
from java_workloads import WORKLOADS, CompiledTree, JavaWorkload, java_version
from js_imports import tool_version

JDEPS = os.environ.get("JDEPS", "jdeps")
TARGET_F1 = 0.95
EXAMPLES = 12

Pair = tuple[str, str]

_DEP = re.compile(r"^\s+(\S+)\s+->\s+(\S+)\s+(\S.*)$")


# --- the oracle ---------------------------------------------------------------------------------


@dataclass
class Oracle:
    classes: dict[str, ClassFile]  # internal name -> class
    files: set[str]  # source files with a class file
    pairs: dict[Pair, set[Pair]] = field(default_factory=dict)  # -> (from class, to class)
    raw: int = 0  # dependence lines printed
    outside: int = 0  # to a class outside the repository
    same_file: int = 0  # between two classes of one file
    unmapped: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0


def jdeps_version() -> str:
    proc = subprocess.run([JDEPS, "-version"], capture_output=True, text=True, check=False)
    return f"jdeps {(proc.stdout or proc.stderr).strip()}"


def run_jdeps(folder: Path, classpath: list[Path]) -> str:
    # --multi-release: JUnit's jars are multi-release ones, which jdeps refuses without it
    cmd = [JDEPS, "-verbose:class", "-filter:none", "--multi-release", "17"]
    if classpath:
        cmd += ["-cp", os.pathsep.join(str(p) for p in classpath)]
    cmd.append(str(folder))
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(
            f"`{' '.join(cmd[:5])} ... {folder}` exited with {proc.returncode}\n"
            f"{proc.stdout[-2000:]}{proc.stderr[-2000:]}"
        )
    return proc.stdout


def build_oracle(tree: CompiledTree, jobs: int) -> Oracle:
    started = time.perf_counter()
    classes = load_classes(tree, jobs, code=False)
    by_binary = {c.name.replace("/", "."): c for c in classes.values()}
    o = Oracle(classes, {c.path for c in classes.values() if c.path})
    for folder, classpath in (
        (tree.main_classes, tree.main_classpath),
        (tree.test_classes, tree.test_classpath),
    ):
        for line in run_jdeps(folder, classpath).splitlines():
            m = _DEP.match(line)
            if m is None:
                continue
            o.raw += 1
            source, target = by_binary.get(m.group(1)), by_binary.get(m.group(2))
            if source is None:
                o.unmapped["from package-info or module-info"] += 1
                continue
            if target is None:
                o.outside += 1
                continue
            if not source.path or not target.path:
                o.unmapped["a class whose source file was not found"] += 1
                continue
            if source.path == target.path:
                o.same_file += 1
                continue
            o.pairs.setdefault((source.path, target.path), set()).add((source.name, target.name))
    o.seconds = time.perf_counter() - started
    return o


# --- ours ---------------------------------------------------------------------------------------


@dataclass
class Ours:
    pairs: dict[Pair, list[dict[str, Any]]]  # -> the edges behind it
    uncompared: dict[Pair, list[dict[str, Any]]]
    edges_by_kind: Counter[str]

    def at(self, minimum: float) -> set[Pair]:
        return {
            p for p, es in self.pairs.items() if max(float(e["confidence"]) for e in es) >= minimum
        }


def read_ours(graph: dict[str, Any], files: set[str]) -> Ours:
    path_of = {
        str(n["id"]): str(n.get("path") or "")
        for n in graph.get("nodes", [])
        if str(n["id"]).startswith("java:")
    }
    pairs: dict[Pair, list[dict[str, Any]]] = {}
    uncompared: dict[Pair, list[dict[str, Any]]] = {}
    kinds: Counter[str] = Counter()
    for e in graph.get("edges", []):
        if e.get("kind") == "contains":
            continue
        a, b = path_of.get(str(e["source"])), path_of.get(str(e["target"]))
        if not a or not b or a == b:
            continue
        kinds[str(e["kind"])] += 1
        pool = pairs if a in files and b in files else uncompared
        pool.setdefault((a, b), []).append(e)
    return Ours(pairs, uncompared, kinds)


# --- reading the source: why a pair is extra or missed -----------------------------------------

_TOKENS = re.compile(
    r'(?P<comment>//[^\n]*|/\*.*?\*/)|(?P<text>"""[ \t]*\n.*?"""|"(?:\\.|[^"\\\n])*"|'
    r"'(?:\\.|[^'\\\n])*')",
    re.DOTALL,
)
_IMPORT = re.compile(r"^[ \t]*(import|package)\s[^;]*;", re.MULTILINE)


def _blank(text: str) -> str:
    """``text`` with every character but its line breaks made a space."""
    return re.sub(r"[^\n]", " ", text)


class Source:
    """A file's code (comments, literals, imports and the package clause blanked),
    its comments, and its imports; read once."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self._cache: dict[str, tuple[str, str, list[str]]] = {}

    def get(self, path: str) -> tuple[str, str, list[str]]:
        found = self._cache.get(path)
        if found is not None:
            return found
        try:
            text = (self.repo / path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        comments: list[str] = []

        def blank(m: re.Match[str]) -> str:
            if m.group("comment"):
                comments.append(m.group(0))
            return _blank(m.group(0))

        code = _TOKENS.sub(blank, text)
        imports = [m.group(0) for m in _IMPORT.finditer(code)]
        code = _IMPORT.sub(lambda m: _blank(m.group(0)), code)
        found = (code, "\n".join(comments), imports)
        self._cache[path] = found
        return found


def type_names(o: Oracle, path: str) -> set[str]:
    """Simple names of the named types compiled from ``path``."""
    out: set[str] = set()
    for c in o.classes.values():
        if c.path != path or (c.inner and c.inner_name is None):
            continue
        out.add(c.inner_name if c.inner and c.inner_name else c.name.rpartition("/")[2])
    return out


def package_of(o: Oracle, path: str) -> str:
    for c in o.classes.values():
        if c.path == path:
            return c.name.rpartition("/")[0].replace("/", ".")
    return ""


def through_subtype(c: Comparison, pair: Pair) -> bool:
    """Does A depend (in jdeps) on a file with a subtype of a type of B? javac writes
    the receiver's static type as the owner of a call, not the ancestor declaring the
    method: ``element.absUrl()`` names ``Element``, not ``Node``."""
    o = c.oracle
    a, b = pair
    targets = {y for (x, y) in o.pairs if x == a}
    for klass in o.classes.values():
        if klass.path != b:
            continue
        for sub in c.names.subtypes(klass.name):
            sub_class = o.classes.get(sub)
            if sub_class is not None and sub_class.path in targets:
                return True
    return False


def extra_category(c: Comparison, pair: Pair) -> str:
    """Why our pair A -> B is not in jdeps, as far as A's source tells."""
    assert c.ours is not None
    a, b = pair
    edges = c.ours.pairs[pair]
    kinds = sorted({str(e["kind"]) for e in edges})
    best = max(float(e["confidence"]) for e in edges)
    if kinds != ["imports"]:
        calls = [e for e in edges if e["kind"] != "imports"]
        top = max(float(e["confidence"]) for e in calls)
        tags = sorted({t for e in calls for t in e.get("tags") or ()})
        how = "+".join(tags) or "no tag"
        band = "1.0" if top >= 1.0 else ">= 0.5" if top >= 0.5 else "< 0.5"
        plain = [e for e in calls if e["kind"] == "calls" and not e.get("tags")]
        if plain and through_subtype(c, pair):
            top = max(float(e["confidence"]) for e in plain)
            band = "1.0" if top >= 1.0 else ">= 0.5" if top >= 0.5 else "< 0.5"
            return f"a call of B's method on a subtype, which jdeps names instead (at {band})"
        return f"{'+'.join(kinds)}, best {band} ({how})"
    code, comments, _ = c.source.get(a)
    names = type_names(c.oracle, b)
    used = [n for n in names if re.search(rf"(?<![\w$.]){re.escape(n)}\b", code)]
    if not used:
        if any(re.search(rf"\b{re.escape(n)}\b", comments) for n in names):
            return "import of a type named only in comments (Javadoc): erased"
        return "import of a type not named in the code (unused import)"
    constant = re.compile(
        r"(?<![\w$.])({})\s*\.\s*[A-Z][A-Z0-9_]*\b(?!\s*\()".format(
            "|".join(re.escape(n) for n in used)
        )
    )
    annotation = re.compile(r"@\s*({})\b".format("|".join(re.escape(n) for n in used)))
    other = re.compile(r"(?<![\w$.@])({})\b".format("|".join(re.escape(n) for n in used)))
    rest = annotation.sub(" ", constant.sub(" ", code))
    if not other.search(rest):
        if constant.search(code):
            return "import of a type used only as Type.CONSTANT: a constant javac inlines"
        return "import of a type used only as an annotation (not kept in the class file)"
    return f"import of a type named in the code (best {best:.2g})"


def miss_category(c: Comparison, pair: Pair) -> str:
    """How A names B's types, for a pair jdeps has and we do not."""
    a, b = pair
    code, _, imports = c.source.get(a)
    names = type_names(c.oracle, b)
    package_a, package_b = package_of(c.oracle, a), package_of(c.oracle, b)
    if package_b and re.search(rf"\b{re.escape(package_b)}\s*\.\s*[A-Z]", code):
        return "fully qualified name"
    named = [n for n in names if re.search(rf"(?<![\w$.]){re.escape(n)}\b", code)]
    if not named:
        return "B's types not named in A (a type in a descriptor of a member A uses)"
    where = "same package" if package_a == package_b else "other package"
    if where == "other package":
        star = any(re.search(rf"import\s+{re.escape(package_b)}\s*\.\s*\*", i) for i in imports)
        single = any(
            re.search(
                rf"import\s+(static\s+)?{re.escape(package_b)}\s*\.\s*({'|'.join(named)})\b", i
            )
            for i in imports
        )
        if star:
            where = "on-demand import (pkg.*)"
        elif single:
            where = "imported by name"
        elif package_b.startswith(package_a + ".") or not package_a:
            where = "other package, no import"
    alt = "|".join(re.escape(n) for n in named)
    if re.search(rf"@\s*({alt})\b", code):
        how = "an annotation"
    elif re.search(rf"\bnew\s+({alt})\b", code):
        how = "new"
    elif re.search(rf"(?<![\w$.])({alt})\s*\.\s*[a-z_$][\w$]*\s*\(", code):
        how = "a static method"
    elif re.search(rf"(?<![\w$.])({alt})\s*\.\s*[A-Za-z_$]", code):
        how = "a static field, a nested type or Type.class"
    else:
        how = "a type (field, parameter, local, result, cast, type argument)"
    return f"{where}: named as {how}"


def _line_of(c: Comparison, path: str, names: set[str]) -> tuple[int, str]:
    """The first line of ``path``'s code that names one of ``names``."""
    code, _, _ = c.source.get(path)
    for i, text in enumerate(code.splitlines(), 1):
        if any(re.search(rf"(?<![\w$.]){re.escape(n)}\b", text) for n in names):
            return i, source_line(c.tree.repo, path, i)
    return 0, ""


# --- the comparison -----------------------------------------------------------------------------


@dataclass
class Comparison:
    workload: JavaWorkload
    tree: CompiledTree
    oracle: Oracle
    ours: Ours | None = None
    ours_error: str = ""
    seconds: dict[str, float] = field(default_factory=dict)
    source: Source = field(init=False)

    names: Names = field(init=False)

    def __post_init__(self) -> None:
        self.source = Source(self.tree.repo)
        self.names = Names(self.tree.repo, self.oracle.classes)

    def scores(self, minimum: float = 0.0) -> dict[str, Any]:
        assert self.ours is not None
        ours = self.ours.at(minimum)
        truth = set(self.oracle.pairs)
        tp = len(ours & truth)
        p = tp / len(ours) if ours else 0.0
        r = tp / len(truth) if truth else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        return {
            "ours": len(ours),
            "oracle": len(truth),
            "tp": tp,
            "fp": len(ours) - tp,
            "fn": len(truth) - tp,
            "precision": round(p, 4),
            "recall": round(r, 4),
            "f1": round(f1, 4),
        }

    def extras(self) -> dict[str, list[Pair]]:
        assert self.ours is not None
        out: dict[str, list[Pair]] = defaultdict(list)
        for pair in sorted(set(self.ours.pairs) - set(self.oracle.pairs)):
            out[extra_category(self, pair)].append(pair)
        return out

    def misses(self) -> dict[str, list[Pair]]:
        assert self.ours is not None
        out: dict[str, list[Pair]] = defaultdict(list)
        for pair in sorted(set(self.oracle.pairs) - set(self.ours.pairs)):
            out[miss_category(self, pair)].append(pair)
        return out


ERASED = (
    "comments (Javadoc)",
    "a constant javac inlines",
    "an annotation (not kept",
    "which jdeps names instead",
)


def erased(category: str) -> bool:
    """Is an extra pair of this category one that the class files do not show (an
    erased use, or a call jdeps sees on another class)?"""
    return any(k in category for k in ERASED)


def figures(c: Comparison) -> dict[str, Any]:
    o = c.oracle
    out: dict[str, Any] = {
        "package": f"{c.workload.orig.package}={c.workload.orig.version}",
        "class_files": len(o.classes),
        "source_files_with_bytecode": len(o.files),
        "test_files_left_out": len(c.tree.left_out),
        "jdeps_lines": o.raw,
        "jdeps_to_outside": o.outside,
        "jdeps_same_file": o.same_file,
        "jdeps_unmapped": dict(o.unmapped),
        "oracle_pairs": len(o.pairs),
        "seconds": {k: round(v, 1) for k, v in c.seconds.items()},
    }
    if c.ours is None:
        out["ours_error"] = c.ours_error.splitlines()[0] if c.ours_error else "not run"
        return out
    out["our_edges_by_kind"] = dict(sorted(c.ours.edges_by_kind.items()))
    out["our_pairs_not_compared"] = len(c.ours.uncompared)
    out["all"] = c.scores(0.0)
    out["half"] = c.scores(0.5)
    out["certain"] = c.scores(1.0)
    extras = c.extras()
    out["extra_by_cause"] = {k: len(v) for k, v in sorted(extras.items())}
    out["misses_by_cause"] = {k: len(v) for k, v in sorted(c.misses().items())}
    gone = sum(len(v) for k, v in extras.items() if erased(k))
    ours = out["all"]["ours"]
    out["extra_not_in_class_files"] = gone
    out["precision_counting_those_true"] = round((out["all"]["tp"] + gone) / ours, 4) if ours else 0
    return out


def report(c: Comparison, examples: int) -> None:
    w, o = c.workload, c.oracle
    print(f"\n=== {w.key}: {w.orig.package}={w.orig.version} ===")
    print(
        f"{len(o.classes)} class files from {len(o.files)} source files;"
        f" {len(c.tree.left_out)} test files left out of the build"
    )
    print(
        f"oracle (jdeps): {o.raw} class dependences, {o.outside} to classes outside the"
        f" repository, {o.same_file} within one file, unmapped {dict(o.unmapped)};"
        f" {len(o.pairs)} file pairs ({o.seconds:.1f} s)"
    )
    if c.ours is None:
        print(f"ours: could not run\n{c.ours_error}")
        return
    ours = c.ours
    print(
        f"ours: edges across files by kind {dict(sorted(ours.edges_by_kind.items()))};"
        f" {len(ours.pairs)} file pairs, {len(ours.uncompared)} with an end in a file without"
        " bytecode (not compared)"
    )
    for label, minimum in (("all edges", 0.0), ("edges >= 0.5", 0.5), ("edges at 1.0", 1.0)):
        s = c.scores(minimum)
        goal = f" (target F1 >= {TARGET_F1})" if minimum == 0.0 else ""
        print(
            f"{label}: precision {s['precision']:.4f} ({s['tp']}/{s['ours']}), recall"
            f" {s['recall']:.4f} ({s['tp']}/{s['oracle']}), F1 {s['f1']:.4f}{goal}"
        )
    extras = c.extras()
    gone = sum(len(v) for k, v in extras.items() if erased(k))
    s = c.scores()
    if s["ours"]:
        print(
            f"  (information: {gone} extra pairs are uses the class files do not show (Javadoc,"
            " inlined constants, annotations not kept, an inherited method called on a subtype"
            f" in another file); counted as true, precision would be"
            f" {(s['tp'] + gone) / s['ours']:.4f})"
        )
    per = max(1, examples // 4)
    if extras:
        print(f"\nextra (we have, jdeps does not): {sum(len(v) for v in extras.values())}")
        for cat, pairs in sorted(extras.items(), key=lambda kv: -len(kv[1])):
            print(f"  {cat}: {len(pairs)}")
            for pair in pairs[:: max(1, len(pairs) // per)][:per]:
                e = max(ours.pairs[pair], key=lambda e: float(e["confidence"]))
                line = int(e.get("line") or 0)
                print(
                    f"    {pair[0]} -> {pair[1]}: {e['kind']} {e['source']} -> {e['target']}"
                    f" [{float(e['confidence']):.3g}] line {line}"
                    f" {source_line(c.tree.repo, pair[0], line)!r}"
                )
    misses = c.misses()
    if misses:
        print(f"\nmissed (jdeps has, we do not): {sum(len(v) for v in misses.values())}")
        for cat, pairs in sorted(misses.items(), key=lambda kv: -len(kv[1])):
            print(f"  {cat}: {len(pairs)}")
            for pair in pairs[:: max(1, len(pairs) // per)][:per]:
                deps = sorted(o.pairs[pair])
                first = ", ".join(
                    f"{x.rpartition('/')[2]} -> {y.rpartition('/')[2]}" for x, y in deps[:2]
                )
                line, text = _line_of(c, pair[0], type_names(o, pair[1]))
                where = f" line {line} {text!r}" if line else ""
                print(f"    {pair[0]} -> {pair[1]} ({first}){where}")


def totals(results: list[Comparison]) -> dict[str, Any]:
    ran = [c for c in results if c.ours is not None]
    out: dict[str, Any] = {"oracle_pairs": sum(len(c.oracle.pairs) for c in results)}
    for label, minimum in (("all", 0.0), ("half", 0.5), ("certain", 1.0)):
        if not ran:
            break
        tp = sum(c.scores(minimum)["tp"] for c in ran)
        ours = sum(c.scores(minimum)["ours"] for c in ran)
        truth = sum(c.scores(minimum)["oracle"] for c in ran)
        p = tp / ours if ours else 0.0
        r = tp / truth if truth else 0.0
        out[label] = {
            "precision": round(p, 4),
            "recall": round(r, 4),
            "f1": round(2 * p * r / (p + r), 4) if p + r else 0.0,
            "tp": tp,
            "ours": ours,
            "oracle": truth,
        }
    return out


def print_table(results: list[Comparison]) -> None:
    header = (
        "workload",
        "jdeps",
        "ours",
        "TP",
        "FP",
        "FN",
        "precision",
        "recall",
        "F1",
        "F1@>=0.5",
    )
    rows: list[tuple[str, ...]] = []
    for c in results:
        if c.ours is None:
            rows.append((c.workload.key, str(len(c.oracle.pairs)), *"-" * 8))
            continue
        s, h = c.scores(), c.scores(0.5)
        rows.append(
            (
                c.workload.key,
                str(s["oracle"]),
                str(s["ours"]),
                str(s["tp"]),
                str(s["fp"]),
                str(s["fn"]),
                f"{s['precision']:.4f}",
                f"{s['recall']:.4f}",
                f"{s['f1']:.4f}",
                f"{h['f1']:.4f}",
            )
        )
    t = totals(results)
    if "all" in t:
        a = t["all"]
        rows.append(
            (
                "all",
                str(a["oracle"]),
                str(a["ours"]),
                str(a["tp"]),
                str(a["ours"] - a["tp"]),
                str(a["oracle"] - a["tp"]),
                f"{a['precision']:.4f}",
                f"{a['recall']:.4f}",
                f"{a['f1']:.4f}",
                f"{t['half']['f1']:.4f}",
            )
        )
    rows.append(("target", *[""] * 7, f">= {TARGET_F1}", ""))
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    print()
    for r in (header, *rows):
        print(
            "  ".join(v.ljust(widths[i]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(r))
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser, EXAMPLES)
    parser.add_argument(
        "--check", action="store_true", help=f"exit 1 when F1 (all edges) is below {TARGET_F1}"
    )
    args = parser.parse_args(argv)
    chosen = [w for w in WORKLOADS if "types" in w.benchmarks]
    chosen = [w for w in chosen if not args.workload or w.key in args.workload]
    version = "not run" if args.oracle_only else tool_version(args.python)
    print(f"blast-radius: {version}; oracle: {jdeps_version()}, {java_version()}")
    results: list[Comparison] = []
    failed = False
    for w in chosen:
        started = time.perf_counter()
        tree = get_tree(w, args.cache_dir, args.reuse)
        compiled = time.perf_counter() - started
        oracle = build_oracle(tree, args.jobs)
        c = Comparison(w, tree, oracle, seconds={"compile": compiled, "jdeps": oracle.seconds})
        if not args.oracle_only:
            graph, c.ours_error, c.seconds["ours"] = run_graph(args.python, tree.repo, args.jobs)
            if graph is not None:
                c.ours = read_ours(graph, oracle.files)
        print(
            f"[java_types] {w.key}: " + ", ".join(f"{k} {v:.1f} s" for k, v in c.seconds.items()),
            file=sys.stderr,
        )
        report(c, args.examples)
        results.append(c)
        failed = failed or c.ours is None or c.scores()["f1"] < TARGET_F1
    print_table(results)
    if args.json:
        write_json(
            args,
            {
                "blast_radius": version,
                "jdeps": jdeps_version(),
                "workloads": {c.workload.key: figures(c) for c in results},
                "all": totals(results),
            },
        )
    if args.check and failed:
        print(f"\nFAIL: F1 below {TARGET_F1} (or a run failed)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
