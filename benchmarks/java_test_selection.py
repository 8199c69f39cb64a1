"""Java test selection benchmark: do the selected test files catch the tests that really fail?

The Java counterpart of ``go_test_selection.py``. For each Java workload of
``java_workloads.py`` (jsoup and commons-lang3, from Debian's source tarballs,
compiled with plain javac against Debian's jars), a fixed-seed sample of
methods and constructors with a node in the tool's graph is broken one at a
time: ``if (true) throw new RuntimeException("blast-radius fault");`` becomes
the first statement of the body (after a constructor's ``this(...)`` or
``super(...)``), on a line of its own. The project's own tests run on each
broken tree with the JUnit Platform console launcher, and the test files that
fail (minus the tests that fail on the clean tree) are the truth. Against it
the script scores:

* the tool at its defaults: ``blast-radius impact REPO --base main --format json``
  on a branch that holds the one-line change, field ``test_files``;
* the same with ``--test-selection conservative``;
* a baseline: every test file whose classes reach a class of the broken
  method's file through the class-level references of the bytecode
  (``jdeps -verbose:class -filter:none`` over the test and main classes,
  followed to any depth): the Java analogue of the Go script's linking
  packages.

It also checks, as a string, the Maven command the tool prints (``mvn test
-Dsurefire.failIfNoSpecifiedTests=false -Dtest=...``, in the markdown report;
Maven cannot run offline here): does ``-Dtest`` name every failing test class
the way Surefire matches class names? A nested class ``Outer$Inner`` is run by
``Outer$Inner`` or ``Outer*``, not by ``Outer`` (SUREFIRE-1633) nor by
``Inner``.

What is sampled: the methods and constructors with a body in the main source
files (not private, not in an anonymous or local class, not trivial: an empty
body, a lone ``throw`` or a lone ``return`` of a name, a field or a literal)
whose file holds a class some test class reaches (the jdeps closure), and
whose id ``java:<package>.<Type>.<name>`` is a node of the graph (overloads
are one node; the methods of an enum constant's body are the enum's), spread
over files as ``test_selection.spread_sample`` does.

How the tests run: the main and test sources are compiled once into
``<cache>/java-test-selection/`` (``--release 17``; a test file javac cannot
build for want of a jar Debian lacks is left out, as
``java_workloads.compile_tree`` does). A fault compiles its file alone, into a
folder ahead of the main classes on the class path, so faults run side by side
(``--jobs``). The launcher (``org.junit.platform.console.ConsoleLauncher``
from Debian's ``junit5``) runs the test classes the project's Surefire
configuration includes, with its pom's JVM options, the client compiler and
the serial collector, the tree as working folder and a default timeout per
test; a small ``TestExecutionListener`` of this script writes each test's
result and each failed container, so a failure in ``@BeforeAll``, a static
initialiser or an argument source fails its class. Every fault runs the same
classes as the clean run, in the same order, so no test fails for a different
order; the few classes listed as slow in ``PROJECTS`` are left out of every
run (``--with-slow`` keeps them). A launcher that does not finish (a crash,
the time limit) fails the classes that had started and runs the rest again.
Test results are cached as JSON per (project, method), so a second run only
runs the tool. The tool gets a facts cache folder shared by a project's runs
(``--cache-dir``); for the first method both rows are also asked with
``--no-cache``, and the report says whether the answers are the same.

    python benchmarks/java_test_selection.py [--project jsoup] [--sample 15] [--seed 0]
        [--jobs 2] [--with-slow] [--extra-args "--max-depth 3"] [--json] [--keep]
"""

from __future__ import annotations

import argparse
import fnmatch
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
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import tree_sitter
import tree_sitter_java

sys.path.insert(0, str(Path(__file__).resolve().parent))

from impact import git
from java_workloads import (
    JAVA,
    JAVAC,
    JUNIT,
    WORKLOADS,
    JavaWorkload,
    jars,
    java_version,
    javac,
    source_tree,
    sources,
)
from js_imports import tool_version
from js_test_selection import (
    SuiteRun,
    ToolAnswer,
    _fmt,
    cached_run,
    score,
    tool_selection,
    upward_files,
)
from test_selection import Selection, run_tool, scores_json, spread_sample, within
from workloads import add_cache_dir_argument, commit_all, make_git_repo

INJECTED_STATEMENT = 'if (true) throw new RuntimeException("blast-radius fault");'
BASE_BRANCH = "main"
CACHE_SCHEMA = 1  # bump when the cached test results change meaning
LISTED = 6  # missed files named per method in the table; --json has them all
CLASS_FAILED = "(class)"  # the test name of a failed class container
LAUNCHER = "org.junit.platform.console.ConsoleLauncher"
# Every run, clean or broken: the client compiler and the serial collector take
# a third of the CPU time of the defaults over runs of a few seconds.
RUN_JVM_ARGS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")

_WORKLOADS = {w.key: w for w in WORKLOADS}

# Surefire's default includes (**/Test*.java, **/*Test.java, **/*Tests.java,
# **/*TestCase.java), as a regex on top-level class names; nested classes run
# through their enclosing class.
SUREFIRE_DEFAULT = r"^(?:.*\.)?(?:Test[^.$]*|[^.$]*Test|[^.$]*Tests|[^.$]*TestCase)$"


@dataclass(frozen=True)
class JavaProject:
    """A Java workload whose own tests run offline with JUnit 5."""

    workload: JavaWorkload
    why: str
    jvm_args: tuple[str, ...]  # the argLine of the project's Surefire configuration
    includes: str  # regex of the top-level test class names Surefire runs
    slow: tuple[str, ...] = ()  # test classes left out of every run (unless --with-slow)

    @property
    def key(self) -> str:
        return self.workload.key


