"""Resolve Rust facts into graph nodes and edges.

Crates come from the ``Cargo.toml`` manifests (``core/rust_projects.py``):
a library, binaries, and each integration test, example and bench a crate of
its own. From each crate's root file the module tree is followed through
``mod foo;`` (``foo.rs`` or ``foo/mod.rs`` in the module's folder: the root's
and a ``mod.rs``'s own folder, ``dir/name/`` for ``name.rs``; ``#[path]``
next to the declaring file) and inline ``mod m { }``. A file two crates
declare (a shared ``tests/common/mod.rs``) is a module of each; a file no
``mod`` reaches keeps its path as its module's name.

Names resolve as rustc does, without expanding macros. A module's names are
its own items, its ``use`` imports (``a::{b, c as d, self}``; explicit names
shadow glob imports, ``pub use`` re-exports are followed through any chain,
a cycle cut), then the crate names it may write (its package's library and
the repository packages it depends on); ``std``, ``core``, ``alloc``, other
crates and the prelude's names lie outside the repository and get no edge.
A path (``crate::``, ``self::``, ``super::``, ``Self::``, a crate's name)
is followed module by module; on a type it names an associated function,
inherent impls first, then the impls of traits in scope. ``#[cfg(...)]`` on
items, ``mod`` and ``use`` is read with the package's default features,
``test`` and a Linux target: what it turns off stays a node, but no name
resolves to it, so of two alternatives the compiled one is found.

Calls by path (``f()``, ``module::f()``, ``Type::f()``, ``Self::f()``), struct
literals and ``self.m()`` in an impl are certain (1.0); so are calls written
as a macro's arguments (``assert_eq!(total(&c), 1)``), read from its tokens.
A method call on a receiver whose type is written (a parameter ``x: T``,
``&T``, ``&mut T``, ``Box<T>``, ``let x: T``, ``let x = T::new()`` by its
declared result, a struct literal, a field of ``self``, ``Kind::V(x)`` by the
variant's field) is typed (0.9); on a trait (``dyn Tr``, ``impl Tr``, a
generic ``T: Tr``, ``self`` in a trait's provided method) it is the trait's
method, and the implementations by dispatch. A receiver of a type outside
the repository gets no edge; one of unknown type a name match.

``impl Trait for T``, a supertrait and ``#[derive(X)]`` of a repository
trait X are ``inherits`` edges (derives of outside traits, ``Debug`` or
``Serialize``, make none); an impl's method inherits the trait's required
method it implements.

Node ids: ``rust:<crate>::<module path>`` for a file's module (``rust:<path>``
for a file no ``mod`` reaches) and ``rust:<crate>::<module path>::<item>``
for an item, where ``<crate>`` is the package name for its library
(``rust:shop::money::round``) and ``package/kind/name`` for another crate
(``rust:shop/test/api::adds_item``); a method is named after the type of
its impl block, in the module holding the block (``rust:shop::cart::Cart::total``),
a trait's implementation also after the trait (``rust:shop::cart::Cart::Display::fmt``);
see ``testdata/rust/README.md``.
"""

from __future__ import annotations

import contextlib
import functools
import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from blast_radius.core.facts import ANONYMOUS_SCOPE, MODULE_SCOPE, FileFacts, Reference
from blast_radius.core.graph import Edge, EntryPoint, FileOutput, Node
from blast_radius.core.resolution import (
    ANNOTATED_CONFIDENCE,
    CERTAIN,
    DISPATCH_TAG,
    NAME_MATCH_TAG,
    CycleMemo,
    ancestors,
    dispatched,
    merged_symbols,
    module_parts,
    name_matches,
    standing_in,
)
from blast_radius.core.rust_projects import BIN, EXAMPLE, LIB, Crate, cargo_crates

PREFIX = "rust:"
IMPLEMENTS_TAG = "implements"
REQUIRED_TRAIT = "required"
"""The trait (``@trait.required``) of a trait's method declared without a body."""
MOD_SOURCE = "mod"
"""The ``source`` of an import fact that is a ``mod foo;`` declaration."""
TYPE_KINDS = ("class", "interface", "type")
_NAMESPACE = "namespace"
_TYPE_NS = "type"
_VALUE_NS = "value"
_ANY_NS = "any"
_OUTSIDE_ROOTS = frozenset({"std", "core", "alloc", "proc_macro", "test"})
_PRELUDE = frozenset(
    """Vec String Box Option Some None Result Ok Err ToString ToOwned Clone Copy Send Sync Sized
    Unpin Drop Fn FnMut FnOnce Default Eq PartialEq Ord PartialOrd Hash Debug Iterator
    IntoIterator DoubleEndedIterator ExactSizeIterator Extend FromIterator AsRef AsMut Into
    From TryFrom TryInto drop char str bool u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128
    isize f32 f64 self_cell""".split()
)
"""Names the prelude and the primitive types give every module: outside the repository."""
_WRAPPERS = frozenset({"Box", "Rc", "Arc", "Cow", "Pin"})
"""Types whose methods reach through to what they hold (auto-deref)."""
_TOKEN = re.compile(r"::|[{},*]|r#[A-Za-z_][A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_]*")
_TYPE_PREFIX = re.compile(
    r"^(?:&\s*|'[A-Za-z_][A-Za-z0-9_]*\s*|mut\s+|dyn\s+|impl\s+|\*const\s+|\*mut\s+)"
)
_PATH = re.compile(r"(?:::)?[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*")

Symbol = tuple[str, int]
"""A definition: (file path, definition index)."""
ModKey = tuple[str, tuple[str, ...]]
"""A module: (crate id, module path)."""


class Res(NamedTuple):
    """What a name means: a module, a definition, or (neither) a thing outside
    the repository."""

    module: ModKey | None = None
    symbol: Symbol | None = None


OUTSIDE = Res()
_LOCAL = Res(("", ("#local",)))
"""A local variable: it shadows items of its name."""


class _Use(NamedTuple):
    """One name a ``use`` binds: the path, the name bound (``*``: a glob; ``_``:
    a trait brought into scope unnamed), whether it is ``pub``, its line."""

    segments: tuple[str, ...]
    name: str
    public: bool
    line: int


def strip_generics(text: str) -> str:
    """``Vec::<u32>::new`` as ``Vec::new``, ``Cart<T>`` as ``Cart``."""
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch == "<":
            depth += 1
        elif ch == ">" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return re.sub(r"::(?:\s*::)+", "::", "".join(out)).strip().removesuffix("::")


