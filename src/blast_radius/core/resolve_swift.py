"""Resolve Swift facts into graph nodes and edges.

A module is a SwiftPM target: ``Package.swift`` names it and its folder
(``Sources/<Target>/``, ``Tests/<Target>/`` for a test target, or its
``path:``); a file no target claims belongs to the module of its
``Sources/<X>/`` or ``Tests/<X>/`` folder, else to the one named by its first
folder (an Xcode project's target folder). **All files of a module share one
namespace**: a type or function one declares the others see without an
import. ``import Foo`` (``@testable import Foo`` too) brings the module Foo
when Foo is a target of the repository; a module outside it gets no edges.

Types are classes, structs, enums, actors and protocols. ``extension T: P``
in any file of any module that sees T adds members to T and a conformance:
its members are looked up as T's. ``class A: B, P`` names a superclass or
protocols; each resolved name is an ``inherits`` edge (``implements`` when it
is a protocol). A type's members are looked up in all its parts, then along
its superclass and protocols, a protocol's extensions giving the default
implementations (inferred, 0.8, when reached from a conforming type).

Calls: ``T(...)`` constructs (the type and its ``init``), ``T.m()`` is a
static call, ``self.m()``, ``super.m()`` and ``m()`` in a type or its
extensions bind in the type (certain; overrides below it and a protocol's
implementations are reached by dispatch); ``f()`` is a function nested in
the function, then a member, then a function of the module, then of an
imported module. Receivers typed by ``let x: T``, ``let x = T(...)``, a
parameter, a property or a declared result are typed (0.9). A type outside
the repository that a target extends (``extension URLRequest``) is looked
up in the extensions the file's target and its imports hold: a value of it
reaches their members, and naming it is no edge. A call on a receiver of
unknown type is a name match; one on a value of another type outside the
repository gets no edge. ``private`` and ``fileprivate`` declarations are
seen only from their file. What a type conforms to outside the repository
enters it: SwiftUI's ``App`` (main), argument-parser commands (``run()``),
``XCTestCase`` subclasses, through base classes too (``test*`` methods).

Node ids: ``swift:<Target>/<path>`` for a file (its module node),
``swift:<Target>.<Type>`` for a type (``swift:<Target>.Outer.Inner`` when
nested), ``swift:<Target>.<Type>.<member>`` for a member (overloads share
one id; an initialiser is ``init``) and ``swift:<Target>.<function>`` for a
top-level function. A ``private`` or ``fileprivate`` top-level declaration
is its file's own: ``swift:<Target>/<path>.<name>`` (and its members under
it). An extension's members are named under the extended type's name in
the extension's own target: an extension in the type's target adds to the
type's node (which the file declaring the type emits), one in another
target is a node of that target with an ``inherits`` edge (tag
``extension``) to the type. See ``testdata/swift/README.md``.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from blast_radius.core.facts import ANONYMOUS_SCOPE, MODULE_SCOPE, FileFacts, Reference
from blast_radius.core.graph import Edge, EntryPoint, FileOutput, Node
from blast_radius.core.resolution import (
    ANNOTATED_CONFIDENCE,
    CERTAIN,
    DISPATCH_TAG,
    NAME_MATCH_TAG,
    CycleMemo,
    ancestors,
    descendants,
    dispatched,
    merged_symbols,
    module_parts,
    name_matches,
    standing_in,
)
from blast_radius.core.swift_projects import SwiftProjects

PREFIX = "swift:"
TYPE_KINDS = ("class", "interface")
EXTENSION = "extension"
APP_PROTOCOLS = frozenset({"App"})
"""SwiftUI: a type conforming to ``App`` is a program."""
COMMAND_PROTOCOLS = frozenset({"ParsableCommand", "AsyncParsableCommand"})
"""swift-argument-parser: a command's ``run()`` runs when it is invoked."""
TEST_CASE_CLASSES = frozenset({"XCTestCase"})
"""XCTest: the ``test*`` methods of a subclass of ``XCTestCase`` are tests."""
TEST_METHOD_PREFIX = "test"
PRIVATE = "private"
REQUIREMENT = "requirement"
IMPLEMENTS_TAG = "implements"
EXTENSION_TAG = "extension"
CONSTRUCTOR = "init"
DEFAULT_CONFIDENCE = 0.8
"""A member a protocol extension implements, reached from a conforming type:
the type or a constrained extension may implement it instead (inferred)."""
ROUTE_ENTRY = "http-route"
MAIN_FILE = "main.swift"
DEFAULT_MODULE = "main"

Symbol = tuple[str, int]
"""A definition: (file path, definition index)."""
TypeKey = tuple[str, str]
"""A type as (module, qualified name in it)."""
EXTERNAL: TypeKey = ("", "")
"""A type outside the repository: known to be none of its types."""
Typed = tuple[TypeKey, float]
UNKNOWN: Typed = (("?", "?"), 0.0)
"""A value bound where no type is written or inferred."""

