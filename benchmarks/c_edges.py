"""Compare our C and C++ include and call edges with what GCC itself sees.

The workloads are upstream tarballs of Debian source packages, pinned by
sha256 (Lua 5.4 for C, yaml-cpp for C++), that GCC 12 compiles here with no
dependencies. Two oracles, both the compiler's:

* includes: ``gcc -E -dI`` on every source and header of the repository (with
  the workload's ``-I`` folders, a header as its own translation unit) keeps
  each ``#include`` it acts on (branches of ``#if`` not taken are not), and
  the marker of the file it enters; a header behind its include guard is
  not entered again, and is found as GCC's search finds it. The pairs
  between repository files are compared with our ``imports`` edges. A file
  GCC cannot preprocess (a test needing a framework not installed) is left
  out of both sides;
* calls: ``gcc -O0 -fcallgraph-info`` writes, per translation unit, a VCG
  graph of each function's direct callees with the location of the call. A
  function is mapped to our node by its name (GCC's label: C's name, the
  demangled qualified name for C++; ``file:`` in its title for a file's own)
  or, failing that, by where it is defined. Pairs (caller, callee) between
  repository functions are compared, only for callers GCC compiled (a
  function in a file or ``#if`` branch not built has no oracle). A call GCC
  makes that no source spells (a destructor, a conversion, a call inside a
  macro's expansion) is told apart by the text at the call's location: a
  "written" call has the callee's name there.

Precision is by confidence tier (1.0, typed 0.9, dispatch, name match,
other); recall over all of GCC's pairs and over the written ones.

    python benchmarks/c_edges.py [--workload lua|yaml-cpp|all] [--json [FILE]] [--python PY]
"""

from __future__ import annotations

import argparse
import json
import os
import posixpath
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Orig, unpack_orig
from js_imports import run_ours, tool_version
from workloads import add_cache_dir_argument

PREFIX = "c:"


@dataclass(frozen=True)
class CWorkload:
    """A C or C++ code base and how GCC compiles it."""

    name: str
    orig: Orig
    compiler: str
    language: str
    """GCC's ``-x`` language for headers compiled alone (``c``, ``c++``)."""
    sources: tuple[str, ...]
    """Glob patterns (from the root) of the translation units to compile."""
    flags: tuple[str, ...]
    includes: tuple[str, ...]


WORKLOADS = (
    CWorkload(
        name="lua",
        orig=Orig(
            "lua5.4",
            "5.4.4",
            "pool/main/l/lua5.4",
            "lua5.4_5.4.4.orig.tar.gz",
            "164c7849653b80ae67bec4b7473b884bf5cc8d2dca05653475ec2ed27b9ebf61",
        ),
        compiler="gcc",
        language="c",
        sources=("src/*.c",),
        flags=("-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX"),
        includes=(),
    ),
    CWorkload(
        name="yaml-cpp",
        orig=Orig(
            "yaml-cpp",
            "0.7.0+dfsg",
            "pool/main/y/yaml-cpp",
            "yaml-cpp_0.7.0+dfsg.orig.tar.xz",
            "dc63708605404e0b963e0ca3a9619d1c8270eda2839603e6fa0384e5e51e5312",
        ),
        compiler="g++",
        language="c++",
        sources=("src/*.cpp", "src/contrib/*.cpp", "util/*.cpp"),
        flags=("-std=c++17",),
        includes=("include", "src"),
    ),
)

SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx")


def prepare(workload: CWorkload, cache_dir: Path) -> Path:
    """The unpacked tree of the workload."""
    return unpack_orig(workload.orig, cache_dir / "c", "c")


def _repo_files(repo: Path) -> list[str]:
    return sorted(
        str(p.relative_to(repo))
        for p in repo.rglob("*")
        if p.is_file() and p.suffix in SOURCE_SUFFIXES
    )


def _in_repo(repo: Path, written: str) -> str | None:
    path = Path(written) if os.path.isabs(written) else repo / written
    try:
        relative = os.path.relpath(os.path.realpath(path), os.path.realpath(repo))
    except ValueError:
        return None
    return None if relative.startswith("..") else posixpath.normpath(relative)


_MARKER = re.compile(r'^# \d+ "(.*)"((?: \d)*)$')
_DIRECTIVE = re.compile(r'^#\s*include\s*([<"])([^>"]+)[>"]')


