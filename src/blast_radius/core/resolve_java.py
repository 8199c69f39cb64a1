"""Resolve Java facts into graph nodes and edges.

A type is named by its package and nesting (``com.acme.billing.Invoice``,
``Invoice.Line``), wherever its file sits. A simple type name is looked up
as Java does: the enclosing types and their member types, single-type
imports, the same package, then on-demand imports (``java.lang`` is outside
the repository). Receivers are typed by what the code declares: parameters,
locals, fields, ``new``, and one step of a method's declared result. A call
on a value of a known type binds to the method of that type or its nearest
ancestor, and reaches the overrides in subtypes at a split confidence.
Overloads of one name in one type are one node for now.

Kotlin files are read by the same resolver, their facts written in the same
vocabulary: top-level functions belong to their package, a companion
object's members to its class, an extension function ``fun Money.format()``
is ``Money::format`` of its package and is called on a ``Money`` when it is in
scope (a member of the same name wins), and a scope function's lambda
(``x.let { it.m() }``, ``x.apply { m() }``) sees x as ``it`` or ``this``.

Scala files are read by it too. A file's package is its chained clauses
(``package a`` then ``package b`` is ``a.b``), wherever the file sits. An
import clause is read whole: ``a.b.C``, ``a.b._`` and ``a.b.*`` (on demand),
selectors ``{C, D => E, F as G, H => _, _}`` (a rename, a hidden name, the
rest); an import in a block is seen in that block. A companion object
shares its class's node id; what is called on the type's name
(``Invoice.create()``, ``Invoice(x)``: its ``apply``, or the case class
itself) is the object's, what is called on an instance the class's. An
``object``'s members are called as ``Registry.register()`` (certain).
``extends A with B with C`` makes the three bases, searched in Scala's
linearisation (the last mixed in first, a shared base after all that
extend it); ``super.m()`` passes a method without a body. A bare name
that is no local, field or type is a parameterless method call (``self``).
A receiver typed by a declaration (``val x: T``, ``x: T``, ``new T``,
``T(...)``) gives 0.9: what the compiler adds (implicit conversions,
extension methods, givens) is not seen, so a member found by name stays a
name match.

Node ids: ``java:<path>`` for a file, ``java:<fqn>`` for a type and
``java:<fqn>.<method>`` for a method (``Invoice.Invoice`` is a constructor);
see ``testdata/java/README.md``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from blast_radius.core.facts import (
    ANONYMOUS_SCOPE,
    MODULE_SCOPE,
    VAR_POSITIONAL,
    FileFacts,
    Import,
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

PREFIX = "java:"
_SCALA_LIKE = frozenset({"scala"})
"""Languages whose types mix in traits, have companions and convert values."""
IMPLEMENTS_TAG = "implements"
ROUTE_ENTRY_KIND = "http-route"
TYPE_KINDS = ("class", "interface")
_GENERIC = re.compile(r"[<\[(]")

Symbol = tuple[str, int]
"""A definition: (file path, definition index), or (path, MODULE_SCOPE) for a file."""


def _call_chain_head(expression: str) -> str:
    """``repo.find(id)`` as ``repo.find()``, ``a.b`` as itself: a receiver's text."""
    return re.sub(r"\((?:[^()]|\([^()]*\))*\)", "()", expression).replace("?.", ".")


def _bare(expression: str) -> str:
    """``java.util.List<Item>`` as ``java.util.List``; ``make(a)`` as ``make``."""
    return _GENERIC.split(expression, maxsplit=1)[0].strip()


def _package(facts: FileFacts) -> str:
    """The file's package: Java's and Kotlin's one clause; Scala's chained
    clauses (``package a.b`` then ``package c``: each names the clause after
    it), then those nested in braces."""
    rows = [(name, e, how) for scope, name, e, how in facts.typed if scope == MODULE_SCOPE]
    clauses = [e for _, e, how in rows if how == "package"]
    nested = [e for _, e, how in rows if how == "subpackage"]
    after = {name.removeprefix("package").strip(): e for name, e, how in rows if how == "next"}
    first = [e for e in clauses if e not in nested and e not in after.values()][:1]
    chain = first or clauses[:1]
    while chain and chain[-1] in after and len(chain) <= len(clauses):
        chain.append(after[chain[-1]])
    return ".".join(chain + nested).replace(" ", "")


_SCALA_IMPORT = "import "
_SCALA_WILDCARDS = ("_", "*", "given")


def _split_top(text: str) -> list[str]:
    """``a.{B, C}, d.E`` split at the commas outside braces."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "{[(":
            depth += 1
        elif char in "}])":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def scala_imports(imp: Import) -> list[Import]:
    """A Scala import clause, as it arrives whole, in the shape of Java's
    imports: one ``(owner, name, alias)`` per name, ``name='*'`` on demand; a
    hidden name (``C => _``) is no import. Another language's import as is."""
    if not imp.source.startswith(_SCALA_IMPORT):
        return [imp]
    text = re.sub(r"//[^\n]*|/\*.*?\*/", " ", imp.source[len(_SCALA_IMPORT) :], flags=re.S)
    found: list[Import] = []
    for importer in _split_top(" ".join(text.split())):
        importer = importer.replace(" . ", ".").replace(". ", ".").replace(" .", ".")
        owner, brace, selectors = importer.partition("{")
        if brace:
            owner = owner.rstrip(". ")
            items = _split_top(selectors.rstrip("} "))
        else:
            owner, _, last = importer.rpartition(".")
            items = [last]
        owner = owner.replace("`", "")
        if not owner:
            continue
        for item in items:
            renamed = re.split(r"\s*(?:=>|\bas\b)\s*", item, maxsplit=1)
            name = renamed[0].strip().replace("`", "")
            alias = renamed[1].strip().replace("`", "") if len(renamed) > 1 else None
            if name.split(" ", 1)[0] in _SCALA_WILDCARDS:
                found.append(Import(owner, "*", None, imp.line, imp.scope, False, imp.end_line))
            elif alias == "_":
                continue  # `C => _`: C hidden from a wildcard
            elif re.fullmatch(r"[\w$]+", name):
                alias = None if alias == name else alias
                found.append(Import(owner, name, alias, imp.line, imp.scope, False, imp.end_line))
    return found


