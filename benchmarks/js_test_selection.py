"""JS/TS test selection benchmark: do the selected test files catch the tests that really fail?

The JavaScript and TypeScript counterpart of ``test_selection.py``. For each
pinned npm package that ships its own tests, a fixed-seed sample of functions
and methods is broken one at a time: ``throw new Error("injected");`` becomes
the first statement of the body (after any ``"use strict"`` directive), on a
line of its own. The project's own tests run on each broken tree, and the test
files that fail (minus those that fail on the clean tree) are the truth.
Against it the script scores:

* the tool at its defaults: ``blast-radius impact REPO --base main --format json``
  on a branch that holds the one-line change, field ``test_files``;
* the same with ``--test-selection conservative``;
* a baseline: the test files that import, through the repository's own
  modules, the file that holds the function (``imports`` edges of
  ``blast-radius graph``);
* for reference, where it is cheap, the coverage set: the test files that call
  the function (V8 coverage of each test file run alone, ``NODE_V8_COVERAGE``).

Functions are found with tree-sitter, in every form a JS library writes them:
declarations, class methods, ``const f = () => {...}``, ``X.prototype.m =
function () {...}``, ``module.exports = ...`` and the methods of a top-level
object literal; whether the tool's graph has a node for each is part of what is
measured. The runner and the test dependencies are pinned by the lockfiles
under ``benchmarks/js_selection/<project>/`` and installed with ``npm ci`` into
the cache folder. Test results are cached as JSON per (project, function), so
a second run only runs the tool.

    python benchmarks/js_test_selection.py [--project find-my-way] [--sample 20] [--seed 0]
        [--jobs 2] [--extra-args "--max-nodes 5000"] [--json] [--keep]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

import tree_sitter
import tree_sitter_javascript
import tree_sitter_typescript

sys.path.insert(0, str(Path(__file__).resolve().parent))

from impact import git
from js_imports import WORKLOADS as IMPORT_WORKLOADS
from js_imports import NpmWorkload, build_repo, fetch_npm_package, tool_version
from test_selection import (
    Scores,
    Selection,
    import_closure,
    run_tool,
    scores_json,
    spread_sample,
    within,
)
from workloads import add_cache_dir_argument, commit_all

from blast_radius.core.languages import is_test_path, language_for_path

INJECTED_STATEMENT = 'throw new Error("injected");'
BASE_BRANCH = "main"
CACHE_SCHEMA = 1  # bump when the cached test results change meaning
LOCK_ROOT = Path(__file__).resolve().parent / "js_selection"
LISTED = 6  # missed files named per function in the table; --json has them all

NODE_FILES = "node-files"  # each test file run alone: `node FILE`, failing = exit code != 0
VITEST = "vitest"  # one `vitest run --reporter=json` over the suite


@dataclass(frozen=True)
class JsProject:
    """A pinned npm package whose own test suite runs offline."""

    workload: NpmWorkload  # the tarball, and what of it makes the repository
    runner: str  # NODE_FILES or VITEST
    sources: tuple[str, ...]  # path prefixes whose functions are sampled
    excluded: tuple[str, ...] = ()  # path prefixes left out of the sample
    tests: str = ""  # NODE_FILES: a regular expression over repository paths
    coverage: bool = False  # whether the coverage set is measured

    @property
    def key(self) -> str:
        return self.workload.key

    @property
    def lock_dir(self) -> Path:
        return LOCK_ROOT / self.key


# vitest needs to be told the custom condition under which zod's package.json
# "exports" map its self-imports ("zod/v4", "zod/v4/core") to src/, as zod's
# own vitest setup does; the cache folder keeps vite's out of node_modules.
ZOD_VITEST_CONFIG = """\
// Written by benchmarks/js_test_selection.py: the npm package ships no vitest
// config. Self-imports ("zod/v4") resolve to src/ through the "@zod/source"
// condition of package.json "exports", as in zod's own repository.
export default {
  cacheDir: ".vite-cache",
  resolve: { conditions: ["@zod/source"] },
  ssr: { resolve: { conditions: ["@zod/source"] } },
  test: { include: ["src/**/*.test.ts"] },
};
"""

_ZOD_IMPORTS = next(w for w in IMPORT_WORKLOADS if w.key == "zod")

PROJECTS = (
    # find-my-way: Fastify's router, plain CommonJS; its tests (tap 16) are
    # test/*.test.js and test/http2/*.test.js, each a node script.
    JsProject(
        workload=NpmWorkload(
            key="find-my-way",
            package="find-my-way",
            version="8.2.2",
            integrity="sha512-Dobi7gcTEq8yszimcfp/R7+owiT4WncAJ7VTTgFH1jYJ5GaG1FbhjwDG820hptN0QDFvzVY3RfCzdInvGPGzjA==",
            keep=(),
            why="plain CommonJS: prototype methods (`Router.prototype.on = function on"
            " () {}`), ES classes and object-literal strategies; tests named *.test.js",
        ),
        runner=NODE_FILES,
        sources=("index.js", "lib/"),
        tests=r"^test/(.+/)?[^/]+\.test\.js$",
        coverage=True,
    ),
    # zod 4: ESM TypeScript, tests src/**/tests/*.test.ts under vitest.
    JsProject(
        workload=dataclasses.replace(
            _ZOD_IMPORTS, added=(*_ZOD_IMPORTS.added, ("vitest.config.mjs", ZOD_VITEST_CONFIG))
        ),
        runner=VITEST,
        sources=("src/",),
        # The 48 one-function translation files would take most of a by-file
        # round-robin; the tests are not part of the sample.
        excluded=("src/locales/", "src/v4/locales/", "src/v3/locales/", "src/v3/benchmarks/"),
    ),
)


# --------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Function:
    """A function or method of the package, and where the fault goes."""

    path: str  # relative to the repository root, "/"-separated
    qualname: str  # "f", "Class.method", "Router.prototype.on", "module.exports.validate"
    lines: tuple[int, ...]  # 1-based lines a graph node of it may start on
    insert_line: int  # 1-based line the injected statement goes before
    indent: str
    body_end: int  # character offset just past the body's closing brace

    @property
    def name(self) -> str:
        return f"{self.path}:{self.qualname}"

    @property
    def key(self) -> str:
        """A file name for the cached test result."""
        return re.sub(r"[^A-Za-z0-9_.-]", "_", self.name)


@dataclass(frozen=True)
class SuiteRun:
    """What one run of a project's tests saw."""

    failed_tests: tuple[str, ...]  # "file::title" (vitest) or "file" (node-files), sorted
    files: tuple[str, ...]  # test files that ran, sorted
    suite_error: bool  # the runner stopped before reporting any file
    timed_out: tuple[str, ...]  # test files (or the suite) that ran out of time
    seconds: float

    def failed_files(self) -> frozenset[str]:
        return frozenset(t.split("::")[0] for t in self.failed_tests)


