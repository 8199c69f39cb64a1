"""Resolve the facts of the syntactic tier: languages read by their syntax alone.

One resolver serves every language whose rule names it (Lua, Bash, Elixir,
Dart, Haskell, OCaml, Zig, Objective-C, Julia, Perl). It never asks which
language it reads: what differs between them is in their queries and in
their rules' fields (``LanguageRule.import_paths``, ``import_rewrites``,
``package_name``, ``global_modules``, ``file_modules``, ``self_receivers``,
``module_receivers``).

Definitions are named by their nesting: ``defmodule Shop.Cart do def add``
is ``Shop.Cart.add``, ``function M.f()`` is ``M.f``. Definitions are not
global across files in this tier, so every id holds its file's path:

- ``syn:<path>`` a file's module,
- ``syn:<path>:<qualified.name>`` a definition in it (a test titled by a
  string keeps its title: ``syn:test/cart_test.exs:Cart.adds an item``).

A call binds with certainty (1.0) when the syntax and the repository's files
prove it:

- a bare name defined in an enclosing scope or at the top of the same file
  (innermost first);
- a bare name defined at the top of exactly one of the files or modules the
  file imports without a name (Bash ``source``, Elixir ``import``, Dart
  ``import 'x.dart'``, Haskell ``import A.B``, OCaml ``open``, Julia
  ``include``/``using``, Perl ``use``, Objective-C ``#import``);
- ``R.f`` where ``R`` is an import's name (Lua ``local m = require "a.b"``,
  Zig ``const m = @import("m.zig")``, Elixir ``alias A.B`` binding ``B``,
  Perl ``use A::B`` binding ``A::B``), a module the repository defines under
  a global name (Elixir's ``defmodule A.B``, Objective-C's classes, an OCaml
  file ``foo.ml`` as ``Foo``) when one file defines it, a container of the
  same file (``M.f`` for ``function M.f``, an OCaml ``module M``), or a self
  receiver (the enclosing class; outside any, the file's top: Perl's
  ``$self`` under a ``package`` statement). A name written with its
  qualifier (Perl's ``A::B::f``) is ``f`` of ``A::B``. Through an import, a
  file's top-level functions stored in a table (``function M.f``) are its
  members ``f``.

An import names a file through the rule's ``import_paths`` templates: a
template starting ``./`` is relative to the importing file's folder, one
starting ``/`` is from the repository's root, any other must match the end
of exactly one path of the repository (``{module}`` is the specifier with
its dots as slashes, ``{path}`` the specifier as written, ``{stem}`` the
specifier without its extension).

Any other call is a name match (``resolution.name_matches``: at most five
same-named definitions of the language, never certain), except a receiver
that names a module outside the repository (``module_receivers``; an
import the repository does not hold): those get no edge. References in a
scope with the trait ``types-only`` (Elixir's ``@spec``) are no calls.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from blast_radius.core.facts import ANONYMOUS_SCOPE, MODULE_SCOPE, FileFacts, Import, Reference
from blast_radius.core.graph import Edge, EntryPoint, FileOutput, Node
from blast_radius.core.languages import LanguageRule, is_manifest_of, language_by_name
from blast_radius.core.resolution import (
    CERTAIN,
    NAME_MATCH_TAG,
    merged_symbols,
    module_parts,
    name_matches,
    standing_in,
)

PREFIX = "syn:"
CONTAINER_KINDS = ("class", "namespace", "interface", "type", "enum")
TITLED = "titled"
"""The trait of a definition named by a title (a test's): no code calls it by it."""
TYPES_ONLY = "types-only"
"""The trait of a scope whose names are types, not calls (``@trait.types_only``)."""
_FIELD = re.compile(r"[A-Za-z_][\w.]*[.:]([A-Za-z_]\w*)")

Symbol = tuple[str, int]
"""A definition: (file path, definition index)."""
Container = tuple[str, int]
"""What holds members: (file path, definition index, or MODULE_SCOPE for the file)."""


@dataclass(frozen=True, slots=True)
class _File:
    facts: FileFacts
    rule: LanguageRule
    qualnames: tuple[str, ...]
    kinds: tuple[str, ...]
    """Node kind of each definition, "" for an anonymous scope."""
    members: dict[tuple[int, str], tuple[int, ...]]
    """(container index, name) -> definitions of that name directly in it."""
    fields: dict[str, tuple[int, ...]]
    """Last name -> functions at the top stored in a table (``function M.f``):
    what an importer reaches as ``m.f`` when the file returns the table."""


def _names(facts: FileFacts) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The qualified name and node kind of each definition of a file."""
    qualnames: list[str] = []
    kinds: list[str] = []
    for d in facts.definitions:
        parent = d.parent
        if d.kind == ANONYMOUS_SCOPE:
            qualnames.append(qualnames[parent] if parent != MODULE_SCOPE else "")
            kinds.append("")
            continue
        outer = qualnames[parent] if parent != MODULE_SCOPE else ""
        qualnames.append(f"{outer}.{d.name}" if outer else d.name)
        if d.kind in CONTAINER_KINDS:
            kinds.append("class")
        elif parent != MODULE_SCOPE and facts.definitions[parent].kind == "class":
            kinds.append("method")
        else:
            kinds.append("function")
    return tuple(qualnames), tuple(kinds)


def _visible_parent(facts: FileFacts, index: int) -> int:
    """The definition holding ``index`` for name lookup, anonymous scopes skipped."""
    parent = facts.definitions[index].parent
    while parent != MODULE_SCOPE and facts.definitions[parent].kind == ANONYMOUS_SCOPE:
        parent = facts.definitions[parent].parent
    return parent


def _file(facts: FileFacts) -> _File:
    qualnames, kinds = _names(facts)
    members: dict[tuple[int, str], list[int]] = {}
    fields: dict[str, list[int]] = {}
    titled = {index for index, trait in facts.traits if trait == TITLED}
    for index, d in enumerate(facts.definitions):
        if kinds[index] and index not in titled:
            members.setdefault((_visible_parent(facts, index), d.name), []).append(index)
            last = _FIELD.fullmatch(d.name)
            if last and kinds[index] != "class" and d.parent == MODULE_SCOPE:
                fields.setdefault(last.group(1), []).append(index)
    return _File(
        facts,
        language_by_name(facts.language),
        qualnames,
        kinds,
        {key: tuple(value) for key, value in members.items()},
        {key: tuple(value) for key, value in fields.items()},
    )


def _qualified(name: str) -> str:
    """A qualified name with ``.`` between its parts, however the language writes
    them (Perl's ``Shop::Tax``)."""
    return name.replace("::", ".")


def file_module_name(rule: LanguageRule, path: str) -> str:
    """The module a file is by its name (``foo_bar.ml`` is ``Foo_bar``), or "" when
    the rule's files are no modules by name."""
    if not rule.file_modules:
        return ""
    stem = posixpath.splitext(posixpath.basename(path))[0]
    return stem[:1].upper() + stem[1:]


@cache
def _rewrites(rule: LanguageRule) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple(
        (re.compile(pattern), replacement) for pattern, replacement in rule.import_rewrites
    )


class SyntacticResolver:
    """Resolves the files of every language of the syntactic tier."""

    def __init__(
        self,
        facts: Sequence[FileFacts],
        paths: Sequence[str],
        manifests: Sequence[tuple[str, str]] = (),
    ) -> None:
        self._files = {item.path: _file(item) for item in facts}
        self._manifests = sorted(manifests)
        self._packages: dict[str, list[tuple[str, str]]] = {}
        self._paths = sorted(set(paths) | set(self._files))
        self._targets: dict[tuple[str, Import], list[Container]] = {}
        self._visible: dict[tuple[str, int], list[Import]] = {}
        self._by_suffix: dict[str, list[str]] = {}
        for path in self._paths:
            parts = path.split("/")
            for start in range(len(parts)):
                self._by_suffix.setdefault("/".join(parts[start:]), []).append(path)
        # Global names: a module or class the language names across files.
        self._globals: dict[tuple[str, str], list[Container]] = {}
        self._by_name: dict[tuple[str, str], list[Symbol]] = {}
        for path in sorted(self._files):
            file = self._files[path]
            language = file.facts.language
            titled = set(file.facts.traits)
            module = file_module_name(file.rule, path)
            if module:
                self._globals.setdefault((language, module), []).append((path, MODULE_SCOPE))
            for index, d in enumerate(file.facts.definitions):
                kind = file.kinds[index]
                if not kind or (index, TITLED) in titled:
                    continue
                last = _FIELD.fullmatch(d.name)
                key = last.group(1) if last else d.name
                self._by_name.setdefault((language, key), []).append((path, index))
                if kind == "class" and file.rule.global_modules and self._global_chain(file, index):
                    self._globals.setdefault((language, file.qualnames[index]), []).append(
                        (path, index)
                    )

    @staticmethod
    def _global_chain(file: _File, index: int) -> bool:
        """Whether a container is named globally: it and its holders are containers."""
        current = index
        while current != MODULE_SCOPE:
            if file.facts.definitions[current].kind not in CONTAINER_KINDS:
                return False
            current = file.facts.definitions[current].parent
        return True

    # --- imports -------------------------------------------------------

    def _import_targets(self, path: str, imp: Import) -> list[Container]:
        """What an import names in the repository: a global module, or files."""
        key = (path, imp)
        found = self._targets.get(key)
        if found is None:
            found = self._targets[key] = self._find_import_targets(path, imp)
        return found

    def _find_import_targets(self, path: str, imp: Import) -> list[Container]:
        file = self._files[path]
        language = file.facts.language
        specifier = imp.source
        for pattern, replacement in _rewrites(file.rule):
            if "{package}" not in pattern.pattern:
                specifier = pattern.sub(replacement, specifier)
                continue
            for name, root in self._package_roots(file.rule):
                own = re.compile(pattern.pattern.replace("{package}", re.escape(name)))
                if own.search(specifier):
                    specifier = own.sub(replacement.replace("{root}", root), specifier, count=1)
                    break
        found = self._globals.get((language, specifier))
        if found:
            return found
        folder = posixpath.dirname(path)
        stem = posixpath.splitext(specifier)[0]
        for template in file.rule.import_paths:
            candidate = template.format(
                module=specifier.replace(".", "/"), path=specifier, stem=stem
            )
            if candidate.startswith("/"):
                rooted = posixpath.normpath(candidate[1:])
                if rooted in self._files:
                    return [(rooted, MODULE_SCOPE)]
                continue
            if candidate.startswith("./"):
                joined = posixpath.normpath(posixpath.join(folder, candidate))
                if joined in self._files:
                    return [(joined, MODULE_SCOPE)]
                continue
            matches = [
                p
                for p in self._by_suffix.get(posixpath.normpath(candidate), ())
                if p in self._files
            ]
            if len(matches) == 1:
                return [(matches[0], MODULE_SCOPE)]
        return []

    def _package_roots(self, rule: LanguageRule) -> list[tuple[str, str]]:
        """(name, folder with a trailing ``/`` or "") of each package of the rule's
        manifests, by ``LanguageRule.package_name``."""
        found = self._packages.get(rule.name)
        if found is None:
            found = []
            pattern = re.compile(rule.package_name, re.MULTILINE) if rule.package_name else None
            for manifest, text in self._manifests:
                if pattern is None or not is_manifest_of(rule, manifest):
                    continue
                named = pattern.search(text)
                if named:
                    folder = posixpath.dirname(manifest)
                    found.append((named.group(1), folder + "/" if folder else ""))
            self._packages[rule.name] = found
        return found

    def _visible_imports(self, path: str, scope: int) -> list[Import]:
        """The imports of a file seen from ``scope``: at the top, or in a scope around it."""
        key = (path, scope)
        held = self._visible.get(key)
        if held is not None:
            return held
        facts = self._files[path].facts
        around = {MODULE_SCOPE}
        current = scope
        while current != MODULE_SCOPE:
            around.add(current)
            current = facts.definitions[current].parent
        visible = self._visible[key] = [imp for imp in facts.imports if imp.scope in around]
        return visible

    # --- lookup --------------------------------------------------------

    def _members(self, container: Container, name: str, imported: bool = False) -> list[Symbol]:
        """The definitions of ``name`` directly in a container; through an
        import, a file's functions stored in a table too."""
        path, index = container
        file = self._files.get(path)
        if file is None:
            return []
        found = file.members.get((index, name), ())
        if not found and imported and index == MODULE_SCOPE:
            found = file.fields.get(name, ())
        return [(path, i) for i in found]

    def _lexical(self, path: str, scope: int, name: str) -> list[Symbol]:
        """The definitions of ``name`` in the innermost enclosing scope holding one."""
        file = self._files[path]
        facts = file.facts
        current = scope
        while True:
            found = self._members((path, current), name)
            if found:
                return found
            if current == MODULE_SCOPE:
                return []
            if file.rule.closed_modules and facts.definitions[current].kind == "namespace":
                return []  # an Elixir module does not see the module around it
            current = _visible_parent(facts, current)

    def _container(self, path: str, scope: int, expression: str) -> tuple[list[Container], bool]:
        """The containers a receiver names, and whether it names something outside
        the repository (an import the repository does not hold, a module name)."""
        file = self._files[path]
        facts = file.facts
        head, *rest = expression.split(".")
        containers: list[Container] = []
        for imp in self._visible_imports(path, scope):
            # `Shop::Money->zero` after `use Shop::Money`: the import's whole name
            if imp.alias is not None and _qualified(imp.alias) == expression:
                targets = self._import_targets(path, imp)
                return list(targets), not targets
        if head in file.rule.self_receivers:
            current = scope
            while current != MODULE_SCOPE and file.kinds[current] != "class":
                current = facts.definitions[current].parent
            # outside any class (Perl's `package` statement): the file's top
            containers = [(path, current)]
        else:
            external = False
            for imp in self._visible_imports(path, scope):
                # a dotted name binds its last part (Elixir's `alias A.B` binds B)
                if imp.alias is not None and imp.alias.rpartition(".")[2] == head:
                    targets = self._import_targets(path, imp)
                    if targets:
                        containers = list(targets)
                    else:
                        external = True
                    break
            if not containers:
                local = [
                    (path, i)
                    for p, i in self._lexical(path, scope, head)
                    if file.kinds[i] == "class"
                ]
                containers = local
            if not containers:
                whole = self._globals.get((facts.language, expression))
                if whole:
                    return list(whole), False
                containers = list(self._globals.get((facts.language, head), ()))
            if not containers:
                pattern = file.rule.module_receivers
                external = external or bool(pattern and re.fullmatch(pattern, expression))
                return [], external
        for part in rest:
            containers = [
                (p, i)
                for container in containers
                for p, i in self._members(container, part)
                if self._files[p].kinds[i] == "class"
            ]
            if not containers:
                return [], False
        return containers, False

    def _resolve(self, path: str, ref: Reference) -> tuple[list[tuple[Symbol, float]], bool]:
        """The targets of a reference and whether they are a name match."""
        file = self._files[path]
        facts = file.facts
        name = _qualified(ref.name)
        if ref.receiver is None and "." in name.strip("."):
            # a name written with its qualifier (Perl's `Shop::Tax::rate`)
            qualifier, _, last = name.rpartition(".")
            ref = ref._replace(receiver=qualifier, name=last)
        elif ref.receiver is not None:
            ref = ref._replace(receiver=_qualified(ref.receiver))
        if ref.receiver is None:
            found = self._lexical(path, ref.scope, ref.name)
            if found:
                return [(s, CERTAIN) for s in found], False
            imported: list[Symbol] = []
            for imp in self._visible_imports(path, ref.scope):
                if imp.alias is None:
                    for target in self._import_targets(path, imp):
                        imported.extend(self._members(target, ref.name))
            imported = sorted(set(imported))
            if len(imported) == 1:
                return [(imported[0], CERTAIN)], False
            if imported:
                return name_matches(ref.name, imported), True
            if ref.kind != "call":
                return [], False
        else:
            # a qualifier written with its dot (Haskell's `T.` of `T.rate`)
            receiver = ref.receiver.rstrip(".")
            # `M.f` where the same file defines `M.f` (Lua's tables of functions)
            qualified = f"{receiver}.{ref.name}"
            same = self._lexical(path, ref.scope, qualified)
            if same:
                return [(s, CERTAIN) for s in same], False
            containers, external = self._container(path, ref.scope, receiver)
            if external:
                return [], False
            if containers:
                found = sorted(
                    {s for c in containers for s in self._members(c, ref.name, imported=True)}
                )
                if len({p for p, _ in found}) > 1:
                    # one global name in several files (two `cart.ml` in two
                    # libraries): which one is meant is not known
                    return name_matches(ref.name, found), True
                return [(s, CERTAIN) for s in found], False
            if ref.kind != "call":
                return [], False
        candidates = [
            s
            for s in self._by_name.get((facts.language, ref.name), ())
            if self._files[s[0]].kinds[s[1]] != "class"
        ]
        return name_matches(ref.name, candidates), True

    # --- output --------------------------------------------------------

    def _id(self, symbol: Symbol) -> str:
        path, index = symbol
        return f"{PREFIX}{path}:{self._files[path].qualnames[index]}"

    def _within(self, path: str, scope: int, scopes: set[int]) -> bool:
        """Whether ``scope`` is one of ``scopes`` or inside one."""
        definitions = self._files[path].facts.definitions
        while scope != MODULE_SCOPE:
            if scope in scopes:
                return True
            scope = definitions[scope].parent
        return False

    def _scope_id(self, path: str, scope: int) -> str:
        file = self._files[path]
        while scope != MODULE_SCOPE and not file.kinds[scope]:
            scope = file.facts.definitions[scope].parent
        return PREFIX + path if scope == MODULE_SCOPE else self._id((path, scope))

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {path: self._build_file(path) for path in paths if path in self._files}

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface. What
        is kept of a file's imports (``_visible``, ``_targets``) is worked out
        only while that file is built, so never from its interface."""
        if facts.path not in self._files:
            return None
        with standing_in(self._files, facts.path, _file(facts)):
            return self._build_file(facts.path)

    def _build_file(self, path: str) -> FileOutput:
        file = self._files[path]
        facts = file.facts
        module_id = PREFIX + path
        language = facts.language
        nodes, edges = module_parts(module_id, facts)
        spans: dict[str, tuple[int, int, int]] = {}
        for index, d in enumerate(facts.definitions):
            if not file.kinds[index]:
                continue
            node_id = self._id((path, index))
            held = spans.get(node_id)
            if held is None:
                spans[node_id] = (d.start_line, d.end_line, index)
                parent_id = self._scope_id(path, d.parent)
                if parent_id != node_id:
                    edges.append(Edge(parent_id, node_id, "contains", CERTAIN, d.start_line))
            else:
                spans[node_id] = (min(held[0], d.start_line), max(held[1], d.end_line), held[2])
        for node_id, (start, end, index) in spans.items():
            nodes.append(
                Node(
                    node_id,
                    file.kinds[index],
                    facts.definitions[index].name,
                    node_id[len(PREFIX) :],
                    path,
                    start,
                    end,
                    language,
                )
            )
        counts = {"resolved": 0, "name_matched": 0, "unresolved": 0}
        for imp in facts.imports:
            files = sorted({p for p, _ in self._import_targets(path, imp)})
            if not files:
                counts["unresolved"] += 1
            for target in files:
                if target != path:
                    edges.append(Edge(module_id, PREFIX + target, "imports", CERTAIN, imp.line))
        types_only = {scope for scope, trait in facts.traits if trait == TYPES_ONLY}
        for ref in facts.references:
            if types_only and self._within(path, ref.scope, types_only):
                continue  # a name in a type (Elixir's `@spec`): no call
            targets, matched = self._resolve(path, ref)
            if not targets:
                if ref.kind == "call":
                    counts["unresolved"] += 1
                continue
            counts["name_matched" if matched else "resolved"] += 1
            source_id = self._scope_id(path, ref.scope)
            tags = (NAME_MATCH_TAG,) if matched else ()
            for symbol, confidence in targets:
                target_file = self._files[symbol[0]]
                kind = "references" if target_file.kinds[symbol[1]] == "class" else "calls"
                target_id = self._id(symbol)
                if target_id != source_id:
                    edges.append(Edge(source_id, target_id, kind, confidence, ref.line, tags))
        entries = {
            EntryPoint(self._scope_id(path, scope), kind) for kind, scope in facts.entry_points
        }
        entry_points = tuple(sorted(entries, key=lambda e: (e.id, e.kind)))
        return FileOutput(tuple(nodes), tuple(edges), counts, entry_points)


def syntactic_symbols(
    facts: FileFacts, module_id: str
) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes
    name them (a name defined twice in one scope is one symbol over both)."""
    del module_id
    qualnames, kinds = _names(facts)
    ids = [f"{PREFIX}{facts.path}:{q}" for q in qualnames]
    return merged_symbols(facts, ids, lambda i: kinds[i] or None)


def syntactic_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files reads of this one: its definitions."""
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=(),
        references=(),
        bases=(),
        bindings=(),
        typed=(),
        exports=None,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        traits=tuple(t for t in facts.traits if t[1] == TITLED),
    )