PROJECTS = (
    JavaProject(
        _WORKLOADS["jsoup"],
        "an HTML parser: a Node/Element hierarchy with many overrides, a tokeniser state"
        " machine of enum constants with bodies; 62 test files, about 5 s a run",
        jvm_args=("-Xss256k",),  # pom: "smaller stack to find stack overflows"
        includes=SUREFIRE_DEFAULT,
    ),
    JavaProject(
        _WORKLOADS["commons-lang3"],
        "a utility library: overloaded static methods (StringUtils, ArrayUtils), builders"
        " with reflection, functional interfaces; 7,500 tests, some of them slow",
        # pom, profile java9+ (LANG-1265): reflection into java.base
        jvm_args=(
            "-Xmx512m",
            "--add-opens",
            "java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens",
            "java.base/java.lang=ALL-UNNAMED",
        ),
        includes=r"^(?:.*\.)?[^.$]*Test$",  # pom: <include>**/*Test.java</include>
        # 7 to 35 s each, alone on a quiet machine: sleeps, and loops over every
        # locale or time zone (the rest of the suite takes about 6 s)
        slow=(
            "org.apache.commons.lang3.concurrent.locks.LockingVisitorsTest",
            "org.apache.commons.lang3.text.ExtendedMessageFormatTest",
            "org.apache.commons.lang3.time.FastDateParserTest",
            "org.apache.commons.lang3.time.FastDateParser_TimeZoneStrategyTest",
            "org.apache.commons.lang3.time.StopWatchTest",
        ),
    ),
)


# --------------------------------------------------------------------------
# Values
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Method:
    """A method or constructor of the main code, and where the fault goes."""

    path: str  # relative to the repository root, "/"-separated
    qualname: str  # "Type.method", "Outer.Inner.method", "Type.Type" for a constructor
    node_id: str  # "java:<package>.<qualname>"
    start_line: int  # 1-based first line of the declaration (annotations included)
    insert_line: int  # 1-based line the injected statement goes before
    indent: str

    @property
    def name(self) -> str:
        return f"{self.path}:{self.qualname}"

    @property
    def key(self) -> str:
        """A file name for the cached test result."""
        return re.sub(r"[^A-Za-z0-9_.-]", "_", f"{self.name}-{self.start_line}")


@dataclass(frozen=True)
class MavenCheck:
    """What the printed ``mvn test ... -Dtest=...`` names of the failing classes."""

    command: str  # the line, "" when the report printed none
    failing_classes: tuple[str, ...]  # binary names of the failing test classes
    not_named: tuple[str, ...]  # of those, the ones -Dtest does not match
    outer_not_named: tuple[str, ...]  # failing top-level classes absent from -Dtest


@dataclass(frozen=True)
class Outcome:
    """Everything measured for one broken method."""

    function: Method
    node_id: str
    changed: tuple[str, ...]  # what the tool's report lists as changed
    failing: frozenset[str]
    selections: dict[str, Selection]
    unlimited: frozenset[str]  # test files the graph reaches upward with no limit
    run: SuiteRun
    messages: dict[str, str]  # {failed test: the first line of its failure}
    maven: dict[str, MavenCheck]  # per tool mode
    covering: frozenset[str] | None = None  # no coverage reference for Java


# --------------------------------------------------------------------------
# Picking the methods
# --------------------------------------------------------------------------

_PARSER = tree_sitter.Parser(tree_sitter.Language(tree_sitter_java.language()))
_TYPES = {
    "class_declaration",
    "interface_declaration",
    "enum_declaration",
    "record_declaration",
    "annotation_type_declaration",
}
_METHODS = {"method_declaration", "constructor_declaration", "compact_constructor_declaration"}
_COMMENTS = {"line_comment", "block_comment"}
_TRIVIAL_RETURNS = {
    "identifier",
    "field_access",
    "this",
    "string_literal",
    "character_literal",
    "decimal_integer_literal",
    "hex_integer_literal",
    "octal_integer_literal",
    "binary_integer_literal",
    "decimal_floating_point_literal",
    "hex_floating_point_literal",
    "true",
    "false",
    "null_literal",
}


def _text(node: tree_sitter.Node | None) -> str:
    return node.text.decode("utf-8") if node is not None and node.text is not None else ""


