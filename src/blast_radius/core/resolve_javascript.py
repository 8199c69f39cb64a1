"""JavaScript and TypeScript resolution: modules, imports and exports, calls,
references and inheritance.

A module is a file. A specifier resolves the way TypeScript and Node resolve
it: relative paths with extension and ``index`` probing, a written ``.js`` to
the ``.ts`` source beside it. Exports are followed through re-exports and
``export *`` to the definition (a name two ``export *`` provide is ambiguous
and binds nothing). Lexical scopes hoist declarations; a class body is no
scope of its own; ``this`` belongs to the nearest method, through arrow
functions but not through a ``function``. Receivers are typed by annotations,
``new``, constructor parameter properties and fields, and one step of a
declared return type; anything else is matched by name, as for every
ecosystem (see ``core.resolution``).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from blast_radius.core.facts import (
    ANONYMOUS_SCOPE,
    MODULE_SCOPE,
    Definition,
    FileFacts,
    Import,
    Reference,
)
from blast_radius.core.graph import Edge, EntryPoint, FileOutput, Node
from blast_radius.core.js_projects import (
    SOURCE_EXTENSIONS,
    JsProjects,
    Package,
    contains_path,
    source_candidates,
)
from blast_radius.core.languages import language_for_path
from blast_radius.core.resolution import (
    ANNOTATED_CONFIDENCE,
    CERTAIN,
    DISPATCH_TAG,
    NAME_MATCH_TAG,
    ancestors,
    dispatched,
    name_matches,
    standing_in,
)

PREFIX = "js:"
WRITTEN_FOR = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
"""A specifier written with the output's extension names the source beside it."""
TYPE_KINDS = frozenset({"interface", "type", "enum", "namespace"})
"""Definitions that only type or group: no call runs them."""
CONSTRUCTOR = "constructor"
OWN_THIS = "own-this"
PROTOTYPE = ".prototype."
TITLED = "titled"
"""A definition named by a string (a test's title, a route's path): it binds no name."""
TYPE_ONLY_TAG = "type-checking"
DEFERRED_TAG = "deferred"
IMPLEMENTS_TAG = "implements"
_MAX_DEPTH = 40
_HTTP_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
FRAMEWORK_FILES = (
    # Next.js app router: route handlers, and pages
    (re.compile(r"(^|/)app/(.+/)?route\.[mc]?[jt]sx?$"), "http-route", _HTTP_METHODS),
    (re.compile(r"(^|/)app/(.+/)?page\.[jt]sx?$"), "page", ("default",)),
    # Next.js pages router: API routes and pages
    (re.compile(r"(^|/)pages/api/.+\.[mc]?[jt]sx?$"), "http-route", ("default",)),
    (re.compile(r"(^|/)pages/(?!api/)(?!_).+\.[jt]sx?$"), "page", ("default",)),
    # serverless functions: an exported `handler`
    (re.compile(r"(^|/)(netlify/functions|functions|lambda|handlers?)/.+\.[mc]?[jt]s$"),
     "serverless", ("handler", "default")),
)  # fmt: skip
"""Files a framework enters by their path, with the exported names it calls."""
ENTERED_REFERENCES = {"route": "http-route", "command": "cli-command"}
"""Reference kinds whose target a framework enters (a named route handler)."""

Symbol = tuple[str, int]
"""A definition: (file path, definition index), or (path, MODULE_SCOPE) for a module."""


class Opaque(Enum):
    """A name that is bound, but to nothing the repository defines."""

    UNKNOWN = "unknown"
    """A local variable or parameter of unknown value, or an expression."""
    EXTERNAL = "external"
    """Imported from a package outside the repository (or not found)."""
    AMBIGUOUS = "ambiguous"
    """Two ``export *`` provide the name: the module does not export it."""


Resolution = Symbol | Opaque | None


@dataclass(slots=True)
class _File:
    facts: FileFacts
    children: dict[int, dict[str, int]] = field(default_factory=dict)
    """Named definitions by enclosing scope (hoisted: order does not matter)."""
    imports: dict[int, dict[str, Import]] = field(default_factory=dict)
    bindings: dict[int, set[str]] = field(default_factory=dict)
    typed: dict[tuple[int, str], list[tuple[str, str]]] = field(default_factory=dict)
    own_this: frozenset[int] = frozenset()
    titled: frozenset[int] = frozenset()
    """Definitions named by a string or a key (a test, a route, an object's
    method): members at most, never names in scope."""
    qualnames: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)

    @staticmethod
    def of(facts: FileFacts) -> _File:
        file = _File(facts)
        defs = facts.definitions
        file.titled = frozenset(i for i, trait in facts.traits if trait == TITLED)
        for index, d in enumerate(defs):
            if d.kind != ANONYMOUS_SCOPE:
                file.children.setdefault(d.parent, {})[d.name] = index
        for imp in facts.imports:
            local = imp.alias or imp.name
            if local and local != "*":
                file.imports.setdefault(imp.scope, {})[local] = imp
        for scope, name in facts.bindings:
            file.bindings.setdefault(scope, set()).add(name)
        for scope, name, expression, how in facts.typed:
            file.typed.setdefault((scope, name), []).append((expression, how))
        file.own_this = frozenset(i for i, trait in facts.traits if trait == OWN_THIS)
        file.qualnames, file.ids = definition_ids(facts.path, defs)
        return file

    @property
    def node_id(self) -> str:
        return PREFIX + self.facts.path

    def symbol_id(self, index: int) -> str:
        return self.node_id if index == MODULE_SCOPE else self.ids[index]


