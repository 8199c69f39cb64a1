"""Test selection benchmark: do the selected test files catch the tests that really fail?

For each pinned project (an sdist with its test suite), a fixed-seed sample of
functions and methods is broken one at a time: ``raise RuntimeError("injected")``
becomes the first statement of the body (after the docstring). The project's
own test suite runs on each broken tree, and the test files that fail (minus
those that fail on the clean tree) are the truth. Against it the script scores:

* the tool at its defaults: ``blast-radius impact REPO --base main --format json``
  on a branch that holds the one-line change, field ``test_files``;
* the same with ``--test-selection conservative`` (the test files importing
  the changed module are added);
* a baseline: the test files that import, through the repository's own
  modules, the module that holds the function (``imports`` edges of
  ``blast-radius graph``);
* for reference, the coverage set: the test files whose tests execute a line
  of the function's body (coverage.py dynamic contexts, one run per project).

Every project gets a virtual environment of its own under the cache folder
with pinned test dependencies; the project itself is imported from its sdist
tree (``PYTHONPATH=<tree>/src``), so an injected fault takes effect. Test
results are cached as JSON per (project, version, function), so a second run
only runs the tool.

    python benchmarks/test_selection.py [--project click] [--sample 20] [--seed 0]
        [--jobs 1] [--extra-args "--max-nodes 5000"] [--json] [--keep]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import queue
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

from impact import git
from workloads import add_cache_dir_argument, commit_all, fetch_sdist, make_git_repo

INJECTED_STATEMENT = 'raise RuntimeError("injected")'
BASE_BRANCH = "main"
CACHE_SCHEMA = 1  # bump when the cached test results change meaning

# The test runner and the coverage tools, the same in every project's venv.
RUNNER_PINS = (
    "pytest==8.3.4",
    "pluggy==1.5.0",
    "iniconfig==2.0.0",
    "packaging==24.2",
    "coverage==7.6.10",
    "pytest-cov==6.0.0",
)


@dataclass(frozen=True)
class Project:
    """A pinned sdist whose own test suite runs offline."""

    name: str  # distribution name on PyPI
    version: str
    package: str  # import name, under ``source_root``
    source_root: str  # folder of the sdist that holds ``package``
    tests: str  # folder of the sdist that holds the tests
    pins: tuple[str, ...]  # the project's test and runtime dependencies (not itself)


# The pins come from each sdist's requirements/tests.txt (pytest there is
# replaced by RUNNER_PINS) and its runtime dependencies, at versions of the
# same months as the release.
PROJECTS = (
    # Click: most tests take the `runner` fixture (a CliRunner) from conftest.py.
    Project("click", "8.1.8", "click", "src", "tests", ()),
    # Flask: most tests take the `app`, `client` or `app_ctx` fixtures from conftest.py.
    Project(
        "flask",
        "3.1.0",
        "flask",
        "src",
        "tests",
        (
            "Werkzeug==3.1.3",
            "Jinja2==3.1.5",
            "MarkupSafe==3.0.2",
            "itsdangerous==2.2.0",
            "click==8.1.8",
            "blinker==1.9.0",
            "asgiref==3.8.1",
            "python-dotenv==1.0.1",
        ),
    ),
    # Jinja2: environments built in the tests and an `env` fixture; async tests need trio.
    Project(
        "jinja2",
        "3.1.6",
        "jinja2",
        "src",
        "tests",
        (
            "MarkupSafe==3.0.2",
            "trio==0.27.0",
            "attrs==24.3.0",
            "idna==3.10",
            "outcome==1.3.0.post0",
            "sniffio==1.3.1",
            "sortedcontainers==2.4.0",
        ),
    ),
)

# A pytest plugin that writes every failing test, collection error and the
# collected test files to the JSON-lines file named by BENCH_FAILURES_OUT.
_PLUGIN_NAME = "_bench_failures"
_PLUGIN_SOURCE = '''\
"""Writes failing test ids and collected files for benchmarks/test_selection.py."""

import json
import os


def _write(record):
    with open(os.environ["BENCH_FAILURES_OUT"], "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\\n")


def pytest_collectreport(report):
    if report.failed:
        _write({"failed": report.nodeid, "when": "collect"})


def pytest_collection_finish(session):
    _write({"collected": sorted({item.nodeid.split("::")[0] for item in session.items})})


def pytest_runtest_logreport(report):
    if report.failed:
        _write({"failed": report.nodeid, "when": report.when})
'''

# Run inside a project's venv: the .coverage file (argv[1]) as JSON on stdout,
# {absolute source path: {line: [test files whose tests ran it]}}.
_COVERAGE_DUMP = """\
import json, sys
import coverage
data = coverage.CoverageData(basename=sys.argv[1])
data.read()
out = {}
for path in sorted(data.measured_files()):
    by_line = data.contexts_by_lineno(path)
    out[path] = {
        str(line): sorted({c.split("::")[0] for c in contexts if "::" in c})
        for line, contexts in sorted(by_line.items())
    }
