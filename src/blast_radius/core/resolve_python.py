"""Python resolution: module names, imports, calls, references and inheritance.

Precision first. An edge gets confidence 1.0 only when scope and import rules
bind the name to exactly one definition. A call on a receiver whose type is
unknown is matched by method name, split among at most five candidates and
never certain. Names that resolve outside the repository give no edge.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from blast_radius.core.facts import (
    ANONYMOUS_SCOPE,
    KEYWORD_ONLY,
    LITERAL_RECEIVER,
    MODULE_SCOPE,
    POSITIONAL_OR_KEYWORD,
    RECEIVER_NONE,
    RESULT_ANNOTATION,
    RESULT_CONSTRUCTED,
    RESULT_NAMED,
    RESULT_YIELD,
    Definition,
    FileFacts,
    Import,
    LiteralArgument,
    Reference,
    Result,
)
from blast_radius.core.graph import FRAMEWORK_CALL_TAG, Edge, EntryPoint, FileOutput, Node
from blast_radius.core.languages import is_test_path, language_by_name
from blast_radius.core.resolution import (
    ANNOTATED_CONFIDENCE,
    DISPATCH_TAG,
    NAME_MATCH_CONFIDENCE,
    dispatched,
    name_matches,
    standing_in,
)

LANGUAGE = "python"
PREFIX = "python:"

FIXTURE_CONFIDENCE = 1.0
"""A test (or fixture) to a fixture it requests: pytest's lookup rules bind the name."""
FIXTURE_VALUE_CONFIDENCE = ANNOTATED_CONFIDENCE
"""The type of a fixture's value, from its return annotation or the class it returns."""
FIXTURE_TAG = FRAMEWORK_CALL_TAG
"""Tags the edges pytest or unittest run, not the code: fixtures, set-up and tear-down."""
FIXTURE_DECORATORS = frozenset(
    {"pytest.fixture", "_pytest.fixtures.fixture", "pytest_asyncio.fixture"}
)
USEFIXTURES_MARKS = frozenset({"pytest.mark.usefixtures"})
PARAMETRIZE_MARKS = frozenset({"pytest.mark.parametrize"})
_PYTHON_RULE = language_by_name(LANGUAGE)
_FIXTURE_DECORATOR_NAMES = frozenset(d.rpartition(".")[2] for d in FIXTURE_DECORATORS)
_MARK_NAMES = frozenset(m.rpartition(".")[2] for m in USEFIXTURES_MARKS | PARAMETRIZE_MARKS)
UNITTEST_SETUP = ("setUp", "tearDown", "asyncSetUp", "asyncTearDown", "setUpClass", "tearDownClass")
"""What unittest runs around each test of a ``TestCase`` subclass."""
XUNIT_SETUP = ("setup_method", "teardown_method", "setup_class", "teardown_class")
"""What pytest runs around each test of a test class (its xunit-style set-up)."""
UNITTEST_CASE_SUFFIX = "TestCase"
"""An imported base class named ``*TestCase`` (``unittest.TestCase``, Django's) makes a
class a unittest test case."""
RETURN_CONFIDENCE = 0.9
"""A type known from what a function returns (its annotation, or the class every
``return`` constructs): a subclass instance, or something else, may come back."""
MODULE_GETATTR_CONFIDENCE = 0.9
"""A module's ``__getattr__`` serving a name the module does not define: the name
may still be set at run time."""
IMPLICIT = "implicit"
READ = "read"
PREFIXED = "prefixed"
PREFIXED_CONFIDENCE = 0.5
"""``getattr(obj, "visit_" + name)``: each method of the receiver's class (or of a
subclass) named with the prefix, this share split between them."""
DYNAMIC_TAG = "dynamic"  # one of graph.UNWRITTEN_CALL_TAGS
"""Tags a call through a method name built at run time."""
CALLBACK_CONFIDENCE = 0.25
"""A method the repository does not define, called on an instance of a class
with an external base: the external method may call back the methods the class
defines over it. This share of the receiver's confidence, split between them."""
CALLBACK_TAG = "callback"  # one of graph.UNWRITTEN_CALL_TAGS
"""Tags a call that reaches a method only through an external base class's code."""
NO_CALLBACK_MODULES = frozenset(language_by_name("python").callback_free_modules)
"""External bases that call nothing back (``LanguageRule.callback_free_modules``)."""
CONSTRUCTION_METHODS = ("__init__", "__new__", "__post_init__")
"""The methods ``ClassName(...)`` runs, when the class (or a base) defines them."""

_MAX_CHAIN = 40
_MAX_TYPE_DEPTH = 8
_NO_CUT = 1 << 30
_MAX_MRO = 200
_DEFAULT_ROOTS = ("", "src", "lib")
_PROJECT_FILES = ("pyproject.toml", "setup.py", "setup.cfg")

Symbol = tuple[str, int]
"""A resolved target: (module name, definition index or MODULE_SCOPE for the module)."""


class Opaque(Enum):
    """A name that is bound, but not to something the repository defines."""

    UNKNOWN = "unknown"
    """A local variable, a parameter, or an attribute of one: its type is not known."""
    EXTERNAL = "external"
    """Bound by an import of a module outside the repository."""


Resolution = Symbol | Opaque | None
"""A symbol; an opaque binding; or None when nothing binds the name."""


def _bound_name(imp: Import) -> str:
    """The name an import statement binds (``import a.b`` binds ``a``)."""
    return imp.alias or (imp.name if imp.name is not None else imp.source.split(".")[0])


def _enclosing_class(defs: Sequence[Definition], scope: int) -> int | None:
    """The class whose method ``scope`` is (or is nested in), if any."""
    current = scope
    while current != MODULE_SCOPE:
        d = defs[current]
        if d.kind == "function" and d.parent != MODULE_SCOPE and defs[d.parent].kind == "class":
            return d.parent
        current = d.parent
    return None


@dataclass(slots=True)
class _Scopes:
    """A module's imports, bindings and typed names, by scope."""

    imports: dict[int, dict[str, list[Import]]] = field(default_factory=dict)
    stars: list[Import] = field(default_factory=list)
    bindings: dict[int, set[str]] = field(default_factory=dict)
    binding_counts: dict[tuple[int, str], int] = field(default_factory=dict)
    typed: dict[tuple[int, str], list[tuple[str, str]]] = field(default_factory=dict)
    typed_in: dict[tuple[int, str], int] = field(default_factory=dict)
    """The scope of a typed name's first typed binding (a method, for ``self.attr``)."""
    typed_names: set[str] = field(default_factory=set)
    """Every name with a typed binding in some scope."""

    @staticmethod
    def of(facts: FileFacts) -> _Scopes:
        scopes = _Scopes()
        for imp in facts.imports:
            if imp.name == "*":
                if imp.scope == MODULE_SCOPE:
                    scopes.stars.append(imp)
                continue
            scopes.imports.setdefault(imp.scope, {}).setdefault(_bound_name(imp), []).append(imp)
        defs = facts.definitions
        bindings = scopes.bindings
        counts = scopes.binding_counts
        for scope, name in facts.bindings:
            if name.startswith("self."):
                # Attributes of self belong to the class, whichever method sets them.
                owner = _enclosing_class(defs, scope)
                if owner is None:
                    continue
            else:
                owner = scope
                names = bindings.get(scope)
                if names is None:
                    names = bindings[scope] = set()
                names.add(name)
            key = (owner, name)
            counts[key] = counts.get(key, 0) + 1
        for scope, name, expression, how in facts.typed:
            owner = _enclosing_class(defs, scope) if name.startswith("self.") else scope
            if owner is not None:
                scopes.typed.setdefault((owner, name), []).append((expression, how))
                scopes.typed_in.setdefault((owner, name), scope)
                scopes.typed_names.add(name)
        return scopes


FixtureTable = dict[str, tuple[Symbol, bool]]
"""The fixtures one level (a class, a module, a conftest) defines, by fixture name:
the function and whether it is autouse."""


@dataclass(slots=True)
class _FixtureCaches:
    """What the pytest fixture rules computed, once per resolver."""

    conftests: dict[str, str]
    """Module names of the ``conftest.py`` files, by folder."""
    decorators: dict[str, dict[int, list[int]]] = field(default_factory=dict)
    """Per module: indices of the decorator calls that fixture rules read, by definition."""
    literals: dict[str, dict[int, list[LiteralArgument]]] = field(default_factory=dict)
    """Per module: literal arguments by reference index."""
    fixtures: dict[Symbol, tuple[str, bool] | None] = field(default_factory=dict)
    module_tables: dict[str, FixtureTable] = field(default_factory=dict)
    class_tables: dict[Symbol, FixtureTable] = field(default_factory=dict)
    values: dict[Symbol, Symbol | None] = field(default_factory=dict)
    test_files: dict[str, bool] = field(default_factory=dict)
    test_cases: dict[Symbol, bool] = field(default_factory=dict)
    requests: dict[Symbol, tuple[str, ...]] = field(default_factory=dict)


@dataclass(slots=True)
class _Ledger:
    """How many facts the modules' indexes were built from since they were last let go."""

    facts: int = 0


@dataclass(slots=True)
class _Module:
    name: str
    facts: FileFacts
    is_package: bool
    ledger: _Ledger
    # Named and indexed on first use: resolving a few files (a pull request
    # on a restored graph) reads few of the other modules.
    _children: dict[int, dict[str, int]] | None = None
    _base_expressions: dict[int, list[str]] | None = None
    _names: tuple[list[str], list[str]] | None = None
    _scopes: _Scopes | None = None
    _returns: dict[int, list[tuple[str, str]]] | None = None
    _imported_names: frozenset[str] | None = None
    # What resolving this module's references asks again and again, by
    # (scope, name): a binding's scope, and a receiver's instance type.
    lookups: dict[tuple[int, str], Resolution] = field(default_factory=dict)
    binding_scopes: dict[tuple[int, str], int | None] = field(default_factory=dict)
    fixture_requests: dict[int, tuple[str, ...]] = field(default_factory=dict)
    known_types: dict[tuple[int, str, int], tuple[Symbol, float] | None] = field(
        default_factory=dict
    )
    instance_types: dict[tuple[int, str], tuple[Symbol, float] | None] = field(default_factory=dict)

    @property
    def children(self) -> dict[int, dict[str, int]]:
        """Each scope's definitions by name, the last of a name winning."""
        children = self._children
        if children is None:
            children = self._children = _children_of(self.facts.definitions)
        return children

    @property
    def base_expressions(self) -> dict[int, list[str]]:
        """Each class's base expressions, in order, by definition."""
        found = self._base_expressions
        if found is None:
            found = self._base_expressions = {}
            for base in self.facts.bases:
                found.setdefault(base.definition, []).append(base.expression)
        return found

    @property
    def imported_names(self) -> frozenset[str]:
        """The names the module's imports bind, in any scope."""
        if self._imported_names is None:
            self._imported_names = frozenset(
                _bound_name(imp) for imp in self.facts.imports if imp.name != "*"
            )
        return self._imported_names

    @property
    def returns(self) -> dict[int, list[tuple[str, str]]]:
        """What each function returns: (type expression, how) rows by definition."""
        if self._returns is None:
            self._returns = {}
            for index, expression, how in self.facts.returns:
                self._returns.setdefault(index, []).append((expression, how))
        return self._returns

    @property
    def imports(self) -> dict[int, dict[str, list[Import]]]:
        scopes = self._scopes
        return (scopes if scopes is not None else self._indexed()).imports

    @property
    def stars(self) -> list[Import]:
        scopes = self._scopes
        return (scopes if scopes is not None else self._indexed()).stars

    @property
    def bindings(self) -> dict[int, set[str]]:
        scopes = self._scopes
        return (scopes if scopes is not None else self._indexed()).bindings

    @property
    def binding_counts(self) -> dict[tuple[int, str], int]:
        scopes = self._scopes
        return (scopes if scopes is not None else self._indexed()).binding_counts

    @property
    def typed(self) -> dict[tuple[int, str], list[tuple[str, str]]]:
        scopes = self._scopes
        return (scopes if scopes is not None else self._indexed()).typed

    @property
    def typed_in(self) -> dict[tuple[int, str], int]:
        scopes = self._scopes
        return (scopes if scopes is not None else self._indexed()).typed_in

    @property
    def typed_names(self) -> set[str]:
        scopes = self._scopes
        return (scopes if scopes is not None else self._indexed()).typed_names

    @property
    def scopes(self) -> _Scopes:
        scopes = self._scopes
        return scopes if scopes is not None else self._indexed()

    def _indexed(self) -> _Scopes:
        if self._scopes is None:
            facts = self.facts
            self._scopes = _Scopes.of(facts)
            self.ledger.facts += len(facts.imports) + len(facts.bindings) + len(facts.typed)
        return self._scopes

    @property
    def qualnames(self) -> list[str]:
        return self._named()[0]

    @property
    def ids(self) -> list[str]:
        names = self._names
        return (names if names is not None else self._named())[1]

    def _named(self) -> tuple[list[str], list[str]]:
        if self._names is None:
            self._names = definition_ids(self.name, self.facts.definitions)
            self.ledger.facts += len(self.facts.definitions)
        return self._names

    def forget(self) -> None:
        """Let go of every index and memo (each is made again when next used)."""
        self._children = self._base_expressions = self._names = self._scopes = None
        self._returns = self._imported_names = None
        self.lookups = {}
        self.binding_scopes = {}
        self.fixture_requests = {}
        self.known_types = {}
        self.instance_types = {}

    @property
    def node_id(self) -> str:
        return PREFIX + self.name

    def symbol_id(self, index: int) -> str:
        if index == MODULE_SCOPE:
            return PREFIX + self.name
        names = self._names
        return (names if names is not None else self._named())[1][index]