def use_leaves(tree: str) -> list[tuple[tuple[str, ...], str]]:
    """The (path, name bound) pairs of a ``use`` tree: ``a::{b, c as d, self}`` is
    ``(a, b) b``, ``(a, c) d``, ``(a,) a``; a glob binds ``*``. A leading ``::``
    is an empty first segment."""
    found: list[tuple[tuple[str, ...], str]] = []
    prefixes: list[tuple[str, ...]] = [()]
    current: list[str] = []
    done = False
    alias_next = False

    def finish() -> None:
        if done or not current:
            return
        segments = prefixes[-1] + tuple(current)
        if segments[-1] == "self" and len(segments) > 1:
            segments = segments[:-1]
        found.append((segments, segments[-1]))

    tokens = _TOKEN.findall(tree)
    for index, token in enumerate(tokens):
        if token == "as":
            alias_next = True
        elif alias_next:
            alias_next = False
            segments = prefixes[-1] + tuple(current)
            if segments and segments[-1] == "self" and len(segments) > 1:
                segments = segments[:-1]
            if segments:
                found.append((segments, token.removeprefix("r#")))
            done = True
        elif token == "::":
            if not current and not prefixes[-1] and (index == 0 or tokens[index - 1] in "{,"):
                current.append("")
        elif token == "{":
            prefixes.append(prefixes[-1] + tuple(current))
            current, done = [], False
        elif token == "}":
            finish()
            if len(prefixes) > 1:
                prefixes.pop()
            current, done = [], True
        elif token == ",":
            finish()
            current, done = [], False
        elif token == "*":
            found.append((prefixes[-1] + tuple(current), "*"))
            done = True
        else:
            current.append(token.removeprefix("r#"))
    finish()
    return found


def type_path(expression: str) -> str | None:
    """The path of the type a written type names, references, ``mut``, ``dyn``,
    ``impl`` and the smart pointers (``Box<T>``, ``Rc<T>``) taken off, generics
    dropped; None for a tuple, slice, array or function type."""
    text = expression.strip()
    for _ in range(8):
        stripped = _TYPE_PREFIX.sub("", text, count=1).strip()
        if stripped == text:
            break
        text = stripped
    text = text.split("+", 1)[0].strip() if "<" not in text.split("+", 1)[0] else text
    head = strip_generics(text)
    if not _PATH.fullmatch(head):
        return None
    last = head.rsplit("::", 1)[-1]
    if last in _WRAPPERS and "<" in text:
        inner = text[text.index("<") + 1 : text.rindex(">")] if ">" in text else ""
        return type_path(inner.split(",", 1)[0]) if inner else None
    return head


GENERIC_HOW = "generic"
"""How a typed fact names a generic parameter of the item at its scope."""
BOUND_HOW = "asserted"
"""How a typed fact gives a bound of a generic parameter (``T: Tr``)."""
CFG_HOW = "cfg"
"""How a typed fact carries a ``#[cfg(...)]`` predicate of the item it names."""
_CFG_TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|[A-Za-z_][A-Za-z0-9_]*|[(),=]')
_CFG_SET = frozenset(
    {
        "test", "debug_assertions", "unix", 'target_os="linux"', 'target_family="unix"',
        'target_arch="x86_64"', 'target_pointer_width="64"', 'target_endian="little"',
        'target_env="gnu"', 'panic="unwind"', 'target_has_atomic="64"', 'target_has_atomic="ptr"',
    }
)  # fmt: skip
"""What a plain ``cargo build`` and ``cargo test`` on Linux set, besides features;
any other name (a build script's ``no_alloc_crate``, ``doc``, ``miri``) is unset."""


def cfg_holds(predicate: str, features: Iterable[str]) -> bool:
    """Whether a ``cfg`` predicate (``(all(feature = "a", not(test)))``, its
    parentheses included) holds with these features, in ``_CFG_SET``'s build.
    Read with a stack, not recursion; one that does not read holds."""
    enabled = _CFG_SET | {f'feature="{f}"' for f in features}
    tokens = _CFG_TOKEN.findall(predicate)
    # frames: [operator, values]; the outer parentheses are an `all`
    stack: list[tuple[str, list[bool]]] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if token == "(" and not stack:
            stack.append(("all", []))
        elif token in ("all", "any", "not") and following == "(":
            stack.append((token, []))
            index += 1
        elif token == ")":
            if not stack:
                return True
            operator, values = stack.pop()
            value = (
                all(values)
                if operator == "all"
                else any(values)
                if operator == "any"
                else not all(values)
            )
            if not stack:
                return value
            stack[-1][1].append(value)
        elif token == ",":
            pass
        elif stack:
            if following == "=" and index + 2 < len(tokens):
                key = f"{token}={tokens[index + 2]}"
                index += 2
            else:
                key = token
            stack[-1][1].append(key in enabled)
        index += 1
    return True


@dataclass(slots=True)
class _File:
    facts: FileFacts
    crate: Crate
    module: tuple[str, ...]
    base: str
    """The file's module as node ids name it (``shop::cart``), or its path when
    no ``mod`` declaration reaches it."""
    ids: list[str] = field(default_factory=list)
    qualnames: list[str] = field(default_factory=list)
    modules: dict[int, ModKey] = field(default_factory=dict)
    """The module of the file (MODULE_SCOPE) and of each inline module in it."""
    children: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    uses: dict[int, list[_Use]] = field(default_factory=dict)
    bindings: dict[int, set[str]] = field(default_factory=dict)
    typed: dict[tuple[int, str], list[tuple[str, str]]] = field(default_factory=dict)
    returns: dict[int, str] = field(default_factory=dict)
    traits: dict[int, str] = field(default_factory=dict)
    """Impl block -> the trait it implements, as written."""
    generics: dict[tuple[int, str], list[str]] = field(default_factory=dict)
    """(item, generic parameter) -> its bounds as written."""
    gated: set[int] = field(default_factory=set)
    """Definitions behind a ``cfg`` the build does not set."""
    gated_names: set[tuple[int, str]] = field(default_factory=set)
    """(scope, ``mod`` name or ``use`` tree) behind such a ``cfg``."""
    gated_file: bool = False
    """The file's own ``#![cfg(...)]`` does not hold."""


def _mod_imports(facts: FileFacts) -> dict[tuple[int, str], str | None]:
    """``mod foo;`` declarations: (scope, name) -> the ``#[path]`` given, if any."""
    found: dict[tuple[int, str], str | None] = {}
    for imp in facts.imports:
        if imp.source == MOD_SOURCE and imp.name:
            key = (imp.scope, imp.name)
            found[key] = imp.alias or found.get(key)
    return found


def _inline_chain(facts: FileFacts, scope: int) -> tuple[str, ...] | None:
    """The inline modules from the file down to ``scope`` (a namespace), or None
    when ``scope`` lies in something else (a function)."""
    names: list[str] = []
    current = scope
    while current != MODULE_SCOPE:
        d = facts.definitions[current]
        if d.kind != _NAMESPACE:
            return None
        names.append(d.name)
        current = d.parent
    return tuple(reversed(names))


def _module_folder(path: str, is_root: bool) -> str:
    """Where the modules a file declares live: its own folder for a crate root
    or ``mod.rs``, ``dir/name/`` for ``dir/name.rs``."""
    folder = posixpath.dirname(path)
    if is_root or posixpath.basename(path) == "mod.rs":
        return folder
    stem = posixpath.basename(path)[:-3]
    return posixpath.join(folder, stem) if folder else stem


