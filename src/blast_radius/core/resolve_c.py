"""Resolve C and C++ facts into graph nodes and edges.

``#include "x.h"`` is looked up in the including file's folder, then in the
include directories (``compile_commands.json``'s ``-I``/``-iquote``, CMake's
``include_directories``, then every ``include`` folder, see
``core.c_projects``); ``#include <x.h>`` skips the file's own folder. A
header found nowhere is the system's or a library's: no edge. Failing all
of these, a quoted include that exactly one repository file's path ends
with is taken to be that file (a build's ``-I`` the tree does not show), at
a lower confidence.

A function with external linkage is one name for the whole program (C's one
global namespace; in C++ qualified by its namespaces and class): its node
is its definition, and a prototype in a header is part of the same symbol
(the header lists it over the prototype's lines, so an edit there changes
the function). A ``static`` function, one in an anonymous namespace,
``main`` and a test are the file's own. A call ``f()`` looks in the
enclosing class and its bases (a method), then the enclosing namespaces
innermost first, the namespaces of ``using namespace`` and the names of
``using a::f``, then the file's own functions and those of the headers it
includes. It is certain when the file declares or defines the name or
includes (directly or not) a header declaring it, lower otherwise (an
implicit declaration, an ``extern`` written elsewhere). ``ns::f()`` and
``A::f()`` are looked up from the enclosing namespaces outward.

``this->m()`` and a bare call in a method look along the class's bases
(certain); ``x.m()`` and ``p->m()`` on a local or parameter of a declared
class type (``T x``, ``T *p``, ``T &r``, ``auto x = T(...)``, ``new T``) are
typed (0.9). Either also reaches the same-named methods of the subclasses
(dispatch). A receiver of a type outside the repository gets no edge; any
other receiver is a name match among the repository's methods of that name.
``T(...)`` and ``new T`` call T's constructor (or reference T). Overloads
share one node (one per name in a scope). Macros are not expanded: a file
the grammar could not read whole keeps the edges its tree holds.

Node ids: ``c:<path>`` for a file, ``c:<qualified name>`` for a function,
class or method with external linkage (``c:parse``, ``c:ns::A``,
``c:ns::A::f``), ``c:<path>#<name>`` for what is the file's own (a
``static`` function, one in an anonymous namespace, ``main``), and
``c:<path>:<name>`` for a test (GoogleTest's ``Suite.Name``, a Catch2 or
doctest title); see ``testdata/c/README.md``.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from blast_radius.core.c_projects import include_folders
from blast_radius.core.facts import MODULE_SCOPE, FileFacts, Reference
from blast_radius.core.graph import Edge, EntryPoint, FileOutput, Node
from blast_radius.core.resolution import (
    ANNOTATED_CONFIDENCE,
    CERTAIN,
    DISPATCH_TAG,
    NAME_MATCH_TAG,
    ancestors,
    descendants,
    dispatched,
    merged_symbols,
    module_parts,
    name_matches,
    standing_in,
)

PREFIX = "c:"
UNDECLARED_CONFIDENCE = 0.7
"""A call of a function the calling file neither declares nor includes a
declaration of (an implicit declaration, or an ``extern`` in another file)."""
GUESSED_INCLUDE_CONFIDENCE = 0.7
"""An include found by the ending of a path, not by the include directories."""
DECLARATION = "declaration"
STATIC = "static"
GTEST = "gtest"
GTEST_FIXTURE = "gtest-fixture"
TITLED = "titled"
OWN = "#"
"""Between a file's path and a name that is the file's own: ``c:src/a.c#helper``."""
TEST_SEPARATOR = ":"
"""Between a file's path and a test's name: ``c:tests/a_test.cc:Suite.Name``."""
ANONYMOUS = "anonymous"
_TEMPLATE = re.compile(r"<[^<>]*>")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SMART_POINTER = re.compile(
    r"(?:std::)?(?:unique_ptr|shared_ptr|weak_ptr)\s*<\s*([A-Za-z_][\w:]*)\s*(?:,[^<>]*)?>"
)
_TYPE_NOISE = re.compile(r"\b(?:const|volatile|struct|class|union|enum|typename)\b|[*&]")

Symbol = str
"""A node id."""