def _children_of(defs: Sequence[Definition]) -> dict[int, dict[str, int]]:
    children: dict[int, dict[str, int]] = {}
    for index, d in enumerate(defs):
        if d.kind != ANONYMOUS_SCOPE:
            children.setdefault(d.parent, {})[d.name] = index
    return children


def _c3_merge(
    cls: Symbol, base_orders: list[tuple[Symbol, ...]], bases: list[Symbol]
) -> tuple[Symbol, ...]:
    """C3 linearisation; an inconsistent hierarchy falls back to depth-first order."""
    sequences = [list(order) for order in base_orders] + [list(bases)]
    result = [cls]
    while len(result) < _MAX_MRO:
        sequences = [seq for seq in sequences if seq]
        if not sequences:
            break
        head = None
        for seq in sequences:
            candidate = seq[0]
            if not any(candidate in other[1:] for other in sequences):
                head = candidate
                break
        if head is None:
            for seq in sequences:
                result.extend(x for x in seq if x not in result)
            break
        result.append(head)
        for seq in sequences:
            if seq[0] == head:
                del seq[0]
    return tuple(result[:_MAX_MRO])


def _is_identifier(part: str) -> bool:
    return part.isidentifier()


def module_names(
    paths: Sequence[str], all_paths: Iterable[str], roots: Sequence[str]
) -> dict[str, str]:
    """Map each Python file path to its dotted module name.

    A file's package root is the first ancestor directory without an
    ``__init__.py``. Namespace packages extend the name up to the deepest
    source root above that directory: the repository root, ``src``, ``lib``,
    folders holding a ``pyproject.toml``/``setup.py``/``setup.cfg`` (and their
    ``src``), and configured roots. Names already taken by an earlier path
    fall back to the full dotted path from the repository root.
    """
    every = set(all_paths)
    packages = {posixpath.dirname(p) for p in every if posixpath.basename(p) == "__init__.py"}
    known = set(_DEFAULT_ROOTS) | {r.strip("/") for r in roots}
    for p in every:
        if posixpath.basename(p) in _PROJECT_FILES:
            folder = posixpath.dirname(p)
            known.add(folder)
            known.add(posixpath.join(folder, "src") if folder else "src")
    result: dict[str, str] = {}
    taken: set[str] = set()
    for path in sorted(paths):
        folder = posixpath.dirname(path)
        root = folder
        while root and root in packages:
            root = posixpath.dirname(root)
        # Extend through namespace folders up to the deepest known root.
        candidate = root
        chosen = root
        while True:
            if candidate in known:
                chosen = candidate
                break
            if not candidate:
                break
            if not _is_identifier(posixpath.basename(candidate)):
                break
            candidate = posixpath.dirname(candidate)
        # ``chosen`` is a folder above the path (repository paths are
        # normalized): the path below it is a slice, not ``relpath``'s
        # normalizing of both (20 us a file).
        relative = path[len(chosen) + 1 :] if chosen else path
        name = _dotted(relative)
        if name in taken or not name:
            name = _dotted(path)
            while name in taken:
                name += "_"
        taken.add(name)
        result[path] = name
    return result


def _dotted(relative: str) -> str:
    stem = relative[: -len(".py")] if relative.endswith(".py") else relative
    parts = stem.split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


FORGET_AFTER = 50_000
"""How many facts' worth of per-module indexes and memos a resolver holds
before it lets them all go (``PythonResolver._forget``). Name matching reaches
into most modules of a batch, so without a bound these grow with the
repository: on four copies of Django a batch's came to about 250,000 facts,
at some 360 bytes each. Making again those of the few modules every file
reads costs about 1 % of the time."""

_UNRESOLVED, _NO_CODE, _CERTAIN, _NAME_MATCHED, _AMBIGUOUS = range(5)
"""How a reference counts in a file's resolution counts."""
_Outcome = tuple[int, tuple[tuple[str, str, str, float, tuple[str, ...]], ...]]
"""A reference's count and its edges' (source, target, kind, confidence, tags)."""