def _imports(facts: FileFacts) -> list[Import]:
    """The file's imports, one per imported name."""
    return [one for imp in facts.imports for one in scala_imports(imp)]


def _imported(imp: Import) -> tuple[str, str] | None:
    """(owner, member) an import names: Java's ``a.b.C`` as written, Kotlin's
    whole ``a.b.C`` split at its last dot; None for ``*``."""
    if imp.name == "*":
        return None
    if imp.name:
        return imp.source, imp.name
    owner, dot, member = imp.source.rpartition(".")
    return (owner, member) if dot else None


def _extension_receivers(facts: FileFacts) -> dict[int, str]:
    """Extension functions (``fun Money.format()``) and the type they extend."""
    return {
        scope: _bare(expression)
        for scope, name, expression, how in facts.typed
        if how == "extends" and name == "this" and scope != MODULE_SCOPE
    }


def java_definition_ids(facts: FileFacts) -> tuple[list[str], list[str]]:
    """Qualified names (``com.acme.Invoice.total``) and node ids of a file's
    definitions; an anonymous scope takes its parent's, an extension function
    is named after the type it extends (``com.acme.Money::format``)."""
    package = _package(facts)
    extends = _extension_receivers(facts)
    qualnames: list[str] = []
    ids: list[str] = []
    for d in facts.definitions:
        if d.kind == ANONYMOUS_SCOPE:
            qualnames.append(facts.path if d.parent == MODULE_SCOPE else qualnames[d.parent])
            ids.append(PREFIX + facts.path if d.parent == MODULE_SCOPE else ids[d.parent])
            continue
        # `Money::format`: Kotlin's own name for an extension, apart from a
        # member `Money.format` it may share a package with
        name = f"{extends[len(qualnames)]}::{d.name}" if len(qualnames) in extends else d.name
        if d.parent == MODULE_SCOPE or qualnames[d.parent] == facts.path:
            qualname = f"{package}.{name}" if package else name
        else:
            qualname = qualnames[d.parent] + "." + name
        qualnames.append(qualname)
        ids.append(PREFIX + qualname)
    return qualnames, ids


def _node_kind(facts: FileFacts, index: int) -> str:
    d = facts.definitions[index]
    parent_kind = facts.definitions[d.parent].kind if d.parent != MODULE_SCOPE else ""
    return "method" if d.kind == "function" and parent_kind in TYPE_KINDS else d.kind