@dataclass(frozen=True)
class Outcome:
    """Everything measured for one broken function."""

    function: Function
    node_id: str  # the function's id in the tool's graph, "" when it has none
    changed: tuple[str, ...]  # what the tool's report lists as changed
    failing: frozenset[str]
    covering: frozenset[str] | None  # None when the project has no coverage run
    selections: dict[str, Selection]
    unlimited: frozenset[str]  # test files the graph reaches upward with no limit
    run: SuiteRun


# --------------------------------------------------------------------------
# Picking the functions
# --------------------------------------------------------------------------

_FUNCTION_VALUES = {
    "function_expression",
    "function",  # older tree-sitter-javascript name of function_expression
    "arrow_function",
    "generator_function",
}
_CLASSES = {"class_declaration", "abstract_class_declaration", "class"}
_TRIVIAL_RETURNS = {
    "identifier",
    "member_expression",
    "string",
    "number",
    "true",
    "false",
    "null",
    "undefined",
    "this",
}


def _parser(path: str) -> tree_sitter.Parser:
    if path.endswith(".tsx"):
        language = tree_sitter_typescript.language_tsx()
    elif path.endswith((".ts", ".mts", ".cts")):
        language = tree_sitter_typescript.language_typescript()
    else:
        language = tree_sitter_javascript.language()
    return tree_sitter.Parser(tree_sitter.Language(language))


def _text(node: tree_sitter.Node | None) -> str:
    return node.text.decode("utf-8") if node is not None and node.text is not None else ""


def _statements(body: tree_sitter.Node) -> list[tree_sitter.Node]:
    return [c for c in body.named_children if c.type != "comment"]


def _is_trivial(statements: list[tree_sitter.Node]) -> bool:
    """Nothing worth breaking: an empty body, a lone ``throw``, or a lone ``return``
    of nothing, a name, a member or a literal."""
    if not statements:
        return True
    if len(statements) != 1:
        return False
    stmt = statements[0]
    if stmt.type == "throw_statement":
        return True
    if stmt.type == "return_statement":
        values = [c for c in stmt.named_children if c.type != "comment"]
        return not values or values[0].type in _TRIVIAL_RETURNS
    return False


