"""The impact report: what a pull request changed and what that reaches.

Built from the changed symbols, the walks over the base and head graphs, the
entry points, test rules and code owners. A value with a versioned JSON form
(``docs/report-format.md``); rendering to Markdown happens elsewhere.
"""

from __future__ import annotations

import collections.abc
import functools
import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

from blast_radius.core.changes import ChangedSymbol
from blast_radius.core.graph import Node
from blast_radius.core.languages import LanguageRule, is_test_path, language_for_path
from blast_radius.core.walk import SYMBOL_KINDS, Dependent, Hop, ReverseIndex

REPORT_FORMAT_VERSION = 2

RISK_LEVELS = ("none", "low", "medium", "high")
"""In increasing order; ``fail-on: risk-<level>`` compares against this order."""
ENTRY_POINT_WEIGHT = 1.0
BREAKING_WEIGHT = 5.0
COMPATIBLE_SIGNATURE_WEIGHT = 0.5
COMPATIBLE_SIGNATURE = "signature-compatible"
"""The change of a signature that every call site still fits: not breaking."""
RISK_THRESHOLDS = ((25.0, "high"), (5.0, "medium"), (0.0, "low"))


@dataclass(frozen=True, slots=True)
class WhyHop:
    """``source`` depends on ``target``: a ``kind`` edge at ``path``:``line``."""

    source: str
    target: str
    kind: str
    confidence: float
    path: str
    line: int


@dataclass(frozen=True, slots=True)
class ReportDependent:
    """A symbol, module or file reached from the change."""

    id: str
    kind: str
    name: str
    qualname: str
    path: str
    line: int
    distance: int
    confidence: float
    reaches: str
    """The changed symbol at the end of the why-path."""
    why: tuple[WhyHop, ...]


@dataclass(frozen=True, slots=True)
class EntryPointHit:
    """An entry point that the change touches (distance 0) or reaches."""

    id: str
    kinds: tuple[str, ...]
    path: str
    line: int
    distance: int
    confidence: float


@dataclass(frozen=True, slots=True)
class TestHit:
    """A test in the reach, as the test runner names it (``path::Class::test``)."""

    id: str
    node: str
    path: str
    distance: int
    confidence: float
    why: tuple[WhyHop, ...] = ()
    """How the test reaches the change: from the test's node to the changed symbol."""
    whole_class: bool = False
    """Run the test's whole class: what the change reaches there is a set-up or
    a helper of the class, or its tests are not told apart by the language's
    marker (a JUnit class without ``@Test``)."""
    line: int = 0
    """The first line of the test's definition (RSpec selects examples by line)."""


@dataclass(frozen=True, slots=True)
class OwnerHit:
    """A code owner and the files that make them concerned."""

    owner: str
    files: tuple[str, ...]
    requested: bool | None
    """Already asked to review (None when unknown, e.g. outside a pull request)."""


@dataclass(frozen=True, slots=True)
class CallSite:
    """Where something still uses a symbol the change broke.

    For a changed signature, ``problem`` says why the call no longer fits it;
    ``unchecked`` marks a call whose arguments (or the new signature) could
    not be read, counted as breaking since nothing shows that it fits.
    """

    source: str
    kind: str
    path: str
    line: int
    problem: str = ""
    unchecked: bool = False


@dataclass(frozen=True, slots=True)
class BreakingChange:
    """A removed, renamed or re-signed symbol with the call sites it breaks.

    ``change`` is ``removed``, ``renamed`` or ``moved`` (code still uses the
    old name or place), ``signature`` (these call sites no longer fit the new
    signature, or could not be checked) or ``signature-compatible`` (every
    call site still fits: listed for the record, not breaking).
    """

    id: str
    change: str
    path: str
    line: int
    call_sites: tuple[CallSite, ...]
    new_id: str | None = None
    fitting: int = 0
    """For a changed signature: how many call sites were checked and still fit."""

    @property
    def breaks(self) -> bool:
        """Whether code that uses the symbol will fail (all but compatible signatures)."""
        return self.change != COMPATIBLE_SIGNATURE


