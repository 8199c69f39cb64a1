"""Per-language throughput and name-matching, on one real codebase per language.

For each language with a workload below, on the same machine in one run:

* the floor: every file of the language parsed with its grammar and our
  concatenated query run over the tree (``load_language``, the extractor's
  match limit), in this process, the fastest of ``--repeat`` passes: what
  any tree-sitter tool pays to read those files;
* extract: the same files through ``extract_facts`` (parse, query, facts),
  the fastest of ``--repeat`` passes, as a ratio to the floor and as MB/s;
* graph: ``python -m blast_radius graph DIR --format json --no-cache --jobs 1``
  on the workload's folder, wall time (extraction, resolution, rendering and
  the interpreter's start), and as a ratio to the floor once the start (the
  same command on an empty folder, the fastest of three) is taken off;
* from that graph: the call and reference edges that start in the
  language's files, the share of them that are name matches (tag
  ``name-match``: a call on a receiver of unknown type bound only by the
  method's name), the share that are certain (1.0), and the files with
  syntax errors.

Workloads are pinned (version and checksum) by the scripts that fetch them
and cached in ``--cache-dir``.

    python benchmarks/languages.py [--language go ...] [--repeat 3] [--json [FILE]]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Orig, unpack_orig
from workloads import SQLALCHEMY, add_cache_dir_argument, workload_root

KOTLINX_COROUTINES = Orig(
    "kotlinx-coroutines",
    "1.0.1",
    "pool/main/k/kotlinx-coroutines",
    "kotlinx-coroutines_1.0.1.orig.tar.xz",
    "361a1e02f2d223c0d8ee16f5cd3987202264f037a4eff5de0e29334c38d16782",
)


@dataclass(frozen=True)
class LanguageWorkload:
    """One language's codebase: where its sources are, once fetched."""

    language: str  # a LanguageRule name
    name: str  # what the report calls it, with its version
    fetch: Callable[[Path], Path]  # cache folder -> the folder to index


def _sqlalchemy(cache: Path) -> Path:
    return workload_root(SQLALCHEMY, cache) / SQLALCHEMY.source_root