_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_TYPE_NAME = re.compile(rf"{_NAME}(?:\.{_NAME})*")
_GENERIC = re.compile(r"<.*>|\s")


def _bare(written: str) -> str:
    """A type as written without generic arguments and spaces (``Box<Int>``: ``Box``)."""
    return _GENERIC.sub("", written).rstrip("?!")


def swift_module_of(path: str, projects: SwiftProjects) -> str:
    """The module (SwiftPM target) a file belongs to."""
    target = projects.target_of(path)
    if target is not None:
        return target.name
    parts = path.split("/")
    for index, part in enumerate(parts[:-2]):
        if part in ("Sources", "Tests"):
            return parts[index + 1]
    return parts[0] if len(parts) > 1 else DEFAULT_MODULE


def _traits(facts: FileFacts, trait: str) -> set[int]:
    return {index for index, name in facts.traits if name == trait}


def swift_definition_homes(facts: FileFacts, module: str) -> tuple[list[str], list[str], list[str]]:
    """Qualified names (``Cart.add``), homes and node ids of a file's
    definitions. A definition's home is its target, or ``<target>/<path>``
    under a ``private`` or ``fileprivate`` top-level declaration (only its
    file sees it: two files may each declare one of a name); its id is
    ``swift:<home>.<qualified name>``. An extension of a type the file
    declares privately is at that type's home. An anonymous scope takes its
    parent's qualified name, home and id."""
    qualnames: list[str] = []
    homes: list[str] = []
    ids: list[str] = []
    file_home = module + "/" + facts.path
    private = _traits(facts, PRIVATE)
    extensions = _traits(facts, EXTENSION)
    private_types = {
        _bare(d.name)
        for i, d in enumerate(facts.definitions)
        if d.parent == MODULE_SCOPE
        and d.kind in TYPE_KINDS
        and i in private
        and i not in extensions
    }
    for index, d in enumerate(facts.definitions):
        parent = d.parent
        if d.kind == ANONYMOUS_SCOPE:
            top = parent == MODULE_SCOPE
            qualnames.append("" if top else qualnames[parent])
            homes.append(module if top else homes[parent])
            ids.append(PREFIX + file_home if top else ids[parent])
            continue
        name = _bare(d.name)
        if parent == MODULE_SCOPE or not qualnames[parent]:
            qualname = name
            home = homes[parent] if parent != MODULE_SCOPE else module
            if parent == MODULE_SCOPE and (
                index in private or (index in extensions and name in private_types)
            ):
                home = file_home
        else:
            qualname = qualnames[parent] + "." + name
            home = homes[parent]
        qualnames.append(qualname)
        homes.append(home)
        ids.append(PREFIX + home + "." + qualname)
    return qualnames, homes, ids


def swift_definition_ids(facts: FileFacts, module: str) -> tuple[list[str], list[str]]:
    """Qualified names and node ids of a file's definitions (see
    ``swift_definition_homes``)."""
    qualnames, _, ids = swift_definition_homes(facts, module)
    return qualnames, ids


def _node_kind(facts: FileFacts, index: int) -> str:
    d = facts.definitions[index]
    if (
        d.kind == "function"
        and d.parent != MODULE_SCOPE
        and facts.definitions[d.parent].kind in TYPE_KINDS
    ):
        return "method"
    return d.kind


@dataclass(slots=True)
class _File:
    facts: FileFacts
    module: str
    qualnames: list[str] = field(default_factory=list)
    homes: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    imports: tuple[str, ...] = ()
    children: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    extensions: set[int] = field(default_factory=set)
    private: set[int] = field(default_factory=set)
    requirements: set[int] = field(default_factory=set)
    bindings: dict[int, set[str]] = field(default_factory=dict)
    typed: dict[tuple[int, str], list[tuple[str, str]]] = field(default_factory=dict)
    returns: dict[int, str] = field(default_factory=dict)
    type_of: dict[int, TypeKey] = field(default_factory=dict)
    """Type definition -> the type it declares or extends."""


def _swift_file(item: FileFacts, module: str) -> _File:
    """What a file's own lookups read of its facts: names and homes, imports,
    traits, bindings, typed names, return types and scopes' children (the
    repository's indexes, and the types of its definitions, are made apart)."""
    file = _File(item, module)
    file.qualnames, file.homes, file.ids = swift_definition_homes(item, module)
    file.imports = tuple(
        dict.fromkeys(i.source.split(".")[0] for i in item.imports if i.name is None)
    )
    file.extensions = _traits(item, EXTENSION)
    file.private = _traits(item, PRIVATE)
    file.requirements = _traits(item, REQUIREMENT)
    for scope, name in item.bindings:
        file.bindings.setdefault(scope, set()).add(name)
    for scope, name, expression, how in item.typed:
        file.typed.setdefault((scope, name), []).append((expression, how))
    for index, expression, how in item.returns:
        if how == "annotated":
            file.returns[index] = expression
    for index, d in enumerate(item.definitions):
        if d.kind != ANONYMOUS_SCOPE:
            file.children.setdefault(d.parent, {}).setdefault(_bare(d.name), []).append(index)
    return file