class PythonResolver:
    """Resolves the facts of every Python file of a repository into graph parts."""

    def __init__(
        self,
        facts: Sequence[FileFacts],
        all_paths: Iterable[str],
        roots: Sequence[str] = (),
        scripts: Sequence[tuple[str, str]] = (),
        forget_after: int = FORGET_AFTER,
    ) -> None:
        """``forget_after``: how many facts' worth of modules' indexes and memos
        are kept before all are let go (between two files being built)."""
        self._scripts = tuple(scripts)
        self._forget_after = forget_after
        names = module_names([f.path for f in facts], all_paths, roots)
        self._modules: dict[str, _Module] = {}
        self._ledger = _Ledger()
        for f in sorted(facts, key=lambda x: x.path):
            name = names[f.path]
            self._modules[name] = _Module(
                name, f, posixpath.basename(f.path) == "__init__.py", self._ledger
            )
        self._by_path = {m.facts.path: m for m in self._modules.values()}
        # Dotted prefixes of module names: namespace packages have no file of their own.
        self._packages = {
            name.rsplit(".", depth)[0]
            for name in self._modules
            for depth in range(1, name.count(".") + 1)
        }
        self._methods_by_name: dict[str, list[Symbol]] = {}
        # Properties: each class's getters by name; the modules that define a
        # module-level __getattr__; traits by definition.
        self._property_getters: dict[Symbol, dict[str, int]] = {}
        self._getattr_modules: dict[str, int] = {}
        self._traits: dict[Symbol, set[str]] = {}
        for module in self._modules.values():
            self._index_module(module)
            self._index_traits(module)
        for symbols in self._methods_by_name.values():
            symbols.sort()
        self._property_names = {
            name for getters in self._property_getters.values() for name in getters
        }
        self._return_cache: dict[tuple[Symbol, str], tuple[Symbol, float] | None] = {}
        self._class_member_cache: dict[tuple[Symbol, str, bool], Symbol | None] = {}
        self._typing: set[tuple[str, int, str]] = set()
        self._fixture_depth = 0
        """How many fixture values are being worked out (see ``_fixture_value``)."""
        self._member_cache: dict[tuple[str, str], Symbol | None] = {}
        self._member_stack: dict[tuple[str, str], int] = {}
        self._cut_at = _NO_CUT
        # A reference can only reach a definition through a name it spells: the
        # definition's own, or an alias an import binds.
        self._reachable_names: set[str] = set()
        for module in self._modules.values():
            self._reachable_names |= _reachable_names(module.facts)
        self._mro_cache: dict[Symbol, tuple[Symbol, ...]] = {}
        self._override_cache: dict[tuple[Symbol, str], tuple[Symbol, ...]] = {}
        self._callback_cache: dict[Symbol, tuple[Symbol, ...]] = {}
        self._bases_cache: dict[Symbol, tuple[Symbol, ...]] = {}
        self._fixture_caches = _FixtureCaches(
            conftests={
                posixpath.dirname(m.facts.path): m.name
                for m in self._modules.values()
                if posixpath.basename(m.facts.path) == "conftest.py"
            }
        )

    # ---- indexing ----------------------------------------------------------

    def _index_module(self, module: _Module) -> None:
        defs = module.facts.definitions
        # Not kept: the module makes its own on first use.
        children = _children_of(defs)
        for index, d in enumerate(defs):
            if (
                d.kind == "function"
                and d.parent != MODULE_SCOPE
                and defs[d.parent].kind == "class"
                and children[d.parent].get(d.name) == index
            ):
                self._methods_by_name.setdefault(d.name, []).append((module.name, index))
        getattr_index = children.get(MODULE_SCOPE, {}).get("__getattr__")
        if getattr_index is not None and defs[getattr_index].kind == "function":
            self._getattr_modules[module.name] = getattr_index

    def _index_traits(self, module: _Module) -> None:
        defs = module.facts.definitions
        for index, trait in module.facts.traits:
            self._traits.setdefault((module.name, index), set()).add(trait)
            d = defs[index]
            if trait == "property" and d.parent != MODULE_SCOPE and defs[d.parent].kind == "class":
                self._property_getters.setdefault((module.name, d.parent), {})[d.name] = index

    # ---- module-level resolution ---------------------------------------------

    def _absolute(self, module: _Module, source: str) -> str | None:
        level = len(source) - len(source.lstrip("."))
        rest = source[level:]
        if level == 0:
            return rest
        package = module.name if module.is_package else module.name.rpartition(".")[0]
        parts = package.split(".") if package else []
        if level - 1 > len(parts):
            return None
        base = parts[: len(parts) - (level - 1)]
        if rest:
            base.append(rest)
        return ".".join(base) if base else None

    def _import_target_module(self, module: _Module, imp: Import) -> str | None:
        """The module an import statement names, as grimp-style import graphs define it."""
        absolute = self._absolute(module, imp.source)
        if absolute is None:
            return None
        if imp.name is None:
            candidate = absolute
            while candidate and candidate not in self._modules:
                candidate = candidate.rpartition(".")[0]
            return candidate or None
        if imp.name != "*":
            sub = f"{absolute}.{imp.name}"
            if sub in self._modules:
                return sub
        return absolute if absolute in self._modules else None

    def _resolve_import(self, module: _Module, imp: Import) -> Symbol | None:
        """What a name bound by ``imp`` in ``module`` refers to."""
        absolute = self._absolute(module, imp.source)
        if absolute is None:
            return None
        if imp.name is None:
            target = absolute if imp.alias else absolute.split(".")[0]
            return (target, MODULE_SCOPE) if self._is_module(target) else None
        return self._member(absolute, imp.name, 0)

    def _member(self, module_name: str, name: str, depth: int) -> Symbol | None:
        """Resolve attribute ``name`` of module ``module_name``, following re-exports.

        Import cycles are cut: a lookup that meets itself answers None there.
        Results that depended on such a cut are not cached, so the answer
        never depends on the order in which names happen to be resolved.
        """
        key = (module_name, name)
        if key in self._member_cache:
            return self._member_cache[key]
        frame = self._member_stack.get(key)
        if frame is not None:
            self._cut_at = min(self._cut_at, frame)
            return None
        frame = len(self._member_stack)
        self._member_stack[key] = frame
        try:
            result = self._member_uncached(module_name, name, depth)
        finally:
            del self._member_stack[key]
        if self._cut_at >= frame:
            # Nothing below this frame met a cycle above it: the answer is final.
            self._member_cache[key] = result
            if self._cut_at == frame:
                self._cut_at = _NO_CUT
        return result

    def _member_uncached(self, module_name: str, name: str, depth: int) -> Symbol | None:
        if depth > _MAX_CHAIN:
            return None
        module = self._modules.get(module_name)
        sub = f"{module_name}.{name}"
        if module is None:
            return (sub, MODULE_SCOPE) if self._is_module(sub) else None
        index = module.children.get(MODULE_SCOPE, {}).get(name)
        if index is not None:
            return (module_name, index)
        for imp in module.imports.get(MODULE_SCOPE, {}).get(name, ()):
            target = self._resolve_import(module, imp)
            if target is not None:
                return target
        if sub in self._modules:
            return (sub, MODULE_SCOPE)
        for star in module.stars:
            source = self._absolute(module, star.source)
            if source is None or source not in self._modules:
                continue
            if self._exports(self._modules[source], name):
                target = self._member(source, name, depth + 1)
                if target is not None:
                    return target
        return None

    def _is_module(self, name: str) -> bool:
        return name in self._modules or name in self._packages

    @staticmethod
    def _exports(module: _Module, name: str) -> bool:
        exports = module.facts.exports
        if exports is not None:
            return name in exports
        return not name.startswith("_")

    # ---- scopes ---------------------------------------------------------------

    def _lookup(self, module: _Module, scope: int, name: str) -> Resolution:
        """Resolve a bare name seen in ``scope``.

        Returns the symbol, an ``Opaque`` binding when a local variable,
        parameter or external import shadows the name, or ``None`` when
        nothing in the repository binds it.
        """
        key = (scope, name)
        cache = module.lookups
        if key in cache:
            return cache[key]
        result = cache[key] = self._lookup_uncached(module, scope, name)
        return result

    def _lookup_uncached(self, module: _Module, scope: int, name: str) -> Resolution:
        if scope != MODULE_SCOPE:
            defs = module.facts.definitions
            current = scope
            innermost = True
            while current != MODULE_SCOPE:
                d = defs[current]
                # Class bodies are not enclosing scopes for the functions inside them.
                if d.kind != "class" or innermost:
                    found = self._lookup_in(module, current, name)
                    if found is not None:
                        return found
                innermost = False
                current = d.parent
            # Most names are the module's: looked up there once for all its scopes.
            return self._lookup(module, MODULE_SCOPE, name)
        found = self._lookup_in(module, MODULE_SCOPE, name)
        if found is not None:
            return found
        return self._member_via_stars(module, name)

    def _lookup_in(self, module: _Module, scope: int, name: str) -> Resolution:
        children = module.children.get(scope)
        index = children.get(name) if children is not None else None
        if index is not None:
            return (module.name, index)
        scopes = module.scopes
        by_name = scopes.imports.get(scope)
        imports = by_name.get(name) if by_name is not None else None
        if imports:
            for imp in imports:
                target = self._resolve_import(module, imp)
                if target is not None:
                    return target
            return Opaque.EXTERNAL
        names = scopes.bindings.get(scope)
        if names is not None and name in names:
            return Opaque.UNKNOWN
        return None

    def _member_via_stars(self, module: _Module, name: str) -> Symbol | None:
        for star in module.stars:
            source = self._absolute(module, star.source)
            if source is None or source not in self._modules:
                continue
            if self._exports(self._modules[source], name):
                target = self._member(source, name, 1)
                if target is not None:
                    return target
        return None

    def _enclosing_class(self, module: _Module, scope: int) -> int | None:
        return _enclosing_class(module.facts.definitions, scope)

    def _binding_scope(self, module: _Module, scope: int, name: str) -> int | None:
        """The scope whose local binding of ``name`` a reference in ``scope`` sees."""
        key = (scope, name)
        cache = module.binding_scopes
        if key in cache:
            return cache[key]
        found = cache[key] = self._binding_scope_uncached(module, scope, name)
        return found

    def _binding_scope_uncached(self, module: _Module, scope: int, name: str) -> int | None:
        defs = module.facts.definitions
        current = scope
        innermost = True
        while current != MODULE_SCOPE:
            d = defs[current]
            if d.kind != "class" or innermost:
                if name in module.children.get(current, {}) or name in module.imports.get(
                    current, {}
                ):
                    return None
                if name in module.bindings.get(current, ()):
                    return current
            innermost = False
            current = d.parent
        return MODULE_SCOPE if name in module.bindings.get(MODULE_SCOPE, ()) else None

    def _known_type(
        self, module: _Module, owner: int, name: str, lookup_scope: int
    ) -> tuple[Symbol, float] | None:
        """The class of a variable every binding of which shows the same type."""
        typed = module.typed.get((owner, name))
        if not typed or len(typed) != module.binding_counts.get((owner, name), 0):
            return None
        if self._typing or self._fixture_depth:
            # Typing another variable, or a fixture's value: cycles are cut
            # there, so the answer is no final one.
            return self._known_type_of(module, owner, name, lookup_scope, typed)
        # A variable's type is asked by each reference through it.
        key = (owner, name, lookup_scope)
        cache = module.known_types
        if key in cache:
            return cache[key]
        found = cache[key] = self._known_type_of(module, owner, name, lookup_scope, typed)
        return found

    def _known_type_of(
        self,
        module: _Module,
        owner: int,
        name: str,
        lookup_scope: int,
        typed: list[tuple[str, str]],
    ) -> tuple[Symbol, float] | None:
        if len({expression for expression, _ in typed}) != 1:
            return None
        hows = {how for _, how in typed}
        if hows <= {"constructed", "annotated"}:
            target = self._resolve_chain(module, lookup_scope, typed[0][0].split("."))
            if isinstance(target, tuple) and self._kind(target) == "class":
                certain = hows == {"constructed"} and not name.startswith("self.")
                return target, (
                    self._constructed_confidence(target) if certain else ANNOTATED_CONFIDENCE
                )
            if "annotated" in hows:
                return None
        return self._bound_type(module, owner, name, lookup_scope, typed[0][0], hows)

    def _typed_receiver(
        self, module: _Module, scope: int, parts: Sequence[str]
    ) -> tuple[Symbol, float] | None:
        """Resolve ``var.method`` or ``self.attr.method`` through a known variable type."""
        if parts[0] == "self" and len(parts) >= 3:
            cls = self._enclosing_class(module, scope)
            if cls is None:
                return None
            known = self._known_type(
                module, cls, f"self.{parts[1]}", module.facts.definitions[cls].parent
            )
            rest = parts[2:]
        else:
            owner = self._binding_scope(module, scope, parts[0])
            if owner is None:
                return None
            known = self._known_type(module, owner, parts[0], owner)
            if known is None:
                known = self._fixture_value_type(module, owner, parts[0])
            rest = parts[1:]
        if known is None:
            return None
        current, confidence = known
        for part in rest:
            if self._kind(current) != "class":
                return None
            member = self._class_member(current, part)
            if member is None:
                member = self._class_attribute_class(current, part)
                if member is None:
                    return None
                confidence = min(confidence, ANNOTATED_CONFIDENCE)
            current = member
        return current, confidence

    # ---- return types: what a call gives back, one step -------------------------

    def _bound_type(
        self,
        module: _Module,
        owner: int,
        name: str,
        lookup_scope: int,
        expression: str,
        hows: set[str],
    ) -> tuple[Symbol, float] | None:
        """The type of ``name`` bound from a call of ``expression`` (``x = f()``,
        ``with f() as x``, ``for x in f()``, ``x = await f()``)."""
        if len(hows) != 1:
            return None
        key = (module.name, owner, name)
        if key in self._typing or len(self._typing) >= _MAX_TYPE_DEPTH:
            return None  # a variable typed through itself, or too long a chain
        self._typing.add(key)
        try:
            parts = expression.split(".")
            self_class = None
            if name.startswith("self."):
                # `self.x = f(...)` is evaluated in the method that assigns it
                self_class = owner
                lookup_scope = module.typed_in.get((owner, name), lookup_scope)
            how = next(iter(hows))
            if how == "constructed":
                found = self._call_result(module, lookup_scope, parts, self_class)
            elif how == "awaited":
                found = self._call_result(module, lookup_scope, parts, self_class, awaited=True)
            elif how == "entered":
                found = self._entered_type(module, lookup_scope, parts, self_class)
            elif how == "iterated":
                found = self._iterated_type(module, lookup_scope, parts, self_class)
            else:
                found = None
        finally:
            self._typing.discard(key)
        if found is not None and name.startswith("self."):
            return found[0], min(found[1], ANNOTATED_CONFIDENCE)
        return found

    def _callee(
        self, module: _Module, scope: int, parts: Sequence[str], self_class: int | None = None
    ) -> tuple[Symbol, float] | None:
        """What a call of the dotted expression ``parts`` in ``scope`` calls.

        ``self_class`` is the class whose methods ``self`` stands for, when
        ``scope`` is not one of them (the type of ``self.attr`` is read in
        the class).
        """
        if parts[0] in ("self", "cls") and len(parts) <= 2:
            cls = self_class if self_class is not None else self._enclosing_class(module, scope)
            if cls is None:
                return None
            if len(parts) == 1:  # cls(...): the class, or a subclass it is called on
                return ((module.name, cls), ANNOTATED_CONFIDENCE) if parts[0] == "cls" else None
            member = self._class_member((module.name, cls), parts[1])
            if member is not None:
                return member, 1.0
            named = self._class_attribute_class((module.name, cls), parts[1])
            return (named, ANNOTATED_CONFIDENCE) if named is not None else None
        target = self._resolve_chain(module, scope, parts)
        if isinstance(target, tuple):
            return target, 1.0
        if target is Opaque.UNKNOWN and len(parts) >= 2:
            return self._typed_receiver(module, scope, parts)
        return None

    def _constructed_confidence(self, cls: Symbol) -> float:
        """``ClassName(...)`` is an instance of the class, unless a ``__new__`` decides."""
        return 1.0 if self._class_member(cls, "__new__") is None else RETURN_CONFIDENCE

    def _call_result(
        self,
        module: _Module,
        scope: int,
        parts: Sequence[str],
        self_class: int | None = None,
        awaited: bool = False,
    ) -> tuple[Symbol, float] | None:
        """The class of what calling ``parts`` returns (awaited, for a coroutine)."""
        callee = self._callee(module, scope, parts, self_class)
        if callee is None:
            return None
        symbol, confidence = callee
        kind = self._kind(symbol)
        if kind == "class" and not awaited:
            return symbol, min(confidence, self._constructed_confidence(symbol))
        if kind != "function" or ("coroutine" in self._traits.get(symbol, ())) != awaited:
            return None
        returned = self._return_type(symbol)
        if returned is None:
            return None
        return returned[0], confidence * returned[1]

    def _entered_type(
        self, module: _Module, scope: int, parts: Sequence[str], self_class: int | None
    ) -> tuple[Symbol, float] | None:
        """The class of ``x`` in ``with f() as x``: what ``__enter__`` returns when it
        says, else what ``f()`` returns (a context manager's generator: what it yields)."""
        callee = self._callee(module, scope, parts, self_class)
        if callee is None:
            return None
        symbol, confidence = callee
        if "context-manager" in self._traits.get(symbol, ()):
            element = self._return_type(symbol, "yields")
            return (element[0], confidence * element[1]) if element is not None else None
        result = self._call_result(module, scope, parts, self_class)
        if result is None:
            return None
        cls, confidence = result
        enter = self._class_member(cls, "__enter__")
        if enter is not None and self._modules[enter[0]].returns.get(enter[1]):
            entered = self._return_type(enter)
            return (entered[0], confidence * entered[1]) if entered is not None else None
        return cls, min(confidence, RETURN_CONFIDENCE)

    def _iterated_type(
        self, module: _Module, scope: int, parts: Sequence[str], self_class: int | None
    ) -> tuple[Symbol, float] | None:
        """The class of ``x`` in ``for x in f()``: the element type ``f`` is annotated
        to return (``Iterator[C]``, ``list[C]``), or ``C.__iter__`` for ``C()``."""
        callee = self._callee(module, scope, parts, self_class)
        if callee is None:
            return None
        symbol, confidence = callee
        iterated: Symbol | None = symbol
        if self._kind(symbol) == "class":
            iterated = self._class_member(symbol, "__iter__")
        element = self._return_type(iterated, "yields") if iterated is not None else None
        return (element[0], confidence * element[1]) if element is not None else None

    def _return_type(self, function: Symbol, what: str = "returns") -> tuple[Symbol, float] | None:
        """The class ``function`` returns (``what="returns"``: its annotation, else the
        class every ``return`` constructs) or yields (``"yields"``), if known.

        One step: the class is read from the function's own annotation or
        return statements, never from what other calls return.
        """
        key = (function, what)
        if key in self._return_cache:
            return self._return_cache[key]
        self._return_cache[key] = None
        module = self._modules[function[0]]
        rows = module.returns.get(function[1], ())
        hows = ("yields",) if what == "yields" else ("annotated", "constructed")
        found: tuple[Symbol, float] | None = None
        for how in hows:
            expression = next((e for e, h in rows if h == how), None)
            if expression is None:
                continue
            cls = self._returned_class(module, function[1], expression, how)
            if cls is not None:
                found = (cls, RETURN_CONFIDENCE)
            break  # an annotation that names no class here says the type is another
        self._return_cache[key] = found
        return found

    def _returned_class(
        self, module: _Module, index: int, expression: str, how: str
    ) -> Symbol | None:
        defs = module.facts.definitions
        parts = expression.strip().split(".")
        if how == "constructed":
            # `return Cls(...)`, `return cls(...)`: looked up in the function's body
            if parts == ["cls"]:
                cls_index = self._enclosing_class(module, index)
                return (module.name, cls_index) if cls_index is not None else None
            target = self._interface_chain(module, index, parts)
        elif parts[-1] == "Self":
            cls_index = self._enclosing_class(module, index)
            return (module.name, cls_index) if cls_index is not None else None
        else:  # an annotation is evaluated where the function is defined
            target = self._interface_chain(module, defs[index].parent, parts)
        if target is not None and self._kind(target) == "class":
            return target
        return None

    def _interface_name(self, module: _Module, scope: int, name: str) -> Symbol | None:
        """``_lookup`` of ``name`` with definitions and imports only."""
        defs = module.facts.definitions
        here = scope
        innermost = True
        while here != MODULE_SCOPE:
            if defs[here].kind != "class" or innermost:
                index = module.children.get(here, {}).get(name)
                if index is not None:
                    return (module.name, index)
                imports = module.imports.get(here, {}).get(name)
                if imports:
                    return next(
                        filter(None, (self._resolve_import(module, i) for i in imports)), None
                    )
            innermost = False
            here = defs[here].parent
        index = module.children.get(MODULE_SCOPE, {}).get(name)
        if index is not None:
            return (module.name, index)
        imports = module.imports.get(MODULE_SCOPE, {}).get(name)
        if imports:
            return next(filter(None, (self._resolve_import(module, i) for i in imports)), None)
        return self._member_via_stars(module, name)

    def _interface_chain(self, module: _Module, scope: int, parts: Sequence[str]) -> Symbol | None:
        """Resolve ``a.b.c`` in ``scope`` from what the module's interface holds.

        Definitions and imports only, never local variables: what another
        file's function returns must come out the same whether that file was
        parsed this time (full facts) or its interface was restored.
        """
        current = self._interface_name(module, scope, parts[0])
        if current is None:
            return None
        for part in parts[1:]:
            kind = self._kind(current)
            if kind == "module":
                current = self._member(current[0], part, 0)
            elif kind == "class":
                current = self._class_member(current, part)
            else:
                return None
            if current is None:
                return None
        return current

    # ---- implicit calls and properties --------------------------------------------

    def _instance_type(
        self, module: _Module, scope: int, receiver: str
    ) -> tuple[Symbol, float] | None:
        """The class of the instance the receiver expression evaluates to, if known.

        ``self`` is an instance of the enclosing class; a variable of known
        type, an attribute of self assigned one, the result of a call, and a
        property with a known return type along the way.
        """
        if receiver in ("?", LITERAL_RECEIVER, "super()", "cls"):
            return None
        if self._typing or self._fixture_depth:  # cycles are cut there: no final answer
            return self._instance_type_uncached(module, scope, receiver)
        # Asked of one receiver by several rules (implicit calls, reads, call backs).
        key = (scope, receiver)
        cache = module.instance_types
        if key in cache:
            return cache[key]
        found = cache[key] = self._instance_type_uncached(module, scope, receiver)
        return found

    def _instance_type_uncached(
        self, module: _Module, scope: int, receiver: str
    ) -> tuple[Symbol, float] | None:
        if receiver.endswith("()"):
            return self._call_result(module, scope, receiver[:-2].split("."))
        parts = receiver.split(".")
        current: tuple[Symbol, float] | None
        if parts[0] == "self":
            cls = self._enclosing_class(module, scope)
            if cls is None:
                return None
            current, rest = ((module.name, cls), 1.0), parts[1:]
            if rest:
                known = self._known_type(
                    module, cls, f"self.{rest[0]}", module.facts.definitions[cls].parent
                )
                if known is not None:
                    current, rest = known, rest[1:]
        else:
            if parts[0] not in module.typed_names:
                return None  # most receivers: no binding shows a type
            owner = self._binding_scope(module, scope, parts[0])
            if owner is None:
                return None
            current = self._known_type(module, owner, parts[0], owner)
            if current is None:
                current = self._fixture_value_type(module, owner, parts[0])
            rest = parts[1:]
        for part in rest:
            if current is None:
                return None
            getter = self._property_getter(current[0], part)
            returned = self._return_type(getter) if getter is not None else None
            current = None if returned is None else (returned[0], current[1] * returned[1])
        return current

    def _property_getter(self, cls: Symbol, name: str) -> Symbol | None:
        """The property getter ``name`` of ``cls`` or of the first base defining ``name``."""
        for klass in self._mro(cls):
            if name in self._modules[klass[0]].children.get(klass[1], {}):
                getter = self._property_getters.get(klass, {}).get(name)
                return (klass[0], getter) if getter is not None else None
        return None

    def _resolve_implicit(self, module: _Module, ref: Reference) -> list[tuple[Symbol, float]]:
        """The method an implicit call runs: only on a receiver of known type.

        ``ref.name`` lists the methods Python tries, in order. A class object
        as the receiver runs its metaclass's method, never the class's own.
        """
        if ref.receiver is None:
            return []
        scope = module.facts.definitions[ref.scope].parent if ref.header else ref.scope
        instance = self._instance_type(module, scope, ref.receiver)
        if instance is None:
            return []
        cls, confidence = instance
        for name in ref.name.split():
            member = self._class_member(cls, name)
            if member is not None:
                return [(member, confidence)] if self._kind(member) == "function" else []
        return []

    def _receiver_class(
        self, module: _Module, scope: int, receiver: str
    ) -> tuple[Symbol, float] | None:
        """The class an instance (or ``cls``) receiver is known to be, at least."""
        if receiver == "cls":
            cls_index = self._enclosing_class(module, scope)
            return None if cls_index is None else ((module.name, cls_index), 1.0)
        return self._instance_type(module, scope, receiver)

    def _resolve_prefixed(self, module: _Module, ref: Reference) -> list[tuple[Symbol, float]]:
        """The methods ``getattr(receiver, "prefix" + ...)`` may find: those of the
        receiver's class, and overrides in its subclasses, whose names start with it."""
        if ref.receiver is None:
            return []
        scope = module.facts.definitions[ref.scope].parent if ref.header else ref.scope
        known = self._receiver_class(module, scope, ref.receiver)
        if known is None:
            return []
        cls, confidence = known
        found: set[Symbol] = set()
        for name in self._methods_by_name:
            if name.startswith(ref.name):
                member = self._class_member(cls, name)
                if member is not None and self._kind(member) == "function":
                    found.add(member)
                found.update(self._overrides(cls, name))
        if not found:
            return []
        share = confidence * PREFIXED_CONFIDENCE / len(found)
        return [(symbol, share) for symbol in sorted(found)]

    def _resolve_read(self, module: _Module, ref: Reference) -> list[tuple[Symbol, float]]:
        """What reading ``receiver.name`` runs: a property's getter, a module's ``__getattr__``.

        A receiver of known type gives its class's property at the receiver's
        confidence. A receiver of unknown type gives nothing: matched by name,
        property reads tied every ``.c`` or ``.data`` of SQLAlchemy to its
        few properties of that name (17,500 edges) and caught one more
        failing test file in the test-selection benchmark.
        """
        receiver = ref.receiver
        if receiver is None or receiver == LITERAL_RECEIVER:
            return []
        scope = module.facts.definitions[ref.scope].parent if ref.header else ref.scope
        if ref.name in self._property_names:
            instance = self._instance_type(module, scope, receiver)
            if instance is not None:
                getter = self._property_getter(instance[0], ref.name)
                return [(getter, instance[1])] if getter is not None else []
        hook = self._module_getattr(module, scope, receiver, ref.name)
        return [(hook, MODULE_GETATTR_CONFIDENCE)] if hook is not None else []

    def _module_getattr(
        self, module: _Module, scope: int, receiver: str, name: str
    ) -> Symbol | None:
        """The ``__getattr__`` of the module ``receiver`` names, when it lacks ``name``."""
        if not self._getattr_modules or receiver in ("?", "self", "cls", "super()"):
            return None
        if receiver.endswith("()"):
            return None
        parts = receiver.split(".")
        if parts[0] not in module.imported_names:
            return None  # a module is named through an import
        head = self._lookup(module, scope, parts[0])
        if not isinstance(head, tuple) or head[1] != MODULE_SCOPE:
            return None
        if len(parts) == 1:
            target: Resolution = head
        elif any(g == head[0] or g.startswith(head[0] + ".") for g in self._getattr_modules):
            target = self._resolve_chain(module, scope, parts)
        else:
            return None  # no module below this one defines __getattr__
        if not isinstance(target, tuple) or target[1] != MODULE_SCOPE:
            return None
        return self._getattr_serving(target[0], name)

    def _getattr_serving(self, module_name: str, name: str) -> Symbol | None:
        index = self._getattr_modules.get(module_name)
        if index is None or self._member(module_name, name, 0) is not None:
            return None
        return (module_name, index)

    # ---- classes ---------------------------------------------------------------

    def _kind(self, symbol: Symbol) -> str:
        module_name, index = symbol
        if index == MODULE_SCOPE:
            return "module"
        return self._modules[module_name].facts.definitions[index].kind

    def _bases(self, cls: Symbol) -> tuple[Symbol, ...]:
        cached = self._bases_cache.get(cls)
        if cached is not None:
            return cached
        self._bases_cache[cls] = ()
        module = self._modules[cls[0]]
        scope = module.facts.definitions[cls[1]].parent
        found: list[Symbol] = []
        for expression in module.base_expressions.get(cls[1], ()):
            target = self._resolve_chain(module, scope, expression.split("."))
            if isinstance(target, tuple) and self._kind(target) == "class" and target != cls:
                found.append(target)
        result = tuple(found)
        self._bases_cache[cls] = result
        return result

    def _mro(self, cls: Symbol) -> tuple[Symbol, ...]:
        """The C3 method resolution order of ``cls`` among the repository's classes.

        Bases outside the repository are left out; an inheritance cycle is cut.
        Computed bottom-up with an explicit stack (no recursion).
        """
        cached = self._mro_cache.get(cls)
        if cached is not None:
            return cached
        stack: list[tuple[Symbol, bool]] = [(cls, False)]
        on_path: set[Symbol] = set()
        while stack:
            node, expanded = stack.pop()
            if node in self._mro_cache:
                continue
            if expanded:
                on_path.discard(node)
                bases = [b for b in self._bases(node) if b in self._mro_cache]
                self._mro_cache[node] = _c3_merge(node, [self._mro_cache[b] for b in bases], bases)
                continue
            if node in on_path:
                continue
            on_path.add(node)
            stack.append((node, True))
            stack.extend(
                (b, False)
                for b in reversed(self._bases(node))
                if b not in self._mro_cache and b not in on_path
            )
        return self._mro_cache[cls]

    def _class_member(self, cls: Symbol, name: str, skip_self: bool = False) -> Symbol | None:
        key = (cls, name, skip_self)
        if key in self._class_member_cache:
            return self._class_member_cache[key]
        found: Symbol | None = None
        for klass in self._mro(cls)[1 if skip_self else 0 :]:
            index = self._modules[klass[0]].children.get(klass[1], {}).get(name)
            if index is not None:
                found = (klass[0], index)
                break
        self._class_member_cache[key] = found
        return found

    def _class_attribute_class(self, cls: Symbol, name: str) -> Symbol | None:
        """The class a class attribute names (``response_class = Response``), through the MRO.

        Only when every binding of the attribute in the class body names the
        same class; a method or nested class of that name comes first.
        """
        for klass in self._mro(cls):
            module = self._modules[klass[0]]
            if name in module.children.get(klass[1], {}):
                return None
            typed = module.typed.get((klass[1], name))
            if typed is None:
                if name in module.bindings.get(klass[1], ()):
                    return None
                continue
            if len(typed) != module.binding_counts.get((klass[1], name), 0) or any(
                how != "aliased" or expression != typed[0][0] for expression, how in typed
            ):
                return None
            scope = module.facts.definitions[klass[1]].parent
            target = self._resolve_chain(module, scope, typed[0][0].split("."))
            return target if isinstance(target, tuple) and self._kind(target) == "class" else None
        return None

    def _constructing(self, cls: Symbol, confidence: float) -> list[tuple[Symbol, float]]:
        """What calling the class ``cls`` runs: the class, and its construction methods."""
        result = [(cls, confidence)]
        for method in CONSTRUCTION_METHODS:
            constructor = self._class_member(cls, method)
            if constructor is not None:
                result.append((constructor, confidence))
        return result

    def _overrides(self, cls: Symbol, name: str) -> tuple[Symbol, ...]:
        """The methods ``name`` that subclasses of ``cls`` in the repository define
        themselves: what a call of ``name`` on an instance of ``cls`` may run instead."""
        key = (cls, name)
        cached = self._override_cache.get(key)
        if cached is not None:
            return cached
        found = tuple(
            method
            for method in self._methods_by_name.get(name, ())
            if (owner := (method[0], self._modules[method[0]].facts.definitions[method[1]].parent))
            != cls
            and cls in self._mro(owner)[1:]
        )
        self._override_cache[key] = found
        return found

    def _callbacks(self, cls: Symbol) -> tuple[Symbol, ...]:
        """The public methods an external base of ``cls`` may call back.

        The names are those the repository's classes with an external base
        define (``FlaskClient(werkzeug.test.Client)`` defines ``open``, which
        the external ``get`` calls); each resolves on ``cls``, so a subclass's
        override wins. Empty when no class of the MRO has an external base.
        """
        cached = self._callback_cache.get(cls)
        if cached is not None:
            return cached
        names: set[str] = set()
        for klass in self._mro(cls):
            module = self._modules[klass[0]]
            scope = module.facts.definitions[klass[1]].parent
            external = False
            for expression in module.base_expressions.get(klass[1], ()):
                full = self._external_name(module, scope, expression)
                if full is not None and full.partition(".")[0] not in NO_CALLBACK_MODULES:
                    external = True
                    break
            if external:
                defs = module.facts.definitions
                names.update(
                    name
                    for name, index in module.children.get(klass[1], {}).items()
                    if not name.startswith("_") and defs[index].kind == "function"
                )
        found = tuple(
            sorted({m for name in names if (m := self._class_member(cls, name)) is not None})
        )
        self._callback_cache[cls] = found
        return found

    def _called_back(
        self, module: _Module, scope: int, receiver: str
    ) -> list[tuple[Symbol, float]] | None:
        """What calling a method the repository does not define on ``receiver`` may run:
        ``None`` when the receiver's class is unknown or has no external base."""
        if receiver == "cls":
            return None
        instance = self._instance_type(module, scope, receiver)
        if instance is None:
            return None
        callbacks = self._callbacks(instance[0])
        if not callbacks:
            return None
        share = instance[1] * CALLBACK_CONFIDENCE / len(callbacks)
        return [(callback, share) for callback in callbacks]

    def _dispatched(
        self, module: _Module, ref: Reference, resolved: list[tuple[Symbol, float]]
    ) -> list[tuple[Symbol, float]]:
        """The overrides a method call on an instance may reach besides ``resolved``.

        Only for a call whose receiver is an instance of a known class (``self``,
        a typed variable, a call's result): a class named as the receiver
        (``Base.m(self)``) and ``super()`` bind where they point.
        """
        if (
            ref.kind not in ("call", IMPLICIT)
            or ref.receiver in (None, "?", LITERAL_RECEIVER, "super()")
            or len(resolved) != 1
        ):
            return []
        method, confidence = resolved[0]
        name = self._modules[method[0]].facts.definitions[method[1]].name
        if len(self._methods_by_name.get(name, ())) < 2:
            return []  # no other class defines the name: nothing can override it
        scope = module.facts.definitions[ref.scope].parent if ref.header else ref.scope
        if ref.receiver == "cls":  # a class method's class, or a subclass
            cls_index = self._enclosing_class(module, scope)
            static = None if cls_index is None else (module.name, cls_index)
        else:
            instance = self._instance_type(module, scope, ref.receiver or "?")
            static = None if instance is None else instance[0]
        if static is None or self._class_member(static, name) != method:
            return []
        return dispatched(self._overrides(static, name), confidence)

    def _resolve_chain(self, module: _Module, scope: int, parts: Sequence[str]) -> Resolution:
        """Resolve ``a.b.c`` seen in ``scope``, as ``_lookup`` does for one name.

        A chain that starts inside the repository and then leaves what it
        defines (an attribute set at run time, a method's return value) is
        ``Opaque.UNKNOWN``.
        """
        current = self._lookup(module, scope, parts[0])
        for part in parts[1:]:
            if not isinstance(current, tuple):
                return current
            kind = self._kind(current)
            if kind == "module":
                current = self._member(current[0], part, 0)
            elif kind == "class":
                current = self._class_member(current, part)
            else:
                return Opaque.UNKNOWN
            if current is None:
                return Opaque.UNKNOWN
        return current

    # ---- edges -------------------------------------------------------------

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the modules in the files ``paths``.

        The resolver may hold only the interface of other files (see
        ``python_interface``); the files built must have their full facts.
        """
        by_path = self._by_path
        built: dict[str, FileOutput] = {}
        for path in paths:
            module = by_path.get(path)
            if module is not None:
                if self._ledger.facts > self._forget_after:
                    self._forget()
                built[path] = self._build_module(module)
        return built

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface
        (what the other files read of it is the same either way)."""
        held = self._by_path.get(facts.path)
        if held is None:
            return None
        if self._ledger.facts > self._forget_after:
            self._forget()
        module = _Module(held.name, facts, held.is_package, self._ledger)
        # Its function-local aliases are names only its own references spell.
        added = _reachable_names(facts) - self._reachable_names
        self._reachable_names |= added
        try:
            with (
                standing_in(self._modules, held.name, module),
                standing_in(self._by_path, facts.path, module),
            ):
                return self._build_module(module)
        finally:
            self._reachable_names -= added

    def _forget(self) -> None:
        """Let go of every module's indexes and memos: they are pure functions of
        the facts, made again when next needed. The memos by symbol (MROs,
        members) stay: they are far fewer, and dearer to make again. Called
        only between two files, where no resolution is under way."""
        for module in self._modules.values():
            module.forget()
        self._ledger.facts = 0

    def _build_module(self, module: _Module) -> FileOutput:
        nodes: list[Node] = []
        edges: list[Edge] = []
        certain = name_matched = ambiguous = external = 0
        facts = module.facts
        nodes.append(
            Node(
                module.node_id,
                "module",
                module.name.rpartition(".")[2],
                module.name,
                facts.path,
                1,
                max(facts.line_count, 1),
                LANGUAGE,
            )
        )
        edges.append(Edge("file:" + facts.path, module.node_id, "contains", 1.0, 1))
        defs = facts.definitions
        for index, d in enumerate(defs):
            if d.kind == ANONYMOUS_SCOPE:
                continue
            is_method = (
                d.kind == "function"
                and d.parent != MODULE_SCOPE
                and (defs[d.parent].kind == "class")
            )
            nodes.append(
                Node(
                    module.ids[index],
                    "method" if is_method else d.kind,
                    d.name,
                    module.qualnames[index],
                    facts.path,
                    d.start_line,
                    d.end_line,
                    LANGUAGE,
                )
            )
            edges.append(
                Edge(module.symbol_id(d.parent), module.ids[index], "contains", 1.0, d.start_line)
            )
        for imp in facts.imports:
            hook = self._imported_getattr(module, imp)
            if hook is not None:
                edges.append(
                    Edge(
                        module.symbol_id(imp.scope),
                        self._modules[hook[0]].symbol_id(hook[1]),
                        "calls",
                        MODULE_GETATTR_CONFIDENCE,
                        imp.line,
                    )
                )
            imported = self._import_target_module(module, imp)
            if imported is None or imported == module.name:
                continue
            tags: list[str] = []
            if imp.scope != MODULE_SCOPE:
                tags.append("deferred")
            if imp.type_only:
                tags.append("type-checking")
            edges.append(
                Edge(module.node_id, PREFIX + imported, "imports", 1.0, imp.line, tuple(tags))
            )
        # A reference's edges depend on all of it but its line: a scope that
        # spells the same reference again (`self.run()` twice) resolves it once.
        outcomes: dict[tuple[str, str, str | None, int, bool], _Outcome] = {}
        new_edge = tuple.__new__
        for ref in (*facts.references, *self._implied_reads(module, facts.references)):
            key = (ref.kind, ref.name, ref.receiver, ref.scope, ref.header)
            outcome = outcomes.get(key)
            if outcome is None:
                outcome = outcomes[key] = self._outcome(module, ref)
            tally, rows = outcome
            if tally == _UNRESOLVED:
                external += 1
            elif tally == _CERTAIN:
                certain += 1
            elif tally != _NO_CODE:
                name_matched += 1
                if tally == _AMBIGUOUS:
                    ambiguous += 1
            line = ref.line
            for source, target_id, kind, confidence, edge_tags in rows:
                edges.append(new_edge(Edge, (source, target_id, kind, confidence, line, edge_tags)))
        for base in facts.bases:
            cls = (module.name, base.definition)
            scope = defs[base.definition].parent
            base_target = self._resolve_chain(module, scope, base.expression.split("."))
            if (
                isinstance(base_target, tuple)
                and self._kind(base_target) == "class"
                and base_target != cls
            ):
                edges.append(
                    Edge(
                        module.ids[base.definition],
                        self._modules[base_target[0]].symbol_id(base_target[1]),
                        "inherits",
                        1.0,
                        base.line,
                    )
                )
        edges.extend(self._fixture_edges(module))
        counts = {
            "resolved": certain,
            "name_matched": name_matched,
            "ambiguous": ambiguous,
            "unresolved": external,
        }
        return FileOutput(tuple(nodes), tuple(edges), counts, self._entry_points(module))

    def _outcome(self, module: _Module, ref: Reference) -> _Outcome:
        """How one reference counts, and its edges but for their line."""
        if (
            ref.receiver is None
            and ref.name not in self._reachable_names
            and ref.kind not in (IMPLICIT, READ, PREFIXED)
        ):
            return _UNRESOLVED, ()  # most: a local, a parameter, a builtin
        kind, resolved, match_tags = self._resolve_edges(module, ref)
        if not resolved:
            # Most implicit calls and reads run no code of ours: not counted.
            return (_NO_CODE if ref.kind in (IMPLICIT, READ, PREFIXED) else _UNRESOLVED), ()
        source = module.symbol_id(ref.scope)
        by_name = bool(match_tags)
        tally = _NAME_MATCHED if by_name else _CERTAIN
        if by_name and len(resolved) > 1:
            tally = _AMBIGUOUS
        rows: list[tuple[str, str, str, float, tuple[str, ...]]] = []
        for symbol, confidence in resolved:
            target_id = self._modules[symbol[0]].symbol_id(symbol[1])
            if target_id != source:
                rows.append((source, target_id, kind, confidence, match_tags))
        if kind == "calls" and not by_name:
            for symbol, confidence in self._dispatched(module, ref, resolved):
                target_id = self._modules[symbol[0]].symbol_id(symbol[1])
                if target_id != source:
                    rows.append((source, target_id, kind, confidence, (DISPATCH_TAG,)))
        return tally, tuple(rows)

    def _entry_points(self, module: _Module) -> tuple[EntryPoint, ...]:
        """Entry points this module declares or exposes."""
        facts = module.facts
        found = {EntryPoint(module.symbol_id(scope), kind) for kind, scope in facts.entry_points}
        # The public API: names a package re-exports, or a module lists in __all__.
        names: Iterable[str] = ()
        if facts.exports is not None:
            names = facts.exports
        elif module.is_package:
            names = [n for n in module.imports.get(MODULE_SCOPE, {}) if not n.startswith("_")]
        for name in names:
            target = self._member(module.name, name, 0)
            if target is not None and target[1] != MODULE_SCOPE:
                found.add(EntryPoint(self._modules[target[0]].symbol_id(target[1]), "public-api"))
        # Console scripts and other configured entry points naming this module.
        for kind, spec in self._scripts:
            module_name, _, attribute = spec.partition(":")
            if module_name.strip() != module.name or not attribute.strip():
                continue
            parts = attribute.strip().split(".")
            symbol = self._member(module.name, parts[0], 0)
            for part in parts[1:]:
                if symbol is None or self._kind(symbol) != "class":
                    symbol = None
                    break
                symbol = self._class_member(symbol, part)
            if symbol is not None and symbol[1] != MODULE_SCOPE:
                found.add(EntryPoint(self._modules[symbol[0]].symbol_id(symbol[1]), kind))
        # Django: views named in a URLconf.
        if module.name.rpartition(".")[2] == "urls":
            for ref in facts.references:
                if ref.scope != MODULE_SCOPE:
                    continue
                if ref.kind not in ("call", "value"):
                    continue
                if ref.kind == "call" and ref.receiver in (None, "?", LITERAL_RECEIVER):
                    continue  # path(), include(): the URLconf's own helpers
                for view in self._url_views(module, ref):
                    found.add(EntryPoint(view, "django-view"))
        return tuple(sorted(found, key=lambda e: (e.id, e.kind)))

    def _url_views(self, module: _Module, ref: Reference) -> list[str]:
        """The views a module-level reference in a URLconf names."""
        targets = [
            symbol
            for symbol, confidence in self._resolve_reference(module, ref)
            if confidence >= 1.0 and self._kind(symbol) in ("function", "class")
        ]
        if not targets and ref.receiver not in (None, "?", LITERAL_RECEIVER):
            # `views.Page.as_view()`: the view is the class before the call.
            receiver = self._resolve_chain(module, MODULE_SCOPE, str(ref.receiver).split("."))
            if isinstance(receiver, tuple) and self._kind(receiver) == "class":
                targets = [receiver]
        return [self._modules[s[0]].symbol_id(s[1]) for s in targets]

    def _resolve_edges(
        self, module: _Module, ref: Reference
    ) -> tuple[str, list[tuple[Symbol, float]], tuple[str, ...]]:
        """The edge kind, targets and tags of one reference: a value that reads a
        property, or a module's ``__getattr__``, runs code (``calls``); a method
        missing from a class with an external base may call back its methods."""
        if ref.kind == "value" and ref.receiver is not None:
            read = self._resolve_read(module, ref)
            if read:
                return "calls", read, ()
        kind = "references" if ref.kind == "value" else "calls"
        resolved = self._resolve_reference(module, ref)
        # `mod.name()` where mod lacks name: it resolved to nothing, or by name
        unresolved = not resolved or self._is_name_match(resolved)
        if ref.kind == "call" and ref.receiver is not None and unresolved:
            scope = module.facts.definitions[ref.scope].parent if ref.header else ref.scope
            if self._getattr_modules:
                hook = self._module_getattr(module, scope, ref.receiver, ref.name)
                if hook is not None:
                    return "calls", [(hook, MODULE_GETATTR_CONFIDENCE)], ()
            if ref.receiver != "super()":
                callbacks = self._called_back(module, scope, ref.receiver)
                if callbacks is not None:
                    return "calls", callbacks, (CALLBACK_TAG,)
        if ref.kind == PREFIXED:
            return "calls", resolved, (DYNAMIC_TAG,)
        by_name = ref.receiver is not None and bool(resolved) and self._is_name_match(resolved)
        return kind, resolved, ("name-match",) if by_name else ()

    def _implied_reads(self, module: _Module, references: Sequence[Reference]) -> list[Reference]:
        """The attribute reads spelled inside receivers: `a.b` in `a.b.run()`.

        The extractor records a read only where no reference's receiver
        holds it. Only reads a property or a module's ``__getattr__`` could
        answer are worth resolving; one per scope, receiver and name.
        """
        if not self._property_names and not self._getattr_modules:
            return []
        found: list[Reference] = []
        seen: set[tuple[int, str, str]] = set()
        skipped: set[str] = set()  # receivers that read nothing worth resolving
        for ref in references:
            receiver = ref.receiver
            if receiver is None or receiver in skipped:
                continue
            if "." not in receiver or receiver in ("?", LITERAL_RECEIVER):
                skipped.add(receiver)
                continue
            called = receiver.endswith("()")
            parts = (receiver[:-2] if called else receiver).split(".")
            read = parts[1:-1] if called else parts[1:]
            if not (
                (self._getattr_modules and parts[0] in module.imported_names)
                or any(part in self._property_names for part in read)
            ):
                skipped.add(receiver)
                continue
            for index in range(1, len(parts) - 1 if called else len(parts)):
                name = parts[index]
                prefix = ".".join(parts[:index])
                key = (ref.scope, prefix, name)
                if key in seen:
                    continue
                seen.add(key)
                if name in self._property_names or (
                    self._getattr_modules
                    and self._module_getattr(module, ref.scope, prefix, name) is not None
                ):
                    found.append(Reference(READ, name, prefix, ref.line, ref.scope, ref.header))
        return found

    def _imported_getattr(self, module: _Module, imp: Import) -> Symbol | None:
        """``from mod import name``, served by ``mod.__getattr__``."""
        if not self._getattr_modules or imp.name is None or imp.name == "*":
            return None
        absolute = self._absolute(module, imp.source)
        return self._getattr_serving(absolute, imp.name) if absolute is not None else None

    def _resolve_reference(self, module: _Module, ref: Reference) -> list[tuple[Symbol, float]]:
        """Targets of one reference with their confidences (empty: no internal target)."""
        if ref.kind == IMPLICIT:
            return self._resolve_implicit(module, ref)
        if ref.kind == READ:
            return self._resolve_read(module, ref)
        if ref.kind == PREFIXED:
            return self._resolve_prefixed(module, ref)
        if ref.name not in self._reachable_names or ref.receiver == LITERAL_RECEIVER:
            return []
        scope = ref.scope
        if ref.header:
            # Decorators, defaults and annotations run in the enclosing scope.
            scope = module.facts.definitions[scope].parent
        target: Resolution
        if ref.receiver is None:
            target = self._lookup(module, scope, ref.name)
        elif ref.receiver in ("self", "cls", "super()"):
            cls_index = self._enclosing_class(module, scope)
            if cls_index is None:
                return []
            target = self._class_member(
                (module.name, cls_index), ref.name, skip_self=ref.receiver == "super()"
            )
            if target is None and ref.kind == "call" and ref.receiver != "super()":
                named = self._class_attribute_class((module.name, cls_index), ref.name)
                if named is not None:
                    return self._constructing(named, ANNOTATED_CONFIDENCE)
            if target is None:
                target = Opaque.UNKNOWN
        elif ref.receiver == "?":
            target = Opaque.UNKNOWN
        elif ref.receiver.endswith("()"):
            # What a call returns: `f().m()`, `Cls(...).m()`, `a.make().m()`.
            member = self._member_of_instance(module, scope, ref.receiver, ref.name)
            if member is not None:
                return [member]
            # A dotted call's result was matched by name, a plain one's not at all.
            target = Opaque.UNKNOWN if "." in ref.receiver else None
        else:
            parts = [*ref.receiver.split("."), ref.name]
            target = self._resolve_chain(module, scope, parts)
            if target is Opaque.UNKNOWN:
                typed = self._typed_receiver(module, scope, parts)
                if typed is not None:
                    symbol, confidence = typed
                    if self._kind(symbol) == "class" and ref.kind == "call":
                        return self._constructing(symbol, confidence)
                    if self._kind(symbol) in ("function", "class"):
                        return [(symbol, confidence)]
                # `x.prop.m()`: through a property whose return type is known
                if any(part in self._property_names for part in parts[1:-1]):
                    member = self._member_of_instance(module, scope, ref.receiver, ref.name)
                    if member is not None:
                        return [member]
        if isinstance(target, tuple):
            kind = self._kind(target)
            if kind == "module":
                return []
            if ref.kind == "call" and kind == "class":
                return self._constructing(target, 1.0)
            return [(target, 1.0)]
        if target is Opaque.UNKNOWN and ref.receiver is not None and ref.kind == "call":
            return self._name_match(ref.name)
        return []

    def _member_of_instance(
        self, module: _Module, scope: int, receiver: str, name: str
    ) -> tuple[Symbol, float] | None:
        """The method ``name`` of the instance ``receiver`` evaluates to, if its type is known."""
        instance = self._instance_type(module, scope, receiver)
        if instance is None:
            return None
        member = self._class_member(instance[0], name)
        if member is None or self._kind(member) not in ("function", "class"):
            return None
        return member, instance[1]

    @staticmethod
    def _is_name_match(resolved: list[tuple[Symbol, float]]) -> bool:
        return resolved[0][1] <= NAME_MATCH_CONFIDENCE

    def _name_match(self, name: str) -> list[tuple[Symbol, float]]:
        if name.startswith("__"):
            return []
        return name_matches(name, self._methods_by_name.get(name, ()))

    # ---- pytest fixtures and unittest set-up ------------------------------------

    def _fixture_edges(self, module: _Module) -> list[Edge]:
        """Edges from tests and fixtures to the fixtures and set-up methods run for them.

        A test requests the fixtures its parameters name (those without a
        default, a parametrize argument aside), those its ``usefixtures``
        marks name, and the autouse fixtures it sees; a fixture requests those
        its parameters name. Each name binds by pytest's lookup, nearest first.
        """
        defs = module.facts.definitions
        test_file = self._is_test_file(module)
        edges: list[Edge] = []
        for index, d in enumerate(defs):
            if d.kind != "function" or not self._collected(module, index):
                continue
            requester = (module.name, index)
            test = test_file and self._is_test(module, index)
            if not test and self._fixture(requester) is None:
                continue
            levels = self._fixture_levels(module, index)
            names = list(self._parameter_requests(module, index, test))
            if test:
                names.extend(self._marks(module, index)[1])
                names.extend(
                    name
                    for table in levels
                    for name, (_, autouse) in sorted(table.items())
                    if autouse
                )
            targets: list[Symbol] = []
            for name in dict.fromkeys(names):
                target = self._find_fixture(levels, name, requester)
                if target is not None:
                    targets.append(target)
            if test and d.parent != MODULE_SCOPE:
                targets.extend(self._set_up_methods((module.name, d.parent), requester))
            for target in dict.fromkeys(targets):
                edges.append(
                    Edge(
                        module.ids[index],
                        self._modules[target[0]].symbol_id(target[1]),
                        "calls",
                        FIXTURE_CONFIDENCE,
                        d.start_line,
                        (FIXTURE_TAG,),
                    )
                )
        return edges

    def _fixture_value_type(
        self, module: _Module, owner: int, name: str
    ) -> tuple[Symbol, float] | None:
        """The class of a fixture's value, for a parameter of a test or fixture that requests it."""
        if owner == MODULE_SCOPE or module.binding_counts.get((owner, name), 0) != 1:
            return None  # the parameter is bound again in the body
        requests = module.fixture_requests.get(owner)
        if requests is None:
            requests = module.fixture_requests[owner] = self._fixture_requests(module, owner)
        if name not in requests:
            return None
        requester = (module.name, owner)
        target = self._find_fixture(self._fixture_levels(module, owner), name, requester)
        value = self._fixture_value(target) if target is not None else None
        return None if value is None else (value, FIXTURE_VALUE_CONFIDENCE)

    def _fixture_requests(self, module: _Module, owner: int) -> tuple[str, ...]:
        """The fixtures the parameters of a test or fixture ``owner`` request; none for
        another function."""
        if module.facts.definitions[owner].kind != "function" or not self._collected(module, owner):
            return ()
        test = self._is_test_file(module) and self._is_test(module, owner)
        if not test and self._fixture((module.name, owner)) is None:
            return ()
        return self._parameter_requests(module, owner, test)

    def _is_test_file(self, module: _Module) -> bool:
        cached = self._fixture_caches.test_files.get(module.name)
        if cached is None:
            cached = is_test_path(_PYTHON_RULE, module.facts.path)
            self._fixture_caches.test_files[module.name] = cached
        return cached

    @staticmethod
    def _collected(module: _Module, index: int) -> bool:
        """Whether pytest sees the definition: at module level or in classes only."""
        defs = module.facts.definitions
        current = defs[index].parent
        while current != MODULE_SCOPE:
            if defs[current].kind != "class":
                return False
            current = defs[current].parent
        return True

    @staticmethod
    def _is_test(module: _Module, index: int) -> bool:
        """A test function or method by the naming rules (its file is a test file)."""
        defs = module.facts.definitions
        d = defs[index]
        if not d.name.startswith(_PYTHON_RULE.test_function_prefix):
            return False
        current = d.parent
        while current != MODULE_SCOPE:
            if not defs[current].name.startswith(_PYTHON_RULE.test_class_prefix):
                return False
            current = defs[current].parent
        return True

    def _decorator_references(self, module: _Module, index: int) -> list[int]:
        """Indices of the decorator calls of definition ``index`` that fixture rules read."""
        by_definition = self._fixture_caches.decorators.get(module.name)
        if by_definition is None:
            by_definition = {}
            wanted = _FIXTURE_DECORATOR_NAMES | _MARK_NAMES
            for i, ref in enumerate(module.facts.references):
                if ref.kind == "call" and ref.header and ref.name in wanted:
                    by_definition.setdefault(ref.scope, []).append(i)
            self._fixture_caches.decorators[module.name] = by_definition
        return by_definition.get(index, [])

    def _literals(self, module: _Module, reference: int) -> list[LiteralArgument]:
        by_reference = self._fixture_caches.literals.get(module.name)
        if by_reference is None:
            by_reference = {}
            for literal in module.facts.literals:
                by_reference.setdefault(literal.reference, []).append(literal)
            self._fixture_caches.literals[module.name] = by_reference
        return by_reference.get(reference, [])

    def _decorator_name(self, module: _Module, ref: Reference) -> str | None:
        """The imported name a decorator call spells (``pytest.mark.usefixtures``), if any."""
        receiver = ref.receiver
        if receiver is not None and not all(part.isidentifier() for part in receiver.split(".")):
            return None
        dotted = ref.name if receiver is None else f"{receiver}.{ref.name}"
        return self._external_name(module, module.facts.definitions[ref.scope].parent, dotted)

    def _external_name(self, module: _Module, scope: int, dotted: str) -> str | None:
        """The full name of ``a.b`` seen in ``scope`` when ``a`` is bound by an external import."""
        first, _, rest = dotted.partition(".")
        if self._lookup(module, scope, first) is not Opaque.EXTERNAL:
            return None
        defs = module.facts.definitions
        current = scope
        innermost = True
        while True:  # the scopes ``_lookup`` walks; class bodies enclose nothing
            seen = innermost or current == MODULE_SCOPE or defs[current].kind != "class"
            if seen and module.imports.get(current, {}).get(first):
                break
            if current == MODULE_SCOPE:
                return None
            innermost = False
            current = defs[current].parent
        imp = module.imports[current][first][0]
        if imp.name is None:
            origin = imp.source if imp.alias else first
        elif imp.source.startswith("."):
            return None
        else:
            origin = f"{imp.source}.{imp.name}"
        return f"{origin}.{rest}" if rest else origin

    def _fixture(self, symbol: Symbol) -> tuple[str, bool] | None:
        """The fixture name and autouse flag of a function decorated ``@pytest.fixture``."""
        cache = self._fixture_caches.fixtures
        if symbol in cache:
            return cache[symbol]
        found: tuple[str, bool] | None = None
        module = self._modules[symbol[0]]
        if symbol[1] != MODULE_SCOPE and self._kind(symbol) == "function":
            for index in self._decorator_references(module, symbol[1]):
                ref = module.facts.references[index]
                if ref.name not in _FIXTURE_DECORATOR_NAMES:
                    continue
                if self._decorator_name(module, ref) not in FIXTURE_DECORATORS:
                    continue
                literals = self._literals(module, index)
                name = next(
                    (a.value for a in literals if a.keyword == "name"),
                    module.facts.definitions[symbol[1]].name,
                )
                autouse = any(a.keyword == "autouse" and a.value == "True" for a in literals)
                found = (name, autouse)
                break
        cache[symbol] = found
        return found

    def _add_fixture(self, table: FixtureTable, symbol: Symbol) -> None:
        fixture = self._fixture(symbol) if symbol[1] != MODULE_SCOPE else None
        if fixture is not None:
            table[fixture[0]] = (symbol, fixture[1])

    def _module_fixtures(self, module: _Module) -> FixtureTable:
        """The fixtures a module (a test file, a conftest) defines or imports."""
        cached = self._fixture_caches.module_tables.get(module.name)
        if cached is not None:
            return cached
        table: FixtureTable = {}
        # Imported fixtures count as the module's own; its definitions win.
        for star in module.stars:
            source = self._absolute(module, star.source)
            if source is None or source == module.name or source not in self._modules:
                continue
            exporter = self._modules[source]
            for attribute, index in sorted(exporter.children.get(MODULE_SCOPE, {}).items()):
                if self._exports(exporter, attribute):
                    self._add_fixture(table, (source, index))
        for _, imports in sorted(module.imports.get(MODULE_SCOPE, {}).items()):
            for imp in imports:
                target = self._resolve_import(module, imp)
                if target is not None:
                    self._add_fixture(table, target)
                    break
        for _, index in sorted(module.children.get(MODULE_SCOPE, {}).items()):
            self._add_fixture(table, (module.name, index))
        self._fixture_caches.module_tables[module.name] = table
        return table

    def _class_fixtures(self, cls: Symbol) -> FixtureTable:
        """The fixtures a class defines or inherits (its methods), the nearest in MRO winning."""
        cached = self._fixture_caches.class_tables.get(cls)
        if cached is not None:
            return cached
        table: FixtureTable = {}
        for klass in reversed(self._mro(cls)):
            children = self._modules[klass[0]].children.get(klass[1], {})
            for _, index in sorted(children.items()):
                self._add_fixture(table, (klass[0], index))
        self._fixture_caches.class_tables[cls] = table
        return table

    def _fixture_levels(self, module: _Module, index: int) -> list[FixtureTable]:
        """Where pytest looks a name up for definition ``index``, nearest first.

        The enclosing classes, the module, then the ``conftest.py`` of the
        module's folder and of each folder above it up to the repository root.
        """
        defs = module.facts.definitions
        levels: list[FixtureTable] = []
        current = defs[index].parent
        while current != MODULE_SCOPE:
            levels.append(self._class_fixtures((module.name, current)))
            current = defs[current].parent
        levels.append(self._module_fixtures(module))
        conftests = self._fixture_caches.conftests
        folder = posixpath.dirname(module.facts.path)
        while True:
            conftest = conftests.get(folder)
            if conftest is not None and conftest != module.name:
                levels.append(self._module_fixtures(self._modules[conftest]))
            if not folder:
                break
            folder = posixpath.dirname(folder)
        return levels

    @staticmethod
    def _find_fixture(levels: list[FixtureTable], name: str, requester: Symbol) -> Symbol | None:
        """The nearest fixture ``name``; a fixture requesting its own name gets the next one out."""
        for table in levels:
            entry = table.get(name)
            if entry is not None and entry[0] != requester:
                return entry[0]
        return None

    def _parameter_requests(self, module: _Module, index: int, test: bool) -> tuple[str, ...]:
        """The fixtures the parameters of ``index`` name.

        Parameters with a default value are no fixtures, nor are ``*args``,
        ``**kwargs``, positional-only parameters, the instance or class a
        method receives, and (for a test) the names a parametrize mark sets.
        """
        symbol = (module.name, index)
        cached = self._fixture_caches.requests.get(symbol)
        if cached is not None:
            return cached
        signature = next((s for s in module.facts.signatures if s.definition == index), None)
        names: list[str] = []
        if signature is not None:
            parameters = signature.parameters
            if signature.receiver != RECEIVER_NONE:
                parameters = parameters[1:]
            names = [
                p.name
                for p in parameters
                if p.kind in (POSITIONAL_OR_KEYWORD, KEYWORD_ONLY) and not p.default
            ]
        if test:
            parametrized = self._marks(module, index)[0]
            names = [name for name in names if name not in parametrized]
        result = tuple(names)
        self._fixture_caches.requests[symbol] = result
        return result

    def _marks(self, module: _Module, index: int) -> tuple[frozenset[str], list[str]]:
        """The names parametrize marks set, and those usefixtures marks request, for a test.

        Marks on the test and on its enclosing classes count. A parametrize
        mark with ``indirect=True`` passes its values to fixtures of those
        names, so they stay fixtures.
        """
        defs = module.facts.definitions
        parametrized: set[str] = set()
        used: list[str] = []
        current = index
        while current != MODULE_SCOPE:
            for reference in self._decorator_references(module, current):
                ref = module.facts.references[reference]
                if ref.name not in _MARK_NAMES:
                    continue
                mark = self._decorator_name(module, ref)
                literals = self._literals(module, reference)
                if mark in USEFIXTURES_MARKS:
                    used.extend(a.value for a in literals if a.keyword is None)
                elif mark in PARAMETRIZE_MARKS and not any(
                    a.keyword == "indirect" and a.value == "True" for a in literals
                ):
                    for a in literals:
                        if (a.keyword is None and a.position == 0) or a.keyword == "argnames":
                            parametrized.update(n.strip() for n in a.value.split(","))
            current = defs[current].parent
        return frozenset(parametrized), used

    def _fixture_value(self, fixture: Symbol) -> Symbol | None:
        """The class of a fixture's value, when its code shows it.

        The return annotation of a plain fixture, or the one class that every
        ``return`` (every ``yield`` of a generator fixture) constructs.
        """
        cache = self._fixture_caches.values
        if fixture in cache:
            return cache[fixture]
        cache[fixture] = None  # a fixture typed through itself
        self._fixture_depth += 1
        try:
            found = self._fixture_value_uncached(fixture)
        finally:
            self._fixture_depth -= 1
        cache[fixture] = found
        return found

    def _fixture_value_uncached(self, fixture: Symbol) -> Symbol | None:
        module = self._modules[fixture[0]]
        index = fixture[1]
        results = fixture_results(module.facts, index)
        yields = [r for r in results if r.statement == RESULT_YIELD]
        annotations = [r for r in results if r.statement == RESULT_ANNOTATION]
        found: Symbol | None = None
        if annotations and not yields:
            scope = module.facts.definitions[index].parent  # annotations run outside
            found = self._class_named(module, scope, annotations[0].expression)
        else:
            values = yields or [r for r in results if r.statement != RESULT_ANNOTATION]
            if values and all(r.how == RESULT_CONSTRUCTED for r in values):
                classes = {self._called_class(module, index, r.expression) for r in values}
                if len(classes) == 1:
                    found = classes.pop()
        return found

    def _called_class(self, module: _Module, scope: int, expression: str) -> Symbol | None:
        """The class of what calling ``expression`` gives: a class constructed, or what
        a function or method returns (``app.test_client()`` of an ``app`` fixture)."""
        found = self._class_named(module, scope, expression)
        if found is not None:
            return found
        result = self._call_result(module, scope, expression.split("."))
        return result[0] if result is not None else None

    def _class_named(self, module: _Module, scope: int, expression: str) -> Symbol | None:
        target = self._resolve_chain(module, scope, expression.split("."))
        return target if isinstance(target, tuple) and self._kind(target) == "class" else None

    def _set_up_methods(self, cls: Symbol, test: Symbol) -> list[Symbol]:
        """What runs around each test of ``cls``: unittest's and pytest's xunit-style set-up."""
        names = XUNIT_SETUP + UNITTEST_SETUP if self._is_unittest_case(cls) else XUNIT_SETUP
        found: list[Symbol] = []
        for name in names:
            method = self._class_member(cls, name)
            if method is not None and method != test and self._kind(method) == "function":
                found.append(method)
        return found

    def _is_unittest_case(self, cls: Symbol) -> bool:
        """Whether ``cls`` derives (through the repository's classes) from an imported
        ``*TestCase``."""
        cached = self._fixture_caches.test_cases.get(cls)
        if cached is not None:
            return cached
        found = False
        for klass in self._mro(cls):
            module = self._modules[klass[0]]
            scope = module.facts.definitions[klass[1]].parent
            for expression in module.base_expressions.get(klass[1], ()):
                external = self._external_name(module, scope, expression)
                if external is not None and external.rpartition(".")[2].endswith(
                    UNITTEST_CASE_SUFFIX
                ):
                    found = True
        self._fixture_caches.test_cases[cls] = found
        return found