json.dump(out, sys.stdout)
"""


# --------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Function:
    """A function or method of the package, and where the fault goes."""

    path: str  # relative to the sdist root, "/"-separated
    module: str  # dotted module name
    qualname: str  # "func" or "Class.method"
    def_line: int  # 1-based line of the ``def``
    start_line: int  # 1-based line of its first decorator, or of the ``def``
    insert_line: int  # 1-based line the injected statement goes before
    indent: str
    body_lines: tuple[int, ...]  # 1-based lines of the body after the docstring

    @property
    def name(self) -> str:
        """The dotted name, ``module.qualname``."""
        return f"{self.module}.{self.qualname}"

    @property
    def key(self) -> str:
        """A file name for the cached test result."""
        return re.sub(r"[^A-Za-z0-9_.-]", "_", self.name)


@dataclass(frozen=True)
class SuiteRun:
    """What one run of a project's test suite saw."""

    failed_tests: tuple[str, ...]  # pytest node ids, sorted
    collected_files: tuple[str, ...]  # test files with collected tests, sorted
    suite_error: bool  # pytest stopped before any test (e.g. conftest failed to import)
    timed_out: bool
    returncode: int
    seconds: float

    def failed_files(self, universe: frozenset[str]) -> frozenset[str]:
        """The test files with a failing test or a collection error."""
        if self.suite_error:
            return universe
        return frozenset(nodeid.split("::")[0] for nodeid in self.failed_tests)


@dataclass(frozen=True)
class Selection:
    """The test files one method selected for one function."""

    files: frozenset[str]
    note: str = ""  # e.g. what cut the tool's walk


@dataclass(frozen=True)
class Outcome:
    """Everything measured for one broken function."""

    function: Function
    node_id: str  # the function's id in the tool's graph
    failing: frozenset[str]  # test files that fail because of the fault
    covering: frozenset[str]  # test files whose tests execute the body
    selections: dict[str, Selection]  # method name -> selection
    run: SuiteRun


@dataclass(frozen=True)
class Scores:
    """One method's figures over the scored functions of a set."""

    method: str
    functions: int  # scored functions (at least one failing file)
    failing_pairs: int  # (function, failing file) pairs
    caught_pairs: int
    all_caught: int  # functions whose failing files are all selected
    selected: int  # sum of selected files over the scored functions
    selected_failing: int  # of which fail
    selected_covering: int  # of which execute the function

    @property
    def recall(self) -> float | None:
        return self.caught_pairs / self.failing_pairs if self.failing_pairs else None

    @property
    def precision_failing(self) -> float | None:
        return self.selected_failing / self.selected if self.selected else None

    @property
    def precision_covering(self) -> float | None:
        return self.selected_covering / self.selected if self.selected else None

    @property
    def mean_selected(self) -> float | None:
        return self.selected / self.functions if self.functions else None

    def as_json(self, covering: bool = True) -> dict[str, Any]:
        """The counts and the ratios; ``precision_covering`` only where coverage ran."""
        out: dict[str, Any] = {
            **asdict(self),
            "recall": self.recall,
            "precision_failing": self.precision_failing,
        }
        if covering:
            out["precision_covering"] = self.precision_covering
        out["mean_selected"] = self.mean_selected
        return out


