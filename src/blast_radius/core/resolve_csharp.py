"""Resolve C# facts into graph nodes and edges.

A type is named by its namespace and nesting (``Acme.Shop.Cart``,
``Cart.Line``), whatever folder its file is in: a block ``namespace A.B { }``
(nested ones add up) or a file-scoped ``namespace A.B;``. A simple type name
is looked up as the compiler does: the enclosing types and the types nested
in them or their ancestors; then, from the innermost namespace outwards,
the types of that namespace and the usings written in its declaration (a
parent namespace is searched before the usings at the top of the file); at
last the global namespace and the file's usings, the project's ``global
using`` directives (from any file of the project: the folder of its
``.csproj``) and the usings its manifest gives (the SDK's implicit usings,
``<Using Include=...>``). An alias ``using X = A.B.C;`` names one type;
``using static A.C;`` opens the static members and nested types of a
repository type. Two usings offering the same name make it ambiguous: no
edge.

A ``partial`` type is one node, whichever files hold its parts: the first
file by path emits it, every part's own lines are its span in its file (an
edit of any part's fields or header is a change of the type), and its
members are merged for lookups. Types of one name in two projects are
merged the same way.

Calls: a local function, then the enclosing types and their ancestors for
``M()``; ``this.M()``, ``base.M()``, ``T.M()``, ``new T()`` (the type and
the constructor that takes the arguments; none for a struct's ``new T()``),
``: base(...)``, and the base class's parameterless constructor that a
constructor without an initialiser runs, are certain. A receiver typed by
what the code declares (a parameter, a local, a field or property, ``var x =
new T()``, a cast) is typed (0.9); one typed through a method's declared
result is inferred (0.8). When the receiver's type has no such member, an
extension method (a static method of a static class whose first parameter
is ``this T``) declared in a namespace in scope and taking the arguments is
taken, at 0.8. A call on a type reaches the overrides in subtypes
(``override`` members of classes, every implementation of an interface's
member) at a split confidence (``dispatched``). Overloads of one name are
one node; a call binds to the nearest type declaring an overload that takes
its number of arguments. A receiver of unknown type is a name match (never
for ``ToString``, ``Equals`` and the other members every object has); one
declared with a type outside the repository (``string``, ``List<T>``,
``ILogger``) gets no edge but an extension of that type.

Properties are members: reading or writing ``x.P`` references P, and so
does reading it on a receiver's way (``a.P.M()``). A name in an expression
(``Count``, ``Items.Count``, ``f(Handler)``) is a local, else a member of
the enclosing types, else a type; a property named as its own type
(``Color Color``) is both, the type certain and the property not. A type
named in a declaration, cast, pattern, ``typeof`` or attribute (``[Audit]``
is ``AuditAttribute`` when no ``Audit`` exists) is a reference, never a
member. ``foreach`` over a value calls its ``GetEnumerator``. ``#if`` lines
are blanked before parsing (the rule's ``blanked_lines``): every branch is
read.

Node ids: ``cs:<path>`` for a file, ``cs:<namespace>.<type>`` for a type
(``cs:Acme.Shop.Cart``, nested ``cs:Acme.Shop.Cart.Line``),
``cs:<type>.<member>`` for a method, property or constructor
(``cs:Acme.Shop.Cart.Total``; ``cs:Acme.Shop.Cart.Cart`` is a
constructor), ``cs:<member>.<name>`` for a local function, and
``cs:Program.<name>`` for a local function of top-level statements. See
``testdata/csharp/README.md``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from blast_radius.core.csharp_projects import CsharpProjects
from blast_radius.core.facts import (
    ANONYMOUS_SCOPE,
    MODULE_SCOPE,
    VAR_POSITIONAL,
    FileFacts,
    Parameter,
    Reference,
)
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

PREFIX = "cs:"
IMPLEMENTS_TAG = "implements"
EXTENSION_TAG = "extension"
INFERRED_CONFIDENCE = 0.8
"""A receiver typed through a declared result, or an extension method bound by
the receiver's type and the namespaces in scope."""
TYPE_KINDS = ("class", "interface", "enum")
NAMESPACE = "namespace"
TOP_LEVEL_CLASS = "Program"
"""The class the compiler makes of top-level statements."""
HTTP_ROUTE = "http-route"
_GENERIC = re.compile(r"[<\[(?]")
_TASK = re.compile(r"^(?:Task|ValueTask)<(.+)>$")
OBJECT_MEMBERS = frozenset(
    ("ToString", "Equals", "GetHashCode", "GetType", "MemberwiseClone", "ReferenceEquals")
)
"""What every type inherits from ``System.Object``: a call that fits none of the
repository's overloads of these names is the object's."""
EXPRESSION = "?"
"""The receiver the queries give a name in an expression (``Items`` of
``Items.Count``, ``return Total;``): a member of the enclosing types comes
before a type of the name, where a type written in a declaration is one."""
PREDEFINED_TYPES = frozenset(
    """bool byte sbyte char decimal double float int uint nint nuint long ulong short ushort
    object string dynamic""".split()
)
"""C#'s keywords for types of the runtime (``char.IsDigit``, ``string.Join``)."""
IMPLICIT = "implicit"
CONSTRUCTION = "new"
"""The receiver the queries give ``new T(...)``: the keyword, which no receiver
can be; a call ``T()`` without it is a method's."""
COLOR_COLOR_CONFIDENCE = 0.5
"""A property named as its own type (``Color Color``) named in an expression:
``Color.Red`` reads the type, ``Color == x`` the property; syntax alone does
not tell which the name is."""
_SEQUENCE_OF = re.compile(r"([\w.]+)<([\w.]+)>")
"""``List<Item>``: a generic type of one type argument, written plainly."""
_MAX_STEPS = 8
"""How many variables deep a receiver's origin is followed."""
_FIELD_HOWS = ("field", "annotated", "constructed")

Symbol = tuple[str, int]
"""A definition: (file path, definition index)."""


def _bare(expression: str) -> str:
    """``List<Item>`` as ``List``, ``Item?`` and ``Item[]`` as ``Item``,
    ``global::A.B`` as ``A.B``."""
    return _GENERIC.split(expression, maxsplit=1)[0].strip().removeprefix("global::")


def _call_chain_head(expression: str) -> str:
    """``repo.Find(id)`` as ``repo.Find()``."""
    return re.sub(r"\((?:[^()]|\([^()]*\))*\)", "()", expression).replace("?.", ".")


