"""Go test selection benchmark: do the selected test files catch the tests that really fail?

The Go counterpart of ``test_selection.py`` and ``js_test_selection.py``. For
each Go workload of ``go_workloads.py`` whose tests run offline (chi and gin,
from their Debian packages, in GOPATH mode), a fixed-seed sample of functions
and methods with a node in the tool's graph is broken one at a time:
``panic("injected")`` becomes the first statement of the body, on a line of its
own (valid Go whatever the results: a body may end in a panic). The module's
own tests run on each broken tree, and the test files that fail (minus the
tests that fail on the clean tree) are the truth. Against it the script scores:

* the tool at its defaults: ``blast-radius impact REPO --base main --format json``
  on a branch that holds the one-line change, field ``test_files``;
* the same with ``--test-selection conservative``;
* a baseline: every test file of the packages whose test binary links the
  broken function's package (``go list -test``: ``Deps`` of ``p.test``), which
  are also the only packages whose tests are run.

How the tests run: each package's test binary is built once per fault
(``go test -c -vet=off``) and run under ``go tool test2json`` with
``-test.run`` naming its tests. A panic in a test ends the binary, so the
tests that did not report are run again, without those of the test files that
already failed, until every test has a result; a run that reports nothing new
marks the tests it was running (or, when none started, all of them: a panic at
package initialisation) as failed. A test binary that does not build fails all
of its package's test files and is listed apart. Test names (``TestX``,
``ExampleX``, ``FuzzX``) map to the ``_test.go`` file that defines them, from
the package's ``TestGoFiles`` and ``XTestGoFiles``. Test results are cached as
JSON per (project, function), so a second run only runs the tool.

    python benchmarks/go_test_selection.py [--project gin] [--sample 20] [--seed 0]
        [--jobs 2] [--extra-args "--max-depth 3"] [--json] [--keep]
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tree_sitter
import tree_sitter_go

sys.path.insert(0, str(Path(__file__).resolve().parent))

from go_workloads import GO, WORKLOADS, GoTree, GoWorkload, decode_json_stream, fetch_deb
from go_workloads import go_version as go_version_line
from go_workloads import prepare as prepare_workload
from impact import git
from js_imports import tool_version
from js_test_selection import (
    SuiteRun,
    _fmt,
    cached_run,
    score,
    tool_selection,
    upward_files,
)
from test_selection import Selection, run_tool, scores_json, spread_sample, within
from workloads import add_cache_dir_argument, commit_all, make_git_repo

INJECTED_STATEMENT = 'panic("injected")'
BASE_BRANCH = "main"
CACHE_SCHEMA = 1  # bump when the cached test results change meaning
LISTED = 6  # missed files named per function in the table; --json has them all
BUILD_FAILED = "(build failed)"  # the test name of a package whose test binary did not build

_WORKLOADS = {w.key: w for w in WORKLOADS}


@dataclass(frozen=True)
class GoProject:
    """A Go workload whose own tests run offline in GOPATH mode."""

    workload: GoWorkload
    why: str

    @property
    def key(self) -> str:
        return self.workload.key


PROJECTS = (
    GoProject(
        _WORKLOADS["chi"],
        "a router with no dependencies: a radix tree, a Mux, and a middleware package"
        " tested through the router (its tests sleep: about 26 s a run)",
    ),
    GoProject(
        _WORKLOADS["gin"],
        "a web framework: five packages with tests, an Engine, a Context and"
        " binding/render interfaces; its tests are fast (under a second)",
    ),
)


# --------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Function:
    """A function or method of the module, and where the fault goes."""

    path: str  # relative to the repository root, "/"-separated
    package_dir: str  # the package's directory, "." for the root
    qualname: str  # "F" or "Type.Method"
    start_line: int  # 1-based line of the ``func`` keyword
    insert_line: int  # 1-based line the injected statement goes before
    indent: str

    @property
    def name(self) -> str:
        return f"{self.path}:{self.qualname}"

    @property
    def key(self) -> str:
        """A file name for the cached test result."""
        return re.sub(r"[^A-Za-z0-9_.-]", "_", self.name)


@dataclass(frozen=True)
class GoPackage:
    """A package of the module as ``go list -test`` sees it in the default build."""

    dir: str  # relative to the repository root, "." for the root
    import_path: str  # its GOPATH import path
    go_files: tuple[str, ...]  # repository paths of its non-test files in the build
    test_files: tuple[str, ...]  # repository paths of its _test.go files in the build
    test_deps: frozenset[str]  # directories of the repository's packages its test binary links


@dataclass(frozen=True)
class Outcome:
    """Everything measured for one broken function."""

    function: Function
    node_id: str  # the function's id in the tool's graph
    changed: tuple[str, ...]  # what the tool's report lists as changed
    failing: frozenset[str]
    selections: dict[str, Selection]
    unlimited: frozenset[str]  # test files the graph reaches upward with no limit
    packages: tuple[str, ...]  # package directories whose tests ran
    run: SuiteRun
    covering: frozenset[str] | None = None  # no coverage reference for Go


# --------------------------------------------------------------------------
# The module's packages and tests
# --------------------------------------------------------------------------


def _env(tree: GoTree, cache: Path) -> dict[str, str]:
    return tree.env(cache)


def list_packages(tree: GoTree, cache: Path) -> dict[str, GoPackage]:
    """{directory: package} of the repository, from ``go list -e -json -test ./...``."""
    proc = subprocess.run(
        [GO, "list", "-e", "-json", "-test", "./..."],
        cwd=tree.repo,
        env=_env(tree, cache),
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"go list failed in {tree.repo}:\n{proc.stderr[-4000:]}")
    entries = decode_json_stream(proc.stdout)
    root = tree.repo.resolve()
    plain = {}
    for e in entries:
        if e.get("ForTest") or " " in e["ImportPath"] or e["ImportPath"].endswith(".test"):
            continue
        plain[e["ImportPath"]] = Path(e["Dir"]).resolve().relative_to(root).as_posix()
    deps: dict[str, frozenset[str]] = {}
    for e in entries:
        if e["ImportPath"].endswith(".test") and not e.get("ForTest"):
            under = e["ImportPath"].removesuffix(".test")
            linked = {d.split(" ")[0] for d in e.get("Deps", [])}
            deps[under] = frozenset(plain[d] for d in linked if d in plain)
    packages = {}
    for e in entries:
        path = e["ImportPath"]
        if path not in plain:
            continue
        folder = plain[path]

        def rel(names: Iterable[str], folder: str = folder) -> tuple[str, ...]:
            return tuple(sorted(n if folder == "." else f"{folder}/{n}" for n in names))

        packages[folder] = GoPackage(
            dir=folder,
            import_path=path,
            go_files=rel(e.get("GoFiles", [])),
            test_files=rel([*e.get("TestGoFiles", []), *e.get("XTestGoFiles", [])]),
            test_deps=deps.get(path, frozenset()) | {folder},
        )
    return packages


_TEST_FUNC = re.compile(r"^func\s+((?:Test|Example|Fuzz)[A-Za-z0-9_]*)\s*\(", re.MULTILINE)


def tests_by_name(repo: Path, package: GoPackage) -> dict[str, str]:
    """{test name: the _test.go file that defines it} of one package."""
    found: dict[str, str] = {}
    for path in package.test_files:
        for m in _TEST_FUNC.finditer((repo / path).read_text(encoding="utf-8")):
            found.setdefault(m.group(1), path)
    return found


# --------------------------------------------------------------------------
# Picking the functions
# --------------------------------------------------------------------------

_PARSER = tree_sitter.Parser(tree_sitter.Language(tree_sitter_go.language()))
_TRIVIAL_RETURNS = {
    "identifier",
    "selector_expression",
    "interpreted_string_literal",
    "raw_string_literal",
    "int_literal",
    "float_literal",
    "true",
    "false",
    "nil",
}


def _text(node: tree_sitter.Node | None) -> str:
    return node.text.decode("utf-8") if node is not None and node.text is not None else ""


def _statements(block: tree_sitter.Node) -> list[tree_sitter.Node]:
    """The statements of a block (tree-sitter-go 0.23+ wraps them in a statement_list)."""
    children = [c for c in block.named_children if c.type != "comment"]
    if len(children) == 1 and children[0].type == "statement_list":
        children = [c for c in children[0].named_children if c.type != "comment"]
    return children


def _is_trivial(statements: list[tree_sitter.Node]) -> bool:
    """Nothing worth breaking: an empty body, a lone ``panic(...)``, or a lone
    ``return`` of nothing, a name, a selector or a literal."""
    if not statements:
        return True
    if len(statements) != 1:
        return False
    stmt = statements[0]
    if stmt.type == "expression_statement" and _text(stmt).startswith("panic("):
        return True
    if stmt.type == "return_statement":
        values = [c for c in stmt.named_children if c.type != "comment"]
        if not values:
            return True
        items = values[0].named_children if values[0].type == "expression_list" else values
        return len(items) == 1 and items[0].type in _TRIVIAL_RETURNS
    return False


def _receiver_type(receiver: tree_sitter.Node) -> str:
    """``T`` of ``(t *T)``, ``(T)``, ``(t *T[K, V])``."""
    todo = [receiver]
    while todo:
        node = todo.pop(0)
        if node.type == "type_identifier":
            return _text(node)
        todo.extend(node.named_children)
    return ""


def functions_in_file(path: str, package_dir: str, source: bytes) -> list[Function]:
    """The breakable functions and methods of one file, in file order."""
    found = []
    for decl in _PARSER.parse(source).root_node.named_children:
        if decl.type == "function_declaration":
            qualname = _text(decl.child_by_field_name("name"))
            if qualname in {"init", "main"}:
                continue
        elif decl.type == "method_declaration":
            receiver = decl.child_by_field_name("receiver")
            owner = _receiver_type(receiver) if receiver is not None else ""
            qualname = f"{owner}.{_text(decl.child_by_field_name('name'))}"
        else:
            continue
        body = decl.child_by_field_name("body")
        if body is None:  # an assembly-backed declaration
            continue
        statements = _statements(body)
        if _is_trivial(statements):
            continue
        first = statements[0]
        if first.start_point.row == body.start_point.row:  # shares its line with the "{"
            continue
        line_start = source.rfind(b"\n", 0, first.start_byte) + 1
        indent = source[line_start : first.start_byte].decode("utf-8")
        if indent.strip():
            continue
        found.append(
            Function(
                path=path,
                package_dir=package_dir,
                qualname=qualname,
                start_line=decl.start_point.row + 1,
                insert_line=first.start_point.row + 1,
                indent=indent,
            )
        )
    return found


def find_candidates(repo: Path, packages: dict[str, GoPackage]) -> list[Function]:
    """Every breakable function and method of the default build's non-test files."""
    found = []
    for package in packages.values():
        for path in package.go_files:
            found.extend(functions_in_file(path, package.dir, (repo / path).read_bytes()))
    return sorted(found, key=lambda f: (f.path, f.start_line))


