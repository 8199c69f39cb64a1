"""Resolve PHP facts into graph nodes and edges.

Names are resolved as PHP does. A file's ``namespace A\\B;`` (or a braced
``namespace A\\B { ... }``) names what it declares; ``use A\\B\\C;``,
``use A\\B\\{C, D as E};``, ``use function A\\f;`` and ``use const A\\X;``
bind aliases for the rest of that namespace. A fully qualified name
(``\\A\\B``) is itself; a qualified one (``B\\C``) is read through the alias
of its first part, or else under the current namespace; an unqualified
class name through an alias, or else in the current namespace. An
unqualified *function* falls back to the global namespace when the current
namespace does not define it; a class name does not. Names are compared
without case, as PHP does. Classes, interfaces, traits and enums are looked
up in what the repository declares; when two files declare one name, the
file Composer's PSR-4 or PSR-0 map (``composer.json``) would load wins.

A class's members are looked up along its traits (``use T;`` in its body is
trait inclusion, not an import), then its parent and interfaces.
``$this->m()``, ``self::m()``, ``static::m()`` and ``parent::m()`` bind to
that lookup (certain; ``$this`` and ``static`` also reach the overrides in
subclasses, late static binding, at a split confidence), as do ``new C()``
(the class and its ``__construct``) and ``C::m()``. Receivers typed by a
parameter's, a property's (promoted constructor properties too, and a
property a method keeps a typed parameter in), a caught class or a method's
declared result are typed (0.9); docblocks (``@var``, ``@param``,
``@return``) where no type is declared give 0.7; a local assigned only
``new C()`` is certain. A call on a receiver of unknown type is a name
match; one on a value of a class outside the repository gets no edge; one a
class does not declare reaches its ``__call`` (``__callStatic``) at a name
match's confidence. Laravel route files (``Route::get(..., [C::class,
'm'])``, ``Route::resource``) enter the methods they name.

Node ids: ``php:<path>`` for a file, ``php:App\\Http\\Kernel`` for a class
(also interfaces, traits and enums), ``php:App\\Http\\Kernel.handle`` for a
method (a ``.`` before a member, as in every ecosystem's ids) and
``php:App\\helpers\\format`` for a function; see ``testdata/php/README.md``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from blast_radius.core.facts import (
    ANONYMOUS_SCOPE,
    MODULE_SCOPE,
    FileFacts,
    Reference,
)
from blast_radius.core.graph import Edge, EntryPoint, FileOutput, Node
from blast_radius.core.languages import LARAVEL_API_RESOURCE_ACTIONS, LARAVEL_RESOURCE_ACTIONS
from blast_radius.core.php_projects import PhpProjects
from blast_radius.core.resolution import (
    ANNOTATED_CONFIDENCE,
    CERTAIN,
    DISPATCH_TAG,
    NAME_MATCH_CONFIDENCE,
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

PREFIX = "php:"
IMPLEMENTS_TAG = "implements"
TYPE_KINDS = ("class", "interface")
NAMESPACE_KIND = "namespace"
TRAIT = "trait"
ANONYMOUS_CLASS = "anonymous-class"
CONSTRUCTOR = "__construct"
RELATIVE_CLASSES = ("self", "static", "parent")
FUNCTION_IMPORT = "function"
CONSTANT_IMPORT = "const"
ROUTE_ENTRY = "http-route"
INVOKED = "__invoke"
ENUM = "enum"
ENUM_METHODS = frozenset({"cases", "from", "tryfrom"})
"""The methods PHP gives every enum: no repository method runs."""
FRONT_CONTROLLER = re.compile(r"^index\.php$|(?:^|/)(?:public|web|htdocs|www)/index\.php$")
"""The script a web server runs for every request (``public/index.php``)."""

DOCBLOCK_CONFIDENCE = 0.7
"""A type only a docblock gives (``@var``, ``@param``, ``@return``): the Inferred
tier of the shared table (0.6-0.8), below a declared type; docblocks go stale."""
_DOC_TYPE = r"(\??\\?[A-Za-z_][\w\\]*(?:\|[\w\\]+)*)(?![\w\\|\[<(])"
_DOC_VAR = re.compile(r"@var\s+" + _DOC_TYPE)
_DOC_PARAM = re.compile(r"@param\s+" + _DOC_TYPE + r"\s+&?\s*(?:\.\.\.)?(\$\w+)")
_DOC_RETURN = re.compile(r"@return\s+" + _DOC_TYPE)
_PSEUDO_TYPES = frozenset(
    """mixed object callable iterable array int integer float double string bool boolean
    null void never false true resource scalar numeric""".split()
)


def _doc_class(written: str) -> str | None:
    """The class a docblock type names (``Foo``, ``?Foo``, ``Foo|null``), or None
    for a union of classes, a scalar or a pseudo-type."""
    parts = [p for p in written.lstrip("?").split("|") if p.lower() != "null"]
    if len(parts) != 1 or parts[0].lower() in _PSEUDO_TYPES:
        return None
    return parts[0]


Symbol = tuple[str, int]
"""A definition: (file path, definition index), or (path, MODULE_SCOPE) for a file."""
EXTERNAL: Symbol = ("", -2)
"""A class outside the repository: known to be none of its classes."""
Typed = tuple[Symbol, float]

_NAME = r"[A-Za-z_\x80-\U0010ffff][A-Za-z0-9_\x80-\U0010ffff]*"
_CLASS_NAME = re.compile(rf"\\?{_NAME}(?:\\{_NAME})*")
_VARIABLE = re.compile(rf"\${_NAME}")
_NEW = re.compile(rf"\(\s*new\s+(\\?{_NAME}(?:\\{_NAME})*)\s*(?:\(\))?\s*\)")
_STEP = re.compile(rf"\s*(\?->|->|::)\s*(\$?{_NAME})\s*(\(\))?")
_HEAD = re.compile(rf"\s*(\${_NAME}|\\?{_NAME}(?:\\{_NAME})*)\s*(\(\))?")


def _without_arguments(text: str) -> str | None:
    """``a->b(1, f(2))->c`` as ``a->b()->c``: balanced brackets emptied, strings
    skipped; None when a bracket does not close."""
    out: list[str] = []
    depth = 0
    quote = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "'\"" and depth:
            quote = ch
        elif ch == "(":
            if depth == 0:
                out.append("(")
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return None
            if depth == 0:
                out.append(")")
        elif depth == 0:
            out.append(ch)
        i += 1
    return "".join(out) if depth == 0 and not quote else None


def _receiver_steps(text: str) -> tuple[str, bool, list[tuple[str, str, bool]]] | None:
    """A receiver as its head (a variable, a class name or ``(new C)``), whether
    the head is called, and its steps (``->`` or ``::``, a name, called);
    None when it is another expression."""
    bare = _without_arguments(text)
    if bare is None:
        return None
    new = _NEW.match(text)
    if new is not None:
        head, called, rest = "new " + new.group(1), False, text[new.end() :]
        bare = _without_arguments(rest)
        if bare is None:
            return None
    else:
        match = _HEAD.match(bare)
        if match is None:
            return None
        head, called, bare = match.group(1), match.group(2) is not None, bare[match.end() :]
    steps = []
    while bare.strip():
        step = _STEP.match(bare)
        if step is None:
            return None
        steps.append(("::" if step.group(1) == "::" else "->", step.group(2), bool(step.group(3))))
        bare = bare[step.end() :]
    return head, called, steps


def _definition_namespaces(facts: FileFacts) -> list[str]:
    """The namespace each definition is declared in."""
    file_namespace = next(
        (e for s, _, e, how in facts.typed if how == NAMESPACE_KIND and s == MODULE_SCOPE), ""
    )
    found: list[str] = []
    for d in facts.definitions:
        if d.kind == NAMESPACE_KIND:
            found.append(d.name)
        else:
            found.append(file_namespace if d.parent == MODULE_SCOPE else found[d.parent])
    return found


def _join(namespace: str, name: str) -> str:
    return f"{namespace}\\{name}" if namespace else name


def _anonymous_classes(facts: FileFacts) -> set[int]:
    return {index for index, trait in facts.traits if trait == ANONYMOUS_CLASS}


def php_definition_ids(facts: FileFacts) -> tuple[list[str], list[str]]:
    """Qualified names (``App\\Http\\Kernel.handle``) and node ids of a file's
    definitions; an anonymous scope and a namespace take their parent's id."""
    module_id = PREFIX + facts.path
    namespaces = _definition_namespaces(facts)
    anonymous = _anonymous_classes(facts)
    qualnames: list[str] = []
    ids: list[str] = []
    for index, d in enumerate(facts.definitions):
        parent = facts.definitions[d.parent] if d.parent != MODULE_SCOPE else None
        if d.kind in (ANONYMOUS_SCOPE, NAMESPACE_KIND):
            qualnames.append(facts.path if parent is None else qualnames[d.parent])
            ids.append(module_id if parent is None else ids[d.parent])
            continue
        if parent is not None and (parent.kind in TYPE_KINDS or d.parent in anonymous):
            # a member; an anonymous class's under the function around it
            qualname = qualnames[d.parent] + "." + d.name
        else:
            # at namespace level, or declared inside a function: PHP makes
            # both the namespace's own
            qualname = _join(namespaces[index], d.name)
        qualnames.append(qualname)
        ids.append(PREFIX + qualname)
    return qualnames, ids