def module_tree(
    crates: Sequence[Crate], facts_by_path: dict[str, FileFacts], paths: Iterable[str]
) -> dict[str, list[tuple[Crate, tuple[str, ...]]]]:
    """Each file's places, as (crate, module path), following ``mod`` declarations
    from each crate's root: a file in several crates (a ``tests/common/mod.rs``
    that test crates share) has one place in each, the first its node ids'."""
    files = set(paths)
    placed: dict[str, list[tuple[Crate, tuple[str, ...]]]] = {}
    for crate in crates:
        if crate.root not in facts_by_path:
            continue
        seen: set[str] = set()
        todo: list[tuple[str, tuple[str, ...], bool]] = [(crate.root, (), True)]
        while todo:
            path, module, is_root = todo.pop()
            if path in seen:
                continue
            seen.add(path)
            placed.setdefault(path, []).append((crate, module))
            facts = facts_by_path.get(path)
            if facts is None:
                continue
            folder = _module_folder(path, is_root)
            found = []
            for (scope, name), given in sorted(_mod_imports(facts).items()):
                chain = _inline_chain(facts, scope) if scope != MODULE_SCOPE else ()
                if chain is None:
                    continue
                if given is not None:
                    base = posixpath.dirname(path) if not chain else posixpath.join(folder, *chain)
                    target = posixpath.normpath(posixpath.join(base, given))
                    candidates = [target.removeprefix("./")]
                else:
                    base = posixpath.join(folder, *chain) if chain else folder
                    candidates = [
                        posixpath.join(base, f"{name}.rs") if base else f"{name}.rs",
                        posixpath.join(base, name, "mod.rs") if base else f"{name}/mod.rs",
                    ]
                target_path = next((c for c in candidates if c in files), None)
                if target_path is not None:
                    is_mod_rs = given is not None  # a `#[path]` file declares into its own folder
                    found.append((target_path, module + chain + (name,), is_mod_rs))
            todo.extend(reversed(found))
    return placed


def _orphan_module(path: str) -> tuple[str, ...]:
    """A module path for a file no ``mod`` reaches, from its place under ``src/``."""
    parts = path[:-3].split("/")
    if "src" in parts:
        parts = parts[len(parts) - 1 - parts[::-1].index("src") + 1 :]
    if parts and parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(p.replace("-", "_").replace(".", "_") for p in parts if p)


def _impl_name(expression: str) -> str:
    """The name a method's id gives its impl block's type: ``Cart<T>`` as ``Cart``."""
    path = type_path(expression)
    if path is None:
        return re.sub(r"[^A-Za-z0-9_]+", "_", expression).strip("_") or "_"
    return path.rsplit("::", 1)[-1]


def rust_definition_ids(facts: FileFacts, base: str) -> tuple[list[str], list[str]]:
    """Qualified names and node ids of a file's definitions, under ``base``, the
    file's module (``shop::cart``; the path of a file no ``mod`` reaches). An
    impl block and a closure are no symbols: their ids are their parent's."""
    traits = {b.definition: b.expression for b in facts.bases if b.implements}
    qualnames: list[str] = []
    for index, d in enumerate(facts.definitions):
        parent = base if d.parent == MODULE_SCOPE else qualnames[d.parent]
        if d.kind == ANONYMOUS_SCOPE:
            # an impl block names its methods after its type (and trait); a
            # closure adds nothing
            if not _is_impl(facts, index):
                qualnames.append(parent)
            elif index in traits:
                qualnames.append(f"{parent}::{_impl_name(d.name)}::{_impl_name(traits[index])}")
            else:
                qualnames.append(f"{parent}::{_impl_name(d.name)}")
            continue
        qualnames.append(f"{parent}::{d.name}")
    ids = []
    for index, d in enumerate(facts.definitions):
        if d.kind == ANONYMOUS_SCOPE:
            owner = d.parent
            while owner != MODULE_SCOPE and facts.definitions[owner].kind == ANONYMOUS_SCOPE:
                owner = facts.definitions[owner].parent
            ids.append(PREFIX + (base if owner == MODULE_SCOPE else qualnames[owner]))
        else:
            ids.append(PREFIX + qualnames[index])
    return qualnames, ids


def _is_impl(facts: FileFacts, index: int) -> bool:
    """Whether an anonymous scope is an impl block (a closure has no name)."""
    d = facts.definitions[index]
    return d.kind == ANONYMOUS_SCOPE and bool(d.name)


def _node_kind(facts: FileFacts, index: int) -> str:
    d = facts.definitions[index]
    if d.kind != "function" or d.parent == MODULE_SCOPE:
        return d.kind
    parent = facts.definitions[d.parent]
    return "method" if _is_impl(facts, d.parent) or parent.kind == "interface" else d.kind


def _rust_file(item: FileFacts, crate: Crate, module: tuple[str, ...], base: str) -> _File:
    """What a file's own lookups read of its facts, in its place in the crate:
    ids, modules, scopes' children, ``cfg`` gates, uses, bindings, typed names,
    return types and implemented traits (the repository's indexes are made
    apart)."""
    file = _File(item, crate, module, base)
    file.qualnames, file.ids = rust_definition_ids(item, base)
    file.modules[MODULE_SCOPE] = (crate.id, module)
    for index, d in enumerate(item.definitions):
        if d.kind == _NAMESPACE:
            chain = _inline_chain(item, index)
            if chain is not None:
                file.modules[index] = (crate.id, module + chain)
        if d.kind != ANONYMOUS_SCOPE:
            file.children.setdefault(d.parent, {}).setdefault(d.name, []).append(index)
    for scope, name, expression, how in item.typed:
        if how in (GENERIC_HOW, BOUND_HOW):
            bounds = file.generics.setdefault((scope, name), [])
            if how == BOUND_HOW:
                bounds.append(expression)
        elif how != CFG_HOW:
            file.typed.setdefault((scope, name), []).append((expression, how))
        elif cfg_holds(expression, crate.features):
            continue
        elif scope == MODULE_SCOPE and name == "cfg":
            file.gated_file = True
        elif scope != MODULE_SCOPE and item.definitions[scope].name == name:
            file.gated.add(scope)
        else:
            file.gated_names.add((scope, name))
    for imp in item.imports:
        if imp.source == MOD_SOURCE:
            continue
        public = imp.name is not None
        tree = imp.name if imp.name is not None else imp.source
        if (imp.scope, tree) in file.gated_names:
            continue
        for segments, name in use_leaves(tree):
            file.uses.setdefault(imp.scope, []).append(
                _Use(segments, name, public and imp.source.startswith("pub"), imp.line)
            )
    for scope, name in item.bindings:
        file.bindings.setdefault(scope, set()).add(name)
    for index, expression, how in item.returns:
        if how == "annotated":
            file.returns[index] = expression
    for written in item.bases:
        if written.implements and _is_impl(item, written.definition):
            file.traits[written.definition] = written.expression
    return file


