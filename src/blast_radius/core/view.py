"""What the rendered report shows: ranked, cut to a budget, with counts of what was left out.

Templates only lay this out; every decision (order, cuts, wording of numbers)
is made here, in plain values a test can check.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from blast_radius.core.classify import UNPARSED_SUFFIX
from blast_radius.core.markdown import Strong, show_controls
from blast_radius.core.mermaid import GraphEdge, GraphNode, mermaid_flowchart
from blast_radius.core.report import (
    COMPATIBLE_SIGNATURE,
    BreakingChange,
    OwnerHit,
    Report,
    TestHit,
)

COMMENT_MARKER = "<!-- blast-radius:comment -->"
RISK_BADGES = {"none": "⚪", "low": "🟢", "medium": "🟠", "high": "🔴"}
NO_PROOF = "A missing edge never proves a missing dependency."


@dataclass(frozen=True, slots=True)
class Caps:
    """How many rows of each list to show."""

    changed: int = 30
    dependents: int = 25
    why: int = 10
    entry_points: int = 20
    tests: int = 40
    owners: int = 20
    breaking: int = 20
    call_sites: int = 10
    mermaid_nodes: int = 25

    def halved(self) -> Caps:
        """Caps half as large (never below one row)."""
        return Caps(*(max(1, value // 2) for value in _values(self)))


def _values(caps: Caps) -> list[int]:
    return [getattr(caps, name) for name in Caps.__slots__]


MINIMAL_CAPS = Caps(1, 1, 0, 1, 1, 1, 1, 1, 0)


@dataclass(frozen=True, slots=True)
class Row:
    """One displayed row: cells are raw strings the template escapes, or ``Strong`` words."""

    cells: tuple[str | Strong, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """A titled table, with the number of rows left out."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[Row, ...]
    omitted: int


@dataclass(frozen=True, slots=True)
class WhyView:
    """A dependent's why-path, one line per hop."""

    symbol: str
    hops: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BreakingView:
    """A breaking change (or a compatible signature change) with the call sites shown."""

    symbol: str
    summary: str
    sites: tuple[str, ...]
    omitted_sites: int


@dataclass(frozen=True, slots=True)
class CommentView:
    """Everything the comment template needs."""

    marker: str
    badge: str
    risk: str
    headline: str
    stats: tuple[tuple[str, str], ...]
    breaking: tuple[BreakingView, ...]
    breaking_omitted: int
    changed: Section
    dependents: Section
    why: tuple[WhyView, ...]
    entry_points: Section
    tests: Section
    test_command: str
    owners: Section
    mermaid: str
    mermaid_omitted: int
    footer: tuple[str, ...]
    full_report: str
    compatible: tuple[BreakingView, ...] = ()
    """Changed signatures that every call site still fits: not breaking."""
    compatible_omitted: int = 0


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _short(commit: str | None) -> str:
    return commit[:12] if commit else "the work tree"


def _display(symbol_id: str) -> str:
    """A node id without its language prefix, as a reviewer reads it."""
    return symbol_id.split(":", 1)[1] if ":" in symbol_id else symbol_id


def headline(report: Report) -> str:
    """One sentence a reviewer understands in five seconds."""
    changed = len(report.changed)
    unparsed = [g.removesuffix(UNPARSED_SUFFIX) for g in report.gaps if g.endswith(UNPARSED_SUFFIX)]
    if unparsed:
        # a language whose grammar failed: its files were not read, and an
        # empty list of dependents must not read as "none"
        warning = (
            "⚠️ **Not every file was read** ("
            + "; ".join(g.rstrip(".") for g in unparsed)
            + "): what depends on the changes through those files is unknown. "
        )
        if not report.dependents and not report.breaking:
            return (
                warning
                + f"{_plural(changed, 'changed symbol')}; no dependents found in the files read."
            )
        return warning + _reach_sentence(report, changed)
    if not report.dependents and not report.breaking:
        return (
            f"{_plural(changed, 'changed symbol')}; nothing else in the repository depends "
            "on them, as far as static analysis can see."
        )
    return _reach_sentence(report, changed)