@dataclass(frozen=True, slots=True)
class IndexInfo:
    """Where the graphs came from and what they could not see."""

    base_commit: str
    head_commit: str | None
    merge_base: str
    source: str
    files: int
    parsed: int
    skipped: Mapping[str, int]
    syntax_errors: int
    files_with_syntax_errors: tuple[str, ...]
    name_matched_share: float
    notes: Mapping[str, int] = field(default_factory=dict)
    fetches: int = 0
    """Fetches of git history the analysis needed (a shallow clone lacks commits)."""
    fetch_seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class Limits:
    """The walk's limits, and which of them cut it (then counts are lower bounds)."""

    max_depth: int
    min_confidence: float
    max_nodes: int
    cut_by: tuple[str, ...]
    test_confidence: float = 0.0
    """The floor of the test selection's walk, which has no depth limit."""
    tests_cut_by: tuple[str, ...] = ()
    """``confidence`` and/or ``nodes`` when a limit stopped the test selection's walk."""
    test_selection: str = "precise"
    """``conservative`` when test files importing a changed module were added too."""


@dataclass(frozen=True, slots=True)
class Report:
    """Everything a reviewer gets."""

    changed: tuple[ChangedSymbol, ...]
    changed_files: tuple[str, ...]
    dependents: tuple[ReportDependent, ...]
    reach: float
    dependent_symbols: int
    dependent_files: int
    risk: str
    risk_score: float
    entry_points: tuple[EntryPointHit, ...]
    tests: tuple[TestHit, ...]
    test_files: tuple[str, ...]
    owners_changed: tuple[OwnerHit, ...]
    owners_affected: tuple[OwnerHit, ...]
    breaking: tuple[BreakingChange, ...]
    limits: Limits
    index: IndexInfo
    gaps: tuple[str, ...] = ()
    """Parts of the report that could not be made, each with the reason."""
    elapsed_seconds: float | None = None
    test_runners: tuple[tuple[str, str], ...] = ()
    """(runner, test file) for each selected test file whose runner is known
    (``pytest``, ``jest``, ``vitest``, ...), by runner then file."""

    def to_json(self) -> str:
        """The report as JSON (``docs/report-format.md``), keys and lists in stable order."""
        data: dict[str, Any] = {"format": "blast-radius-report", "version": REPORT_FORMAT_VERSION}
        data.update(_plain(self, {}))
        # Compact: the C encoder is several times faster than indented output.
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