def scores_json(
    methods: Iterable[str],
    outcomes: Sequence[Any],
    score_of: Callable[[str, Sequence[Any]], Scores | None],
    covering: bool = True,
) -> dict[str, Any]:
    """``Scores.as_json`` of each method that has figures, by method."""
    out = {}
    for method in methods:
        scores = score_of(method, outcomes)
        if scores is not None:
            out[method] = scores.as_json(covering)
    return out


# --------------------------------------------------------------------------
# Picking the functions
# --------------------------------------------------------------------------


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def _decorator_names(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    names = set()
    for dec in fn.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if isinstance(target, ast.Attribute):
            names.add(target.attr)
        elif isinstance(target, ast.Name):
            names.add(target.id)
    return names


def _is_trivial(body: list[ast.stmt]) -> bool:
    """A body that does nothing worth breaking: ``pass``, ``...``, a bare return of a
    name, attribute or constant, or ``raise NotImplementedError``."""
    if len(body) != 1:
        return False
    stmt = body[0]
    if isinstance(stmt, ast.Pass):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
        return True
    if isinstance(stmt, ast.Return):
        return stmt.value is None or isinstance(stmt.value, ast.Name | ast.Attribute | ast.Constant)
    if isinstance(stmt, ast.Raise) and stmt.exc is not None:
        exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return False


def _candidate(
    fn: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str], path: str, module: str, qual: str
) -> Function | None:
    """The function as a candidate, or None when it cannot or should not be broken."""
    if _decorator_names(fn) & {"overload", "abstractmethod"}:
        return None
    body = fn.body[1:] if _is_docstring(fn.body[0]) else fn.body
    if not body or _is_trivial(body):
        return None
    first = body[0]
    # A decorated statement starts at its first decorator.
    decorators = getattr(first, "decorator_list", None) or [first]
    first_line = min(d.lineno for d in decorators)
    indent = lines[first_line - 1][: first.col_offset]
    if indent.strip() or first_line == fn.lineno:  # shares its line with the def
        return None
    end = fn.end_lineno or first.lineno
    return Function(
        path=path,
        module=module,
        qualname=qual,
        def_line=fn.lineno,
        start_line=fn.decorator_list[0].lineno if fn.decorator_list else fn.lineno,
        insert_line=first_line,
        indent=indent,
        body_lines=tuple(range(first_line, end + 1)),
    )


def find_candidates(root: Path, project: Project) -> list[Function]:
    """Every breakable top-level function and method of a top-level class, sorted.

    Package ``__init__.py`` files are left out, and so are nested functions,
    overload stubs, abstract methods and trivial bodies (see ``_is_trivial``).
    """
    source_root = root / project.source_root
    found = []
    for file in sorted((source_root / project.package).rglob("*.py")):
        if file.name == "__init__.py":
            continue
        rel = file.relative_to(root).as_posix()
        module = ".".join(file.relative_to(source_root).with_suffix("").parts)
        text = file.read_text(encoding="utf-8")
        lines = text.split("\n")
        for stmt in ast.parse(text).body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                pairs = [(stmt, stmt.name)]
            elif isinstance(stmt, ast.ClassDef):
                pairs = [
                    (m, f"{stmt.name}.{m.name}")
                    for m in stmt.body
                    if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)
                ]
            else:
                continue
            for fn, qual in pairs:
                cand = _candidate(fn, lines, rel, module, qual)
                if cand is not None:
                    found.append(cand)
    # A name defined twice (property setters) keeps its first definition only.
    unique: dict[str, Function] = {}
    for cand in found:
        unique.setdefault(cand.name, cand)
    return sorted(unique.values(), key=lambda f: (f.path, f.def_line))


T = TypeVar("T")


def spread_sample(
    items: Sequence[T], n: int, seed: int, path: Callable[[T], str], order: Callable[[T], Any]
) -> list[T]:
    """``n`` items spread over files: shuffled with ``random.Random(seed)``, then
    taken round-robin by ``path``, so every file gets one before any gets two;
    returned sorted by ``order``."""
    shuffled = list(items)
    random.Random(seed).shuffle(shuffled)
    by_file: dict[str, list[T]] = defaultdict(list)
    for item in shuffled:
        by_file[path(item)].append(item)
    picked: list[T] = []
    depth = 0
    while len(picked) < min(n, len(shuffled)):
        for group in by_file.values():
            if depth < len(group) and len(picked) < n:
                picked.append(group[depth])
        depth += 1
    return sorted(picked, key=order)