def _reach_sentence(report: Report, changed: int) -> str:
    """What the changed symbols reach, in one sentence."""
    parts = [
        f"{_plural(changed, 'changed symbol')} reach{'es' if changed == 1 else ''} "
        f"{_plural(report.dependent_symbols, 'dependent')} in "
        f"{_plural(report.dependent_files, 'file')} "
        f"(expected reach {report.reach:g})"
    ]
    # Counted as the summary table counts them: a changed entry point too.
    changed_entries = sum(1 for e in report.entry_points if e.distance == 0)
    if report.entry_points:
        entries = _plural(len(report.entry_points), "entry point")
        parts.append(f"{entries} ({changed_entries} changed)" if changed_entries else entries)
    if report.tests:
        parts.append(_plural(len(report.tests), "test"))
    breaking = sum(1 for b in report.breaking if b.breaks)
    compatible = len(report.breaking) - breaking
    if breaking:
        parts.append(f"**{_plural(breaking, 'breaking change')}**")
    if compatible:
        parts.append(_plural(compatible, "compatible signature change"))
    return ", ".join(parts) + "."


def build_view(report: Report, caps: Caps, full_report: str) -> CommentView:
    """The comment's content within ``caps``; ``full_report`` says where the rest is."""
    changed_rows = [
        Row(
            (
                _display(c.id),
                c.kind,
                c.change + (f" ({c.detail})" if c.detail else ""),
                f"{c.path}:{c.line}" if c.line else c.path,
            )
        )
        for c in report.changed
    ]
    dependent_rows = [
        Row(
            (
                _display(d.id),
                d.kind,
                f"{d.path}:{d.line}" if d.line else d.path,
                str(d.distance),
                f"{d.confidence:.2f}",
                _display(d.reaches),
            )
        )
        for d in report.dependents
    ]
    why = tuple(
        WhyView(
            _display(d.id),
            tuple(
                f"{_display(h.source)} {h.kind} {_display(h.target)} "
                f"({h.path}:{h.line}, {h.confidence:.2f})"
                for h in d.why
            ),
        )
        for d in report.dependents[: caps.why]
    )
    entry_rows = [
        Row(
            (
                _display(e.id),
                ", ".join(e.kinds),
                f"{e.path}:{e.line}",
                "changed" if e.distance == 0 else str(e.distance),
                f"{e.confidence:.2f}",
            )
        )
        for e in report.entry_points
    ]
    # "Via" is what the test calls on its way to the change: why it was chosen.
    test_rows = [
        Row(
            (
                t.id,
                str(t.distance),
                f"{t.confidence:.2f}",
                _display(t.why[0].target) if t.why else "",
            )
        )
        for t in report.tests
    ]
    owner_rows = [_owner_row(o, "changed files") for o in report.owners_changed] + [
        _owner_row(o, "affected files") for o in report.owners_affected
    ]
    breaking = [b for b in report.breaking if b.breaks]
    compatible = [b for b in report.breaking if not b.breaks]
    mermaid, mermaid_omitted = _mermaid(report, caps.mermaid_nodes)
    return CommentView(
        marker=COMMENT_MARKER,
        badge=RISK_BADGES.get(report.risk, ""),
        risk=report.risk,
        headline=headline(report),
        stats=(
            ("Risk", f"{report.risk} (score {report.risk_score:g})"),
            ("Changed symbols", str(len(report.changed))),
            ("Dependents", f"{report.dependent_symbols} in {report.dependent_files} files"),
            ("Expected reach", f"{report.reach:g}"),
            ("Entry points", str(len(report.entry_points))),
            ("Tests", str(len(report.tests))),
        ),
        breaking=tuple(_breaking_view(b, caps) for b in breaking[: caps.breaking]),
        breaking_omitted=max(0, len(breaking) - caps.breaking),
        compatible=tuple(_breaking_view(b, caps) for b in compatible[: caps.breaking]),
        compatible_omitted=max(0, len(compatible) - caps.breaking),
        changed=_section(
            "Changed", ("Symbol", "Kind", "Change", "Where"), changed_rows, caps.changed
        ),
        dependents=_section(
            "Dependents",
            ("Symbol", "Kind", "Where", "Distance", "Confidence", "Via"),
            dependent_rows,
            caps.dependents,
        ),
        why=why,
        entry_points=_section(
            "Entry points",
            ("Entry point", "Kind", "Where", "Distance", "Confidence"),
            entry_rows,
            caps.entry_points,
        ),
        tests=_section("Tests", ("Test", "Distance", "Confidence", "Via"), test_rows, caps.tests),
        test_command=_test_command(report),
        owners=_section(
            "Owners", ("Owner", "Owns", "Files", "Asked to review"), owner_rows, caps.owners
        ),
        mermaid=mermaid,
        mermaid_omitted=mermaid_omitted,
        footer=_footer(report),
        full_report=full_report,
    )


