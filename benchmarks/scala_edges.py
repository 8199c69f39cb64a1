"""Compare our Scala ``calls`` edges with the bytecode scalac writes (``javap -c -l -p``).

Workloads: two folders of Scala 2.11.12 itself, from the upstream tarball of
Debian's ``scala`` source package (bookworm), pinned by sha256:
``src/actors`` (scala-actors: 49 Scala files and 41 Java files, traits and
companions throughout, Scala calling the Java thread pool of the same
folder) and ``src/scalap`` (23 files: parser combinators, case classes and
pattern matching, compiled against Debian's scala-compiler jar).

The oracle: Debian's ``scala`` package (scalac 2.11.12) compiles the Scala
files (reading the Java ones for their types), ``javac -g`` the Java ones;
``javap -c -l -p`` lists every class file. Each ``invokevirtual``,
``invokespecial``, ``invokestatic`` and ``invokeinterface`` names its owner
(the static type scalac wrote) and method; the LineNumberTable gives its line
and ``Compiled from`` its file. The method that runs is looked up from the
owner as the JVM does (the owner, its superclass, then its interfaces); a
class's forwarder to a trait's implementation (``T$class.m``, scalac 2.11's
encoding of a trait's concrete method) counts as the trait's method. Class
names map to our ids: ``Obj$`` (an object) and ``T$class`` (a trait's bodies)
are ``Obj`` and ``T``; ``Outer$Inner`` is ``Outer.Inner``; an encoded name
(``$plus$eq``, ``pkg$C$$m``) is decoded to ``+=`` and ``m``. Closures
(``$anonfun``) and anonymous classes are lines of the file that holds them,
so a site is (file, line, method).

* precision at 1.0: our ``calls`` edges of confidence 1.0 from Scala files
  to a method node: right when the oracle has a call of that method at that
  file and line;
* recall: the oracle's sites in Scala files whose method is a method node of
  our graph (a ``val``'s accessor and a case class's synthetic members have
  none): found when we have an edge to it at that file and line (at any
  confidence, and at 1.0).

It also prints the share of name-matched Scala references, the files with
syntax errors and the run time.

    python benchmarks/scala_edges.py [--workload actors|scalap] [--python PY]
        [--examples N] [--json [FILE]]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from debian import Orig, unpack_orig

CACHE = Path("~/.cache/blast-radius-bench/scala").expanduser()
SCALA = Orig(
    "scala",
    "2.11.12",
    "pool/main/s/scala",
    "scala_2.11.12.orig.tar.xz",
    "b8db9faffd136d376a1885c04b2cced1b25fee5e61295c1c2a66bceaf99e7301",
)
SCALA_JARS = Path("/usr/share/scala-2.11/lib")


@dataclass(frozen=True)
class Workload:
    """A folder of the Scala sources and the jars it compiles against."""

    key: str
    folder: str
    jars: tuple[str, ...] = ()


WORKLOADS = {
    "actors": Workload("actors", "src/actors"),
    "scalap": Workload("scalap", "src/scalap", ("scala-compiler.jar", "scala-reflect.jar")),
}

_ENCODED = {
    "$eq": "=", "$greater": ">", "$less": "<", "$plus": "+", "$minus": "-",
    "$times": "*", "$div": "/", "$bslash": "\\", "$bar": "|", "$bang": "!",
    "$qmark": "?", "$colon": ":", "$percent": "%", "$up": "^", "$amp": "&",
    "$tilde": "~", "$hash": "#", "$at": "@",
}  # fmt: skip
_INVOKE = re.compile(
    r"^\s+(\d+): invoke(virtual|special|static|interface)\s.*// (?:Interface)?Method "
    r"(?:([\w/$]+)\.)?([\w$<>]+|\"<init>\"):"
)
_CLASS = re.compile(
    r"^(?:[\w ]*?)(?:class|interface) ([\w.$]+)(?:<.*?>)?(?: extends ([^{]+?))?"
    r"(?: implements ([^{]+?))? \{$"
)
_METHOD = re.compile(r"^  (?:[\w\[\].$<>?, ]+ )?([\w$.]+)\(.*\)(?: throws .*)?;$")
"""A method's declaration (a constructor is named by its class, with dots)."""


@dataclass
class ClassFile:
    """What javap says of one class: its names, bases, methods and calls."""

    name: str
    source: str
    bases: list[str] = field(default_factory=list)
    methods: set[str] = field(default_factory=set)
    forwarders: dict[str, str] = field(default_factory=dict)
    """Method -> the trait implementation class (``T$class``) it forwards to."""
    calls: list[tuple[int, str, str]] = field(default_factory=list)
    """(line, owner, method) of each invoke instruction."""
    super_accessors: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    """A trait's ``T$$super$m`` as this class implements it: the (owner,
    method) it calls, the method ``super.m()`` in T runs when mixed in here."""


