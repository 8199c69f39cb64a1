"""Compare our Rust module tree and call edges with what rustc itself resolves.

The workload is a crate from Debian (``librust-*-dev`` packages carry crate
sources under ``/usr/share/cargo/registry/<crate>-<version>/``), pinned by
version and by the sha256 of its ``.deb``, with no dependencies, so that
rustc compiles it here offline. Two oracles, both rustc's:

* the module tree: ``rustc --emit=dep-info`` on the library with its default
  features and ``--test`` (so ``#[cfg(test)]`` modules count) lists every file
  of the crate's module tree. Ours: the files whose module node lies in the
  library crate (``rust:<package>`` or ``rust:<package>::...``);
* the calls: ``RUSTC_BOOTSTRAP=1 rustc -Zunpretty=thir-tree`` prints every
  body after type checking; each ``Call`` names the function called
  (``FnDef(DefId(0:N ~ crate::path))``, method calls included) and the span of
  the call (``fn_span``: a method call's starts at the method's name). A call
  counts when the function called is the crate's own. A function called is
  mapped to our node by where its body lies (the file and lines of the
  body's spans, the name of its last path segment), or, without a body (a
  trait's required method), by its path. A call of a trait's method
  (``Trait::m``) also matches our edge to a method ``m`` of an impl of that
  trait (``Type::Trait::m``): rustc picks the impl after type checking.

Our ``calls`` edges are compared by (file of the caller, line, function
called); an edge on a line no compiled body covers (code behind a ``cfg``
the build does not set) is counted apart, not compared. Precision is over
our edges of confidence 1.0, recall over rustc's calls, those written in
the file itself (span context ``#0``) apart from those a macro expands to.

    python benchmarks/rust_edges.py [--workload regex-syntax] [--json [FILE]]
        [--python PY] [--examples 15] [--check]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Deb, unpack_deb
from js_imports import run_ours, tool_version
from workloads import add_cache_dir_argument

THRESHOLD = 0.95
EXAMPLES = 15


@dataclass(frozen=True)
class RustWorkload:
    """A crate inside a pinned Debian package."""

    name: str
    deb: Deb
    crate_dir: str  # under usr/share/cargo/registry/


REGEX_SYNTAX = RustWorkload(
    "regex-syntax",
    Deb(
        "librust-regex-syntax-dev",
        "0.6.27-1",
        "16c9879e07d6f9c6b2618906126d17e51ec8b04bced0fe3bb0cf0f3062f8a353",
    ),
    "regex-syntax-0.6.27",
)
WORKLOADS = {w.name: w for w in (REGEX_SYNTAX,)}


def prepare(workload: RustWorkload, cache_dir: Path) -> Path:
    """The crate's folder, copied once out of the unpacked package."""
    root = unpack_deb(workload.deb, cache_dir, tag="rust")
    source = root / "usr/share/cargo/registry" / workload.crate_dir
    repo = cache_dir / "repos" / workload.crate_dir
    if not repo.exists():
        shutil.copytree(source, repo)
    return repo


def _features(manifest: dict[str, Any]) -> list[str]:
    """The default features and every feature they enable."""
    table = manifest.get("features", {})
    todo = list(table.get("default", []))
    found: set[str] = set()
    while todo:
        name = todo.pop()
        if name in found or "/" in name or name.startswith("dep:"):
            continue
        found.add(name)
        todo += table.get(name, [])
    return sorted(found)


def _rustc_args(repo: Path) -> list[str]:
    manifest = tomllib.loads((repo / "Cargo.toml").read_text(encoding="utf-8"))
    package = manifest["package"]
    lib = manifest.get("lib", {})
    name = lib.get("name", package["name"]).replace("-", "_")
    root = lib.get("path", "src/lib.rs")
    args = ["--edition", str(package.get("edition", "2015")), "--crate-type", "lib"]
    args += ["--crate-name", name, "--test", "--cap-lints", "allow", root]
    for feature in _features(manifest):
        args += ["--cfg", f'feature="{feature}"']
    return args


