"""Resolve Go facts into graph nodes and edges.

A package is a directory (its ``_test`` package apart); its files share one
scope. A method belongs to its receiver's type wherever it is declared; a
type's method set includes what its embedded fields promote, the shallowest
first. Receivers are typed by what the code writes (the receiver, parameters,
fields, ``var x T``, composite literals, declared results), so most calls are
certain. An interface is satisfied by every type with its methods: a call on
one binds to the interface's method, and reaches the constructed types that
implement it at a split confidence. Files outside the default build
(linux/amd64, no tags) are read too; their definitions are told apart by
file, and a call that either variant could take is split between them.

Node ids: ``go:<file path>`` for a file's package-level code, ``go:<dir>``
for a package, ``go:<dir>:<Name>`` and ``go:<dir>:<Type>.<Method>`` for
symbols (see ``testdata/go/README.md``).
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from blast_radius.core.facts import (
    ANONYMOUS_SCOPE,
    MODULE_SCOPE,
    VAR_POSITIONAL,
    FileFacts,
    Reference,
)
from blast_radius.core.go_projects import GoProjects
from blast_radius.core.graph import Edge, EntryPoint, FileOutput, Node
from blast_radius.core.resolution import (
    ANNOTATED_CONFIDENCE,
    CERTAIN,
    DISPATCH_TAG,
    NAME_MATCH_TAG,
    CycleMemo,
    dispatched,
    name_matches,
    standing_in,
)

PREFIX = "go:"
BUILD_VARIANT_TAG = "build-variant"
EMBEDS_TAG = "embeds"
IMPLEMENTS_TAG = "implements"
SUBTEST = "titled"
"""The trait of a definition named by a string: a ``t.Run`` subtest."""
PACKAGE_TAG = "package"
RUNTIME_TAG = "runtime"
"""Tags a call the Go runtime makes (a package's ``init`` when it is loaded)."""
"""Tags the ``imports`` edge from a package to each of its files."""
TEST_SUFFIX = "_test"
_MAX_DEPTH = 12
_MAX_IMPLEMENTATIONS = 64
"""An interface with more implementations than this reaches none by dispatch:
the call says nothing about which one runs."""

GOOS = frozenset(
    """aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd
    plan9 solaris wasip1 windows zos""".split()
)
GOARCH = frozenset(
    """386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le
    mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm""".split()
)
DEFAULT_TAGS = frozenset({"linux", "amd64", "unix", "gc", "cgo"})
"""The build the graph calls the default: linux/amd64 with cgo, no custom tags."""
BUILTINS = frozenset(
    """append cap clear close complex copy delete imag len make max min new panic print
    println real recover""".split()
)

_FILE_HOWS = frozenset(
    {"receiver", "package", "constraint", "constructs", "converts", "implementer"}
)
"""Typed facts about the file or a definition, not about a variable."""

Symbol = tuple[str, int]
"""A definition: (file path, definition index), or (path, MODULE_SCOPE) for a file."""

_TOKEN = re.compile(r"\s*(\|\||&&|!|\(|\)|[A-Za-z0-9_.]+)")


def build_constraint_holds(expression: str, tags: frozenset[str] = DEFAULT_TAGS) -> bool:
    """Whether a ``//go:build`` expression holds for the default build; an
    expression that does not parse holds (the file is read as usual)."""
    tokens = []
    position = 0
    while position < len(expression):
        match = _TOKEN.match(expression, position)
        if match is None:
            return True
        tokens.append(match.group(1))
        position = match.end()
        if not expression[position:].strip():
            break
    values: list[bool] = []
    operators: list[str] = []
    precedence = {"||": 1, "&&": 2}

    def reduce() -> None:
        operator = operators.pop()
        right, left = values.pop(), values.pop()
        values.append(left or right if operator == "||" else left and right)

    negate = 0
    try:
        for token in tokens:
            if token == "!":
                negate += 1
            elif token == "(":
                operators.append("!(" if negate % 2 else "(")
                negate = 0
            elif token == ")":
                while operators[-1] not in ("(", "!("):
                    reduce()
                opened = operators.pop()
                if opened == "!(":
                    values.append(not values.pop())
            elif token in precedence:
                while (
                    operators
                    and operators[-1] in precedence
                    and (precedence[operators[-1]] >= precedence[token])
                ):
                    reduce()
                operators.append(token)
            else:
                holds = token in tags or token.startswith("go1.")
                values.append(holds != bool(negate % 2))
                negate = 0
        while operators:
            if operators[-1] in ("(", "!("):
                return True
            reduce()
        return values[-1] if len(values) == 1 else True
    except IndexError:
        return True


def in_default_build(path: str, constraint: str | None) -> bool:
    """Whether a file is built for linux/amd64 without tags, by its name's
    ``_GOOS``/``_GOARCH`` suffixes and its ``//go:build`` line."""
    stem = posixpath.basename(path).removesuffix(".go").removesuffix(TEST_SUFFIX)
    parts = stem.split("_")[1:]
    if parts and parts[-1] in GOARCH:
        if parts[-1] not in DEFAULT_TAGS:
            return False
        parts = parts[:-1]
    if parts and parts[-1] in GOOS and parts[-1] not in DEFAULT_TAGS:
        return False
    if constraint is not None:
        return build_constraint_holds(constraint.removeprefix("//go:build"))
    return True


LIBRARY_INTERFACES: dict[str, dict[str, int]] = {
    "error": {"Error": 0},
    "fmt.Stringer": {"String": 0},
    "io.Reader": {"Read": 1},
    "io.Writer": {"Write": 1},
    "io.Closer": {"Close": 0},
    "io.ReadCloser": {"Read": 1, "Close": 0},
    "io.WriteCloser": {"Write": 1, "Close": 0},
    "io.ReadWriter": {"Read": 1, "Write": 1},
    "io.ReadWriteCloser": {"Read": 1, "Write": 1, "Close": 0},
    "io.StringWriter": {"WriteString": 1},
    "net/http.Handler": {"ServeHTTP": 2},
    "net/http.ResponseWriter": {"Header": 0, "Write": 1, "WriteHeader": 1},
    "net/http.FileSystem": {"Open": 1},
    "net/http.RoundTripper": {"RoundTrip": 1},
    "sort.Interface": {"Len": 0, "Less": 2, "Swap": 2},
    "encoding/json.Marshaler": {"MarshalJSON": 0},
    "encoding/json.Unmarshaler": {"UnmarshalJSON": 1},
    "encoding.TextMarshaler": {"MarshalText": 0},
    "encoding.TextUnmarshaler": {"UnmarshalText": 1},
    "flag.Value": {"String": 0, "Set": 1},
    "database/sql/driver.Valuer": {"Value": 0},
    "database/sql.Scanner": {"Scan": 1},
    "context.Context": {"Deadline": 0, "Done": 0, "Err": 0, "Value": 1},
    "net.Listener": {"Accept": 0, "Close": 0, "Addr": 0},
}
"""Standard library interfaces by import path and name, with their methods'
parameter counts: a call on a value declared with one reaches the constructed
types of the repository that satisfy it (dispatch), as a call on one of the
repository's own interfaces does."""

_MAJOR = re.compile(r"^v[0-9]+$")
_TYPE_KINDS = frozenset(("class", "interface", "type"))
_ASSERTION = re.compile(r"\.\(([^()]*)\)$")


@lru_cache(maxsize=1 << 12)
def external_name(import_path: str) -> str:
    """The name a package outside the repository most likely declares: the
    last path element without a major version (``/v5``, ``.v3``) or ``go-``."""
    parts = import_path.split("/")
    last = parts[-2] if len(parts) > 1 and _MAJOR.match(parts[-1]) else parts[-1]
    last = re.sub(r"\.v[0-9]+$", "", last).removeprefix("go-")
    return last.replace("-", "_").replace(".", "_")


def not_go_code(path: str) -> bool:
    """Whether the go tool skips a file's folder: ``testdata``, or a name that
    starts with ``_`` or ``.``."""
    folders = path.split("/")[:-1]
    return any(f == "testdata" or f.startswith(("_", ".")) for f in folders)


@lru_cache(maxsize=1 << 14)
def _bare_type(expression: str) -> str:
    """``*pkg.T[A]`` as ``pkg.T``; cached, as the same expressions recur in
    every file (``string``, ``len``, ``errors.New``)."""
    return re.split(r"[\[{(]", expression.lstrip("*&("), maxsplit=1)[0].strip()


@lru_cache(maxsize=1 << 14)
def _last_word(expression: str) -> str:
    """The last word of the type an expression names (``T`` of ``*pkg.T[A]``)."""
    return _bare_type(expression).rpartition(".")[2]


@dataclass(slots=True)
class _File:
    facts: FileFacts
    directory: str
    package_name: str
    package_key: str
    default_build: bool
    imports: dict[str, str | None] = field(default_factory=dict)
    """Local name -> package key (None: outside the repository); dot imports under ".N"."""
    bindings: dict[int, set[str]] = field(default_factory=dict)
    typed: dict[tuple[int, str], list[tuple[str, str]]] = field(default_factory=dict)
    receivers: dict[int, str] = field(default_factory=dict)
    """Method definition index -> its receiver's type name."""
    arities: dict[int, tuple[int, bool]] | None = None
    external: dict[str, str] = field(default_factory=dict)
    """Local name -> import path, for the imports of packages outside the repository."""
    named: tuple[list[str], list[str]] | None = None
    """Qualified names and node ids, made when first asked for: a re-index
    after an edit names the nodes of a few files only."""

    @property
    def qualnames(self) -> list[str]:
        """Each definition's qualified name (``go_definition_ids``)."""
        return self._named()[0]

    @property
    def ids(self) -> list[str]:
        """Each definition's node id (``go_definition_ids``)."""
        return self._named()[1]

    def _named(self) -> tuple[list[str], list[str]]:
        if self.named is None:
            self.named = go_definition_ids(self.facts, self.default_build)
        return self.named


def _file_of(facts: FileFacts, file: _File) -> _File:
    """``file`` (its place in the repository made) with what a file's own
    lookups read of its facts: receivers, ids, bindings and types."""
    file.receivers = _receivers(facts)
    for scope, binding in facts.bindings:
        file.bindings.setdefault(scope, set()).add(binding)
    for scope, binding, expression, how in facts.typed:
        if how not in _FILE_HOWS:
            file.typed.setdefault((scope, binding), []).append((expression, how))
    return file


def _package_clause(facts: FileFacts) -> str:
    for scope, _, expression, how in facts.typed:
        if how == "package" and scope == MODULE_SCOPE:
            return expression
    return ""


def _constraint(facts: FileFacts) -> str | None:
    for scope, _, expression, how in facts.typed:
        if how == "constraint" and scope == MODULE_SCOPE:
            return expression
    return None


def package_key(path: str, package_name: str) -> str:
    """The key of the package a file belongs to: its folder, or ``<folder>_test``
    for an external test package."""
    directory = posixpath.dirname(path) or "."
    if package_name.endswith(TEST_SUFFIX) and path.endswith(TEST_SUFFIX + ".go"):
        return directory + TEST_SUFFIX
    return directory


def _receivers(facts: FileFacts) -> dict[int, str]:
    return {
        scope: _bare_type(expression)
        for scope, _, expression, how in facts.typed
        if how == "receiver" and scope != MODULE_SCOPE
    }


def go_definition_ids(
    facts: FileFacts, default_build: bool | None = None
) -> tuple[list[str], list[str]]:
    """Qualified names and node ids of a file's definitions.

    A method is ``Type.Method``; a subtest ``TestX/name`` (spaces as ``_``, as
    ``go test`` names it); a definition in a file outside the default build
    carries ``@<file name>``; ``init`` always does (a package may have many).
    An anonymous scope takes its parent's name and id.
    """
    path = facts.path
    key = package_key(path, _package_clause(facts))
    if default_build is None:
        default_build = in_default_build(path, _constraint(facts))
    receivers = _receivers(facts)
    subtests = {index for index, trait in facts.traits if trait == SUBTEST}
    suffix = "" if default_build else "@" + posixpath.basename(path)
    qualnames: list[str] = []
    ids: list[str] = []
    for index, d in enumerate(facts.definitions):
        if d.kind == ANONYMOUS_SCOPE:
            qualnames.append(path if d.parent == MODULE_SCOPE else qualnames[d.parent])
            ids.append(PREFIX + path if d.parent == MODULE_SCOPE else ids[d.parent])
            continue
        if d.parent == MODULE_SCOPE:
            qualname = receivers[index] + "." + d.name if index in receivers else d.name
        elif index in subtests:
            qualname = qualnames[d.parent] + "/" + re.sub(r"\s", "_", d.name)
        elif qualnames[d.parent] == path:  # inside a function literal at package level
            qualname = d.name
        else:
            qualname = qualnames[d.parent] + "." + d.name
        name_suffix = suffix
        if d.name == "init" and d.parent == MODULE_SCOPE and index not in receivers:
            name_suffix = "@" + posixpath.basename(path)
        qualnames.append(qualname)
        ids.append(f"{PREFIX}{key}:{qualname}{name_suffix}")
    return qualnames, ids


def _node_name(name: str, qualname: str) -> str:
    """A node's name: a subtest is named as ``go test`` runs it (``TestX/name``),
    so that it reads, and counts, as a test."""
    return qualname if "/" in qualname else name


def _node_kind(facts: FileFacts, index: int, receivers: dict[int, str]) -> str:
    d = facts.definitions[index]
    if d.kind == "function" and (
        index in receivers
        or (d.parent != MODULE_SCOPE and facts.definitions[d.parent].kind == "interface")
    ):
        return "method"
    return d.kind


def _inferred_root(files: Iterable[FileFacts], folders: set[str]) -> GoProjects:
    """A repository without ``go.mod`` (GOPATH-era code): the import path its
    own imports most often give its root, from imports whose tail is one of
    its folders (``github.com/docker/docker/api/types`` and ``api/types``)."""
    votes: Counter[str] = Counter()
    for file in files:
        for imp in file.imports:
            parts = imp.source.split("/")
            for start in range(1, len(parts)):
                if "/".join(parts[start:]) in folders:
                    votes["/".join(parts[:start])] += 1
                    break
    if not votes:
        return GoProjects()
    best = max(sorted(votes), key=lambda prefix: votes[prefix])
    return GoProjects(((best, ""),))


class GoResolver:
    """Resolves the facts of every Go file into graph parts."""

    def __init__(
        self,
        facts: Sequence[FileFacts],
        all_paths: Iterable[str],
        projects: GoProjects | None = None,
    ) -> None:
        self._projects = projects or GoProjects()
        self._files: dict[str, _File] = {}
        self._type_cache: dict[tuple[str, str], Symbol | None] = {}
        self._import_keys: dict[str, str | None] = {}
        self._inferred: CycleMemo[tuple[str, str, int, str], list[Symbol]] = CycleMemo(list)
        """The types of bindings and receiver expressions, by kind and place."""
        ordered = sorted(facts, key=lambda f: f.path)
        every_folder = {posixpath.dirname(f.path) or "." for f in ordered}
        if not self._projects.roots:
            self._projects = _inferred_root(ordered, every_folder)
        # `testdata/`, `_x/` and `.x/` are no packages of `./...`, but one may be
        # imported by path (a test's fixture package): then it is read.
        sources = {imp.source for f in ordered for imp in f.imports}
        imported = {
            folder
            for source in sources
            if (folder := self._projects.package_folder(source)) is not None
        }
        folders_with_code: set[str] = set()
        for item in ordered:
            if not_go_code(item.path) and (posixpath.dirname(item.path) or ".") not in imported:
                continue
            name = _package_clause(item)
            file = _file_of(
                item,
                _File(
                    item,
                    posixpath.dirname(item.path) or ".",
                    name,
                    package_key(item.path, name),
                    in_default_build(item.path, _constraint(item)),
                ),
            )
            self._files[item.path] = file
            folders_with_code.add(file.directory)
        self._folders = folders_with_code
        # Package scopes: top-level names -> definitions; methods by type and name.
        self._package_files: dict[str, list[str]] = {}
        self._top: dict[tuple[str, str], list[Symbol]] = {}
        self._values: set[tuple[str, str]] = set()
        self._methods: dict[tuple[str, str], dict[str, list[Symbol]]] = {}
        """Methods by (package key, receiver type name), then by name."""
        self._methods_by_name: dict[str, list[Symbol]] = {}
        self._package_names: dict[str, str] = {}
        type_names: set[str] = set()
        for path, file in self._files.items():
            key = file.package_key
            self._package_files.setdefault(key, []).append(path)
            if file.default_build and not path.endswith(TEST_SUFFIX + ".go"):
                self._package_names.setdefault(key, file.package_name)
            else:
                self._package_names.setdefault("~" + key, file.package_name)
            for index, d in enumerate(file.facts.definitions):
                if d.kind == ANONYMOUS_SCOPE or d.parent != MODULE_SCOPE:
                    continue
                if index in file.receivers:
                    owner = file.receivers[index]
                    by_name = self._methods.setdefault((key, owner), {})
                    by_name.setdefault(d.name, []).append((path, index))
                    self._methods_by_name.setdefault(d.name, []).append((path, index))
                else:
                    self._top.setdefault((key, d.name), []).append((path, index))
                    if d.kind in _TYPE_KINDS:
                        type_names.add(d.name)
            for name in file.bindings.get(MODULE_SCOPE, ()):
                self._values.add((key, name))
        for file in self._files.values():
            for imp in file.facts.imports:
                local = imp.alias
                target = self._import_key(imp.source)
                if local is None:
                    local = self._package_name(target) if target else external_name(imp.source)
                if local == ".":
                    local = f".{len(file.imports)}"
                if local != "_":
                    file.imports[local] = target
                    if target is None:
                        file.external[local] = imp.source
        self._type_names = type_names
        self._method_set_cache: dict[Symbol, dict[str, list[tuple[Symbol, int]]]] = {}
        self._implementations_cache: dict[Symbol, tuple[Symbol, ...]] = {}
        self._interfaces: list[Symbol] | None = None
        self._all_asserted: set[tuple[Symbol, Symbol]] | None = None
        self._library_cache: dict[str, list[Symbol]] = {}
        self._interfaces_by_key: dict[str, list[Symbol]] | None = None
        self._by_method: dict[str, list[Symbol]] | None = None

    # ---- packages ------------------------------------------------------------------

    def _import_key(self, import_path: str) -> str | None:
        """The package key of an import path inside the repository, else None."""
        if import_path not in self._import_keys:
            folder = self._projects.package_folder(import_path)
            self._import_keys[import_path] = folder if folder in self._folders else None
        return self._import_keys[import_path]

    def _package_name(self, key: str | None) -> str:
        if key is None:
            return ""
        return self._package_names.get(key) or self._package_names.get("~" + key, "")

    def _package_node(self, key: str) -> str:
        return PREFIX + key

    # ---- names -----------------------------------------------------------------------

    def _local(self, path: str, scope: int, name: str) -> int | None:
        """The scope whose binding of ``name`` a use in ``scope`` sees, if local."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while current != MODULE_SCOPE:
            if name in file.bindings.get(current, ()) or (current, name) in file.typed:
                return current
            current = defs[current].parent
        return None

    def _top_level(self, key: str, name: str) -> list[Symbol]:
        return self._top.get((key, name), [])

    def _lookup(self, path: str, scope: int, name: str) -> list[Symbol] | str | None:
        """What a bare ``name`` means: definitions (one, or build variants), a
        package key (an import), ``"local"``/``"value"`` for a variable, or None."""
        file = self._files[path]
        if self._local(path, scope, name) is not None:
            return "local"
        if name in file.imports:
            target = file.imports[name]
            return "external" if target is None else "package:" + target
        found = self._top_level(file.package_key, name)
        if found:
            return found
        if (file.package_key, name) in self._values:
            return "value"
        for local, target in file.imports.items():
            if local.startswith(".") and target is not None:
                dotted = self._top_level(target, name)
                if dotted:
                    return dotted
        return None

    def _type_named(self, path: str, scope: int, expression: str) -> Symbol | None:
        """The type an expression (``T``, ``*T``, ``pkg.T``, ``T[A]``) names."""
        # Types are never variables: a qualified type's package is an import of
        # the file even where a local of the same name is in scope (so the
        # answer does not depend on the scope, and is kept per file).
        key = (path, expression)
        if key not in self._type_cache:
            self._type_cache[key] = self._type_named_uncached(path, expression)
        return self._type_cache[key]

    def _type_named_uncached(self, path: str, expression: str) -> Symbol | None:
        bare = _bare_type(expression)
        head, dot, last = bare.partition(".")
        file = self._files[path]
        if dot:
            package = file.imports.get(head)
            candidates = self._top_level(package, last) if package is not None else []
        else:
            candidates = self._top_level(file.package_key, bare)
            for local, target in file.imports.items():
                if not candidates and local.startswith(".") and target is not None:
                    candidates = self._top_level(target, bare)
        types = [s for s in candidates if self._kind(s) in _TYPE_KINDS]
        if len(types) > 1:
            # a type two build variants declare: the default build's
            types = [s for s in types if self._files[s[0]].default_build]
        return types[0] if len(types) == 1 else None

    def _kind(self, symbol: Symbol) -> str:
        if symbol[1] == MODULE_SCOPE:
            return "module"
        return self._files[symbol[0]].facts.definitions[symbol[1]].kind

    # ---- types and method sets ---------------------------------------------------------

    def _embedded(self, type_symbol: Symbol) -> list[Symbol]:
        path, index = type_symbol
        file = self._files[path]
        found = []
        for base in file.facts.bases:
            if base.definition == index:
                target = self._type_named(
                    path, file.facts.definitions[index].parent, base.expression
                )
                if target is not None and target != type_symbol:
                    found.append(target)
        return found

    def _method_set(self, type_symbol: Symbol) -> dict[str, list[tuple[Symbol, int]]]:
        """Methods by name with their embedding depth: the type's own (depth 0),
        then what its embedded fields promote, breadth first; at the shallowest
        depth a name is found, every candidate of that depth is kept (two mean a
        conflict)."""
        cached = self._method_set_cache.get(type_symbol)
        if cached is not None:
            return cached
        result: dict[str, list[tuple[Symbol, int]]] = {}
        seen = {type_symbol}
        level = [type_symbol]
        depth = 0
        while level and depth <= _MAX_DEPTH:
            found_here: dict[str, list[tuple[Symbol, int]]] = {}
            following: list[Symbol] = []
            for current in level:
                path, index = current
                file = self._files[path]
                d = file.facts.definitions[index]
                if d.kind == "interface":
                    for child_index, child in enumerate(file.facts.definitions):
                        if child.parent == index and child.kind == "function":
                            found_here.setdefault(child.name, []).append(
                                ((path, child_index), depth)
                            )
                elif d.parent == MODULE_SCOPE:
                    own = self._methods.get((file.package_key, d.name), {})
                    for name, methods in own.items():
                        for method in methods:
                            found_here.setdefault(name, []).append((method, depth))
                for embedded in self._embedded(current):
                    if embedded not in seen:
                        seen.add(embedded)
                        following.append(embedded)
            for name, candidates in found_here.items():
                result.setdefault(name, candidates)
            level = following
            depth += 1
        self._method_set_cache[type_symbol] = result
        return result

    def _member(self, type_symbol: Symbol, name: str) -> list[Symbol]:
        """The methods a selector ``x.name`` on a value of the type may run: one,
        or several build variants; none when embedding makes it ambiguous."""
        candidates = self._method_set(type_symbol).get(name, [])
        if not candidates:
            return []
        owners = {self._owner_of(s) for s, _ in candidates}
        if len(owners) > 1:
            return []  # two embedded fields promote it at the same depth
        return [s for s, _ in candidates]

    def _owner_of(self, method: Symbol) -> tuple[str, str]:
        file = self._files[method[0]]
        d = file.facts.definitions[method[1]]
        if method[1] in file.receivers:
            return file.package_key, file.receivers[method[1]]
        return file.package_key, file.facts.definitions[d.parent].name

    def _field_type(self, type_symbol: Symbol, name: str, how: str = "field") -> Symbol | None:
        """The type of field ``name`` (own or promoted) of a struct type."""
        seen = {type_symbol}
        level = [type_symbol]
        for _ in range(_MAX_DEPTH):
            found = []
            following = []
            for current in level:
                path, index = current
                file = self._files[path]
                for expression, kind in file.typed.get((index, name), ()):
                    if kind == how:
                        target = self._type_named(path, index, expression)
                        if target is not None:
                            found.append(target)
                for embedded in self._embedded(current):
                    if (
                        how == "field"
                        and self._files[embedded[0]].facts.definitions[embedded[1]].name == name
                    ):
                        found.append(embedded)  # `g.User`: the embedded field itself
                    if embedded not in seen:
                        seen.add(embedded)
                        following.append(embedded)
            if found:
                return found[0] if len(set(found)) == 1 else None
            if not following:
                return None
            level = following
        return None

    def _return_type(self, function: Symbol, which: str = "annotated") -> Symbol | None:
        """The type a function's first result (``which="second"``: its second) is
        declared with."""
        path, index = function
        file = self._files[path]
        for scope, expression, how in file.facts.returns:
            if scope == index and how == which:
                return self._type_named(path, file.facts.definitions[index].parent, expression)
        return None

    def _variable_types(self, path: str, scope: int, name: str, depth: int = 0) -> list[Symbol]:
        """The types a local variable, parameter or receiver may have (several for a
        type switch's cases)."""
        if depth > _MAX_DEPTH:
            return []
        local = self._local(path, scope, name)
        if local is not None:
            holders = [(path, local)]
            key: tuple[str, int, str] = (path, local, name)
        elif self._lookup(path, scope, name) == "value":
            # a package-level `var`, typed in whichever file of the package holds it
            package = self._files[path].package_key
            holders = [(p, MODULE_SCOPE) for p in self._package_files.get(package, ())]
            key = (package, MODULE_SCOPE, name)
        else:
            return []

        def compute() -> list[Symbol]:
            found: list[Symbol] = []
            for holder_path, owner in holders:
                for target in self._typed_targets(holder_path, owner, name, depth):
                    if target not in found:
                        found.append(target)
            return found

        return self._inferred.get(("binding", *key), compute)

    def _typed_targets(self, path: str, owner: int, name: str, depth: int) -> list[Symbol]:
        """The types the typed facts of one binding give."""
        found: list[Symbol] = []
        for expression, how in self._files[path].typed.get((owner, name), ()):
            target: Symbol | None = None
            if how in ("receiver", "annotated", "constructed", "asserted"):
                target = self._type_named(path, owner, expression)
            elif how in ("called", "second"):
                callees = self._callees(path, owner, expression, depth + 1)
                if len(callees) == 1 and self._kind(callees[0]) == "function":
                    target = self._return_type(
                        callees[0], "annotated" if how == "called" else "second"
                    )
            elif how == "ranged":
                target = self._elements(path, owner, expression, depth + 1)
            elif how == "assigned" and expression != name:
                held = self._expression_types(path, owner, expression, depth + 1)
                target = held[0] if len(held) == 1 else None
            if target is not None and target not in found:
                found.append(target)
        return found

    def _elements(self, path: str, scope: int, expression: str, depth: int) -> Symbol | None:
        """What ranging over ``expression`` (a variable or a field) gives."""
        parts = expression.split(".")
        file = self._files[path]
        if len(parts) == 1:
            owner = self._local(path, scope, parts[0])
            for element, how in file.typed.get((owner, parts[0]), ()) if owner is not None else ():
                if how == "elements":
                    return self._type_named(path, owner or MODULE_SCOPE, element)
            return None
        holders = self._expression_types(path, scope, ".".join(parts[:-1]), depth)
        if len(holders) == 1:
            return self._field_type(holders[0], parts[-1], "elements")
        return None

    def _expression_types(self, path: str, scope: int, expression: str, depth: int) -> list[Symbol]:
        """The types of what a receiver expression (``s``, ``s.db``, ``f()``,
        ``s.repo().conn``) evaluates to (kept per scope: each is computed once)."""
        if depth > _MAX_DEPTH:
            return []
        return self._inferred.get(
            ("expression", path, scope, expression),
            lambda: self._expression_types_uncached(path, scope, expression, depth),
        )

    def _expression_types_uncached(
        self, path: str, scope: int, expression: str, depth: int
    ) -> list[Symbol]:
        asserted = _ASSERTION.search(expression)
        if asserted is not None:  # `sh.(Square).Side()`
            named = self._type_named(path, scope, asserted.group(1))
            return [named] if named is not None else []
        if expression.endswith("{}"):  # `jsonBinding{}.BindBody()`
            literal = self._type_named(path, scope, expression[:-2])
            return [literal] if literal is not None else []
        if expression.endswith("()"):
            callees = self._callees(path, scope, expression[:-2], depth + 1)
            types = [
                t for c in callees if self._kind(c) == "function" for t in [self._return_type(c)]
            ]
            found = [t for t in types if t is not None]
            return found[:1] if len(set(found)) == 1 else []
        head, dot, last = expression.rpartition(".")
        if not dot:
            return self._variable_types(path, scope, expression, depth)
        holders = self._expression_types(path, scope, head, depth + 1)
        if len(holders) != 1:
            return []
        field_type = self._field_type(holders[0], last)
        return [field_type] if field_type is not None else []

    def _callees(self, path: str, scope: int, expression: str, depth: int = 0) -> list[Symbol]:
        """The definitions calling ``expression`` runs (several for build variants)."""
        head, dot, last = expression.rpartition(".")
        if not dot:
            found = self._lookup(path, scope, expression)
            return found if isinstance(found, list) else []
        if "." not in head and not head.endswith("()"):
            target = self._lookup(path, scope, head)
            if isinstance(target, str) and target.startswith("package:"):
                return self._top_level(target[8:], last)
            if (
                isinstance(target, list)
                and len(target) == 1
                and self._kind(target[0]) != "function"
            ):
                return self._member(target[0], last)  # `T.Method` expression
        holders = self._expression_types(path, scope, head, depth + 1)
        if len(holders) == 1:
            return self._member(holders[0], last)
        return []

    # ---- interfaces -----------------------------------------------------------------------

    def _all_interfaces(self) -> list[Symbol]:
        if self._interfaces is None:
            self._interfaces = [
                (path, index)
                for path, file in self._files.items()
                for index, d in enumerate(file.facts.definitions)
                if d.kind == "interface" and d.parent == MODULE_SCOPE
            ]
        return self._interfaces

    def _arity(self, function: Symbol) -> tuple[int, bool] | None:
        """A function's parameter count and whether it is variadic, if read."""
        file = self._files[function[0]]
        if file.arities is None:
            file.arities = {
                s.definition: (
                    len(s.parameters),
                    any(p.kind == VAR_POSITIONAL for p in s.parameters),
                )
                for s in file.facts.signatures
            }
        return file.arities.get(function[1])

    def _satisfies(self, type_symbol: Symbol, interface: Symbol) -> bool:
        """Whether the type's method set has each of the interface's methods, by
        name and, where both are read, by parameter count."""
        wanted = self._method_set(interface)
        if not wanted:
            return False  # `interface{}` and constraint-only interfaces: everything
        have = self._method_set(type_symbol)
        for name, needed in wanted.items():
            offered = have.get(name)
            if not offered:
                return False
            want, got = self._arity(needed[0][0]), self._arity(offered[0][0])
            if want is not None and got is not None and want != got:
                return False
        return True

    def _implementations(self, interface: Symbol) -> tuple[Symbol, ...]:
        """The constructed types of the repository whose method sets satisfy it."""
        cached = self._implementations_cache.get(interface)
        if cached is None:
            names = sorted(self._method_set(interface))
            candidates = self._constructed_with(names[0]) if names else []
            cached = tuple(t for t in candidates if self._satisfies(t, interface))
            self._implementations_cache[interface] = cached
        return cached

    def _constructed(self) -> set[Symbol]:
        """The types of the repository that some file constructs or converts to,
        worked out once, when a call is first dispatched."""
        constructed: set[Symbol] = set()
        type_names = self._type_names
        # A call or literal whose last word names no type of the repository
        # (``len``, ``errors.New``: most of them) constructs none of its types.
        for path, file in self._files.items():
            for scope, _, expression, how in file.facts.typed:
                if how in _MADE and _last_word(expression) in type_names:
                    found = self._type_named(path, scope, expression)
                    if found is not None and self._kind(found) != "function":
                        constructed.add(found)
        return constructed

    def _constructed_with(self, name: str) -> list[Symbol]:
        """The constructed types (no interfaces) whose method sets have ``name``,
        in order."""
        if self._by_method is None:
            self._by_method = {}
            for t in sorted(self._constructed()):
                if self._kind(t) != "interface":
                    for method in self._method_set(t):
                        self._by_method.setdefault(method, []).append(t)
        return self._by_method.get(name, [])

    def _asserted(self, path: str) -> set[tuple[Symbol, Symbol]]:
        """(type, interface) pairs a file asserts with ``var _ I = (*T)(nil)``."""
        found = set()
        for scope, name, expression, how in self._files[path].facts.typed:
            if how == "implementer":
                concrete = self._type_named(path, scope, expression)
                interface = self._type_named(path, scope, name)
                if concrete is not None and interface is not None:
                    found.add((concrete, interface))
        return found

    # ---- references ---------------------------------------------------------------------

    def _resolve(
        self, path: str, ref: Reference
    ) -> tuple[list[tuple[Symbol, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        """Targets of one reference, the edges' tags, and the implementations a
        call on an interface reaches besides (tagged ``dispatch``)."""
        scope = ref.scope
        receiver = ref.receiver
        call = ref.kind == "call"
        if receiver is None:
            if call and ref.name in BUILTINS and self._lookup(path, scope, ref.name) is None:
                return [], (), []
            found = self._lookup(path, scope, ref.name)
            if not isinstance(found, list):
                return [], (), []
            return self._split(found), self._variant_tags(found), []
        if receiver in ("?", "#literal"):
            return (self._by_name(ref.name) if call else []), (NAME_MATCH_TAG,), []
        head = receiver.split(".", 1)[0]
        if "." not in receiver and not receiver.endswith("()"):
            target = self._lookup(path, scope, head)
            if target == "external":
                return [], (), []
            if isinstance(target, str) and target.startswith("package:"):
                found = self._top_level(target[8:], ref.name)
                return self._split(found), self._variant_tags(found), []
            if (
                isinstance(target, list)
                and len(target) == 1
                and self._kind(target[0]) != "function"
            ):
                found = self._member(target[0], ref.name)  # `T.Method`
                return self._split(found), self._variant_tags(found), []
        holders = self._expression_types(path, scope, receiver, 0)
        if holders:
            targets: list[tuple[Symbol, float]] = []
            overrides: list[tuple[Symbol, float]] = []
            share = CERTAIN / len(holders)
            for holder in holders:
                members = self._member(holder, ref.name)
                if not members:
                    continue
                targets += [(m, share / len(members)) for m in members]
                for member in members if call else ():
                    # an interface's method (the receiver's, or one an embedded
                    # interface promotes): what runs is an implementation's
                    parent = self._files[member[0]].facts.definitions[member[1]].parent
                    if parent == MODULE_SCOPE or self._kind((member[0], parent)) != "interface":
                        continue
                    implementations = self._implementations((member[0], parent))
                    if len(implementations) <= _MAX_IMPLEMENTATIONS:
                        reached = [m for t in implementations for m in self._member(t, ref.name)]
                        overrides += dispatched(reached, share / len(members))
            if len(holders) > 1 and len(targets) == 1:
                targets = [(targets[0][0], CERTAIN)]  # only one case's type has it
            tags = self._variant_tags([t for t, _ in targets])
            return targets, tags, overrides
        if call:
            interface = self._library_interface(path, scope, receiver)
            if interface is not None:
                return [], (), self._library_dispatch(interface, ref.name)
        if not call or self._external_receiver(path, scope, receiver):
            return [], (), []
        return self._by_name(ref.name), (NAME_MATCH_TAG,), []

    def _library_interface(self, path: str, scope: int, receiver: str) -> str | None:
        """The standard library interface a receiver (a variable, or a field of a
        typed value) is declared with: ``net/http.Handler``, ``io.Writer``."""
        head, dot, last = receiver.rpartition(".")
        if not dot:
            owner = self._local(path, scope, receiver)
            typed = self._files[path].typed.get((owner, receiver), ()) if owner is not None else ()
            written = [(path, e) for e, how in typed if how in ("annotated", "receiver")]
        else:
            holders = self._expression_types(path, scope, head, 0)
            if len(holders) != 1:
                return None
            holder_path, index = holders[0]
            written = [
                (holder_path, e)
                for e, how in self._files[holder_path].typed.get((index, last), ())
                if how == "field"
            ]
        if len(written) != 1:
            return None
        where, expression = written[0]
        package, _, name = _bare_type(expression).rpartition(".")
        source = self._files[where].external.get(package) if package else ""
        qualified = f"{source}.{name}" if source else name
        return qualified if qualified in LIBRARY_INTERFACES else None

    def _library_dispatch(self, interface: str, name: str) -> list[tuple[Symbol, float]]:
        """A call of a library interface's method: the constructed types of the
        repository with every method of the interface may be what runs."""
        methods = LIBRARY_INTERFACES[interface]
        if name not in methods:
            return []
        cached = self._library_cache.get(interface)
        if cached is None:
            cached = []
            for candidate in self._constructed_with(min(methods)):
                have = self._method_set(candidate)
                if all(
                    m in have and (a := self._arity(have[m][0][0])) is not None and a[0] == count
                    for m, count in methods.items()
                ):
                    cached.append(candidate)
            self._library_cache[interface] = cached
        if len(cached) > _MAX_IMPLEMENTATIONS:
            return []
        reached = [m for t in cached for m in self._member(t, name)]
        return dispatched(reached, CERTAIN)

    def _external_receiver(self, path: str, scope: int, receiver: str) -> bool:
        """Whether the receiver is known to be none of the repository's: an
        external package, or a variable whose written type is outside."""
        head = receiver.split(".", 1)[0].removesuffix("()")
        target = self._lookup(path, scope, head)
        if target == "external":
            return True
        if target != "local":
            return False
        owner = self._local(path, scope, head)
        typed = self._files[path].typed.get((owner, head), ()) if owner is not None else ()
        if not typed:
            return False
        if all(self._outside_value(path, scope, _bare_type(e)) for e, _ in typed):
            # `r *http.Request`, `t := time.NewTimer()`: what a chain from an
            # external value reaches is outside too (`r.URL.Query().Get`)
            return True
        # A variable of a known type without that method: not a name match either.
        return "." not in receiver and all(
            how in ("annotated", "receiver", "constructed") for _, how in typed
        )

    def _outside_value(self, path: str, scope: int, expression: str) -> bool:
        """Whether an expression starts at a package outside the repository
        (``time.NewTimer``)."""
        head = expression.split(".", 1)[0]
        return "." in expression and self._lookup(path, scope, head) == "external"

    def _split(self, found: Sequence[Symbol]) -> list[tuple[Symbol, float]]:
        if not found:
            return []
        return [(s, CERTAIN / len(found)) for s in found]

    def _variant_tags(self, found: Sequence[Symbol]) -> tuple[str, ...]:
        return (BUILD_VARIANT_TAG,) if len(set(found)) > 1 else ()

    def _by_name(self, name: str) -> list[tuple[Symbol, float]]:
        return name_matches(name, self._methods_by_name.get(name, ()))

    # ---- building ----------------------------------------------------------------------------

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {
            path: self._build_file(path) if path in self._files else FileOutput((), (), {})
            for path in paths
        }

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface."""
        held = self._files.get(facts.path)
        if held is None:
            return FileOutput((), (), {})  # as ``build``: a file the go tool skips
        # Its package and imports are read the same from either.
        place = _File(
            facts,
            held.directory,
            held.package_name,
            held.package_key,
            held.default_build,
            imports=held.imports,
            external=held.external,
        )
        with standing_in(self._files, facts.path, _file_of(facts, place)):
            return self._build_file(facts.path)

    def _symbol_id(self, symbol: Symbol) -> str:
        file = self._files[symbol[0]]
        return PREFIX + symbol[0] if symbol[1] == MODULE_SCOPE else file.ids[symbol[1]]

    def _build_file(self, path: str) -> FileOutput:
        file = self._files[path]
        facts = file.facts
        module_id = PREFIX + path
        key = file.package_key
        nodes = [
            Node(
                module_id,
                "module",
                posixpath.basename(path),
                path,
                path,
                1,
                max(facts.line_count, 1),
                "go",
            )
        ]
        edges = [Edge("file:" + path, module_id, "contains", CERTAIN, 1)]
        if self._package_files[key][0] == path:
            # The package's node comes with its first file; it holds every file.
            nodes.append(
                Node(
                    self._package_node(key),
                    "package",
                    file.package_name or key,
                    key,
                    file.directory,
                    0,
                    0,
                    "go",
                )
            )
            for member in self._package_files[key]:
                package_id = self._package_node(key)
                edges.append(Edge(package_id, PREFIX + member, "contains", CERTAIN, 1))
                # Importing a package runs all of its files: what imports the
                # package reaches a file's package-level code through this edge.
                edges.append(
                    Edge(package_id, PREFIX + member, "imports", CERTAIN, 1, (PACKAGE_TAG,))
                )
        defs = facts.definitions
        seen_ids: set[str] = set()
        for index, d in enumerate(defs):
            if d.kind == ANONYMOUS_SCOPE:
                continue
            symbol_id = file.ids[index]
            if symbol_id in seen_ids:
                continue
            seen_ids.add(symbol_id)
            parent_id = module_id
            if index in file.receivers:
                owner = self._top_level(key, file.receivers[index])
                if len(owner) == 1 and owner[0][0] == path:
                    parent_id = self._symbol_id(owner[0])
            elif d.parent != MODULE_SCOPE:
                parent_id = file.ids[d.parent]
            nodes.append(
                Node(
                    symbol_id,
                    _node_kind(facts, index, file.receivers),
                    _node_name(d.name, file.qualnames[index]),
                    file.qualnames[index],
                    path,
                    d.start_line,
                    d.end_line,
                    "go",
                )
            )
            edges.append(Edge(parent_id, symbol_id, "contains", CERTAIN, d.start_line))
        counts = {"resolved": 0, "name_matched": 0, "ambiguous": 0, "unresolved": 0}
        for imp in facts.imports:
            target = self._import_key(imp.source)
            if target is None:
                counts["unresolved"] += 1
                continue
            edges.append(Edge(module_id, self._package_node(target), "imports", CERTAIN, imp.line))
        entered: set[EntryPoint] = set()
        for ref in facts.references:
            targets, tags, overrides = self._resolve(path, ref)
            if not targets and not overrides:
                counts["unresolved"] += 1
                continue
            if NAME_MATCH_TAG in tags:
                counts["name_matched"] += 1
                if len(targets) > 1:
                    counts["ambiguous"] += 1
            else:
                counts["resolved"] += 1
            source_id = PREFIX + path if ref.scope == MODULE_SCOPE else file.ids[ref.scope]
            calls_type = (
                ref.kind == "call"
                and bool(targets)
                and all(self._kind(t) != "function" for t, _ in targets)
            )
            kind = "calls" if ref.kind == "call" and not calls_type else "references"
            if ref.kind in ("route", "command") and not tags:
                entered.update(
                    EntryPoint(
                        self._symbol_id(t), "http-route" if ref.kind == "route" else "cli-command"
                    )
                    for t, _ in targets
                    if self._kind(t) == "function"
                )
            tagged = [(t, tags) for t in targets] + [(o, (DISPATCH_TAG,)) for o in overrides]
            for (symbol, confidence), edge_tags in tagged:
                target_id = self._symbol_id(symbol)
                if target_id != source_id:
                    edges.append(Edge(source_id, target_id, kind, confidence, ref.line, edge_tags))
        for base in facts.bases:
            owner_symbol = (path, base.definition)
            parent = self._type_named(path, defs[base.definition].parent, base.expression)
            if parent is not None and parent != owner_symbol:
                edges.append(
                    Edge(
                        file.ids[base.definition],
                        self._symbol_id(parent),
                        "inherits",
                        CERTAIN,
                        base.line,
                        (EMBEDS_TAG,),
                    )
                )
        edges += self._implements_edges(path)
        for index, d in enumerate(defs):
            if d.name == "init" and d.parent == MODULE_SCOPE and index not in file.receivers:
                # the runtime runs a package's `init` functions when it is loaded
                edges.append(
                    Edge(module_id, file.ids[index], "calls", CERTAIN, d.start_line, (RUNTIME_TAG,))
                )
        if path.endswith(TEST_SUFFIX + ".go") and key == file.directory:
            # a test file of the package itself is built with all its files
            edges.append(
                Edge(module_id, self._package_node(key), "imports", CERTAIN, 1, (PACKAGE_TAG,))
            )
        return FileOutput(tuple(nodes), tuple(edges), counts, self._entry_points(path, entered))

    def _implements_edges(self, path: str) -> list[Edge]:
        """``inherits`` edges (tagged ``implements``) from the file's types to the
        interfaces they satisfy: certain when asserted, else by method names."""
        file = self._files[path]
        if self._all_asserted is None:
            self._all_asserted = {pair for other in self._files for pair in self._asserted(other)}
        asserted = {pair for pair in self._all_asserted if pair[0][0] == path}
        if self._interfaces_by_key is None:
            # an interface is looked at only for types having its first method
            self._interfaces_by_key = {}
            for interface in self._all_interfaces():
                names = sorted(self._method_set(interface))
                if names:
                    self._interfaces_by_key.setdefault(names[0], []).append(interface)
        edges = []
        for index, d in enumerate(file.facts.definitions):
            if d.parent != MODULE_SCOPE or d.kind not in ("class", "type"):
                continue
            symbol = (path, index)
            embedded = set(self._embedded(symbol))
            candidates = {
                i
                for name in self._method_set(symbol)
                for i in self._interfaces_by_key.get(name, ())
            }
            candidates |= {i for s, i in asserted if s == symbol}
            for interface in sorted(candidates):
                if interface in embedded:
                    continue  # embedding it says more: the `embeds` edge
                if (symbol, interface) in asserted:
                    confidence = CERTAIN
                elif self._satisfies(symbol, interface):
                    confidence = ANNOTATED_CONFIDENCE
                else:
                    continue
                edges.append(
                    Edge(
                        file.ids[index],
                        self._symbol_id(interface),
                        "inherits",
                        confidence,
                        d.start_line,
                        (IMPLEMENTS_TAG,),
                    )
                )
        return edges

    def _entry_points(self, path: str, entered: set[EntryPoint]) -> tuple[EntryPoint, ...]:
        file = self._files[path]
        found = set(entered)
        for kind, scope in file.facts.entry_points:
            found.add(EntryPoint(PREFIX + path if scope == MODULE_SCOPE else file.ids[scope], kind))
        test_file = path.endswith(TEST_SUFFIX + ".go")
        public = (
            file.package_name not in ("main", "")
            and not test_file
            and "internal" not in file.directory.split("/")
        )
        for index, d in enumerate(file.facts.definitions):
            if d.kind == ANONYMOUS_SCOPE or d.parent != MODULE_SCOPE:
                continue
            if index not in file.receivers and d.name == "main" and file.package_name == "main":
                found.add(EntryPoint(file.ids[index], "main"))
            elif index not in file.receivers and d.name == "init" and d.kind == "function":
                found.add(EntryPoint(file.ids[index], "init"))
            elif public and d.name[:1].isupper():
                owner = file.receivers.get(index)
                if owner is None or owner[:1].isupper():
                    found.add(EntryPoint(file.ids[index], "public-api"))
        return tuple(sorted(found, key=lambda e: (e.id, e.kind)))


def go_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes name them."""
    if not_go_code(facts.path):
        return []
    qualnames, ids = go_definition_ids(facts)
    receivers = _receivers(facts)
    seen: set[str] = set()
    found = []
    for index, d in enumerate(facts.definitions):
        if d.kind == ANONYMOUS_SCOPE or ids[index] in seen:
            continue
        seen.add(ids[index])
        found.append(
            (
                ids[index],
                _node_kind(facts, index, receivers),
                _node_name(d.name, qualnames[index]),
                d.start_line,
                d.end_line,
                d.body_line,
            )
        )
    return found


_MADE = ("constructs", "converts")
_INTERFACE_HOWS = frozenset(
    {"receiver", "field", "elements", "package", "constraint", "implementer"}
)


def go_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files may read of this one: definitions, imports,
    embedding, return types, package-level bindings, the types of receivers and
    fields, the package clause and build line, and which types it constructs."""
    constructs = sorted(
        {
            (MODULE_SCOPE, name, expression, how)
            for _, name, expression, how in facts.typed
            if how in _MADE
        }
    )
    typed = [
        t
        for t in facts.typed
        if t[3] in _INTERFACE_HOWS or (t[0] == MODULE_SCOPE and t[3] not in _MADE)
    ]
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=facts.imports,
        references=(),
        bases=facts.bases,
        bindings=tuple(b for b in facts.bindings if b[0] == MODULE_SCOPE),
        typed=tuple(typed + constructs),
        exports=facts.exports,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        returns=facts.returns,
        traits=facts.traits,
        signatures=facts.signatures,
    )