def _named(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    return [c for c in node.named_children if c.type not in _COMMENTS]


def _is_trivial(statements: list[tree_sitter.Node]) -> bool:
    """Nothing worth breaking: an empty body, a lone ``throw``, or a lone ``return``
    of nothing, a name, a field or a literal."""
    if not statements:
        return True
    if len(statements) != 1:
        return False
    stmt = statements[0]
    if stmt.type == "throw_statement":
        return True
    if stmt.type == "return_statement":
        values = _named(stmt)
        return not values or values[0].type in _TRIVIAL_RETURNS
    return False


def _own_line(source: bytes, node: tree_sitter.Node) -> str | None:
    """The indent of ``node`` when nothing but blanks precede it on its line."""
    line_start = source.rfind(b"\n", 0, node.start_byte) + 1
    indent = source[line_start : node.start_byte].decode("utf-8")
    return None if indent.strip() else indent


def _insertion(source: bytes, body: tree_sitter.Node) -> tuple[int, str] | None:
    """(1-based line, indent) where the fault goes in ``body``, or None when its
    first statement is not on a line of its own."""
    statements = _named(body)
    if statements and statements[0].type == "explicit_constructor_invocation":
        call = statements[0]
        if len(statements) > 1:
            anchor = statements[1]
        else:  # after `super(...);`, on a new line: the rest of its line must be blank
            indent = _own_line(source, call)
            end = source.find(b"\n", call.end_byte)
            if indent is None or end < 0 or source[call.end_byte : end].strip():
                return None
            return call.end_point.row + 2, indent
    else:
        anchor = statements[0]
    if anchor.start_point.row == body.start_point.row:
        return None
    indent = _own_line(source, anchor)
    return None if indent is None else (anchor.start_point.row + 1, indent)


def methods_in_file(path: str, source: bytes) -> list[Method]:
    """The breakable methods and constructors of one file, in file order."""
    root = _PARSER.parse(source).root_node
    package = next(
        (
            _text(c.named_children[-1])
            for c in root.named_children
            if c.type == "package_declaration"
        ),
        "",
    )
    found: list[Method] = []

    def members(body: tree_sitter.Node, owner: list[str]) -> None:
        for member in _named(body):
            if member.type in _TYPES:
                visit(member, owner)
            elif member.type == "enum_body_declarations":
                members(member, owner)
            elif member.type == "enum_constant":  # its body's methods are the enum's
                constant_body = member.child_by_field_name("body")
                if constant_body is not None:
                    members(constant_body, owner)
            elif member.type in _METHODS:
                method(member, owner)

    def visit(decl: tree_sitter.Node, owner: list[str]) -> None:
        body = decl.child_by_field_name("body")
        if body is not None:
            members(body, [*owner, _text(decl.child_by_field_name("name"))])

    def method(decl: tree_sitter.Node, owner: list[str]) -> None:
        body = decl.child_by_field_name("body")
        if body is None:  # abstract, or an interface's method without a default
            return
        modifiers = next((c for c in decl.children if c.type == "modifiers"), None)
        if modifiers is not None and "private" in _text(modifiers).split():
            return
        # (a constructor that only calls this(...) or super(...) is kept)
        if _is_trivial(_named(body)):
            return
        where = _insertion(source, body)
        if where is None:
            return
        name = (
            owner[-1]
            if decl.type != "method_declaration"
            else _text(decl.child_by_field_name("name"))
        )
        qualname = ".".join([*owner, name])
        found.append(
            Method(
                path=path,
                qualname=qualname,
                node_id=f"java:{package}.{qualname}" if package else f"java:{qualname}",
                start_line=decl.start_point.row + 1,
                insert_line=where[0],
                indent=where[1],
            )
        )

    for decl in _named(root):
        if decl.type in _TYPES:
            visit(decl, [])
    return found


def top_level_types(source: bytes) -> list[str]:
    """The qualified names of a file's top-level types."""
    root = _PARSER.parse(source).root_node
    package = ""
    names = []
    for c in _named(root):
        if c.type == "package_declaration":
            package = _text(c.named_children[-1])
        elif c.type in _TYPES:
            name = _text(c.child_by_field_name("name"))
            names.append(f"{package}.{name}" if package else name)
    return names


def sample_functions(candidates: Sequence[Method], n: int, seed: int) -> list[Method]:
    """``n`` candidates spread over files, as test_selection.py samples them."""
    return spread_sample(candidates, n, seed, lambda f: f.path, lambda f: (f.path, f.start_line))


def inject(text: str, method: Method) -> str:
    """The file text with the fault as the first statement of the method's body."""
    lines = text.split("\n")
    lines.insert(method.insert_line - 1, method.indent + INJECTED_STATEMENT)
    new_text = "\n".join(lines)
    if _PARSER.parse(new_text.encode("utf-8")).root_node.has_error:
        raise RuntimeError(f"the fault in {method.name} does not parse")
    return new_text


# --------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------

# Written to a file of its own by each run: one line per finished test, per class
# container, per failed container; "end" when the launcher finished.
LISTENER_SOURCE = r"""
package blastradius;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

public class ResultListener implements TestExecutionListener {
    private PrintWriter out;
    private final Map<String, Long> started = new HashMap<>();

    private static String clean(String s) {
        return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    private static String owner(TestIdentifier id) {
        Optional<TestSource> source = id.getSource();
        if (source.isPresent() && source.get() instanceof MethodSource) {
            return ((MethodSource) source.get()).getClassName();
        }
        if (source.isPresent() && source.get() instanceof ClassSource) {
            return ((ClassSource) source.get()).getClassName();
        }
        return "";
    }

    private synchronized void write(
            String kind, String status, TestIdentifier id, double s, String message) {
        if (out != null) {
            out.println(kind + "\t" + status + "\t" + owner(id) + "\t"
                + clean(id.getLegacyReportingName()) + "\t" + s + "\t" + clean(message));
        }
    }

    private static String message(TestExecutionResult result) {
        Throwable t = result.getThrowable().orElse(null);
        if (t == null) {
            return "";
        }
        String text = t.toString();
        return text.length() > 300 ? text.substring(0, 300) : text;
    }

    @Override
    public synchronized void testPlanExecutionStarted(TestPlan plan) {
        try {
            out = new PrintWriter(new OutputStreamWriter(new FileOutputStream(
                System.getProperty("blastradius.results")), StandardCharsets.UTF_8), true);
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    @Override
    public synchronized void testPlanExecutionFinished(TestPlan plan) {
        out.println("end");
        out.close();
        out = null;
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        synchronized (this) {
            started.put(id.getUniqueId(), System.nanoTime());
        }
        if (id.getSource().orElse(null) instanceof ClassSource) {
            write("start", "", id, 0, "");
        }
    }

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        if (id.isTest()) {
            write("test", "SKIPPED", id, 0, "");
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        long t0;
        synchronized (this) {
            t0 = started.getOrDefault(id.getUniqueId(), System.nanoTime());
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        String status = result.getStatus().name();
        String text = status.equals("FAILED") ? message(result) : "";
        if (id.isTest()) {
            write("test", status, id, seconds, text);
        } else if (id.getSource().orElse(null) instanceof ClassSource) {
            write("class", status, id, seconds, text);
        } else if (status.equals("FAILED") && !owner(id).isEmpty()) {
            write("container", status, id, seconds, text);
        }
    }
}
"""


@dataclass
class Build:
    """A project's tree, bytecode and what runs its tests."""

    project: JavaProject
    tree: Path  # the upstream tree, copied once; read-only, the tests' working folder
    main_classes: Path
    test_classes: Path
    compile_classpath: list[Path]  # what one main file compiles against, main_classes first
    run_classpath: list[Path]  # listener, test and main classes, resources, jars
    jars: list[Path]  # every jar of the run
    left_out: list[str]  # test files javac could not build
    test_files: dict[str, str]  # {top-level test type: its file}


def _stamp(payload: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:16]


def _compile_listener(home: Path, classpath: list[Path]) -> Path:
    out = home / "listener"
    stamp = out / "stamp"
    key = _stamp({"source": LISTENER_SOURCE, "javac": java_version()})
    if stamp.exists() and stamp.read_text() == key:
        return out
    if out.exists():
        shutil.rmtree(out)
    src = out / "src" / "blastradius" / "ResultListener.java"
    src.parent.mkdir(parents=True)
    src.write_text(LISTENER_SOURCE, encoding="utf-8")
    proc = javac([src], classpath, out / "classes")
    if proc.returncode != 0:
        raise RuntimeError(f"javac (listener) failed:\n{proc.stderr[-4000:]}")
    services = out / "classes" / "META-INF" / "services"
    services.mkdir(parents=True)
    (services / "org.junit.platform.launcher.TestExecutionListener").write_text(
        "blastradius.ResultListener\n"
    )
    stamp.write_text(key)
    return out


_ERROR_FILE = re.compile(r"^(/[^:\n]+\.java):\d+: error:", re.MULTILINE)


def build_project(project: JavaProject, cache: Path) -> Build:
    """Copy and compile the project once into ``<cache>/java-test-selection/<key>-<version>``
    (its own folder: java_workloads.py remakes ``<cache>/java-bench`` when it runs)."""
    w = project.workload
    home = cache / "java-test-selection" / f"{w.key}-{w.orig.version}"
    tree = home / "tree"
    main_out = home / "classes" / "main"
    test_out = home / "classes" / "test"
    main_jars = jars(w.main_jars, cache)
    test_jars = [p for p in jars(JUNIT + w.test_jars, cache) if p not in main_jars]
    stamp = home / "classes.json"
    key = {"schema": CACHE_SCHEMA, "javac": java_version(), "version": w.orig.version}
    if not (stamp.exists() and json.loads(stamp.read_text()).get("key") == key):
        if home.exists():
            shutil.rmtree(home)
        shutil.copytree(source_tree(w, cache), tree)
        print(f"[java-test-selection] {w.key}: compiling", file=sys.stderr)
        proc = javac(sources(tree, w.main_roots), main_jars, main_out)
        if proc.returncode != 0:
            raise RuntimeError(f"javac (main) failed for {w.key}:\n{proc.stderr[-4000:]}")
        files = sources(tree, w.test_roots, w.test_excludes)
        left_out: list[str] = []
        for _ in range(20):
            if test_out.exists():
                shutil.rmtree(test_out)
            proc = javac(files, [main_out, *main_jars, *test_jars], test_out)
            if proc.returncode == 0:
                break
            bad = {Path(m) for m in _ERROR_FILE.findall(proc.stderr)}
            if not bad:
                raise RuntimeError(f"javac (tests) failed for {w.key}:\n{proc.stderr[-4000:]}")
            left_out.extend(p.relative_to(tree).as_posix() for p in sorted(bad))
            files = [p for p in files if p not in bad]
        else:
            raise RuntimeError(f"javac (tests) did not settle for {w.key}")
        stamp.write_text(json.dumps({"key": key, "left_out": sorted(left_out)}, indent=1))
    left_out = json.loads(stamp.read_text())["left_out"]
    # The launcher and its engines from the separate jars: the standalone jar
    # bundles the same classes, and its manifest names system paths.
    runtime_jars = [p for p in test_jars if "console-standalone" not in p.name]
    listener = _compile_listener(cache / "java-test-selection", runtime_jars)
    resources = [
        tree / root.replace("/java", "/resources")
        for root in (*w.test_roots, *w.main_roots)
        if (tree / root.replace("/java", "/resources")).is_dir()
    ]
    test_files = {}
    for path in sources(tree, w.test_roots, w.test_excludes):
        rel = path.relative_to(tree).as_posix()
        if rel in left_out:
            continue
        for name in top_level_types(path.read_bytes()):
            test_files.setdefault(name, rel)
    return Build(
        project=project,
        tree=tree,
        main_classes=main_out,
        test_classes=test_out,
        compile_classpath=[main_out, *main_jars],
        run_classpath=[
            listener / "classes",
            test_out,
            main_out,
            *resources,
            *main_jars,
            *runtime_jars,
        ],
        jars=[*main_jars, *runtime_jars],
        left_out=left_out,
        test_files=test_files,
    )


def _binary_names(folder: Path) -> set[str]:
    return {
        p.relative_to(folder).with_suffix("").as_posix().replace("/", ".")
        for p in folder.rglob("*.class")
        if p.name != "module-info.class"
    }


def class_reach(build: Build) -> dict[str, frozenset[str]]:
    """{top-level test class: the main classes its classes reach}, by jdeps's class
    dependencies between the test and main classes, followed to any depth."""
    proc = subprocess.run(
        [
            "jdeps",
            "--multi-release",
            "17",
            "-verbose:class",
            "-filter:none",
            "-cp",
            os.pathsep.join(str(p) for p in build.jars),
            str(build.test_classes),
            str(build.main_classes),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"jdeps failed:\n{proc.stderr[-4000:]}")
    tests = _binary_names(build.test_classes)
    mains = _binary_names(build.main_classes)
    ours = tests | mains
    deps: dict[str, set[str]] = defaultdict(set)
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] == "->" and parts[0] in ours and parts[2] in ours:
            deps[parts[0]].add(parts[2])
    by_top: dict[str, set[str]] = defaultdict(set)
    for name in tests:
        by_top[name.split("$")[0]].add(name)
    reach = {}
    for top, start in by_top.items():
        seen = set(start)
        todo = list(start)
        while todo:
            for d in deps[todo.pop()]:
                if d not in seen:
                    seen.add(d)
                    todo.append(d)
        reach[top] = frozenset(seen & mains)
    return reach


# --------------------------------------------------------------------------
# Running the tests
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class LaunchResult:
    tests: dict[str, str]  # {"Class::name": status}
    failed_classes: frozenset[str]  # classes (binary names) with a failed container
    messages: dict[str, str]  # {"Class::name" or "Class::(class)": the failure's first line}
    class_seconds: dict[str, float]  # top-level classes
    started: frozenset[str]  # top-level classes that started
    finished: bool  # the launcher reached the end of its plan
    timed_out: bool
    output: str


def _launch(
    build: Build, classes: Sequence[str], extra_cp: Sequence[Path], args: Any
) -> LaunchResult:
    """One launcher run over the given top-level test classes."""
    project = build.project
    with tempfile.TemporaryDirectory(prefix="bench-junit-") as tmp:
        results = Path(tmp) / "results.tsv"
        (Path(tmp) / "tmp").mkdir()
        pattern = "^(?:" + "|".join(re.escape(c) for c in sorted(classes)) + ")$"
        cp = os.pathsep.join(str(p) for p in [*extra_cp, *build.run_classpath])
        cmd = [
            JAVA,
            *project.jvm_args,
            *RUN_JVM_ARGS,
            f"-Djava.io.tmpdir={Path(tmp) / 'tmp'}",
            f"-Dblastradius.results={results}",
            "-cp",
            cp,
            LAUNCHER,
            "--disable-banner",
            "--disable-ansi-colors",
            "--details=none",
            "--config",
            f"junit.jupiter.execution.timeout.default={int(args.test_timeout)} s",
            "--scan-class-path",
            str(build.test_classes),
            "--include-classname",
            pattern,
        ]
        timed_out = False
        try:
            proc = subprocess.run(
                cmd,
                cwd=build.tree,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=args.timeout,
                check=False,
            )
            output = proc.stdout[-3000:] + proc.stderr[-3000:]
        except subprocess.TimeoutExpired:
            timed_out = True
            output = "(timed out)"
        tests: dict[str, str] = {}
        failed_classes: set[str] = set()
        messages: dict[str, str] = {}
        seconds: dict[str, float] = {}
        started: set[str] = set()
        finished = False
        lines = results.read_text(encoding="utf-8").splitlines() if results.exists() else []
    for line in lines:
        if line == "end":
            finished = True
            continue
        kind, status, owner, name, secs, message = line.split("\t")
        if not owner:
            continue
        top = owner.split("$")[0]
        if kind == "start":
            started.add(top)
        elif kind == "test":
            tests[f"{owner}::{name}"] = status
            if status == "FAILED":
                messages[f"{owner}::{name}"] = message
        elif kind in {"class", "container"}:
            if status == "FAILED":
                failed_classes.add(owner)
                messages.setdefault(f"{owner}::{CLASS_FAILED}", message)
            if kind == "class" and owner == top:
                seconds[top] = float(secs)
    return LaunchResult(
        tests,
        frozenset(failed_classes),
        messages,
        seconds,
        frozenset(started),
        finished,
        timed_out,
        output,
    )


def _file_of(build: Build, owner: str) -> str:
    return build.test_files.get(owner.split("$", 1)[0], f"(no file: {owner})")


@dataclass(frozen=True)
class TestRun:
    run: SuiteRun
    seconds: dict[str, float]  # {top-level test class: seconds}
    messages: dict[str, str]  # {failed test id (as in run.failed_tests): first line}


def run_tests(build: Build, classes: Sequence[str], extra_cp: Sequence[Path], args: Any) -> TestRun:
    """The given top-level test classes until each has run. A launcher that does not
    finish fails the classes that had started and not finished; the others run again."""
    start = time.perf_counter()
    tests: dict[str, str] = {}
    failed_classes: set[str] = set()
    messages: dict[str, str] = {}
    seconds: dict[str, float] = {}
    timed_out: set[str] = set()
    crashed = False
    todo = sorted(classes)
    while todo:
        r = _launch(build, todo, extra_cp, args)
        tests.update(r.tests)
        failed_classes |= r.failed_classes
        messages.update(r.messages)
        seconds.update(r.class_seconds)
        if r.finished:
            break
        crashed = True
        lost = sorted(r.started - set(r.class_seconds)) or todo
        failed_classes.update(lost)
        if r.timed_out:
            timed_out.update(lost)
        done = set(r.class_seconds) | set(lost)
        todo = [c for c in todo if c not in done]
    failed = {
        f"{_file_of(build, t.split('::')[0])}::{t}"
        for t, status in tests.items()
        if status == "FAILED"
    }
    failed |= {f"{_file_of(build, c)}::{c}::{CLASS_FAILED}" for c in failed_classes}
    ran = {_file_of(build, t.split("::")[0]) for t, status in tests.items() if status != "SKIPPED"}
    run = SuiteRun(
        failed_tests=tuple(sorted(failed)),
        files=tuple(sorted(ran)),
        suite_error=crashed,
        timed_out=tuple(sorted(_file_of(build, c) for c in timed_out)),
        seconds=round(time.perf_counter() - start, 2),
    )
    by_id = {f"{_file_of(build, t.split('::')[0])}::{t}": m for t, m in messages.items()}
    return TestRun(run, seconds, {t: m for t, m in by_id.items() if t in failed})


def compile_fault(build: Build, method: Method, out: Path) -> None:
    """Compile the broken file alone into ``out`` (ahead of the main classes when run)."""
    src = out / "src" / method.path
    src.parent.mkdir(parents=True, exist_ok=True)
    src.write_text(inject((build.tree / method.path).read_text(encoding="utf-8"), method))
    classes = out / "classes"
    classes.mkdir(parents=True, exist_ok=True)
    cmd = [JAVAC, "--release", "17", "-encoding", "UTF-8", "-g", "-nowarn", "-proc:none"]
    cmd += ["-implicit:none", "-d", str(classes)]
    cmd += ["-cp", os.pathsep.join(str(p) for p in build.compile_classpath), str(src)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"javac failed on the fault in {method.name}:\n{proc.stderr[-4000:]}")


# --------------------------------------------------------------------------
# The tool
# --------------------------------------------------------------------------


def commit_injection(repo: Path, branch: str, method: Method) -> None:
    """Create ``branch`` from main with the fault committed, and check it out."""
    git(repo, "checkout", "--quiet", "-b", branch, BASE_BRANCH)
    file = repo / method.path
    file.write_text(inject(file.read_text(encoding="utf-8"), method), encoding="utf-8")
    commit_all(repo, f"inject a fault into {method.name}")


def tool_answer(repo: Path, extra: Sequence[str], cache: Path | None) -> ToolAnswer:
    """``blast-radius impact`` on the checked-out branch, as js_test_selection.py asks
    it, but with a facts cache folder (``--cache-dir``) unless ``cache`` is None."""
    if cache is None:
        return tool_selection(repo, extra)
    options = ["--format", "json", "--cache-dir", str(cache), "--quiet", *extra]
    report = json.loads(run_tool("impact", str(repo), "--base", BASE_BRANCH, *options))
    changed = tuple(f"{c['id']} ({c['change']})" for c in report["changed"])
    limits = report["limits"]
    cuts = [*limits.get("cut_by", []), *(f"tests:{c}" for c in limits.get("tests_cut_by", []))]
    note = f"cut by {','.join(cuts)}" if cuts else ""
    return ToolAnswer(Selection(frozenset(report["test_files"]), note), changed)


_MVN = re.compile(r"^mvn test .*$", re.MULTILINE)


def maven_line(repo: Path, extra: Sequence[str], cache: Path) -> str:
    """The ``mvn test ...`` line of the markdown report on the checked-out branch."""
    options = ["--cache-dir", str(cache), "--quiet", *extra]
    report = run_tool("impact", str(repo), "--base", BASE_BRANCH, *options)
    m = _MVN.search(report)
    return m.group(0) if m else ""


def surefire_names(line: str, binary: str, method: str | None = None) -> bool:
    """Whether ``-Dtest`` of ``line`` runs the test class ``binary`` (``pkg.Outer$Inner``),
    or its test ``method`` when given, by Surefire's patterns: an entry matches
    the class's simple binary name (``Outer$Inner``) or its qualified one, ``*``
    as a wildcard, and ``Class#m1+m2`` runs only those methods of it."""
    words = shlex.split(line)
    value = next((w.split("=", 1)[1] for w in words if w.startswith("-Dtest=")), "")
    simple = binary.rpartition(".")[2]
    for entry in filter(None, value.split(",")):
        pattern, _, methods = entry.partition("#")
        matches = fnmatch.fnmatchcase(simple, pattern) or fnmatch.fnmatchcase(binary, pattern)
        if matches and (not methods or method is None or method in methods.split("+")):
            return True
    return False


def maven_check(line: str, failed_tests: Sequence[str]) -> MavenCheck:
    """The failing classes, those of which a failing test would not run, and the
    failing top-level classes ``-Dtest`` does not name at all."""
    classes = sorted({t.split("::")[1] for t in failed_tests})
    missed = {
        t.split("::")[1]
        for t in failed_tests
        if not surefire_names(line, t.split("::")[1], t.split("::")[2].split("(")[0] or None)
    }
    not_named = tuple(c for c in classes if c in missed)
    tops = sorted({c.split("$")[0] for c in classes})
    outer_missing = tuple(c for c in tops if not surefire_names(line, c))
    return MavenCheck(line, tuple(classes), not_named, outer_missing)


# --------------------------------------------------------------------------
# One project, end to end
# --------------------------------------------------------------------------

TOOL_DEFAULT = "tool (defaults)"
TOOL_CONSERVATIVE = "tool, conservative"
LINKING = "linking classes"
METHODS = (TOOL_DEFAULT, TOOL_CONSERVATIVE, LINKING)
MODES: dict[str, list[str]] = {
    TOOL_DEFAULT: [],
    TOOL_CONSERVATIVE: ["--test-selection", "conservative"],
}


@dataclass(frozen=True)
class ProjectResult:
    project: JavaProject
    candidates: int
    with_node: int  # candidates the graph has a method node for
    reached: int  # of those, in a file some test class reaches
    test_files: frozenset[str]
    left_out: tuple[str, ...]  # test files javac could not build
    slow: tuple[str, ...]  # test classes left out of every run as slow
    cache_check: str  # the first method's selections with and without the tool's cache
    baseline: SuiteRun
    outcomes: tuple[Outcome, ...]
    seconds: float


def measure_project(project: JavaProject, args: Any, tool_extra: Sequence[str]) -> ProjectResult:
    """Sample, break, run the tests, ask the tool and the baseline, for one project."""
    start = time.perf_counter()
    cache: Path = args.cache_dir
    w = project.workload
    build = build_project(project, cache)
    base = cache / "java-test-selection"
    results = base / "results" / f"{w.key}-{w.orig.version}"
    results.mkdir(parents=True, exist_ok=True)
    runs_dir = base / "runs"
    runs_dir.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f"{w.key}-", dir=runs_dir))
    try:
        repo = make_git_repo(build.tree, scratch / "repo")
        graph = json.loads(run_tool("graph", str(repo), "--format", "json", "--no-cache"))
        ids = {n["id"] for n in graph["nodes"] if n["kind"] == "method"}
        candidates = []
        file_types: dict[str, list[str]] = {}
        for path in sources(build.tree, w.main_roots):
            rel = path.relative_to(build.tree).as_posix()
            data = path.read_bytes()
            candidates.extend(methods_in_file(rel, data))
            file_types[rel] = top_level_types(data)
        with_node = [c for c in candidates if c.node_id in ids]

        common_key = {
            "schema": CACHE_SCHEMA,
            "project": w.key,
            "version": w.orig.version,
            "java": java_version(),
            "jvm_args": [*project.jvm_args, *RUN_JVM_ARGS],
            "test_timeout": args.test_timeout,
            "statement": INJECTED_STATEMENT,
        }
        skipped = () if args.with_slow else project.slow
        declared = sorted(
            c for c in build.test_files if re.match(project.includes, c) and c not in skipped
        )
        seconds_file = results / "baseline-seconds.json"

        def clean_run() -> SuiteRun:
            t = run_tests(build, declared, [], args)
            seconds_file.write_text(json.dumps(t.seconds, indent=1, sort_keys=True) + "\n")
            return t.run

        baseline = cached_run(
            results / "baseline.json", {**common_key, "classes": declared}, clean_run
        )
        if baseline.suite_error or not baseline.files:
            raise RuntimeError(f"{w.key}: the clean test run did not work: {baseline}")
        class_seconds = json.loads(seconds_file.read_text())
        clean_failures = frozenset(baseline.failed_tests)
        # what every fault runs: the classes with tests in the clean run
        ran_classes = [c for c in declared if c in class_seconds]
        universe = frozenset(baseline.files)

        reach = class_reach(build)

        def linked(method: Method) -> list[str]:
            """The test classes that reach a class of the method's file."""
            tops = set(file_types[method.path])
            return [
                c for c in ran_classes if any(m.split("$")[0] in tops for m in reach.get(c, ()))
            ]

        reached = [c for c in with_node if linked(c)]
        functions = sample_functions(reached, args.sample, args.seed)

        def produce_for(method: Method) -> Callable[[], SuiteRun]:
            def produce() -> SuiteRun:
                with tempfile.TemporaryDirectory(prefix="bench-fault-") as tmp:
                    compile_fault(build, method, Path(tmp))
                    t = run_tests(build, ran_classes, [Path(tmp) / "classes"], args)
                messages_file(method).write_text(json.dumps(t.messages, indent=1) + "\n")
                print(
                    f"[java-test-selection] {w.key}: {method.name}: "
                    f"{len(t.run.failed_tests)} failing, {t.run.seconds:.1f} s",
                    file=sys.stderr,
                )
                return t.run

            return produce

        def messages_file(method: Method) -> Path:
            return results / f"{method.key}.messages.json"

        def one(method: Method) -> SuiteRun:
            key = {
                **common_key,
                "function": method.name,
                "insert_line": method.insert_line,
                "classes": ran_classes,
            }
            return cached_run(results / f"{method.key}.json", key, produce_for(method))

        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            runs = dict(zip([f.name for f in functions], pool.map(one, functions), strict=True))

        tool_cache = scratch / "tool-cache"
        cache_check = ""
        outcomes = []
        for i, method in enumerate(functions):
            run = runs[method.name]
            new_failures = [t for t in run.failed_tests if t not in clean_failures]
            failing = frozenset(t.split("::")[0] for t in new_failures)
            messages = json.loads(messages_file(method).read_text())
            commit_injection(repo, f"inject/{i:02d}", method)
            selections: dict[str, Selection] = {}
            maven: dict[str, MavenCheck] = {}
            changed: tuple[str, ...] = ()
            for mode, options in MODES.items():
                answer = tool_answer(repo, [*tool_extra, *options], tool_cache)
                if i == 0:  # the cache must not change the answer
                    cold = tool_answer(repo, [*tool_extra, *options], None)
                    same = cold.selection.files == answer.selection.files
                    same = same and cold.changed == answer.changed
                    cache_check += f"{mode}: {'same' if same else 'DIFFERS'}; "
                changed = changed or answer.changed
                selections[mode] = within(answer.selection, universe)
                line = maven_line(repo, [*tool_extra, *options], tool_cache)
                maven[mode] = maven_check(
                    line, [t for t in new_failures if t.split("::")[0] in universe]
                )
            git(repo, "checkout", "--quiet", BASE_BRANCH)
            selections[LINKING] = Selection(
                frozenset(build.test_files[c] for c in linked(method)) & universe
            )
            outcomes.append(
                Outcome(
                    function=method,
                    node_id=method.node_id,
                    changed=changed,
                    failing=failing & universe,
                    selections=selections,
                    unlimited=upward_files(graph, method.node_id) & universe,
                    run=run,
                    messages={t: messages.get(t, "") for t in new_failures},
                    maven=maven,
                )
            )
    finally:
        if args.keep:
            print(f"[java-test-selection] kept {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return ProjectResult(
        project=project,
        candidates=len(candidates),
        with_node=len(with_node),
        reached=len(reached),
        test_files=universe,
        left_out=tuple(build.left_out),
        slow=tuple(skipped),
        cache_check=cache_check.rstrip("; "),
        baseline=baseline,
        outcomes=tuple(outcomes),
        seconds=round(time.perf_counter() - start, 1),
    )


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def print_table(results: Sequence[ProjectResult]) -> None:
    """The figures per project and overall, the per-method table, then the misses."""
    header = (
        f"{'project':<14} {'method':<20} {'recall':>6} {'all caught':>10} "
        f"{'prec fail':>9} {'mean files':>10} {'share':>6}"
    )
    print(header)
    print("-" * len(header))
    size = {id(o): len(r.test_files) for r in results for o in r.outcomes}
    groups = [(r.project.key, r.outcomes) for r in results]
    if len(results) > 1:
        groups.append(("all", tuple(o for r in results for o in r.outcomes)))
    for name, outcomes in groups:
        for method in METHODS:
            s = score(method, outcomes)
            if s is None:
                continue
            # the mean share of its project's test files selected, over the scored methods
            shares = [
                len(o.selections[method].files) / size[id(o)]
                for o in outcomes
                if o.failing and size[id(o)]
            ]
            share = sum(shares) / len(shares) if shares else None
            print(
                f"{name:<14} {method:<20} {_fmt(s.recall):>6} "
                f"{f'{s.all_caught}/{s.functions}':>10} {_fmt(s.precision_failing):>9} "
                f"{_fmt(s.mean_selected, 1):>10} {_fmt(share):>6}"
            )
        print()
    for r in results:
        w = r.project.workload
        scored = sum(1 for o in r.outcomes if o.failing)
        print(
            f"{w.key} {w.orig.version}: {len(r.outcomes)} methods of {r.reached} candidates"
            f" reached by a test class ({r.with_node} with a graph node, {r.candidates} in all),"
            f" {scored} with failing test files; {len(r.test_files)} test files; clean run"
            f" {r.baseline.seconds:.1f} s with {len(r.baseline.failed_tests)} failing tests;"
            f" {r.seconds:.0f} s in all"
        )
        for path in r.left_out:
            print(f"  not compiled (a jar Debian lacks): {path}")
        for cls in r.slow:
            print(f"  left out as slow: {cls}")
        if r.cache_check:
            print(f"  the tool's facts cache, first method: {r.cache_check}")
        clean: dict[str, list[str]] = defaultdict(list)
        for test in r.baseline.failed_tests:
            clean[test.split("::")[0]].append(test.split("::", 1)[1])
        for path, tests in sorted(clean.items()):
            print(f"  fails on the clean tree: {len(tests)} tests of {path}, e.g. {tests[0]}")
        for o in r.outcomes:
            if o.node_id not in {c.split(" ")[0] for c in o.changed}:
                print(f"  not among the changed: {o.node_id}; changed: {', '.join(o.changed)}")
            if o.run.suite_error:
                print(f"  the launcher did not finish: {o.function.name}")
            if o.run.timed_out:
                print(f"  timed out: {o.function.name}: {', '.join(o.run.timed_out)}")
    print()
    print(
        "Per method: failing test files; selected at the defaults, conservative, by linking"
        " classes;\nmissed at the defaults/conservative; failing classes the default mvn"
        " command runs; seconds of the test run"
    )
    print(
        f"{'method':<62} {'fail':>4} {'dflt':>4} {'cons':>4} {'link':>4}"
        f" {'miss d/c':>8} {'mvn':>7} {'secs':>5}"
    )
    for r in results:
        for o in r.outcomes:
            d = o.selections[TOOL_DEFAULT].files
            c = o.selections[TOOL_CONSERVATIVE].files
            m = o.maven[TOOL_DEFAULT]
            named = len(m.failing_classes) - len(m.not_named)
            print(
                f"{o.node_id.removeprefix('java:')[-62:]:<62}"
                f" {len(o.failing):>4} {len(d):>4} {len(c):>4}"
                f" {len(o.selections[LINKING].files):>4}"
                f" {f'{len(o.failing - d)}/{len(o.failing - c)}':>8}"
                f" {f'{named}/{len(m.failing_classes)}':>7} {o.run.seconds:>5.1f}"
            )
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
                if method == TOOL_DEFAULT:
                    for path in missed[:LISTED]:
                        mine = [(t, m) for t, m in sorted(o.messages.items()) if t.startswith(path)]
                        test, message = mine[0] if mine else (f"{path}::?", "")
                        print(f"    {test.split('::', 1)[1]}: {message[:160]}")
    print()
    print("Failing test classes the printed `mvn test -Dtest=...` does not run:")
    for r in results:
        for o in r.outcomes:
            for mode, m in o.maven.items():
                if not m.failing_classes:
                    continue
                if not m.command:
                    print(f"  {r.project.key} {o.node_id} ({mode}): no mvn command printed")
                    continue
                if m.not_named:
                    shown = ", ".join(m.not_named[:LISTED])
                    more = (
                        f", ... {len(m.not_named) - LISTED} more"
                        if len(m.not_named) > LISTED
                        else ""
                    )
                    outer = f"; top-level classes absent: {len(m.outer_not_named)}"
                    print(
                        f"  {r.project.key} {o.node_id} ({mode}): {len(m.not_named)} of "
                        f"{len(m.failing_classes)}{outer}: {shown}{more}"
                    )


