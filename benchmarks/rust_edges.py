"""Compare our Rust module trees and call edges with what rustc itself resolves.

The workloads are crates from Debian (``librust-*-dev`` packages carry crate
sources under ``/usr/share/cargo/registry/<crate>-<version>/``), pinned by
version and by the sha256 of their ``.deb``, without dependencies, so that
rustc compiles them here offline. ``cargo metadata --offline --no-deps``
lists the package's crates (library, integration tests, benches, binaries,
examples); each is compiled with the default features, the library and test
crates with ``--test`` (so ``#[cfg(test)]`` code counts), the others against
the library's rlib. Two oracles, both rustc's:

* the module trees: ``rustc --emit=dep-info`` lists every file of each
  crate's module tree. Ours: the files our resolver places in that crate
  (``core.resolve_rust.module_tree`` over the facts our extractor reads; a
  file two test crates share is in both);
* the calls: ``RUSTC_BOOTSTRAP=1 rustc -Zunpretty=thir-tree`` prints every
  body after type checking; each ``Call`` names the function called
  (``FnDef(DefId(N:M ~ crate::path))``, method calls included) and the span
  of the call. A call counts when the function called is the package's own.
  A body, caller or called, is mapped to our node by where it lies (the file
  and lines of its spans, the name of its last path segment), or, without a
  body (a trait's required method), by its path; a closure's calls are the
  function's around it. A call of a trait's method (``Trait::m``, the
  repository's or another crate's: ``Ord::cmp``) also matches our edge to a
  method ``m`` of an impl of that trait (``Type::Trait::m``): rustc picks the
  impl after type checking.

Our graph keeps one ``calls`` edge per (caller, callee) pair, so pairs are
compared. An edge whose line holds no compiled span (code behind a ``cfg``
the build does not set) is counted apart. Precision is by confidence tier
(1.0, typed 0.85-0.95, lower); recall is over rustc's pairs written in the
code (span context ``#0``: macro arguments too), and with the pairs only a
macro's own output holds (derives, test-generating macros).

    python benchmarks/rust_edges.py [--workload regex-syntax|semver|all] [--json [FILE]]
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
SEMVER = RustWorkload(
    "semver",
    Deb(
        "librust-semver-dev",
        "1.0.14-1",
        "bf3719b7aac4b7f16f0d68a7037306dbc1532758fe7a5dea01254e85cecaca8c",
    ),
    "semver-1.0.14",
)
WORKLOADS = {w.name: w for w in (REGEX_SYNTAX, SEMVER)}


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


_LIB_KINDS = {"lib", "rlib", "dylib", "proc-macro"}
_KINDS = ("lib", "test", "bench", "bin", "example")


@dataclass(frozen=True)
class Target:
    """One crate of the package, as ``cargo metadata`` lists it."""

    kind: str
    name: str
    root: str
    edition: str

    @property
    def crate_name(self) -> str:
        return self.name.replace("-", "_")

    def prefix(self, package: str) -> str:
        """The crate's part of our node ids."""
        return package if self.kind == "lib" else f"{package}/{self.kind}/{self.name}"


def targets(repo: Path) -> list[Target]:
    """The package's crates (build scripts aside), the library first."""
    proc = subprocess.run(
        ["cargo", "metadata", "--offline", "--no-deps", "--format-version", "1"],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    )
    found = []
    for target in json.loads(proc.stdout)["packages"][0]["targets"]:
        kinds = set(target["kind"])
        kind = "lib" if kinds & _LIB_KINDS else next((k for k in _KINDS if k in kinds), "")
        if kind:
            root = Path(target["src_path"]).relative_to(repo.resolve()).as_posix()
            found.append(Target(kind, target["name"], root, str(target["edition"])))
    return sorted(found, key=lambda t: (_KINDS.index(t.kind), t.name))


def _rustc_args(repo: Path, target: Target, rlib: Path | None) -> list[str]:
    manifest = tomllib.loads((repo / "Cargo.toml").read_text(encoding="utf-8"))
    args = ["--edition", target.edition, "--crate-name", target.crate_name]
    args += ["--cap-lints", "allow", target.root]
    if target.kind == "lib":
        args += ["--crate-type", "lib", "--test"]
    elif target.kind in ("test", "bench"):
        args += ["--test"]
    else:
        args += ["--crate-type", "bin"]
    if rlib is not None and target.kind != "lib":
        library = rlib.name.removeprefix("lib").removesuffix(".rlib")
        args += ["--extern", f"{library}={rlib}"]
    for feature in _features(manifest):
        args += ["--cfg", f'feature="{feature}"']
    return args