def definition_ids(path: str, definitions: Sequence[Definition]) -> tuple[list[str], list[str]]:
    """Qualified names (``path:Class.method``) and node ids of a file's definitions.

    An anonymous scope is not a symbol: it takes its parent's name and id. A
    name defined twice in one scope (a getter and its setter, a redeclared
    function) is one symbol: both share the id.
    """
    qualnames: list[str] = []
    last: dict[str, int] = {}
    for index, d in enumerate(definitions):
        if d.kind == ANONYMOUS_SCOPE:
            qualnames.append(path if d.parent == MODULE_SCOPE else qualnames[d.parent])
            continue
        parent = qualnames[d.parent] if d.parent != MODULE_SCOPE else ""
        qualname = f"{parent}.{d.name}" if parent and parent != path else f"{path}:{d.name}"
        qualnames.append(qualname)
        last[qualname] = index
    ids: list[str] = []
    for d, qualname in zip(definitions, qualnames, strict=True):
        if d.kind == ANONYMOUS_SCOPE:
            ids.append(PREFIX + path if d.parent == MODULE_SCOPE else ids[d.parent])
        else:
            ids.append(PREFIX + qualname)
    return qualnames, ids


def _node_kind(facts: FileFacts, index: int) -> str:
    defs = facts.definitions
    d = defs[index]
    if (
        d.kind == "function"
        and d.parent != MODULE_SCOPE
        and defs[d.parent].kind in ("class", "interface")
    ):
        return "method"
    return d.kind