def definition_ids(
    module_name: str, definitions: Sequence[Definition]
) -> tuple[list[str], list[str]]:
    """Qualified names and node ids of a module's definitions, in order.

    The last definition of a name is the one bound at run time; earlier ones
    (overload stubs, conditional variants) get numbered ids (``#1``, ``#2``).
    An anonymous scope is not a symbol: it takes its parent's qualname and id.
    """
    qualnames: list[str] = []
    last_index: dict[str, int] = {}
    for index, d in enumerate(definitions):
        parent_q = module_name if d.parent == MODULE_SCOPE else qualnames[d.parent]
        if d.kind == ANONYMOUS_SCOPE:
            qualnames.append(parent_q)
            continue
        qualname = f"{parent_q}.{d.name}"
        qualnames.append(qualname)
        last_index[qualname] = index
    ids: list[str] = []
    counts: dict[str, int] = {}
    for index, (d, qualname) in enumerate(zip(definitions, qualnames, strict=True)):
        if d.kind == ANONYMOUS_SCOPE:
            ids.append(PREFIX + module_name if d.parent == MODULE_SCOPE else ids[d.parent])
        elif last_index[qualname] == index:
            ids.append(PREFIX + qualname)
        else:
            counts[qualname] = counts.get(qualname, 0) + 1
            ids.append(f"{PREFIX}{qualname}#{counts[qualname]}")
    return qualnames, ids


