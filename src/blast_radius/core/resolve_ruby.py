"""Resolve Ruby facts into graph nodes and edges.

Constants are named by their lexical nesting: ``module A; class B`` defines
``A::B`` and looks names up in ``A::B``, then ``A`` (``Module.nesting``),
while ``class A::B`` at the top defines ``A::B`` but looks up in ``A::B``
only; a name not found lexically is looked up in the ancestors of the
innermost class, then at the top. ``class X::Y`` inside ``module A`` is taken
to be ``A::X::Y``. A class or module reopened in several files is one
constant: its methods, mixins and superclass are merged, and its node sits
in its *home* file, the one Zeitwerk's naming gives it (``lib/a/blog_post.rb``
or ``app/models/a/blog_post.rb`` for ``A::BlogPost``), else the first by path;
each file still lists the constant among its symbols over its own lines, so
an edit to any of its parts changes it. Folders under ``lib/`` and under each
``app/*/`` folder (Zeitwerk's roots) are namespaces even when no file opens
them.

``require`` is looked up in each gemspec's ``require_paths`` (``lib``), any
``lib``, ``spec`` and ``test`` folder, nearest to the requiring file first;
``require_relative`` and ``autoload`` name a file directly. Names outside the
repository get no edge.

A call on ``self`` (written or implicit) looks in the class's ancestors in
Ruby's order: prepended modules (the last first), the class, included
modules (the last first), then the superclass; a call in ``def self.m`` or
``class << self`` looks in the singleton methods along the superclasses and
the modules they ``extend``. ``Foo.new`` runs ``initialize``; ``Foo.m`` and
``Foo::Bar.m`` are certain; ``attr_reader :a`` defines ``a`` (its writer is
the same node), ``X = Struct.new(...) do ... end`` a class. ``Foo.new(...).m``,
a local or instance variable assigned ``Foo.new``, RSpec's ``let(:x) {
Foo.new }``, ``new(...).m`` in a class method and ``self.class.m`` are typed
(0.9); a call on an instance also reaches the overrides in subclasses, and a
module's call of a method its hosts define reaches theirs (dispatch). Any
other receiver is a name match; a constant outside the repository or a
literal gets no edge. ``send``, ``method_missing`` and ``define_method`` are
not followed, nor modules included by a hook (``self.included``).

Node ids: ``rb:<path>`` for a file, ``rb:A::B`` for a class or module,
``rb:A::B#m`` for an instance method, ``rb:A::B.m`` for a singleton method,
``rb:<path>#m`` for a method at the top of a file, and ``rb:<path>:<title>``
(nested titles joined by ``/``) for RSpec groups and examples, minitest's
``test "..."``, Sinatra's routes and Rake's tasks; see
``testdata/ruby/README.md``.
"""

from __future__ import annotations

import posixpath
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
from blast_radius.core.languages import RAILS_RESOURCE_ACTIONS
from blast_radius.core.resolution import (
    ANNOTATED_CONFIDENCE,
    CERTAIN,
    DISPATCH_TAG,
    NAME_MATCH_TAG,
    ancestors,
    dispatched,
    merged_symbols,
    module_parts,
    name_matches,
    standing_in,
)
from blast_radius.core.ruby_projects import load_roots

PREFIX = "rb:"
TITLED = "titled"
SINGLETON = "singleton"
MODULE_FUNCTION = "module-function"
CONSTANT_KINDS = ("class", "namespace")
MIXIN = "mixin"
MIXIN_KINDS = ("include", "prepend", "extend")
CONSTRUCTOR = "initialize"
HTTP_ROUTE = "http-route"
MAIN = "main"
_CONSTANT = re.compile(r"(?:::)?[A-Z][A-Za-z0-9_]*(?:::[A-Z][A-Za-z0-9_]*)*")
_LOCAL = re.compile(r"[a-z_][A-Za-z0-9_]*")
_SCRIPT_FOLDERS = ("bin", "exe")
_ROUTE_VERBS = ("get", "post", "put", "patch", "delete", "match", "root")

Symbol = tuple[str, int]
"""A definition: (file path, definition index)."""


def underscore(name: str) -> str:
    """``BlogPost`` as ``blog_post``, ``HTTPClient`` as ``http_client`` (Zeitwerk's
    file name of a constant)."""
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"([a-z\d])([A-Z])", r"\1_\2", name).lower()