def _node_kind(facts: FileFacts, index: int, anonymous: set[int]) -> str:
    d = facts.definitions[index]
    parent_kind = facts.definitions[d.parent].kind if d.parent != MODULE_SCOPE else ""
    if d.kind == "function" and (parent_kind in TYPE_KINDS or d.parent in anonymous):
        return "method"
    return d.kind


@dataclass(slots=True)
class _Uses:
    """The aliases ``use`` binds in one namespace: classes, functions, constants."""

    classes: dict[str, str] = field(default_factory=dict)
    functions: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class _File:
    facts: FileFacts
    qualnames: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    namespaces: list[str] = field(default_factory=list)
    file_namespace: str = ""
    uses: dict[int, _Uses] = field(default_factory=dict)
    """By namespace definition (``MODULE_SCOPE`` for the file's own)."""
    children: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    """Parent -> lowercased name -> definitions."""
    bindings: dict[tuple[int, str], int] = field(default_factory=dict)
    """How often each (scope, variable) is bound."""
    typed: dict[tuple[int, str], list[tuple[str, str]]] = field(default_factory=dict)
    properties: dict[tuple[int, str], list[str]] = field(default_factory=dict)
    """(class, property name without ``$``) -> the class expressions written for it."""
    documented: dict[tuple[int, str], str] = field(default_factory=dict)
    """(class, property name) -> the class its docblock's ``@var`` names."""
    doc_params: dict[tuple[int, str], str] = field(default_factory=dict)
    """(function, ``$parameter``) -> the class its docblock's ``@param`` names."""
    doc_returns: dict[int, str] = field(default_factory=dict)
    """Function -> the class (or ``static``, ``$this``) its ``@return`` names."""
    kept: dict[tuple[int, str], list[tuple[int, str]]] = field(default_factory=dict)
    """(class, property name) -> (method, variable) assigned to it (``$this->p = $v``)."""
    returns: dict[int, str] = field(default_factory=dict)
    traits: set[int] = field(default_factory=set)
    enums: set[int] = field(default_factory=set)
    anonymous_classes: set[int] = field(default_factory=set)