class JavaScriptResolver:
    """Resolves the facts of every JavaScript and TypeScript file into graph parts."""

    def __init__(
        self,
        facts: Sequence[FileFacts],
        all_paths: Iterable[str],
        projects: JsProjects | None = None,
    ) -> None:
        self._projects = projects or JsProjects()
        self._files = {f.path: _File.of(f) for f in sorted(facts, key=lambda f: f.path)}
        self._paths = frozenset(all_paths)
        self._specifiers: dict[tuple[str, str], str | None] = {}
        self._entry_cache: dict[tuple[str, str, str], str | None] = {}
        self._entry_files: frozenset[str] | None = None
        self._exports: dict[tuple[str, str], Resolution] = {}
        self._exporting: set[tuple[str, str]] = set()
        self._aliasing: set[tuple[str, int, str]] = set()
        self._cut = False
        self._bases_cache: dict[Symbol, tuple[Symbol, ...]] = {}
        self._methods_by_name: dict[str, list[Symbol]] = {}
        for path, file in self._files.items():
            defs = file.facts.definitions
            for index, d in enumerate(defs):
                if (
                    d.kind == "function"
                    and d.parent != MODULE_SCOPE
                    and defs[d.parent].kind == "class"
                    and file.children[d.parent].get(d.name) == index
                    and d.name != CONSTRUCTOR
                ):
                    self._methods_by_name.setdefault(d.name, []).append((path, index))
                elif d.kind == "function" and PROTOTYPE in d.name:
                    # `C.prototype.m = function`: matched by name as `m`
                    method = d.name.rpartition(".")[2]
                    self._methods_by_name.setdefault(method, []).append((path, index))
        self._override_cache: dict[tuple[Symbol, str], tuple[Symbol, ...]] = {}

    # ---- modules -------------------------------------------------------------

    def _resolve_specifier(self, importer: str, specifier: str) -> str | None:
        """The repository file ``specifier`` names from ``importer``; None when outside."""
        key = (importer, specifier)
        if key in self._specifiers:
            return self._specifiers[key]
        found = None
        if specifier.startswith(("./", "../")) or specifier in (".", ".."):
            base = posixpath.normpath(posixpath.join(posixpath.dirname(importer), specifier))
            if base == ".":
                base = ""
            if not base.startswith("../") and base != "..":
                # JavaScript has no types: of a declaration and the code it
                # declares, a JavaScript importer gets the code.
                runtime = posixpath.splitext(importer)[1] in (".js", ".jsx", ".mjs", ".cjs")
                found = self._probe(base, runtime) or self._folder_package(base)
        elif not specifier.startswith(("/", "node:")):
            found = self._bare(importer, specifier)
        self._specifiers[key] = found
        return found

    def _bare(self, importer: str, specifier: str) -> str | None:
        """A bare specifier: the importer's ``paths`` (longest prefix first), its
        ``baseUrl``, then a package of the repository by name (itself included)."""
        config = self._projects.config_for(importer)
        if config is not None:
            best: tuple[int, str, tuple[str, ...]] | None = None
            for pattern, targets in config.paths:
                prefix, star, suffix = pattern.partition("*")
                if star and specifier.startswith(prefix) and specifier.endswith(suffix):
                    if len(specifier) >= len(prefix) + len(suffix) and (
                        best is None or len(prefix) > best[0]
                    ):
                        matched = specifier[len(prefix) : len(specifier) - len(suffix)]
                        best = (len(prefix), matched, targets)
                elif not star and specifier == pattern:
                    best = (len(pattern) + 1, "", targets)
                    break
            if best is not None:
                for target in best[2]:
                    found = self._probe(target.replace("*", best[1]))
                    if found is not None:
                        return found
            if config.base_url is not None:
                found = self._probe(posixpath.join(config.base_url, specifier))
                if found is not None:
                    return found
        named = self._projects.package_for(specifier)
        if named is None:
            return None
        package, subpath = named
        return self._package_entry(package, subpath)

    def _package_entry(self, package: Package, subpath: str) -> str | None:
        """The source file a subpath of a local package names: its ``exports`` (or
        ``types``/``main``) target, mapped from built output back to the source."""
        key = (package.folder, package.name, subpath)
        if key not in self._entry_cache:
            self._entry_cache[key] = self._package_entry_uncached(package, subpath)
        return self._entry_cache[key]

    def _package_entry_uncached(self, package: Package, subpath: str) -> str | None:
        targets: tuple[str, ...] = ()
        for pattern, entry in package.entries:
            prefix, star, suffix = pattern.partition("*")
            if pattern == subpath:
                targets = entry
                break
            if star and subpath.startswith(prefix) and subpath.endswith(suffix):
                matched = subpath[len(prefix) : len(subpath) - len(suffix)]
                targets = tuple(t.replace("*", matched) for t in entry)
        if (not targets and not package.entries) or (subpath != "." and not targets):
            targets = (posixpath.join(package.folder, subpath),) if subpath != "." else ()
            targets += (posixpath.join(package.folder, "src", subpath.removeprefix("./")),)
        if not targets:
            targets = (posixpath.join(package.folder, "index"),)
        for target in targets:
            found = self._probe(posixpath.normpath(target)) or self._source_of(package, target)
            if found is not None:
                return found
        return None

    def _source_of(self, package: Package, target: str) -> str | None:
        """``dist/x.js`` (or ``.d.ts``, ``lib/``, ``build/``, ``out/``) of a package
        back to its ``src/x.ts``."""
        for candidate in source_candidates(package.folder, target):
            found = self._probe(candidate)
            if found is not None:
                return found
        return None

    def _folder_package(self, folder: str) -> str | None:
        """``require("..")`` of a folder with a ``package.json``: its entry file."""
        for package in self._projects.packages:
            if package.folder == folder:
                return self._package_entry(package, ".")
        return None

    def _probe(self, base: str, runtime: bool = False) -> str | None:
        """A file for ``base`` as TypeScript probes it: as written, the source for a
        written output extension, with each source extension, then ``base/index``."""
        if base in self._files:
            return base
        stem, ext = posixpath.splitext(base)
        for replacement in WRITTEN_FOR.get(ext, ()):
            if stem + replacement in self._files:
                return stem + replacement
        for candidate in (base, posixpath.join(base, "index")) if base else ("index",):
            for extension in SOURCE_EXTENSIONS:
                if candidate + extension in self._files:
                    return (
                        self._runtime_file(candidate, extension)
                        if runtime
                        else (candidate + extension)
                    )
        return None

    def _runtime_file(self, stem: str, extension: str) -> str:
        """A declaration file (``.d.ts``) beside the JavaScript it declares: the
        JavaScript, which is what runs."""
        if extension == ".d.ts":
            for runtime in (".js", ".mjs", ".cjs", ".jsx"):
                if stem + runtime in self._files:
                    return stem + runtime
        return stem + extension

    def _import_target(self, path: str, imp: Import) -> Resolution:
        """What an import binds: a module, an exported definition, or an opaque value."""
        target = self._resolve_specifier(path, imp.source)
        if target is None:
            return Opaque.EXTERNAL
        if imp.name is None:
            return (target, MODULE_SCOPE)
        found = self._export(target, imp.name, 0)
        if found is None and imp.name == "default":
            # A default import of a module without a default export: Node gives
            # CommonJS's `module.exports`, the module's names.
            return (target, MODULE_SCOPE)
        return found

    def _export(self, path: str, name: str, depth: int) -> Resolution:
        """What module ``path`` exports as ``name``, through re-exports (fixed point).

        ``export *`` provides every name but ``default``; a name that two of them
        provide, differently, is ambiguous. A module that exports nothing by
        statement (a script, or CommonJS the queries did not read) offers its
        top-level definitions.
        """
        key = (path, name)
        if key in self._exports:
            return self._exports[key]
        if key in self._exporting or depth > _MAX_DEPTH:
            self._cut = True  # a re-export cycle: what is being computed is partial
            return None
        self._exporting.add(key)
        outer_cut, self._cut = self._cut, False
        try:
            result = self._export_uncached(path, name, depth)
        finally:
            self._exporting.discard(key)
        # A result found while a cycle was cut holds only for the outermost
        # name of the cycle: the others are computed again when asked.
        if not self._cut or not self._exporting:
            self._exports[key] = result
        self._cut = (self._cut or outer_cut) if self._exporting else False
        return result

    def _export_uncached(self, path: str, name: str, depth: int) -> Resolution:
        file = self._files[path]
        exported = file.facts.exported
        for export in exported:
            if export.name != name or (export.local == "*" and export.name == "*"):
                continue
            if export.source:
                source = self._resolve_specifier(path, export.source)
                if source is None:
                    return Opaque.EXTERNAL
                if export.local == "*":
                    return (source, MODULE_SCOPE)  # `export * as ns from`
                return self._export(source, export.local, depth + 1)
            if not export.local:
                # An anonymous value: the definition it names (`default`, or an
                # exported object's method, `module.exports = { info() {} }`).
                index = file.children.get(MODULE_SCOPE, {}).get(name)
                return (path, index) if index is not None else Opaque.UNKNOWN
            return self._lookup(path, MODULE_SCOPE, export.local, depth + 1)
        if name != "default":
            found: set[Symbol] = set()
            opaque = False
            for export in exported:
                if export.name == "*" and export.source:
                    source = self._resolve_specifier(path, export.source)
                    if source is None:
                        continue
                    target = self._export(source, name, depth + 1)
                    if isinstance(target, tuple):
                        found.add(target)
                    elif target is not None:
                        opaque = True
            if len(found) > 1:
                return Opaque.AMBIGUOUS
            if found:
                return found.pop()
            if opaque:
                return Opaque.UNKNOWN
        if not exported:
            index = file.children.get(MODULE_SCOPE, {}).get(name)
            if index is not None and index not in file.titled:
                return (path, index)
        return None

    # ---- names ---------------------------------------------------------------

    def _lookup(self, path: str, scope: int, name: str, depth: int = 0) -> Resolution:
        """What ``name`` means in ``scope``: the nearest definition, import or binding
        outwards; a class body encloses nothing (its members are no bare names)."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        innermost = True
        while True:
            if current == MODULE_SCOPE or innermost or defs[current].kind != "class":
                index = file.children.get(current, {}).get(name)
                if (
                    index is not None
                    and index not in file.titled
                    and not (current != MODULE_SCOPE and defs[current].kind == "class")
                ):
                    return (path, index)
                imp = file.imports.get(current, {}).get(name)
                if imp is not None:
                    return self._import_target(path, imp) if depth <= _MAX_DEPTH else None
                if name in file.bindings.get(current, ()):
                    return self._alias(path, current, name, depth)
            if current == MODULE_SCOPE:
                return None
            innermost = False
            current = defs[current].parent

    def _alias(self, path: str, scope: int, name: str, depth: int) -> Resolution:
        """What a ``const`` bound to another name (``const f = C.m``) names; any
        other binding is a value the facts do not follow."""
        typed = self._files[path].typed.get((scope, name), ())
        key = (path, scope, name)
        if len(typed) != 1 or typed[0][1] != "aliased" or key in self._aliasing:
            return Opaque.UNKNOWN
        if depth > _MAX_DEPTH:
            return None
        self._aliasing.add(key)
        try:
            target = self._resolve_chain(path, scope, typed[0][0].split("."), depth + 1)
        finally:
            self._aliasing.discard(key)
        return target if isinstance(target, tuple) else Opaque.UNKNOWN

    def _binding_scope(self, path: str, scope: int, name: str) -> int | None:
        """The scope whose binding of ``name`` a use in ``scope`` sees, if a binding."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while True:
            index = file.children.get(current, {}).get(name)
            if (index is not None and index not in file.titled) or name in file.imports.get(
                current, {}
            ):
                return None
            if name in file.bindings.get(current, ()) or (current, name) in file.typed:
                return current
            if current == MODULE_SCOPE:
                return None
            current = defs[current].parent

    def _this_class(self, path: str, scope: int) -> int | None:
        """The class whose instance ``this`` is in ``scope``: the nearest method's
        class, through arrow functions and callbacks, never through a ``function``."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while current != MODULE_SCOPE:
            d = defs[current]
            if d.kind == "class":
                return current  # a field initialiser
            if d.kind == "function":
                parent = d.parent
                # a class's method, or an object literal's (`this` is the object)
                if parent != MODULE_SCOPE and defs[parent].kind in ("class", "namespace"):
                    return parent
                return None  # a function's `this` is its own
            if current in file.own_this:
                return None
            current = d.parent
        return None

    def _kind(self, symbol: Symbol) -> str:
        if symbol[1] == MODULE_SCOPE:
            return "module"
        return self._files[symbol[0]].facts.definitions[symbol[1]].kind

    def _resolve_chain(
        self, path: str, scope: int, parts: Sequence[str], depth: int = 0
    ) -> Resolution:
        """``a.b.c`` through modules (namespace imports) and classes (static members)."""
        current = self._lookup(path, scope, parts[0], depth)
        for part in parts[1:]:
            if not isinstance(current, tuple):
                return current
            kind = self._kind(current)
            if kind == "module":
                current = self._export(current[0], part, 0)
                if current is None:
                    return Opaque.UNKNOWN
            elif kind in ("class", "namespace", "enum"):
                member = self._member(current, part)
                if member is None:
                    return Opaque.UNKNOWN
                current = member
            else:
                return Opaque.UNKNOWN
        return current

    # ---- classes -------------------------------------------------------------

    def _bases(self, cls: Symbol) -> tuple[Symbol, ...]:
        cached = self._bases_cache.get(cls)
        if cached is not None:
            return cached
        self._bases_cache[cls] = ()
        file = self._files[cls[0]]
        scope = file.facts.definitions[cls[1]].parent
        found = []
        for base in file.facts.bases:
            if base.definition == cls[1]:
                target = self._resolve_chain(cls[0], scope, base.expression.split("."))
                if (
                    isinstance(target, tuple)
                    and self._kind(target) in ("class", "interface")
                    and target != cls
                ):
                    found.append(target)
        result = tuple(found)
        self._bases_cache[cls] = result
        return result

    def _member(self, cls: Symbol, name: str, skip_self: bool = False) -> Symbol | None:
        """The member ``name`` of ``cls`` or of the nearest ancestor defining it."""
        chain = ancestors(cls, self._bases)
        for klass in chain[1:] if skip_self else chain:
            index = self._files[klass[0]].children.get(klass[1], {}).get(name)
            if index is not None:
                return (klass[0], index)
        return None

    def _overrides(self, cls: Symbol, name: str) -> tuple[Symbol, ...]:
        """The methods ``name`` that classes deriving from ``cls`` define themselves."""
        key = (cls, name)
        cached = self._override_cache.get(key)
        if cached is None:
            cached = tuple(
                method
                for method in self._methods_by_name.get(name, ())
                if (owner := (method[0], self._parent(method))) != cls
                and cls in ancestors(owner, self._bases)[1:]
            )
            self._override_cache[key] = cached
        return cached

    def _parent(self, symbol: Symbol) -> int:
        return self._files[symbol[0]].facts.definitions[symbol[1]].parent

    def _construction(self, cls: Symbol, confidence: float) -> list[tuple[Symbol, float]]:
        """``new C()``: the class, and the constructor it runs (its own or inherited)."""
        result = [(cls, confidence)]
        constructor = self._member(cls, CONSTRUCTOR)
        if constructor is not None:
            result.append((constructor, confidence))
        return result

    # ---- types -----------------------------------------------------------------

    def _class_named(self, path: str, scope: int, expression: str) -> Symbol | None:
        target = self._resolve_chain(path, scope, expression.split("."))
        if isinstance(target, tuple) and self._kind(target) == "module":
            # `import Validator = require("./v")` of a module whose value is a class
            target = self._export(target[0], "default", 0)
        if isinstance(target, tuple) and self._kind(target) in ("class", "interface"):
            return target
        return None

    def _return_type(
        self, function: Symbol, receiver: tuple[Symbol, float] | None = None
    ) -> tuple[Symbol, float] | None:
        """The class a function is declared to return (or to resolve, when async);
        ``this`` is the type of the receiver it is called on, else its class."""
        file = self._files[function[0]]
        scope = file.facts.definitions[function[1]].parent
        for index, expression, how in file.facts.returns:
            if index == function[1] and how in ("annotated", "awaited"):
                if expression == "this":
                    if receiver is not None:
                        return receiver[0], CERTAIN  # as sure as the receiver's type
                    if scope != MODULE_SCOPE and self._kind((function[0], scope)) in (
                        "class",
                        "interface",
                    ):
                        return (function[0], scope), ANNOTATED_CONFIDENCE
                    return None
                cls = self._class_named(function[0], scope, expression)
                if cls is not None:
                    return cls, ANNOTATED_CONFIDENCE
        return None

    def _variable_type(self, path: str, scope: int, name: str) -> tuple[Symbol, float] | None:
        """The class of a variable or parameter every typed binding of which agrees."""
        owner = self._binding_scope(path, scope, name)
        if owner is None:
            return None
        file = self._files[path]
        typed = file.typed.get((owner, name))
        if not typed or len({(e, h) for e, h in typed}) != 1:
            return None
        expression, how = typed[0]
        if how == "constructed":
            cls = self._class_named(path, owner, expression)
            return (cls, CERTAIN) if cls is not None else None
        if how == "annotated":
            cls = self._class_named(path, owner, expression)
            return (cls, ANNOTATED_CONFIDENCE) if cls is not None else None
        if how in ("called", "awaited"):
            return self._call_type(path, owner, expression)
        return None

    def _field_type(self, cls: Symbol, name: str) -> tuple[Symbol, float] | None:
        """The class of ``this.name``: a typed field, a constructor parameter
        property, or ``this.name = new C()``, in the class or an ancestor."""
        for klass in ancestors(cls, self._bases):
            file = self._files[klass[0]]
            defs = file.facts.definitions
            scopes = [klass[1], *file.children.get(klass[1], {}).values()]
            for scope in scopes:
                for expression, how in file.typed.get((scope, name), ()):
                    if how == "field" and (scope == klass[1] or defs[scope].name == CONSTRUCTOR):
                        found = self._class_named(klass[0], klass[1], expression)
                        if found is not None:
                            return found, ANNOTATED_CONFIDENCE
                for expression, how in file.typed.get((scope, "this." + name), ()):
                    if how == "constructed":
                        found = self._class_named(klass[0], klass[1], expression)
                        if found is not None:
                            return found, ANNOTATED_CONFIDENCE
        return None

    def _instance_type(self, path: str, scope: int, receiver: str) -> tuple[Symbol, float] | None:
        """The class of the instance ``receiver`` evaluates to, if known."""
        if receiver.endswith("()"):
            return self._call_type(path, scope, receiver[:-2])
        if "()" in receiver:
            # `make().repo`: a field of what a call gives
            head, _, last = receiver.rpartition(".")
            base = self._instance_type(path, scope, head)
            found = self._field_type(base[0], last) if base is not None else None
            return None if found is None or base is None else (found[0], min(base[1], found[1]))
        parts = receiver.split(".")
        current: tuple[Symbol, float] | None
        if parts[0] == "this":
            cls = self._this_class(path, scope)
            if cls is None:
                return None
            current = ((path, cls), CERTAIN)
        else:
            current = self._variable_type(path, scope, parts[0])
        for part in parts[1:]:
            if current is None:
                return None
            field_type = self._field_type(current[0], part)
            current = (
                None if field_type is None else (field_type[0], min(current[1], field_type[1]))
            )
        return current

    def _call_type(self, path: str, scope: int, expression: str) -> tuple[Symbol, float] | None:
        """The class of what calling ``expression`` gives, when the callee is a
        definition with a declared return type."""
        parts = expression.split(".")
        target = self._resolve_chain(path, scope, parts)
        instance = None
        if isinstance(target, tuple):
            callee: tuple[Symbol, float] = (target, CERTAIN)
        elif len(parts) >= 2:
            instance = self._instance_type(path, scope, ".".join(parts[:-1]))
            member = self._member(instance[0], parts[-1]) if instance is not None else None
            if instance is None or member is None:
                return None
            callee = (member, instance[1])
        else:
            return None
        if self._kind(callee[0]) != "function":
            return None
        returned = self._return_type(callee[0], instance)
        return None if returned is None else (returned[0], callee[1] * returned[1])

    # ---- references --------------------------------------------------------------

    def _resolve_reference(
        self, path: str, ref: Reference
    ) -> tuple[list[tuple[Symbol, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        """Targets of one reference with their confidences, the edges' tags, and the
        overrides a call on an instance may reach besides (tagged ``dispatch``)."""
        file = self._files[path]
        scope = ref.scope
        if ref.header and scope != MODULE_SCOPE:
            scope = file.facts.definitions[scope].parent
        call = ref.kind == "call"
        receiver = ref.receiver
        if receiver is None and ref.name == "super":
            cls = self._this_class(path, scope)
            if cls is None:
                return [], (), []
            constructor = self._member((path, cls), CONSTRUCTOR, skip_self=True)
            return ([(constructor, CERTAIN)] if constructor is not None else []), (), []
        if receiver is None:
            target = self._lookup(path, scope, ref.name)
            return self._targets(target, call), (), []
        if receiver == "super":
            cls = self._this_class(path, scope)
            member = (
                self._member((path, cls), ref.name, skip_self=True) if cls is not None else None
            )
            return ([(member, CERTAIN)] if member is not None else []), (), []
        if receiver in ("?", "#literal"):
            return (self._by_name(ref.name) if call else []), (NAME_MATCH_TAG,), []
        if not receiver.endswith("()") and receiver != "this":
            target = self._resolve_chain(path, scope, [*receiver.split("."), ref.name])
            if isinstance(target, tuple):
                return self._targets(target, call), (), []
            if target is Opaque.EXTERNAL or target is Opaque.AMBIGUOUS:
                return [], (), []
            if target is Opaque.UNKNOWN and self._module_value(path, scope, receiver, ref.name):
                return [], (), []
        instance = self._instance_type(path, scope, receiver)
        if instance is not None:
            static, confidence = instance
            member = self._member(static, ref.name)
            if member is not None and self._kind(member) in ("function", "class"):
                overrides = self._overrides(static, ref.name) if call else ()
                return [(member, confidence)], (), dispatched(overrides, confidence)
            # A type known, without that member: an inherited one from outside the
            # repository, or a field; a method of the same name elsewhere is not it.
            return [], (), []
        if not call or self._outside(path, scope, receiver):
            return [], (), []
        return self._by_name(ref.name), (NAME_MATCH_TAG,), []

    def _module_value(self, path: str, scope: int, receiver: str, name: str) -> bool:
        """Whether ``receiver`` is a module that exports ``name`` as a value that is
        no definition (``export const parse = make()``): known, and no method."""
        module = self._resolve_chain(path, scope, receiver.split("."))
        return (
            isinstance(module, tuple)
            and self._kind(module) == "module"
            and self._export(module[0], name, 0) is Opaque.UNKNOWN
        )

    def _outside(self, path: str, scope: int, receiver: str) -> bool:
        """Whether the receiver is known to be no value of the repository's: a global
        (`JSON`, `console`, `Object`), an import from a package, or a variable that
        holds an instance of a class from outside (`new Map()`)."""
        head = receiver.split(".", 1)[0].removesuffix("()")
        if head in ("this", "super", "?", "#literal") or "(" in head:
            return False
        target = self._lookup(path, scope, head)
        if target is None or target is Opaque.EXTERNAL:
            return True
        if target is not Opaque.UNKNOWN or "." in receiver or receiver.endswith("()"):
            return False
        owner = self._binding_scope(path, scope, head)
        typed = self._files[path].typed.get((owner, head), ()) if owner is not None else ()
        return bool(typed) and all(
            how in ("constructed", "annotated")
            and not isinstance(
                self._resolve_chain(path, owner or MODULE_SCOPE, e.split(".")), tuple
            )
            for e, how in typed
        )

    def _by_name(self, name: str) -> list[tuple[Symbol, float]]:
        return name_matches(name, self._methods_by_name.get(name, ()))

    def _targets(self, target: Resolution, call: bool) -> list[tuple[Symbol, float]]:
        if not isinstance(target, tuple):
            return []
        kind = self._kind(target)
        if kind == "module" and call:
            # `const greet = require("./greet"); greet()`: CommonJS's `module.exports`
            target = self._export(target[0], "default", 0)
            if not isinstance(target, tuple) or self._kind(target) == "module":
                return []
            kind = self._kind(target)
        if kind == "module" or (call and kind in TYPE_KINDS):
            return []
        if call and kind == "class":
            return self._construction(target, CERTAIN)
        return [(target, CERTAIN)]

    # ---- building ------------------------------------------------------------------

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {path: self._build_file(path) for path in paths if path in self._files}

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface."""
        if facts.path not in self._files:
            return None
        with standing_in(self._files, facts.path, _File.of(facts)):
            return self._build_file(facts.path)

    def _build_file(self, path: str) -> FileOutput:
        file = self._files[path]
        facts = file.facts
        rule = language_for_path(path)
        language = rule.name if rule else "javascript"
        nodes = [
            Node(
                file.node_id,
                "module",
                posixpath.basename(path),
                path,
                path,
                1,
                max(facts.line_count, 1),
                language,
            )
        ]
        edges = [Edge("file:" + path, file.node_id, "contains", CERTAIN, 1)]
        defs = facts.definitions
        spans: dict[str, tuple[int, int, int]] = {}  # id -> first line, last line, index
        for index, d in enumerate(defs):
            if d.kind == ANONYMOUS_SCOPE:
                continue
            held = spans.get(file.ids[index])
            if held is None:
                spans[file.ids[index]] = (d.start_line, d.end_line, index)
                edges.append(
                    Edge(
                        file.symbol_id(d.parent), file.ids[index], "contains", CERTAIN, d.start_line
                    )
                )
            else:  # a getter's setter: one symbol over both
                spans[file.ids[index]] = (held[0], max(held[1], d.end_line), held[2])
        for symbol_id, (start, end, index) in spans.items():
            nodes.append(
                Node(
                    symbol_id,
                    _node_kind(facts, index),
                    defs[index].name,
                    file.qualnames[index],
                    path,
                    start,
                    end,
                    language,
                )
            )
        specifiers = [(imp.source, imp.line, imp.scope, imp.type_only) for imp in facts.imports]
        specifiers += [
            (e.source, e.line, MODULE_SCOPE, e.type_only) for e in facts.exported if e.source
        ]
        counts = {"resolved": 0, "name_matched": 0, "ambiguous": 0, "unresolved": 0}
        for source, line, scope, type_only in specifiers:
            target = self._resolve_specifier(path, source)
            if target is None or target == path:
                continue
            import_tags = []
            if scope != MODULE_SCOPE:
                import_tags.append(DEFERRED_TAG)
            if type_only:
                import_tags.append(TYPE_ONLY_TAG)
            edges.append(
                Edge(file.node_id, PREFIX + target, "imports", CERTAIN, line, tuple(import_tags))
            )
        entered: set[EntryPoint] = set()
        for ref in facts.references:
            targets, tags, overrides = self._resolve_reference(path, ref)
            if ref.kind in ENTERED_REFERENCES and not tags:
                entered.update(
                    EntryPoint(self._symbol_id(symbol), ENTERED_REFERENCES[ref.kind])
                    for symbol, _ in targets
                    if self._kind(symbol) == "function"
                )
            if not targets:
                counts["unresolved"] += 1
                continue
            if NAME_MATCH_TAG in tags:
                counts["name_matched"] += 1
                if len(targets) > 1:
                    counts["ambiguous"] += 1
            else:
                counts["resolved"] += 1
            source_id = file.symbol_id(ref.scope)
            kind = "calls" if ref.kind == "call" else "references"
            tagged = [(t, tags) for t in targets] + [(o, (DISPATCH_TAG,)) for o in overrides]
            for (symbol, confidence), edge_tags in tagged:
                target_id = self._files[symbol[0]].symbol_id(symbol[1])
                if target_id != source_id:
                    edges.append(Edge(source_id, target_id, kind, confidence, ref.line, edge_tags))
        for base in facts.bases:
            owner = (path, base.definition)
            scope = defs[base.definition].parent
            parent = self._resolve_chain(path, scope, base.expression.split("."))
            if not isinstance(parent, tuple) or parent == owner:
                continue
            if self._kind(parent) in ("class", "interface"):
                parent_id = self._files[parent[0]].symbol_id(parent[1])
                tags = (IMPLEMENTS_TAG,) if base.implements else ()
                edges.append(
                    Edge(file.ids[base.definition], parent_id, "inherits", CERTAIN, base.line, tags)
                )
        return FileOutput(tuple(nodes), tuple(edges), counts, self._entry_points(path, entered))

    # ---- entry points ----------------------------------------------------------------

    def _entry_points(self, path: str, entered: set[EntryPoint]) -> tuple[EntryPoint, ...]:
        """What the file declares (routes, commands), what its package offers (the
        names its entry files export, its ``bin``), and framework file conventions."""
        file = self._files[path]
        found = {EntryPoint(file.symbol_id(scope), kind) for kind, scope in file.facts.entry_points}
        found |= entered
        for package in self._projects.packages:
            if not contains_path(package.folder, path):
                continue
            if any(self._bin_file(package, b) == path for b in package.bins):
                found.add(EntryPoint(file.node_id, "main"))
        if path in self._package_entry_files():
            found.update(self._public_api(path))
        for pattern, kind, names in FRAMEWORK_FILES:
            if pattern.search(path):
                for name in names:
                    target = self._export(path, name, 0)
                    if isinstance(target, tuple) and target[1] != MODULE_SCOPE:
                        found.add(EntryPoint(self._symbol_id(target), kind))
        return tuple(sorted(found, key=lambda e: (e.id, e.kind)))

    def _package_entry_files(self) -> frozenset[str]:
        """The files the repository's packages offer (their ``exports`` subpaths,
        ``main``, ``types``), computed once."""
        if self._entry_files is None:
            self._entry_files = frozenset(
                entry
                for package in self._projects.packages
                for subpath, _ in package.entries
                if "*" not in subpath
                and (entry := self._package_entry(package, subpath)) is not None
            )
        return self._entry_files

    def _bin_file(self, package: Package, target: str) -> str | None:
        return self._probe(posixpath.normpath(target)) or self._source_of(package, target)

    def _public_api(self, path: str) -> set[EntryPoint]:
        """The definitions a package entry file exports, through re-exports and ``export *``."""
        names = set()
        seen = set()
        todo = [path]
        while todo:
            current = todo.pop()
            if current in seen:
                continue
            seen.add(current)
            for export in self._files[current].facts.exported:
                if export.name == "*" and export.source:
                    source = self._resolve_specifier(current, export.source)
                    if source is not None:
                        todo.append(source)
                elif export.name != "*" and (current == path or export.name != "default"):
                    names.add(export.name)
        found = set()
        for name in sorted(names):
            target = self._export(path, name, 0)
            if isinstance(target, tuple) and target[1] != MODULE_SCOPE:
                found.add(EntryPoint(self._symbol_id(target), "public-api"))
        return found

    def _symbol_id(self, symbol: Symbol) -> str:
        return self._files[symbol[0]].symbol_id(symbol[1])