class RustResolver:
    """Resolves the facts of every Rust file into graph parts."""

    def __init__(
        self,
        facts: Sequence[FileFacts],
        all_paths: Iterable[str],
        manifests: Sequence[tuple[str, str]] = (),
    ) -> None:
        paths = sorted(set(all_paths))
        facts_by_path = {f.path: f for f in facts}
        crates = cargo_crates(manifests, paths)
        if not crates:
            # no Cargo.toml: one library rooted at the top, named `crate`
            root = next(
                (
                    p
                    for p in ("src/lib.rs", "lib.rs", "src/main.rs", "main.rs")
                    if p in facts_by_path
                ),
                "",
            )
            crates = (Crate("crate", LIB, "crate", root),)
        self._crates = {c.id: c for c in crates}
        self._externs = {c.id: dict(c.externs) for c in crates}
        self._libs = {c.package: c.id for c in crates if c.kind == LIB}
        self._roots = {c.root: c for c in crates}
        placed = module_tree(crates, facts_by_path, paths)
        self._placed = {
            path: [(crate.id, module) for crate, module in places]
            for path, places in placed.items()
        }
        default_crate = crates[0]
        self._files: dict[str, _File] = {}
        self._modules: dict[ModKey, tuple[str, int]] = {}
        self._submodules: dict[ModKey, dict[str, ModKey]] = {}
        self._methods_by_name: dict[str, list[Symbol]] = {}
        for item in sorted(facts, key=lambda f: f.path):
            places = placed.get(item.path)
            if places:
                crate, module = places[0]
                base = "::".join((crate.id, *module))
            else:
                crate = self._nearest_crate(item.path, crates) or default_crate
                module, base = _orphan_module(item.path), item.path
            file = _rust_file(item, crate, module, base)
            others = (places or [])[1:]
            for other, other_module in others:
                # the file seen as a module of another crate: where that crate finds it
                self._modules.setdefault((other.id, other_module), (item.path, MODULE_SCOPE))
            for index, d in enumerate(item.definitions):
                if d.kind == _NAMESPACE and index in file.modules:
                    chain = file.modules[index][1][len(module) :]
                    for other, other_module in others:
                        key = (other.id, other_module + chain)
                        self._modules.setdefault(key, (item.path, index))
                if d.kind == "function" and _node_kind(item, index) == "method":
                    self._methods_by_name.setdefault(d.name, []).append((item.path, index))
            self._files[item.path] = file
        # modules: each file's, each inline module's, and the children they declare
        for path in sorted(self._files):
            file = self._files[path]
            for scope, key in sorted(file.modules.items()):
                self._modules.setdefault(key, (path, scope))
                if key[1]:
                    parent: ModKey = (key[0], key[1][:-1])
                    self._submodules.setdefault(parent, {}).setdefault(key[1][-1], key)
        for path in sorted(self._files):
            file = self._files[path]
            for (scope, name), _given in _mod_imports(file.facts).items():
                owner = file.modules.get(scope)
                if owner is not None:
                    child: ModKey = (owner[0], owner[1] + (name,))
                    if child in self._modules:
                        self._submodules.setdefault(owner, {}).setdefault(name, child)
        self._gated_modules: set[ModKey] = set()
        for file in self._files.values():
            for index in file.gated:
                if index in file.modules:
                    self._gated_modules.add(file.modules[index])
            for scope, name in file.gated_names:
                owner = file.modules.get(scope)
                if owner is not None:
                    self._gated_modules.add((owner[0], owner[1] + (name,)))
        self._in_module_memo: CycleMemo[tuple[ModKey, str, str], Res | None] = CycleMemo(
            lambda: None
        )
        self._impls: dict[Symbol, list[tuple[Symbol, Symbol | None]]] | None = None
        self._impls_of_trait: dict[Symbol, list[Symbol]] | None = None
        self._required = {
            (path, index)
            for path, file in self._files.items()
            for index, trait in file.facts.traits
            if trait == REQUIRED_TRAIT
        }
        self._self_types: dict[Symbol, Symbol | None] = {}
        self._types: CycleMemo[tuple[str, int, str], tuple[Symbol, float] | None] = CycleMemo(
            lambda: None
        )

    def crate_files(self) -> dict[str, set[str]]:
        """Crate id -> the files of its module tree a plain build compiles: those
        ``mod`` reaches, but behind a ``cfg`` the build does not set."""
        found: dict[str, set[str]] = {}
        for path, places in sorted(self._placed.items()):
            for crate_id, module in places:
                # rustc reads a file whose own `#![cfg]` fails, but none it declares
                ancestors = [(crate_id, module[:i]) for i in range(len(module))]
                declared = (crate_id, module) in self._gated_modules
                if not declared and not any(self._gated(key) for key in ancestors):
                    found.setdefault(crate_id, set()).add(path)
        return found

    @staticmethod
    def _nearest_crate(path: str, crates: Sequence[Crate]) -> Crate | None:
        """The first crate (the library, when there is one) of the innermost
        package whose folder holds ``path``."""
        inside = [c for c in crates if not c.folder or path.startswith(c.folder + "/")]
        return max(inside, key=lambda c: len(c.folder), default=None)

    # ---- modules and names -------------------------------------------------------

    def _kind(self, symbol: Symbol) -> str:
        return self._files[symbol[0]].facts.definitions[symbol[1]].kind

    def _module_of(self, path: str, scope: int) -> tuple[ModKey, int]:
        """The module ``scope`` lies in, and that module's scope in the file."""
        file = self._files[path]
        current = scope
        while current not in file.modules:
            current = file.facts.definitions[current].parent
        return file.modules[current], current

    def _fits(self, symbol: Symbol, ns: str) -> bool:
        kind = self._kind(symbol)
        if ns == _TYPE_NS:
            return kind in TYPE_KINDS or kind == _NAMESPACE
        if ns == _VALUE_NS:
            return kind in {"function", "class"}
        return True

    def _in_module(self, module: ModKey, name: str, ns: str) -> Res | None:
        """What ``name`` means in ``module``: its items, explicit imports, globs."""
        return self._in_module_memo.get(
            (module, name, ns), functools.partial(self._lookup_in_module, module, name, ns)
        )

    def _gated(self, module: ModKey) -> bool:
        """Whether a module is behind a ``cfg`` the build does not set (its ``mod``
        declaration's, or its file's own ``#![cfg]``)."""
        if module in self._gated_modules:
            return True
        where = self._modules.get(module)
        return where is not None and where[1] == MODULE_SCOPE and self._files[where[0]].gated_file

    def _lookup_in_module(self, module: ModKey, name: str, ns: str) -> Res | None:
        where = self._modules.get(module)
        if where is None:
            return None
        path, scope = where
        file = self._files[path]
        for index in file.children.get(scope, {}).get(name, ()):
            if index in file.gated:
                continue
            if index in file.modules and ns != _VALUE_NS:
                return Res(module=file.modules[index])  # an inline module
            if self._fits((path, index), ns) and index not in file.modules:
                return Res(symbol=(path, index))
        if ns != _VALUE_NS:
            sub = self._submodules.get(module, {}).get(name)
            if sub is not None and not self._gated(sub):
                return Res(module=sub)
        uses = file.uses.get(scope, ())
        for use in uses:
            if use.name == name:
                found = self._use_target(path, scope, use.segments, ns)
                if found is not None:
                    return found
        outside_glob = False
        for use in uses:
            if use.name != "*":
                continue
            target = self._path(path, scope, use.segments, _TYPE_NS)
            if target is None:
                continue
            if target == OUTSIDE:
                outside_glob = True
                continue
            found = self._glob_member(target, name, ns)
            if found is not None:
                return found
        return OUTSIDE if outside_glob else None

    def _glob_member(self, target: Res, name: str, ns: str) -> Res | None:
        """A name a glob import brings: a module's (an enum's variants are no
        definitions, so `use Kind::*` brings nothing the graph names)."""
        return self._in_module(target.module, name, ns) if target.module is not None else None

    def _use_target(self, path: str, scope: int, segments: tuple[str, ...], ns: str) -> Res | None:
        """What a ``use`` path names (2018 paths: a crate's name or a name of the
        module, ``crate``, ``self``, ``super``)."""
        found = self._path(path, scope, segments, ns)
        if found is None and ns != _ANY_NS:
            found = self._path(path, scope, segments, _ANY_NS)
        return found

    def _crate_root(self, crate_id: str) -> Res | None:
        crate = self._crates.get(crate_id)
        if crate is None:
            return None
        return Res(module=(crate_id, ()))

    def _extern(self, path: str, name: str) -> Res | None:
        """A crate the file's crate may name: a repository library, or outside."""
        file = self._files[path]
        package = self._externs.get(file.crate.id, {}).get(name)
        if package is not None and package in self._libs:
            return self._crate_root(self._libs[package])
        if name in _OUTSIDE_ROOTS:
            return OUTSIDE
        return None

    def _callable_local(self, path: str, scope: int, name: str) -> bool:
        """Whether a local may be called (a closure, a parameter ``f: impl Fn()``):
        not one bound to a call's result, a struct, a literal, or typed otherwise."""
        for expression, how in self._files[path].typed.get((scope, name), ()):
            if how in ("called", "constructed", "valued"):
                return False
            if how == "annotated":
                return "Fn" in expression or "fn(" in expression or "fn (" in expression
        return True

    def _lexical(
        self, path: str, scope: int, name: str, ns: str, calling: bool = False
    ) -> Res | None:
        """A bare name seen from ``scope``: locals and items of the functions around
        it, then its module's names, the crates it may name, the prelude. A local
        that cannot be called does not hide a function from a call (``calling``)."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while current not in file.modules:
            if (
                ns != _TYPE_NS
                and name in file.bindings.get(current, ())
                and not (calling and not self._callable_local(path, current, name))
            ):
                return _LOCAL
            for index in file.children.get(current, {}).get(name, ()):
                if (
                    defs[current].kind == "function"
                    and index not in file.gated
                    and self._fits((path, index), ns)
                ):
                    return Res(symbol=(path, index))
            for use in file.uses.get(current, ()):
                if use.name == name:
                    found = self._use_target(path, current, use.segments, ns)
                    if found is not None:
                        return found
            current = defs[current].parent
        module = file.modules[current]
        found = self._in_module(module, name, ns)
        if found is not None:
            return found
        found = self._extern(path, name)
        if found is not None:
            return found
        if name in _PRELUDE:
            return OUTSIDE
        return None

    def _path(
        self, path: str, scope: int, segments: Sequence[str], ns: str, calling: bool = False
    ) -> Res | None:
        """What a path names from ``scope``; the last segment in namespace ``ns``
        (``calling``: the path is called)."""
        if not segments:
            return None
        first, rest = segments[0], list(segments[1:])
        module, _ = self._module_of(path, scope)
        current: Res | None
        if first == "crate":
            current = self._crate_root(module[0])
        elif first == "self" and rest:
            current = Res(module=module)
        elif first == "super":
            up = module[1][:-1] if module[1] else None
            while rest and rest[0] == "super" and up:
                up = up[:-1]
                rest.pop(0)
            current = Res(module=(module[0], up)) if up is not None else None
        elif first == "Self":
            this = self._self_type(path, scope)
            current = Res(symbol=this) if this is not None else None
        elif first == "":
            if not rest:
                return None
            current = self._extern(path, rest.pop(0))
        else:
            current = self._lexical(path, scope, first, _TYPE_NS if rest else ns, calling)
            if current is None and rest:
                current = self._lexical(path, scope, first, _ANY_NS)
        for index, segment in enumerate(rest):
            if current is None or current in (OUTSIDE, _LOCAL):
                return current
            last = index == len(rest) - 1
            if current.module is not None:
                current = self._in_module(current.module, segment, ns if last else _TYPE_NS)
            else:
                assert current.symbol is not None
                current = self._associated(current.symbol, segment, path, scope)
        return current

    def _associated(self, owner: Symbol, name: str, path: str, scope: int) -> Res | None:
        """``T::name``: a function of an impl of T (inherent first), of a trait T,
        or, for an enum, a variant (the enum itself)."""
        target = self._resolve_alias(owner)
        if target is None:
            return OUTSIDE
        found = self._methods(target, name, path, scope)
        if found:
            return Res(symbol=found[0])
        kind = self._kind(target)
        if kind == "class" and name[:1].isupper():
            return Res(symbol=target)  # an enum's variant
        return None

    def _resolve_alias(self, symbol: Symbol) -> Symbol | None:
        """A type alias as the type it names (once), None when that is outside."""
        for _ in range(4):
            if self._kind(symbol) != "type":
                return symbol
            file = self._files[symbol[0]]
            d = file.facts.definitions[symbol[1]]
            written = next(
                (
                    r.name
                    for r in file.facts.references
                    if r.scope == symbol[1] and r.kind == "value"
                ),
                None,
            )
            if written is None:
                return symbol
            found = self._type(symbol[0], d.parent, written)
            if found is None:
                return None
            symbol = found[0]
        return symbol

    # ---- types ---------------------------------------------------------------------

    def _type(self, path: str, scope: int, expression: str) -> tuple[Symbol, float] | None:
        """The repository type a written type names from ``scope``; a generic
        parameter of an item around it is the repository trait it is bound by."""
        written = type_path(expression)
        if written is None:
            return None
        if "::" not in written:
            bounds = self._generic_bounds(path, scope, written)
            if bounds is not None:
                return self._bound_trait(path, bounds)
        found = self._path(path, scope, written.split("::"), _TYPE_NS)
        if found is None or found.symbol is None:
            return None
        if self._kind(found.symbol) not in TYPE_KINDS:
            return None
        return found.symbol, CERTAIN

    def _generic_bounds(self, path: str, scope: int, name: str) -> tuple[int, list[str]] | None:
        """The item around ``scope`` declaring a generic parameter ``name``, and
        its bounds; None when no item does."""
        file = self._files[path]
        current = scope
        while current != MODULE_SCOPE:
            bounds = file.generics.get((current, name))
            if bounds is not None:
                return current, bounds
            current = file.facts.definitions[current].parent
        return None

    def _bound_trait(
        self, path: str, declared: tuple[int, list[str]]
    ) -> tuple[Symbol, float] | None:
        """The one repository trait among a generic parameter's bounds (``T: Tr +
        Clone`` is a Tr), looked up where the item declaring it is."""
        owner, bounds = declared
        parent = self._files[path].facts.definitions[owner].parent
        traits = set()
        for bound in bounds:
            found = self._type(path, parent, bound)
            if found is not None and self._kind(found[0]) == "interface":
                traits.add(found[0])
        return (traits.pop(), CERTAIN) if len(traits) == 1 else None

    def _is_outside_type(self, path: str, scope: int, expression: str) -> bool:
        """Whether a written type lies outside the repository (``String``, ``&str``,
        ``std::fs::File``, a tuple)."""
        written = type_path(expression)
        if written is None:
            return True
        found = self._path(path, scope, written.split("::"), _TYPE_NS)
        return found == OUTSIDE

    def _self_type(self, path: str, scope: int) -> Symbol | None:
        """What ``Self`` is in ``scope``: the type of the impl block or trait around it."""
        file = self._files[path]
        defs = file.facts.definitions
        current = scope
        while current != MODULE_SCOPE:
            if _is_impl(file.facts, current):
                return self._impl_type((path, current))
            if defs[current].kind == "interface":
                return (path, current)
            current = defs[current].parent
        return None

    def _impl_type(self, impl: Symbol) -> Symbol | None:
        if impl not in self._self_types:
            self._self_types[impl] = None
            file = self._files[impl[0]]
            d = file.facts.definitions[impl[1]]
            found = self._type(impl[0], d.parent, d.name)
            self._self_types[impl] = self._resolve_alias(found[0]) if found is not None else None
        return self._self_types[impl]

    def _impl_trait(self, impl: Symbol) -> Symbol | None:
        file = self._files[impl[0]]
        written = file.traits.get(impl[1])
        if written is None:
            return None
        found = self._type(impl[0], file.facts.definitions[impl[1]].parent, written)
        return found[0] if found is not None and self._kind(found[0]) == "interface" else None

    def _all_impls(self) -> dict[Symbol, list[tuple[Symbol, Symbol | None]]]:
        """Type -> its impl blocks with the trait each implements (None: inherent)."""
        if self._impls is None:
            impls: dict[Symbol, list[tuple[Symbol, Symbol | None]]] = {}
            for path in sorted(self._files):
                facts = self._files[path].facts
                for index in range(len(facts.definitions)):
                    if not _is_impl(facts, index) or index in self._files[path].gated:
                        continue
                    impl = (path, index)
                    owner = self._impl_type(impl)
                    if owner is not None:
                        has_trait = index in self._files[path].traits
                        trait = self._impl_trait(impl) if has_trait else None
                        if has_trait and trait is None:
                            trait = impl  # a trait outside the repository: the impl stands for it
                        impls.setdefault(owner, []).append((impl, trait))
            self._impls = impls
        return self._impls

    def _functions_of(self, owner: Symbol, name: str) -> list[Symbol]:
        file = self._files[owner[0]]
        return [
            (owner[0], i)
            for i in file.children.get(owner[1], {}).get(name, ())
            if file.facts.definitions[i].kind == "function" and i not in file.gated
        ]

    def _supertraits(self, trait: Symbol) -> list[Symbol]:
        file = self._files[trait[0]]
        parent = file.facts.definitions[trait[1]].parent
        found = []
        for base in file.facts.bases:
            if base.definition == trait[1] and not base.implements:
                target = self._type(trait[0], parent, base.expression)
                if target is not None and self._kind(target[0]) == "interface":
                    found.append(target[0])
        return found

    def _trait_method(self, trait: Symbol, name: str) -> list[Symbol]:
        for owner in ancestors(trait, self._supertraits):
            found = self._functions_of(owner, name)
            if found:
                return found[:1]
        return []

    def _in_scope(self, trait: Symbol, path: str, scope: int) -> bool:
        """Whether a trait's methods may be called in ``scope``: it is named there
        (or imported as ``_``), or it is where the call is."""
        if trait[0] == path:
            return True
        name = self._files[trait[0]].facts.definitions[trait[1]].name
        if self._lexical(path, scope, name, _TYPE_NS) == Res(symbol=trait):
            return True
        file = self._files[path]
        current = scope
        while True:
            for use in file.uses.get(current, ()):
                if use.name == "_" and self._use_target(
                    path, current, use.segments, _TYPE_NS
                ) == Res(symbol=trait):
                    return True
            if current == MODULE_SCOPE or current in file.modules:
                break
            current = file.facts.definitions[current].parent
        return False

    def _methods(self, owner: Symbol, name: str, path: str, scope: int) -> list[Symbol]:
        """The method ``name`` of type ``owner``: inherent impls first, then the
        impls of traits in scope and those traits' provided methods; on a trait,
        its own (or a supertrait's) declaration."""
        if self._kind(owner) == "interface":
            return self._trait_method(owner, name)
        impls = self._all_impls().get(owner, [])
        for impl, trait in impls:
            if trait is None:
                found = self._functions_of(impl, name)
                if found:
                    return found[:1]
        candidates: list[Symbol] = []
        for impl, trait in impls:
            if trait is None:
                continue
            repo_trait = trait if trait != impl else None
            if repo_trait is not None and not self._in_scope(repo_trait, path, scope):
                continue
            found = self._functions_of(impl, name)
            if not found and repo_trait is not None:
                found = self._trait_method(repo_trait, name)
            candidates += found[:1]
        unique = sorted(set(candidates))
        return unique[:1] if len(unique) == 1 else []

    def _implementations(self, trait: Symbol, name: str) -> list[Symbol]:
        """The methods named ``name`` of the impls of ``trait``."""
        if self._impls_of_trait is None:
            by_trait: dict[Symbol, list[Symbol]] = {}
            for _owner, impls in sorted(self._all_impls().items()):
                for impl, implemented in impls:
                    if implemented is not None:
                        by_trait.setdefault(implemented, []).append(impl)
            self._impls_of_trait = by_trait
        found = [
            m
            for impl in self._impls_of_trait.get(trait, ())
            for m in self._functions_of(impl, name)
        ]
        return sorted(set(found))

    def _field(self, owner: Symbol, name: str) -> tuple[Symbol, float] | None:
        file = self._files[owner[0]]
        for expression, how in file.typed.get((owner[1], name), ()):
            if how == "field":
                return self._type(owner[0], file.facts.definitions[owner[1]].parent, expression)
        return None

    def _field_outside(self, owner: Symbol, name: str) -> bool:
        file = self._files[owner[0]]
        for expression, how in file.typed.get((owner[1], name), ()):
            if how == "field":
                parent = file.facts.definitions[owner[1]].parent
                return self._is_outside_type(owner[0], parent, expression)
        return False

    def _returned(self, function: Symbol) -> tuple[Symbol, float] | None:
        """The type a function declares it returns (``Self`` is its impl's type)."""
        file = self._files[function[0]]
        written = file.returns.get(function[1])
        if written is None:
            return None
        parent = file.facts.definitions[function[1]].parent
        if type_path(written) == "Self":
            this = self._self_type(function[0], parent) if parent != MODULE_SCOPE else None
            return (this, ANNOTATED_CONFIDENCE) if this is not None else None
        found = self._type(function[0], function[1], written)
        return (found[0], ANNOTATED_CONFIDENCE) if found is not None else None

    def _local_scope(self, path: str, scope: int, name: str) -> int | None:
        """The function (or closure) around ``scope`` that binds ``name``."""
        file = self._files[path]
        current = scope
        while current not in file.modules:
            if name in file.bindings.get(current, ()) or (current, name) in file.typed:
                return current
            current = file.facts.definitions[current].parent
        return None

    def _local_type(self, path: str, owner: int, name: str) -> tuple[Symbol, float] | None:
        file = self._files[path]
        for expression, how in file.typed.get((owner, name), ()):
            if how in ("annotated", "constructed"):
                found = self._type(path, owner, expression)
                if found is None and type_path(expression) == "Self":
                    this = self._self_type(path, owner)
                    found = (this, CERTAIN) if this is not None else None
                return (found[0], ANNOTATED_CONFIDENCE) if found is not None else None
            if how == "destructured":
                return self._variant_type(path, owner, expression)
            if how == "called":
                target = self._path(path, owner, strip_generics(expression).split("::"), _VALUE_NS)
                if target is None or target.symbol is None:
                    return None
                if self._kind(target.symbol) == "class":
                    return target.symbol, ANNOTATED_CONFIDENCE  # a tuple struct `P(1)`
                if self._kind(target.symbol) == "function":
                    return self._returned(target.symbol)
        return None

    def _variant(self, path: str, scope: int, written: str) -> tuple[Symbol, str] | None:
        """The enum and the written type of the one field of a variant ``Kind::V``."""
        segments = strip_generics(written).split("::")
        if len(segments) < 2:
            return None
        found = self._path(path, scope, segments[:-1], _TYPE_NS)
        if found is None or found.symbol is None or self._kind(found.symbol) != "class":
            return None
        owner = self._files[found.symbol[0]]
        for expression, how in owner.typed.get((found.symbol[1], segments[-1]), ()):
            if how == "variant":
                return found.symbol, expression
        return None

    def _variant_type(self, path: str, scope: int, written: str) -> tuple[Symbol, float] | None:
        """What ``x`` in ``Kind::V(x)`` is: the type of V's field."""
        variant = self._variant(path, scope, written)
        if variant is None:
            return None
        enum, expression = variant
        parent = self._files[enum[0]].facts.definitions[enum[1]].parent
        found = self._type(enum[0], parent, expression)
        return (found[0], ANNOTATED_CONFIDENCE) if found is not None else None

    def _written_outside(self, path: str, owner: int, name: str) -> bool:
        """Whether a local's type is written, or made by a call, outside the
        repository (``x: String``, ``let x = String::new()``)."""
        file = self._files[path]
        for expression, how in file.typed.get((owner, name), ()):
            if how in ("annotated", "constructed"):
                return self._is_outside_type(path, owner, expression)
            if how == "called":
                segments = strip_generics(expression).split("::")
                return self._path(path, owner, segments, _VALUE_NS) == OUTSIDE
            if how == "destructured":
                variant = self._variant(path, owner, expression)
                if variant is not None:
                    enum, written = variant
                    parent = self._files[enum[0]].facts.definitions[enum[1]].parent
                    return self._is_outside_type(enum[0], parent, written)
        return False

    def _receiver(self, path: str, scope: int, receiver: str) -> tuple[Symbol, float] | bool | None:
        """The type of a receiver (``self``, ``x``, ``self.a.b``, ``f()``), with the
        confidence it is known at; False when it lies outside the repository."""
        if receiver.endswith("()"):
            callee = receiver[:-2]
            head, dot, last = callee.rpartition(".")
            if not dot:
                target = self._lexical(path, scope, callee, _VALUE_NS)
                if target is None or target.symbol is None:
                    return False if target == OUTSIDE else None
                if self._kind(target.symbol) != "function":
                    return None
                return self._returned(target.symbol)
            holder = self._receiver(path, scope, head)
            if not isinstance(holder, tuple):
                return holder
            methods = self._methods(holder[0], last, path, scope)
            if not methods:
                return None
            returned = self._returned(methods[0])
            return (returned[0], min(returned[1], holder[1])) if returned is not None else None
        head, dot, last = receiver.rpartition(".")
        if not dot:
            if receiver == "self":
                this = self._self_type(path, scope)
                return (this, CERTAIN) if this is not None else None
            owner = self._local_scope(path, scope, receiver)
            if owner is None:
                return None
            found = self._types.get(
                (path, owner, receiver), functools.partial(self._local_type, path, owner, receiver)
            )
            if found is None and self._written_outside(path, owner, receiver):
                return False
            return found
        holder = self._receiver(path, scope, head)
        if not isinstance(holder, tuple):
            return holder
        found = self._field(holder[0], last)
        if found is None:
            return False if self._field_outside(holder[0], last) else None
        return found[0], min(holder[1], ANNOTATED_CONFIDENCE)

    # ---- references ----------------------------------------------------------------

    def _resolve(
        self, path: str, ref: Reference
    ) -> tuple[list[tuple[Symbol, float]], tuple[str, ...], list[tuple[Symbol, float]]]:
        scope = ref.scope
        if ref.receiver is None:
            segments = strip_generics(ref.name).split("::")
            if not all(segments[1:]) or any(" " in s for s in segments):
                return [], (), []
            ns = _VALUE_NS if ref.kind != "value" or len(segments) > 1 else _ANY_NS
            found = self._path(path, scope, segments, ns, ref.kind == "call")
            if found is None and ref.kind == "call":
                found = self._path(path, scope, segments, _TYPE_NS)  # `T { .. }`
            if found is None or found.symbol is None:
                return [], (), []
            return [(found.symbol, CERTAIN)], (), []
        if ref.kind != "call":
            return [], (), []
        held = self._receiver(path, scope, ref.receiver) if ref.receiver != "?" else None
        if held is False:
            return [], (), []  # a value of a type outside the repository
        if isinstance(held, tuple):
            owner, confidence = held
            methods = self._methods(owner, ref.name, path, scope)
            if not methods:
                return [], (), []
            overrides: list[Symbol] = []
            if self._kind(owner) == "interface":
                overrides = [m for m in self._implementations(owner, ref.name) if m != methods[0]]
            return [(methods[0], confidence)], (), dispatched(overrides, confidence)
        return (
            name_matches(ref.name, self._methods_by_name.get(ref.name, ())),
            (NAME_MATCH_TAG,),
            [],
        )

    # ---- building ------------------------------------------------------------------

    def build(self, paths: Iterable[str]) -> dict[str, FileOutput]:
        """Nodes, edges and resolution counts of the files ``paths`` (full facts)."""
        return {path: self._build_file(path) for path in paths if path in self._files}

    def build_full(self, facts: FileFacts) -> FileOutput | None:
        """One file's output, its full facts standing in for its interface, in
        the interface's place in its crate."""
        held = self._files.get(facts.path)
        if held is None:
            return None
        file = _rust_file(facts, held.crate, held.module, held.base)
        with standing_in(self._files, facts.path, file):
            return self._build_file(facts.path)

    def _symbol_id(self, symbol: Symbol) -> str:
        return self._files[symbol[0]].ids[symbol[1]]

    def _module_id(self, module: ModKey) -> str | None:
        where = self._modules.get(module)
        if where is None:
            return None
        path, scope = where
        file = self._files[path]
        return PREFIX + file.base if scope == MODULE_SCOPE else file.ids[scope]

    def _edge_kind(self, ref: Reference, symbol: Symbol) -> str:
        return "calls" if ref.kind == "call" and self._kind(symbol) == "function" else "references"

    def _build_file(self, path: str) -> FileOutput:
        file = self._files[path]
        facts = file.facts
        module_id = PREFIX + file.base
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
            else:  # one name defined twice (two impls of one type): one node over both
                spans[file.ids[index]] = (
                    min(held[0], d.start_line),
                    max(held[1], d.end_line),
                    held[2],
                )
        for symbol_id, (start, end, index) in spans.items():
            d = facts.definitions[index]
            nodes.append(
                Node(
                    symbol_id,
                    _node_kind(facts, index),
                    d.name,
                    symbol_id[len(PREFIX) :],
                    path,
                    start,
                    end,
                    language,
                )
            )
        counts = {"resolved": 0, "name_matched": 0, "ambiguous": 0, "unresolved": 0}
        for scope, uses in sorted(file.uses.items()):
            if scope not in file.modules:
                continue  # a function's own imports: its calls say what it uses
            for use in uses:
                target = self._use_edge_target(path, scope, use)
                if target is None:
                    counts["unresolved"] += 1
                    continue
                if target == OUTSIDE:
                    continue
                target_id = (
                    self._symbol_id(target.symbol)
                    if target.symbol is not None
                    else self._module_id(target.module)
                    if target.module is not None
                    else None
                )
                importer = module_id if scope == MODULE_SCOPE else file.ids[scope]
                if target_id is not None and target_id != importer:
                    edges.append(Edge(importer, target_id, "imports", CERTAIN, use.line))
        entered: set[EntryPoint] = set()
        for ref in facts.references:
            if ref.scope == MODULE_SCOPE or ref.scope in file.modules:
                continue  # an item's signature at module level: its own edges say it
            owner = ref.scope
            if _is_impl(facts, owner) and ref.header:
                continue  # an impl's header names its own type
            try:
                targets, tags, overrides = self._resolve(path, ref)
            except RecursionError:
                # a chain of glob re-exports deeper than the interpreter's stack
                # (none is that long in practice): unresolved, not a failed build
                targets, tags, overrides = [], (), []
            if not targets and not overrides:
                counts["unresolved"] += 1
                continue
            if NAME_MATCH_TAG in tags:
                counts["name_matched"] += 1
                if len(targets) > 1:
                    counts["ambiguous"] += 1
            else:
                counts["resolved"] += 1
            source_id = file.ids[ref.scope]
            if source_id == module_id:
                continue
            if ref.kind == "route" and not tags:
                entered.update(
                    EntryPoint(self._symbol_id(t), "http-route")
                    for t, _ in targets
                    if self._kind(t) == "function"
                )
            tagged = [(t, tags) for t in targets] + [(o, (DISPATCH_TAG,)) for o in overrides]
            for (symbol, confidence), edge_tags in tagged:
                target_id = self._symbol_id(symbol)
                if target_id != source_id:
                    edges.append(
                        Edge(
                            source_id,
                            target_id,
                            self._edge_kind(ref, symbol),
                            confidence,
                            ref.line,
                            edge_tags,
                        )
                    )
        with contextlib.suppress(RecursionError):  # as in `_use_edge_target`
            edges += self._inheritance(path)
        crate_root = self._roots.get(path)
        for kind, scope in facts.entry_points:
            if scope == MODULE_SCOPE:
                continue
            if kind == "main" and (crate_root is None or crate_root.kind not in (BIN, EXAMPLE)):
                continue
            entered.add(EntryPoint(file.ids[scope], kind))
        entry_points = tuple(sorted(entered, key=lambda e: (e.id, e.kind)))
        return FileOutput(tuple(nodes), tuple(edges), counts, entry_points)

    def _use_edge_target(self, path: str, scope: int, use: _Use) -> Res | None:
        """What a module's ``use`` imports, for its ``imports`` edge."""
        try:
            if use.name == "*":
                return self._path(path, scope, use.segments, _TYPE_NS)
            if use.name == "_":
                return self._use_target(path, scope, use.segments, _TYPE_NS)
            return self._in_module(self._files[path].modules[scope], use.name, _ANY_NS)
        except RecursionError:
            # a chain of glob re-exports deeper than the interpreter's stack
            # (none is that long in practice): unresolved, not a failed build
            return None

    def _inheritance(self, path: str) -> list[Edge]:
        """``impl Trait for T`` (T inherits the trait, and each of the impl's methods
        the trait's required method it implements), supertraits, derives."""
        file = self._files[path]
        facts = file.facts
        edges: list[Edge] = []
        for base in facts.bases:
            owner = base.definition
            parent = facts.definitions[owner].parent
            trait = self._type(path, parent, base.expression)
            if trait is None or self._kind(trait[0]) != "interface":
                continue
            trait_id = self._symbol_id(trait[0])
            if _is_impl(facts, owner):
                implementing = self._impl_type((path, owner))
                if implementing is not None:
                    edges.append(
                        Edge(
                            self._symbol_id(implementing),
                            trait_id,
                            "inherits",
                            CERTAIN,
                            base.line,
                            (IMPLEMENTS_TAG,),
                        )
                    )
                for name, indexes in sorted(file.children.get(owner, {}).items()):
                    for required in self._trait_method(trait[0], name):
                        if required not in self._required:
                            continue
                        for index in indexes:
                            edges.append(
                                Edge(
                                    file.ids[index],
                                    self._symbol_id(required),
                                    "inherits",
                                    CERTAIN,
                                    base.line,
                                    (IMPLEMENTS_TAG,),
                                )
                            )
            else:
                tags = (IMPLEMENTS_TAG,) if base.implements else ()
                edges.append(Edge(file.ids[owner], trait_id, "inherits", CERTAIN, base.line, tags))
        return edges


def rust_symbols(facts: FileFacts, module_id: str) -> list[tuple[str, str, str, int, int, int]]:
    """(id, kind, name, start, end, body line) of a file's symbols, as graph nodes
    name them: under the module its module node's id names."""
    _, ids = rust_definition_ids(facts, module_id.removeprefix(PREFIX))
    return merged_symbols(
        facts,
        ids,
        lambda i: None if facts.definitions[i].kind == ANONYMOUS_SCOPE else _node_kind(facts, i),
    )


def rust_interface(facts: FileFacts) -> FileFacts:
    """What resolving other files may read of this one: definitions, ``use`` and
    ``mod`` declarations, impls and derives, fields, declared results, the
    types aliases name, which trait methods are declared without a body, and
    the ``cfg`` of items, modules and imports, fields and variants' fields,
    generic parameters and their bounds."""
    types = {i for i, d in enumerate(facts.definitions) if d.kind in TYPE_KINDS}
    aliases = {i for i, d in enumerate(facts.definitions) if d.kind == "type"}
    return FileFacts(
        path=facts.path,
        language=facts.language,
        line_count=facts.line_count,
        definitions=facts.definitions,
        imports=facts.imports,
        references=tuple(r for r in facts.references if r.scope in aliases and r.kind == "value"),
        bases=facts.bases,
        bindings=(),
        typed=tuple(
            t
            for t in facts.typed
            if (t[0] in types and t[3] in ("field", "variant"))
            or t[3] in (CFG_HOW, GENERIC_HOW, BOUND_HOW)
        ),
        exports=facts.exports,
        entry_points=(),
        syntax_errors=facts.syntax_errors,
        notes=facts.notes,
        returns=facts.returns,
        traits=facts.traits,
    )