def to_json(results: Sequence[ProjectResult], extra: Sequence[str], seconds: float) -> Any:
    """Every figure and outcome as plain JSON values."""

    def scores(outcomes: Sequence[Outcome]) -> dict[str, Any]:
        return scores_json(METHODS, outcomes, score, covering=False)

    return {
        "tool": tool_version(sys.executable),
        "java": java_version(),
        "extra_args": list(extra),
        "seconds": round(seconds, 1),
        "overall": scores([o for r in results for o in r.outcomes]),
        "projects": [
            {
                "name": r.project.key,
                "version": r.project.workload.orig.version,
                "candidates": r.candidates,
                "candidates_with_node": r.with_node,
                "candidates_reached": r.reached,
                "test_files": sorted(r.test_files),
                "left_out": list(r.left_out),
                "slow_classes": list(r.slow),
                "tool_cache_check": r.cache_check,
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
                        "reached_without_limits": sorted(o.unlimited),
                        "failed_tests": list(o.run.failed_tests),
                        "messages": o.messages,
                        "launcher_did_not_finish": o.run.suite_error,
                        "timed_out": list(o.run.timed_out),
                        "seconds": o.run.seconds,
                        "selections": {
                            m: {"files": sorted(s.files), "note": s.note}
                            for m, s in o.selections.items()
                        },
                        "maven": {m: asdict(c) for m, c in o.maven.items()},
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
    parser.add_argument("--sample", type=int, default=15, help="methods per project")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample")
    parser.add_argument("--jobs", type=int, default=2, help="faults tested at once")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per launcher run")
    parser.add_argument("--test-timeout", type=float, default=60, help="seconds per test")
    parser.add_argument(
        "--with-slow", action="store_true", help="also run the test classes listed as slow"
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
    print(f"blast-radius at {tool_version(sys.executable)}; {java_version()}")
    print(f"extra impact options (both tool rows): {shlex.join(tool_extra) or '(none)'}")
    print_table(results)
    print(f"\ntotal {seconds:.0f} s", file=sys.stderr)
    if args.json:
        print(json.dumps(to_json(results, tool_extra, seconds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