class SwiftResolver:
    """Resolves the facts of every Swift file into graph parts."""

    def __init__(
        self, facts: Sequence[FileFacts], all_paths: Iterable[str], projects: SwiftProjects
    ) -> None:
        del all_paths
        self._files: dict[str, _File] = {}
        # module -> qualified name -> declaring parts (not extensions)
        self._declared: dict[str, dict[str, list[Symbol]]] = {}
        self._functions: dict[str, dict[str, list[Symbol]]] = {}
        self._methods_by_name: dict[str, list[Symbol]] = {}
        for item in sorted(facts, key=lambda f: f.path):
            file = _swift_file(item, swift_module_of(item.path, projects))
            for index, d in enumerate(item.definitions):
                if d.kind == ANONYMOUS_SCOPE:
                    continue
                symbol = (item.path, index)
                if d.kind in TYPE_KINDS and index not in file.extensions:
                    self._declared.setdefault(file.homes[index], {}).setdefault(
                        file.qualnames[index], []
                    ).append(symbol)
                elif d.kind == "function" and d.parent == MODULE_SCOPE:
                    self._functions.setdefault(file.homes[index], {}).setdefault(d.name, []).append(
                        symbol
                    )
                elif _node_kind(item, index) == "method":
                    self._methods_by_name.setdefault(d.name, []).append(symbol)
            self._files[item.path] = file
        self._modules = {f.module for f in self._files.values()}
        # a type's parts: its declarations and every extension of it
        self._parts: dict[TypeKey, list[Symbol]] = {}
        for module, names in sorted(self._declared.items()):
            for qualname, symbols in sorted(names.items()):
                self._parts[(module, qualname)] = list(symbols)
        self._first: dict[str, str] = {}
        for file in self._files.values():
            for index, d in enumerate(file.facts.definitions):
                if d.kind in TYPE_KINDS and index not in file.extensions:
                    file.type_of[index] = (file.homes[index], file.qualnames[index])
        self._outside: set[TypeKey] = set()
        """Types outside the repository that it extends, by the extending
        target: ``call: CAPPluginCall`` finds the members extensions add."""
        extended: list[tuple[_File, int, TypeKey]] = []
        for path, file in self._files.items():
            for index in sorted(file.extensions):
                d = file.facts.definitions[index]
                found = self._type(path, d.parent, _bare(d.name))
                if found is not None and found != EXTERNAL:
                    extended.append((file, index, found))
                else:
                    # an extension of a type outside the repository: its own type
                    key = (file.homes[index], file.qualnames[index])
                    extended.append((file, index, key))
                    self._outside.add(key)
        for file, index, key in extended:
            file.type_of[index] = key
            self._parts.setdefault(key, []).append((file.facts.path, index))
        # the file that emits a node: the first declaring a type (not extending
        # it), else the first holding the id
        for declaring in (True, False):
            for path, file in self._files.items():
                for index, d in enumerate(file.facts.definitions):
                    if d.kind == ANONYMOUS_SCOPE:
                        continue
                    extension = d.kind in TYPE_KINDS and index in file.extensions
                    if not (declaring and extension):
                        self._first.setdefault(file.ids[index], path)
        self._bases_memo: dict[TypeKey, list[TypeKey]] = {}
        self._subtypes: dict[TypeKey, list[TypeKey]] | None = None
        self._expressions: CycleMemo[tuple[str, int, str], Typed | None] = CycleMemo(lambda: None)

    # ---- types ----------------------------------------------------------------

    def _enclosing_types(self, path: str, scope: int) -> list[int]:
        """The type definitions around ``scope``, innermost first."""
        facts = self._files[path].facts
        found: list[int] = []
        current = scope
        while current != MODULE_SCOPE:
            if facts.definitions[current].kind in TYPE_KINDS:
                found.append(current)
            current = facts.definitions[current].parent
        return found

    def _visible(self, symbol: Symbol, path: str) -> bool:
        """Whether ``path`` sees ``symbol`` (a private one only its own file)."""
        return symbol[0] == path or symbol[1] not in self._files[symbol[0]].private

    def _type(self, path: str, scope: int, written: str) -> TypeKey | None:
        """The type a name written in ``path`` at ``scope`` names: nested in the
        types around it, then the module's, then an imported module's (or a
        ``Module.Type``); EXTERNAL for a type name the repository does not
        declare; None when it is no type name."""
        name = _bare(written)
        if not _TYPE_NAME.fullmatch(name) or not name[:1].isupper():
            return None
        file = self._files[path]
        for index in self._enclosing_types(path, scope):
            key = file.type_of.get(index)
            if key is not None and (key[0], key[1] + "." + name) in self._parts:
                return (key[0], key[1] + "." + name)
        for home in (file.module + "/" + path, file.module):
            if self._declared_in(home, name, path):
                return (home, name)
        head, _, rest = name.partition(".")
        if rest and head in self._modules and (head in file.imports or head == file.module):
            return (head, rest) if self._declared_in(head, rest, path) else EXTERNAL
        found = [m for m in file.imports if m != file.module and self._declared_in(m, name, path)]
        if len(found) == 1 or (found and all((m, name) in self._outside for m in found)):
            return (found[0], name)  # an outside type's extensions are all looked in
        if len(found) > 1:
            return None  # two imported modules declare it: ambiguous
        return EXTERNAL

    def _declared_in(self, module: str, qualname: str, path: str) -> bool:
        symbols = self._declared.get(module, {}).get(qualname, ())
        return any(self._visible(s, path) for s in symbols) or (module, qualname) in self._outside

    def _is_protocol(self, key: TypeKey) -> bool:
        return any(
            self._files[p].facts.definitions[i].kind == "interface"
            for p, i in self._declared.get(key[0], {}).get(key[1], ())
        )

    def _bases(self, key: TypeKey) -> list[TypeKey]:
        """The superclass and protocols of a type, as all its parts write them."""
        if key in self._bases_memo:
            return self._bases_memo[key]
        found: list[TypeKey] = []
        self._bases_memo[key] = found  # a cycle stops here
        for path, index in self._parts.get(key, ()):
            facts = self._files[path].facts
            for base in facts.bases:
                if base.definition != index:
                    continue
                target = self._type(path, facts.definitions[index].parent, base.expression)
                if target is not None and target not in (EXTERNAL, key) and target not in found:
                    found.append(target)
        return found

    def _subtypes_of(self, key: TypeKey) -> list[TypeKey]:
        if self._subtypes is None:
            subtypes: dict[TypeKey, list[TypeKey]] = {}
            for child in sorted(self._parts):
                for base in self._bases(child):
                    subtypes.setdefault(base, []).append(child)
            self._subtypes = subtypes
        return self._subtypes.get(key, [])

    def _own_members(self, key: TypeKey, name: str, path: str) -> list[Symbol]:
        found: list[Symbol] = []
        for part_path, index in self._parts_seen(key, path):
            file = self._files[part_path]
            for member in file.children.get(index, {}).get(name, ()):
                if file.facts.definitions[member].kind == "function" and self._visible(
                    (part_path, member), path
                ):
                    found.append((part_path, member))
        return found

    def _parts_seen(self, key: TypeKey, path: str) -> list[Symbol]:
        """A type's parts; for a type outside the repository, the extensions
        of it in the file's own target and in the targets it imports."""
        if key not in self._outside:
            return self._parts.get(key, [])
        file = self._files[path]
        homes = dict.fromkeys((key[0], file.module, *file.imports))
        return [s for home in homes for s in self._parts.get((home, key[1]), ())]

    def _member(self, key: TypeKey, name: str, path: str) -> tuple[list[Symbol], float]:
        """The members named ``name`` of a type, along its ancestors, with the
        confidence that they are the ones run; nothing when none is found or
        the lookup reaches a type outside the repository first."""
        for ancestor in self._lineage(key, path):
            found = self._own_members(ancestor, name, path)
            if found:
                ids = {self._id(s) for s in found}
                if len(ids) > 1:
                    return [], 0.0  # declared under two modules' names: unsure
                defaulted = (
                    ancestor != key and self._is_protocol(ancestor) and not (self._is_protocol(key))
                )
                if defaulted and all(self._is_requirement(s) for s in found):
                    continue  # a requirement: the conforming type implements it
                return found[:1], DEFAULT_CONFIDENCE if defaulted else CERTAIN
        return [], 0.0

    def _lineage(self, key: TypeKey, path: str) -> list[TypeKey]:
        """A type and its ancestors, nearest first; for a type outside the
        repository, those its extensions seen from ``path`` give it."""
        if key not in self._outside:
            return ancestors(key, self._bases)
        file = self._files[path]
        starts = [
            (home, key[1])
            for home in dict.fromkeys((key[0], file.module, *file.imports))
            if (home, key[1]) in self._parts
        ]
        found: dict[TypeKey, None] = {}
        for start in starts:
            found.update(dict.fromkeys(ancestors(start, self._bases)))
        return list(found)

    def _is_requirement(self, symbol: Symbol) -> bool:
        return symbol[1] in self._files[symbol[0]].requirements

    def _overrides(self, key: TypeKey, name: str, path: str) -> list[Symbol]:
        found: list[Symbol] = []
        seen: set[str] = set()
        for sub in descendants(key, self._subtypes_of):
            for symbol in self._own_members(sub, name, path):
                if self._id(symbol) not in seen:
                    seen.add(self._id(symbol))
                    found.append(symbol)
        return found

    def _has_external_base(self, key: TypeKey) -> bool:
        """Whether a type's ancestors include one outside the repository (its
        members may come from there)."""
        for ancestor in ancestors(key, self._bases):
            if ancestor in self._outside:
                return True
            for path, index in self._parts.get(ancestor, ()):
                facts = self._files[path].facts
                for base in facts.bases:
                    if base.definition == index and (
                        self._type(path, facts.definitions[index].parent, base.expression)
                        == EXTERNAL
                    ):
                        return True
        return False

    # ---- values ---------------------------------------------------------------

    def _scope_chain(self, path: str, scope: int) -> list[int]:
        facts = self._files[path].facts
        chain = []
        current = scope
        while current != MODULE_SCOPE:
            chain.append(current)
            current = facts.definitions[current].parent
        chain.append(MODULE_SCOPE)
        return chain

    def _typed_binding(self, path: str, scope: int, name: str) -> Typed | None:
        """The type of a local, a parameter or a property of the enclosing types;
        EXTERNAL when it is bound without a known repository type; None when the
        name is not bound here."""
        file = self._files[path]
        for current in self._scope_chain(path, scope):
            if current != MODULE_SCOPE and file.facts.definitions[current].kind in TYPE_KINDS:
                held = self._property(file.type_of.get(current, EXTERNAL), name, path)
                if held is not None:
                    return held
                continue
            entries = file.typed.get((current, name))
            if entries:
                return self._binding_type(path, current, entries)
            if name in file.bindings.get(current, ()):
                return UNKNOWN
        return None

    def _binding_type(self, path: str, scope: int, entries: list[tuple[str, str]]) -> Typed | None:
        for how in ("annotated", "constructed", "called"):
            for expression, written in entries:
                if written != how:
                    continue
                if how == "called":
                    return self._call_result(path, scope, expression)
                key = self._type(path, scope, expression)
                if key is None:
                    continue
                return (key, ANNOTATED_CONFIDENCE)
        return (EXTERNAL, 0.0)

    def _property(self, key: TypeKey, name: str, path: str) -> Typed | None:
        """The type of a stored or computed property of a type (along its ancestors)."""
        if key == EXTERNAL:
            return None
        for ancestor in ancestors(key, self._bases):
            for part_path, index in self._parts.get(ancestor, ()):
                file = self._files[part_path]
                entries = file.typed.get((index, name))
                if entries:
                    return self._binding_type(part_path, index, entries)
                for member in file.children.get(index, {}).get(name, ()):
                    returned = file.returns.get(member)
                    if returned is not None:
                        found = self._type(part_path, index, returned)
                        return (found, ANNOTATED_CONFIDENCE) if found is not None else None
                if name in file.bindings.get(index, ()):
                    return UNKNOWN
        return None

    def _call_result(self, path: str, scope: int, expression: str) -> Typed | None:
        """The declared result of the method a ``T.m``/``x.m`` expression calls."""
        receiver, _, name = expression.rpartition(".")
        held = self._expression(path, scope, receiver)
        if held is None and receiver[:1].isupper():
            static = self._type(path, scope, receiver)  # `T.make()`
            held = None if static is None else (static, CERTAIN)
        if held is None or held == UNKNOWN:
            return UNKNOWN
        return self._method_result(held, name, path)

    def _method_result(self, held: Typed, name: str, path: str) -> Typed:
        """What calling method ``name`` on a value of type ``held`` gives, by the
        method's declared result."""
        if held[0] == EXTERNAL:
            return held
        members, _ = self._member(held[0], name, path)
        if not members:
            return UNKNOWN
        member_path, index = members[0]
        returned = self._files[member_path].returns.get(index)
        if returned is None:
            return UNKNOWN
        if returned == "Self":
            return (held[0], min(held[1], ANNOTATED_CONFIDENCE))
        key = self._type(
            member_path, self._files[member_path].facts.definitions[index].parent, returned
        )
        if key is None:
            return UNKNOWN
        return (key, min(held[1], ANNOTATED_CONFIDENCE))

    def _returned(self, path: str, scope: int, name: str) -> Typed | None:
        """What ``name()`` gives, by the declared result of the member of the
        enclosing type or the function it calls; None when unknown."""
        targets, _, _ = self._bare_call(path, scope, name, "call")
        for target, confidence in targets[:1]:
            if not isinstance(target[1], int):
                return None
            member_path, index = target
            assert isinstance(member_path, str)
            returned = self._files[member_path].returns.get(index)
            if returned is None or confidence < CERTAIN:
                return None
            parent = self._files[member_path].facts.definitions[index].parent
            key = self._type(member_path, parent, returned)
            return None if key is None else (key, ANNOTATED_CONFIDENCE)
        return None

    def _expression(self, path: str, scope: int, text: str) -> Typed | None:
        """The type of a receiver (``self``, ``x``, ``T``, ``a.b``, ``f()``):
        (type, confidence), EXTERNAL for a value of a type outside the
        repository, None when unknown."""
        return self._expressions.get(
            (path, scope, text), lambda: self._compute_expression(path, scope, text)
        )

    def _compute_expression(self, path: str, scope: int, text: str) -> Typed | None:
        steps = text.split(".")
        head = steps[0]
        held: Typed | None
        if head in ("self", "Self"):
            types = self._enclosing_types(path, scope)
            if not types:
                return None
            held = (self._files[path].type_of.get(types[0], EXTERNAL), CERTAIN)
        elif head.endswith("()"):
            called = head[:-2]
            found = self._type(path, scope, called)
            if found is None:
                held = self._returned(path, scope, called)
                if held is None:
                    return None
            elif found == EXTERNAL and self._typed_binding(path, scope, called):
                return None
            else:
                held = (found, CERTAIN)
        else:
            bound = self._typed_binding(path, scope, head)
            if bound == UNKNOWN:
                return None
            if bound is not None:
                held = bound
            else:
                found = self._type(path, scope, head)
                if found is None:
                    return None
                if len(steps) == 1:
                    return None  # a type, not a value: a static call
                held = (found, CERTAIN)
                # `T.shared`: a static property of the type
        for step in steps[1:]:
            if held is None or held[0] == EXTERNAL:
                return held
            if step.endswith("()"):
                held = self._method_result(held, step[:-2], path)
                if held == UNKNOWN:
                    return None
                continue
            prop = self._property(held[0], step, path)
            if prop is None or prop == UNKNOWN:
                return None
            held = (prop[0], min(held[1], prop[1]))
        return held

    # ---- references ---------------------------------------------------------------

    def _targets(
        self, path: str, ref: Reference
    ) -> tuple[list[tuple[Symbol | TypeKey, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        """(targets, tags, dispatched) of one reference; a target is a definition
        or a type (whose node is its first declaring part)."""
        scope = ref.scope
        name = ref.name
        receiver = ref.receiver
        if ref.kind == "value":
            key = self._type(path, scope, name)
            if key is None or key == EXTERNAL or key in self._outside:
                # a type outside the repository, extended in it or not: naming
                # it (`: String`) uses none of the extensions' code
                return [], (), []
            return [(key, CERTAIN)], (), []
        if ref.kind not in ("call", "read", "route"):
            return [], (), []
        if receiver is None:
            return self._bare_call(path, scope, name, ref.kind)
        if receiver == "super":
            types = self._enclosing_types(path, scope)
            if not types:
                return [], (), []
            this = self._files[path].type_of.get(types[0], EXTERNAL)
            parents = [b for b in self._bases(this) if not self._is_protocol(b)]
            if not parents:
                return [], (), []
            members, confidence = self._member(parents[0], name, path)
            return [(m, confidence) for m in members], (), []
        held = self._expression(path, scope, receiver)
        if held is None:
            if _TYPE_NAME.fullmatch(receiver) and receiver[:1].isupper():
                key = self._type(path, scope, receiver)
                if key is None or key == EXTERNAL:
                    return [], (), []
                return self._static(key, name, path)
            if ref.kind != "call":
                return [], (), []
            return self._unknown(name)
        key, confidence = held
        if key == EXTERNAL:
            return [], (), []
        members, found = self._member(key, name, path)
        if not members:
            if ref.kind == "call" and not self._has_external_base(key):
                return self._unknown(name)
            return [], (), []
        confidence = min(confidence, found)
        return (
            [(m, confidence) for m in members],
            (),
            dispatched(self._overrides(key, name, path), confidence),
        )

    def _static(
        self, key: TypeKey, name: str, path: str
    ) -> tuple[list[tuple[Symbol | TypeKey, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        """``T.m()``, ``T.init()``: a member of the type itself."""
        members, confidence = self._member(key, name, path)
        if name == CONSTRUCTOR:
            own: list[tuple[Symbol | TypeKey, float]] = (
                [] if key in self._outside else [(key, CERTAIN)]
            )
            return own + [(m, CERTAIN) for m in members], (), []
        return [(m, confidence) for m in members], (), []

    def _bare_call(
        self, path: str, scope: int, name: str, kind: str
    ) -> tuple[list[tuple[Symbol | TypeKey, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        """``m()``: a local value, a type's initialiser, a member of the
        enclosing type (implicit ``self``), or a function of the module."""
        file = self._files[path]
        for current in self._scope_chain(path, scope):
            if current == MODULE_SCOPE:
                break
            if file.facts.definitions[current].kind in TYPE_KINDS:
                break
            if name in file.bindings.get(current, ()):
                return [], (), []  # a closure in a local or a parameter
            local = [
                m
                for m in file.children.get(current, {}).get(name, ())
                if file.facts.definitions[m].kind == "function"
            ]
            if local:  # a function nested in the function
                return [((path, local[0]), CERTAIN)], (), []
        if name[:1].isupper():
            key = self._type(path, scope, name)
            if key is None or key == EXTERNAL:
                return [], (), []
            members, _ = self._member(key, CONSTRUCTOR, path)
            own: list[tuple[Symbol | TypeKey, float]] = (
                [] if key in self._outside else [(key, CERTAIN)]
            )
            return own + [(m, CERTAIN) for m in members], (), []
        types = self._enclosing_types(path, scope)
        if types:
            this = file.type_of.get(types[0], EXTERNAL)
            members, confidence = self._member(this, name, path)
            if members:
                return (
                    [(m, confidence) for m in members],
                    (),
                    dispatched(self._overrides(this, name, path), confidence),
                )
            if kind == "call" and self._has_external_base(this):
                return [], (), []
        function = self._function(path, name)
        if function is None:
            return [], (), []
        return [(function, CERTAIN)], (), []

    def _function(self, path: str, name: str) -> Symbol | None:
        """A top-level function of the file's module, else of one module it imports."""
        file = self._files[path]
        own = self._functions.get(file.module + "/" + path, {}).get(name, []) or [
            s for s in self._functions.get(file.module, {}).get(name, ()) if self._visible(s, path)
        ]
        if own:
            ids = {self._id(s) for s in own}
            return own[0] if len(ids) == 1 else None
        found = [
            s
            for module in file.imports
            if module != file.module
            for s in self._functions.get(module, {}).get(name, ())
            if self._visible(s, path)
        ]
        return found[0] if len({self._id(s) for s in found}) == 1 else None

    def _unknown(
        self, name: str
    ) -> tuple[list[tuple[Symbol | TypeKey, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        candidates = sorted({self._id(s): s for s in self._methods_by_name.get(name, ())}.values())
        return list(name_matches(name, candidates)), (NAME_MATCH_TAG,), []

    # ---- building -----------------------------------------------------------------

    def _id(self, target: Symbol | TypeKey) -> str:
        if isinstance(target[1], int):
            path, index = target
            assert isinstance(path, str) and isinstance(index, int)
            return self._files[path].ids[index]
        return PREFIX + target[0] + "." + str(target[1])

    def _is_function(self, target: Symbol | TypeKey) -> bool:
        if not isinstance(target[1], int):
            return False
        path, index = target
        assert isinstance(path, str)
        return self._files[path].facts.definitions[index].kind == "function"

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {path: self._build_file(path) for path in paths if path in self._files}

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface (the
        types of its definitions, the same in both, are the interface's)."""
        held = self._files.get(facts.path)
        if held is None:
            return None
        file = _swift_file(facts, held.module)
        file.type_of = held.type_of
        with standing_in(self._files, facts.path, file):
            return self._build_file(facts.path)

    def _build_file(self, path: str) -> FileOutput:
        file = self._files[path]
        facts = file.facts
        module_id = PREFIX + file.module + "/" + path
        language = facts.language
        nodes, edges = module_parts(module_id, facts)
        spans: dict[str, tuple[int, int, int]] = {}
        for index, d in enumerate(facts.definitions):
            if d.kind == ANONYMOUS_SCOPE:
                continue
            symbol_id = file.ids[index]
            held = spans.get(symbol_id)
            if held is None:
                spans[symbol_id] = (d.start_line, d.end_line, index)
                parent = module_id if d.parent == MODULE_SCOPE else file.ids[d.parent]
                if self._first.get(symbol_id) == path or parent != module_id:
                    edges.append(Edge(parent, symbol_id, "contains", CERTAIN, d.start_line))
            else:
                spans[symbol_id] = (held[0], max(held[1], d.end_line), held[2])
        for symbol_id, (start, end, index) in spans.items():
            if self._first.get(symbol_id) != path:
                continue  # another file's part of the type emits it
            d = facts.definitions[index]
            nodes.append(
                Node(
                    symbol_id,
                    _node_kind(facts, index),
                    _bare(d.name),
                    file.module + "." + file.qualnames[index],
                    path,
                    start,
                    end,
                    language,
                )
            )
        counts = {"resolved": 0, "name_matched": 0, "unresolved": 0}
        entered: set[EntryPoint] = set()
        for ref in facts.references:
            targets, tags, overrides = self._targets(path, ref)
            if not targets and not overrides:
                if ref.kind == "call":
                    counts["unresolved"] += 1
                continue
            counts["name_matched" if NAME_MATCH_TAG in tags else "resolved"] += 1
            source_id = module_id if ref.scope == MODULE_SCOPE else file.ids[ref.scope]
            pairs = [(t, c, tags) for t, c in targets] + [
                (o, c, (DISPATCH_TAG,)) for o, c in overrides
            ]
            for target, confidence, edge_tags in pairs:
                kind = (
                    "calls"
                    if ref.kind in ("call", "read", "route") and self._is_function(target)
                    else "references"
                )
                target_id = self._id(target)
                if ref.kind == "route":
                    entered.add(EntryPoint(target_id, ROUTE_ENTRY))
                if target_id != source_id:
                    edges.append(Edge(source_id, target_id, kind, confidence, ref.line, edge_tags))
        for base in facts.bases:
            own = file.type_of.get(base.definition)
            base_type = self._type(path, facts.definitions[base.definition].parent, base.expression)
            if base_type is None or base_type in (EXTERNAL, own) or base_type in self._outside:
                continue
            edges.append(
                Edge(
                    file.ids[base.definition],
                    self._id(base_type),
                    "inherits",
                    CERTAIN,
                    base.line,
                    (IMPLEMENTS_TAG,) if self._is_protocol(base_type) else (),
                )
            )
        for index in sorted(file.extensions):
            key = file.type_of.get(index)
            if key is not None and self._id(key) != file.ids[index]:
                edges.append(
                    Edge(
                        file.ids[index],
                        self._id(key),
                        "inherits",
                        CERTAIN,
                        facts.definitions[index].start_line,
                        (EXTENSION_TAG,),
                    )
                )
        entry_points = {
            EntryPoint(module_id if scope == MODULE_SCOPE else file.ids[scope], kind)
            for kind, scope in facts.entry_points
        } | entered
        entry_points.update(self._conformance_entries(path))
        if posixpath.basename(path) == MAIN_FILE:
            entry_points.add(EntryPoint(module_id, "main"))
        return FileOutput(
            tuple(nodes),
            tuple(edges),
            counts,
            tuple(sorted(entry_points, key=lambda e: (e.id, e.kind))),
        )

    def _outside_bases(self, key: TypeKey) -> set[str]:
        """The names of the types outside the repository a type inherits or
        conforms to, through its ancestors in the repository."""
        found: set[str] = set()
        for ancestor in ancestors(key, self._bases):
            for path, index in self._parts.get(ancestor, ()):
                facts = self._files[path].facts
                for base in facts.bases:
                    if base.definition != index:
                        continue
                    parent = facts.definitions[index].parent
                    if self._type(path, parent, base.expression) == EXTERNAL:
                        found.add(_bare(base.expression).rpartition(".")[2])
        return found

    def _conformance_entries(self, path: str) -> set[EntryPoint]:
        """What the file's types are entered as by what they conform to: a
        SwiftUI ``App``, a command's ``run()``, an ``XCTestCase``'s tests."""
        file = self._files[path]
        found: set[EntryPoint] = set()
        for index, key in sorted(file.type_of.items()):
            outside = self._outside_bases(key)
            if not outside:
                continue
            if outside & APP_PROTOCOLS and self._first.get(self._id(key)) == path:
                found.add(EntryPoint(self._id(key), "main"))
            for name, members in file.children.get(index, {}).items():
                functions = [m for m in members if file.facts.definitions[m].kind == "function"]
                if not functions:
                    continue
                if outside & COMMAND_PROTOCOLS and name == "run":
                    found.add(EntryPoint(file.ids[functions[0]], "cli-command"))
                if outside & TEST_CASE_CLASSES and name.startswith(TEST_METHOD_PREFIX):
                    found.add(EntryPoint(file.ids[functions[0]], "test"))
        return found


def swift_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes
    name them: under the target its module node's id names."""
    module = module_id.removeprefix(PREFIX).partition("/")[0]
    _, ids = swift_definition_ids(facts, module)
    return merged_symbols(
        facts,
        ids,
        lambda i: None if facts.definitions[i].kind == ANONYMOUS_SCOPE else _node_kind(facts, i),
        lambda i: _bare(facts.definitions[i].name),
    )


_INTERFACE_TRAITS = (EXTENSION, PRIVATE, REQUIREMENT)


def swift_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files may read of this one: definitions, imports
    (they decide what its extensions extend), inheritance, the types of
    properties (bindings and types at type scope) and declared results."""
    types = {i for i, d in enumerate(facts.definitions) if d.kind in TYPE_KINDS}
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=facts.imports,
        references=(),
        bases=facts.bases,
        bindings=tuple(b for b in facts.bindings if b[0] in types),
        typed=tuple(t for t in facts.typed if t[0] in types),
        exports=facts.exports,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        returns=facts.returns,
        traits=tuple(t for t in facts.traits if t[1] in _INTERFACE_TRAITS),
    )