def _plain(name: str) -> str:
    """A name without template arguments or spaces: ``A<T>::f`` as ``A::f``."""
    previous = None
    while previous != name:
        previous, name = name, _TEMPLATE.sub("", name)
    return name.replace(" ", "").lstrip(":")


def _gtest_name(written: str) -> str:
    """``(Suite, Name)`` as ``Suite.Name``."""
    parts = [p.strip() for p in written.strip("()").split(",")]
    return ".".join(p for p in parts if p)


@dataclass(slots=True)
class _Names:
    """What each definition of a file is called and what it is."""

    ids: list[str] = field(default_factory=list)
    qualnames: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    """Node kind (``class``, ``method``, ``function``), or "" for none (a namespace,
    a prototype inside a function)."""
    namespaces: list[tuple[str, ...]] = field(default_factory=list)
    """The namespaces enclosing each definition (or opened by it), innermost first."""
    owners: list[str] = field(default_factory=list)
    """The qualified name of the class whose member a definition is, "" for none."""
    bodies: list[bool] = field(default_factory=list)
    """Whether the definition has its body here (not a prototype)."""


def c_names(facts: FileFacts) -> _Names:
    """Ids, qualified names, kinds, namespaces and owners of a file's definitions."""
    traits: dict[int, set[str]] = {}
    for index, trait in facts.traits:
        traits.setdefault(index, set()).add(trait)
    local_namespaces = {
        _plain(d.name) for d in facts.definitions if d.kind == "namespace" and d.name
    } | {_plain(i.source) for i in facts.imports if i.alias == "namespace"}
    names = _Names()
    for index, d in enumerate(facts.definitions):
        mine = traits.get(index, set())
        parent = d.parent
        outer_ns = names.namespaces[parent] if parent != MODULE_SCOPE else ("",)
        outer_qual = names.qualnames[parent] if parent != MODULE_SCOPE else ""
        outer_kind = names.kinds[parent] if parent != MODULE_SCOPE else ""
        outer_local = parent != MODULE_SCOPE and names.ids[parent].startswith(
            PREFIX + facts.path + OWN
        )
        in_function = parent != MODULE_SCOPE and outer_kind in ("function", "method")
        written = _plain(d.name)
        owner = ""
        titled = False
        body = DECLARATION not in mine
        if d.kind == "namespace":
            qual = f"{outer_qual}::{written}" if outer_qual and written else written or outer_qual
            local = outer_local or ANONYMOUS in mine
            namespaces = (qual, *outer_ns) if written else outer_ns
            kind = ""
        elif d.kind == "class":
            qual = f"{outer_qual}::{written}" if outer_qual else written
            local = outer_local or in_function
            namespaces = outer_ns
            kind = "class"
        elif GTEST in mine or TITLED in mine:
            qual = _gtest_name(d.name) if GTEST in mine else d.name
            local, namespaces, kind = False, outer_ns, "function"
            titled = True
            if GTEST_FIXTURE in mine:
                owner = qual.partition(".")[0]
        else:
            qual = f"{outer_qual}::{written}" if outer_qual else written
            # `static` in a class makes a member of the class, not the file's own
            local = outer_local or (STATIC in mine and outer_kind != "class")
            namespaces = outer_ns
            if outer_kind == "class":
                owner, kind = outer_qual, "method"
            elif "::" in written:
                qualifier = written.rpartition("::")[0]
                is_namespace = any(
                    n == qualifier or n.startswith(qualifier + "::") or n.endswith("::" + qualifier)
                    for n in local_namespaces
                )
                owner = "" if is_namespace else qual.rpartition("::")[0]
                kind = "function" if is_namespace else "method"
            else:
                kind = "function"
            if in_function:
                kind = ""  # a prototype in a function body: declares, defines nothing
            if written == "main" and parent == MODULE_SCOPE:
                local = True
        if titled:
            node_id = f"{PREFIX}{facts.path}{TEST_SEPARATOR}{qual}"
        else:
            node_id = PREFIX + (f"{facts.path}{OWN}{qual}" if local else qual)
        if in_function and d.kind != "class":
            node_id = names.ids[parent]
        names.ids.append(node_id)
        names.qualnames.append(qual)
        names.kinds.append(kind)
        names.namespaces.append(namespaces)
        names.owners.append(owner)
        names.bodies.append(body)
    return names