_SCALARS = frozenset({str, int, float, bool, type(None)})
# A record type's field names, and those of its fields that hold a float.
_FIELD_NAMES: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _field_names(kind: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    hints = get_type_hints(kind)
    names = tuple(kind.__dataclass_fields__)
    floats = tuple(
        name
        for name in names
        if hints[name] is float
        or (get_origin(hints[name]) in (Union, UnionType) and float in get_args(hints[name]))
    )
    return names, floats


def _plain(value: Any, made: dict[int, Any]) -> Any:
    """JSON-ready copy of report values (nesting is a few levels deep, by construction).

    Dispatches on the exact type first: a large report holds hundreds of
    thousands of values. A value met again (the why-paths tests share, and
    their hops) is copied once: ``made`` holds the copies by the identity of
    their values, which all live as long as the report.
    """
    kind = type(value)
    if kind in _SCALARS:
        return value
    found = made.get(id(value))
    if found is not None:
        return found
    fields = _FIELD_NAMES.get(kind)
    if fields is None and hasattr(kind, "__dataclass_fields__"):
        fields = _FIELD_NAMES[kind] = _field_names(kind)
    if fields is not None:
        found = {name: _plain(getattr(value, name), made) for name in fields[0]}
        # A whole number in a float field (a sum of nothing) is written as a
        # float, as it reads back: the text of a report read and written
        # again is the same.
        for name in fields[1]:
            if type(found[name]) is int:
                found[name] = float(found[name])
    elif kind is tuple or kind is list:
        found = [_plain(item, made) for item in value]
    elif isinstance(value, Mapping):
        found = {str(k): _plain(v, made) for k, v in value.items()}
    else:
        return value
    made[id(value)] = found
    return found


def risk_of(
    reach: float, entry_points: int, breaking: int, compatible_signatures: int = 0
) -> tuple[str, float]:
    """The risk level and score.

    score = reach + 1 x entry points reached + 5 x breaking changes (symbols
    removed or renamed while still used, signatures that some call site no
    longer fits) + 0.5 x changed signatures that every call site still fits.
    Score 0 is ``none``; below 5 ``low``; below 25 ``medium``; from 25
    ``high``. Code that uses a symbol a breaking change broke will fail: any
    breaking change makes the level ``high`` whatever the score.
    """
    score = round(
        reach
        + ENTRY_POINT_WEIGHT * entry_points
        + BREAKING_WEIGHT * breaking
        + COMPATIBLE_SIGNATURE_WEIGHT * compatible_signatures,
        2,
    )
    if score <= 0:
        return "none", 0.0
    if breaking:
        return "high", score
    for threshold, level in RISK_THRESHOLDS:
        if score >= threshold:
            return level, score
    return "low", score


def why_path(
    dependent: Dependent, nodes: Mapping[str, Node], made: dict[Hop, WhyHop] | None = None
) -> tuple[WhyHop, ...]:
    """The dependent's path with each hop's evidence location.

    ``made`` keeps the hops made for other paths of the same walk: paths
    share their ends, and a wide change lists thousands of them.
    """
    if made is None:
        made = {}
    whys = []
    for hop in dependent.path:
        why = made.get(hop)
        if why is None:
            source = nodes.get(hop.source)
            path = source.path if source is not None else ""
            why = made[hop] = WhyHop(
                hop.source, hop.target, hop.kind, hop.confidence, path, hop.line
            )
        whys.append(why)
    return tuple(whys)


def report_dependent(
    dependent: Dependent, nodes: Mapping[str, Node], made: dict[Hop, WhyHop] | None = None
) -> ReportDependent:
    """A walk result with its node's details (``made`` as for ``why_path``)."""
    node = nodes[dependent.id]
    return ReportDependent(
        dependent.id,
        node.kind,
        node.name,
        node.qualname,
        node.path,
        node.start_line,
        dependent.distance,
        dependent.confidence,
        dependent.seed,
        why_path(dependent, nodes, made),
    )


def test_hits(
    reached: Iterable[Dependent],
    index: ReverseIndex,
    testpaths: Sequence[str] = (),
    marked: Collection[str] = frozenset(),
) -> tuple[tuple[TestHit, ...], tuple[str, ...]]:
    """Test functions and test files among the reached nodes (the changed ones at distance 0).

    A test is a function or method named like a test (the language's rule) in
    a test file, or, for a language whose tests are marked (``test_marker``),
    one of ``marked``; reaching a test file's module reaches every test in it.
    With ``testpaths`` (pytest's setting), only files under them count. Each
    test keeps its best path, shown as its ``why``.
    """
    modules_by_path = {n.path: n for n in sorted(index.nodes.of_kind("module"))}
    best: dict[str, tuple[Node, str, Dependent]] = {}
    files: set[str] = set()
    is_test_file: dict[str, bool] = {}
    memo: dict[str, list[Node]] = {}
    marked_paths = {index.nodes[i].path for i in marked if i in index.nodes}
    whole_classes: set[str] = set()
    test_ids: dict[str, str] = {}
    # Best first (a stable sort: of equals, the first met stays first), so the
    # first reach of a test is the one it keeps.
    for reach in sorted(reached, key=_best_first):
        # Most reached code is not in a test file: its path alone says so.
        path = index.nodes.path(reach.id)
        if path is None:
            continue
        known = is_test_file.get(path)
        if known is None:
            known = is_test_file[path] = _is_test_file(path, testpaths)
        if not known:
            continue
        kind = index.nodes.kind(reach.id)
        rule = language_for_path(path)
        if rule is None or not (kind == "module" or kind in SYMBOL_KINDS):
            continue
        if rule.test_marker and path in marked_paths:
            tests = _marked_tests(index, index.nodes[reach.id], marked, whole_classes)
        else:
            found = memo.get(reach.id)  # met already, inside a module or class reached
            tests = (
                found if found is not None else _tests_in(index, index.nodes[reach.id], rule, memo)
            )
            if rule.test_marker:  # no test is marked in the file: whole classes
                whole_classes.update(t.id.rpartition(".")[0] for t in tests)
        # a reached module runs its file, but a file of a marked language
        # without a marked test (a Rust source file) runs nothing
        if tests or (kind == "module" and not rule.test_marker):
            files.add(path)
        for test in tests:
            # A test is met again through its class and its module: named once.
            test_id = test_ids.get(test.id)
            if test_id is None:
                test_id = test_ids[test.id] = _test_id(test, path, modules_by_path, index)
                best.setdefault(test_id, (test, path, reach))
    _inherited_tests(best, index, is_test_file, testpaths, files, modules_by_path, whole_classes)
    # The tests of a reached module share its path: build each path once.
    whys: dict[str, tuple[WhyHop, ...]] = {}
    made: dict[Hop, WhyHop] = {}
    hits = []
    for test_id, (test, path, reach) in best.items():
        why = whys.get(reach.id)
        if why is None:
            why = whys[reach.id] = why_path(reach, index.nodes, made)
        whole = test.id.rpartition(".")[0] in whole_classes
        hits.append(
            TestHit(
                test_id,
                test.id,
                path,
                reach.distance,
                reach.confidence,
                why,
                whole,
                test.start_line,
            )
        )
    hits.sort(key=lambda t: (t.path, t.id))
    return tuple(hits), tuple(sorted(files))


def _best_first(reach: Dependent) -> tuple[float, int]:
    return -reach.confidence, reach.distance


def _inherited_tests(
    best: dict[str, tuple[Node, str, Dependent]],
    index: ReverseIndex,
    is_test_file: dict[str, bool],
    testpaths: Sequence[str],
    files: set[str],
    modules_by_path: Mapping[str, Node],
    whole_classes: set[str],
) -> None:
    """Add the tests a subclass in a test file inherits from a reached test's
    class: an abstract base's test method runs as the subclass's (JUnit,
    unittest), and only there."""
    for test, _path, reach in list(best.values()):
        owner_id = test.id.rpartition(".")[0]
        owner = index.nodes.get(owner_id)
        if owner is None or owner.kind != "class":
            continue
        seen = {owner_id}
        todo = [owner_id]
        while todo:
            current = todo.pop()
            for edge in index.incoming.get(current):
                sub = index.nodes.get(edge.source)
                if edge.kind != "inherits" or sub is None or sub.kind != "class":
                    continue
                if sub.id in seen:
                    continue
                seen.add(sub.id)
                todo.append(sub.id)
                if owner_id in whole_classes:
                    whole_classes.add(sub.id)
                known = is_test_file.get(sub.path)
                if known is None:
                    known = is_test_file[sub.path] = _is_test_file(sub.path, testpaths)
                if not known:
                    continue
                inherited = test._replace(
                    id=f"{sub.id}.{test.name}",
                    qualname=f"{sub.qualname}.{test.name}",
                    path=sub.path,
                )
                test_id = _test_id(inherited, sub.path, modules_by_path, index)
                if test_id not in best:
                    best[test_id] = (inherited, sub.path, reach)
                    files.add(sub.path)


def _marked_tests(
    index: ReverseIndex, node: Node, marked: Collection[str], whole_classes: set[str]
) -> list[Node]:
    """The marked tests a reached node of a test file is or runs: itself, or,
    for a set-up, a helper or a class, every marked test of its class (the
    class is then run whole); for the module, every marked test in it."""
    if node.id in marked:
        return [node]
    root = node.id
    if node.kind in ("function", "method"):
        # the innermost class around it: a set-up or helper runs with its tests
        root = ""
        parent_id = node.id
        while "." in parent_id:
            parent_id = parent_id.rsplit(".", 1)[0]
            parent = index.nodes.get(parent_id)
            if parent is None:
                break
            if parent.id in marked:
                return [parent]  # a definition nested in a test
            if parent.kind == "class":
                root = parent.id
                break
        if not root:
            return []
    found: list[Node] = []
    todo = [root]
    while todo:
        current = todo.pop()
        for child_id in index.children.get(current, ()):
            child = index.nodes.get(child_id)
            if child is None:
                continue
            if child.id in marked:
                found.append(child)
                whole_classes.add(current)
            elif child.kind in ("class", "namespace"):  # a nested class, an inline module
                todo.append(child.id)
    return sorted(found, key=lambda n: n.id)


def _test_id(
    test: Node, path: str, modules_by_path: Mapping[str, Node], index: ReverseIndex
) -> str:
    """The test as the runner names it: ``path::Class::test``. Where the
    module's name is no prefix of the test's (a JVM file is named by its path,
    its types by their package), the classes around the test name it."""
    module = modules_by_path.get(path)
    prefix = (module.qualname + ".") if module else ""
    if test.qualname.startswith(prefix):
        relative = test.qualname[len(prefix) :]
    else:
        names = [test.name]
        parent_id = test.id
        while "." in parent_id:
            parent_id = parent_id.rsplit(".", 1)[0]
            parent = index.nodes.get(parent_id)
            if parent is None or parent.kind != "class":
                break
            names.append(parent.name)
        relative = ".".join(reversed(names))
    return path + "::" + relative.replace(".", "::")


def _enclosing_test(index: ReverseIndex, node: Node, rule: LanguageRule) -> list[Node]:
    """The test a nested definition (a helper, a command a test defines) belongs to, if any."""
    parent_id = node.id
    while "." in parent_id:
        parent_id = parent_id.rsplit(".", 1)[0]
        parent = index.nodes.get(parent_id)
        if parent is None or parent.kind not in ("function", "method", "class"):
            return []
        if parent.kind != "class" and parent.name.startswith(rule.test_function_prefix):
            return [parent]
    return []


def _tests_in(
    index: ReverseIndex, node: Node, rule: LanguageRule, memo: dict[str, list[Node]]
) -> list[Node]:
    """The tests a node is or contains (through test classes), iteratively.

    ``memo`` keeps each visited node's tests: a wide change reaches a test
    module and many of its classes and tests, whose subtrees are walked once.
    """
    stack: list[tuple[Node, list[Node] | None]] = [(node, None)]
    while stack:
        current, kids = stack.pop()
        if current.id in memo:
            continue
        if kids is not None:
            memo[current.id] = [test for kid in kids for test in memo[kid.id]]
        elif current.kind in ("function", "method"):
            is_test = current.name.startswith(rule.test_function_prefix)
            memo[current.id] = [current] if is_test else _enclosing_test(index, current, rule)
        elif current.kind == "module" or (
            current.kind == "class" and current.name.startswith(rule.test_class_prefix)
        ):
            kids = [index.nodes[c] for c in index.children.get(current.id, ()) if c in index.nodes]
            stack.append((current, kids))
            stack.extend((kid, None) for kid in kids)
        else:
            memo[current.id] = []
    return memo[node.id]


def _is_test_file(path: str, testpaths: Sequence[str]) -> bool:
    rule = language_for_path(path)
    if rule is None:
        return False
    if not is_test_path(rule, path):
        return False
    if testpaths:
        return any(
            path == root.strip("/") or path.startswith(root.strip("/") + "/")
            for root in testpaths
            if root.strip("/") not in ("", ".")
        ) or any(root.strip("/") in ("", ".") for root in testpaths)
    return True


MAX_REPORT_ITEMS = 200_000


class ReportFormatError(ValueError):
    """A report file that is not a valid report of this version."""


def report_from_json(text: str) -> Report:
    """Load a report written by ``Report.to_json``, checking every field's type.

    The file may come from an untrusted run (a fork's analysis job): anything
    malformed is rejected with ``ReportFormatError``, never half-loaded.
    """
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ReportFormatError(f"not JSON: {error}") from error
    if not isinstance(data, dict) or data.get("format") != "blast-radius-report":
        raise ReportFormatError("not a blast-radius report")
    if data.get("version") != REPORT_FORMAT_VERSION:
        raise ReportFormatError(
            f"report version {data.get('version')!r} is not {REPORT_FORMAT_VERSION}: "
            "produce it with the same version of the action"
        )
    body = {k: v for k, v in data.items() if k not in ("format", "version")}
    try:
        result = _reader(Report)(body)
    except _Unreadable as error:
        where = "report" + "".join(reversed(error.where))
        raise ReportFormatError(f"{where}: {error.problem}") from None
    assert isinstance(result, Report)
    return result


class _Unreadable(Exception):
    """A value that is not of its type: the problem, and where it sits (the
    innermost place first, each container adding its own on the way out)."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.where: list[str] = []


_Read = Callable[[Any], Any]


@functools.cache
def _reader(kind: Any) -> _Read:
    """A function that converts a decoded JSON value to the type ``kind``, or
    raises ``_Unreadable``. Made once per type: a large report holds hundreds of
    thousands of values, and working out a record type's fields again for each
    record took forty times as long as decoding the text."""
    origin = get_origin(kind)
    if kind is Any:
        return _as_is
    if hasattr(kind, "__dataclass_fields__"):
        return _record_reader(kind)
    if origin is tuple:
        return _tuple_reader(_reader(get_args(kind)[0]))
    if origin in (Mapping, dict) or origin is collections.abc.Mapping:
        key_type, value_type = get_args(kind)
        return _mapping_reader(_reader(key_type), _reader(value_type))
    if origin in (Union, UnionType):
        options = get_args(kind)
        return _union_reader(
            type(None) in options,
            tuple(_reader(option) for option in options if option is not type(None)),
        )
    if kind is float:
        return _read_float
    if kind in (str, int, bool):
        return _scalar_reader(kind)
    raise TypeError(f"a report field of an unsupported type {kind!r}")


def _as_is(value: Any) -> Any:
    return value


_PLAIN_TYPES = frozenset({str, int, float, bool})


def _record_reader(kind: Any) -> _Read:
    hints = get_type_hints(kind)
    # A field of a plain type is checked here rather than through a call: most
    # of a report's values are strings and numbers. Decoded JSON holds exactly
    # str, int, float and bool, so the type itself is compared.
    fields = tuple(
        (name, hints[name] if hints[name] in _PLAIN_TYPES else None, _reader(hints[name]))
        for name in kind.__dataclass_fields__
    )
    names = frozenset(kind.__dataclass_fields__)
    required = frozenset(
        name
        for name, info in kind.__dataclass_fields__.items()
        if info.default is MISSING and info.default_factory is MISSING
    )

    def read(value: Any) -> Any:
        if type(value) is not dict:
            raise _Unreadable("expected an object")
        if not names.issuperset(value):
            raise _Unreadable(f"unknown field(s) {sorted(set(value) - names)}")
        arguments = {}
        name = ""
        try:
            for name, plain, read_field in fields:
                if name not in value:
                    if name in required:
                        raise _Unreadable(f"missing field {name!r}")
                    continue
                item = value[name]
                found = type(item)
                if found is plain:
                    arguments[name] = item
                elif plain is float and found is int:
                    arguments[name] = float(item)
                else:
                    arguments[name] = read_field(item)
        except _Unreadable as error:
            if name in value:
                error.where.append(f".{name}")
            raise
        return kind(**arguments)

    return read


def _tuple_reader(read_item: _Read) -> _Read:
    def read(value: Any) -> Any:
        if type(value) is not list or len(value) > MAX_REPORT_ITEMS:
            raise _Unreadable("expected a list")
        try:
            return tuple([read_item(item) for item in value])
        except _Unreadable as error:
            error.where.append(f"[{_first_unreadable(read_item, value)}]")
            raise

    return read


def _first_unreadable(read_item: _Read, items: list[Any]) -> int:
    """The index of the first item ``read_item`` refuses (only on the way to an error)."""
    for index, item in enumerate(items):
        try:
            read_item(item)
        except _Unreadable:
            return index
    return -1


def _mapping_reader(read_key: _Read, read_value: _Read) -> _Read:
    def read(value: Any) -> Any:
        if type(value) is not dict:
            raise _Unreadable("expected an object")
        converted = {}
        key = ""
        try:
            for key, item in value.items():
                converted[read_key(key)] = read_value(item)
        except _Unreadable as error:
            error.where.append(f".{key}")
            raise
        return converted

    return read


def _union_reader(optional: bool, options: tuple[_Read, ...]) -> _Read:
    def read(value: Any) -> Any:
        if value is None and optional:
            return None
        for read_option in options:
            try:
                return read_option(value)
            except _Unreadable:
                continue
        raise _Unreadable("unexpected value")

    return read


def _read_float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Unreadable("expected a number")
    return float(value)


def _scalar_reader(kind: type) -> _Read:
    problem = f"expected {kind.__name__}"

    def read(value: Any) -> Any:
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise _Unreadable(problem)
        return value

    return read