def _strip_generics(text: str) -> str:
    out, depth = [], 0
    for char in text:
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        elif depth == 0:
            out.append(char)
    return "".join(out)


def decode(name: str) -> str:
    """A JVM method name as written in Scala: ``$plus$eq`` as ``+=``;
    ``scala$actors$Reactor$$drain`` (a private name made public) as ``drain``."""
    if "$$" in name:
        name = name.rsplit("$$", 1)[1]
    for code, char in _ENCODED.items():
        name = name.replace(code, char)
    return name


def prepare(cache: Path, workload: Workload = WORKLOADS["actors"]) -> Path:
    """The folder as a git repository (the indexer lists files with git)."""
    repo = cache / f"repo-{workload.key}"
    if not (repo / ".git").is_dir():
        top = unpack_orig(SCALA, cache, "scala")
        if repo.exists():
            shutil.rmtree(repo)
        shutil.copytree(top / workload.folder, repo)
        for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", workload.folder]):
            subprocess.run(
                ["git", "-c", "user.email=b@r", "-c", "user.name=bench", *args],
                cwd=repo,
                check=True,
            )
    return repo


def compile_tree(repo: Path, cache: Path, workload: Workload) -> Path:
    """Class files of the folder: scalac for Scala (reading the Java sources),
    javac for Java; once."""
    out = cache / f"classes-{workload.key}"
    done = cache / f"classes-{workload.key}.done"
    if done.exists():
        return out
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    scala = sorted(str(p) for p in repo.rglob("*.scala"))
    java = sorted(str(p) for p in repo.rglob("*.java"))
    jars = ":".join(str(SCALA_JARS / jar) for jar in workload.jars)
    given = ["-cp", jars] if jars else []
    subprocess.run(["scalac", "-nowarn", *given, "-d", str(out), *scala, *java], check=True)
    if java:
        classpath = ":".join([str(out), str(SCALA_JARS / "scala-library.jar"), *given[1:]])
        subprocess.run(
            ["javac", "-nowarn", "-g", "-d", str(out), "-cp", classpath, *java], check=True
        )
    done.write_text("scalac 2.11.12 + javac\n")
    return out