def _read_docblock(file: _File, facts: FileFacts, scope: int, name: str, text: str) -> None:
    """Keep the types a docblock gives a property, or a function's parameters and result."""
    if scope == MODULE_SCOPE:
        return
    if name.startswith("$"):  # a property's `@var`, in its class
        found = _DOC_VAR.search(text)
        written = _doc_class(found.group(1)) if found else None
        if written is not None:
            file.documented[(scope, name[1:])] = written
        return
    for found in _DOC_PARAM.finditer(text):
        written = _doc_class(found.group(1))
        if written is not None:
            file.doc_params.setdefault((scope, found.group(2)), written)
    result = _DOC_RETURN.search(text)
    written = _doc_class(result.group(1)) if result else None
    if written is not None:
        file.doc_returns[scope] = written


def _namespace_scope(facts: FileFacts, scope: int) -> int:
    current = scope
    while current != MODULE_SCOPE and facts.definitions[current].kind != NAMESPACE_KIND:
        current = facts.definitions[current].parent
    return current


def _php_file(item: FileFacts) -> _File:
    """What a file's own lookups read of its facts: ids, namespaces, scopes'
    names, uses, bindings, types, properties and returns (the repository's
    indexes are made apart)."""
    file = _File(item)
    file.qualnames, file.ids = php_definition_ids(item)
    file.namespaces = _definition_namespaces(item)
    file.file_namespace = next(
        (e for s, _, e, how in item.typed if how == NAMESPACE_KIND and s == MODULE_SCOPE),
        "",
    )
    file.traits = {index for index, trait in item.traits if trait == TRAIT}
    file.anonymous_classes = _anonymous_classes(item)
    file.enums = {index for index, trait in item.traits if trait == ENUM}
    for index, d in enumerate(item.definitions):
        if d.kind not in (ANONYMOUS_SCOPE, NAMESPACE_KIND):
            file.children.setdefault(d.parent, {}).setdefault(d.name.lower(), []).append(index)
    for imp in item.imports:
        uses = file.uses.setdefault(_namespace_scope(item, imp.scope), _Uses())
        if imp.name is None:
            target = imp.source.lstrip("\\")
            uses.classes[(imp.alias or target.rpartition("\\")[2]).lower()] = target
        elif imp.source in (FUNCTION_IMPORT, CONSTANT_IMPORT):
            if imp.source == FUNCTION_IMPORT:
                target = imp.name.lstrip("\\")
                alias = imp.alias or target.rpartition("\\")[2]
                uses.functions[alias.lower()] = target
        else:
            target = _join(imp.source.lstrip("\\"), imp.name)
            uses.classes[(imp.alias or imp.name.rpartition("\\")[2]).lower()] = target
    for scope, name in item.bindings:
        file.bindings[(scope, name)] = file.bindings.get((scope, name), 0) + 1
    for scope, name, expression, how in item.typed:
        if how == NAMESPACE_KIND:
            continue
        if how == "docblock":
            _read_docblock(file, item, scope, name, expression)
            continue
        file.typed.setdefault((scope, name), []).append((expression, how))
        if how == "field":
            file.properties.setdefault((scope, name[1:]), []).append(expression)
        elif how == "kept" and scope != MODULE_SCOPE:
            owner = item.definitions[scope].parent
            if owner != MODULE_SCOPE:
                file.kept.setdefault((owner, name), []).append((scope, expression))
        elif how in ("promoted", "property") and scope != MODULE_SCOPE:
            owner = item.definitions[scope].parent
            property_name = name[1:] if how == "promoted" else name
            if owner != MODULE_SCOPE:
                file.properties.setdefault((owner, property_name), []).append(expression)
    file.returns = {
        index: expression for index, expression, how in item.returns if how == "annotated"
    }
    return file