def camelize(name: str) -> str:
    """``blog_post`` as ``BlogPost`` (the constant Zeitwerk expects in a file)."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part)


def autoload_root(path: str) -> str | None:
    """The Zeitwerk root a file sits under (``lib``, ``app/models``,
    ``app/models/concerns``), or None."""
    parts = path.split("/")
    for index in range(len(parts) - 1, -1, -1):
        if parts[index] == "app" and index + 2 < len(parts):
            end = index + 2
            if parts[end] == "concerns" and end + 1 < len(parts):
                end += 1
            return "/".join(parts[:end])
    for index in range(len(parts) - 2, -1, -1):
        if parts[index] == "lib":
            return "/".join(parts[: index + 1])
    return None


def conventional_constant(path: str) -> str | None:
    """The constant Zeitwerk maps a file to (``app/controllers/admin/users_controller.rb``
    is ``Admin::UsersController``), or None outside its roots."""
    root = autoload_root(path)
    if root is None or not path.endswith(".rb"):
        return None
    relative = path[len(root) + 1 : -3]
    return "::".join(camelize(part) for part in relative.split("/"))


def _symbol_title(text: str) -> str:
    return text[1:] if text.startswith(":") else text


@dataclass(slots=True)
class _Names:
    """What each definition of a file is called and where it belongs."""

    ids: list[str] = field(default_factory=list)
    qualnames: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    """Node kind, or "" for an anonymous scope."""
    constants: list[str] = field(default_factory=list)
    """The constant path of a class or module definition, "" otherwise."""
    nesting: list[tuple[str, ...]] = field(default_factory=list)
    """``Module.nesting`` inside each definition, innermost first."""
    owners: list[str] = field(default_factory=list)
    """The constant whose method a definition is ("" for none)."""
    singleton: list[bool] = field(default_factory=list)
    """Whether a method (or code in a scope) runs on the class itself."""


def ruby_names(facts: FileFacts) -> _Names:
    """Ids, qualified names, kinds, nesting and owners of a file's definitions."""
    traits: dict[int, set[str]] = {}
    for index, trait in facts.traits:
        traits.setdefault(index, set()).add(trait)
    names = _Names()
    module_id = PREFIX + facts.path
    for index, d in enumerate(facts.definitions):
        mine = traits.get(index, set())
        parent = d.parent
        outer_nesting = names.nesting[parent] if parent != MODULE_SCOPE else ()
        outer_owner = names.owners[parent] if parent != MODULE_SCOPE else ""
        outer_single = names.singleton[parent] if parent != MODULE_SCOPE else False
        parent_id = names.ids[parent] if parent != MODULE_SCOPE else module_id
        parent_qual = names.qualnames[parent] if parent != MODULE_SCOPE else facts.path
        parent_titled = (
            parent != MODULE_SCOPE
            and names.kinds[parent] != ""
            and (parent_id.startswith(module_id + ":"))
        )
        constant = ""
        nesting = outer_nesting
        owner = outer_owner
        single = outer_single
        if TITLED in mine:
            title = _symbol_title(d.name)
            if parent_titled:
                node_id = f"{parent_id}/{title}"
                qualname = f"{parent_qual}.{title}"
            else:
                node_id = f"{module_id}:{title}"
                qualname = f"{facts.path}.{title}"
            kind = "class" if d.kind in CONSTANT_KINDS else "function"
        elif d.kind in CONSTANT_KINDS:
            written = d.name
            if written.startswith("::"):
                constant = written[2:]
            else:
                constant = f"{outer_nesting[0]}::{written}" if outer_nesting else written
            nesting = (constant, *outer_nesting) if not written.startswith("::") else (constant,)
            if "::" in written and not written.startswith("::"):
                nesting = (constant,)  # `class A::B`: the lexical scope is A::B alone
            owner, single = constant, False
            node_id, qualname, kind = PREFIX + constant, constant, "class"
        elif d.kind == ANONYMOUS_SCOPE:
            node_id, qualname, kind = parent_id, parent_qual, ""
            single = single or SINGLETON in mine
        else:
            method_name = _symbol_title(d.name)  # `attr_reader :name` defines name
            single = SINGLETON in mine or outer_single
            if parent != MODULE_SCOPE and names.kinds[parent] == "function" and owner:
                # a `def` in a method defines a method of the same class
                single = names.singleton[parent]
            if owner and not (parent_titled and not names.owners[parent]):
                mark = "." if single else "#"
                node_id, qualname, kind = (
                    f"{PREFIX}{owner}{mark}{method_name}",
                    owner + mark + method_name,
                    ("method"),
                )
            elif parent_titled:
                node_id = f"{parent_id}#{method_name}"
                qualname = f"{parent_qual}.{method_name}"
                kind = "method"
            else:
                node_id = f"{module_id}{'.' if single else '#'}{method_name}"
                qualname = f"{facts.path}#{method_name}"
                kind = "function"
        names.ids.append(node_id)
        names.qualnames.append(qualname)
        names.kinds.append(kind)
        names.constants.append(constant)
        names.nesting.append(nesting)
        names.owners.append(owner)
        names.singleton.append(single)
    return names