def _candidate(
    fn: tree_sitter.Node, outer: tree_sitter.Node, qualname: str, path: str, source: bytes
) -> Function | None:
    """The function as a candidate, or None when it cannot or should not be broken."""
    body = fn.child_by_field_name("body")
    if body is None or body.type != "statement_block":
        return None
    statements = _statements(body)
    while (
        statements
        and statements[0].type == "expression_statement"
        and statements[0].named_children
        and statements[0].named_children[0].type == "string"
    ):
        statements = statements[1:]  # the directive prologue ("use strict") stays first
    if _is_trivial(statements):
        return None
    first = statements[0]
    if first.start_point.row == body.start_point.row:  # shares its line with the "{"
        return None
    line_start = source.rfind(b"\n", 0, first.start_byte) + 1
    indent = source[line_start : first.start_byte].decode("utf-8")
    if indent.strip():
        return None
    return Function(
        path=path,
        qualname=qualname,
        lines=tuple(sorted({fn.start_point.row + 1, outer.start_point.row + 1})),
        insert_line=first.start_point.row + 1,
        indent=indent,
        body_end=len(source[: body.end_byte].decode("utf-8")),
    )


def _object_methods(
    obj: tree_sitter.Node, outer: tree_sitter.Node, owner: str, path: str, source: bytes
) -> list[Function]:
    found = []
    for member in obj.named_children:
        if member.type == "method_definition":
            name = _text(member.child_by_field_name("name"))
            cand = _candidate(member, member, f"{owner}.{name}", path, source)
        elif member.type == "pair":
            value = member.child_by_field_name("value")
            if value is None or value.type not in _FUNCTION_VALUES:
                continue
            name = _text(member.child_by_field_name("key")).strip("'\"")
            cand = _candidate(value, member, f"{owner}.{name}", path, source)
        else:
            continue
        if cand is not None:
            found.append(cand)
    return found


def _class_methods(cls: tree_sitter.Node, path: str, source: bytes) -> list[Function]:
    name = _text(cls.child_by_field_name("name")) or "default"
    body = cls.child_by_field_name("body")
    found = []
    for member in body.named_children if body is not None else ():
        if member.type == "method_definition":
            method = _text(member.child_by_field_name("name"))
            cand = _candidate(member, member, f"{name}.{method}", path, source)
            if cand is not None:
                found.append(cand)
    return found


def _value_functions(
    value: tree_sitter.Node | None, outer: tree_sitter.Node, name: str, path: str, source: bytes
) -> list[Function]:
    """The functions of ``name = value``: the value itself, a class's methods, an
    object literal's methods."""
    if value is None:
        return []
    if value.type in _FUNCTION_VALUES:
        cand = _candidate(value, outer, name, path, source)
        return [cand] if cand is not None else []
    if value.type in _CLASSES:
        return _class_methods(value, path, source)
    if value.type == "object":
        return _object_methods(value, outer, name, path, source)
    return []


def functions_in_file(path: str, source: bytes) -> list[Function]:
    """The breakable functions of one file's top level, in file order."""
    tree = _parser(path).parse(source)
    found: list[Function] = []
    for stmt in tree.root_node.named_children:
        node = stmt
        if node.type == "export_statement":
            inner = node.child_by_field_name("declaration") or node.child_by_field_name("value")
            if inner is None:
                continue
            node = inner
        if node.type in {"function_declaration", "generator_function_declaration"}:
            cand = _candidate(node, stmt, _text(node.child_by_field_name("name")), path, source)
            found.extend([cand] if cand is not None else [])
        elif node.type in _CLASSES:
            found.extend(_class_methods(node, path, source))
        elif node.type in {"lexical_declaration", "variable_declaration"}:
            for decl in node.named_children:
                if decl.type == "variable_declarator":
                    name = _text(decl.child_by_field_name("name"))
                    value = decl.child_by_field_name("value")
                    found.extend(_value_functions(value, stmt, name, path, source))
        elif node.type == "expression_statement" and node.named_children:
            expr = node.named_children[0]
            if expr.type == "assignment_expression":
                name = _text(expr.child_by_field_name("left"))
                value = expr.child_by_field_name("right")
                found.extend(_value_functions(value, stmt, name, path, source))
        elif stmt is not node and node.type in _FUNCTION_VALUES:  # export default function
            cand = _candidate(node, stmt, "default", path, source)
            found.extend([cand] if cand is not None else [])
    return found


def find_candidates(repo: Path, project: JsProject) -> list[Function]:
    """Every breakable function of the sampled sources (tests left out), sorted.

    A name defined twice keeps its first definition only.
    """
    files = git(repo, "ls-files").split("\n")
    unique: dict[str, Function] = {}
    for path in sorted(files):
        rule = language_for_path(path)
        if rule is None or path.endswith((".d.ts", ".d.mts", ".d.cts")):
            continue
        if not path.startswith(project.sources) or path.startswith(project.excluded or ("\0",)):
            continue
        if is_test_path(rule, path) or "/tests/" in f"/{path}":
            continue
        for cand in functions_in_file(path, (repo / path).read_bytes()):
            unique.setdefault(cand.name, cand)
    return sorted(unique.values(), key=lambda f: (f.path, f.insert_line))