def _owner_row(owner: OwnerHit, owns: str) -> Row:
    more = f" (+{len(owner.files) - 5})" if len(owner.files) > 5 else ""
    asked: str | Strong = ""
    if owner.requested is not None:
        asked = "yes" if owner.requested else Strong("not yet")
    return Row((owner.owner, owns, ", ".join(owner.files[:5]) + more, asked))


def _breaking_view(change: BreakingChange, caps: Caps) -> BreakingView:
    return BreakingView(
        _display(change.id),
        breaking_summary(change),
        tuple(
            f"{s.path}:{s.line} ({_display(s.source)}, {s.kind})"
            + (f": not checked, {s.problem}" if s.unchecked else "")
            + (f": {s.problem}" if s.problem and not s.unchecked else "")
            for s in change.call_sites[: caps.call_sites]
        ),
        max(0, len(change.call_sites) - caps.call_sites),
    )


def _fit(count: int, verb: str) -> str:
    """``1 call site fits`` / ``2 call sites fit``."""
    return f"{_plural(count, 'call site')} {verb}{'s' if count == 1 else ''}"


def breaking_summary(change: BreakingChange) -> str:
    """What a breaking change (or a compatible signature change) does, in a few words."""
    where = _plural(len(change.call_sites), "place")
    if change.change == "removed":
        return f"removed, still used in {where}"
    if change.change == COMPATIBLE_SIGNATURE:
        return f"signature changed, every call still fits ({_plural(change.fitting, 'call site')})"
    if change.change == "signature":
        unchecked = sum(1 for s in change.call_sites if s.unchecked)
        failing = len(change.call_sites) - unchecked
        parts = []
        if failing:
            parts.append(_fit(failing, "no longer fit") + " the new signature")
        if unchecked:
            parts.append(f"{_plural(unchecked, 'call site')} could not be checked")
        if change.fitting:
            parts.append(_fit(change.fitting, "still fit"))
        return "; ".join(parts)
    target = _display(change.new_id) if change.new_id else "?"
    return f"{change.change} to {target}, old name still used in {where}"


def _section(title: str, headers: tuple[str, ...], rows: Sequence[Row], cap: int) -> Section:
    return Section(title, headers, tuple(rows[:cap]), max(0, len(rows) - cap))


RUNNER_COMMANDS = {
    "pytest": "python -m pytest",
    "jest": "npx jest",
    "vitest": "npx vitest run",
    "mocha": "npx mocha",
    "jasmine": "npx jasmine",
    "ava": "npx ava",
    "node": "node --test",
    "dart": "dart test",
    "busted": "busted",
    "prove": "prove -l",
}
"""The command that runs only the given test files, by runner."""