def sample_functions(candidates: Sequence[Function], n: int, seed: int) -> list[Function]:
    """``n`` candidates spread over files (see ``spread_sample``)."""
    return spread_sample(candidates, n, seed, lambda f: f.path, lambda f: (f.path, f.def_line))


def inject(text: str, function: Function) -> str:
    """The file text with the fault as the first statement of the function's body."""
    lines = text.split("\n")
    lines.insert(function.insert_line - 1, function.indent + INJECTED_STATEMENT)
    new_text = "\n".join(lines)
    compile(new_text, function.path, "exec")  # valid Python, symbol tables included
    return new_text


# --------------------------------------------------------------------------
# Running the test suites
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Env:
    """Where a project's files live in the cache folder."""

    project: Project
    sdist: Path  # the unpacked sdist, never modified
    venv: Path
    work: Path  # the folder of the working copies of the tree
    results: Path  # cached test results, one JSON file per function
    plugin_dir: Path

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"


def ensure_venv(project: Project, venv: Path) -> None:
    """Create the project's venv with its pinned test dependencies (once)."""
    pins = sorted({*RUNNER_PINS, *project.pins})
    marker = venv / "bench-pins.txt"
    if marker.exists() and marker.read_text().split() == pins:
        return
    if venv.exists():
        shutil.rmtree(venv)
    print(f"[test-selection] {project.name}: creating {venv}", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-qq", *pins], check=True)
    marker.write_text("\n".join(pins) + "\n")


def prepare(project: Project, cache: Path, slots: int) -> tuple[Env, list[Path]]:
    """Fetch the sdist, make the venv and ``slots`` fresh working copies of the tree."""
    sdist = fetch_sdist(project.name, project.version, cache)
    base = cache / "test-selection"
    key = f"{project.name}-{project.version}"
    env = Env(
        project=project,
        sdist=sdist,
        venv=base / "venvs" / key,
        work=base / "work" / key,
        results=base / "results" / key,
        plugin_dir=base / "plugin",
    )
    ensure_venv(project, env.venv)
    env.plugin_dir.mkdir(parents=True, exist_ok=True)
    (env.plugin_dir / f"{_PLUGIN_NAME}.py").write_text(_PLUGIN_SOURCE)
    env.results.mkdir(parents=True, exist_ok=True)
    if env.work.exists():  # a run stopped mid-injection may have left a broken tree
        shutil.rmtree(env.work)
    trees = []
    for i in range(slots):
        tree = env.work / f"tree{i}"
        shutil.copytree(sdist, tree)
        trees.append(tree)
    return env, trees


def run_suite(
    env: Env,
    tree: Path,
    timeout: float,
    extra: Sequence[str] = (),
    coverage_file: Path | None = None,
) -> SuiteRun:
    """Run the project's tests in ``tree`` (no ``-x``, no cache provider).

    ``extra`` goes to pytest; ``coverage_file`` receives the run's coverage data.
    """
    with tempfile.TemporaryDirectory(prefix="bench-pytest-") as tmp:
        out = Path(tmp) / "failures.jsonl"
        out.touch()
        run_env = {
            key: value
            for key, value in os.environ.items()
            if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTEST_ADDOPTS"}
        }
        run_env.update(
            PATH=f"{env.venv / 'bin'}{os.pathsep}{run_env.get('PATH', '')}",
            PYTHONPATH=os.pathsep.join([str(tree / env.project.source_root), str(env.plugin_dir)]),
            PYTHONDONTWRITEBYTECODE="1",
            BENCH_FAILURES_OUT=str(out),
            COVERAGE_FILE=str(Path(tmp) / ".coverage"),
        )
        cmd = [
            str(env.python),
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-p",
            _PLUGIN_NAME,
            "-q",
            "--no-header",
            *extra,
            env.project.tests,
        ]
        start = time.perf_counter()
        timed_out = False
        try:
            proc = subprocess.run(
                cmd,
                cwd=tree,
                env=run_env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=timeout,
                check=False,
            )
            returncode = proc.returncode
        except subprocess.TimeoutExpired:
            timed_out, returncode = True, -1
        seconds = time.perf_counter() - start
        failed: set[str] = set()
        collected: set[str] = set()
        for line in out.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if "failed" in record:
                failed.add(record["failed"])
            else:
                collected.update(record["collected"])
        suite_error = not timed_out and returncode not in (0, 1) and not failed
        if coverage_file is not None and (Path(tmp) / ".coverage").exists():
            shutil.copy(Path(tmp) / ".coverage", coverage_file)
    return SuiteRun(
        failed_tests=tuple(sorted(failed)),
        collected_files=tuple(sorted(collected)),
        suite_error=suite_error,
        timed_out=timed_out,
        returncode=returncode,
        seconds=round(seconds, 2),
    )


def _suite_run_from_json(data: dict[str, Any]) -> SuiteRun:
    return SuiteRun(
        failed_tests=tuple(data["failed_tests"]),
        collected_files=tuple(data["collected_files"]),
        suite_error=data["suite_error"],
        timed_out=data["timed_out"],
        returncode=data["returncode"],
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


@contextmanager
def injected(tree: Path, function: Function) -> Iterator[None]:
    """The fault in the tree's copy of the function's file, undone afterwards."""
    file = tree / function.path
    original = file.read_text(encoding="utf-8")
    file.write_text(inject(original, function), encoding="utf-8")
    try:
        yield
    finally:
        file.write_text(original, encoding="utf-8")


def run_injections(
    env: Env, trees: list[Path], functions: Sequence[Function], timeout: float
) -> dict[str, SuiteRun]:
    """The test run of every broken function (cached), spread over the working trees."""
    free: queue.Queue[Path] = queue.Queue()
    for tree in trees:
        free.put(tree)
    project = env.project

    def one(function: Function) -> tuple[str, SuiteRun]:
        key = {
            "schema": CACHE_SCHEMA,
            "project": project.name,
            "version": project.version,
            "function": function.name,
            "path": function.path,
            "insert_line": function.insert_line,
            "statement": INJECTED_STATEMENT,
            "pins": sorted({*RUNNER_PINS, *project.pins}),
        }

        def produce() -> SuiteRun:
            tree = free.get()
            try:
                with injected(tree, function):
                    run = run_suite(env, tree, timeout)
            finally:
                free.put(tree)
            print(
                f"[test-selection] {project.name}: {function.module}.{function.qualname}: "
                f"{len(run.failed_tests)} failing tests, {run.seconds:.1f} s",
                file=sys.stderr,
            )
            return run

        return function.name, cached_run(env.results / f"{function.key}.json", key, produce)

    with ThreadPoolExecutor(max_workers=len(trees)) as pool:
        return dict(pool.map(one, functions))


def coverage_by_line(env: Env, tree: Path, timeout: float) -> dict[str, dict[int, frozenset[str]]]:
    """{sdist-relative path: {line: test files that ran it}}, from one coverage run
    with a dynamic context per test (pytest-cov ``--cov-context=test``; a test's
    fixtures' setup and teardown count as the test's)."""
    project = env.project
    out = env.results / "coverage.json"
    key = {
        "schema": CACHE_SCHEMA,
        "project": project.name,
        "version": project.version,
        "pins": sorted({*RUNNER_PINS, *project.pins}),
    }
    if out.exists() and json.loads(out.read_text(encoding="utf-8")).get("key") == key:
        raw = json.loads(out.read_text(encoding="utf-8"))["lines"]
    else:
        print(f"[test-selection] {project.name}: coverage run", file=sys.stderr)
        run = run_suite(
            env,
            tree,
            timeout,
            extra=(f"--cov={project.package}", "--cov-context=test", "--cov-report="),
            coverage_file=env.results / "coverage.sqlite",
        )
        if run.timed_out:
            raise RuntimeError(f"{project.name}: the coverage run timed out; raise --timeout")
        dump = subprocess.run(
            [str(env.python), "-c", _COVERAGE_DUMP, str(env.results / "coverage.sqlite")],
            check=True,
            capture_output=True,
            text=True,
        )
        by_path = json.loads(dump.stdout)
        raw = {}
        for path, lines in by_path.items():
            rel = Path(path).resolve()
            if rel.is_relative_to(tree.resolve()):
                raw[rel.relative_to(tree.resolve()).as_posix()] = lines
        out.write_text(json.dumps({"key": key, "lines": raw}, sort_keys=True) + "\n")
    return {
        path: {int(line): frozenset(files) for line, files in lines.items()}
        for path, lines in raw.items()
    }


# --------------------------------------------------------------------------
# The tool and the import-closure baseline
# --------------------------------------------------------------------------


def run_tool(*args: str) -> str:
    """Run ``python -m blast_radius ARGS`` with this interpreter; its stdout."""
    proc = subprocess.run(
        [sys.executable, "-m", "blast_radius", *args], capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise RuntimeError(f"blast-radius {' '.join(args)} failed:\n{proc.stderr}")
    return proc.stdout


def import_closure(graph: dict[str, Any], test_files: frozenset[str]) -> dict[str, frozenset[str]]:
    """{module path: test files that import it, directly or through the repository's
    modules}, from the graph's ``imports`` edges between module nodes."""
    modules = {n["id"]: n["path"] for n in graph["nodes"] if n["kind"] == "module"}
    importers: dict[str, set[str]] = defaultdict(set)
    for edge in graph["edges"]:
        if edge["kind"] == "imports" and edge["source"] in modules and edge["target"] in modules:
            importers[edge["target"]].add(edge["source"])
    closure = {}
    for module_id, path in modules.items():
        seen = {module_id}
        todo = [module_id]
        while todo:
            for importer in importers[todo.pop()]:
                if importer not in seen:
                    seen.add(importer)
                    todo.append(importer)
        closure[path] = frozenset(modules[m] for m in seen if modules[m] in test_files)
    return closure


def commit_injection(repo: Path, branch: str, function: Function) -> None:
    """Create ``branch`` from main with the fault committed, and check it out."""
    git(repo, "checkout", "--quiet", "-b", branch, BASE_BRANCH)
    file = repo / function.path
    file.write_text(inject(file.read_text(encoding="utf-8"), function), encoding="utf-8")
    commit_all(repo, f"inject a fault into {function.module}.{function.qualname}")


def tool_selection(repo: Path, node_id: str, extra: Sequence[str]) -> Selection:
    """``blast-radius impact`` on the checked-out branch: its ``test_files``.

    ``node_id`` is the broken function's graph id; the report must list it as changed.
    """
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
    changed = {c["id"] for c in report["changed"]}
    if node_id not in changed:
        raise RuntimeError(f"the tool did not see the change to {node_id}: {sorted(changed)}")
    cut = ",".join(report["limits"]["cut_by"])
    return Selection(frozenset(report["test_files"]), f"cut by {cut}" if cut else "")


def within(selection: Selection, universe: frozenset[str]) -> Selection:
    """The selection cut to the files pytest collects tests from; a note counts the rest."""
    outside = selection.files - universe
    if not outside:
        return selection
    note = ", ".join(filter(None, [selection.note, f"{len(outside)} files without tests"]))
    return Selection(selection.files & universe, note)


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
    """A project's outcomes and the facts of its clean run."""

    project: Project
    candidates: int
    test_files: frozenset[str]
    baseline: SuiteRun
    outcomes: tuple[Outcome, ...]
    seconds: float


def measure_project(
    project: Project, args: argparse.Namespace, tool_extra: Sequence[str]
) -> ProjectResult:
    """Sample, break, run the tests, ask the tool and the baselines, for one project."""
    start = time.perf_counter()
    env, trees = prepare(project, args.cache_dir, args.jobs)
    candidates = find_candidates(env.sdist, project)
    functions = sample_functions(candidates, args.sample, args.seed)

    baseline_key = {
        "schema": CACHE_SCHEMA,
        "project": project.name,
        "version": project.version,
        "pins": sorted({*RUNNER_PINS, *project.pins}),
    }
    baseline = cached_run(
        env.results / "baseline.json", baseline_key, lambda: run_suite(env, trees[0], args.timeout)
    )
    if baseline.suite_error or baseline.timed_out or not baseline.collected_files:
        raise RuntimeError(f"{project.name}: the clean test run did not work: {baseline}")
    universe = frozenset(baseline.collected_files)
    clean_failures = frozenset(baseline.failed_tests)

    coverage = coverage_by_line(env, trees[0], args.timeout)
    runs = run_injections(env, trees, functions, args.timeout)

    scratch = Path(tempfile.mkdtemp(prefix=f"{project.name}-", dir=_runs_dir(args.cache_dir)))
    try:
        repo = make_git_repo(env.sdist, scratch / "repo")
        graph = json.loads(run_tool("graph", str(repo), "--format", "json", "--no-cache"))
        closure = import_closure(graph, universe)
        node_ids = {
            (n["path"], n["start_line"]): n["id"]
            for n in graph["nodes"]
            if n["kind"] in {"function", "method"}
        }
        outcomes = []
        for i, function in enumerate(functions):
            run = runs[function.name]
            failing = frozenset(
                nodeid.split("::")[0] for nodeid in run.failed_tests if nodeid not in clean_failures
            )
            if run.suite_error:
                failing = universe
            lines = coverage.get(function.path, {})
            covering = frozenset().union(*(lines.get(n, frozenset()) for n in function.body_lines))
            node_id = node_ids.get((function.path, function.start_line))
            if node_id is None:
                raise RuntimeError(f"no graph node for {function.name} at {function.path}")
            commit_injection(repo, f"inject/{i:02d}", function)
            selections = {
                TOOL_DEFAULT: within(tool_selection(repo, node_id, tool_extra), universe),
                TOOL_CONSERVATIVE: within(
                    tool_selection(
                        repo, node_id, [*tool_extra, "--test-selection", "conservative"]
                    ),
                    universe,
                ),
                IMPORTS: Selection(closure.get(function.path, frozenset())),
                COVERAGE: Selection(covering),
            }
            git(repo, "checkout", "--quiet", BASE_BRANCH)
            outcomes.append(
                Outcome(function, node_id, failing & universe, covering, selections, run)
            )
    finally:
        if args.keep:
            print(f"[test-selection] kept {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return ProjectResult(
        project=project,
        candidates=len(candidates),
        test_files=universe,
        baseline=baseline,
        outcomes=tuple(outcomes),
        seconds=round(time.perf_counter() - start, 1),
    )


def _runs_dir(cache: Path) -> Path:
    path = cache / "test-selection" / "runs"
    path.mkdir(parents=True, exist_ok=True)
    return path


# --------------------------------------------------------------------------
# Scores and output
# --------------------------------------------------------------------------


def score(method: str, outcomes: Iterable[Outcome]) -> Scores:
    """Micro-averaged figures of ``method`` over the outcomes with a failing file."""
    functions = pairs = caught = all_caught = selected = sel_failing = sel_covering = 0
    for outcome in outcomes:
        if not outcome.failing:
            continue
        chosen = outcome.selections[method].files
        functions += 1
        pairs += len(outcome.failing)
        caught += len(outcome.failing & chosen)
        all_caught += outcome.failing <= chosen
        selected += len(chosen)
        sel_failing += len(chosen & outcome.failing)
        sel_covering += len(chosen & outcome.covering)
    return Scores(method, functions, pairs, caught, all_caught, selected, sel_failing, sel_covering)


def _fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def print_table(results: Sequence[ProjectResult]) -> None:
    """The figures per project and overall, then the functions no test caught."""
    header = (
        f"{'project':<10} {'method':<22} {'recall':>6} {'all caught':>10} "
        f"{'prec fail':>9} {'prec cov':>8} {'mean files':>10}"
    )
    print(header)
    print("-" * len(header))
    groups = [(r.project.name, r.outcomes) for r in results]
    if len(results) > 1:
        groups.append(("all", tuple(o for r in results for o in r.outcomes)))
    for name, outcomes in groups:
        for method in METHODS:
            s = score(method, outcomes)
            print(
                f"{name:<10} {method:<22} {_fmt(s.recall):>6} "
                f"{f'{s.all_caught}/{s.functions}':>10} {_fmt(s.precision_failing):>9} "
                f"{_fmt(s.precision_covering):>8} {_fmt(s.mean_selected, 1):>10}"
            )
        print()
    for r in results:
        scored = sum(1 for o in r.outcomes if o.failing)
        print(
            f"{r.project.name} {r.project.version}: {len(r.outcomes)} functions of "
            f"{r.candidates} candidates, {scored} with failing test files; "
            f"{len(r.test_files)} test files; clean run {r.baseline.seconds:.1f} s with "
            f"{len(r.baseline.failed_tests)} failing tests; {r.seconds:.0f} s in all"
        )
        silent = [o for o in r.outcomes if not o.failing]
        for o in silent:
            print(
                f"  no test fails: {o.function.module}.{o.function.qualname} "
                f"({len(o.covering)} test files run it)"
            )
    print()
    print("Missed failing test files (tool at its defaults, then conservative):")
    for r in results:
        for o in r.outcomes:
            for method in (TOOL_DEFAULT, TOOL_CONSERVATIVE):
                sel = o.selections[method]
                missed = sorted(o.failing - sel.files)
                if missed:
                    note = f" [{sel.note}]" if sel.note else ""
                    print(
                        f"  {r.project.name} {o.function.module}.{o.function.qualname} "
                        f"({method}){note}: {len(missed)} of {len(o.failing)}: "
                        f"{', '.join(missed)}"
                    )


def to_json(results: Sequence[ProjectResult], extra: Sequence[str], seconds: float) -> Any:
    """Every figure and outcome as plain JSON values."""

    def scores(outcomes: Sequence[Outcome]) -> dict[str, Any]:
        return scores_json(METHODS, outcomes, score)

    return {
        "extra_args": list(extra),
        "seconds": round(seconds, 1),
        "overall": scores([o for r in results for o in r.outcomes]),
        "projects": [
            {
                "name": r.project.name,
                "version": r.project.version,
                "pins": sorted({*RUNNER_PINS, *r.project.pins}),
                "candidates": r.candidates,
                "test_files": sorted(r.test_files),
                "clean_failures": list(r.baseline.failed_tests),
                "seconds": r.seconds,
                "scores": scores(r.outcomes),
                "functions": [
                    {
                        "name": o.function.name,
                        "node_id": o.node_id,
                        "path": o.function.path,
                        "line": o.function.insert_line,
                        "failing": sorted(o.failing),
                        "covering": sorted(o.covering),
                        "suite_error": o.run.suite_error,
                        "timed_out": o.run.timed_out,
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_cache_dir_argument(parser)
    names = [p.name for p in PROJECTS]
    parser.add_argument(
        "--project", action="append", choices=names, help="only this project (repeatable)"
    )
    parser.add_argument("--sample", type=int, default=20, help="functions per project")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample")
    parser.add_argument("--jobs", type=int, default=1, help="test suites run at once")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per test run")
    parser.add_argument(
        "--extra-args", default="", help='options for every `blast-radius impact`, e.g. "--jobs 1"'
    )
    parser.add_argument("--json", action="store_true", help="print JSON after the table")
    parser.add_argument("--keep", action="store_true", help="keep the scratch git repositories")
    args = parser.parse_args(argv)
    args.cache_dir = Path(args.cache_dir).expanduser()
    tool_extra = shlex.split(args.extra_args)

    start = time.perf_counter()
    chosen = [p for p in PROJECTS if not args.project or p.name in args.project]
    results = [measure_project(p, args, tool_extra) for p in chosen]
    seconds = time.perf_counter() - start
    print(f"extra impact options (both tool rows): {shlex.join(tool_extra) or '(none)'}")
    print_table(results)
    print(f"\ntotal {seconds:.0f} s")
    if args.json:
        print(json.dumps(to_json(results, tool_extra, seconds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