def python_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes name them."""
    defs = facts.definitions
    _, ids = definition_ids(module_id.removeprefix(PREFIX), defs)
    symbols = []
    for index, d in enumerate(defs):
        if d.kind == ANONYMOUS_SCOPE:
            continue
        is_method = (
            d.kind == "function" and d.parent != MODULE_SCOPE and defs[d.parent].kind == "class"
        )
        kind = "method" if is_method else d.kind
        symbols.append((ids[index], kind, d.name, d.start_line, d.end_line, d.body_line))
    return symbols


def _reachable_names(facts: FileFacts) -> set[str]:
    """The names through which a reference may reach what a file defines or binds:
    its definitions', its imports' bound names and its aliases'."""
    return (
        {d.name for d in facts.definitions}
        | {_bound_name(imp) for imp in facts.imports if imp.name != "*"}
        | {name for _, name, _, how in facts.typed if how == "aliased"}
    )


def python_interface(facts: FileFacts) -> FileFacts:
    """What resolving *other* files may read from this file's facts.

    References, function-local bindings, signatures and call arguments only
    matter to the file itself, so the interface drops them; what functions
    return and which are properties matter to their callers. It keeps the line
    count, syntax errors and notes for the graph's file node and meta, and
    what other files' fixture lookups read: the ``fixture`` decorator calls,
    their literal arguments, what those fixtures return, their parameters and
    the names they bind; and what class bodies bind (class attributes).
    """
    references, literals, results = _fixture_interface(facts)
    # A fixture's value may be a call on one of its parameters (`app.test_client()`):
    # its parameters and bindings stay, so that reads the same from the interface
    # as from the facts.
    fixtures = {ref.scope for ref in references}
    # What a class body binds is read as the class's attributes.
    classes = {i for i, d in enumerate(facts.definitions) if d.kind == "class"}
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=facts.imports,
        references=references,
        bases=facts.bases,
        bindings=tuple(
            b
            for b in facts.bindings
            if b[1].startswith("self.") or b[0] in fixtures or b[0] in classes
        ),
        typed=tuple(
            t
            for t in facts.typed
            if t[1].startswith("self.") or t[0] in fixtures or t[0] in classes
        ),
        exports=facts.exports,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        literals=literals,
        results=results,
        returns=facts.returns,
        traits=facts.traits,
        signatures=tuple(s for s in facts.signatures if s.definition in fixtures),
    )