class PhpResolver:
    """Resolves the facts of every PHP file into graph parts."""

    def __init__(
        self, facts: Sequence[FileFacts], all_paths: Iterable[str], projects: PhpProjects
    ) -> None:
        self._projects = projects
        self._files: dict[str, _File] = {}
        declared_types: dict[str, list[Symbol]] = {}
        declared_functions: dict[str, list[Symbol]] = {}
        self._methods_by_name: dict[str, list[Symbol]] = {}
        for item in sorted(facts, key=lambda f: f.path):
            file = _php_file(item)
            for index, d in enumerate(item.definitions):
                if d.kind in (ANONYMOUS_SCOPE, NAMESPACE_KIND):
                    continue
                kind = _node_kind(item, index, file.anonymous_classes)
                qualified = file.qualnames[index].lower()
                if d.kind in TYPE_KINDS:
                    declared_types.setdefault(qualified, []).append((item.path, index))
                elif kind == "method":
                    self._methods_by_name.setdefault(d.name.lower(), []).append((item.path, index))
                else:
                    declared_functions.setdefault(qualified, []).append((item.path, index))
            self._files[item.path] = file
        self._types = {name: self._preferred(name, found) for name, found in declared_types.items()}
        self._functions = {name: found[0] for name, found in declared_functions.items()}
        self._bases_cache: dict[Symbol, tuple[Symbol, ...]] = {}
        self._chains: dict[Symbol, list[Symbol]] = {}
        self._finding_bases = 0
        self._subtypes: dict[Symbol, list[Symbol]] | None = None
        self._inferred: CycleMemo[tuple[str, int, str], Typed | None] = CycleMemo(lambda: None)

    def _preferred(self, qualified: str, found: list[Symbol]) -> Symbol:
        """Of the files declaring one class, the one the autoloader loads, else the first."""
        if len(found) > 1:
            name = self._files[found[0][0]].qualnames[found[0][1]]
            expected = {p.lower() for p in self._projects.expected_paths(name)}
            for symbol in found:
                if symbol[0].lower() in expected:
                    return symbol
        return found[0]

    # ---- names ------------------------------------------------------------------

    def _uses(self, path: str, scope: int) -> _Uses:
        file = self._files[path]
        return file.uses.get(_namespace_scope(file.facts, scope), _Uses())

    def _namespace(self, path: str, scope: int) -> str:
        file = self._files[path]
        if scope == MODULE_SCOPE:
            return file.file_namespace
        return file.namespaces[scope]

    def _qualify(self, path: str, scope: int, name: str) -> str:
        """The fully qualified class (or namespace) name ``name`` means in ``scope``."""
        if name.startswith("\\"):
            return name[1:]
        if name.lower().startswith("namespace\\"):
            return _join(self._namespace(path, scope), name[len("namespace\\") :])
        head, sep, rest = name.partition("\\")
        alias = self._uses(path, scope).classes.get(head.lower())
        if alias is not None:
            return alias + (f"\\{rest}" if sep else "")
        return _join(self._namespace(path, scope), name)

    def _class(self, path: str, scope: int, name: str) -> Symbol | None:
        """The repository class ``name`` means in ``scope`` (``self``, ``static``
        and ``parent`` too), EXTERNAL for another class, None when unknown."""
        lowered = name.lower()
        if lowered in ("self", "static"):
            return self._enclosing_class(path, scope)
        if lowered == "parent":
            this = self._enclosing_class(path, scope)
            return self._parent(this) if this is not None else None
        if not _CLASS_NAME.fullmatch(name):
            return None
        return self._types.get(self._qualify(path, scope, name).lower(), EXTERNAL)

    def _function(self, path: str, scope: int, name: str) -> Symbol | None:
        """The repository function a call ``name()`` runs: an unqualified name
        through ``use function``, the current namespace, then the global one."""
        if name.startswith("\\") or "\\" in name:
            return self._functions.get(self._qualify(path, scope, name).lower())
        alias = self._uses(path, scope).functions.get(name.lower())
        if alias is not None:
            return self._functions.get(alias.lower())
        own = self._functions.get(_join(self._namespace(path, scope), name).lower())
        return own if own is not None else self._functions.get(name.lower())

    # ---- classes ----------------------------------------------------------------

    def _definition(self, symbol: Symbol) -> tuple[str, str]:
        d = self._files[symbol[0]].facts.definitions[symbol[1]]
        return d.kind, d.name

    def _is_trait(self, symbol: Symbol) -> bool:
        return symbol[1] in self._files[symbol[0]].traits

    def _is_enum(self, symbol: Symbol) -> bool:
        return symbol[1] in self._files[symbol[0]].enums

    def _enclosing_class(self, path: str, scope: int) -> Symbol | None:
        """The class around ``scope`` (an anonymous class too), if any."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while current != MODULE_SCOPE:
            if defs[current].kind in TYPE_KINDS or current in file.anonymous_classes:
                return (path, current)
            current = defs[current].parent
        return None

    def _bases(self, cls: Symbol) -> tuple[Symbol, ...]:
        """The repository classes ``cls`` names as bases: its traits first (their
        methods override inherited ones), then its parent and interfaces."""
        cached = self._bases_cache.get(cls)
        if cached is not None:
            return cached
        self._bases_cache[cls] = ()
        self._finding_bases += 1
        file = self._files[cls[0]]
        scope = file.facts.definitions[cls[1]].parent
        traits: list[Symbol] = []
        others: list[Symbol] = []
        for base in file.facts.bases:
            if base.definition != cls[1]:
                continue
            target = self._class(cls[0], scope, base.expression)
            if target is None or target in (EXTERNAL, cls):
                continue
            into = traits if self._is_trait(target) and not base.implements else others
            if target not in traits and target not in others:
                into.append(target)
        self._finding_bases -= 1
        result = tuple(traits + others)
        self._bases_cache[cls] = result
        return result

    def _parent(self, cls: Symbol) -> Symbol | None:
        """The class ``cls`` extends (EXTERNAL when outside the repository)."""
        file = self._files[cls[0]]
        scope = file.facts.definitions[cls[1]].parent
        for base in file.facts.bases:
            if base.definition == cls[1] and not base.implements:
                target = self._class(cls[0], scope, base.expression)
                if target is not None and (target == EXTERNAL or not self._is_trait(target)):
                    return target
        return None

    def _chain(self, cls: Symbol) -> list[Symbol]:
        found = self._chains.get(cls)
        if found is None:
            found = ancestors(cls, self._bases)
            if not self._finding_bases:
                self._chains[cls] = found
        return found

    def _incomplete(self, cls: Symbol) -> bool:
        """Whether a class in ``cls``'s ancestry names a base outside the repository."""
        for klass in self._chain(cls):
            file = self._files[klass[0]]
            scope = file.facts.definitions[klass[1]].parent
            for base in file.facts.bases:
                if base.definition == klass[1] and self._class(
                    klass[0], scope, base.expression
                ) in (None, EXTERNAL):
                    return True
        return False

    def _incomplete_for(self, cls: Symbol, name: str) -> bool:
        """Whether a method ``name`` not found in ``cls``'s ancestry may still be
        one outside the repository: an external base's, or an enum's own."""
        if name.lower() in ENUM_METHODS and self._is_enum(cls):
            return True
        return self._incomplete(cls)

    def _method(self, cls: Symbol, name: str, skip_self: bool = False) -> Symbol | None:
        """The method ``name`` of the nearest class in ``cls``'s ancestry declaring it."""
        chain = self._chain(cls)
        lowered = name.lower()
        for klass in chain[1:] if skip_self else chain:
            file = self._files[klass[0]]
            for index in file.children.get(klass[1], {}).get(lowered, ()):
                if file.facts.definitions[index].kind == "function":
                    return (klass[0], index)
        return None

    def _overrides(self, cls: Symbol, name: str) -> list[Symbol]:
        """Methods named ``name`` declared in the classes below ``cls`` (those
        using it, for a trait)."""
        if self._subtypes is None:
            self._subtypes = {}
            for symbol in sorted(set(self._types.values())):
                for base in self._bases(symbol):
                    self._subtypes.setdefault(base, []).append(symbol)
        subtypes = self._subtypes
        found: list[Symbol] = []
        lowered = name.lower()
        for sub in descendants(cls, lambda c: subtypes.get(c, ())):
            file = self._files[sub[0]]
            found += [
                (sub[0], i)
                for i in file.children.get(sub[1], {}).get(lowered, ())
                if file.facts.definitions[i].kind == "function"
            ]
        return found

    # ---- values -----------------------------------------------------------------

    def _variable(self, path: str, scope: int, name: str) -> Typed | None:
        """The type of variable ``name`` (``$x``) in ``scope``."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while True:
            if (current, name) in file.typed or (current, name) in file.doc_params:
                return self._inferred.get(
                    (path, current, name),
                    functools.partial(self._local_type, path, current, name),
                )
            if (current, name) in file.bindings or current == MODULE_SCOPE:
                return None
            if defs[current].kind != ANONYMOUS_SCOPE or current in file.anonymous_classes:
                return None
            current = defs[current].parent

    def _local_type(self, path: str, owner: int, name: str) -> Typed | None:
        file = self._files[path]
        written = file.typed.get((owner, name), [])
        for expression, how in written:
            if how in ("annotated", "promoted"):
                found = self._class(path, owner, expression)
                return (found, ANNOTATED_CONFIDENCE) if found is not None else None
        constructed = {e.lower() for e, how in written if how == "constructed"}
        if len(constructed) == 1:
            expression = next(e for e, how in written if how == "constructed")
            found = self._class(path, owner, expression)
            if found is None:
                return None
            # certain when no other assignment gives it another value
            only = file.bindings.get((owner, name), 0) == len(written)
            return found, CERTAIN if only else ANNOTATED_CONFIDENCE
        if constructed:
            return None
        for expression, how in written:
            if how == "called":
                return self._expression(path, owner, expression, called_value=True)
        documented = file.doc_params.get((owner, name))
        if documented is not None:
            found = self._class(path, owner, documented)
            return (found, DOCBLOCK_CONFIDENCE) if found is not None else None
        return None

    def _property(self, cls: Symbol, name: str) -> Typed | None:
        """The class of property ``name`` of ``cls`` or an ancestor, and how sure
        that is: declared (or given a declared parameter or ``new``), else documented."""
        if cls == EXTERNAL:
            return None
        for klass in self._chain(cls):
            file = self._files[klass[0]]
            found: Symbol | None
            for expression in file.properties.get((klass[1], name), ()):
                found = self._class(klass[0], klass[1], expression)
                return (found, ANNOTATED_CONFIDENCE) if found is not None else None
            for method, variable in file.kept.get((klass[1], name), ()):
                # the type of the parameter kept in it, when one is written
                for expression, how in file.typed.get((method, variable), ()):
                    if how == "annotated":
                        found = self._class(klass[0], method, expression)
                        return (found, ANNOTATED_CONFIDENCE) if found is not None else None
                documented = file.doc_params.get((method, variable))
                if documented is not None:
                    found = self._class(klass[0], method, documented)
                    return (found, DOCBLOCK_CONFIDENCE) if found is not None else None
            documented = file.documented.get((klass[1], name))
            if documented is not None:
                found = self._class(klass[0], klass[1], documented)
                return (found, DOCBLOCK_CONFIDENCE) if found is not None else None
        return None

    def _returned(self, method: Symbol, holder: Symbol) -> Typed | None:
        """The class a call of ``method`` on a ``holder`` gives, by its declared
        result (else its docblock's ``@return``), and how sure that is."""
        file = self._files[method[0]]
        expression = file.returns.get(method[1])
        confidence = ANNOTATED_CONFIDENCE
        if expression is None:
            expression = file.doc_returns.get(method[1])
            confidence = DOCBLOCK_CONFIDENCE
        if expression is None:
            return None
        found: Symbol | None
        if expression.lower() in ("static", "self", "$this"):
            found = holder if expression.lower() != "self" else self._owning_class(method)
        else:
            found = self._class(method[0], method[1], expression)
        return (found, confidence) if found is not None else None

    def _owning_class(self, method: Symbol) -> Symbol | None:
        parent = self._files[method[0]].facts.definitions[method[1]].parent
        return (method[0], parent) if parent != MODULE_SCOPE else None

    def _expression(
        self, path: str, scope: int, text: str, called_value: bool = False
    ) -> Typed | None:
        """The class of a receiver written ``text`` (``$this->repo``,
        ``C::make()``), with the confidence of knowing it; EXTERNAL for a value
        of a class outside the repository; None when unknown. ``called_value``:
        ``text`` is itself a call whose result is wanted (``$x = f()``)."""
        parsed = _receiver_steps(text)
        if parsed is None:
            return None
        head, called, steps = parsed
        if called_value and not steps and not called:
            return None
        held: Typed | None
        static_head = False
        if head.startswith("new "):
            found = self._class(path, scope, head[4:])
            held = (found, CERTAIN) if found is not None else None
        elif head == "$this":
            this = self._enclosing_class(path, scope)
            held = (this, CERTAIN) if this is not None else None
        elif head.startswith("$"):
            held = self._variable(path, scope, head)
        elif called:
            function = self._function(path, scope, head)
            held = self._returned(function, EXTERNAL) if function is not None else None
        else:
            found = self._class(path, scope, head)
            held = (found, CERTAIN) if found is not None else None
            static_head = True
        for operator, name, step_called in steps:
            if held is None or held[0] == EXTERNAL:
                return held
            cls, confidence = held
            if operator == "::" and not static_head and not step_called:
                return None
            static_head = False
            step: Typed | None
            if step_called:
                method = self._method(cls, name)
                step = self._returned(method, cls) if method is not None else None
                if method is None and self._is_enum(cls) and name.lower() in ("from", "tryfrom"):
                    step = (cls, ANNOTATED_CONFIDENCE)  # `Status::from($s)`: a case of the enum
            elif name.startswith("$"):
                return None  # a static property: not read
            else:
                step = self._property(cls, name)
            held = (step[0], min(confidence, step[1])) if step is not None else None
        if static_head:
            return None  # a class, not a value of it
        return held

    # ---- references ---------------------------------------------------------------

    def _resolve(
        self, path: str, ref: Reference
    ) -> tuple[list[Typed], tuple[str, ...], list[Typed]]:
        """(targets, tags, dispatched overrides) of one reference."""
        scope = ref.scope
        receiver = ref.receiver
        if ref.kind == "value":
            if ref.name.lower() in RELATIVE_CLASSES:
                return [], (), []
            found = self._class(path, scope, ref.name)
            if found is None or found == EXTERNAL:
                return [], (), []
            return [(found, CERTAIN)], (), []
        if ref.kind == "route":
            return self._route(path, ref), (), []
        if ref.kind != "call":
            return [], (), []
        if receiver is None:
            function = self._function(path, scope, ref.name)
            return ([(function, CERTAIN)] if function is not None else []), (), []
        if receiver == "new":
            found = self._class(path, scope, ref.name)
            if found is None or found == EXTERNAL:
                return [], (), []
            constructor = self._method(found, CONSTRUCTOR)
            targets = [(found, CERTAIN)]
            # `new static()`: a subclass's constructor when called through one
            late = self._overrides(found, CONSTRUCTOR) if ref.name.lower() == "static" else []
            return (
                targets + ([(constructor, CERTAIN)] if constructor else []),
                (),
                dispatched(late, CERTAIN),
            )
        lowered = receiver.lower()
        if lowered in RELATIVE_CLASSES or receiver == "$this":
            this = self._enclosing_class(path, scope)
            if this is None:
                return [], (), []
            if lowered == "parent":
                parent = self._parent(this)
                if parent is None or parent == EXTERNAL:
                    return [], (), []
                method = self._method(parent, ref.name)
                return ([(method, CERTAIN)] if method else []), (), []
            method = self._method(this, ref.name)
            if method is None:
                if self._is_trait(this):
                    # a trait calls what the classes using it define
                    return [], (), dispatched(self._overrides(this, ref.name), CERTAIN)
                return self._missing(this, ref.name, lowered in RELATIVE_CLASSES)
            overrides = self._overrides(this, ref.name) if lowered != "self" else []
            return [(method, CERTAIN)], (), dispatched(overrides, CERTAIN)
        held = self._expression(path, scope, receiver)
        if held is None:
            if _CLASS_NAME.fullmatch(receiver) and not receiver.startswith("$"):
                # `C::m()`: a class's static method
                cls = self._class(path, scope, receiver)
                if cls is None or cls == EXTERNAL:
                    return [], (), []
                method = self._method(cls, ref.name)
                if method is None:
                    return self._missing(cls, ref.name, static=True)
                return [(method, CERTAIN)], (), []
            return self._unknown(ref.name)
        cls, confidence = held
        if cls == EXTERNAL:
            return [], (), []
        method = self._method(cls, ref.name)
        if method is None:
            return self._missing(cls, ref.name, static=False)
        return (
            [(method, confidence)],
            (),
            dispatched(self._overrides(cls, ref.name), confidence),
        )

    def _missing(
        self, cls: Symbol, name: str, static: bool
    ) -> tuple[list[Typed], tuple[str, ...], list[Typed]]:
        """A method ``cls`` does not declare: its ``__call`` (``__callStatic``)
        when it has one, at a name match's confidence (the name is read at run
        time); none when it may be an external base's; else a name match."""
        magic = self._method(cls, "__callStatic" if static else "__call")
        if magic is not None:
            return [(magic, NAME_MATCH_CONFIDENCE)], (NAME_MATCH_TAG,), []
        if self._incomplete_for(cls, name):
            return [], (), []
        return self._unknown(name)

    def _unknown(self, name: str) -> tuple[list[Typed], tuple[str, ...], list[Typed]]:
        """A method call on a receiver of unknown class: a name match."""
        candidates = self._methods_by_name.get(name.lower(), ())
        return name_matches(name, candidates), (NAME_MATCH_TAG,), []

    def _route(self, path: str, ref: Reference) -> list[Typed]:
        """The controller methods a Laravel route names."""
        if ref.receiver is None:
            return []
        cls = self._class(path, ref.scope, ref.receiver)
        if cls is None or cls == EXTERNAL:
            return []
        if ref.name.startswith("Route::apiResource"):
            names: tuple[str, ...] = LARAVEL_API_RESOURCE_ACTIONS
        elif ref.name.startswith("Route::resource"):
            names = LARAVEL_RESOURCE_ACTIONS
        elif ref.name == "class":
            names = (INVOKED,)
        else:
            names = (ref.name.strip("'\""),)
        found = [self._method(cls, name) for name in names]
        return [(method, CERTAIN) for method in found if method is not None]

    # ---- building -----------------------------------------------------------------

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {path: self._build_file(path) for path in paths if path in self._files}

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface."""
        if facts.path not in self._files:
            return None
        with standing_in(self._files, facts.path, _php_file(facts)):
            return self._build_file(facts.path)

    def _symbol_id(self, symbol: Symbol) -> str:
        file = self._files[symbol[0]]
        return PREFIX + symbol[0] if symbol[1] == MODULE_SCOPE else file.ids[symbol[1]]

    def _kind(self, symbol: Symbol) -> str:
        return self._files[symbol[0]].facts.definitions[symbol[1]].kind

    def _build_file(self, path: str) -> FileOutput:
        file = self._files[path]
        facts = file.facts
        module_id = PREFIX + path
        language = facts.language
        nodes, edges = module_parts(module_id, facts)
        spans: dict[str, tuple[int, int, int]] = {}
        for index, d in enumerate(facts.definitions):
            if d.kind in (ANONYMOUS_SCOPE, NAMESPACE_KIND):
                continue
            held = spans.get(file.ids[index])
            if held is None:
                spans[file.ids[index]] = (d.start_line, d.end_line, index)
                parent = module_id if d.parent == MODULE_SCOPE else file.ids[d.parent]
                edges.append(Edge(parent, file.ids[index], "contains", CERTAIN, d.start_line))
            else:  # declared twice (`if (!function_exists(...))`): one node over both
                spans[file.ids[index]] = (held[0], max(held[1], d.end_line), held[2])
        for symbol_id, (start, end, index) in spans.items():
            d = facts.definitions[index]
            nodes.append(
                Node(
                    symbol_id,
                    _node_kind(facts, index, file.anonymous_classes),
                    d.name,
                    file.qualnames[index],
                    path,
                    start,
                    end,
                    language,
                )
            )
        counts = {"resolved": 0, "name_matched": 0, "ambiguous": 0, "unresolved": 0}
        for imp in facts.imports:
            if imp.source == CONSTANT_IMPORT:
                continue
            if imp.source == FUNCTION_IMPORT and imp.name is not None:
                target = self._functions.get(imp.name.lstrip("\\").lower())
            else:
                written = imp.source if imp.name is None else _join(imp.source, imp.name)
                target = self._types.get(written.lstrip("\\").lower())
            if target is None:
                counts["unresolved"] += 1
                continue
            edges.append(Edge(module_id, self._symbol_id(target), "imports", CERTAIN, imp.line))
        entered: set[EntryPoint] = set()
        for ref in facts.references:
            targets, tags, overrides = self._resolve(path, ref)
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
                if ref.kind == "route":
                    entered.add(EntryPoint(target_id, ROUTE_ENTRY))
                if target_id != source_id:
                    edges.append(Edge(source_id, target_id, kind, confidence, ref.line, edge_tags))
        for base in facts.bases:
            child: Symbol = (path, base.definition)
            target = self._class(path, facts.definitions[base.definition].parent, base.expression)
            if target is None or target in (EXTERNAL, child):
                continue
            anonymous = base.definition in file.anonymous_classes
            edges.append(
                Edge(
                    file.ids[base.definition],
                    self._symbol_id(target),
                    # `new class extends B`: the function it is written in uses B
                    "references" if anonymous else "inherits",
                    CERTAIN,
                    base.line,
                    (IMPLEMENTS_TAG,) if base.implements else (),
                )
            )
        entry_points = {
            EntryPoint(module_id if scope == MODULE_SCOPE else file.ids[scope], kind)
            for kind, scope in facts.entry_points
        } | entered
        if FRONT_CONTROLLER.match(path):
            entry_points.add(EntryPoint(module_id, "main"))
        return FileOutput(
            tuple(nodes),
            tuple(edges),
            counts,
            tuple(sorted(entry_points, key=lambda e: (e.id, e.kind))),
        )


def php_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes
    name them (a name declared twice spans both)."""
    _, ids = php_definition_ids(facts)
    anonymous = _anonymous_classes(facts)
    skipped = (ANONYMOUS_SCOPE, NAMESPACE_KIND)
    return merged_symbols(
        facts,
        ids,
        lambda i: None if facts.definitions[i].kind in skipped else _node_kind(facts, i, anonymous),
    )


_INTERFACE_TYPED = (NAMESPACE_KIND, "field", "promoted", "property", "kept", "docblock")


def php_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files may read of this one: definitions, imports and
    the namespace (they name its bases), inheritance, property and result types
    (with the parameter types of what a method keeps in a property), and which
    definitions are traits or anonymous classes."""
    keeping = {(t[0], t[2]) for t in facts.typed if t[3] == "kept"}
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
            if t[3] in _INTERFACE_TYPED or (t[3] == "annotated" and (t[0], t[1]) in keeping)
        ),
        exports=facts.exports,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        returns=facts.returns,
        traits=facts.traits,
    )