def read_classes(out: Path) -> dict[str, ClassFile]:
    """javap's listing of every class file, read into ``ClassFile`` values."""
    names = sorted(
        p.relative_to(out).as_posix().removesuffix(".class").replace("/", ".")
        for p in out.rglob("*.class")
    )
    classes: dict[str, ClassFile] = {}
    for start in range(0, len(names), 200):
        batch = names[start : start + 200]
        text = subprocess.run(
            ["javap", "-c", "-l", "-p", "-cp", str(out), *batch],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        _read_javap(text, classes)
    return classes


def _read_javap(text: str, classes: dict[str, ClassFile]) -> None:
    current: ClassFile | None = None
    method = ""
    pending: list[tuple[int, str, str, str]] = []  # offset, kind, owner, name
    lines: list[tuple[int, int]] = []  # (start pc, line)
    source = ""

    def flush() -> None:
        if current is None or not pending:
            return
        ordered = sorted(lines, key=lambda x: x[0])
        invokes = [(kind, owner, name) for _, kind, owner, name in pending]
        if (
            len(invokes) == 1
            and invokes[0][0] == "static"
            and invokes[0][1].endswith("$class")
            and invokes[0][2] == method
        ):
            # a mixin forwarder scalac writes into the class: no call of the source
            current.forwarders[method] = invokes[0][1].replace("/", ".")
        elif "$$super$" in method:
            current.super_accessors[method] = [(o, n) for _, _, o, n in pending]
        else:  # a trait's `$init$` runs its body's statements
            for offset, _kind, owner, name in pending:
                line = next((ln for pc, ln in reversed(ordered) if pc <= offset), 0)
                if not (owner.endswith("$class") and name == "$init$"):
                    current.calls.append((line, owner, name))
        pending.clear()
        lines.clear()

    for raw in text.splitlines():
        if raw.startswith("Compiled from "):
            flush()
            source = raw.split('"')[1]
            continue
        declared = _CLASS.match(_strip_generics(raw)) if not raw.startswith(" ") else None
        if declared is not None:
            flush()
            current = ClassFile(declared.group(1), source)
            for group in (declared.group(2), declared.group(3)):
                if group:
                    current.bases += [b.strip() for b in group.split(",") if b.strip()]
            classes[current.name] = current
            continue
        if current is None:
            continue
        head = (
            _METHOD.match(_strip_generics(raw)) if raw.startswith("  ") and raw[2] != " " else None
        )
        if head is not None:
            flush()
            method = head.group(1).rpartition(".")[2]
            current.methods.add(method)
            continue
        invoke = _INVOKE.match(raw)
        if invoke is not None:
            # javap leaves out the owner when it is the class itself
            owner = invoke.group(3) or current.name.replace(".", "/")
            pending.append((int(invoke.group(1)), invoke.group(2), owner, invoke.group(4)))
            continue
        numbered = re.match(r"^\s+line (\d+): (\d+)$", raw)
        if numbered is not None:
            lines.append((int(numbered.group(2)), int(numbered.group(1))))
    flush()


def our_class(binary: str) -> str:
    """Our id of a JVM class (``scala.actors.Reactor$class`` -> ``java:scala.actors.Reactor``)."""
    name = binary.removesuffix("$class").rstrip("$")
    return "java:" + name.replace("$", ".")


def runs(classes: dict[str, ClassFile], owner: str, name: str) -> str | None:
    """The class whose method ``name`` a call on ``owner`` runs (the JVM's
    lookup: the class, its superclass, then its interfaces); a forwarder to a
    trait's implementation class is that trait's method."""
    queue, seen = [owner], set()
    while queue:
        current = queue.pop(0)
        if current in seen:
            continue
        seen.add(current)
        klass = classes.get(current)
        if klass is None:
            continue
        if name in klass.forwarders:
            return klass.forwarders[name]
        if name in klass.methods:
            return current
        queue += klass.bases
    return None


def file_of(ours_files: dict[str, list[str]], klass: ClassFile) -> str | None:
    """Our path of a class's source file: its name in its package's folder, or
    the only file of that name."""
    candidates = ours_files.get(klass.source, [])
    folder = klass.name.rpartition(".")[0].replace(".", "/")
    exact = [p for p in candidates if p.rpartition("/")[0] == folder]
    if len(exact) == 1:
        return exact[0]
    return candidates[0] if len(candidates) == 1 else None


def super_targets(classes: dict[str, ClassFile]) -> dict[str, set[str]]:
    """``T$$super$m`` -> the classes whose ``m`` it runs, in every class that
    mixes T in (scalac writes the accessor there, calling the super method)."""
    found: dict[str, set[str]] = {}
    for klass in classes.values():
        for accessor, invokes in klass.super_accessors.items():
            for owner, name in invokes:
                target = runs(classes, owner.replace("/", "."), name)
                if target is not None and name == accessor.rpartition("$super$")[2]:
                    found.setdefault(accessor, set()).add(target)
    return found


def oracle_sites(
    classes: dict[str, ClassFile], ours_files: dict[str, list[str]]
) -> tuple[set[tuple[str, int, str]], set[tuple[str, int, str]]]:
    """(path, line, our method id) of every call scalac wrote in a Scala file;
    and (path, line, method name) of the calls it cannot tell: ``super.m()``
    in a trait that no class of the workload mixes in, a local function, a
    member of an anonymous class."""
    sites: set[tuple[str, int, str]] = set()
    unknown: set[tuple[str, int, str]] = set()
    supers = super_targets(classes)
    for klass in classes.values():
        if not klass.source.endswith(".scala"):
            continue
        path = file_of(ours_files, klass)
        if path is None:
            continue
        for line, owner, name in klass.calls:
            if name.startswith("<") or name.startswith('"'):
                continue
            if "$$super$" in name:
                # `super.m()` in a trait: the m of what the trait is mixed onto
                method = decode(name.rpartition("$super$")[2])
                targets = supers.get(name, set())
                if not targets:
                    unknown.add((path, line, method))
            else:
                method = decode(name)
                target = runs(classes, owner.replace("/", "."), name)
                targets = {target} if target is not None else set()
                local = re.fullmatch(r"(\w+)\$\d+", method)
                if local is not None:
                    # a function declared in a method (`rep$1`): no member of
                    # the class, which our ids name by where it is written
                    unknown.add((path, line, local.group(1)))
                if target is not None and "$anon" in target:
                    # a member of an anonymous class: ours is named by the
                    # method the class is written in, which bytecode lacks
                    unknown.add((path, line, method))
            if "$" in method:
                continue  # a default argument's, a closure's or another synthetic method
            sites.update((path, line, f"{our_class(t)}.{method}") for t in targets)
    return sites, unknown


def run_ours(python: str, repo: Path) -> tuple[dict[str, Any], float]:
    """Our graph of the workload, and how long it took."""
    started = time.perf_counter()
    proc = subprocess.run(
        [python, "-m", "blast_radius", "graph", str(repo), "--no-cache", "--quiet", "--jobs", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    graph: dict[str, Any] = json.loads(proc.stdout)
    return graph, time.perf_counter() - started


def compare(
    graph: dict[str, Any], sites: set[tuple[str, int, str]], unknown: set[tuple[str, int, str]]
) -> dict[str, Any]:
    """Precision of our certain Scala call edges and recall of scalac's calls."""
    nodes = {n["id"]: n for n in graph["nodes"]}
    methods = {i for i, n in nodes.items() if n["kind"] in ("method", "function")}
    ours: list[tuple[str, int, str, float, tuple[str, ...]]] = []
    for edge in graph["edges"]:
        source = nodes.get(edge["source"])
        if edge["kind"] != "calls" or source is None or not source["path"].endswith(".scala"):
            continue
        if edge["target"] in methods:
            tags = tuple(edge.get("tags", ()))
            ours.append((source["path"], edge["line"], edge["target"], edge["confidence"], tags))
    judged = [e for e in ours if (e[0], e[1], e[2].rpartition(".")[2]) not in unknown]
    unjudged = len(ours) - len(judged)
    ours = judged
    certain = [e for e in ours if e[3] == 1.0]
    right = [e for e in certain if (e[0], e[1], e[2]) in sites]
    wrong = [e for e in certain if (e[0], e[1], e[2]) not in sites]
    reachable = {s for s in sites if s[2] in methods}
    found_any = {(e[0], e[1], e[2]) for e in ours}
    found_certain = {(e[0], e[1], e[2]) for e in certain}
    missed = sorted(reachable - found_any)
    return {
        "certain_edges": len(certain),
        "unjudged_edges": unjudged,
        "precision_at_1": round(len(right) / len(certain), 4) if certain else None,
        "wrong_at_1": [list(e[:3]) for e in sorted(wrong)],
        "oracle_sites": len(sites),
        "oracle_sites_to_our_methods": len(reachable),
        "recall_any": round(len(reachable & found_any) / len(reachable), 4) if reachable else None,
        "recall_at_1": (
            round(len(reachable & found_certain) / len(reachable), 4) if reachable else None
        ),
        "missed": [list(m) for m in missed],
        "edges_by_band": dict(
            sorted(Counter("1.0" if e[3] == 1.0 else f"{e[3]:.2f}" for e in ours).items())
        ),
        "name_matched_call_edges": sum(1 for e in ours if "name-match" in e[4]),
        "call_edges": len(ours),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="interpreter with blast_radius")
    parser.add_argument("--examples", type=int, default=10, help="misses and errors shown")
    parser.add_argument("--workload", choices=sorted(WORKLOADS), action="append")
    parser.add_argument("--json", nargs="?", const="-", help="write the figures as JSON")
    args = parser.parse_args(argv)
    if shutil.which("scalac") is None:
        print("scalac not found: apt-get install scala (Debian's 2.11.12)", file=sys.stderr)
        return 2
    results = [run_workload(WORKLOADS[key], args.python) for key in args.workload or WORKLOADS]
    if args.json:
        text = json.dumps(results, indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    for summary in results:
        shown = {k: v for k, v in summary.items() if k not in ("wrong_at_1", "missed")}
        for key, value in shown.items():
            print(f"{key:32} {value}")
        print(f"wrong at 1.0 (first {args.examples}):")
        for item in summary["wrong_at_1"][: args.examples]:
            print("   ", *item)
        print(f"missed (first {args.examples}):")
        for item in summary["missed"][: args.examples]:
            print("   ", *item)
        print()
    return 0


def run_workload(workload: Workload, python: str) -> dict[str, Any]:
    """Our graph of one workload, scalac's calls, and the comparison."""
    repo = prepare(CACHE, workload)
    graph, seconds = run_ours(python, repo)
    started = time.perf_counter()
    classes = read_classes(compile_tree(repo, CACHE, workload))
    ours_files: dict[str, list[str]] = {}
    for node in graph["nodes"]:
        if node["kind"] == "module":
            ours_files.setdefault(node["path"].rpartition("/")[2], []).append(node["path"])
    sites, unknown = oracle_sites(classes, ours_files)
    oracle_seconds = time.perf_counter() - started
    result = compare(graph, sites, unknown)
    meta = graph["meta"]
    resolution = meta["resolution"].get("scala", {})
    referenced = resolution.get("resolved", 0) + resolution.get("name_matched", 0)
    return {
        "workload": f"{workload.folder} of scala {SCALA.version} (Debian source)",
        "oracle": "scalac 2.11.12 (Debian) + javap -c -l -p",
        "files": meta["files"],
        "languages": meta["languages"],
        "files_with_syntax_errors": meta["files_with_syntax_errors"],
        "name_matched_share": round(resolution.get("name_matched", 0) / referenced, 4)
        if referenced
        else None,
        "ours_seconds": round(seconds, 2),
        "oracle_seconds": round(oracle_seconds, 2),
        **result,
    }


if __name__ == "__main__":
    raise SystemExit(main())