ENUMERABLE = "IEnumerable"
SEQUENCES = frozenset(
    """IEnumerable List IList ICollection IReadOnlyList IReadOnlyCollection HashSet ISet
    SortedSet Queue Stack LinkedList IQueryable IOrderedEnumerable IOrderedQueryable
    Collection ReadOnlyCollection ObservableCollection ImmutableArray ImmutableList
    Array""".split()
)
"""Types outside the repository that are sequences: an extension of
``IEnumerable<T>`` applies to them (LINQ-style helpers of the repository)."""


def _extends_external(extended: str, written: str) -> bool:
    """Whether an extension of the type written ``extended`` (outside the
    repository) applies to a receiver declared ``written``."""
    if extended == written or extended in ("object", "Object"):
        return True
    return extended == ENUMERABLE and written in SEQUENCES


def _file_namespace(facts: FileFacts) -> str:
    for scope, _, expression, how in facts.typed:
        if how == "namespace" and scope == MODULE_SCOPE:
            return expression.replace(" ", "")
    return ""


def csharp_definition_ids(facts: FileFacts) -> tuple[list[str], list[str], list[str]]:
    """Qualified names, node ids and namespaces of a file's definitions. A
    namespace is no node (its id is the file's); an anonymous scope takes
    its parent's names."""
    file_namespace = _file_namespace(facts)
    module_id = PREFIX + facts.path
    qualnames: list[str] = []
    ids: list[str] = []
    namespaces: list[str] = []
    for d in facts.definitions:
        parent_kind = facts.definitions[d.parent].kind if d.parent != MODULE_SCOPE else ""
        outer = namespaces[d.parent] if d.parent != MODULE_SCOPE else file_namespace
        if d.kind == ANONYMOUS_SCOPE:
            inherited = d.parent != MODULE_SCOPE
            qualnames.append(qualnames[d.parent] if inherited else facts.path)
            ids.append(ids[d.parent] if inherited else module_id)
            namespaces.append(outer)
            continue
        name = d.name.replace(" ", "")
        if d.kind == NAMESPACE:
            qualname = f"{outer}.{name}" if outer and parent_kind == NAMESPACE else name
            if d.parent == MODULE_SCOPE and file_namespace:
                qualname = f"{file_namespace}.{name}"
            qualnames.append(qualname)
            ids.append(module_id)
            namespaces.append(qualname)
            continue
        if d.parent == MODULE_SCOPE or parent_kind == NAMESPACE:
            if d.kind == "function":
                qualname = f"{TOP_LEVEL_CLASS}.{name}"  # a local function of top-level statements
            else:
                qualname = f"{outer}.{name}" if outer else name
        else:
            qualname = f"{qualnames[d.parent]}.{name}"
        qualnames.append(qualname)
        ids.append(PREFIX + qualname)
        namespaces.append(outer)
    return qualnames, ids, namespaces


def _node_kind(facts: FileFacts, index: int) -> str:
    d = facts.definitions[index]
    parent_kind = facts.definitions[d.parent].kind if d.parent != MODULE_SCOPE else ""
    return "method" if d.kind == "function" and parent_kind in TYPE_KINDS else d.kind


@dataclass(slots=True)
class _Usings:
    """What a using level opens: namespaces, types (``using static``), aliases."""

    namespaces: list[str] = field(default_factory=list)
    aliases: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class _File:
    facts: FileFacts
    project: str
    qualnames: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    namespaces: list[str] = field(default_factory=list)
    """The namespace each definition is declared in (a namespace: itself)."""
    usings: dict[int, _Usings] = field(default_factory=dict)
    """By scope: the file's top (MODULE_SCOPE) or a block namespace."""
    children: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    bindings: dict[int, set[str]] = field(default_factory=dict)
    typed: dict[tuple[int, str], list[tuple[str, str]]] = field(default_factory=dict)
    fields: dict[int, dict[str, str]] = field(default_factory=dict)
    """A type's fields and properties: their declared types."""
    signatures: dict[int, tuple[Parameter, ...]] = field(default_factory=dict)
    traits: dict[int, set[str]] = field(default_factory=dict)


def _csharp_file(item: FileFacts, project: str) -> _File:
    """What a file's own lookups read of its facts: ids, scopes' names, usings,
    bindings, typed names, fields and signatures (the repository's indexes
    and the projects' global usings are made apart)."""
    file = _File(item, project)
    file.qualnames, file.ids, file.namespaces = csharp_definition_ids(item)
    for scope, trait in item.traits:
        if scope != MODULE_SCOPE:
            file.traits.setdefault(scope, set()).add(trait)
    for index, d in enumerate(item.definitions):
        if d.kind not in (ANONYMOUS_SCOPE, NAMESPACE):
            file.children.setdefault(d.parent, {}).setdefault(d.name, []).append(index)
    for imp in item.imports:
        level = file.usings.setdefault(imp.scope, _Usings())
        if imp.alias:
            level.aliases[imp.alias] = f"{imp.source}.{imp.name}"
        else:
            level.namespaces.append(imp.source.replace(" ", ""))
    for scope, name in item.bindings:
        file.bindings.setdefault(scope, set()).add(name)
    for scope, name, expression, how in item.typed:
        if how in ("global_using", "global_alias", "namespace") or (
            how == "extends" and scope != MODULE_SCOPE
        ):
            continue
        expression = expression.replace(" ", "")
        file.typed.setdefault((scope, name), []).append((expression, how))
        owner = _field_owner(file, scope, name)
        if owner is not None and how in _FIELD_HOWS:
            file.fields.setdefault(owner, {}).setdefault(name, expression)
    file.signatures = {sig.definition: sig.parameters for sig in item.signatures}
    return file


def _field_owner(file: _File, scope: int, name: str) -> int | None:
    """The type a typed name at ``scope`` is a field or property of, if it is one."""
    defs = file.facts.definitions
    if scope == MODULE_SCOPE:
        return None
    if defs[scope].kind in TYPE_KINDS:
        return scope
    d = defs[scope]
    if (
        "property" in file.traits.get(scope, ())
        and d.name == name
        and d.parent != MODULE_SCOPE
        and defs[d.parent].kind in TYPE_KINDS
    ):
        return d.parent
    return None