def _npm(key: str, folder: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        from js_imports import WORKLOADS, fetch_npm_package

        workload = next(w for w in WORKLOADS if w.key == key)
        return fetch_npm_package(workload, cache) / folder

    return fetch


def _go(key: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        from go_workloads import ALL_WORKLOADS, fetch_deb

        workload = next(w for w in ALL_WORKLOADS if w.key == key)
        return fetch_deb(workload.deb, cache) / workload.import_path

    return fetch


def _java(key: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        from java_workloads import ALL_WORKLOADS, source_tree

        return source_tree(next(w for w in ALL_WORKLOADS if w.key == key), cache)

    return fetch


def _ruby(key: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        from ruby_edges import WORKLOADS, prepare

        return prepare(WORKLOADS[key], cache)

    return fetch


def _php(key: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        from php_edges import WORKLOADS

        return unpack_orig(next(w for w in WORKLOADS if w.key == key).orig, cache, "languages")

    return fetch


def _csharp(key: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        from csharp_edges import WORKLOADS

        workload = next(w for w in WORKLOADS if w.key == key)
        top = unpack_orig(workload.orig, cache, tag="languages")
        return top / workload.root if workload.root else top

    return fetch


def _rust(key: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        from rust_edges import WORKLOADS, prepare

        return prepare(WORKLOADS[key], cache)

    return fetch


def _swift(cache: Path) -> Path:
    from swift_edges import prepare

    return prepare(cache)


def _scala(cache: Path) -> Path:
    from scala_edges import prepare

    return prepare(cache)


def _c(key: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        from c_edges import WORKLOADS, prepare

        return prepare(next(w for w in WORKLOADS if w.name == key), cache)

    return fetch


def _syntactic(language: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        from syntactic_edges import WORKLOADS, prepare

        return prepare(WORKLOADS[language], cache)

    return fetch


def _fixture(language: str) -> Callable[[Path], Path]:
    """A language no obtainable package holds (Dart, Zig, Julia): its fixture."""
    return lambda cache: Path(__file__).resolve().parent.parent / "testdata" / language / "00_smoke"


def _orig(orig: Orig) -> Callable[[Path], Path]:
    return lambda cache: unpack_orig(orig, cache, tag="languages")


WORKLOADS: tuple[LanguageWorkload, ...] = (
    LanguageWorkload("python", "SQLAlchemy 2.0.36 (lib/)", _sqlalchemy),
    LanguageWorkload("javascript", "eslint 8.57.1 (lib/)", _npm("eslint", "lib")),
    LanguageWorkload("typescript", "zod 4.6.7 (src/)", _npm("zod", "src")),
    LanguageWorkload("go", "gin 1.8.1", _go("gin")),
    LanguageWorkload("java", "jsoup 1.15.3", _java("jsoup")),
    LanguageWorkload("kotlin", "kotlinx-coroutines 1.0.1", _orig(KOTLINX_COROUTINES)),
    LanguageWorkload("ruby", "rspec-core 3.12.0", _ruby("rspec-core")),
    LanguageWorkload("php", "league/commonmark 2.3.9", _php("commonmark")),
    LanguageWorkload("csharp", "Newtonsoft.Json 6.0.8", _csharp("newtonsoft-json")),
    LanguageWorkload("rust", "regex-syntax 0.6.27", _rust("regex-syntax")),
    LanguageWorkload("swift", "Capacitor iOS 8.5.2 + 4 plugins", _swift),
    LanguageWorkload("c", "Lua 5.4.4 (.c; .h read as C++)", _c("lua")),
    LanguageWorkload("cpp", "yaml-cpp 0.7.0", _c("yaml-cpp")),
    LanguageWorkload("lua", "luarocks 3.8.0", _syntactic("lua")),
    LanguageWorkload("bash", "dracut 059", _syntactic("bash")),
    LanguageWorkload("elixir", "elixir 1.14.0 (lib/elixir/)", _syntactic("elixir")),
    LanguageWorkload("haskell", "optparse-applicative 0.16.1.0", _syntactic("haskell")),
    LanguageWorkload("ocaml", "ocaml-re 1.10.4", _syntactic("ocaml")),
    LanguageWorkload("objc", "gnustep-base 1.28.0 (Source/)", _syntactic("objc")),
    LanguageWorkload("perl", "Mojolicious 9.31", _syntactic("perl")),
    LanguageWorkload("dart", "fixture dart/00_smoke", _fixture("dart")),
    LanguageWorkload("zig", "fixture zig/00_smoke", _fixture("zig")),
    LanguageWorkload("julia", "fixture julia/00_smoke", _fixture("julia")),
    LanguageWorkload("scala", "scala-actors 2.11.12 (src/actors)", _scala),
)


def language_files(root: Path, language: str) -> list[Path]:
    """The files under ``root`` the language's rule reads, sorted (symbolic links aside)."""
    from blast_radius.core.languages import language_for_path

    found = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            rule = language_for_path(path.relative_to(root).as_posix())
            if rule is not None and rule.name == language:
                found.append(path)
    return found


def floor_seconds(language: str, files: list[tuple[str, bytes]]) -> tuple[float, int]:
    """Seconds to parse every file and run the query over it, and the matches."""
    from tree_sitter import Parser, QueryCursor

    from blast_radius.adapters.grammars import load_language
    from blast_radius.core.extract import MATCH_LIMIT
    from blast_radius.core.languages import language_by_name

    compiled = load_language(language_by_name(language))
    parser = Parser(compiled.language)
    matches = 0
    started = time.perf_counter()
    for _, data in files:
        tree = parser.parse(data)
        matches += len(QueryCursor(compiled.query, match_limit=MATCH_LIMIT).matches(tree.root_node))
    return time.perf_counter() - started, matches


def extract_seconds(language: str, files: list[tuple[str, bytes]]) -> float:
    """Seconds to turn every file into facts, as the indexer's workers do."""
    from blast_radius.adapters.grammars import load_language
    from blast_radius.core.extract import extract_facts
    from blast_radius.core.languages import language_by_name

    compiled = load_language(language_by_name(language))
    started = time.perf_counter()
    for rel, data in files:
        extract_facts(compiled, rel, data)
    return time.perf_counter() - started


def graph_of(root: Path) -> tuple[float, dict[str, Any]]:
    """Wall seconds of a cold one-process graph of ``root``, and the graph."""
    started = time.perf_counter()
    command = [sys.executable, "-m", "blast_radius", "graph", str(root)]
    out = subprocess.run(
        [*command, "--format", "json", "--no-cache", "--jobs", "1"],
        check=True,
        capture_output=True,
    ).stdout
    return time.perf_counter() - started, json.loads(out)


def start_seconds() -> float:
    """The fastest of three graphs of an empty folder: the interpreter's and the
    tool's start, paid once per run whatever the repository."""
    with tempfile.TemporaryDirectory() as empty:
        return min(graph_of(Path(empty))[0] for _ in range(3))


def edge_shares(graph: dict[str, Any], language: str) -> dict[str, Any]:
    """Call and reference edges starting in the language's files: how many, how
    many are name matches, how many are certain."""
    from blast_radius.core.languages import language_for_path

    paths = {n["id"]: n["path"] for n in graph["nodes"]}
    counts: Counter[str] = Counter()
    for edge in graph["edges"]:
        if edge["kind"] not in ("calls", "references"):
            continue
        rule = language_for_path(paths.get(edge["source"], ""))
        if rule is None or rule.name != language:
            continue
        counts["edges"] += 1
        counts["name_matched"] += "name-match" in edge.get("tags", [])
        counts["certain"] += edge["confidence"] >= 1.0
    meta = graph["meta"]
    with_errors = [p for p in meta["files_with_syntax_errors"] if _is(p, language)]
    return {
        **counts,
        "name_matched_share": counts["name_matched"] / counts["edges"] if counts["edges"] else 0.0,
        "certain_share": counts["certain"] / counts["edges"] if counts["edges"] else 0.0,
        "files_with_syntax_errors": len(with_errors),
        "resolution": meta["resolution"].get(language, {}),
    }


def _is(path: str, language: str) -> bool:
    from blast_radius.core.languages import language_for_path

    rule = language_for_path(path)
    return rule is not None and rule.name == language


def measure(w: LanguageWorkload, cache: Path, repeat: int, start: float) -> dict[str, Any]:
    """Every figure of one workload."""
    root = w.fetch(cache)
    paths = language_files(root, w.language)
    files = [(p.relative_to(root).as_posix(), p.read_bytes()) for p in paths]
    size = sum(len(data) for _, data in files)
    lines = sum(data.count(b"\n") for _, data in files)
    floors = [floor_seconds(w.language, files) for _ in range(max(1, repeat))]
    floor, matches = min(floors)
    extract = min(extract_seconds(w.language, files) for _ in range(max(1, repeat)))
    graph_seconds, graph = graph_of(root)
    return {
        "language": w.language,
        "workload": w.name,
        "files": len(files),
        "lines": lines,
        "bytes": size,
        "query_matches": matches,
        "floor_seconds": floor,
        "extract_seconds": extract,
        "graph_seconds": graph_seconds,
        "extract_over_floor": extract / floor if floor else 0.0,
        "start_seconds": start,
        "graph_over_floor": max(graph_seconds - start, 0.0) / floor if floor else 0.0,
        "extract_mb_per_second": size / 1e6 / extract if extract else 0.0,
        **edge_shares(graph, w.language),
    }


def print_report(results: list[dict[str, Any]]) -> None:
    """One row per language."""
    header = (
        f"{'language':<11}{'workload':<32}{'files':>6}{'lines':>9}{'floor s':>9}"
        f"{'extract':>9}{'x floor':>8}{'MB/s':>6}{'graph s':>9}{'-start x':>9}"
        f"{'edges':>8}{'1.0':>7}{'name':>7}{'errors':>7}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        print(
            f"{r['language']:<11}{r['workload']:<32}{r['files']:>6}{r['lines']:>9,}"
            f"{r['floor_seconds']:>9.2f}{r['extract_seconds']:>9.2f}"
            f"{r['extract_over_floor']:>8.2f}{r['extract_mb_per_second']:>6.1f}"
            f"{r['graph_seconds']:>9.2f}{r['graph_over_floor']:>9.2f}{r['edges']:>8,}"
            f"{r['certain_share']:>7.1%}{r['name_matched_share']:>7.1%}"
            f"{r['files_with_syntax_errors']:>7}"
        )
    start = results[0]["start_seconds"] if results else 0.0
    print(
        "\nfloor: parse + our query, one process; extract: the same files to facts;"
        " graph: a cold one-process `blast-radius graph`; -start x: graph less the"
        f" start ({start:.2f} s, an empty folder's graph) over the floor;"
        " edges: calls and references from the language's files; 1.0: certain;"
        " name: name-matched; errors: files with syntax errors."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--language",
        action="append",
        choices=[w.language for w in WORKLOADS],
        help="only this language (repeatable; default: all)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="floor and extract passes")
    parser.add_argument("--json", nargs="?", const="-", help="also write the figures as JSON")
    add_cache_dir_argument(parser)
    args = parser.parse_args(argv)
    chosen = [w for w in WORKLOADS if not args.language or w.language in args.language]
    start = start_seconds()
    results = []
    for w in chosen:
        print(f"[languages] {w.language}: {w.name} ...", file=sys.stderr)
        results.append(measure(w, Path(args.cache_dir).expanduser(), args.repeat, start))
    print_report(results)
    if args.json:
        text = json.dumps(results, indent=2, sort_keys=True) + "\n"
        if args.json == "-":
            print(text, end="")
        else:
            Path(args.json).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