def sample_functions(candidates: Sequence[Function], n: int, seed: int) -> list[Function]:
    """``n`` candidates spread over files, as test_selection.py samples them."""
    return spread_sample(candidates, n, seed, lambda f: f.path, lambda f: (f.path, f.start_line))


def inject(text: str, function: Function) -> str:
    """The file text with the fault as the first statement of the function's body."""
    lines = text.split("\n")
    lines.insert(function.insert_line - 1, function.indent + INJECTED_STATEMENT)
    new_text = "\n".join(lines)
    if _PARSER.parse(new_text.encode("utf-8")).root_node.has_error:
        raise RuntimeError(f"the fault in {function.name} does not parse")
    return new_text


# --------------------------------------------------------------------------
# Running the tests
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class PackageRun:
    failed: tuple[str, ...]  # "file::TestName", sorted
    reported: tuple[str, ...]  # every test with a result, sorted
    timed_out: tuple[str, ...]
    build_failed: bool


def run_package(
    tree: GoTree,
    cache: Path,
    package: GoPackage,
    tests: dict[str, str],
    binaries: Path,
    timeout: float,
) -> PackageRun:
    """Build the package's test binary and run its ``tests`` until each has a result."""
    env = _env(tree, cache)
    binary = binaries / (package.dir.replace("/", "__") + ".test")
    build = subprocess.run(
        [GO, "test", "-c", "-vet=off", "-o", str(binary), f"./{package.dir}"],
        cwd=tree.repo,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if build.returncode != 0 or not binary.exists():
        failed = tuple(sorted(f"{f}::{BUILD_FAILED}" for f in package.test_files))
        return PackageRun(failed, (), (), True)
    results: dict[str, str] = {}
    failed_files: set[str] = set()
    timed_out: set[str] = set()
    while True:
        todo = [t for t in sorted(tests) if t not in results and tests[t] not in failed_files]
        if not todo:
            break
        cmd = [
            GO,
            "tool",
            "test2json",
            "-p",
            package.import_path,
            str(binary),
            "-test.v=true",
            "-test.paniconexit0",
            "-test.count=1",
            f"-test.timeout={int(timeout)}s",
            "-test.run",
            f"^({'|'.join(todo)})$",
        ]
        late = False
        try:
            proc = subprocess.run(
                cmd,
                cwd=tree.repo / package.dir,
                env=env,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=timeout + 60,
                check=False,
            )
            stdout = proc.stdout
        except subprocess.TimeoutExpired as exc:
            late = True
            raw = exc.stdout or b""
            stdout = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        started: list[str] = []
        new = 0
        finished = False  # the package's own pass or fail: the binary did not crash
        for line in stdout.splitlines():
            if not line.startswith("{"):
                continue
            event = json.loads(line)
            name = event.get("Test") or ""
            action = event.get("Action")
            if not name:
                finished = finished or action in {"pass", "fail"}
                continue
            if "/" in name or name not in tests:
                continue
            if action == "run":
                started.append(name)
            elif action in {"pass", "fail", "skip"} and name not in results:
                results[name] = action
                new += 1
                if action == "fail":
                    failed_files.add(tests[name])
            elif action == "output" and "panic: test timed out" in event.get("Output", ""):
                late = True
        if finished and not late:
            break  # what did not report is not in this build (an Example with no output)
        if late or new == 0:
            # Out of time, or a crash before any new result: what was running failed
            # (else everything asked for: a panic before the first test).
            for t in [t for t in started if t not in results] or todo:
                results[t] = "fail"
                failed_files.add(tests[t])
                if late:
                    timed_out.add(t)
    failed = tuple(sorted(f"{tests[t]}::{t}" for t, a in results.items() if a == "fail"))
    reported = tuple(sorted(f"{tests[t]}::{t}" for t in results))
    return PackageRun(failed, reported, tuple(sorted(timed_out)), False)


def run_tests(
    tree: GoTree,
    cache: Path,
    packages: Sequence[GoPackage],
    tests: dict[str, dict[str, str]],
    args: Any,
) -> SuiteRun:
    """The tests of ``packages``, ``args.jobs`` packages at once, as one SuiteRun.

    A package whose test binary does not build has ``file::(build failed)`` for
    each of its test files; ``suite_error`` says that some package did not build.
    """
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-gotest-") as tmp:

        def one(package: GoPackage) -> PackageRun:
            return run_package(tree, cache, package, tests[package.dir], Path(tmp), args.timeout)

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            runs = list(pool.map(one, packages))
    return SuiteRun(
        failed_tests=tuple(sorted(t for r in runs for t in r.failed)),
        files=tuple(sorted({t.split("::")[0] for r in runs for t in r.reported})),
        suite_error=any(r.build_failed for r in runs),
        timed_out=tuple(sorted(t for r in runs for t in r.timed_out)),
        seconds=round(time.perf_counter() - start, 2),
    )


# --------------------------------------------------------------------------
# The tool
# --------------------------------------------------------------------------


def commit_injection(repo: Path, branch: str, function: Function) -> None:
    """Create ``branch`` from main with the fault committed, and check it out."""
    git(repo, "checkout", "--quiet", "-b", branch, BASE_BRANCH)
    file = repo / function.path
    file.write_text(inject(file.read_text(encoding="utf-8"), function), encoding="utf-8")
    commit_all(repo, f"inject a fault into {function.name}")


def node_ids(graph: dict[str, Any]) -> dict[tuple[str, int], str]:
    """{(path, first line): id} of the graph's function and method nodes."""
    return {
        (n["path"], n["start_line"]): n["id"]
        for n in graph["nodes"]
        if n["kind"] in {"function", "method"}
    }


# --------------------------------------------------------------------------
# One project, end to end
# --------------------------------------------------------------------------

TOOL_DEFAULT = "tool (defaults)"
TOOL_CONSERVATIVE = "tool, conservative"
PACKAGES = "linking packages"
METHODS = (TOOL_DEFAULT, TOOL_CONSERVATIVE, PACKAGES)


@dataclass(frozen=True)
class ProjectResult:
    project: GoProject
    candidates: int
    with_node: int  # candidates the graph has a function or method node for
    test_files: frozenset[str]
    baseline: SuiteRun
    outcomes: tuple[Outcome, ...]
    seconds: float


def measure_project(project: GoProject, args: Any, tool_extra: Sequence[str]) -> ProjectResult:
    """Sample, break, run the tests, ask the tool and the baseline, for one project."""
    start = time.perf_counter()
    cache: Path = args.cache_dir
    w = project.workload
    # A fresh copy of the module inside a GOPATH of this script's own: the other Go
    # benchmarks remake and delete theirs under <cache>/go-bench/<key>/.
    tree = prepare_workload(w, cache, home=cache / "go-test-selection" / "gopath" / w.key)
    results = cache / "go-test-selection" / "results" / f"{w.key}-{w.deb.version}"
    results.mkdir(parents=True, exist_ok=True)
    runs_dir = cache / "go-test-selection" / "runs"
    runs_dir.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{w.key}-", dir=runs_dir))
    try:
        module_src = fetch_deb(w.deb, cache) / w.import_path
        repo = make_git_repo(module_src, scratch / "repo")
        packages = list_packages(tree, cache)
        tested = [p for p in packages.values() if p.test_files]
        tests = {p.dir: tests_by_name(tree.repo, p) for p in tested}
        graph = json.loads(run_tool("graph", str(repo), "--format", "json", "--no-cache"))
        ids = node_ids(graph)
        candidates = find_candidates(tree.repo, packages)
        with_node = [c for c in candidates if (c.path, c.start_line) in ids]
        functions = sample_functions(with_node, args.sample, args.seed)

        common_key = {
            "schema": CACHE_SCHEMA,
            "project": w.key,
            "version": w.deb.version,
            "go": go_version_line(),
            "statement": INJECTED_STATEMENT,
        }
        baseline = cached_run(
            results / "baseline.json",
            {**common_key, "packages": [p.dir for p in tested]},
            lambda: run_tests(tree, cache, tested, tests, args),
        )
        if baseline.suite_error or not baseline.files:
            raise RuntimeError(f"{w.key}: the clean test run did not work: {baseline}")
        clean_failures = frozenset(baseline.failed_tests)
        universe = frozenset(baseline.files)
        runs = {}
        linked: dict[str, list[GoPackage]] = {}
        for function in functions:
            reach = [p for p in tested if function.package_dir in p.test_deps]
            linked[function.name] = reach
            key = {
                **common_key,
                "function": function.name,
                "insert_line": function.insert_line,
                "packages": [p.dir for p in reach],
            }

            def produce(function: Function = function, reach: list[GoPackage] = reach) -> SuiteRun:
                file = tree.repo / function.path
                original = file.read_text(encoding="utf-8")
                file.write_text(inject(original, function), encoding="utf-8")
                try:
                    run = run_tests(tree, cache, reach, tests, args)
                finally:
                    file.write_text(original, encoding="utf-8")
                print(
                    f"[go-test-selection] {w.key}: {function.name}: "
                    f"{len(run.failed_tests)} failing, {run.seconds:.1f} s",
                    file=sys.stderr,
                )
                return run

            runs[function.name] = cached_run(results / f"{function.key}.json", key, produce)

        outcomes = []
        for i, function in enumerate(functions):
            run = runs[function.name]
            failing = frozenset(
                t.split("::")[0] for t in run.failed_tests if t not in clean_failures
            )
            node_id = ids[(function.path, function.start_line)]
            commit_injection(repo, f"inject/{i:02d}", function)
            default = tool_selection(repo, tool_extra)
            conservative = tool_selection(repo, [*tool_extra, "--test-selection", "conservative"])
            git(repo, "checkout", "--quiet", BASE_BRANCH)
            reach = linked[function.name]
            selections = {
                TOOL_DEFAULT: within(default.selection, universe),
                TOOL_CONSERVATIVE: within(conservative.selection, universe),
                PACKAGES: Selection(frozenset(f for p in reach for f in p.test_files) & universe),
            }
            outcomes.append(
                Outcome(
                    function=function,
                    node_id=node_id,
                    changed=default.changed,
                    failing=failing & universe,
                    selections=selections,
                    unlimited=upward_files(graph, node_id) & universe,
                    packages=tuple(p.dir for p in reach),
                    run=run,
                )
            )
    finally:
        if args.keep:
            print(f"[go-test-selection] kept {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return ProjectResult(
        project=project,
        candidates=len(candidates),
        with_node=len(with_node),
        test_files=universe,
        baseline=baseline,
        outcomes=tuple(outcomes),
        seconds=round(time.perf_counter() - start, 1),
    )


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def print_table(results: Sequence[ProjectResult]) -> None:
    """The figures per project and overall, then the misses and their causes."""
    header = (
        f"{'project':<8} {'method':<20} {'recall':>6} {'all caught':>10} "
        f"{'prec fail':>9} {'mean files':>10}"
    )
    print(header)
    print("-" * len(header))
    groups = [(r.project.key, r.outcomes) for r in results]
    if len(results) > 1:
        groups.append(("all", tuple(o for r in results for o in r.outcomes)))
    for name, outcomes in groups:
        for method in METHODS:
            s = score(method, outcomes)
            if s is None:
                continue
            print(
                f"{name:<8} {method:<20} {_fmt(s.recall):>6} "
                f"{f'{s.all_caught}/{s.functions}':>10} {_fmt(s.precision_failing):>9} "
                f"{_fmt(s.mean_selected, 1):>10}"
            )
        print()
    for r in results:
        w = r.project.workload
        scored = sum(1 for o in r.outcomes if o.failing)
        print(
            f"{w.package} {w.deb.version}: {len(r.outcomes)} functions of {r.with_node} "
            f"candidates with a graph node ({r.candidates} in all), {scored} with failing "
            f"test files; {len(r.test_files)} test files; clean run "
            f"{r.baseline.seconds:.1f} s with {len(r.baseline.failed_tests)} failing "
            f"tests; {r.seconds:.0f} s in all"
        )
        for test in r.baseline.failed_tests:
            print(f"  fails on the clean tree: {test}")
        for o in r.outcomes:
            if o.node_id not in {c.split(" ")[0] for c in o.changed}:
                print(f"  not among the changed: {o.node_id}; changed: {', '.join(o.changed)}")
            if o.run.suite_error:
                built = sorted({t.split("::")[0] for t in o.run.failed_tests if BUILD_FAILED in t})
                print(f"  test binary did not build: {o.function.name}: {', '.join(built)}")
            if o.run.timed_out:
                print(f"  timed out: {o.function.name}: {', '.join(o.run.timed_out)}")
        for o in r.outcomes:
            if not o.failing:
                ran = f"tests of {', '.join(o.packages)} ran" if o.packages else "no test links it"
                print(f"  no test fails: {o.function.name} ({ran})")
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
                    f"{len(reached)} reached with no limits" if reached else "no path in graph",
                ]
                shown = ", ".join(missed[:LISTED])
                more = f", ... {len(missed) - LISTED} more" if len(missed) > LISTED else ""
                print(
                    f"  {r.project.key} {o.node_id} ({method}) "
                    f"[{'; '.join(n for n in notes if n)}]: {len(missed)} of "
                    f"{len(o.failing)}: {shown}{more}"
                )