@dataclass(slots=True)
class _File:
    facts: FileFacts
    names: _Names
    includes: list[tuple[str | None, float]] = field(default_factory=list)
    """Each import's target file and confidence (None: outside the repository)."""


class CResolver:
    """Resolves the C and C++ files of one tree."""

    def __init__(
        self,
        facts: Sequence[FileFacts],
        paths: Sequence[str],
        manifests: Sequence[tuple[str, str]] = (),
    ) -> None:
        self._files = {f.path: _File(f, c_names(f)) for f in facts}
        self._all_paths = frozenset(paths) | frozenset(self._files)
        self._include_dirs = include_folders(manifests, self._all_paths)
        by_name: dict[str, list[str]] = {}
        for path in sorted(self._all_paths):
            by_name.setdefault(posixpath.basename(path), []).append(path)
        self._by_basename = by_name
        # id -> the files holding it (with a body first), for homes and lookups
        self._symbols: dict[str, list[tuple[bool, str, int]]] = {}
        self._methods: dict[str, list[str]] = {}  # method name -> method ids
        self._bases: dict[str, list[str]] = {}  # class id -> written bases, per file
        for path in sorted(self._files):
            file = self._files[path]
            for index, kind in enumerate(file.names.kinds):
                if not kind:
                    continue
                node_id = file.names.ids[index]
                self._symbols.setdefault(node_id, []).append(
                    (not file.names.bodies[index], path, index)
                )
                if kind == "method":
                    simple = file.names.qualnames[index].rpartition("::")[2]
                    self._methods.setdefault(simple, []).append(node_id)
            for imp_index, imp in enumerate(file.facts.imports):
                del imp_index
                file.includes.append(self._include(path, imp.source))
        for held in self._symbols.values():
            held.sort()
        # a file's own names (static functions, in headers too), by name: the files holding them
        self._file_own: dict[str, list[str]] = {}
        for node_id, held in sorted(self._symbols.items()):
            for _, path, _ in held:
                own = PREFIX + path + OWN
                if node_id.startswith(own):
                    holders = self._file_own.setdefault(node_id[len(own) :], [])
                    if path not in holders:
                        holders.append(path)
        self._using_cache: dict[str, tuple[list[str], dict[str, str]]] = {}
        for name in self._methods:
            self._methods[name] = sorted(set(self._methods[name]))
        self._closure: dict[str, frozenset[str]] = {}
        self._class_bases: dict[str, list[str]] = {}
        self._subclasses: dict[str, list[str]] = {}
        for path in sorted(self._files):
            file = self._files[path]
            for base in file.facts.bases:
                owner = file.names.ids[base.definition]
                target = self._class_named(
                    _plain(base.expression), file.names.namespaces[base.definition], path
                )
                if target is not None and target != owner:
                    bases = self._class_bases.setdefault(owner, [])
                    if target not in bases:
                        bases.append(target)
                        self._subclasses.setdefault(target, []).append(owner)

    # -- includes -----------------------------------------------------------

    def _include(self, path: str, written: str) -> tuple[str | None, float]:
        """The file an ``#include`` (or ``using``) names, with its confidence."""
        if len(written) < 2 or written[0] not in '"<':
            return None, 0.0
        quoted = written[0] == '"'
        name = written[1:-1].strip()
        if not name:
            return None, 0.0
        folders = ([posixpath.dirname(path)] if quoted else []) + list(self._include_dirs)
        for folder in folders:
            candidate = posixpath.normpath(posixpath.join(folder, name)) if folder else name
            candidate = posixpath.normpath(candidate)
            if candidate in self._all_paths:
                return candidate, CERTAIN
        if quoted:
            ending = [
                p
                for p in self._by_basename.get(posixpath.basename(name), ())
                if p == name or p.endswith("/" + name)
            ]
            if len(ending) == 1:
                return ending[0], GUESSED_INCLUDE_CONFIDENCE
        return None, 0.0

    def _visible(self, path: str) -> frozenset[str]:
        """The files ``path`` includes, directly or through others, and itself."""
        held = self._closure.get(path)
        if held is not None:
            return held
        seen = {path}
        todo = [path]
        while todo:
            current = todo.pop()
            file = self._files.get(current)
            if file is None:
                continue
            for target, _ in file.includes:
                if target is not None and target not in seen:
                    seen.add(target)
                    todo.append(target)
        result = frozenset(seen)
        self._closure[path] = result
        return result

    # -- names --------------------------------------------------------------

    def _kind(self, node_id: str) -> str:
        held = self._symbols.get(node_id)
        if not held:
            return ""
        _, path, index = held[0]
        return self._files[path].names.kinds[index]

    def _class_named(self, name: str, namespaces: Sequence[str], path: str) -> str | None:
        """The class ``name`` means in a scope with these enclosing namespaces."""
        for found in self._candidates(name, namespaces, path):
            if self._kind(found) == "class":
                return found
        return None

    def _usings(self, path: str) -> tuple[list[str], dict[str, str]]:
        """The namespaces ``using namespace`` opens in a file, and the names
        ``using a::b::f`` brings in (``f`` -> ``a::b::f``)."""
        held = self._using_cache.get(path)
        if held is not None:
            return held
        file = self._files[path]
        opened: list[str] = []
        named: dict[str, str] = {}
        for imp in file.facts.imports:
            if imp.source[:1] in '"<':
                continue
            written = _plain(imp.source)
            if imp.alias == "namespace":
                opened.append(written)
            elif "::" in written:
                named[written.rpartition("::")[2]] = written
        self._using_cache[path] = (opened, named)
        return opened, named

    def _candidates(self, name: str, namespaces: Sequence[str], path: str) -> list[str]:
        """The ids ``name`` may mean from a scope, nearest first: the file's own,
        then by namespace, innermost first."""
        found: list[str] = []
        own = f"{PREFIX}{path}{OWN}{name}"
        if own in self._symbols:
            found.append(own)
        if "::" not in name:
            visible = self._visible(path)
            for holder in self._file_own.get(name, ()):
                if holder != path and holder in visible:
                    found.append(f"{PREFIX}{holder}{OWN}{name}")
        opened, named = self._usings(path)
        head = name.partition("::")[0]
        for namespace in [*namespaces, *opened, ""]:
            qualified = f"{namespace}::{name}" if namespace else name
            if PREFIX + qualified in self._symbols:
                found.append(PREFIX + qualified)
        if head in named:
            qualified = named[head] + name[len(head) :]
            if PREFIX + qualified in self._symbols:
                found.append(PREFIX + qualified)
        return list(dict.fromkeys(found))

    def _declared_in(self, node_id: str, path: str) -> bool:
        """Whether ``path`` or a file it includes declares or defines ``node_id``."""
        visible = self._visible(path)
        return any(p in visible for _, p, _ in self._symbols.get(node_id, ()))

    def _member(self, class_id: str, name: str) -> str | None:
        """The method ``name`` of a class or its nearest base having it."""
        for current in ancestors(class_id, lambda c: self._class_bases.get(c, [])):
            method = f"{current}::{name}"
            if method in self._symbols:
                return method
        return None

    def _overrides(self, class_id: str, name: str) -> list[str]:
        below = descendants(class_id, lambda c: self._subclasses.get(c, []))
        return [f"{c}::{name}" for c in below if f"{c}::{name}" in self._symbols]

    def _enclosing_class(self, path: str, scope: int) -> str | None:
        """The class whose member the code at ``scope`` is, or None."""
        file = self._files[path]
        current = scope
        while current != MODULE_SCOPE:
            owner = file.names.owners[current]
            if owner:
                found = self._class_named(owner, file.names.namespaces[current], path)
                if found is not None:
                    return found
            if file.names.kinds[current] == "class":
                return file.names.ids[current]
            current = file.facts.definitions[current].parent
        return None

    def _typed(self, path: str, scope: int, name: str) -> str | None:
        """The type expression a local or parameter ``name`` is declared with."""
        file = self._files[path]
        current = scope
        by_scope: dict[int, str] = {}
        for held_scope, bound, expression, _how in file.facts.typed:
            if bound == name:
                by_scope.setdefault(held_scope, expression)
        while True:
            if current in by_scope:
                return by_scope[current]
            if current == MODULE_SCOPE:
                break
            current = file.facts.definitions[current].parent
        # a data member of the enclosing class or one of its bases
        in_class = self._enclosing_class(path, scope)
        if in_class is None:
            return None
        for class_id in ancestors(in_class, lambda c: self._class_bases.get(c, [])):
            for _, held_path, index in self._symbols.get(class_id, ()):
                for held_scope, bound, expression, how in self._files[held_path].facts.typed:
                    if held_scope == index and bound == name and how == "field":
                        return expression
        return None

    def _bound(self, path: str, scope: int, name: str) -> bool:
        """Whether ``name`` is a parameter or local variable at ``scope``."""
        file = self._files[path]
        scopes = set()
        current = scope
        while current != MODULE_SCOPE:
            scopes.add(current)
            current = file.facts.definitions[current].parent
        return any(s in scopes and bound == name for s, bound in file.facts.bindings)

    def _namespaces(self, path: str, scope: int) -> tuple[str, ...]:
        if scope == MODULE_SCOPE:
            return ("",)
        file = self._files[path]
        namespaces = file.names.namespaces[scope]
        owner = file.names.owners[scope]
        if owner and "::" in owner:
            # `void ns::A::f()` defined at the top: its body sees ns
            qualifier = owner.rpartition("::")[0]
            namespaces = (qualifier, *namespaces)
        return namespaces

    def _on_class(
        self, class_id: str, name: str, confidence: float
    ) -> tuple[list[tuple[Symbol, float]], list[tuple[Symbol, float]]]:
        method = self._member(class_id, name)
        if method is None:
            return [], []
        owner = method.rpartition("::")[0]
        overrides = [o for o in self._overrides(owner, name) if o != method]
        return [(method, confidence)], dispatched(overrides, confidence)

    def _construct(self, class_id: str, confidence: float) -> list[tuple[Symbol, float]]:
        simple = class_id.rpartition("::")[2].rpartition(OWN)[2]
        constructor = f"{class_id}::{simple}"
        if constructor in self._symbols:
            return [(constructor, confidence)]
        return [(class_id, confidence)]

    def _resolve(
        self, path: str, ref: Reference
    ) -> tuple[list[tuple[Symbol, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        """(targets, tags, dispatched overrides) of one reference."""
        name = _plain(ref.name)
        if not name:
            return [], (), []
        namespaces = self._namespaces(path, ref.scope)
        in_class = self._enclosing_class(path, ref.scope)
        if in_class is not None:
            # a method sees its class's names first (nested classes, members)
            namespaces = (in_class.removeprefix(PREFIX), *namespaces)
        receiver = ref.receiver
        if receiver is None:
            if ref.kind != "call" and ("::" in name or self._bound(path, ref.scope, name)):
                return [], (), []
            if "::" not in name and ref.kind == "call":
                if in_class is not None:
                    targets, overrides = self._on_class(in_class, name, CERTAIN)
                    if targets:
                        return targets, (), overrides
            else:
                qualifier, _, simple = name.rpartition("::")
                owner = self._class_named(qualifier, namespaces, path)
                if owner is not None:
                    # `Base::f()` or `A::create()`: that class's member, no dispatch
                    method = self._member(owner, simple)
                    if method is not None:
                        return [(method, CERTAIN)], (), []
                    return [], (), []
            candidates = self._candidates(name, namespaces, path)
            if not candidates:
                return [], (), []
            target = candidates[0]
            kind = self._kind(target)
            if kind == "class":
                return self._construct(target, CERTAIN), (), []
            if ref.kind != "call" and kind not in ("function", "method"):
                return [], (), []
            certain = self._declared_in(target, path)
            return [(target, CERTAIN if certain else UNDECLARED_CONFIDENCE)], (), []
        if receiver == "this":
            if in_class is None:
                return [], (), []
            targets, overrides = self._on_class(in_class, name, CERTAIN)
            return targets, (), overrides
        if _IDENTIFIER.fullmatch(receiver):
            written = self._typed(path, ref.scope, receiver)
            if written is not None:
                smart = _SMART_POINTER.fullmatch(written.strip())
                if smart:
                    written = smart.group(1)  # `p->m()` on a `std::unique_ptr<T>`
                type_name = _plain(_TYPE_NOISE.sub(" ", written))
                class_id = self._class_named(type_name, namespaces, path)
                if class_id is None:
                    return [], (), []  # a type outside the repository (or no class)
                targets, overrides = self._on_class(class_id, name, ANNOTATED_CONFIDENCE)
                return targets, (), overrides
        matched = name_matches(name, self._methods.get(name, []))
        return matched, (NAME_MATCH_TAG,), []

    # -- output -------------------------------------------------------------

    def _home(self, node_id: str) -> str:
        return self._symbols[node_id][0][1]

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {path: self._build_file(path) for path in paths if path in self._files}

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface (its
        includes, the same in both, are the interface's)."""
        held = self._files.get(facts.path)
        if held is None:
            return None
        with standing_in(self._files, facts.path, _File(facts, c_names(facts), held.includes)):
            return self._build_file(facts.path)

    def _build_file(self, path: str) -> FileOutput:
        file = self._files[path]
        facts = file.facts
        names = file.names
        module_id = PREFIX + path
        language = facts.language
        nodes, edges = module_parts(module_id, facts)
        spans: dict[str, tuple[int, int, int]] = {}
        for index, d in enumerate(facts.definitions):
            if not names.kinds[index]:
                continue
            node_id = names.ids[index]
            held = spans.get(node_id)
            if held is None:
                spans[node_id] = (d.start_line, d.end_line, index)
                parent = d.parent
                while parent != MODULE_SCOPE and not names.kinds[parent]:
                    parent = facts.definitions[parent].parent
                parent_id = module_id if parent == MODULE_SCOPE else names.ids[parent]
                if parent_id != node_id:
                    edges.append(Edge(parent_id, node_id, "contains", CERTAIN, d.start_line))
            else:
                spans[node_id] = (min(held[0], d.start_line), max(held[1], d.end_line), held[2])
        for node_id, (start, end, index) in spans.items():
            if self._home(node_id) != path:
                continue
            qual = names.qualnames[index]
            nodes.append(
                Node(
                    node_id,
                    names.kinds[index],
                    qual.rpartition("::")[2],
                    qual,
                    path,
                    start,
                    end,
                    language,
                )
            )
        counts = {"resolved": 0, "name_matched": 0, "ambiguous": 0, "unresolved": 0}
        for imp, (target, confidence) in zip(facts.imports, file.includes, strict=True):
            if imp.source[:1] not in '"<':
                continue
            if target is None or target == path:
                counts["unresolved"] += 1
                continue
            edges.append(Edge(module_id, PREFIX + target, "imports", confidence, imp.line))
        for ref in facts.references:
            scope = ref.scope
            while scope != MODULE_SCOPE and not names.kinds[scope]:
                scope = facts.definitions[scope].parent
            targets, tags, overrides = self._resolve(path, ref)
            if not targets and not overrides:
                if ref.kind == "call":
                    counts["unresolved"] += 1
                continue
            counts["name_matched" if NAME_MATCH_TAG in tags else "resolved"] += 1
            source_id = module_id if scope == MODULE_SCOPE else names.ids[scope]
            for (target_id, confidence), edge_tags in [(t, tags) for t in targets] + [
                (o, (DISPATCH_TAG,)) for o in overrides
            ]:
                kind = "calls" if self._kind(target_id) in ("function", "method") else "references"
                if ref.kind != "call":
                    kind = "references"
                if target_id != source_id:
                    edges.append(Edge(source_id, target_id, kind, confidence, ref.line, edge_tags))
        for base in facts.bases:
            owner = names.ids[base.definition]
            written = _plain(base.expression)
            target = self._class_named(written, names.namespaces[base.definition], path)
            if target is None or target == owner:
                continue
            edges.append(Edge(owner, target, "inherits", CERTAIN, base.line))
        entries = {
            EntryPoint(module_id if scope == MODULE_SCOPE else names.ids[scope], kind)
            for kind, scope in facts.entry_points
        }
        entry_points = tuple(sorted(entries, key=lambda e: (e.id, e.kind)))
        return FileOutput(tuple(nodes), tuple(edges), counts, entry_points)


def c_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes
    name them: a function's prototype in a header is a symbol of the header,
    over the prototype's lines, with the id of the function it declares."""
    del module_id
    names = c_names(facts)
    return merged_symbols(
        facts,
        names.ids,
        lambda i: names.kinds[i] or None,
        lambda i: names.qualnames[i].rpartition("::")[2],
    )


def c_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files may read of this one: its definitions and
    their traits, its includes and ``using``s, and its classes' bases."""
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=facts.imports,
        references=(),
        bases=facts.bases,
        bindings=(),
        typed=tuple(t for t in facts.typed if t[3] == "field"),
        exports=None,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        traits=facts.traits,
    )