def _fixture_interface(
    facts: FileFacts,
) -> tuple[tuple[Reference, ...], tuple[LiteralArgument, ...], tuple[Result, ...]]:
    """A file's ``fixture`` decorator calls, their literal arguments (re-indexed), and
    the results of the functions they decorate."""
    kept: dict[int, int] = {}
    for index, ref in enumerate(facts.references):
        if ref.kind == "call" and ref.header and ref.name in _FIXTURE_DECORATOR_NAMES:
            kept[index] = len(kept)
    if not kept:
        return (), (), ()
    references = tuple(facts.references[index] for index in kept)
    literals = tuple(
        a._replace(reference=kept[a.reference]) for a in facts.literals if a.reference in kept
    )
    scopes = sorted({ref.scope for ref in references if ref.scope != MODULE_SCOPE})
    results = tuple(r for scope in scopes for r in fixture_results(facts, scope))
    return references, literals, results


def fixture_results(facts: FileFacts, index: int) -> tuple[Result, ...]:
    """The results of the function at ``index``, a returned name read as the class it holds.

    ``return var`` counts as ``return Cls(...)`` when every binding of ``var``
    in the function is ``var = Cls(...)``; any other returned name is an
    unknown value. So a file's interface, which keeps no local bindings, says
    the same as its full facts.
    """
    own = [r for r in facts.results if r.scope == index]
    if all(r.how != RESULT_NAMED for r in own):
        return tuple(own)
    bindings = [name for scope, name in facts.bindings if scope == index]
    resolved: list[Result] = []
    for r in own:
        if r.how == RESULT_NAMED:
            typed = [
                (e, how) for scope, n, e, how in facts.typed if (scope, n) == (index, r.expression)
            ]
            if (
                typed
                and len(typed) == bindings.count(r.expression)
                and len({e for e, _ in typed}) == 1
                and all(how == "constructed" for _, how in typed)
            ):
                r = r._replace(expression=typed[0][0], how=RESULT_CONSTRUCTED)
            else:
                r = r._replace(expression="", how="")
        resolved.append(r)
    return tuple(resolved)