class CsharpResolver:
    """Resolves the facts of every C# file into graph parts."""

    def __init__(
        self, facts: Sequence[FileFacts], all_paths: Iterable[str], projects: CsharpProjects
    ) -> None:
        self._files: dict[str, _File] = {}
        self._types: dict[str, list[Symbol]] = {}
        """Fully qualified type name -> its parts, in path order."""
        self._namespaces: set[str] = set()
        self._methods_by_name: dict[str, list[Symbol]] = {}
        self._extensions: dict[str, list[tuple[Symbol, str]]] = {}
        """Extension methods by name, with the type each extends as written."""
        self._first: dict[str, str] = {}
        """Node id -> the first file (by path) defining it: the file emitting it."""
        project_usings: dict[str, _Usings] = {}
        for item in sorted(facts, key=lambda f: f.path):
            file = _csharp_file(item, projects.project_of(item.path))
            defs = item.definitions
            for index, d in enumerate(defs):
                if d.kind == ANONYMOUS_SCOPE:
                    continue
                if d.kind == NAMESPACE:
                    parts = file.qualnames[index].split(".")
                    self._namespaces.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
                    continue
                self._first.setdefault(file.ids[index], item.path)
                if d.kind in TYPE_KINDS:
                    self._types.setdefault(file.qualnames[index], []).append((item.path, index))
                elif (
                    d.kind == "function"
                    and d.parent != MODULE_SCOPE
                    and defs[d.parent].kind in TYPE_KINDS
                    and d.name != defs[d.parent].name
                ):
                    self._methods_by_name.setdefault(d.name, []).append((item.path, index))
            namespace = _file_namespace(item)
            if namespace:
                parts = namespace.split(".")
                self._namespaces.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
            shared = project_usings.setdefault(file.project, _Usings())
            for scope, name, expression, how in item.typed:
                expression = expression.replace(" ", "")
                if how == "global_using":
                    shared.namespaces.append(expression)
                elif how == "global_alias":
                    shared.aliases.setdefault(name, expression)
                elif how == "extends" and scope != MODULE_SCOPE:
                    self._extensions.setdefault(defs[scope].name, []).append(
                        ((item.path, scope), expression)
                    )
            self._files[item.path] = file
        for project, shared in project_usings.items():
            for using in projects.usings_of(project):
                if using.alias:
                    shared.aliases.setdefault(using.alias, using.target)
                else:
                    shared.namespaces.append(using.target)
        self._project_usings = project_usings
        self._bases_cache: dict[str, tuple[str, ...]] = {}
        self._finding_bases = 0
        self._chains: dict[str, list[str]] = {}
        self._types_seen: dict[tuple[str, int, str], str | None] = {}
        self._subtypes: dict[str, list[str]] | None = None
        self._inferred: CycleMemo[tuple[str, int, str], tuple[str, float] | None] = CycleMemo(
            lambda: None
        )

    # ---- types ----------------------------------------------------------------

    def _def(self, symbol: Symbol) -> tuple[str, str]:
        """(kind, name) of a definition."""
        d = self._files[symbol[0]].facts.definitions[symbol[1]]
        return d.kind, d.name

    def _type_name(self, symbol: Symbol) -> str:
        return self._files[symbol[0]].qualnames[symbol[1]]

    def _type_kind(self, fqn: str) -> str:
        return self._def(self._types[fqn][0])[0]

    def _enclosing_types(self, path: str, scope: int) -> list[int]:
        """The types around ``scope``, innermost first."""
        defs = self._files[path].facts.definitions
        found = []
        current = scope
        while current != MODULE_SCOPE:
            if defs[current].kind in TYPE_KINDS:
                found.append(current)
            current = defs[current].parent
        return found

    def _namespace_levels(self, path: str, scope: int) -> list[tuple[str, int | None]]:
        """The namespaces searched from ``scope``, innermost first, each with the
        block namespace whose usings are searched after its types (None: none);
        the global namespace last, with the file's top usings (MODULE_SCOPE)."""
        file = self._files[path]
        defs = file.facts.definitions
        declared: list[int] = []
        current = scope
        while current != MODULE_SCOPE:
            if defs[current].kind == NAMESPACE:
                declared.append(current)
            current = defs[current].parent
        levels: list[tuple[str, int | None]] = []
        seen: set[str] = set()
        outer = _file_namespace(file.facts)
        for index in declared:
            name = file.qualnames[index]
            parts = name.split(".")
            for i in range(len(parts), 0, -1):
                level = ".".join(parts[:i])
                if level not in seen:
                    seen.add(level)
                    levels.append((level, index if i == len(parts) else None))
        if outer and not declared:
            parts = outer.split(".")
            levels += [(".".join(parts[:i]), None) for i in range(len(parts), 0, -1)]
        levels.append(("", MODULE_SCOPE))
        return levels

    def _opened(self, path: str, scope: int | None) -> _Usings:
        """The usings of one level: a block namespace's, or the file's top ones
        with the project's global usings and its manifest's."""
        file = self._files[path]
        if scope is None:
            return _Usings()
        own = file.usings.get(scope, _Usings())
        if scope != MODULE_SCOPE:
            return own
        shared = self._project_usings.get(file.project, _Usings())
        return _Usings(own.namespaces + shared.namespaces, {**shared.aliases, **own.aliases})

    def _type(self, path: str, scope: int, expression: str) -> str | None:
        """The type a name (``Cart``, ``Cart.Line``, ``Acme.Shop.Cart``) means in
        ``scope``, in the compiler's order of lookup."""
        key = (path, scope, expression)
        if key in self._types_seen:
            return self._types_seen[key]
        found = self._lookup_type(path, scope, expression)
        if not self._finding_bases:
            self._types_seen[key] = found
        return found

    def _lookup_type(self, path: str, scope: int, expression: str) -> str | None:
        if "[" in expression:
            return None  # an array: a type outside the repository
        name = _bare(expression).replace(" ", "")
        if not name:
            return None
        head, dot, rest = name.partition(".")
        found = self._simple_type(path, scope, head)
        if found is not None:
            for part in rest.split(".") if dot else ():
                nested = self._member_type(found, part)
                if nested is None:
                    return None
                found = nested
            return found
        if not dot:
            return None
        # a namespace-qualified name: from the namespaces in scope, or an alias's
        for level, block in self._namespace_levels(path, scope):
            candidate = f"{level}.{name}" if level else name
            if candidate in self._types:
                return candidate
            alias = self._opened(path, block).aliases.get(head)
            if alias is not None and f"{alias}.{rest}" in self._types:
                return f"{alias}.{rest}"
        return None

    def _simple_type(self, path: str, scope: int, name: str) -> str | None:
        file = self._files[path]
        for owner in self._enclosing_types(path, scope):
            fqn = file.qualnames[owner]
            if file.facts.definitions[owner].name == name:
                return fqn
            member = self._member_type(fqn, name)
            if member is not None:
                return member
        for level, block in self._namespace_levels(path, scope):
            candidate = f"{level}.{name}" if level else name
            if candidate in self._types:
                return candidate
            if block is None:
                continue
            opened = self._opened(path, block)
            alias = opened.aliases.get(name)
            if alias is not None:
                return alias if alias in self._types else None
            candidates = set()
            for namespace in opened.namespaces:
                if f"{namespace}.{name}" in self._types:
                    candidates.add(f"{namespace}.{name}")
                elif namespace in self._types:  # `using static A.C;`: C's nested types
                    nested = self._member_type(namespace, name)
                    if nested is not None:
                        candidates.add(nested)
            if len(candidates) == 1:
                return candidates.pop()
            if candidates:
                return None  # ambiguous: the compiler rejects it
        return None

    def _member_type(self, fqn: str, name: str) -> str | None:
        for klass in self._chain(fqn):
            nested = f"{klass}.{name}"
            if nested in self._types:
                return nested
        return None

    def _bases(self, fqn: str) -> tuple[str, ...]:
        cached = self._bases_cache.get(fqn)
        if cached is not None:
            return cached
        self._bases_cache[fqn] = ()
        self._finding_bases += 1
        found: list[str] = []
        for path, index in self._types.get(fqn, ()):
            facts = self._files[path].facts
            scope = facts.definitions[index].parent
            for base in facts.bases:
                if base.definition == index:
                    target = self._type(path, scope, base.expression)
                    if target is not None and target != fqn and target not in found:
                        found.append(target)
        self._finding_bases -= 1
        result = tuple(found)
        self._bases_cache[fqn] = result
        return result

    def _chain(self, fqn: str) -> list[str]:
        """``fqn`` and its ancestors, nearest first; kept once no base is being
        looked up (a chain seen meanwhile may lack the bases in progress)."""
        found = self._chains.get(fqn)
        if found is None:
            found = ancestors(fqn, self._bases)
            if not self._finding_bases:
                self._chains[fqn] = found
        return found

    def _own_members(self, fqn: str, name: str) -> list[Symbol]:
        """The functions (methods, properties, constructors) named ``name`` of
        every part of a type."""
        found = []
        for path, index in self._types.get(fqn, ()):
            file = self._files[path]
            for child in file.children.get(index, {}).get(name, ()):
                if file.facts.definitions[child].kind == "function":
                    found.append((path, child))
        return found

    def _methods(
        self, fqn: str, name: str, skip_self: bool = False, arity: int | None = None
    ) -> list[Symbol]:
        """The members named ``name`` of the nearest type in ``fqn``'s ancestry
        declaring one that takes ``arity`` arguments (overloads together);
        when none takes that many, the nearest declaring the name."""
        chain = self._chain(fqn)
        for klass in chain[1:] if skip_self else chain:
            found = self._own_members(klass, name)
            if found and (arity is None or any(self._takes(m, arity) for m in found)):
                return found
        if (
            arity is not None
            and name not in OBJECT_MEMBERS
            and not any(self._external_bases(k) for k in chain)
        ):
            # no overload takes that many, and nothing outside the repository
            # may: the nearest of the name, which the call no longer fits (a
            # changed signature keeps its callers)
            return self._methods(fqn, name, skip_self)
        return []

    def _external_bases(self, fqn: str) -> bool:
        """Whether a part of ``fqn`` names a base that is no repository type."""
        for path, index in self._types.get(fqn, ()):
            facts = self._files[path].facts
            scope = facts.definitions[index].parent
            for base in facts.bases:
                if base.definition == index and self._type(path, scope, base.expression) is None:
                    return True
        return False

    def _takes(self, method: Symbol, arity: int) -> bool:
        """Whether ``method`` can be called with ``arity`` arguments (yes when its
        parameters could not all be read)."""
        parameters = self._files[method[0]].signatures.get(method[1])
        if parameters is None:
            return True
        fixed = [p for p in parameters if p.kind != VAR_POSITIONAL]
        required = sum(1 for p in fixed if not p.default)
        if len(fixed) < len(parameters):
            return arity >= required
        return required <= arity <= len(fixed)

    def _overrides(self, fqn: str, name: str, arity: int | None, declared_in: str) -> list[Symbol]:
        """What a call of ``name`` on a ``fqn`` may run instead, in its subtypes:
        ``override`` members, or every implementation when the member is an
        interface's."""
        if self._subtypes is None:
            self._subtypes = {}
            for symbol in sorted(self._types):
                for base in self._bases(symbol):
                    self._subtypes.setdefault(base, []).append(symbol)
        interface = self._type_kind(declared_in) == "interface"
        subtypes = self._subtypes
        found: list[Symbol] = []
        for sub in descendants(fqn, lambda t: subtypes.get(t, ())):
            for member in self._own_members(sub, name):
                if arity is not None and not self._takes(member, arity):
                    continue
                if interface or "override" in self._files[member[0]].traits.get(member[1], ()):
                    found.append(member)
        return found

    def _constructor(self, member: Symbol) -> bool:
        d = self._files[member[0]].facts.definitions[member[1]]
        return self._files[member[0]].facts.definitions[d.parent].name == d.name

    def _declaring(self, member: Symbol) -> str:
        file = self._files[member[0]]
        return file.qualnames[file.facts.definitions[member[1]].parent]

    # ---- values ---------------------------------------------------------------

    def _local(self, path: str, scope: int, name: str) -> int | None:
        """The scope declaring a local or parameter ``name`` seen from ``scope``
        (within the innermost member, or the top-level statements)."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while current != MODULE_SCOPE and defs[current].kind not in (*TYPE_KINDS, NAMESPACE):
            if name in file.bindings.get(current, ()) or (current, name) in file.typed:
                return current
            current = defs[current].parent
        if current == MODULE_SCOPE and (
            name in file.bindings.get(MODULE_SCOPE, ()) or (MODULE_SCOPE, name) in file.typed
        ):
            return MODULE_SCOPE
        return None

    def _field(self, fqn: str, name: str) -> tuple[str, str, int] | None:
        """The declared type of field or property ``name`` of a type or an
        ancestor, with where it is written (path, scope)."""
        for klass in self._chain(fqn):
            for path, index in self._types.get(klass, ()):
                expression = self._files[path].fields.get(index, {}).get(name)
                if expression is not None:
                    return expression, path, index
        return None

    def _member_named(self, path: str, scope: int, name: str) -> bool:
        """Whether ``name`` is a field or member of an enclosing type."""
        file = self._files[path]
        for owner in self._enclosing_types(path, scope):
            fqn = file.qualnames[owner]
            if self._field(fqn, name) is not None or self._methods(fqn, name):
                return True
        return False

    def _this_type(self, path: str, scope: int) -> str | None:
        enclosing = self._enclosing_types(path, scope)
        return self._files[path].qualnames[enclosing[0]] if enclosing else None

    def _variable(self, path: str, scope: int, name: str) -> tuple[str, float] | None:
        """The type of a local, a parameter, or a field or property of the enclosing types."""
        owner = self._local(path, scope, name)
        if owner is not None:
            return self._inferred.get(
                (path, owner, name), lambda: self._local_type(path, owner, name)
            )
        for enclosing in self._enclosing_types(path, scope):
            found = self._field(self._files[path].qualnames[enclosing], name)
            if found is not None:
                target = self._type(found[1], found[2], found[0])
                return (target, ANNOTATED_CONFIDENCE) if target is not None else None
        return None

    def _local_type(self, path: str, owner: int, name: str) -> tuple[str, float] | None:
        file = self._files[path]
        for expression, how in file.typed.get((owner, name), ()):
            if how in ("annotated", "constructed", "field"):
                found = self._type(path, owner, expression)
                return (found, ANNOTATED_CONFIDENCE) if found is not None else None
            if how == "called":
                returned = self._returned(path, owner, _call_chain_head(expression))
                if returned is not None:
                    return returned
            if how == "assigned":
                held = self._expression(path, owner, _call_chain_head(expression))
                return (held[0], min(held[1], ANNOTATED_CONFIDENCE)) if held else None
            if how == "iterated":
                element = self._element(path, owner, _call_chain_head(expression))
                if element is not None:
                    found = self._type(element[1], element[2], element[0])
                    return (found, ANNOTATED_CONFIDENCE) if found is not None else None
        return None

    def _declared(self, path: str, scope: int, expression: str) -> tuple[str, str, int] | None:
        """The type written for a variable, field or property (``items``,
        ``order.Lines``), with where it is written (path, scope)."""
        head, dot, last = expression.rpartition(".")
        if not dot:
            owner = self._local(path, scope, expression)
            if owner is not None:
                for written, how in self._files[path].typed.get((owner, expression), ()):
                    if how in ("annotated", "field"):
                        return written, path, owner
                return None
            for enclosing in self._enclosing_types(path, scope):
                found = self._field(self._files[path].qualnames[enclosing], expression)
                if found is not None:
                    return found
            return None
        holder = self._expression(path, scope, head)
        return self._field(holder[0], last) if holder is not None else None

    def _element(self, path: str, scope: int, expression: str) -> tuple[str, str, int] | None:
        """The element type written for a collection (``Item[]``, ``List<Item>``,
        ``IEnumerable<Item>``), with where it is written."""
        declared = self._declared(path, scope, expression)
        if declared is None:
            return None
        written = declared[0].replace(" ", "")
        if written.endswith("[]"):
            return written[:-2], declared[1], declared[2]
        sequence = _SEQUENCE_OF.fullmatch(written)
        if sequence is None or sequence.group(1).rpartition(".")[2] not in SEQUENCES:
            return None
        return sequence.group(2), declared[1], declared[2]

    def _returned(self, path: str, scope: int, callee: str) -> tuple[str, float] | None:
        """What calling ``callee`` (``Make()``, ``repo.Find()``) gives, by its
        declared result: one step, inferred."""
        declared = self._declared_result(path, scope, callee.removesuffix("()"))
        if declared is None:
            return None
        written = _TASK.sub(r"\1", declared[1].replace(" ", ""))  # what awaiting it gives
        found = self._type(declared[0][0], declared[0][1], written)
        return (found, INFERRED_CONFIDENCE) if found is not None else None

    def _declared_result(self, path: str, scope: int, callee: str) -> tuple[Symbol, str] | None:
        """The repository method ``callee`` calls and the result type written for it."""
        callee = re.sub(r"<.*>$", "", callee)
        head, dot, name = callee.rpartition(".")
        if dot:
            holder = self._expression(path, scope, head)
            if holder is None and self._local(path, scope, head.split(".", 1)[0]) is None:
                static = self._type(path, scope, head)
                holder = (static, CERTAIN) if static is not None else None
            methods = self._methods(holder[0], name) if holder is not None else []
        else:
            this = self._this_type(path, scope)
            methods = self._methods(this, name) if this is not None else []
        if not methods and dot and holder is not None:
            methods = self._extension(path, scope, name, holder[0], None)
        elif not methods and dot:
            written = self._external(path, scope, head)
            methods = self._extension(path, scope, name, None, written) if written else []
        for method in methods[:1]:
            file = self._files[method[0]]
            for index, expression, how in file.facts.returns:
                if index == method[1] and how == "annotated":
                    return method, expression
            field_type = file.fields.get(file.facts.definitions[method[1]].parent, {}).get(
                file.facts.definitions[method[1]].name
            )
            if field_type is not None:  # a property: its type
                return method, field_type
        return None

    def _expression(self, path: str, scope: int, expression: str) -> tuple[str, float] | None:
        """The type of a receiver: ``this``, a variable, ``a.b`` members, ``f()``."""
        if expression == "this":
            this = self._this_type(path, scope)
            return (this, CERTAIN) if this is not None else None
        if expression.endswith("()"):
            return self._returned(path, scope, expression)
        head, dot, last = expression.rpartition(".")
        if not dot:
            return self._variable(path, scope, expression)
        holder = self._expression(path, scope, head)
        if holder is None and self._local(path, scope, head.split(".", 1)[0]) is None:
            static = self._type(path, scope, head)  # `Settings.Default.Name`
            holder = (static, CERTAIN) if static is not None else None
        if holder is None:
            return None
        found = self._field(holder[0], last)
        if found is None:
            return None
        target = self._type(found[1], found[2], found[0])
        return (target, min(holder[1], ANNOTATED_CONFIDENCE)) if target is not None else None

    def _external(self, path: str, scope: int, receiver: str, depth: int = 0) -> str | None:
        """The type written for a receiver whose type is outside the repository
        (``""`` when it is, but not as a name), or None when nothing is known.
        ``var x = ext.Make()`` on a receiver outside the repository is outside it."""
        if depth > _MAX_STEPS:
            return None
        head = receiver.split(".", 1)[0]
        bare_head = head.removesuffix("()")
        owner = self._local(path, scope, bare_head)
        if owner is not None:
            for expression, how in self._files[path].typed.get((owner, bare_head), ()):
                if how in ("annotated", "constructed"):
                    if "." in receiver:
                        return ""
                    return "Array" if "[" in expression else _bare(expression)
                if how == "called":
                    declared = self._declared_result(
                        path, owner, _call_chain_head(expression).removesuffix("()")
                    )
                    if declared is not None:
                        written = _TASK.sub(r"\1", declared[1].replace(" ", ""))
                        return "" if "." in receiver else _bare(written)
                    callee = _call_chain_head(expression).removesuffix("()")
                    holder, dot, _ = callee.rpartition(".")
                    if dot and self._external(path, owner, holder, depth + 1) is not None:
                        return ""
            return None
        if head.endswith("()"):
            if self._declared_result(path, scope, bare_head) is not None:
                return ""
            return None
        file = self._files[path]
        for enclosing in self._enclosing_types(path, scope):
            found = self._field(file.qualnames[enclosing], head)
            if found is not None:
                return _bare(found[0]) if "." not in receiver else ""
        if head[:1].isupper() or head in PREDEFINED_TYPES:
            # `Console.WriteLine`, `Math.Max`, `string.Join`: a capitalised name that is
            # no variable and no repository type is a type outside the repository
            return head if "." not in receiver else ""
        return None

    # ---- extension methods ------------------------------------------------------------

    def _visible_namespaces(self, path: str, scope: int) -> set[str]:
        found: set[str] = set()
        for level, block in self._namespace_levels(path, scope):
            found.add(level)
            found.update(self._opened(path, block).namespaces)
        return found

    def _extension(
        self,
        path: str,
        scope: int,
        name: str,
        receiver: str | None,
        written: str | None,
        arity: int | None = None,
    ) -> list[Symbol]:
        """Extension methods ``name`` in scope that apply to a receiver of the
        repository type ``receiver`` (or an ancestor), or, for a type outside
        the repository, whose extended type is written ``written``."""
        candidates = self._extensions.get(name, ())
        if not candidates:
            return []
        visible = self._visible_namespaces(path, scope)
        chain = set(self._chain(receiver)) if receiver is not None else set()
        found = []
        for symbol, extended in candidates:
            file = self._files[symbol[0]]
            if file.namespaces[symbol[1]] not in visible:
                continue
            if arity is not None and not self._takes(symbol, arity + 1):
                continue  # the receiver is the first argument
            target = self._type(symbol[0], symbol[1], extended)
            if (target is not None and target in chain) or (
                target is None and written and _extends_external(_bare(extended), written)
            ):
                found.append(symbol)
        return found

    # ---- references -------------------------------------------------------------------

    def _construction(self, fqn: str, arity: int | None) -> list[tuple[Symbol, float]]:
        """``new T()``: the type, and its constructor that takes the arguments."""
        first = self._types[fqn][0]
        constructors = [
            c
            for c in self._own_members(fqn, self._def(first)[1])
            if "static" not in self._files[c[0]].traits.get(c[1], ())
        ]
        # none that takes the arguments: a struct's implicit `new T()`
        fitting = [c for c in constructors if arity is None or self._takes(c, arity)]
        return [(first, CERTAIN)] + [(c, CERTAIN) for c in fitting[:1]]

    def _local_function(self, path: str, scope: int, name: str) -> Symbol | None:
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while current != MODULE_SCOPE and defs[current].kind not in (*TYPE_KINDS, NAMESPACE):
            for index in file.children.get(current, {}).get(name, ()):
                if defs[index].kind == "function":
                    return (path, index)
            current = defs[current].parent
        if current == MODULE_SCOPE:
            for index in file.children.get(MODULE_SCOPE, {}).get(name, ()):
                if defs[index].kind == "function":
                    return (path, index)
        return None

    def _static_members(self, path: str, scope: int, name: str, arity: int | None) -> list[Symbol]:
        """``M()`` through ``using static A.C;`` at any level in scope."""
        for _, block in self._namespace_levels(path, scope):
            for opened in self._opened(path, block).namespaces:
                if opened in self._types:
                    found = self._methods(opened, name, arity=arity)
                    if found:
                        return found
        return []

    def _resolve(
        self, path: str, ref: Reference, arity: int | None
    ) -> tuple[list[tuple[Symbol, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        """(targets, tags, override targets) of one reference."""
        scope = ref.scope
        if ref.kind == IMPLICIT:
            # a call the syntax does not spell, of the first of its names found
            for name in ref.name.split():
                resolved = self._resolve(path, ref._replace(kind="call", name=name), 0)
                if resolved[0] or resolved[2]:
                    return resolved
            return [], (), []
        receiver = ref.receiver
        this = self._this_type(path, scope)
        call = ref.kind == "call"
        if ref.name in ("this", "base") and receiver is None and call:
            # `: this(...)`, `: base(...)`
            if this is None:
                return [], (), []
            owner = (
                this
                if ref.name == "this"
                else next((b for b in self._bases(this) if self._type_kind(b) == "class"), None)
            )
            if owner is None:
                return [], (), []
            return self._construction(owner, arity)[1:], (), []
        if receiver == CONSTRUCTION:
            made = self._type(path, scope, ref.name)
            return (self._construction(made, arity) if made is not None else []), (), []
        if receiver is None or (receiver == EXPRESSION and ref.kind == "value"):
            return self._unqualified(path, scope, ref, arity)
        if receiver in ("this", "base"):
            if this is None:
                return [], (), []
            found = self._methods(this, ref.name, skip_self=receiver == "base", arity=arity)
            if not found:
                return [], (), []
            if receiver == "base" or not call:
                return [(found[0], CERTAIN)], (), []
            overrides = self._overrides(this, ref.name, arity, self._declaring(found[0]))
            return [(found[0], CERTAIN)], (), dispatched(overrides, CERTAIN)
        head = receiver.split(".", 1)[0]
        shadowed = self._local(path, scope, head) is not None or self._member_named(
            path, scope, head
        )
        if call and not shadowed and "(" not in receiver:
            made = self._type(path, scope, f"{receiver}.{ref.name}")
            if made is not None:
                return self._construction(made, arity), (), []  # `new Acme.Util.Money()`
        # `Cart.Create()`, `Acme.Shop.Cart.Create()`: a static member of a type (a
        # variable or member of the same name comes first)
        type_name = (
            self._type(path, scope, receiver) if "(" not in receiver and not shadowed else None
        )
        if type_name is not None:
            found = self._methods(type_name, ref.name, arity=arity)
            return [(m, CERTAIN) for m in found[:1]], (), []
        held = self._expression(path, scope, receiver)
        if held is not None:
            static, confidence = held
            found = self._methods(static, ref.name, arity=arity)
            if not found:
                extension = self._extension(path, scope, ref.name, static, None, arity)
                return (
                    [(m, min(confidence, INFERRED_CONFIDENCE)) for m in extension[:1]],
                    (EXTENSION_TAG,) if extension else (),
                    [],
                )
            if not call:
                return [(found[0], confidence)], (), []
            overrides = self._overrides(static, ref.name, arity, self._declaring(found[0]))
            return [(found[0], confidence)], (), dispatched(overrides, confidence)
        written = self._external(path, scope, receiver)
        if written is not None:
            # a value of a type outside the repository: only an extension of it
            extension = self._extension(path, scope, ref.name, None, written, arity)
            return (
                [(m, INFERRED_CONFIDENCE) for m in extension[:1]],
                (EXTENSION_TAG,) if extension else (),
                [],
            )
        if not call or ref.name in OBJECT_MEMBERS:
            return [], (), []  # (every object has these: no name tells whose)
        return (
            name_matches(ref.name, self._methods_by_name.get(ref.name, ())),
            (NAME_MATCH_TAG,),
            [],
        )

    def _unqualified(
        self, path: str, scope: int, ref: Reference, arity: int | None
    ) -> tuple[list[tuple[Symbol, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        """A name without a receiver: a local, a local function, a member of the
        enclosing types (an expression's name, or a call), a type (a type
        written in a declaration, or an expression's name no member has),
        ``using static``."""
        call = ref.kind == "call"
        if self._local(path, scope, ref.name) is not None:
            return [], (), []  # a local (a delegate, a variable of the name)
        around = self._enclosing_types(path, scope)
        defs = self._files[path].facts.definitions
        if ref.receiver == EXPRESSION and around and defs[around[0]].kind == "enum":
            return [], (), []  # `All = Read | Write`: the enum's own members
        local_function = self._local_function(path, scope, ref.name)
        if local_function is not None:
            return [(local_function, CERTAIN)], (), []
        file = self._files[path]
        if ref.kind == "route" or ref.receiver == EXPRESSION:
            # an expression's name: a member (a property, a method group) before a
            # type; a type written in a declaration is never a member
            for enclosing in around:
                fqn = file.qualnames[enclosing]
                found = [m for m in self._methods(fqn, ref.name) if not self._constructor(m)]
                field_type = self._field(fqn, ref.name)
                if field_type is not None and _bare(field_type[0]) == ref.name:
                    # `Color Color`: a property named as its type; `Color.Red` is the
                    # type's, `Color == x` the property's: both, the property uncertain
                    named = self._type(field_type[1], field_type[2], field_type[0])
                    also = [(found[0], COLOR_COLOR_CONFIDENCE)] if found else []
                    if named is not None:
                        return [(self._types[named][0], CERTAIN), *also], (), []
                    return also, (), []
                if found:
                    return [(found[0], CERTAIN)], (), []
                if field_type is not None:
                    return [], (), []  # a field: no node
        type_name = self._type(path, scope, ref.name) if not call else None
        if type_name is not None:
            return [(self._types[type_name][0], CERTAIN)], (), []
        if not call:
            # `[Audit]` names AuditAttribute (a type written, not an expression)
            attribute = (
                self._type(path, scope, ref.name + "Attribute")
                if ref.receiver != EXPRESSION
                else None
            )
            return ([(self._types[attribute][0], CERTAIN)] if attribute else []), (), []
        for enclosing in around:
            fqn = file.qualnames[enclosing]
            found = self._methods(fqn, ref.name, arity=arity)
            if found:
                # `M()` on `this`: a subclass's override runs when `this` is one
                overrides = self._overrides(fqn, ref.name, arity, self._declaring(found[0]))
                return [(found[0], CERTAIN)], (), dispatched(overrides, CERTAIN)
        found = self._static_members(path, scope, ref.name, arity)
        if found:
            return [(found[0], CERTAIN)], (), []
        return [], (), []

    # ---- building -----------------------------------------------------------------------

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {path: self._build_file(path) for path in paths if path in self._files}

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface."""
        held = self._files.get(facts.path)
        if held is None:
            return None
        with standing_in(self._files, facts.path, _csharp_file(facts, held.project)):
            return self._build_file(facts.path)

    def _symbol_id(self, symbol: Symbol) -> str:
        return self._files[symbol[0]].ids[symbol[1]]

    def _build_file(self, path: str) -> FileOutput:
        file = self._files[path]
        facts = file.facts
        module_id = PREFIX + path
        language = facts.language
        nodes, edges = module_parts(module_id, facts)
        spans: dict[str, tuple[int, int, int]] = {}
        for index, d in enumerate(facts.definitions):
            if d.kind in (ANONYMOUS_SCOPE, NAMESPACE):
                continue
            symbol_id = file.ids[index]
            held = spans.get(symbol_id)
            if held is None:
                spans[symbol_id] = (d.start_line, d.end_line, index)
                parent = module_id if d.parent == MODULE_SCOPE else file.ids[d.parent]
                if self._first.get(symbol_id) == path or parent != module_id:
                    # a partial type's other parts hold its members, not the type
                    edges.append(Edge(parent, symbol_id, "contains", CERTAIN, d.start_line))
            else:  # overloads: one node over all of them
                spans[symbol_id] = (held[0], max(held[1], d.end_line), held[2])
        for symbol_id, (start, end, index) in spans.items():
            if self._first.get(symbol_id) != path:
                continue  # emitted by the first file holding it
            d = facts.definitions[index]
            nodes.append(
                Node(
                    symbol_id,
                    _node_kind(facts, index),
                    d.name,
                    file.qualnames[index],
                    path,
                    start,
                    end,
                    language,
                )
            )
        counts = {"resolved": 0, "name_matched": 0, "unresolved": 0}
        for imp in facts.imports:
            target_name = f"{imp.source}.{imp.name}" if imp.alias else imp.source
            target_name = target_name.replace(" ", "")
            if target_name in self._types:
                edges.append(
                    Edge(
                        module_id,
                        self._symbol_id(self._types[target_name][0]),
                        "imports",
                        CERTAIN,
                        imp.line,
                    )
                )
            elif target_name not in self._namespaces:
                counts["unresolved"] += 1  # a namespace outside the repository
        arities = {
            a.reference: a.positional + len(a.keywords) for a in facts.arguments if not a.splat
        }
        entry_points: set[EntryPoint] = {
            EntryPoint(module_id if scope == MODULE_SCOPE else file.ids[scope], kind)
            for kind, scope in facts.entry_points
        }
        for index, ref in enumerate(facts.references):
            targets, tags, overrides = self._resolve(path, ref, arities.get(index))
            if not targets and not overrides:
                if ref.receiver != EXPRESSION or self._local(path, ref.scope, ref.name) is None:
                    counts["unresolved"] += 1  # (a local named in an expression is no miss)
                continue
            counts["name_matched" if NAME_MATCH_TAG in tags else "resolved"] += 1
            source_id = module_id if ref.scope == MODULE_SCOPE else file.ids[ref.scope]
            if ref.receiver and "." in ref.receiver:
                for symbol, confidence in self._receiver_members(path, ref.scope, ref.receiver):
                    target_id = self._symbol_id(symbol)
                    if target_id != source_id:
                        edges.append(Edge(source_id, target_id, "references", confidence, ref.line))
            for (symbol, confidence), edge_tags in [(t, tags) for t in targets] + [
                (o, (DISPATCH_TAG,)) for o in overrides
            ]:
                kind = (
                    "calls"
                    if ref.kind in ("call", IMPLICIT) and self._def(symbol)[0] == "function"
                    else "references"
                )
                target_id = self._symbol_id(symbol)
                if ref.kind == "route":
                    entry_points.add(EntryPoint(target_id, HTTP_ROUTE))
                if target_id != source_id:
                    edges.append(Edge(source_id, target_id, kind, confidence, ref.line, edge_tags))
        edges += self._implicit_base_constructors(path)
        for base in facts.bases:
            outer_scope = facts.definitions[base.definition].parent
            base_type = self._type(path, outer_scope, base.expression)
            child = file.qualnames[base.definition]
            if base_type is not None and base_type != child:
                interface = self._type_kind(base_type) == "interface"
                edges.append(
                    Edge(
                        file.ids[base.definition],
                        self._symbol_id(self._types[base_type][0]),
                        "inherits",
                        CERTAIN,
                        base.line,
                        (IMPLEMENTS_TAG,) if interface else (),
                    )
                )
        return FileOutput(
            tuple(nodes),
            tuple(edges),
            counts,
            tuple(sorted(entry_points, key=lambda e: (e.id, e.kind))),
        )

    def _receiver_members(self, path: str, scope: int, receiver: str) -> list[tuple[Symbol, float]]:
        """The properties a receiver reads on its way (``Settings.Default`` and
        ``Default.Name`` in ``Settings.Default.Name.Trim()``): a read in a
        receiver is no reference of its own, but it runs the getter."""
        parts = receiver.split(".")
        if len(parts) < 2 or any(p.endswith("()") or not p for p in parts):
            return []
        head = parts[0]
        holder: tuple[str, float] | None
        if head == "this":
            this = self._this_type(path, scope)
            holder = (this, CERTAIN) if this is not None else None
        elif head == "base":
            this = self._this_type(path, scope)
            base = next(iter(self._bases(this)), None) if this is not None else None
            holder = (base, CERTAIN) if base is not None else None
        else:
            holder = self._variable(path, scope, head)
            if holder is None and self._local(path, scope, head) is None:
                static = self._type(path, scope, head)
                holder = (static, CERTAIN) if static is not None else None
        found: list[tuple[Symbol, float]] = []
        for part in parts[1:]:
            if holder is None:
                break
            members = [m for m in self._methods(holder[0], part) if not self._constructor(m)]
            if members:
                found.append((members[0], holder[1]))
            nested = self._member_type(holder[0], part)
            if nested is not None and not members:
                holder = (nested, CERTAIN)  # `Outer.Inner.Member`
                continue
            held = self._field(holder[0], part)
            target = self._type(held[1], held[2], held[0]) if held is not None else None
            holder = (target, min(holder[1], ANNOTATED_CONFIDENCE)) if target else None
        return found

    def _implicit_base_constructors(self, path: str) -> list[Edge]:
        """The calls the compiler adds: a constructor without ``: base(...)`` or
        ``: this(...)`` runs its base class's parameterless constructor, and so
        does the implicit constructor of a class that declares none."""
        file = self._files[path]
        defs = file.facts.definitions
        initialised = {
            ref.scope
            for ref in file.facts.references
            if ref.kind == "call" and ref.receiver is None and ref.name in ("base", "this")
        }
        edges = []
        for index, d in enumerate(defs):
            if d.kind != "class":
                continue
            fqn = file.qualnames[index]
            base = next((b for b in self._bases(fqn) if self._type_kind(b) == "class"), None)
            if base is None:
                continue
            target = next(iter(self._construction(base, 0)[1:]), None)
            if target is None:
                continue
            target_id = self._symbol_id(target[0])
            own = [
                c
                for c in self._own_members(fqn, d.name)
                if "static" not in self._files[c[0]].traits.get(c[1], ())
            ]
            for constructor in own:
                if constructor[0] == path and constructor[1] not in initialised:
                    line = defs[constructor[1]].start_line
                    edges.append(Edge(file.ids[constructor[1]], target_id, "calls", CERTAIN, line))
            if not own and self._first.get(file.ids[index]) == path:
                edges.append(Edge(file.ids[index], target_id, "calls", CERTAIN, d.start_line))
        return edges


def csharp_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes
    name them: the overloads of one name span from the first to the last; a
    part of a partial type is that type's span in this file."""
    _, ids, _ = csharp_definition_ids(facts)
    skipped = (ANONYMOUS_SCOPE, NAMESPACE)
    return merged_symbols(
        facts,
        ids,
        lambda i: None if facts.definitions[i].kind in skipped else _node_kind(facts, i),
    )


def csharp_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files may read of this one: definitions, usings,
    base lists, result types, fields and properties, parameter lists, the
    namespace, global usings, extension methods and member traits."""
    kept = {
        i for i, d in enumerate(facts.definitions) if d.kind in TYPE_KINDS or d.kind == NAMESPACE
    }
    properties = {scope for scope, trait in facts.traits if trait == "property"}
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=facts.imports,
        references=(),
        bases=facts.bases,
        bindings=(),
        typed=tuple(
            t
            for t in facts.typed
            if t[0] == MODULE_SCOPE or t[0] in kept or t[0] in properties or t[3] == "extends"
        ),
        exports=facts.exports,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        returns=facts.returns,
        signatures=facts.signatures,
        traits=facts.traits,
    )