def sample_functions(candidates: Sequence[Function], n: int, seed: int) -> list[Function]:
    """``n`` candidates spread over files, as test_selection.py samples them."""
    return spread_sample(candidates, n, seed, lambda f: f.path, lambda f: (f.path, f.insert_line))


def inject(text: str, function: Function) -> str:
    """The file text with the fault as the first statement of the function's body."""
    lines = text.split("\n")
    lines.insert(function.insert_line - 1, function.indent + INJECTED_STATEMENT)
    new_text = "\n".join(lines)
    before = _parser(function.path).parse(text.encode("utf-8")).root_node.has_error
    after = _parser(function.path).parse(new_text.encode("utf-8")).root_node.has_error
    if after and not before:
        raise RuntimeError(f"the fault in {function.name} does not parse")
    return new_text


# --------------------------------------------------------------------------
# Installing and running the test suites
# --------------------------------------------------------------------------


def _lock_hash(project: JsProject) -> str:
    digest = hashlib.sha256()
    for name in ("package.json", "package-lock.json"):
        digest.update((project.lock_dir / name).read_bytes())
    return digest.hexdigest()[:12]


def ensure_deps(project: JsProject, cache: Path) -> Path:
    """``npm ci --ignore-scripts`` the project's pinned test dependencies (once);
    the folder that holds their ``node_modules``."""
    home = cache / "js-test-selection" / "deps" / f"{project.key}-{_lock_hash(project)}"
    marker = home / ".bench-installed"
    if not marker.exists():
        if home.exists():
            shutil.rmtree(home)
        home.mkdir(parents=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(project.lock_dir / name, home / name)
        print(f"[js-test-selection] npm ci into {home} ...", file=sys.stderr)
        subprocess.run(
            ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=home,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        marker.write_text("ok\n")
    return home


def _node_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"NODE_OPTIONS", "NODE_V8_COVERAGE"}}
    env.update(CI="1", NO_COLOR="1", FORCE_COLOR="0")
    env.update(extra or {})
    return env


def list_test_files(tree: Path, project: JsProject) -> list[str]:
    """The test files a node-files project runs: its ``tests`` pattern over the tree."""
    pattern = re.compile(project.tests)
    found = []
    for file in tree.rglob("*"):
        rel = file.relative_to(tree).as_posix()
        if file.is_file() and not rel.startswith("node_modules/") and pattern.search(rel):
            found.append(rel)
    return sorted(found)


def _run_node_files(
    tree: Path, files: Sequence[str], timeout: float, jobs: int, coverage_dir: Path | None
) -> SuiteRun:
    def one(rel: str) -> tuple[str, bool, bool]:
        extra = {}
        if coverage_dir is not None:
            extra["NODE_V8_COVERAGE"] = str(coverage_dir / rel.replace("/", "__"))
        try:
            proc = subprocess.run(
                ["node", rel],
                cwd=tree,
                env=_node_env(extra),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return rel, True, True
        return rel, proc.returncode != 0, False

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(one, files))
    return SuiteRun(
        failed_tests=tuple(sorted(rel for rel, failed, _ in results if failed)),
        files=tuple(sorted(files)),
        suite_error=False,
        timed_out=tuple(sorted(rel for rel, _, late in results if late)),
        seconds=round(time.perf_counter() - start, 2),
    )