def include_oracle(repo: Path, workload: CWorkload) -> tuple[set[tuple[str, str]], set[str]]:
    """GCC's direct includes between repository files, and the files it read.

    ``gcc -E -dI`` keeps each ``#include`` it acts on in its output, followed by
    the marker of the file it enters. A header already read, behind its
    include guard, is not entered again: its path is then found by the search
    GCC makes (the file's folder for ``"x"``, then the ``-I`` folders)."""
    flags = [*workload.flags, *(f"-I{d}" for d in workload.includes)]

    def search(unit: str, quoted: bool, name: str) -> str | None:
        folders = ([posixpath.dirname(unit)] if quoted else []) + list(workload.includes)
        for folder in folders:
            candidate = posixpath.normpath(posixpath.join(folder, name))
            if (repo / candidate).is_file():
                return candidate
        return None

    def one(path: str) -> tuple[str, list[str], bool]:
        header = Path(path).suffix in (".h", ".hh", ".hpp", ".hxx")
        cmd = [workload.compiler, *flags, "-E", "-dI", "-o", "-"]
        cmd += ["-x", workload.language, path] if header else [path]
        proc = subprocess.run(cmd, cwd=repo, capture_output=True, text=True, check=False)
        lines = proc.stdout.splitlines()
        current = ""
        direct: list[str] = []
        for index, line in enumerate(lines):
            marker = _MARKER.match(line)
            if marker:
                current = _in_repo(repo, marker.group(1)) or marker.group(1)
                continue
            directive = _DIRECTIVE.match(line)
            if directive is None or current != path:
                continue
            entered = None
            for ahead in lines[index + 1 : index + 4]:
                follow = _MARKER.match(ahead)
                if follow and " 1" in follow.group(2):
                    entered = _in_repo(repo, follow.group(1))
                    break
                if follow or _DIRECTIVE.match(ahead):
                    break
            if entered is None:
                entered = search(path, directive.group(1) == '"', directive.group(2))
            if entered is not None:
                direct.append(entered)
        return path, direct, proc.returncode == 0

    edges: set[tuple[str, str]] = set()
    read: set[str] = set()
    with ThreadPoolExecutor(2) as pool:
        for path, direct, ok in pool.map(one, _repo_files(repo)):
            if not ok:
                continue
            read.add(path)
            for target in direct:
                if target != path:
                    edges.add((path, target))
    return edges, read