def dep_info_files(repo: Path) -> set[str]:
    """The files of the library's module tree, as rustc reads them."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "deps.d"
        cmd = ["rustc", *_rustc_args(repo), f"--emit=dep-info={out}"]
        subprocess.run(cmd, cwd=repo, check=True, capture_output=True)
        text = out.read_text(encoding="utf-8")
    files: set[str] = set()
    for line in text.splitlines():
        if line.startswith(str(out)) or not line.strip() or line.startswith("#"):
            continue
        head, _, rest = line.partition(":")
        if head.endswith(".rs") and not rest.strip():
            files.add(head)
    return {f for f in files if not f.startswith("/")}


_HEADER = re.compile(r"^DefId\(\d+:\d+ ~ [^\[\s]+\[[0-9a-f]+\](?:::(.*))?\):$")
_SPAN = re.compile(r"span: (\S+?):(\d+):\d+: (\d+):\d+ \(#(\d+)\)")
_FN_DEF = re.compile(r"ty: FnDef\(DefId\((\d+):\d+ ~ [^\[\s]+\[[0-9a-f]+\](?:::([^)]*))?\)")


@dataclass
class Thir:
    bodies: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    """Body path -> (file, first line, last line) of its spans in its own file."""
    calls: list[tuple[str, str, str, int, bool]] = field(default_factory=list)
    """(body calling, function called, file, line, written there: span context #0);
    a function of another crate is ``outside:<path>``."""
    lines: set[tuple[str, int]] = field(default_factory=set)
    """(file, line) where a compiled span starts: code the build compiles."""


def read_thir(repo: Path) -> Thir:
    """Every body's place and every call of the crate's own functions, streamed
    out of ``-Zunpretty=thir-tree`` (it prints a gigabyte for a mid-sized crate)."""
    env = {**os.environ, "RUSTC_BOOTSTRAP": "1"}
    cmd = ["rustc", *_rustc_args(repo), "-Zunpretty=thir-tree"]
    thir = Thir()
    proc = subprocess.Popen(
        cmd, cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert proc.stdout is not None
    body = ""
    place: list[Any] = []
    state = ""  # "type": a call's function is next; "span": its span is
    callee = ""
    for line in proc.stdout:
        if line.startswith("DefId("):
            header = _HEADER.match(line.rstrip("\n"))
            if header:
                if body and place:
                    thir.bodies.setdefault(body, (place[0], place[1], place[2]))
                body = header.group(1) or ""
                place = []
            continue
        stripped = line.lstrip()
        if stripped.startswith("Call {"):
            state = "type"
        elif state == "type" and stripped.startswith("ty: "):
            found = _FN_DEF.match(stripped)
            if found is not None and found.group(2):
                local = found.group(1) == "0"
                state, callee = "span", found.group(2) if local else "outside:" + found.group(2)
            else:
                state = ""
        elif state == "span" and stripped.startswith("fn_span: "):
            span = _SPAN.match(stripped[3:])
            if span:
                where = (span.group(1), int(span.group(2)))
                thir.calls.append((body, callee, *where, span.group(4) == "0"))
                if span.group(4) == "0":
                    thir.lines.add(where)
            state = ""
        elif stripped.startswith("span: "):
            span = _SPAN.match(stripped)
            if span and span.group(4) == "0":
                file, start, end = span.group(1), int(span.group(2)), int(span.group(3))
                thir.lines.add((file, start))
                if not place:
                    place = [file, start, end]
                elif place[0] == file:
                    place[1], place[2] = min(place[1], start), max(place[2], end)
    if body and place:
        thir.bodies.setdefault(body, (place[0], place[1], place[2]))
    proc.wait()
    if proc.returncode != 0:
        raise RuntimeError(f"`{' '.join(cmd)}` exited with {proc.returncode}")
    return thir


def _plain(segment: str) -> str:
    return re.sub(r"#\d+$", "", segment)


@dataclass
class Ours:
    package: str
    nodes: dict[str, dict[str, Any]]
    by_file: dict[str, list[dict[str, Any]]]
    traits: set[str]


def _ours(graph: dict[str, Any], package: str) -> Ours:
    nodes = {n["id"]: n for n in graph["nodes"]}
    by_file: dict[str, list[dict[str, Any]]] = {}
    for n in graph["nodes"]:
        if n["kind"] in ("function", "method"):
            by_file.setdefault(n["path"], []).append(n)
    traits = {n["id"] for n in graph["nodes"] if n["kind"] == "interface"}
    return Ours(package, nodes, by_file, traits)


def callee_id(ours: Ours, thir: Thir, callee: str) -> str:
    """Our node id for a function rustc names: by where its body lies, else by path."""
    place = thir.bodies.get(callee)
    name = _plain(callee.rsplit("::", 1)[-1])
    if place is not None:
        file, start, end = place
        best: dict[str, Any] | None = None
        for node in ours.by_file.get(file, ()):
            inside = node["start_line"] <= start and end <= node["end_line"]
            if (
                node["name"] == name
                and inside
                and (best is None or node["start_line"] >= best["start_line"])
            ):
                best = node
        if best is not None:
            return str(best["id"])
    return f"rust:{ours.package}::{'::'.join(_plain(s) for s in callee.split('::'))}"


def caller_id(ours: Ours, thir: Thir, body: str) -> str:
    """Our node for the body a call is in: a closure's is the function around it."""
    while re.search(r"::\{(?:closure|constant|constructor)#\d+\}$", body):
        body = body.rsplit("::", 1)[0]
    return callee_id(ours, thir, body)


def _matches(ours: Ours, oracle_target: str, target: str) -> bool:
    if oracle_target == target:
        return True
    owner, _, name = oracle_target.removeprefix("outside:").rpartition("::")
    if oracle_target.startswith("outside:") or owner in ours.traits:
        # `Trait::m` called on a type: the method of the type's impl of the trait
        trait_name = owner.rsplit("::", 1)[-1]
        return target.endswith(f"::{trait_name}::{name}")
    return False


@dataclass
class Score:
    edges: int = 0
    correct: int = 0
    uncompiled: int = 0
    wrong: list[str] = field(default_factory=list)


def compare(graph: dict[str, Any], thir: Thir, package: str) -> dict[str, Any]:
    """Precision of our call edges by tier, recall of rustc's (caller, callee)
    pairs: our graph keeps one edge per pair, at its first line."""
    ours = _ours(graph, package)
    oracle: dict[str, set[str]] = {}
    written: set[tuple[str, str]] = set()
    expanded: set[tuple[str, str]] = set()
    for body, callee, _file, _line, is_written in thir.calls:
        caller = caller_id(ours, thir, body)
        target = callee if callee.startswith("outside:") else callee_id(ours, thir, callee)
        oracle.setdefault(caller, set()).add(target)
        if not target.startswith("outside:"):
            (written if is_written else expanded).add((caller, target))
    scores = {"certain": Score(), "typed": Score(), "lower": Score()}
    found: set[tuple[str, str]] = set()
    found_certain: set[tuple[str, str]] = set()
    calls = [e for e in graph["edges"] if e["kind"] == "calls"]
    for edge in calls:
        source = ours.nodes.get(edge["source"])
        if source is None:
            continue
        confidence = edge["confidence"]
        tier = "certain" if confidence >= 1.0 else "typed" if confidence >= 0.85 else "lower"
        score = scores[tier]
        if (source["path"], edge["line"]) not in thir.lines:
            score.uncompiled += 1
            continue
        score.edges += 1
        caller, target = edge["source"], edge["target"]
        hits = [t for t in oracle.get(caller, ()) if _matches(ours, t, target)]
        if hits:
            score.correct += 1
            found.update((caller, t) for t in hits)
            if tier == "certain":
                found_certain.update((caller, t) for t in hits)
        else:
            where = f"{source['path']}:{edge['line']}"
            score.wrong.append(f"{where} {caller} -> {target} ({confidence})")
    name_matched = sum(1 for e in calls if "name-match" in (e.get("tags") or ()))
    every = written | expanded
    return {
        "tiers": {
            tier: {
                "edges": s.edges,
                "correct": s.correct,
                "precision": round(s.correct / s.edges, 4) if s.edges else None,
                "uncompiled": s.uncompiled,
                "wrong": s.wrong,
            }
            for tier, s in scores.items()
        },
        "oracle_pairs_written": len(written),
        "oracle_pairs_expanded": len(expanded - written),
        "recall_written": round(len(found & written) / len(written), 4) if written else None,
        "recall_written_certain": (
            round(len(found_certain & written) / len(written), 4) if written else None
        ),
        "recall_all": round(len(found & every) / len(every), 4) if every else None,
        "missed_examples": sorted(written - found),
        "call_edges": len(calls),
        "name_matched_share": round(name_matched / len(calls), 4) if calls else None,
    }


def module_tree(graph: dict[str, Any], package: str, oracle_files: set[str]) -> dict[str, Any]:
    """Files we put in the library crate against rustc's dep-info."""
    ours = {
        n["path"]
        for n in graph["nodes"]
        if n["kind"] == "module"
        and (n["id"] == f"rust:{package}" or n["id"].startswith(f"rust:{package}::"))
    }
    return {
        "oracle_files": len(oracle_files),
        "our_files": len(ours),
        "both": len(ours & oracle_files),
        "only_ours": sorted(ours - oracle_files),
        "only_oracle": sorted(oracle_files - ours),
        "exact": ours == oracle_files,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workload", choices=sorted(WORKLOADS), default=REGEX_SYNTAX.name)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--json", nargs="?", const="-", default=None)
    parser.add_argument("--examples", type=int, default=EXAMPLES)
    parser.add_argument("--check", action="store_true", help=f"exit 1 below {THRESHOLD}")
    add_cache_dir_argument(parser)
    args = parser.parse_args()
    cache_dir = Path(args.cache_dir).expanduser() / "rust"
    workload = WORKLOADS[args.workload]
    repo = prepare(workload, cache_dir)
    package = tomllib.loads((repo / "Cargo.toml").read_text(encoding="utf-8"))["package"]["name"]

    started = time.perf_counter()
    graph = run_ours(args.python, repo, 1)
    ours_seconds = time.perf_counter() - started
    started = time.perf_counter()
    files = dep_info_files(repo)
    thir = read_thir(repo)
    oracle_seconds = time.perf_counter() - started

    result = {
        "workload": f"{workload.name} {workload.deb.version} ({workload.deb.package})",
        "tool": tool_version(args.python),
        "rustc": subprocess.run(
            ["rustc", "--version"], capture_output=True, text=True, check=False
        ).stdout.strip(),
        "files": graph["meta"]["files"],
        "files_with_syntax_errors": graph["meta"]["files_with_syntax_errors"],
        "resolution": graph["meta"]["resolution"].get("rust", {}),
        "module_tree": module_tree(graph, package, files),
        "calls": compare(graph, thir, package),
        "ours_seconds": round(ours_seconds, 2),
        "oracle_seconds": round(oracle_seconds, 2),
    }
    if args.json is not None:
        text = json.dumps(result, indent=2, sort_keys=True)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    calls = result["calls"]
    tree = result["module_tree"]
    print(f"workload: {result['workload']}; {result['rustc']}; tool {result['tool']}")
    print(
        f"module tree: {tree['both']}/{tree['oracle_files']} files of rustc's dep-info, "
        f"{len(tree['only_ours'])} more of ours: exact={tree['exact']}"
    )
    for tier, score in calls["tiers"].items():
        print(
            f"calls {tier}: {score['correct']}/{score['edges']} confirmed "
            f"(precision {score['precision']}); {score['uncompiled']} on uncompiled lines"
        )
        for wrong in score["wrong"][: args.examples]:
            print(f"    not rustc's: {wrong}")
    print(
        f"recall of rustc's {calls['oracle_pairs_written']} (caller, callee) pairs written "
        f"in the code: {calls['recall_written']} (at 1.0: {calls['recall_written_certain']}); "
        f"with the {calls['oracle_pairs_expanded']} only in macro output: {calls['recall_all']}"
    )
    for caller, target in calls["missed_examples"][: args.examples]:
        print(f"    missed: {caller} -> {target}")
    print(
        f"name-matched share of call edges: {calls['name_matched_share']}; "
        f"files with syntax errors: {len(result['files_with_syntax_errors'])}/{result['files']}; "
        f"ours {result['ours_seconds']} s, rustc {result['oracle_seconds']} s"
    )
    precision = calls["tiers"]["certain"]["precision"]
    return 1 if args.check and (precision is None or precision < THRESHOLD) else 0


if __name__ == "__main__":
    sys.exit(main())