def _run_vitest(tree: Path, timeout: float) -> SuiteRun:
    with tempfile.TemporaryDirectory(prefix="bench-vitest-") as tmp:
        out = Path(tmp) / "report.json"
        cmd = [
            "node",
            "node_modules/vitest/vitest.mjs",
            "run",
            "--pool=threads",
            "--reporter=json",
            f"--outputFile={out}",
        ]
        start = time.perf_counter()
        timed_out = False
        try:
            subprocess.run(
                cmd,
                cwd=tree,
                env=_node_env(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            timed_out = True
        seconds = round(time.perf_counter() - start, 2)
        if not out.exists():
            return SuiteRun((), (), True, ("(suite)",) if timed_out else (), seconds)
        report = json.loads(out.read_text(encoding="utf-8"))
    root = tree.resolve()
    failed: set[str] = set()
    files: set[str] = set()
    for result in report["testResults"]:
        rel = Path(result["name"]).resolve().relative_to(root).as_posix()
        files.add(rel)
        bad = [a for a in result["assertionResults"] if a["status"] == "failed"]
        for a in bad:
            failed.add(f"{rel}::{' > '.join([*a['ancestorTitles'], a['title']])}")
        if result["status"] == "failed" and not bad:  # the file did not load
            failed.add(f"{rel}::(file)")
    return SuiteRun(
        tuple(sorted(failed)),
        tuple(sorted(files)),
        False,
        ("(suite)",) if timed_out else (),
        seconds,
    )


def run_suite(project: JsProject, tree: Path, universe: Sequence[str], args: Any) -> SuiteRun:
    if project.runner == NODE_FILES:
        return _run_node_files(tree, universe, args.timeout, args.jobs, None)
    return _run_vitest(tree, args.suite_timeout)


def _suite_run_from_json(data: dict[str, Any]) -> SuiteRun:
    return SuiteRun(
        failed_tests=tuple(data["failed_tests"]),
        files=tuple(data["files"]),
        suite_error=data["suite_error"],
        timed_out=tuple(data["timed_out"]),
        seconds=data["seconds"],
    )


def cached_run(path: Path, key: dict[str, Any], produce: Callable[[], SuiteRun]) -> SuiteRun:
    """The run stored in ``path`` when its key matches, else ``produce()`` stored there."""
    if path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("key") == key:
            return _suite_run_from_json(data["run"])
    run = produce()
    path.write_text(json.dumps({"key": key, "run": asdict(run)}, indent=1) + "\n")
    return run


def coverage_by_function(
    project: JsProject, tree: Path, files: Sequence[str], key: dict[str, Any], out: Path, args: Any
) -> dict[str, dict[int, frozenset[str]]]:
    """{path: {offset just past a function's body: test files that called it}}, from
    V8 coverage of each test file run alone on the clean tree (a function counts as
    run when V8's count of its calls is above 0)."""
    if out.exists() and json.loads(out.read_text(encoding="utf-8")).get("key") == key:
        raw = json.loads(out.read_text(encoding="utf-8"))["functions"]
    else:
        print(f"[js-test-selection] {project.key}: coverage runs", file=sys.stderr)
        root = tree.resolve()
        by_fn: dict[str, dict[int, set[str]]] = defaultdict(lambda: defaultdict(set))
        with tempfile.TemporaryDirectory(prefix="bench-v8cov-") as tmp:
            _run_node_files(tree, files, args.timeout, args.jobs, Path(tmp))
            for rel in files:
                for dump in sorted((Path(tmp) / rel.replace("/", "__")).glob("*.json")):
                    for script in json.loads(dump.read_text(encoding="utf-8"))["result"]:
                        if not script["url"].startswith("file://"):
                            continue
                        path = Path(script["url"][len("file://") :])
                        if not path.is_relative_to(root):
                            continue
                        src = path.relative_to(root).as_posix()
                        if src.startswith("node_modules/"):
                            continue
                        for fn in script["functions"]:
                            if fn["ranges"] and fn["ranges"][0]["count"] > 0:
                                by_fn[src][fn["ranges"][0]["endOffset"]].add(rel)
        raw = {
            src: {str(end): sorted(tests) for end, tests in sorted(ends.items())}
            for src, ends in sorted(by_fn.items())
        }
        out.write_text(json.dumps({"key": key, "functions": raw}, sort_keys=True) + "\n")
    return {
        src: {int(end): frozenset(tests) for end, tests in ends.items()}
        for src, ends in raw.items()
    }


# --------------------------------------------------------------------------
# The tool
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class ToolAnswer:
    selection: Selection
    changed: tuple[str, ...]  # "id (change)" of every changed entry


def tool_selection(repo: Path, extra: Sequence[str]) -> ToolAnswer:
    """``blast-radius impact`` on the checked-out branch: its ``test_files``."""
    report = json.loads(
        run_tool(
            "impact",
            str(repo),
            "--base",
            BASE_BRANCH,
            "--format",
            "json",
            "--no-cache",
            "--quiet",
            *extra,
        )
    )
    changed = tuple(f"{c['id']} ({c['change']})" for c in report["changed"])
    limits = report["limits"]
    cuts = [*limits.get("cut_by", []), *(f"tests:{c}" for c in limits.get("tests_cut_by", []))]
    note = f"cut by {','.join(cuts)}" if cuts else ""
    return ToolAnswer(Selection(frozenset(report["test_files"]), note), changed)


def upward_files(graph: dict[str, Any], start: str) -> frozenset[str]:
    """The files of every node that reaches ``start`` by ``calls``, ``references``,
    ``inherits`` or ``imports`` edges, at any depth and confidence."""
    into: dict[str, set[str]] = defaultdict(set)
    for edge in graph["edges"]:
        if edge["kind"] in {"calls", "references", "inherits", "imports"}:
            into[edge["target"]].add(edge["source"])
    paths = {n["id"]: n["path"] for n in graph["nodes"]}
    seen = {start}
    todo = [start]
    while todo:
        for source in into[todo.pop()]:
            if source not in seen:
                seen.add(source)
                todo.append(source)
    return frozenset(paths[n] for n in seen if n in paths)


def commit_injection(repo: Path, branch: str, function: Function) -> None:
    """Create ``branch`` from main with the fault committed, and check it out."""
    git(repo, "checkout", "--quiet", "-b", branch, BASE_BRANCH)
    file = repo / function.path
    file.write_text(inject(file.read_text(encoding="utf-8"), function), encoding="utf-8")
    commit_all(repo, f"inject a fault into {function.name}")


def node_id_of(
    ids: frozenset[str], by_line: dict[tuple[str, int], list[dict[str, Any]]], fn: Function
) -> str:
    """The graph's function or method node for ``fn``: by its id (``js:<path>:<qualname>``,
    also without ``.prototype`` or a ``module.exports.`` prefix), else by file and first
    line (an overloaded function's node starts at its first signature)."""
    names = (
        fn.qualname,
        fn.qualname.replace(".prototype.", "."),
        fn.qualname.removeprefix("module.exports.").removeprefix("exports."),
    )
    for name in names:
        if f"js:{fn.path}:{name}" in ids:
            return f"js:{fn.path}:{name}"
    last = re.split(r"[.#]", fn.qualname)[-1]
    found = [n for line in fn.lines for n in by_line.get((fn.path, line), [])]
    named = [n for n in found if n["name"] == last] or found
    return str(named[0]["id"]) if named else ""


# --------------------------------------------------------------------------
# One project, end to end
# --------------------------------------------------------------------------

TOOL_DEFAULT = "tool (defaults)"
TOOL_CONSERVATIVE = "tool, conservative"
IMPORTS = "import closure"
COVERAGE = "coverage (reference)"
METHODS = (TOOL_DEFAULT, TOOL_CONSERVATIVE, IMPORTS, COVERAGE)


@dataclass(frozen=True)
class ProjectResult:
    project: JsProject
    candidates: int
    with_node: int  # candidates the graph has a function or method node for
    test_files: frozenset[str]
    named_tests: frozenset[str]  # of those, the files the tool's naming rule takes as tests
    baseline: SuiteRun
    outcomes: tuple[Outcome, ...]
    seconds: float


def measure_project(project: JsProject, args: Any, tool_extra: Sequence[str]) -> ProjectResult:
    """Sample, break, run the tests, ask the tool and the baselines, for one project."""
    start = time.perf_counter()
    cache: Path = args.cache_dir
    w = project.workload
    package_dir = fetch_npm_package(w, cache)
    deps = ensure_deps(project, cache)
    base = cache / "js-test-selection"
    results = base / "results" / f"{project.key}-{w.version}"
    results.mkdir(parents=True, exist_ok=True)
    runs_dir = base / "runs"
    runs_dir.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{project.key}-", dir=runs_dir))
    try:
        repo = build_repo(w, package_dir, scratch / "repo")
        tree = scratch / "tree"
        shutil.copytree(repo, tree, ignore=shutil.ignore_patterns(".git"))
        (tree / "node_modules").symlink_to(deps / "node_modules", target_is_directory=True)

        candidates = find_candidates(repo, project)
        functions = sample_functions(candidates, args.sample, args.seed)
        common_key = {
            "schema": CACHE_SCHEMA,
            "project": project.key,
            "version": w.version,
            "lock": _lock_hash(project),
            "runner": project.runner,
        }
        declared = list_test_files(tree, project) if project.runner == NODE_FILES else []
        baseline = cached_run(
            results / "baseline.json",
            {**common_key, "files": declared},
            lambda: run_suite(project, tree, declared, args),
        )
        if baseline.suite_error or not baseline.files:
            raise RuntimeError(f"{project.key}: the clean test run did not work: {baseline}")
        clean_failures = frozenset(baseline.failed_tests)
        universe = frozenset(baseline.files)
        if project.runner == NODE_FILES:  # a file is the unit: a clean failure leaves it out
            universe -= clean_failures
        runnable = sorted(universe)
        coverage = (
            coverage_by_function(
                project,
                tree,
                runnable,
                {**common_key, "files": runnable},
                results / "coverage.json",
                args,
            )
            if project.coverage
            else None
        )

        runs = {}
        for function in functions:
            key = {
                **common_key,
                "function": function.name,
                "insert_line": function.insert_line,
                "statement": INJECTED_STATEMENT,
                "files": runnable if project.runner == NODE_FILES else [],
            }

            def produce(function: Function = function) -> SuiteRun:
                file = tree / function.path
                original = file.read_text(encoding="utf-8")
                file.write_text(inject(original, function), encoding="utf-8")
                try:
                    run = run_suite(project, tree, runnable, args)
                finally:
                    file.write_text(original, encoding="utf-8")
                print(
                    f"[js-test-selection] {project.key}: {function.name}: "
                    f"{len(run.failed_tests)} failing, {run.seconds:.1f} s",
                    file=sys.stderr,
                )
                return run

            runs[function.name] = cached_run(results / f"{function.key}.json", key, produce)

        graph = json.loads(run_tool("graph", str(repo), "--format", "json", "--no-cache"))
        closure = import_closure(graph, universe)
        graph_nodes: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
        for n in graph["nodes"]:
            if n["kind"] in {"function", "method"}:
                graph_nodes[(n["path"], n["start_line"])].append(n)
        ids = frozenset(n["id"] for nodes in graph_nodes.values() for n in nodes)
        with_node_ids = {c.name for c in candidates if node_id_of(ids, graph_nodes, c)}

        outcomes = []
        for i, function in enumerate(functions):
            run = runs[function.name]
            failing = (
                universe
                if run.suite_error
                else frozenset(
                    t.split("::")[0] for t in run.failed_tests if t not in clean_failures
                )
            )
            covering = None
            if coverage is not None:
                covering = coverage.get(function.path, {}).get(function.body_end, frozenset())
            node_id = node_id_of(ids, graph_nodes, function)
            commit_injection(repo, f"inject/{i:02d}", function)
            default = tool_selection(repo, tool_extra)
            conservative = tool_selection(repo, [*tool_extra, "--test-selection", "conservative"])
            git(repo, "checkout", "--quiet", BASE_BRANCH)
            selections = {
                TOOL_DEFAULT: within(default.selection, universe),
                TOOL_CONSERVATIVE: within(conservative.selection, universe),
                IMPORTS: Selection(closure.get(function.path, frozenset())),
            }
            if covering is not None:
                selections[COVERAGE] = Selection(covering)
            start_node = node_id or f"js:{function.path}"
            outcomes.append(
                Outcome(
                    function=function,
                    node_id=node_id,
                    changed=default.changed,
                    failing=failing & universe,
                    covering=covering,
                    selections=selections,
                    unlimited=upward_files(graph, start_node) & universe,
                    run=run,
                )
            )
        rule_tests = frozenset(
            p for p in universe if (r := language_for_path(p)) is not None and is_test_path(r, p)
        )
    finally:
        if args.keep:
            print(f"[js-test-selection] kept {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return ProjectResult(
        project=project,
        candidates=len(candidates),
        with_node=len(with_node_ids),
        test_files=universe,
        named_tests=rule_tests,
        baseline=baseline,
        outcomes=tuple(outcomes),
        seconds=round(time.perf_counter() - start, 1),
    )


# --------------------------------------------------------------------------
# Scores and output
# --------------------------------------------------------------------------


class Scored(Protocol):
    """What ``score`` reads of an outcome (also of go_test_selection.py's)."""

    @property
    def failing(self) -> frozenset[str]: ...
    @property
    def covering(self) -> frozenset[str] | None: ...
    @property
    def selections(self) -> dict[str, Selection]: ...


def score(method: str, outcomes: Iterable[Scored]) -> Scores | None:
    """Micro-averaged figures of ``method`` over the outcomes with a failing file; None
    when no outcome has the method (coverage of a project without a coverage run)."""
    functions = pairs = caught = all_caught = selected = sel_failing = sel_covering = 0
    for outcome in outcomes:
        if not outcome.failing or method not in outcome.selections:
            continue
        chosen = outcome.selections[method].files
        functions += 1
        pairs += len(outcome.failing)
        caught += len(outcome.failing & chosen)
        all_caught += outcome.failing <= chosen
        selected += len(chosen)
        sel_failing += len(chosen & outcome.failing)
        if outcome.covering is not None:
            sel_covering += len(chosen & outcome.covering)
    if not functions:
        return None
    return Scores(method, functions, pairs, caught, all_caught, selected, sel_failing, sel_covering)


def _fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def print_table(results: Sequence[ProjectResult]) -> None:
    """The figures per project and overall, then the misses and their causes."""
    header = (
        f"{'project':<12} {'method':<22} {'recall':>6} {'all caught':>10} "
        f"{'prec fail':>9} {'prec cov':>8} {'mean files':>10}"
    )
    print(header)
    print("-" * len(header))
    groups = [(r.project.key, r.outcomes, r.project.coverage) for r in results]
    if len(results) > 1:
        every = tuple(o for r in results for o in r.outcomes)
        groups.append(("all", every, all(r.project.coverage for r in results)))
    for name, outcomes, has_coverage in groups:
        for method in METHODS:
            s = score(method, outcomes)
            if s is None:
                continue
            label = method if has_coverage or method != COVERAGE else f"{method}*"
            prec_cov = s.precision_covering if has_coverage else None
            print(
                f"{name:<12} {label:<22} {_fmt(s.recall):>6} "
                f"{f'{s.all_caught}/{s.functions}':>10} {_fmt(s.precision_failing):>9} "
                f"{_fmt(prec_cov):>8} {_fmt(s.mean_selected, 1):>10}"
            )
        print()
    if len(results) > 1 and not all(r.project.coverage for r in results):
        print("* over the projects with a coverage run only; prec cov only where all have one\n")
    for r in results:
        scored = sum(1 for o in r.outcomes if o.failing)
        w = r.project.workload
        print(
            f"{w.package} {w.version}: {len(r.outcomes)} functions of {r.candidates} "
            f"candidates ({r.with_node} with a graph node), {scored} with failing test "
            f"files; {len(r.test_files)} test files ({len(r.named_tests)} named as tests "
            f"by the tool's rule); clean run {r.baseline.seconds:.1f} s with "
            f"{len(r.baseline.failed_tests)} failing; {r.seconds:.0f} s in all"
        )
        for o in r.outcomes:
            if not o.node_id:
                print(f"  no graph node: {o.function.name}; changed: {', '.join(o.changed)}")
        for o in r.outcomes:
            if not o.failing:
                runs = "" if o.covering is None else f" ({len(o.covering)} test files call it)"
                print(f"  no test fails: {o.function.name}{runs}")
    print()
    print("Missed failing test files (tool at its defaults, then conservative):")
    for r in results:
        for o in r.outcomes:
            for method in (TOOL_DEFAULT, TOOL_CONSERVATIVE):
                sel = o.selections[method]
                missed = sorted(o.failing - sel.files)
                if not missed:
                    continue
                reached = [m for m in missed if m in o.unlimited]
                notes = [
                    sel.note,
                    "no graph node" if not o.node_id else "",
                    f"{len(reached)} reached with no limits" if reached else "no path in graph",
                ]
                shown = ", ".join(missed[:LISTED])
                more = f", ... {len(missed) - LISTED} more" if len(missed) > LISTED else ""
                print(
                    f"  {r.project.key} {o.function.name} ({method}) "
                    f"[{'; '.join(n for n in notes if n)}]: {len(missed)} of "
                    f"{len(o.failing)}: {shown}{more}"
                )


def to_json(results: Sequence[ProjectResult], extra: Sequence[str], seconds: float) -> Any:
    """Every figure and outcome as plain JSON values."""

    def scores(outcomes: Sequence[Outcome]) -> dict[str, Any]:
        return scores_json(METHODS, outcomes, score)

    return {
        "tool": tool_version(sys.executable),
        "extra_args": list(extra),
        "seconds": round(seconds, 1),
        "overall": scores([o for r in results for o in r.outcomes]),
        "projects": [
            {
                "name": r.project.workload.package,
                "version": r.project.workload.version,
                "runner": r.project.runner,
                "candidates": r.candidates,
                "candidates_with_node": r.with_node,
                "test_files": sorted(r.test_files),
                "clean_failures": list(r.baseline.failed_tests),
                "seconds": r.seconds,
                "scores": scores(r.outcomes),
                "functions": [
                    {
                        "name": o.function.name,
                        "node_id": o.node_id,
                        "changed": list(o.changed),
                        "line": o.function.insert_line,
                        "failing": sorted(o.failing),
                        "covering": None if o.covering is None else sorted(o.covering),
                        "reached_without_limits": sorted(o.unlimited),
                        "failed_tests": list(o.run.failed_tests),
                        "timed_out": list(o.run.timed_out),
                        "selections": {
                            m: {"files": sorted(s.files), "note": s.note}
                            for m, s in o.selections.items()
                        },
                    }
                    for o in r.outcomes
                ],
            }
            for r in results
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    add_cache_dir_argument(parser)
    names = [p.key for p in PROJECTS]
    parser.add_argument(
        "--project", action="append", choices=names, help="only this project (repeatable)"
    )
    parser.add_argument("--sample", type=int, default=20, help="functions per project")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample")
    parser.add_argument("--jobs", type=int, default=2, help="test files run at once (node-files)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per test file")
    parser.add_argument(
        "--suite-timeout", type=float, default=600, help="seconds per vitest run of a suite"
    )
    parser.add_argument(
        "--extra-args", default="", help='options for every `blast-radius impact`, e.g. "--jobs 1"'
    )
    parser.add_argument("--json", action="store_true", help="print JSON after the table")
    parser.add_argument("--keep", action="store_true", help="keep the scratch git repositories")
    args = parser.parse_args(argv)
    args.cache_dir = Path(args.cache_dir).expanduser()
    tool_extra = shlex.split(args.extra_args)

    start = time.perf_counter()
    chosen = [p for p in PROJECTS if not args.project or p.key in args.project]
    results = [measure_project(p, args, tool_extra) for p in chosen]
    seconds = time.perf_counter() - start
    print(f"blast-radius at {tool_version(sys.executable)}")
    print(f"extra impact options (both tool rows): {shlex.join(tool_extra) or '(none)'}")
    print_table(results)
    print(f"\ntotal {seconds:.0f} s", file=sys.stderr)
    if args.json:
        print(json.dumps(to_json(results, tool_extra, seconds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