def javascript_symbols(
    facts: FileFacts, module_id: str
) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes name them."""
    _, ids = definition_ids(facts.path, facts.definitions)
    return [
        (ids[index], _node_kind(facts, index), d.name, d.start_line, d.end_line, d.body_line)
        for index, d in enumerate(facts.definitions)
        if d.kind != ANONYMOUS_SCOPE
    ]


def javascript_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files may read of this one: definitions, imports,
    exports, inheritance, return types, traits, and the bindings and types of
    its module scope, its classes and their constructors (fields)."""
    defs = facts.definitions
    kept = {MODULE_SCOPE} | {
        i
        for i, d in enumerate(defs)
        if d.kind == "class" or (d.name == CONSTRUCTOR and d.parent != MODULE_SCOPE)
    }
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=facts.imports,
        references=(),
        bases=facts.bases,
        bindings=tuple(b for b in facts.bindings if b[0] in kept),
        typed=tuple(t for t in facts.typed if t[0] in kept),
        exports=facts.exports,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        returns=facts.returns,
        # A `function` expression invoked where it is written (an IIFE) gives
        # its own `this` to the module, whose `this` no lookup reads: kept,
        # it would be indexed as read by every file.
        traits=tuple(t for t in facts.traits if t != (MODULE_SCOPE, OWN_THIS)),
        exported=facts.exported,
    )