def build_rlib(repo: Path, library: Target, folder: Path) -> Path:
    """The library compiled once, for the other crates to link."""
    out = folder / f"lib{library.crate_name}.rlib"
    args = _rustc_args(repo, library, None)
    args.remove("--test")
    subprocess.run(["rustc", *args, "-o", str(out)], cwd=repo, check=True, capture_output=True)
    return out


def dep_info_files(repo: Path, target: Target, rlib: Path | None) -> set[str]:
    """The files of a crate's module tree, as rustc reads them."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "deps.d"
        cmd = ["rustc", *_rustc_args(repo, target, rlib), f"--emit=dep-info={out}"]
        env = {**os.environ, "RUSTC_BOOTSTRAP": "1"}
        subprocess.run(cmd, cwd=repo, check=True, capture_output=True, env=env)
        text = out.read_text(encoding="utf-8")
    files: set[str] = set()
    for line in text.splitlines():
        head, _, rest = line.partition(":")
        if head.endswith(".rs") and not rest.strip() and not head.startswith("/"):
            files.add(head)
    return files


_HEADER = re.compile(r"^DefId\(\d+:\d+ ~ [^\[\s]+\[[0-9a-f]+\](?:::(.*))?\):$")
_SPAN = re.compile(r"span: (\S+?):(\d+):\d+: (\d+):\d+ \(#(\d+)\)")
_FN_DEF = re.compile(r"ty: FnDef\(DefId\((\d+):\d+ ~ ([^\[\s]+)\[[0-9a-f]+\](?:::([^)]*))?\)")


@dataclass
class Thir:
    bodies: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    """Body path -> (file, first line, last line) of its spans in its own file."""
    calls: list[tuple[str, str, str, str, int, bool]] = field(default_factory=list)
    """(body calling, crate and path of the function called, file, line, written
    there: span context #0)."""
    lines: set[tuple[str, int]] = field(default_factory=set)
    """(file, line) where a compiled span starts: code the build compiles."""


def read_thir(repo: Path, target: Target, rlib: Path | None) -> Thir:
    """Every body's place and every call, streamed out of ``-Zunpretty=thir-tree``
    (it prints a gigabyte for a mid-sized crate)."""
    env = {**os.environ, "RUSTC_BOOTSTRAP": "1"}
    cmd = ["rustc", *_rustc_args(repo, target, rlib), "-Zunpretty=thir-tree"]
    thir = Thir()
    proc = subprocess.Popen(
        cmd, cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert proc.stdout is not None
    body = ""
    place: list[Any] = []
    state = ""  # "type": a call's function is next; "span": its span is
    callee = ("", "")
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
            if found is not None and found.group(3):
                state, callee = "span", (found.group(2), found.group(3))
            else:
                state = ""
        elif state == "span" and stripped.startswith("fn_span: "):
            span = _SPAN.match(stripped[3:])
            if span:
                where = (span.group(1), int(span.group(2)))
                thir.calls.append((body, *callee, *where, span.group(4) == "0"))
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


def node_id(ours: Ours, bodies: dict[str, tuple[str, int, int]], prefix: str, path: str) -> str:
    """Our node id for a function rustc names: by where its body lies, else by path."""
    place = bodies.get(path)
    name = _plain(path.rsplit("::", 1)[-1])
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
    return f"rust:{prefix}::{'::'.join(_plain(s) for s in path.split('::'))}"


def caller_id(ours: Ours, bodies: dict[str, tuple[str, int, int]], prefix: str, body: str) -> str:
    """Our node for the body a call is in: a closure's is the function around it."""
    while re.search(r"::\{(?:closure|constant|constructor)#\d+\}$", body):
        body = body.rsplit("::", 1)[0]
    return node_id(ours, bodies, prefix, body)


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


def compare(graph: dict[str, Any], runs: list[tuple[Target, Thir]], package: str) -> dict[str, Any]:
    """Precision of our call edges by tier, recall of rustc's (caller, callee)
    pairs: our graph keeps one edge per pair, at its first line."""
    ours = _ours(graph, package)
    crates = {t.crate_name: (t.prefix(package), thir.bodies) for t, thir in runs}
    lines = {where for _, thir in runs for where in thir.lines}
    oracle: dict[str, set[str]] = {}
    written: set[tuple[str, str]] = set()
    expanded: set[tuple[str, str]] = set()
    for target, thir in runs:
        for body, crate, path, _file, _line, is_written in thir.calls:
            caller = caller_id(ours, thir.bodies, target.prefix(package), body)
            if crate == target.crate_name or crate in crates:
                prefix, bodies = crates[crate]
                callee = node_id(ours, bodies, prefix, path)
            else:
                callee = "outside:" + path
            oracle.setdefault(caller, set()).add(callee)
            if not callee.startswith("outside:") and callee != caller:
                # a function calling itself is no edge of a dependency graph
                (written if is_written else expanded).add((caller, callee))
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
        if (source["path"], edge["line"]) not in lines:
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
    # pairs whose both ends are our nodes (not functions a macro defines)
    known = {(a, b) for a, b in written if a in ours.nodes and b in ours.nodes}
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
        "oracle_pairs_between_our_nodes": len(known),
        "recall_between_our_nodes": round(len(found & known) / len(known), 4) if known else None,
        "recall_between_our_nodes_certain": (
            round(len(found_certain & known) / len(known), 4) if known else None
        ),
        "missed_examples": sorted(written - found),
        "call_edges": len(calls),
        "name_matched_share": round(name_matched / len(calls), 4) if calls else None,
    }


def our_module_trees(repo: Path) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Crate id -> the files our resolver places in that crate, and those of
    them it takes as compiled (a ``mod`` behind a ``cfg`` the default features
    do not set left out), from the facts our extractor reads."""
    from blast_radius.adapters.grammars import load_language
    from blast_radius.core.extract import extract_facts
    from blast_radius.core.languages import language_by_name
    from blast_radius.core.resolve_rust import RustResolver, module_tree
    from blast_radius.core.rust_projects import cargo_crates

    compiled = load_language(language_by_name("rust"))
    paths = sorted(p.relative_to(repo).as_posix() for p in repo.rglob("*.rs"))
    facts = {p: extract_facts(compiled, p, (repo / p).read_bytes()) for p in paths}
    manifest = [("Cargo.toml", (repo / "Cargo.toml").read_text(encoding="utf-8"))]
    placed: dict[str, set[str]] = {}
    for path, places in module_tree(cargo_crates(manifest, paths), facts, paths).items():
        for crate, _module in places:
            placed.setdefault(crate.id, set()).add(path)
    built = RustResolver(list(facts.values()), paths, manifest).crate_files()
    return placed, built


def module_trees(
    ours: tuple[dict[str, set[str]], dict[str, set[str]]],
    oracle: dict[Target, set[str]],
    package: str,
) -> dict[str, Any]:
    """Each crate's files, ours (placed, and taken as compiled) against rustc's
    dep-info."""
    placed, built = ours
    crates: dict[str, dict[str, Any]] = {}
    for target, files in sorted(oracle.items(), key=lambda item: item[0].prefix(package)):
        crate = target.prefix(package)
        mine = placed.get(crate, set())
        compiled = built.get(crate, set())
        crates[crate] = {
            "oracle_files": len(files),
            "both": len(mine & files),
            "only_ours": sorted(mine - files),
            "only_oracle": sorted(files - mine),
            "compiled_exact": compiled == files,
        }
    return {
        "crates": crates,
        "oracle_files": sum(c["oracle_files"] for c in crates.values()),
        "both": sum(c["both"] for c in crates.values()),
        "only_ours": sum(len(c["only_ours"]) for c in crates.values()),
        "crates_compiled_exact": sum(1 for c in crates.values() if c["compiled_exact"]),
    }


def run_workload(
    workload: RustWorkload, args: argparse.Namespace, cache_dir: Path
) -> dict[str, Any]:
    """Our graph, rustc's view of every crate, and the comparison."""
    repo = prepare(workload, cache_dir)
    package = tomllib.loads((repo / "Cargo.toml").read_text(encoding="utf-8"))["package"]["name"]
    started = time.perf_counter()
    graph = run_ours(args.python, repo, 1)
    ours_seconds = time.perf_counter() - started
    started = time.perf_counter()
    crates = targets(repo)
    runs: list[tuple[Target, Thir]] = []
    files: dict[Target, set[str]] = {}
    failed: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        library = next((t for t in crates if t.kind == "lib"), None)
        rlib = build_rlib(repo, library, Path(tmp)) if library is not None else None
        for target in crates:
            try:
                files[target] = dep_info_files(repo, target, rlib)
                runs.append((target, read_thir(repo, target, rlib)))
            except (subprocess.CalledProcessError, RuntimeError):
                failed.append(target.prefix(package))
    oracle_seconds = time.perf_counter() - started
    return {
        "workload": f"{workload.name} {workload.deb.version} ({workload.deb.package})",
        "tool": tool_version(args.python),
        "rustc": subprocess.run(
            ["rustc", "--version"], capture_output=True, text=True, check=False
        ).stdout.strip(),
        "crates": [t.prefix(package) for t, _ in runs],
        "crates_rustc_failed": failed,
        "files": graph["meta"]["files"],
        "files_with_syntax_errors": graph["meta"]["files_with_syntax_errors"],
        "resolution": graph["meta"]["resolution"].get("rust", {}),
        "module_tree": module_trees(our_module_trees(repo), files, package),
        "calls": compare(graph, runs, package),
        "ours_seconds": round(ours_seconds, 2),
        "oracle_seconds": round(oracle_seconds, 2),
    }


def report(result: dict[str, Any], examples: int) -> None:
    """The figures of one workload, as lines a reader takes in."""
    calls = result["calls"]
    tree = result["module_tree"]
    print(f"workload: {result['workload']}; {result['rustc']}; tool {result['tool']}")
    failed = result["crates_rustc_failed"]
    print(f"crates: {', '.join(result['crates'])}; rustc failed: {failed}")
    print(
        f"module trees: {tree['both']}/{tree['oracle_files']} files of rustc's dep-info "
        f"placed in their crate, {tree['only_ours']} more of ours (every `mod`, whatever "
        f"its cfg); taken as compiled, {tree['crates_compiled_exact']}/{len(tree['crates'])} "
        "crates exact"
    )
    for crate, counts in tree["crates"].items():
        if counts["only_ours"] or counts["only_oracle"]:
            print(
                f"    {crate}: ours only {counts['only_ours']}, rustc only {counts['only_oracle']}"
            )
    for tier, score in calls["tiers"].items():
        print(
            f"calls {tier}: {score['correct']}/{score['edges']} confirmed "
            f"(precision {score['precision']}); {score['uncompiled']} on uncompiled lines"
        )
        for wrong in score["wrong"][: examples if tier != "lower" else 0]:
            print(f"    not rustc's: {wrong}")
    print(
        f"recall of rustc's {calls['oracle_pairs_written']} (caller, callee) pairs written "
        f"in the code: {calls['recall_written']} (at 1.0: {calls['recall_written_certain']}); "
        f"with the {calls['oracle_pairs_expanded']} only in macro output: {calls['recall_all']}"
    )
    print(
        f"    of them the {calls['oracle_pairs_between_our_nodes']} between two of our nodes "
        f"(not functions a macro writes): {calls['recall_between_our_nodes']} "
        f"(at 1.0: {calls['recall_between_our_nodes_certain']})"
    )
    for caller, target in calls["missed_examples"][:examples]:
        print(f"    missed: {caller} -> {target}")
    print(
        f"name-matched share of call edges: {calls['name_matched_share']}; "
        f"files with syntax errors: {len(result['files_with_syntax_errors'])}/{result['files']}; "
        f"ours {result['ours_seconds']} s, rustc {result['oracle_seconds']} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workload", choices=[*sorted(WORKLOADS), "all"], default="all")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--json", nargs="?", const="-", default=None)
    parser.add_argument("--examples", type=int, default=EXAMPLES)
    parser.add_argument("--check", action="store_true", help=f"exit 1 below {THRESHOLD}")
    add_cache_dir_argument(parser)
    args = parser.parse_args()
    cache_dir = Path(args.cache_dir).expanduser() / "rust"
    chosen = list(WORKLOADS.values()) if args.workload == "all" else [WORKLOADS[args.workload]]
    results = [run_workload(w, args, cache_dir) for w in chosen]
    if args.json is not None:
        text = json.dumps(results, indent=2, sort_keys=True)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    for result in results:
        report(result, args.examples)
    precisions = [r["calls"]["tiers"]["certain"]["precision"] for r in results]
    low = any(p is None or p < THRESHOLD for p in precisions)
    return 1 if args.check and low else 0


if __name__ == "__main__":
    sys.exit(main())