def to_json(results: Sequence[ProjectResult], extra: Sequence[str], seconds: float) -> Any:
    """Every figure and outcome as plain JSON values."""

    def scores(outcomes: Sequence[Outcome]) -> dict[str, Any]:
        return scores_json(METHODS, outcomes, score, covering=False)

    return {
        "tool": tool_version(sys.executable),
        "go": go_version_line(),
        "extra_args": list(extra),
        "seconds": round(seconds, 1),
        "overall": scores([o for r in results for o in r.outcomes]),
        "projects": [
            {
                "name": r.project.workload.package,
                "version": r.project.workload.deb.version,
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
                        "packages_run": list(o.packages),
                        "failing": sorted(o.failing),
                        "reached_without_limits": sorted(o.unlimited),
                        "failed_tests": list(o.run.failed_tests),
                        "build_failed": o.run.suite_error,
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
    parser.add_argument("--jobs", type=int, default=2, help="packages tested at once")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per test binary run")
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
    print(f"blast-radius at {tool_version(sys.executable)}; {go_version_line()}")
    print(f"extra impact options (both tool rows): {shlex.join(tool_extra) or '(none)'}")
    print_table(results)
    print(f"\ntotal {seconds:.0f} s", file=sys.stderr)
    if args.json:
        print(json.dumps(to_json(results, tool_extra, seconds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