@dataclass(slots=True)
class _File:
    facts: FileFacts
    package: str
    qualnames: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    single: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Imported simple name -> (owner, member): a type of a package, or a static member."""
    on_demand: list[str] = field(default_factory=list)
    children: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    bindings: dict[int, set[str]] = field(default_factory=dict)
    typed: dict[tuple[int, str], list[tuple[str, str]]] = field(default_factory=dict)
    signatures: dict[int, tuple[Parameter, ...]] = field(default_factory=dict)
    """The parameters of each method whose list could be read."""
    local_types: bool = False
    """Whether a type is declared inside a method (a local class)."""
    anonymous_classes: set[int] = field(default_factory=set)
    """Anonymous scopes with a base: the bodies of ``new T() { ... }``."""
    scoped: dict[int, tuple[dict[str, tuple[str, str]], list[str]]] = field(default_factory=dict)
    """Imports in a block (Scala), by the scope holding them: named, on demand."""
    abstract: set[int] = field(default_factory=set)
    """Methods declared without a body (Scala's ``def m(): T``)."""
    objects: set[int] = field(default_factory=set)
    """Scala's ``object`` definitions: a companion shares its class's id."""
    linearised: bool = False
    """Whether bases are searched from the last written (Scala's mixins)."""
    applies: bool = False
    """Whether calling a type by name runs its companion's ``apply`` (Scala)."""
    typed_confidence: float = CERTAIN
    """How sure a receiver's declared type is: Scala's compiler may convert it."""


def _java_file(item: FileFacts) -> _File:
    """What a file's own lookups read of its facts: ids, scopes' names, imports,
    bindings, types and signatures (the repository's indexes are made apart)."""
    file = _File(item, _package(item))
    file.qualnames, file.ids = java_definition_ids(item)
    file.objects = {scope for scope, _, _, how in item.typed if how == "object"}
    file.abstract = {scope for scope, _, _, how in item.typed if how == "abstract"}
    if item.language in _SCALA_LIKE:
        file.linearised = file.applies = True
        file.typed_confidence = ANNOTATED_CONFIDENCE
    extends = _extension_receivers(item)
    for index, d in enumerate(item.definitions):
        if d.kind != ANONYMOUS_SCOPE and index not in extends:
            file.children.setdefault(d.parent, {}).setdefault(d.name, []).append(index)
    for imp in _imports(item):
        named = _imported(imp)
        single, on_demand = file.single, file.on_demand
        if imp.scope != MODULE_SCOPE:
            # Scala's import in a block: seen there only
            single, on_demand = file.scoped.setdefault(imp.scope, ({}, []))
            file.local_types = True  # a name may mean another type there
        if named is not None:
            single[imp.alias or named[1]] = named
        elif imp.name == "*":
            on_demand.append(imp.source)
    for scope, name in item.bindings:
        file.bindings.setdefault(scope, set()).add(name)
    for scope, name, expression, how in item.typed:
        if how not in ("package", "subpackage", "next", "object", "abstract"):
            file.typed.setdefault((scope, name), []).append((expression, how))
    file.signatures = {sig.definition: sig.parameters for sig in item.signatures}
    file.local_types = file.local_types or any(
        d.kind in TYPE_KINDS
        and d.parent != MODULE_SCOPE
        and item.definitions[d.parent].kind not in TYPE_KINDS
        for d in item.definitions
    )
    file.anonymous_classes = {
        b.definition for b in item.bases if item.definitions[b.definition].kind == ANONYMOUS_SCOPE
    }
    return file


class JavaResolver:
    """Resolves the facts of every Java file into graph parts."""

    def __init__(
        self,
        facts: Sequence[FileFacts],
        all_paths: Iterable[str],
        route_handlers: frozenset[str] = frozenset(),
    ) -> None:
        self._route_handlers = route_handlers
        """Methods Play's routes files name (``controllers.Foo.bar``)."""
        self._files: dict[str, _File] = {}
        self._types: dict[str, Symbol] = {}
        """Fully qualified type name -> its definition."""
        self._methods_by_name: dict[str, list[Symbol]] = {}
        self._top_level: dict[str, Symbol] = {}
        """A package's own functions (Kotlin), by qualified name."""
        self._extensions: dict[str, list[tuple[Symbol, str]]] = {}
        """Extension functions by name, with the type each extends."""
        self._companions: dict[Symbol, Symbol] = {}
        """A Scala class -> its companion object."""
        for item in sorted(facts, key=lambda f: f.path):
            file = _java_file(item)
            named_types: dict[str, list[int]] = {}
            for index, d in enumerate(item.definitions):
                if d.kind in TYPE_KINDS:
                    named_types.setdefault(file.qualnames[index], []).append(index)
            for qualname, indices in named_types.items():
                # a class and its companion object: the class is the type, the
                # object holds what is called on the type's name
                objects = [i for i in indices if i in file.objects]
                classes = [i for i in indices if i not in file.objects]
                if objects and classes:
                    self._companions[(item.path, classes[0])] = (item.path, objects[0])
                self._types.setdefault(qualname, (item.path, (classes or objects)[0]))
            extends = _extension_receivers(item)
            for index, d in enumerate(item.definitions):
                if d.kind == ANONYMOUS_SCOPE:
                    continue
                if index in extends:
                    self._extensions.setdefault(d.name, []).append(
                        ((item.path, index), extends[index])
                    )
                    continue
                if d.kind == "function" and d.parent == MODULE_SCOPE:
                    self._top_level.setdefault(file.qualnames[index], (item.path, index))
                if d.kind in TYPE_KINDS:
                    pass  # registered above
                elif (
                    d.kind == "function"
                    and d.parent != MODULE_SCOPE
                    and item.definitions[d.parent].kind in TYPE_KINDS
                    and d.name != item.definitions[d.parent].name
                ):
                    self._methods_by_name.setdefault(d.name, []).append((item.path, index))
            self._files[item.path] = file
        self._packages = {f.package for f in self._files.values()}
        self._bases_cache: dict[Symbol, tuple[Symbol, ...]] = {}
        self._finding_bases = 0
        self._chains: dict[Symbol, list[Symbol]] = {}
        self._types_seen: dict[tuple[str, int, str], Symbol | None] = {}
        self._subtypes: dict[Symbol, list[Symbol]] | None = None
        self._inferred: CycleMemo[tuple[str, int, str], tuple[Symbol, float] | None] = CycleMemo(
            lambda: None
        )

    # ---- types ----------------------------------------------------------------

    def _kind(self, symbol: Symbol) -> str:
        if symbol[1] == MODULE_SCOPE:
            return "module"
        return self._files[symbol[0]].facts.definitions[symbol[1]].kind

    def _enclosing_types(self, path: str, scope: int) -> list[int]:
        """The types around ``scope``, innermost first."""
        file = self._files[path]
        defs = file.facts.definitions
        found = []
        current = scope
        while current != MODULE_SCOPE:
            if defs[current].kind in TYPE_KINDS or current in file.anonymous_classes:
                found.append(current)
            current = defs[current].parent
        return found

    def _type(self, path: str, scope: int, expression: str) -> Symbol | None:
        """The type a name (``Invoice``, ``Invoice.Line``, ``com.acme.Invoice``)
        means in ``scope``, in Java's order of lookup."""
        file = self._files[path]
        if not file.local_types:
            # without local classes, a name means the same in every scope of a type
            enclosing = self._enclosing_types(path, scope)
            scope = enclosing[0] if enclosing else MODULE_SCOPE
        key = (path, scope, expression)
        if key in self._types_seen:
            return self._types_seen[key]
        found = self._lookup_type(path, scope, expression)
        if not self._finding_bases:
            self._types_seen[key] = found
        return found

    def _lookup_type(self, path: str, scope: int, expression: str) -> Symbol | None:
        name = _bare(expression)
        head, dot, rest = name.partition(".")
        found = self._simple_type(path, scope, head)
        if found is None and dot:
            return self._types.get(name)  # a fully qualified name
        for part in rest.split(".") if dot else ():
            if found is None:
                return None
            found = self._member_type(found, part)
        return found

    def _simple_type(self, path: str, scope: int, name: str) -> Symbol | None:
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while current != MODULE_SCOPE and defs[current].kind not in TYPE_KINDS:
            # a local class shadows every type of that name outside
            for index in file.children.get(current, {}).get(name, ()):
                if defs[index].kind in TYPE_KINDS:
                    return (path, index)
            current = defs[current].parent
        for owner in self._enclosing_types(path, scope):
            if file.facts.definitions[owner].name == name:
                return (path, owner)
            member = self._member_type((path, owner), name)
            if member is not None:
                return member
        single, on_demand = self._visible_imports(path, scope)
        imported = single.get(name)
        if imported is not None:
            found = self._types.get(f"{imported[0]}.{imported[1]}")
            if found is not None:
                return found
        local = self._types.get(f"{file.package}.{name}" if file.package else name)
        if local is not None:
            return local
        candidates = {
            found
            for owner in on_demand
            if (found := self._types.get(f"{owner}.{name}")) is not None
        }
        return candidates.pop() if len(candidates) == 1 else None

    def _visible_imports(
        self, path: str, scope: int
    ) -> tuple[dict[str, tuple[str, str]], list[str]]:
        """The named and on-demand imports seen in ``scope``: those of the
        blocks around it (the innermost wins), then the file's."""
        file = self._files[path]
        if not file.scoped:
            return file.single, file.on_demand
        single = dict(file.single)
        on_demand = list(file.on_demand)
        chain = []
        current = scope
        while current != MODULE_SCOPE:
            chain.append(current)
            current = file.facts.definitions[current].parent
        for owner in reversed(chain):
            held = file.scoped.get(owner)
            if held is not None:
                single.update(held[0])
                on_demand = held[1] + on_demand
        return single, on_demand

    def _static_methods(
        self, type_symbol: Symbol, name: str, arity: int | None = None
    ) -> list[Symbol]:
        """``T.m()`` on a type's name: its companion object's ``m`` (Scala), else
        the type's own (Java's static methods, Kotlin's companion members)."""
        companion = self._companions.get(type_symbol)
        found = self._methods(companion, name, arity=arity) if companion is not None else []
        return found or self._methods(type_symbol, name, arity=arity)

    def _member_type(self, owner: Symbol, name: str) -> Symbol | None:
        companion = self._companions.get(owner)
        if companion is not None:
            # `Actor.State`: a type declared in the companion object
            file = self._files[companion[0]]
            for index in file.children.get(companion[1], {}).get(name, ()):
                if file.facts.definitions[index].kind in TYPE_KINDS:
                    return (companion[0], index)
        for klass in self._chain(owner):
            file = self._files[klass[0]]
            for index in file.children.get(klass[1], {}).get(name, ()):
                if file.facts.definitions[index].kind in TYPE_KINDS:
                    return (klass[0], index)
        return None

    def _bases(self, cls: Symbol) -> tuple[Symbol, ...]:
        cached = self._bases_cache.get(cls)
        if cached is not None:
            return cached
        self._bases_cache[cls] = ()
        self._finding_bases += 1
        file = self._files[cls[0]]
        scope = file.facts.definitions[cls[1]].parent
        found = []
        for base in file.facts.bases:
            if base.definition == cls[1]:
                target = self._type(cls[0], scope, base.expression)
                if target is not None and target != cls and target not in found:
                    found.append(target)
        if file.linearised:
            found.reverse()  # `extends A with B with C`: C's members first
        self._finding_bases -= 1
        result = tuple(found)
        self._bases_cache[cls] = result
        return result

    def _chain(self, cls: Symbol) -> list[Symbol]:
        """``cls`` and its ancestors, nearest first; kept once no base is being
        looked up (a chain seen meanwhile may lack the bases in progress)."""
        found = self._chains.get(cls)
        if found is None:
            linearised = self._files[cls[0]].linearised
            found = self._linearisation(cls, set()) if linearised else ancestors(cls, self._bases)
            if not self._finding_bases:
                self._chains[cls] = found
        return found

    def _linearisation(self, cls: Symbol, visiting: set[Symbol]) -> list[Symbol]:
        """Scala's linearisation of ``cls``: the class, then its bases'
        linearisations from the last mixed in to the first, each type kept at
        its last place (``extends A with B``: B's members before A's, a base B
        shares with A after both). A cycle is cut."""
        if cls in visiting or len(visiting) > 200:
            return []
        visiting.add(cls)
        row: list[Symbol] = []
        for base in self._bases(cls):  # already from the last written
            if self._files[base[0]].linearised:
                row += self._linearisation(base, visiting)
            else:
                row += ancestors(base, self._bases)
        visiting.discard(cls)
        seen: set[Symbol] = {cls}
        kept: list[Symbol] = []
        for symbol in reversed(row):
            if symbol not in seen:
                seen.add(symbol)
                kept.append(symbol)
        return [cls, *reversed(kept)]

    def _methods(
        self, cls: Symbol, name: str, skip_self: bool = False, arity: int | None = None
    ) -> list[Symbol]:
        """The methods named ``name`` of the nearest type in ``cls``'s ancestry
        declaring one that takes ``arity`` arguments (overloads together): an
        ``attr(k, v)`` of a subclass does not hide the ``attr(k)`` it inherits.
        When none takes that many, the nearest declaring the name."""
        chain = self._chain(cls)
        for klass in chain[1:] if skip_self else chain:
            file = self._files[klass[0]]
            found = [
                (klass[0], index)
                for index in file.children.get(klass[1], {}).get(name, ())
                if file.facts.definitions[index].kind == "function"
                # `super.m()` runs a body: Scala skips a trait's abstract `m`
                and not (skip_self and index in file.abstract)
            ]
            if found and (arity is None or any(self._takes(m, arity) for m in found)):
                return found
        if arity is not None and not any(self._external_bases(k) for k in chain):
            # no overload takes that many, and no ancestor outside the repository
            # may: the nearest of the name, which the call no longer fits (a
            # changed signature keeps its callers)
            return self._methods(cls, name, skip_self)
        return []

    def _external_bases(self, cls: Symbol) -> bool:
        """Whether ``cls`` names a base that is no type of the repository."""
        file = self._files[cls[0]]
        scope = file.facts.definitions[cls[1]].parent if cls[1] != MODULE_SCOPE else MODULE_SCOPE
        return any(
            base.definition == cls[1] and self._type(cls[0], scope, base.expression) is None
            for base in file.facts.bases
        )

    def _takes(self, method: Symbol, arity: int) -> bool:
        """Whether ``method`` can be called with ``arity`` arguments (yes when its
        parameters could not all be read)."""
        parameters = self._files[method[0]].signatures.get(method[1])
        if parameters is None:
            return True
        if any(p.kind == VAR_POSITIONAL for p in parameters):
            return arity >= len(parameters) - 1
        return arity == len(parameters)

    def _overrides(self, cls: Symbol, name: str, arity: int | None = None) -> list[Symbol]:
        """Methods named ``name`` declared in the subtypes of ``cls``."""
        if self._subtypes is None:
            self._subtypes = {}
            for symbol in sorted(self._types.values()):
                for base in self._bases(symbol):
                    self._subtypes.setdefault(base, []).append(symbol)
        if arity is not None:
            return [m for m in self._overrides(cls, name) if self._takes(m, arity)]
        subtypes = self._subtypes
        found: list[Symbol] = []
        for sub in descendants(cls, lambda c: subtypes.get(c, ())):
            file = self._files[sub[0]]
            found += [
                (sub[0], i)
                for i in file.children.get(sub[1], {}).get(name, ())
                if file.facts.definitions[i].kind == "function"
            ]
        return found

    # ---- values -------------------------------------------------------------------

    def _local(self, path: str, scope: int, name: str) -> int | None:
        """The scope declaring a local or parameter ``name`` seen from ``scope``
        (within the innermost method), if any."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while current != MODULE_SCOPE and defs[current].kind not in TYPE_KINDS:
            if name in file.bindings.get(current, ()) or (current, name) in file.typed:
                return current
            current = defs[current].parent
        return None

    def _field(self, cls: Symbol, name: str) -> Symbol | None:
        """The type of field ``name`` of ``cls`` or an ancestor."""
        for klass in self._chain(cls):
            file = self._files[klass[0]]
            for expression, how in file.typed.get((klass[1], name), ()):
                if how == "field":
                    return self._type(klass[0], klass[1], expression)
                if how in ("constructed", "called"):  # Kotlin's `val repo = Repo()`
                    found = self._inferred.get(
                        (klass[0], klass[1], name),
                        functools.partial(self._local_type, klass[0], klass[1], name),
                    )
                    return found[0] if found is not None else None
        return None

    def _field_named(self, path: str, scope: int, name: str) -> Symbol | None:
        """The type of a field ``name`` of an enclosing type, if there is one."""
        for enclosing in self._enclosing_types(path, scope):
            found = self._field((path, enclosing), name)
            if found is not None:
                return found
        return None

    def _has_field(self, path: str, scope: int, name: str) -> bool:
        """Whether an enclosing type or an ancestor declares a field ``name``
        (of any type: ``value: A`` of a type parameter too)."""
        return any(
            how in ("field", "constructed", "called")
            for enclosing in self._enclosing_types(path, scope)
            for klass in self._chain((path, enclosing))
            for _, how in self._files[klass[0]].typed.get((klass[1], name), ())
        )

    def _this_type(self, path: str, scope: int) -> Symbol | None:
        """What ``this`` is: the innermost type, or what a scope rebinds it to
        (an extension function's receiver, ``x.apply { }``'s x)."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while (
            current != MODULE_SCOPE
            and defs[current].kind not in TYPE_KINDS
            and current not in file.anonymous_classes
        ):
            if (current, "this") in file.typed:
                found = self._variable(path, current, "this")
                return found[0] if found is not None else None
            current = defs[current].parent
        return (path, current) if current != MODULE_SCOPE else None

    def _variable(self, path: str, scope: int, name: str) -> tuple[Symbol, float] | None:
        """The type of a local, a parameter, or a field of the enclosing types."""
        owner = self._local(path, scope, name)
        if owner is not None:
            # `var a = b.make(); var b = a.make();` types a through itself: unknown
            return self._inferred.get(
                (path, owner, name), lambda: self._local_type(path, owner, name)
            )
        for enclosing in self._enclosing_types(path, scope):
            found = self._field((path, enclosing), name)
            if found is not None:
                return found, CERTAIN
        return None

    def _local_type(self, path: str, owner: int, name: str) -> tuple[Symbol, float] | None:
        file = self._files[path]
        for expression, how in file.typed.get((owner, name), ()):
            if how in ("annotated", "extends") and _bare(expression) != "var":
                found = self._type(path, owner, expression)
                return (found, CERTAIN) if found is not None else None
            if how == "constructed":
                found = self._type(path, owner, expression)
                return (found, CERTAIN) if found is not None else None
            if how == "value":
                # `x.let { it }`: what x is, outside the lambda
                outer = file.facts.definitions[owner].parent
                return self._expression(path, outer, _call_chain_head(expression))
            if how == "called":
                made = self._type(path, owner, _bare(expression))
                if made is not None and self._kind(made) in TYPE_KINDS:
                    return made, CERTAIN  # Kotlin's `val x = Invoice()`
                returned = self._returned(path, owner, _bare(expression))
                if returned is not None:
                    return returned
        return None

    def _returned(self, path: str, scope: int, callee: str) -> tuple[Symbol, float] | None:
        """What calling ``callee`` (``make``, ``repo.find``) gives, by its declared
        result: one step."""
        declared = self._declared_result(path, scope, callee)
        if declared is None:
            return None
        found = self._type(declared[0][0], declared[0][1], declared[1])
        return (found, ANNOTATED_CONFIDENCE) if found is not None else None

    def _declared_result(self, path: str, scope: int, callee: str) -> tuple[Symbol, str] | None:
        """The repository method ``callee`` calls and the result type written for
        it, if both are known."""
        head, dot, name = callee.rpartition(".")
        if dot:
            holder = self._expression(path, scope, head)
            if holder is None and self._local(path, scope, head.split(".", 1)[0]) is None:
                static = self._type(path, scope, head)  # `Invoice.create()`
                if static is not None:
                    return self._result_of(self._static_methods(static, name))
            methods = self._methods(holder[0], name) if holder is not None else []
        else:
            this = self._this_type(path, scope)
            methods = self._methods(this, name) if this is not None else []
        return self._result_of(methods)

    def _result_of(self, methods: list[Symbol]) -> tuple[Symbol, str] | None:
        """The first of ``methods`` and the result type written for it."""
        for method in methods[:1]:
            file = self._files[method[0]]
            for index, expression, how in file.facts.returns:
                if index == method[1] and how == "annotated":
                    return method, expression
        return None

    def _expression(self, path: str, scope: int, expression: str) -> tuple[Symbol, float] | None:
        """The type of a receiver: ``this``, a variable, ``a.b`` fields, ``f()``."""
        if expression == "this":
            this = self._this_type(path, scope)
            return (this, CERTAIN) if this is not None else None
        if expression.endswith("()"):
            return self._returned(path, scope, expression[:-2])
        head, dot, last = expression.rpartition(".")
        if not dot:
            held = self._variable(path, scope, expression)
            if held is None and self._files[path].applies:
                # Scala's `rawSelf.react()`: a parameterless method's result
                return self._returned(path, scope, expression)
            return held
        holder = self._expression(path, scope, head)
        if holder is None:
            return None
        found = self._field(holder[0], last)
        return (found, holder[1]) if found is not None else None

    # ---- references -------------------------------------------------------------------

    def _resolve(
        self, path: str, ref: Reference, arity: int | None = None
    ) -> tuple[list[tuple[Symbol, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        scope = ref.scope
        receiver = ref.receiver
        this = self._this_type(path, scope)
        if ref.name in ("this", "super") and receiver is None:
            if this is None:
                return [], (), []
            owner = this if ref.name == "this" else next(iter(self._bases(this)), None)
            if owner is None:
                return [], (), []
            name = self._files[owner[0]].facts.definitions[owner[1]].name
            return [(m, CERTAIN) for m in self._methods(owner, name)[:1]], (), []
        if receiver is None:
            type_symbol = self._type(path, scope, ref.name)
            applies = self._files[path].applies
            if type_symbol is not None and ref.kind == "call":
                if applies and arity is None:
                    # Scala's bare `Debug`: the object as a value, no call of it
                    return [(type_symbol, CERTAIN)], (), []
                return self._construction(type_symbol, applies), (), []
            if (
                applies
                and ref.kind == "call"
                and (
                    self._local(path, scope, ref.name) is not None
                    or self._has_field(path, scope, ref.name)
                )
            ):
                return [], (), []  # a local value or a field: no method runs
            if ref.kind != "call":
                # a type named in a declaration, cast, literal or annotation
                return ([(type_symbol, CERTAIN)] if type_symbol is not None else []), (), []
            found_in: list[Symbol] = []
            targets = self._unqualified(path, scope, ref.name, arity, found_in)
            # `m()` on `this`: a subclass's override runs when `this` is one
            taken = (
                arity
                if targets and arity is not None and self._takes(targets[0][0], arity)
                else None
            )
            overrides = self._overrides(found_in[0], ref.name, taken) if found_in else []
            return targets, (), dispatched(overrides, CERTAIN)
        if receiver == "super":
            found = (
                self._methods(this, ref.name, skip_self=True, arity=arity)
                if this is not None
                else []
            )
            return [(m, CERTAIN) for m in found[:1]], (), []
        # `Invoice.count()`, `Outer.Inner.make()`: a static call on a type (a
        # variable of the same name obscures it, as in Java)
        type_symbol = (
            self._type(path, scope, receiver)
            if self._local(path, scope, receiver.split(".", 1)[0]) is None
            and self._field_named(path, scope, receiver.split(".", 1)[0]) is None
            else None
        )
        if type_symbol is not None:
            nested = self._member_type(type_symbol, ref.name)
            if ref.kind == "call" and nested is not None:
                return self._construction(nested), (), []  # `new Outer.Inner()`
            found = self._static_methods(type_symbol, ref.name, arity=arity)
            return [(m, CERTAIN) for m in found[:1]], (), []
        held = self._expression(path, scope, receiver)
        if held is not None:
            static, confidence = held
            if receiver != "this":
                confidence = min(confidence, self._files[path].typed_confidence)
            found = self._methods(static, ref.name, arity=arity)
            if not found:
                # a member wins over an extension; without one, an extension in scope
                extension = self._extension(path, ref.name, static, None)
                return [(m, confidence) for m in extension[:1]], (), []
            overrides = self._overrides(static, ref.name, arity) if ref.kind == "call" else []
            return [(found[0], confidence)], (), dispatched(overrides, confidence)
        written = self._written_type(path, scope, receiver)
        if written is not None:
            # a value of a type outside the repository: only an extension of it
            extension = self._extension(path, ref.name, None, written)
            return [(m, CERTAIN) for m in extension[:1]], (), []
        if ref.kind != "call":
            return [], (), []
        return (
            name_matches(ref.name, self._methods_by_name.get(ref.name, ())),
            (NAME_MATCH_TAG,),
            [],
        )

    def _unqualified(
        self,
        path: str,
        scope: int,
        name: str,
        arity: int | None = None,
        found_in: list[Symbol] | None = None,
    ) -> list[tuple[Symbol, float]]:
        """``m()``: what ``this`` is rebound to (an extension's receiver), the
        enclosing types and their ancestors, innermost first, then static
        imports and the package's own functions. The type whose ancestry
        declares the method is appended to ``found_in``."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while file.applies and current != MODULE_SCOPE and defs[current].kind not in TYPE_KINDS:
            # Scala's function declared in a method: it shadows the members
            for index in file.children.get(current, {}).get(name, ()):
                if defs[index].kind == "function":
                    return [((path, index), CERTAIN)]
            current = defs[current].parent
        this = self._this_type(path, scope)
        enclosing_types = self._enclosing_types(path, scope)
        if this is not None and (not enclosing_types or this != (path, enclosing_types[0])):
            found = self._methods(this, name, arity=arity) or self._extension(
                path, name, this, None
            )
            if found:
                return [(found[0], CERTAIN)]
        for enclosing in self._enclosing_types(path, scope):
            found = self._methods((path, enclosing), name, arity=arity)
            if found:
                if found_in is not None:
                    found_in.append((path, enclosing))
                return [(found[0], CERTAIN)]
        file = self._files[path]
        single, on_demand = self._visible_imports(path, scope)
        imported = single.get(name)
        if imported is not None:
            owner = self._types.get(imported[0])
            found = self._static_methods(owner, imported[1]) if owner is not None else []
            if found:
                return [(found[0], CERTAIN)]
        for owner_name in on_demand:
            owner = self._types.get(owner_name)
            found = self._static_methods(owner, name) if owner is not None else []
            if found:
                return [(found[0], CERTAIN)]
        function = self._package_function(file, name)
        if function is not None:
            return [(function, CERTAIN)]
        for enclosing in enclosing_types:
            found = self._extension(path, name, (path, enclosing), None)
            if found:
                return [(found[0], CERTAIN)]
        return []

    def _extension_named(self, qualified: str) -> Symbol | None:
        """The first extension function of a package by its imported name
        (``import com.acme.util.format``)."""
        package, _, name = qualified.rpartition(".")
        for symbol, _extended in self._extensions.get(name, ()):
            if self._files[symbol[0]].package == package:
                return symbol
        return None

    def _package_function(self, file: _File, name: str) -> Symbol | None:
        """A package's own function ``name`` (Kotlin) seen from ``file``: imported
        by name, of its own package, then of an on-demand import."""
        imported = file.single.get(name)
        if imported is not None:
            found = self._top_level.get(f"{imported[0]}.{imported[1]}")
            if found is not None:
                return found
        found = self._top_level.get(f"{file.package}.{name}" if file.package else name)
        if found is not None:
            return found
        candidates = {
            hit for owner in file.on_demand if (hit := self._top_level.get(f"{owner}.{name}"))
        }
        return candidates.pop() if len(candidates) == 1 else None

    def _extension(
        self, path: str, name: str, receiver: Symbol | None, written: str | None
    ) -> list[Symbol]:
        """Extension functions ``name`` in scope in ``path`` that apply to a
        receiver of type ``receiver`` (or an ancestor), or, for a type outside
        the repository, whose extended type is written ``written``."""
        file = self._files[path]
        chain = self._chain(receiver) if receiver is not None else ()
        found = []
        for symbol, extended in self._extensions.get(name, ()):
            owner = self._files[symbol[0]]
            qualified = f"{owner.package}.{name}" if owner.package else name
            visible = (
                owner.package == file.package
                or file.single.get(name) == (owner.package, name)
                or owner.package in file.on_demand
            )
            if not visible and qualified not in {f"{o}.{m}" for o, m in file.single.values()}:
                continue
            target = self._type(symbol[0], symbol[1], extended)
            if (target is not None and target in chain) or (
                target is None and written is not None and _bare(written) == extended
            ):
                found.append(symbol)
        return found

    def _construction(
        self, type_symbol: Symbol, applies: bool = False
    ) -> list[tuple[Symbol, float]]:
        """``new T()``: the type, and its constructor when it declares one;
        Scala's ``T(x)``: the type, and its companion's ``apply`` if any."""
        if applies:
            holder = self._companions.get(type_symbol, type_symbol)
            made = self._files[holder[0]].children.get(holder[1], {}).get("apply", [])
            return [(type_symbol, CERTAIN)] + [((holder[0], i), CERTAIN) for i in made[:1]]
        name = self._files[type_symbol[0]].facts.definitions[type_symbol[1]].name
        constructors = self._files[type_symbol[0]].children.get(type_symbol[1], {}).get(name, [])
        return [(type_symbol, CERTAIN)] + [((type_symbol[0], i), CERTAIN) for i in constructors[:1]]

    def _written_type(self, path: str, scope: int, receiver: str) -> str | None:
        """The type written for a receiver whose type is outside the repository
        (no name match for it), or None."""
        head = receiver.split(".", 1)[0].removesuffix("()")
        owner = self._local(path, scope, head)
        typed = self._files[path].typed.get((owner, head), ()) if owner is not None else ()
        for expression, how in typed:
            if how in ("annotated", "constructed", "extends") and _bare(expression) != "var":
                return expression if "." not in receiver else ""
        if owner is None and receiver.endswith("()"):
            # `headers(name).isEmpty()`: a repository method declared to give a
            # type outside the repository
            declared = self._declared_result(path, scope, receiver[:-2])
            if declared is not None:
                return ""
        if owner is None:
            # a field of a declared type (here or inherited) outside the repository
            for enclosing in self._enclosing_types(path, scope):
                for klass in self._chain((path, enclosing)):
                    for expression, how in self._files[klass[0]].typed.get((klass[1], head), ()):
                        if how == "field":
                            return expression if "." not in receiver else ""
            if head[:1].isupper() and "(" not in receiver.split(".", 1)[0]:
                # `Boolean.valueOf(x)`, `Stream.of(...)`: a capitalised name that is
                # no variable and no type of the repository is a type outside it
                return head if "." not in receiver else ""
        return None

    # ---- building -----------------------------------------------------------------------

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {path: self._build_file(path) for path in paths if path in self._files}

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface."""
        if facts.path not in self._files:
            return None
        with standing_in(self._files, facts.path, _java_file(facts)):
            return self._build_file(facts.path)

    def _symbol_id(self, symbol: Symbol) -> str:
        file = self._files[symbol[0]]
        return PREFIX + symbol[0] if symbol[1] == MODULE_SCOPE else file.ids[symbol[1]]

    def _build_file(self, path: str) -> FileOutput:
        file = self._files[path]
        facts = file.facts
        module_id = PREFIX + path
        language = facts.language
        nodes, edges = module_parts(module_id, facts)
        spans: dict[str, tuple[int, int, int]] = {}
        for index, d in enumerate(facts.definitions):
            if d.kind == ANONYMOUS_SCOPE:
                continue
            held = spans.get(file.ids[index])
            if held is None:
                spans[file.ids[index]] = (d.start_line, d.end_line, index)
                parent = module_id if d.parent == MODULE_SCOPE else file.ids[d.parent]
                edges.append(Edge(parent, file.ids[index], "contains", CERTAIN, d.start_line))
            else:  # overloads: one node over all of them
                spans[file.ids[index]] = (held[0], max(held[1], d.end_line), held[2])
        for symbol_id, (start, end, index) in spans.items():
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
        counts = {"resolved": 0, "name_matched": 0, "ambiguous": 0, "unresolved": 0}
        for imp in _imports(facts):
            owner = imp.source if imp.name in (None, "*") else f"{imp.source}.{imp.name}"
            target = (
                self._types.get(owner)
                or self._types.get(imp.source)
                or self._top_level.get(owner)
                or self._extension_named(owner)
            )
            if target is None and imp.name == "*" and imp.source in self._packages:
                continue  # a package of the repository: its types are used by name
            if target is None:
                counts["unresolved"] += 1
                continue
            edges.append(Edge(module_id, self._symbol_id(target), "imports", CERTAIN, imp.line))
        arities = {a.reference: a.positional for a in facts.arguments if not a.splat}
        for index, ref in enumerate(facts.references):
            targets, tags, overrides = self._resolve(path, ref, arities.get(index))
            if not targets and not overrides:
                counts["unresolved"] += 1
                continue
            counts["name_matched" if NAME_MATCH_TAG in tags else "resolved"] += 1
            source_id = module_id if ref.scope == MODULE_SCOPE else file.ids[ref.scope]
            for (symbol, confidence), edge_tags in [(t, tags) for t in targets] + [
                (o, (DISPATCH_TAG,)) for o in overrides
            ]:
                kind = (
                    "calls"
                    if ref.kind == "call" and self._kind(symbol) == "function"
                    else "references"
                )
                target_id = self._symbol_id(symbol)
                if target_id != source_id:
                    edges.append(Edge(source_id, target_id, kind, confidence, ref.line, edge_tags))
        for base in facts.bases:
            child: Symbol = (path, base.definition)
            base_type = self._type(path, facts.definitions[base.definition].parent, base.expression)
            if base_type is not None and base_type != child:
                tags = (IMPLEMENTS_TAG,) if base.implements else ()
                # `new T() { ... }` in a method: the method depends on T
                anonymous = base.definition in file.anonymous_classes
                edges.append(
                    Edge(
                        file.ids[base.definition],
                        self._symbol_id(base_type),
                        "references" if anonymous else "inherits",
                        CERTAIN,
                        base.line,
                        tags,
                    )
                )
        routed = {
            EntryPoint(file.ids[index], ROUTE_ENTRY_KIND)
            for index, d in enumerate(facts.definitions)
            if d.kind == "function" and file.qualnames[index] in self._route_handlers
        }
        entry_points = tuple(
            sorted(
                {
                    EntryPoint(module_id if scope == MODULE_SCOPE else file.ids[scope], kind)
                    for kind, scope in facts.entry_points
                }
                | routed,
                key=lambda e: (e.id, e.kind),
            )
        )
        return FileOutput(tuple(nodes), tuple(edges), counts, entry_points)


def java_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes
    name them: the overloads of one name span from the first to the last, so
    that an edit in any of them is a change of the method."""
    _, ids = java_definition_ids(facts)
    return merged_symbols(
        facts,
        ids,
        lambda i: None if facts.definitions[i].kind == ANONYMOUS_SCOPE else _node_kind(facts, i),
    )


def java_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files may read of this one: definitions, imports,
    inheritance, return types, fields, parameter lists and the package."""
    types = {i for i, d in enumerate(facts.definitions) if d.kind in TYPE_KINDS}
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=facts.imports,
        references=(),
        bases=facts.bases,
        bindings=(),
        # fields, the package, the type each extension function extends, and
        # which methods have no body (Scala's `super.m()` passes them by)
        typed=tuple(
            t
            for t in facts.typed
            if t[0] == MODULE_SCOPE or t[0] in types or t[3] in ("extends", "abstract")
        ),
        exports=facts.exports,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        returns=facts.returns,
        signatures=facts.signatures,
    )