_NODE = re.compile(r'node: \{ title: "([^"]*)" label: "([^"]*)"( shape : ellipse)? \}')
_VARIANT = re.compile(r"([CD])[0-9](E|I)")
_EDGE = re.compile(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)" label: "([^"]*)" \}')


@dataclass(frozen=True)
class Function:
    """A function as GCC names it: its name, where it is, and whether it is the file's own."""

    name: str
    path: str | None
    line: int
    local: bool
    defined: bool


def _qualified(signature: str) -> str:
    """``int ns::A::f(int) const`` as ``ns::A::f``; C's ``f`` as is."""
    signature = re.sub(r" \[with .*\]$", "", signature)
    signature = signature.replace("(anonymous namespace)::", "")
    lambda_at = signature.find("::<lambda")
    if lambda_at >= 0:
        signature = signature[:lambda_at]
    depth = 0
    end = len(signature)
    for index in range(len(signature) - 1, -1, -1):
        ch = signature[index]
        if ch == ")":
            depth += 1
        elif ch == "(":
            depth -= 1
            if depth == 0:
                end = index
                break
    head = signature[:end]
    depth = 0
    start = 0
    for index, ch in enumerate(head):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == " " and depth == 0:
            start = index + 1
    name = head[start:].lstrip("*&")
    previous = None
    while previous != name:
        previous, name = name, re.sub(r"<[^<>]*>", "", name)
    return name


def read_callgraph(
    ci: Path, repo: Path
) -> tuple[dict[str, Function], list[tuple[str, str, str, int, int]]]:
    """A ``.ci`` file's functions by title and its edges (caller, callee, path, line, column)."""
    functions: dict[str, Function] = {}
    edges: list[tuple[str, str, str, int, int]] = []
    text = ci.read_text(encoding="utf-8", errors="replace")
    for title, label, ellipse in _NODE.findall(text):
        signature, _, where = label.partition("\\n")
        parts = where.rsplit(":", 2)
        path = _in_repo(repo, parts[0]) if len(parts) == 3 else None
        line = int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else 0
        unit, colon, symbol = title.rpartition(":")
        # a title `file:symbol` is the unit's own copy: a static function, one
        # in an anonymous namespace, or an inline one (kept per unit)
        local = bool(colon) and unit.endswith(SOURCE_SUFFIXES)
        local = local and (
            not symbol.startswith("_Z") or symbol.startswith("_ZL") or "_GLOBAL__N" in symbol
        )
        function = Function(_qualified(signature), path, line, local, not ellipse)
        functions[title] = function
        # a constructor's or destructor's variants (C1/C2, D0/D1/D2) are one function
        functions.setdefault(_VARIANT.sub(r"\1x\2", title), function)
    for source, target, where in _EDGE.findall(text):
        parts = where.rsplit(":", 2)
        if len(parts) != 3:
            continue
        path = _in_repo(repo, parts[0])
        if path is None:
            continue
        edges.append((source, target, path, int(parts[1]), int(parts[2])))
    return functions, edges


def call_oracle(repo: Path, workload: CWorkload, folder: Path) -> list[Path]:
    """Compile each translation unit with ``-fcallgraph-info``; the ``.ci`` files."""
    units = sorted({str(p.relative_to(repo)) for g in workload.sources for p in repo.glob(g)})
    flags = [*workload.flags, *(f"-I{d}" for d in workload.includes)]

    def one(item: tuple[int, str]) -> Path | None:
        index, unit = item
        out = folder / f"u{index}.o"
        cmd = [workload.compiler, *flags, "-O0", "-c", "-fcallgraph-info", "-o", str(out), unit]
        proc = subprocess.run(cmd, cwd=repo, capture_output=True, text=True, check=False)
        ci = folder / f"u{index}.ci"
        if proc.returncode != 0 or not ci.exists():
            print(f"[c] {unit}: does not compile\n{proc.stderr[-800:]}", file=sys.stderr)
            return None
        return ci

    with ThreadPoolExecutor(2) as pool:
        return [ci for ci in pool.map(one, enumerate(units)) if ci is not None]


class OurNodes:
    """Our graph's function nodes, by id and by file."""

    def __init__(self, graph: dict[str, Any]) -> None:
        self.ids = {n["id"] for n in graph["nodes"]}
        self.by_path: dict[str, list[tuple[int, int, str, str]]] = {}
        for n in graph["nodes"]:
            if n["kind"] in ("function", "method"):
                self.by_path.setdefault(n["path"], []).append(
                    (n["start_line"], n["end_line"], n["name"], n["id"])
                )

    def find(self, function: Function) -> str | None:
        """Our node of a function GCC names, or None (outside the repository)."""
        name = function.name
        if not name or name.startswith("operator"):
            return None
        if function.local and function.path is not None:
            candidate = f"{PREFIX}{function.path}#{name}"
            if candidate in self.ids:
                return candidate
        if PREFIX + name in self.ids:
            return PREFIX + name
        if function.path is None:
            return None
        simple = name.rpartition("::")[2]
        around = [
            (end - start, node_id)
            for start, end, node_name, node_id in self.by_path.get(function.path, ())
            if start <= function.line <= end and node_name == simple
        ]
        return min(around)[1] if around else None


def _written(repo: Path, lines: dict[str, list[str]], path: str, line: int, column: int) -> str:
    """The identifier at a call's location."""
    if path not in lines:
        try:
            lines[path] = (repo / path).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            lines[path] = []
    text = lines[path][line - 1] if 0 < line <= len(lines[path]) else ""
    at = re.match(r"~?[A-Za-z_][A-Za-z0-9_]*", text[max(column - 1, 0) :])
    if at:  # C: the call's location is the called name
        return at.group(0)
    # C++: the call's opening parenthesis, after the name and its template arguments
    before = text[: max(column - 1, 0)].rstrip()
    while before.endswith(">"):
        depth, index = 0, len(before) - 1
        while index >= 0:
            depth += {">": 1, "<": -1}.get(before[index], 0)
            if depth == 0:
                break
            index -= 1
        before = before[:index].rstrip()
    name = re.search(r"~?[A-Za-z_][A-Za-z0-9_]*$", before)
    return name.group(0) if name else ""


def _tier(edge: dict[str, Any]) -> str:
    tags = edge.get("tags") or []
    if "name-match" in tags:
        return "name-match"
    if "dispatch" in tags:
        return "dispatch"
    confidence = edge["confidence"]
    if confidence >= 1.0:
        return "1.0"
    if 0.85 <= confidence <= 0.95:
        return "typed 0.9"
    return "other"


def compare_calls(repo: Path, graph: dict[str, Any], cis: list[Path]) -> dict[str, Any]:
    """Precision by tier and recall of our call pairs against GCC's."""
    ours = OurNodes(graph)
    oracle: set[tuple[str, str]] = set()
    written: set[tuple[str, str]] = set()
    compiled: set[str] = set()
    unmapped_callers = 0
    lines: dict[str, list[str]] = {}
    indirect: set[tuple[str, int]] = set()  # where GCC calls through a pointer (virtual)
    paths = {n["id"]: n["path"] for n in graph["nodes"]}
    for ci in cis:
        functions, edges = read_callgraph(ci, repo)
        for function in functions.values():
            if function.defined:
                node = ours.find(function)
                if node is not None:
                    compiled.add(node)
                elif function.path is not None:
                    unmapped_callers += 1
        for source, target, path, line, column in edges:
            if target == "__indirect_call":
                indirect.add((path, line))
                continue
            caller = functions.get(source) or functions.get(_VARIANT.sub(r"\1x\2", source))
            callee = functions.get(target) or functions.get(_VARIANT.sub(r"\1x\2", target))
            if caller is None or callee is None:
                continue
            source_id, target_id = ours.find(caller), ours.find(callee)
            if source_id is None or target_id is None or source_id == target_id:
                continue
            oracle.add((source_id, target_id))
            simple = callee.name.rpartition("::")[2]
            at = _written(repo, lines, path, line, column)
            if at == simple or (at and callee.name.endswith(f"{at}::{simple}")):
                written.add((source_id, target_id))
    pairs: dict[tuple[str, str], dict[str, Any]] = {}
    for edge in graph["edges"]:
        if edge["kind"] != "calls" or edge["source"] not in compiled:
            continue
        key = (edge["source"], edge["target"])
        held = pairs.get(key)
        if held is None or edge["confidence"] > held["confidence"]:
            pairs[key] = edge
    tiers: dict[str, dict[str, float]] = {}
    wrong: list[str] = []
    for key, edge in sorted(pairs.items()):
        if key not in oracle and (paths.get(key[0], ""), edge["line"]) in indirect:
            # a virtual call: GCC's graph holds no callee to check it against
            tier = tiers.setdefault("indirect (not checkable)", {"edges": 0, "confirmed": 0})
            tier["edges"] += 1
            continue
        tier = tiers.setdefault(_tier(edge), {"edges": 0, "confirmed": 0})
        tier["edges"] += 1
        if key in oracle:
            tier["confirmed"] += 1
        elif _tier(edge) in ("1.0", "typed 0.9"):
            wrong.append(f"{_tier(edge)}: {key[0]} -> {key[1]} (line {edge['line']})")
    for tier in tiers.values():
        tier["precision"] = round(tier["confirmed"] / tier["edges"], 4) if tier["edges"] else 0
    certain = {k for k, e in pairs.items() if _tier(e) == "1.0"}
    found = set(pairs)
    return {
        "gcc_pairs": len(oracle),
        "gcc_written_pairs": len(written),
        "compiled_callers": len(compiled),
        "gcc_functions_not_mapped": unmapped_callers,
        "tiers": dict(sorted(tiers.items())),
        "recall_all": round(len(oracle & found) / len(oracle), 4) if oracle else 0,
        "recall_written": round(len(written & found) / len(written), 4) if written else 0,
        "recall_written_at_1.0": round(len(written & certain) / len(written), 4) if written else 0,
        "missed_written_examples": sorted(written - found)[:15],
        "wrong_at_1.0_examples": [w for w in wrong if w.startswith("1.0")][:15],
        "wrong_typed_examples": [w for w in wrong if w.startswith("typed")][:15],
    }


def compare_includes(
    graph: dict[str, Any], oracle: set[tuple[str, str]], read: set[str]
) -> dict[str, Any]:
    """Precision and recall of our imports edges between files GCC read."""
    ours: dict[tuple[str, str], float] = {}
    for edge in graph["edges"]:
        if edge["kind"] != "imports":
            continue
        source = edge["source"].removeprefix(PREFIX)
        if source in read:
            ours[(source, edge["target"].removeprefix(PREFIX))] = edge["confidence"]
    certain = {k for k, c in ours.items() if c >= 1.0}
    return {
        "gcc_edges": len(oracle),
        "files_read": len(read),
        "ours": len(ours),
        "ours_at_1.0": len(certain),
        "precision_at_1.0": round(len(certain & oracle) / len(certain), 4) if certain else 0,
        "precision_all": round(len(set(ours) & oracle) / len(ours), 4) if ours else 0,
        "recall": round(len(set(ours) & oracle) / len(oracle), 4) if oracle else 0,
        "false_examples": sorted(set(ours) - oracle)[:10],
        "missed_examples": sorted(oracle - set(ours))[:10],
    }


def run_workload(workload: CWorkload, args: argparse.Namespace) -> dict[str, Any]:
    """Our graph, GCC's view, and the comparison."""
    repo = prepare(workload, args.cache_dir)
    started = time.perf_counter()
    graph = run_ours(args.python, repo, 1)
    ours_seconds = time.perf_counter() - started
    started = time.perf_counter()
    include_edges, read = include_oracle(repo, workload)
    with tempfile.TemporaryDirectory() as folder:
        cis = call_oracle(repo, workload, Path(folder))
        calls = compare_calls(repo, graph, cis)
    oracle_seconds = time.perf_counter() - started
    resolution = graph["meta"]["resolution"]
    counts: dict[str, int] = {}
    for language in ("c", "cpp"):
        for key, value in resolution.get(language, {}).items():
            counts[key] = counts.get(key, 0) + int(value)
    resolved = counts.get("resolved", 0) + counts.get("name_matched", 0)
    return {
        "workload": f"{workload.orig.package} {workload.orig.version}",
        "tool": tool_version(args.python),
        "files": graph["meta"]["files"],
        "parsed": graph["meta"]["parsed"],
        "files_with_syntax_errors": len(graph["meta"]["files_with_syntax_errors"]),
        "syntax_errors": graph["meta"]["syntax_errors"],
        "resolution": counts,
        "name_matched_share": round(counts.get("name_matched", 0) / resolved, 4) if resolved else 0,
        "includes": compare_includes(graph, include_edges, read),
        "calls": calls,
        "graph_seconds": round(ours_seconds, 2),
        "gcc_seconds": round(oracle_seconds, 2),
    }


def _print(result: dict[str, Any]) -> None:
    inc, calls = result["includes"], result["calls"]
    print(f"== {result['workload']} ({result['tool']})")
    print(
        f"files {result['files']}, parsed {result['parsed']}, with syntax errors "
        f"{result['files_with_syntax_errors']} ({result['syntax_errors']} ERROR nodes); "
        f"graph {result['graph_seconds']} s, gcc {result['gcc_seconds']} s"
    )
    print(
        f"includes: gcc {inc['gcc_edges']} edges over {inc['files_read']} files; ours "
        f"{inc['ours']} ({inc['ours_at_1.0']} at 1.0): precision@1.0 {inc['precision_at_1.0']}, "
        f"recall {inc['recall']}"
    )
    print(
        f"calls: gcc {calls['gcc_pairs']} pairs ({calls['gcc_written_pairs']} written) from "
        f"{calls['compiled_callers']} compiled functions; recall {calls['recall_all']} of all, "
        f"{calls['recall_written']} of written ({calls['recall_written_at_1.0']} at 1.0)"
    )
    for tier, row in calls["tiers"].items():
        print(f"  {tier:>10}: {row['edges']:5} pairs, precision {row['precision']}")
    print(f"name-matched share of resolved calls: {result['name_matched_share']}")
    for example in calls["wrong_at_1.0_examples"][:8]:
        print(f"  not in gcc at 1.0: {example}")


def main() -> int:
    """Run the comparison for the chosen workloads and print (or write) the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workload", default="all", help="lua, yaml-cpp or all")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--json", nargs="?", const="-", default=None)
    add_cache_dir_argument(parser)
    args = parser.parse_args()
    chosen = [w for w in WORKLOADS if args.workload in ("all", w.name)]
    if not chosen:
        parser.error(f"unknown workload {args.workload}")
    results = [run_workload(w, args) for w in chosen]
    if args.json is not None:
        text = json.dumps(results, indent=2, sort_keys=True)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    for result in results:
        _print(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