def _test_command(report: Report) -> str:
    """A shell command line per runner: each file one quoted word, control
    characters shown. A report without runners (an older one) runs pytest."""
    pairs = report.test_runners or tuple(("pytest", file) for file in report.test_files)
    by_runner: dict[str, list[str]] = {}
    for runner, file in pairs:
        if runner in RUNNER_COMMANDS:
            by_runner.setdefault(runner, []).append(file)
    lines = []
    for runner, files in by_runner.items():
        words = [shlex.quote(show_controls(file)) for file in files[:50]]
        more = " ..." if len(files) > 50 else ""
        lines.append(f"{RUNNER_COMMANDS[runner]} {' '.join(words)}{more}")
    for runner, select in TEST_SELECTORS.items():
        files_of_runner = {file for name, file in pairs if name == runner}
        if files_of_runner:
            lines += select(runner, [t for t in report.tests if t.path in files_of_runner])
    return "\n".join(lines)


MAX_METHODS_PER_CLASS = 20
"""More selected test methods of one class than this run as the whole class."""


def _jvm_test_command(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """Surefire's ``-Dtest=ATest#m1+m2,BTest`` or Gradle's ``--tests pkg.ATest.m1``:
    the selected test methods by class, from the tests' qualified names
    (``<prefix>:com.acme.ATest.adds``). A class runs whole when a set-up or
    helper of it is reached (``TestHit.whole_class``) or its tests are many; a
    nested class (JUnit's ``@Nested``) runs through its top-level class and a
    wildcard (``ATest*``), which the runners match against binary names."""
    methods: dict[str, set[str] | None] = {}  # class -> methods, or None: whole
    for test in tests:
        owner, _, method = test.node.partition(":")[2].rpartition(".")
        if not owner or not re.fullmatch(r"[\w$.]+", owner):
            continue
        top = posixpath.splitext(posixpath.basename(test.path))[0]
        parts = owner.split(".")
        whole = test.whole_class or not re.fullmatch(r"\w+", method)
        if top in parts[:-1]:
            owner, whole = ".".join(parts[: parts.index(top) + 1]) + "*", True
        held = methods.setdefault(owner, set())
        if whole or held is None:
            methods[owner] = None
        else:
            held.add(method)
    if not methods:
        return []
    selected: list[tuple[str, list[str]]] = []
    for owner in sorted(methods):
        names = methods[owner]
        whole_class = names is None or len(names) > MAX_METHODS_PER_CLASS
        selected.append((owner, [] if whole_class or names is None else sorted(names)))
    if runner == "maven":
        parts_ = [
            owner.rpartition(".")[2] + ("#" + "+".join(names) if names else "")
            for owner, names in selected
        ]
        return [
            "mvn test -Dsurefire.failIfNoSpecifiedTests=false "
            f"-Dtest={shlex.quote(','.join(parts_))}"
        ]
    filters = [
        f"{owner}.{name}" for owner, names in selected for name in (names or [""]) if name
    ] + [owner for owner, names in selected if not names]
    words = [f"--tests {shlex.quote(f)}" for f in sorted(filters)[:50]]
    return ["./gradlew test " + " ".join(words) + (" ..." if len(filters) > 50 else "")]


def _go_test_commands(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """``go test ./pkg -run '^(TestA|TestB)$'`` per package folder: go runs
    packages, and selects their tests by name (benchmarks with ``-bench``)."""
    by_folder: dict[str, tuple[set[str], set[str]]] = {}
    for test in tests:
        # a subtest (`TestX/case`) runs with its test
        name = test.id.rpartition("::")[2].split("@", 1)[0].split("/", 1)[0]
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            continue
        folder = posixpath.dirname(test.path)
        runs, benches = by_folder.setdefault(folder, (set(), set()))
        (benches if name.startswith("Benchmark") else runs).add(name)
    lines = []
    for folder in sorted(by_folder):
        runs, benches = by_folder[folder]
        words = ["go", "test", shlex.quote("./" + folder if folder else ".")]
        words += ["-run", shlex.quote(f"^({'|'.join(sorted(runs))})$") if runs else "'^$'"]
        if benches:
            words += ["-bench", shlex.quote(f"^({'|'.join(sorted(benches))})$")]
        lines.append(" ".join(words))
    return lines


def _minitest_pattern(test: TestHit) -> str:
    """The regular expression of minitest's ``-n`` for one test: ``test_lists``
    as itself, a titled test (Rails' ``test "shows a photo"``, minitest/spec's
    ``it``) by the method names they make (``test_shows_a_photo``,
    ``test_0001_shows a photo``)."""
    method = test.node.rpartition("#")[2]
    titled = test.node.removeprefix("rb:").removeprefix(test.path + ":")
    if titled != test.node.removeprefix("rb:"):
        title = titled.rpartition("/")[2]
        words = [re.escape(word) for word in title.split()]
        return "test_(\\d{4}_)?" + "[ _]+".join(words)
    return re.escape(method)


def _ruby_test_commands(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """RSpec's examples by file and line (``bundle exec rspec a_spec.rb:12:30``);
    minitest's tests by name, a command per file (``ruby -Itest
    test/a_test.rb -n '/^(test_a|test_b)$/'``)."""
    specs: dict[str, set[int]] = {}
    minitests: dict[str, set[str]] = {}
    for test in tests:
        if test.path.endswith("_spec.rb"):
            specs.setdefault(test.path, set()).add(test.line)
        else:
            minitests.setdefault(test.path, set()).add(_minitest_pattern(test))
    lines = []
    if specs:
        words = [
            shlex.quote(
                show_controls(path)
                + "".join(f":{line}" for line in sorted(specs[path]) if 0 not in specs[path])
            )
            for path in sorted(specs)
        ]
        more = " ..." if len(words) > 50 else ""
        lines.append("bundle exec rspec " + " ".join(words[:50]) + more)
    for path in sorted(minitests)[:50]:
        pattern = "/^(" + "|".join(sorted(minitests[path])) + ")$/"
        lines.append(f"ruby -Itest {shlex.quote(show_controls(path))} -n {shlex.quote(pattern)}")
    return lines


def _phpunit_command(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """``vendor/bin/phpunit --filter '/^(?:A\\BTest::(?:m1|m2)|CTest::\\w+)(?: |$)/'``:
    PHPUnit matches a filter against ``Namespace\\Class::method`` (a data set's
    name after a space), the tests' qualified names (``php:A\\BTest.m1``). A
    class runs whole when a set-up or helper of it is reached or its tests are
    many. The delimiters make PHPUnit take the regular expression as written."""
    methods: dict[str, set[str] | None] = {}  # class -> methods, or None: whole
    for test in tests:
        owner, _, method = test.node.partition(":")[2].rpartition(".")
        if not re.fullmatch(r"\\?\w+(?:\\\w+)*", owner) or not re.fullmatch(r"\w+", method):
            continue
        held = methods.setdefault(owner.lstrip("\\"), set())
        if test.whole_class or held is None:
            methods[owner.lstrip("\\")] = None
        else:
            held.add(method)
    if not methods:
        return []
    parts = []
    for owner in sorted(methods):
        names = methods[owner]
        escaped = owner.replace("\\", "\\\\")
        if names is None or len(names) > MAX_METHODS_PER_CLASS:
            parts.append(escaped + "::\\w+")
        else:
            parts.append(f"{escaped}::(?:{'|'.join(sorted(names))})")
    pattern = f"/^(?:{'|'.join(parts)})(?: |$)/"
    return [f"vendor/bin/phpunit --filter {shlex.quote(pattern)}"]


def _dotnet_test_command(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """``dotnet test --filter 'FullyQualifiedName~Ns.CartTests.Adds|...'``: the
    selected tests by the names the test adapters give them, a nested class
    written ``Outer+Inner``; a class runs whole (``Ns.CartTests.``) when a
    set-up or helper of it is reached or its selected tests are many."""
    methods: dict[str, set[str] | None] = {}  # class -> methods, or None: whole
    for test in tests:
        classes = test.id.split("::")[1:]
        qualified = test.node.partition(":")[2]
        if len(classes) < 2 or not all(re.fullmatch(r"\w+", c) for c in classes):
            continue
        method = classes.pop()
        suffix = ".".join([*classes, method])
        if qualified != suffix and not qualified.endswith("." + suffix):
            continue
        namespace = qualified[: -len(suffix)].rstrip(".")
        owner = ".".join(filter(None, (namespace, "+".join(classes))))
        held = methods.setdefault(owner, set())
        if test.whole_class or held is None:
            methods[owner] = None
        else:
            held.add(method)
    filters = []
    for owner in sorted(methods):
        names = methods[owner]
        if names is None or len(names) > MAX_METHODS_PER_CLASS:
            filters.append(f"FullyQualifiedName~{owner}.")
        else:
            filters.extend(f"FullyQualifiedName~{owner}.{name}" for name in sorted(names))
    if not filters:
        return []
    more = " ..." if len(filters) > 50 else ""
    return [f"dotnet test --filter {shlex.quote('|'.join(filters[:50]))}{more}"]


_CARGO_TARGETS = {"bin": "--bin", "test": "--test", "example": "--example", "bench": "--bench"}


def _cargo_test_commands(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """``cargo test -p shop --lib -- --exact cart::tests::adds`` per crate: the
    test's node id names its crate (``rust:shop::...`` a package's library,
    ``rust:shop/test/api::...`` its integration test ``tests/api.rs``) and its
    path in the crate, which libtest matches with ``--exact``."""
    del runner
    by_crate: dict[str, set[str]] = {}
    for test in tests:
        crate, sep, path = test.node.partition(":")[2].partition("::")
        if not sep or crate.endswith(".rs") or not re.fullmatch(r"[\w:]+", path):
            continue  # a file no `mod` reaches: no crate to run it in
        by_crate.setdefault(crate, set()).add(path)
    lines = []
    for crate in sorted(by_crate):
        package, _, target = crate.partition("/")
        kind, _, name = target.partition("/")
        words = ["cargo", "test", "-p", shlex.quote(package)]
        words += [_CARGO_TARGETS[kind], shlex.quote(name)] if kind in _CARGO_TARGETS else ["--lib"]
        paths = sorted(by_crate[crate])
        more = " ..." if len(paths) > 50 else ""
        lines.append(" ".join([*words, "--", "--exact", *paths[:50]]) + more)
    return lines


def _swift_test_command(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """``swift test --filter 'ShopTests.CartTests/testAdds|ShopTests.CartTests/...'``:
    each test as SwiftPM names it, ``<Target>.<Class>/<method>`` from the node
    id (``swift:ShopTests.CartTests.testAdds``), or ``<Target>.<function>`` for
    a free Swift Testing function; a class runs whole (``<Target>.<Class>/``)
    when a set-up or helper of it is reached or its selected tests are many.
    The filter is a regular expression: one alternation of them all."""
    del runner
    methods: dict[str, set[str] | None] = {}  # target.class -> methods, or None: whole
    functions: set[str] = set()
    for test in tests:
        qualified = test.node.partition(":")[2]
        parts = qualified.split(".")
        if len(parts) < 2 or not all(re.fullmatch(r"\w+", p) for p in parts):
            continue  # a file's own function (``Target/path.f``): no name to filter by
        if len(parts) == 2:
            functions.add(qualified)
            continue
        owner, method = ".".join(parts[:-1]), parts[-1]
        held = methods.setdefault(owner, set())
        if test.whole_class or held is None:
            methods[owner] = None
        else:
            held.add(method)
    filters = sorted(functions)
    for owner in sorted(methods):
        names = methods[owner]
        if names is None or len(names) > MAX_METHODS_PER_CLASS:
            filters.append(owner + "/")
        else:
            filters.extend(f"{owner}/{name}" for name in sorted(names))
    if not filters:
        return []
    more = " ..." if len(filters) > 50 else ""
    return [f"swift test --filter {shlex.quote('|'.join(filters[:50]))}{more}"]


def _ctest_command(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """``ctest -R '^(Suite\\.Name|push then pop)$'``: CTest matches the names
    ``gtest_discover_tests`` (``Suite.Name``) and ``catch_discover_tests`` (the
    title) give each test, the part of the test's node id after its file and
    a ``:`` (``c:<path>:Suite.Name``). A function of a test program with no
    marked tests (``c:<path>#main``) runs as the test CTest names after the
    program's file (``add_test(NAME test_x COMMAND test_x)``)."""
    del runner
    names: set[str] = set()
    for test in tests:
        rest = test.node.partition(":")[2]
        if rest.startswith(test.path + ":"):
            names.add(rest[len(test.path) + 1 :])
        else:
            names.add(posixpath.splitext(posixpath.basename(test.path))[0])
    if not names:
        return []
    # CMake's regular expressions: escape the operators, nothing else
    escaped = sorted(re.sub(r"([.\[\]()*+?^$|\\])", r"\\\1", name) for name in names)
    more = " ..." if len(escaped) > 200 else ""
    return [f"ctest -R {shlex.quote('^(' + '|'.join(escaped[:200]) + ')$')}{more}"]


def _line_selected_command(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """A runner that selects tests by file and line (``mix test a_test.exs:12:30``):
    the first line of each selected test, the whole file where a test has no
    line or its file's tests are not told apart."""
    by_file: dict[str, set[int] | None] = {}
    for test in tests:
        held = by_file.setdefault(test.path, set())
        if test.whole_class or test.line <= 0 or held is None:
            by_file[test.path] = None
        else:
            held.add(test.line)
    words = []
    for path in sorted(by_file):
        lines = by_file[path]
        quoted = show_controls(path) + "".join(f":{n}" for n in sorted(lines or ()))
        words.append(shlex.quote(quoted))
    return [f"{LINE_RUNNER_COMMANDS[runner]} {' '.join(words)}"] if words else []


LINE_RUNNER_COMMANDS = {"mix": "mix test"}
"""Runners selecting tests by ``file:line``, and the command that runs them."""


def _sbt_test_command(runner: str, tests: Sequence[TestHit]) -> list[str]:
    """``sbt 'testOnly com.acme.CartSpec com.acme.CartTest'``: the classes of the
    selected tests, whole (a ScalaTest or MUnit test is a string, not a method:
    its class is what sbt selects). The class is the top-level one of the test's
    file when the file is named after it, else the test's qualified name (a
    class) or its owner (a JUnit method)."""
    classes: set[str] = set()
    for test in tests:
        qualified = test.node.partition(":")[2]
        parts = qualified.split(".")
        top = posixpath.splitext(posixpath.basename(test.path))[0]
        if top in parts:
            owner = ".".join(parts[: parts.index(top) + 1])
        elif parts[-1][:1].isupper():
            owner = qualified
        else:
            owner = ".".join(parts[:-1])
        if re.fullmatch(r"[\w$]+(?:\.[\w$]+)*", owner):
            classes.add(owner)
    if not classes:
        return []
    return ["sbt " + shlex.quote("testOnly " + " ".join(sorted(classes)))]


TEST_SELECTORS: dict[str, Callable[[str, Sequence[TestHit]], list[str]]] = {
    "go": _go_test_commands,
    "maven": _jvm_test_command,
    "gradle": _jvm_test_command,
    "ruby": _ruby_test_commands,
    "phpunit": _phpunit_command,
    "dotnet": _dotnet_test_command,
    "cargo": _cargo_test_commands,
    "swift": _swift_test_command,
    "ctest": _ctest_command,
    "mix": _line_selected_command,
    "sbt": _sbt_test_command,
}
"""Runners that select single tests, not files: the command lines that run the
given tests of the runner's files."""


def _mermaid(report: Report, max_nodes: int) -> tuple[str, int]:
    if max_nodes <= 0 or not report.changed:
        return "", 0
    nodes: list[GraphNode] = []
    seen: set[str] = set()
    entry_ids = {e.id for e in report.entry_points}
    test_nodes = {t.node for t in report.tests}
    for c in report.changed:
        if c.id not in seen and c.kind != "file":
            seen.add(c.id)
            nodes.append(GraphNode(c.id, _display(c.id), "changed"))
    edges: list[GraphEdge] = []
    for d in sorted(report.dependents, key=lambda d: (d.distance, -d.confidence, d.id)):
        if d.distance > 2:
            continue
        if d.id not in seen:
            seen.add(d.id)
            role = "entry" if d.id in entry_ids else "test" if d.id in test_nodes else "dependent"
            nodes.append(GraphNode(d.id, _display(d.id), role))
        hop = d.why[0]
        edges.append(GraphEdge(hop.source, hop.target, hop.kind))
    if len(nodes) <= 1 and not edges:
        return "", 0
    return mermaid_flowchart(nodes, edges, max_nodes=max_nodes)


def _footer(report: Report) -> tuple[str, ...]:
    info = report.index
    lines = [
        f"Compared {_short(info.head_commit)} with merge base {_short(info.merge_base)} "
        f"(base {_short(info.base_commit)}); graph {info.source}: {info.parsed} of "
        f"{info.files} files parsed.",
    ]
    if info.skipped:
        lines.append(
            "Skipped: "
            + ", ".join(f"{count} {reason}" for reason, count in info.skipped.items())
            + "."
        )
    if info.syntax_errors:
        lines.append(
            f"Syntax errors: {info.syntax_errors} in "
            f"{_plural(len(info.files_with_syntax_errors), 'file')} (extracted as far as possible)."
        )
    lines.append(
        f"Name-matched (uncertain) call edges: {info.name_matched_share:.0%} of resolved ones."
    )
    if report.limits.cut_by:
        lines.append(
            f"The walk was cut by {', '.join(report.limits.cut_by)} (depth "
            f"{report.limits.max_depth}, confidence >= {report.limits.min_confidence:g}, at most "
            f"{report.limits.max_nodes} nodes): the counts are lower bounds."
        )
    if report.limits.test_selection == "conservative":
        lines.append(
            "Conservative test selection: the test files that import a changed module, "
            "directly or through other modules, are selected too."
        )
    if report.limits.tests_cut_by:
        lines.append(
            f"Tests are selected from the whole reach; that walk was cut by "
            f"{', '.join(report.limits.tests_cut_by)} (confidence >= "
            f"{report.limits.test_confidence:g}, at most {report.limits.max_nodes} nodes)."
        )
    if info.fetches:
        fetches = f"{info.fetches} git fetch{'' if info.fetches == 1 else 'es'}"
        lines.append(f"Fetched missing history: {fetches}, {info.fetch_seconds:.1f} s.")
    if report.gaps:
        lines.append("Not in this report: " + "; ".join(g.rstrip(".") for g in report.gaps) + ".")
    if report.elapsed_seconds is not None:
        lines.append(f"Took {report.elapsed_seconds:.1f} s.")
    lines.append(NO_PROOF)
    return tuple(lines)


def shrink(view_caps: Caps) -> Caps | None:
    """Smaller caps for another try, or None when already minimal."""
    if view_caps == MINIMAL_CAPS or all(v <= 1 for v in _values(view_caps)):
        return None
    smaller = view_caps.halved()
    if smaller == view_caps:
        return MINIMAL_CAPS
    return replace(smaller, why=min(smaller.why, view_caps.why // 2))