@dataclass(slots=True)
class _File:
    facts: FileFacts
    names: _Names
    traits: dict[int, set[str]] = field(default_factory=dict)
    bindings: dict[int, set[str]] = field(default_factory=dict)
    typed: dict[tuple[int, str], str] = field(default_factory=dict)
    """(scope, local or ``@ivar`` or ``:let``) -> the constant written ``.new``."""
    mixins: dict[tuple[int, str], str] = field(default_factory=dict)
    """(class definition, constant written) -> include, prepend or extend."""


def _ruby_file(item: FileFacts) -> _File:
    """What a file's own lookups read of its facts: names, traits, bindings,
    what its variables are built from, and its mixins (the repository's
    indexes are made apart)."""
    file = _File(item, ruby_names(item))
    for index, trait in item.traits:
        file.traits.setdefault(index, set()).add(trait)
    for scope, name in item.bindings:
        file.bindings.setdefault(scope, set()).add(name)
    for scope, name, expression, how in item.typed:
        if how == MIXIN:
            file.mixins[(scope, expression)] = name
        elif how == "constructed":
            file.typed.setdefault((scope, name), expression)
    return file


class RubyResolver:
    """Resolves the facts of every Ruby file into graph parts."""

    def __init__(
        self,
        facts: Sequence[FileFacts],
        all_paths: Iterable[str],
        manifests: Sequence[tuple[str, str]] = (),
    ) -> None:
        self._paths = frozenset(all_paths)
        self._files: dict[str, _File] = {}
        self._constants: dict[str, list[Symbol]] = {}
        self._namespaces: set[str] = set()
        """Constant paths known without a definition of their own: the
        enclosing names of defined ones and Zeitwerk's folder namespaces."""
        self._instance: dict[tuple[str, str], list[Symbol]] = {}
        self._singleton: dict[tuple[str, str], list[Symbol]] = {}
        self._by_name: dict[str, list[Symbol]] = {}
        self._defined_in: dict[str, list[str]] = {}
        """Node id -> the files defining it, by path."""
        self._module_functions: set[str] = set()
        self._kind_of: dict[str, str] = {}
        roots = set(load_roots(manifests))
        for path in self._paths:
            parts = path.split("/")
            for index, part in enumerate(parts[:-1]):
                if part in ("lib", "spec", "test"):
                    roots.add("/".join(parts[: index + 1]))
            root = autoload_root(path)
            if root is not None and path.endswith(".rb"):
                folders = path[len(root) + 1 :].split("/")[:-1]
                for depth in range(1, len(folders) + 1):
                    self._namespaces.add("::".join(camelize(f) for f in folders[:depth]))
        self._load_roots = tuple(sorted(roots))
        for item in sorted(facts, key=lambda f: f.path):
            file = _ruby_file(item)
            names = file.names
            self._files[item.path] = file
            for index, d in enumerate(item.definitions):
                kind = names.kinds[index]
                if not kind:
                    continue
                self._defined_in.setdefault(names.ids[index], [])
                if item.path not in self._defined_in[names.ids[index]]:
                    self._defined_in[names.ids[index]].append(item.path)
                symbol = (item.path, index)
                constant = names.constants[index]
                if constant:
                    self._constants.setdefault(constant, []).append(symbol)
                    self._kind_of.setdefault(constant, d.kind)
                    if MODULE_FUNCTION in file.traits.get(index, ()):
                        self._module_functions.add(constant)
                    head = constant
                    while "::" in head:
                        head = head.rpartition("::")[0]
                        self._namespaces.add(head)
                elif (
                    kind == "method"
                    and names.owners[index]
                    and TITLED not in file.traits.get(index, ())
                ):
                    table = self._singleton if names.singleton[index] else self._instance
                    method_name = _symbol_title(d.name)
                    table.setdefault((names.owners[index], method_name), []).append(symbol)
                    if not names.singleton[index]:
                        self._by_name.setdefault(method_name, []).append(symbol)
        self._bases_cache: dict[str, tuple[list[str], list[str], list[str], str | None]] = {}
        self._mro_cache: dict[str, list[str]] = {}
        self._subclasses: dict[str, list[str]] | None = None
        self._resolving = 0
        self._required_cache: dict[str, list[str]] = {}

    # ---- constants ------------------------------------------------------------

    def _known(self, path: str) -> bool:
        return path in self._constants or path in self._namespaces

    def _constant(self, expression: str, nesting: Sequence[str]) -> str | None:
        """The repository constant ``expression`` names seen from ``nesting``
        (innermost first): lexically, then through the ancestors of the
        innermost class, then at the top; None outside the repository."""
        if not _CONSTANT.fullmatch(expression):
            return None
        if expression.startswith("::"):
            head_found: str | None = None
            parts = expression[2:].split("::")
            head_found = parts[0] if self._known(parts[0]) else None
        else:
            parts = expression.split("::")
            head_found = next(
                (f"{n}::{parts[0]}" for n in nesting if self._known(f"{n}::{parts[0]}")), None
            )
            if head_found is None and nesting and not self._resolving:
                for ancestor in self._mro(nesting[0])[1:]:
                    if self._known(f"{ancestor}::{parts[0]}"):
                        head_found = f"{ancestor}::{parts[0]}"
                        break
            if head_found is None and self._known(parts[0]):
                head_found = parts[0]
        found = head_found
        for part in parts[1:]:
            if found is None:
                return None
            nested = f"{found}::{part}"
            if self._known(nested):
                found = nested
                continue
            found = None
            if not self._resolving:
                for ancestor in self._mro(nested.rpartition("::")[0])[1:]:
                    if self._known(f"{ancestor}::{part}"):
                        found = f"{ancestor}::{part}"
                        break
        return found

    def _bases(self, constant: str) -> tuple[list[str], list[str], list[str], str | None]:
        """(prepended, included, extended, superclass) of a constant, over every
        file that opens it (in path order), each list in the order written."""
        cached = self._bases_cache.get(constant)
        if cached is not None:
            return cached
        prepends: list[str] = []
        includes: list[str] = []
        extends: list[str] = []
        superclass: str | None = None
        self._resolving += 1
        try:
            for path, index in self._constants.get(constant, ()):
                file = self._files[path]
                names = file.names
                parent = file.facts.definitions[index].parent
                outer = names.nesting[parent] if parent != MODULE_SCOPE else ()
                for base in file.facts.bases:
                    if base.definition != index:
                        continue
                    if not base.implements:
                        target = self._constant(base.expression, outer)
                        if superclass is None and target is not None and target != constant:
                            superclass = target
                        continue
                    target = self._constant(base.expression, names.nesting[index])
                    if target is None or target == constant:
                        continue
                    how = file.mixins.get((index, base.expression), "include")
                    listed = (
                        prepends if how == "prepend" else extends if how == "extend" else (includes)
                    )
                    if target not in listed:
                        listed.append(target)
        finally:
            self._resolving -= 1
        result = (prepends, includes, extends, superclass)
        self._bases_cache[constant] = result
        return result

    def _linear_bases(self, node: tuple[str, bool]) -> list[tuple[str, bool]]:
        constant, own = node
        if own:
            return []
        prepends, includes, _, superclass = self._bases(constant)
        found = [(p, False) for p in reversed(prepends)] + [(constant, True)]
        found += [(m, False) for m in reversed(includes)]
        if superclass is not None:
            found.append((superclass, False))
        return found

    def _mro(self, constant: str) -> list[str]:
        """``constant.ancestors`` within the repository, nearest first."""
        cached = self._mro_cache.get(constant)
        if cached is None:
            order = ancestors((constant, False), self._linear_bases)
            cached = [c for c, own in order if own]
            if not self._resolving:
                self._mro_cache[constant] = cached
        return cached

    def _instance_method(self, constant: str, name: str, after: str = "") -> list[Symbol]:
        """The definitions of instance method ``name`` nearest in ``constant``'s
        ancestors (those past ``after`` when given: ``super``)."""
        chain = self._mro(constant)
        if after:
            if after not in chain:
                return []
            chain = chain[chain.index(after) + 1 :]
        for klass in chain:
            found = self._instance.get((klass, name))
            if found:
                return found
        return []

    def _singleton_method(self, constant: str, name: str) -> list[Symbol]:
        """``constant.name``: its own singleton methods, then those of the modules
        it extends, along its superclasses; a ``module_function`` module's own."""
        seen: set[str] = set()
        current: str | None = constant
        while current is not None and current not in seen:
            seen.add(current)
            found = self._singleton.get((current, name))
            if found:
                return found
            _prepends, _includes, extends, superclass = self._bases(current)
            for module in reversed(extends):
                hit = self._instance_method(module, name)
                if hit:
                    return hit
            if current in self._module_functions:
                hit = self._instance.get((current, name), [])
                if hit:
                    return hit
            current = superclass
        return []

    def _overrides(self, owner: str, name: str) -> list[Symbol]:
        """``name`` as the subclasses of ``owner`` (and the classes including it)
        define it: what a call on an instance may reach instead."""
        if self._subclasses is None:
            subclasses: dict[str, list[str]] = {}
            for constant in sorted(self._constants):
                for ancestor in self._mro(constant):
                    if ancestor != constant:  # a prepended module comes first
                        subclasses.setdefault(ancestor, []).append(constant)
            self._subclasses = subclasses
        found: list[Symbol] = []
        for sub in self._subclasses.get(owner, ()):
            hit = self._instance.get((sub, name))
            if hit:
                found.append(hit[0])
        return found

    def _in_hosts(self, module: str, name: str, after: bool = False) -> list[tuple[Symbol, float]]:
        """A module's call of a method it does not define (or ``super``): the
        method as each class that includes it has it, split between them."""
        if self._kind_of.get(module) != "namespace":
            return []
        self._overrides(module, name)  # builds the table of classes below each ancestor
        found: dict[str, Symbol] = {}
        for host in (self._subclasses or {}).get(module, ()):
            hit = self._instance_method(host, name, after=module if after else "")
            if hit:
                found.setdefault(self._id(hit[0]), hit[0])
        return dispatched([found[key] for key in sorted(found)], CERTAIN)

    # ---- contexts -------------------------------------------------------------

    def _context(self, path: str, scope: int) -> tuple[str, str, bool, tuple[str, ...]]:
        """Who ``self`` is in ``scope``: ("constant", C, on the class itself?,
        nesting), ("group", titled id, False, nesting) for an RSpec group, or
        ("main", "", False, nesting)."""
        if scope == MODULE_SCOPE:
            return ("main", "", False, ())
        names = self._files[path].names
        owner = names.owners[scope]
        nesting = names.nesting[scope]
        defs = self._files[path].facts.definitions
        if owner:
            # code in a class body runs on the class itself (`validates`, `attr_reader`)
            in_body = names.constants[scope] != ""
            return ("constant", owner, names.singleton[scope] or in_body, nesting)
        current = scope
        while current != MODULE_SCOPE:
            if names.kinds[current] == "class" and TITLED in self._files[path].traits.get(
                current, ()
            ):
                return ("group", names.ids[current], False, nesting)
            current = defs[current].parent
        return ("main", "", False, nesting)

    def _is_local(self, path: str, scope: int, name: str) -> bool:
        """Whether ``name`` is a local variable in ``scope``: bound in it or, for
        blocks, around it up to the enclosing method."""
        file = self._files[path]
        current = scope
        defs = file.facts.definitions
        while True:
            if name in file.bindings.get(current, ()):
                return True
            if current == MODULE_SCOPE:
                return False
            kind = defs[current].kind
            if kind in CONSTANT_KINDS and TITLED not in file.traits.get(current, ()):
                return False
            if kind == "function" and TITLED not in file.traits.get(current, ()):
                return False
            current = defs[current].parent

    def _typed(self, path: str, scope: int, name: str) -> str | None:
        """The constant a local (``x``), instance variable (``@x``) or RSpec
        ``let`` (``:x``) was assigned ``Foo.new`` from, as written."""
        file = self._files[path]
        defs = file.facts.definitions
        if name.startswith("@"):
            owner = file.names.owners[scope] if scope != MODULE_SCOPE else ""
            written = {
                expression
                for (where, bound), expression in file.typed.items()
                if bound == name and where != MODULE_SCOPE and file.names.owners[where] == owner
            }
            return written.pop() if len(written) == 1 else None
        current = scope
        while True:
            hit = file.typed.get((current, name))
            if hit is not None:
                return hit
            if current == MODULE_SCOPE:
                return None
            titled = TITLED in file.traits.get(current, ())
            if defs[current].kind == "function" and not titled:
                return None
            current = defs[current].parent

    # ---- resolution -----------------------------------------------------------

    def _self_call(
        self, path: str, scope: int, name: str
    ) -> tuple[list[tuple[Symbol, float]], list[tuple[Symbol, float]]]:
        kind, owner, single, _ = self._context(path, scope)
        file = self._files[path]
        if kind == "constant":
            if name == "super":
                method = self._enclosing_method(path, scope)
                if method is None:
                    return [], []
                method_name = file.facts.definitions[method].name
                if single:
                    return [], []
                hit = self._instance_method(owner, method_name, after=owner)
                if hit:
                    return [(hit[0], CERTAIN)], []
                return [], self._in_hosts(owner, method_name, after=True)
            if single:
                if name == "new":
                    return self._construction(owner, CERTAIN), []
                hit = self._singleton_method(owner, name)
                return ([(hit[0], CERTAIN)] if hit else []), []
            hit = self._instance_method(owner, name)
            if not hit:
                return [], self._in_hosts(owner, name)
            found_owner = self._files[hit[0][0]].names.owners[hit[0][1]]
            return [(hit[0], CERTAIN)], dispatched(self._overrides(found_owner, name), CERTAIN)
        if kind == "group":
            defs = file.facts.definitions
            current = scope
            while current != MODULE_SCOPE:
                for index, d in enumerate(defs):
                    if (
                        d.parent == current
                        and _symbol_title(d.name) == name
                        and file.names.kinds[index] == "method"
                        and TITLED not in file.traits.get(index, ())
                    ):
                        return [((path, index), CERTAIN)], []
                current = defs[current].parent
        # the top of a file: its own methods, then those of the files it requires
        for candidate in [path, *self._required(path)]:
            other = self._files.get(candidate)
            if other is None:
                continue
            for index, d in enumerate(other.facts.definitions):
                if (
                    _symbol_title(d.name) == name
                    and d.kind == "function"
                    and other.names.kinds[index] == "function"
                    and TITLED not in other.traits.get(index, ())
                    and other.names.ids[index].startswith(PREFIX + candidate + "#")
                ):
                    return [((candidate, index), CERTAIN)], []
        return [], []

    def _enclosing_method(self, path: str, scope: int) -> int | None:
        defs = self._files[path].facts.definitions
        current = scope
        while current != MODULE_SCOPE:
            if defs[current].kind == "function":
                return current
            current = defs[current].parent
        return None

    def _construction(self, constant: str, confidence: float) -> list[tuple[Symbol, float]]:
        """``Foo.new``: the class, and the ``initialize`` it runs (its own or inherited)."""
        found: list[tuple[Symbol, float]] = [(self._constants[constant][0], confidence)]
        hit = self._instance_method(constant, CONSTRUCTOR)
        if hit:
            found.append((hit[0], confidence))
        return found

    def _on_instance(
        self, constant: str, name: str, confidence: float
    ) -> tuple[list[tuple[Symbol, float]], list[tuple[Symbol, float]]]:
        hit = self._instance_method(constant, name)
        if not hit:
            return [], []
        found_owner = self._files[hit[0][0]].names.owners[hit[0][1]]
        return [(hit[0], confidence)], dispatched(self._overrides(found_owner, name), confidence)

    def _resolve(
        self, path: str, ref: Reference
    ) -> tuple[list[tuple[Symbol, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        """Targets, tags and dispatch targets of one reference."""
        scope = ref.scope
        if ref.header and scope != MODULE_SCOPE:
            scope = self._files[path].facts.definitions[scope].parent
        _, _, _, nesting = self._context(path, scope)
        receiver = ref.receiver
        name = ref.name
        if ref.kind == "value":
            if _CONSTANT.fullmatch(name):
                constant = self._constant(name, nesting)
                if constant is not None and constant in self._constants:
                    return [(self._constants[constant][0], CERTAIN)], (), []
                return [], (), []
            if not _LOCAL.fullmatch(name) or self._is_local(path, ref.scope, name):
                return [], (), []
            targets, overrides = self._self_call(path, scope, name)
            return targets, (), overrides
        if ref.kind != "call":
            return [], (), []
        if receiver is None or receiver == "self":
            targets, overrides = self._self_call(path, scope, name)
            if receiver is None or name != "super":
                return targets, (), overrides
            return [], (), []
        if receiver == "#literal":
            return [], (), []  # a string, an array: a class outside the repository
        if receiver == "?":
            return self._name_match(name)
        kind, owner, single, _ = self._context(path, scope)
        if kind == "constant" and (
            (single and receiver.removesuffix("()") in ("new", "self.new"))
            or (not single and receiver == "self.class")
        ):
            # `new(x).m` in a class method: an instance of the class (or a subclass);
            # `self.class.m` in an instance method: the class (or a subclass)
            if receiver == "self.class":
                hit = self._singleton_method(owner, name)
                return ([(hit[0], ANNOTATED_CONFIDENCE)] if hit else []), (), []
            targets, overrides = self._on_instance(owner, name, ANNOTATED_CONFIDENCE)
            return targets, (), overrides
        built = receiver.endswith((".new", ".new()"))
        constant_part = receiver.removesuffix("()").removesuffix(".new") if built else receiver
        if _CONSTANT.fullmatch(constant_part):
            constant = self._constant(constant_part, nesting)
            if constant is None:
                return [], (), []  # a class outside the repository
            if built:  # `Foo.new(...).m`: an instance of Foo
                targets, overrides = self._on_instance(constant, name, ANNOTATED_CONFIDENCE)
                return targets, (), overrides
            if name == "new":
                if constant not in self._constants:
                    return [], (), []
                return self._construction(constant, CERTAIN), (), []
            hit = self._singleton_method(constant, name)
            return ([(hit[0], CERTAIN)] if hit else []), (), []
        head = receiver
        if head.startswith("@") and not head.startswith("@@") and "." not in head:
            written = self._typed(path, ref.scope, head)
            if written is not None:
                constant = self._constant(written, nesting)
                if constant is not None and constant in self._constants:
                    targets, overrides = self._on_instance(constant, name, ANNOTATED_CONFIDENCE)
                    return targets, (), overrides
                return [], (), []
            return self._name_match(name)
        if _LOCAL.fullmatch(head):
            local = self._is_local(path, ref.scope, head)
            written = self._typed(path, ref.scope, head if local else ":" + head)
            if written is not None:
                constant = self._constant(written, nesting)
                if constant is not None and constant in self._constants:
                    targets, overrides = self._on_instance(constant, name, ANNOTATED_CONFIDENCE)
                    return targets, (), overrides
                return [], (), []
        return self._name_match(name)

    def _name_match(
        self, name: str
    ) -> tuple[list[tuple[Symbol, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        unique: dict[str, Symbol] = {}
        for symbol in self._by_name.get(name, ()):
            unique.setdefault(self._id(symbol), symbol)
        candidates = [unique[key] for key in sorted(unique)]
        return name_matches(name, candidates), (NAME_MATCH_TAG,), []

    # ---- loading ----------------------------------------------------------------

    def _require_target(self, path: str, how: str, source: str) -> str | None:
        """The repository file a ``require`` (``require_relative``, ``load``,
        ``autoload``) names, or None."""
        if how == "require_relative":
            joined = posixpath.normpath(posixpath.join(posixpath.dirname(path), source))
            for candidate in (joined, joined + ".rb"):
                if candidate in self._paths and candidate.endswith((".rb", ".rake")):
                    return candidate
            return None
        if source.startswith(("/", ".")):
            return None
        candidates = []
        for root in self._load_roots:
            base = f"{root}/{source}" if root else source
            for candidate in (base + ".rb", base) if not source.endswith(".rb") else (base,):
                if candidate in self._paths and candidate.endswith(".rb"):
                    candidates.append((root, candidate))
                    break
        if not candidates:
            return None

        def nearness(item: tuple[str, str]) -> tuple[int, str]:
            root = item[0]
            project = (
                posixpath.dirname(root)
                if posixpath.basename(root)
                in (
                    "lib",
                    "spec",
                    "test",
                )
                else root
            )
            shared = path.startswith(project + "/") or not project
            return (-len(project) if shared else 1, item[1])

        return min(candidates, key=nearness)[1]

    def _required(self, path: str) -> list[str]:
        """The repository files ``path`` requires, in the order written."""
        cached = self._required_cache.get(path)
        if cached is not None:
            return cached
        found: list[str] = []
        for imp in self._files[path].facts.imports:
            target = self._require_target(path, imp.name or "require", imp.source)
            if target is not None and target not in found:
                found.append(target)
        self._required_cache[path] = found
        return found

    # ---- building -------------------------------------------------------------

    def _id(self, symbol: Symbol) -> str:
        return self._files[symbol[0]].names.ids[symbol[1]]

    def _home(self, node_id: str) -> str:
        """The file that holds the node of a definition made in several files."""
        paths = self._defined_in[node_id]
        if len(paths) == 1:
            return paths[0]
        constant = node_id[len(PREFIX) :].split("#", 1)[0]
        if "." in constant and constant.rsplit(".", 1)[0] in self._constants:
            constant = constant.rsplit(".", 1)[0]
        for candidate in paths:
            if conventional_constant(candidate) == constant:
                return candidate
        return paths[0]

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {path: self._build_file(path) for path in paths if path in self._files}

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface."""
        if facts.path not in self._files:
            return None
        with standing_in(self._files, facts.path, _ruby_file(facts)):
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
                parent_id = module_id if d.parent == MODULE_SCOPE else names.ids[d.parent]
                if parent_id != node_id:
                    edges.append(Edge(parent_id, node_id, "contains", CERTAIN, d.start_line))
            else:
                spans[node_id] = (min(held[0], d.start_line), max(held[1], d.end_line), held[2])
        for node_id, (start, end, index) in spans.items():
            if self._home(node_id) != path:
                continue
            d = facts.definitions[index]
            title = _symbol_title(d.name)
            nodes.append(
                Node(
                    node_id,
                    names.kinds[index],
                    title,
                    names.qualnames[index],
                    path,
                    start,
                    end,
                    language,
                )
            )
        counts = {"resolved": 0, "name_matched": 0, "ambiguous": 0, "unresolved": 0}
        for imp in facts.imports:
            target = self._require_target(path, imp.name or "require", imp.source)
            if target is None:
                counts["unresolved"] += 1
                continue
            edges.append(Edge(module_id, PREFIX + target, "imports", CERTAIN, imp.line))
        for ref in facts.references:
            targets, tags, overrides = self._resolve(path, ref)
            if not targets and not overrides:
                if ref.kind == "call":
                    counts["unresolved"] += 1
                continue
            counts["name_matched" if NAME_MATCH_TAG in tags else "resolved"] += 1
            source_id = module_id if ref.scope == MODULE_SCOPE else names.ids[ref.scope]
            for (symbol, confidence), edge_tags in [(t, tags) for t in targets] + [
                (o, (DISPATCH_TAG,)) for o in overrides
            ]:
                target_file = self._files[symbol[0]]
                is_method = target_file.names.kinds[symbol[1]] in ("method", "function")
                kind = "calls" if is_method else "references"
                target_id = self._id(symbol)
                if target_id != source_id:
                    edges.append(Edge(source_id, target_id, kind, confidence, ref.line, edge_tags))
        for base in facts.bases:
            constant = names.constants[base.definition]
            if not constant:
                continue
            parent = facts.definitions[base.definition].parent
            outer = names.nesting[parent] if parent != MODULE_SCOPE else ()
            nesting = names.nesting[base.definition] if base.implements else outer
            target = self._constant(base.expression, nesting)
            if target is None or target == constant or target not in self._constants:
                continue
            tags = (
                (file.mixins.get((base.definition, base.expression), "include"),)
                if (base.implements)
                else ()
            )
            edges.append(
                Edge(PREFIX + constant, PREFIX + target, "inherits", CERTAIN, base.line, tags)
            )
        entries = {
            EntryPoint(module_id if scope == MODULE_SCOPE else names.ids[scope], kind)
            for kind, scope in facts.entry_points
        }
        folder = path.split("/")
        if len(folder) >= 2 and folder[-2] in _SCRIPT_FOLDERS:
            entries.add(EntryPoint(module_id, MAIN))
        if path == "config/routes.rb" or path.endswith("/config/routes.rb"):
            for target_id, line in self._routes(path):
                entries.add(EntryPoint(target_id, HTTP_ROUTE))
                edges.append(Edge(module_id, target_id, "references", CERTAIN, line))
        entry_points = tuple(sorted(entries, key=lambda e: (e.id, e.kind)))
        return FileOutput(tuple(nodes), tuple(edges), counts, entry_points)

    def _routes(self, path: str) -> list[tuple[str, int]]:
        """The controller actions a Rails routes file maps requests to, with the
        line of each route."""
        file = self._files[path]
        facts = file.facts
        literals: dict[int, list[tuple[int, str | None, str]]] = {}
        for literal in facts.literals:
            literals.setdefault(literal.reference, []).append(
                (literal.position, literal.keyword, literal.value)
            )
        found: list[tuple[str, int]] = []
        for index, ref in enumerate(facts.references):
            if ref.kind != "call" or ref.receiver is not None:
                continue
            values = literals.get(index, [])
            positional = [_symbol_title(v) for p, k, v in values if k is None]
            options: dict[str, list[str]] = {}
            for _, keyword, value in values:
                if keyword is not None:
                    options.setdefault(keyword, []).append(_symbol_title(value))
            prefix = self._route_prefix(path, ref.scope)
            actions: list[tuple[str, str]] = []
            if ref.name in ("resources", "resource") and positional:
                plural = ref.name == "resources"
                every = RAILS_RESOURCE_ACTIONS if plural else RAILS_RESOURCE_ACTIONS[1:]
                chosen = [a for a in every if "only" not in options or a in options["only"]]
                chosen = [a for a in chosen if a not in options.get("except", ())]
                for resource in positional:
                    controller = options.get("controller", [""])[0] or (
                        resource if plural or resource.endswith("s") else resource + "s"
                    )
                    actions.extend((controller, action) for action in chosen)
            elif ref.name in _ROUTE_VERBS:
                written = [v for values in options.values() for v in values if "#" in v]
                given = options.get("to") or written or [v for v in positional if "#" in v]
                target = given[0] if given else ""
                if "#" in target:
                    controller, _, action = target.partition("#")
                    actions.append((controller, action))
            for controller, action in actions:
                constant = (
                    prefix
                    + "::".join(camelize(part) for part in controller.split("/"))
                    + "Controller"
                )
                hit = self._instance_method(constant, action) if constant in self._constants else []
                if hit:
                    found.append((self._id(hit[0]), ref.line))
        return found

    def _route_prefix(self, path: str, scope: int) -> str:
        """``Admin::`` for a route inside ``namespace :admin do``."""
        file = self._files[path]
        defs = file.facts.definitions
        parts: list[str] = []
        current = scope
        while current != MODULE_SCOPE:
            if TITLED in file.traits.get(current, ()) and defs[current].kind in CONSTANT_KINDS:
                parts.append(camelize(_symbol_title(defs[current].name)))
            current = defs[current].parent
        return "".join(part + "::" for part in reversed(parts))


def ruby_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes
    name them: a constant or method opened twice in one file spans both, and a
    class reopened in another file is a symbol there too, over its lines there."""
    names = ruby_names(facts)
    return merged_symbols(
        facts,
        names.ids,
        lambda i: names.kinds[i] or None,
        lambda i: _symbol_title(facts.definitions[i].name),
    )


def ruby_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files may read of this one: definitions and their
    traits, imports, mixins and superclasses, and the classes its variables
    are built from (its routes and RSpec ``let``s are read only here)."""
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=facts.imports,
        references=(),
        bases=facts.bases,
        bindings=(),
        typed=tuple(t for t in facts.typed if t[3] == MIXIN),
        exports=None,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        traits=facts.traits,
    )
