"""What a file's resolution can read of other files, so only readers are resolved again.

A file's rendered output depends on its own facts and on the interfaces of the
other files. Every lookup a resolver makes on a file's behalf starts from a
name that file writes: a call, an import, a base, a parameter, its own path.
So the output is kept while nothing *named by the file* changed elsewhere:

* each file's interface is cut into **elements** (a definition, an import, a
  base, a typed field, an export ...), each indexed under the names it binds
  or defines, never under the names of its enclosing scopes, so adding a
  method to a class does not touch every file that uses the class (a test
  named by a title that no lookup finds it by, ``_described``, under none);
* each file's **mentions** are the names its full facts write, and the names
  in its path but its extension;
* a file's **dependency digest** covers, for every name it mentions, every
  element indexed under that name, anywhere; it is part of the cache key of
  the file's output.

Five things reach files that do not name them and are handled apart:

* inheritance: a change to a class's bases or mixins changes which members
  its subclasses and the callers of its methods see, without them naming the
  class. Classes are linked by their bases (by name); the digest of the
  links above a class (its own, and those of every class its bases name,
  transitively) is indexed under the class's name and its member names,
  which is what a call dispatched to an override reads (a plain class, with
  no links, adds none); where an outside base may call back a class's
  public methods (``LanguageRule.public_callbacks``), the public members of
  the classes that may answer them are indexed under the class's name;
* the tree's paths: a file or folder is indexed under its own name and its
  folder's (``/`` for the top folder, which has none), which is what module,
  package and include lookups name, and a
  file that configuration lets lookups find by another name (a workspace
  package's entry file, by the package's name) under that name too
  (``path_aliases``), where lookups find files by their paths at all
  (``LanguageRule.found_by_path``: not in C# or on the JVM);
* an import private to its file (``LanguageRule.private_imports``) is read
  by other files only through that file's elements (a field's type, written
  there, is resolved by its imports): it is indexed under no name, and each
  element reading on to a name it binds holds it and reads on to what it
  names; and where methods are declared apart from their type (Go), a
  method reads on to its type's method set (``^`` and the type's name), not
  to everything the type's name indexes; where a file is a module only as
  another file declares it (``LanguageRule.declared_modules``: Rust's
  ``mod cat;``), what it defines reads on to the names it is declared under;
* a namespace or package that any number of files declare, and that is no
  node (``LanguageRule.merged_namespaces``: C#'s, the JVM's), is read for
  being declared at all: its declarations are offered apart from their
  files (``SHARED``), each distinct one once, so a file declaring it that
  is added, moved or removed changes no reader's digest through it;
* elements that reach every file by design (star imports and re-exports, a
  module starting or stopping to declare ``__all__``, project-wide usings,
  autouse fixtures) are indexed under ``*``, which every file mentions; a
  star import of a language whose imports are private to their file
  (``LanguageRule.private_imports``) reaches only the lookups that enter the
  file by its own names, and is indexed under those.

Names compare lowercased and without underscores, so ``user_profile.rb`` and
``UserProfile``, or PHP's case-insensitive names, meet. Over-matching only
resolves more files again; the build stays byte-identical to a cold one.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from blast_radius.core.facts import MODULE_SCOPE, Definition, FileFacts, Import
from blast_radius.core.languages import language_for_path

EVERYONE = "*"
"""The index name every file mentions: elements that reach all files."""
STAR = "*"
"""Prefixes a name a star import mentions: ``*format`` is all that files named
``format`` (or in a folder of that name) offer."""

_WORD = re.compile(r"\w+")
_GENERIC_ARGUMENTS = re.compile(r"[<\[]")
_NONE: frozenset[str] = frozenset()
_ALL = frozenset({EVERYONE})
TOP = "/"
"""The name of the top folder, which has none: the files in it are indexed under
it where files are found through their folder, and each of them mentions it."""
_TOP = frozenset({TOP})


@dataclass(frozen=True, slots=True)
class Aliases:
    """Words files are also indexed under, found through configuration
    (``path_aliases``): by a path without extension, or by a pattern whose
    ``*`` matches text that is a word too."""

    exact: Mapping[str, frozenset[str]]
    patterns: tuple[tuple[str, str, frozenset[str]], ...]
    """(text before the ``*``, text after it, words)."""
    text: str
    """The aliases as text, the same for the same aliases: a digest or an entry records it."""

    def words_of(self, path: str) -> frozenset[str]:
        """The words ``path`` is found under, as written, without its extension,
        or as its folder (``x/index``)."""
        if not self.text:
            return _NONE
        stem, dot, extension = path.rpartition(".")
        stem = stem.removesuffix(".d") if dot and stem and "/" not in extension else path
        found = self.exact.get(path, _NONE)
        # A pattern is kept without its extension too: its stems are matched.
        for key in dict.fromkeys((stem, stem.removesuffix("/index"))):
            found = found | self.exact.get(key, _NONE)
            for before, after, words in self.patterns:
                if (
                    key.startswith(before)
                    and key.endswith(after)
                    and len(key) >= len(before) + len(after)
                ):
                    found = found | words | names_in(key[len(before) : len(key) - len(after)])
        return found


_NO_ALIASES = Aliases({}, (), "")
_DIGEST_CHARS = 16
_PLAIN = "p"
"""Before the digest of a class record with no links, no implicit members and
no method set that is a link (a plain class, or a function with members):
left out of the links digests. Never a hexadecimal digit."""

# Module-level typed facts that set the context of all the file's
# definitions (its package or namespace, a cfg): part of every definition's element.
_CONTEXT_HOWS = frozenset({"package", "namespace", "subpackage", "cfg"})
# Module-level typed facts that reach every file of a project.
_EVERYONE_HOWS = frozenset({"global_using", "global_alias"})
# Members called without their name being written (``new C`` calls
# ``__construct``), inherited by subclasses: normalised names.
_IMPLICIT_MEMBERS = frozenset(
    {"init", "new", "postinit", "initialize", "construct", "constructor", "apply", "call",
     "getattr", "getattribute", "deinit"}
)  # fmt: skip
# Typed facts of a class that link it to another type as bases do.
_MIXIN = "mixin"
_LINK_HOWS = frozenset({"extends", _MIXIN, "implementer", "abstract", "constraint"})
# The typed fact binding a method declared apart from its type to that type.
_RECEIVER = "receiver"
# Typed facts that make a value of a type (or assert it implements an
# interface): which types some file makes decides who implements an interface.
_ASSERTED = "implementer"
_MADE_HOWS = frozenset({"constructs", "converts", _ASSERTED})
_NAMESPACE = "namespace"
# Module-level typed facts declaring the file's namespace or package: merged
# ones (``LanguageRule.merged_namespaces``) are offered as ``SHARED``.
_DECLARED_HOWS = frozenset({_NAMESPACE, "package"})
METHOD_SET = "^"
"""Prefixes a type's name, its case kept, to index its method set (``^Context``):
see ``_elements``."""
SHARED = "="
"""Prefixes a name a file offers the same as any other file would, whichever it is
(a merged namespace's declaration, ``LanguageRule.merged_namespaces``): the name
indexes each distinct such offer once, so that its digest is the same however
many files, and which, declare it."""


# Most lookups are of a few thousand common texts. A parsing process meets
# each rarer text once, and kept, they only pin its heap: with 65,536 entries
# a parser of four copies of Django grew to 51 MB, with 4,096 to 40 MB, at
# the same speed (every file's dependency data of SQLAlchemy and of Go's
# workload made in 1.16-1.29 s and 1.12-1.48 s, whichever the size).
@functools.lru_cache(maxsize=1 << 12)
def names_in(text: str) -> frozenset[str]:
    """The normalised names in ``text``: words, lowercased, underscores dropped."""
    return _names_of(text)


@functools.lru_cache(maxsize=1 << 12)
def _defined_names(text: str) -> frozenset[str]:
    """The names a definition or a call of ``text`` is indexed and read under:
    its words, or, for an operator that has none (Scala's or Ruby's ``+``),
    the operator itself, spelled in hexadecimal (``~2b``): no separator of the
    cached texts is in it."""
    found = names_in(text)
    if found or not text.strip():
        return found
    return frozenset({_OPERATOR + text.strip().encode("utf-8", "surrogateescape").hex()})


_OPERATOR = "~"


def _names_of(text: str) -> frozenset[str]:
    # Uncached: a whole file's words are seen once, and would only fill the cache.
    return frozenset(_WORD.findall(text.lower().replace("_", "")))


def _digest(*parts: str) -> str:
    data = "\0".join(parts).encode("utf-8", "surrogateescape")
    return hashlib.blake2b(data, digest_size=_DIGEST_CHARS // 2).hexdigest()


def _last_segment(source: str) -> frozenset[str]:
    """The names of what a module specifier names last: ``b`` of ``a.b``, ``x.h`` of ``s/x.h``."""
    text = source.strip()
    if "/" in text or "\\" in text:
        return names_in(re.split(r"[/\\]", text.rstrip("/\\"))[-1])
    return names_in(re.split(r"::|[.:]", text.strip(".:"))[-1])


def _read_on_to(source: str) -> frozenset[str]:
    """The names a lookup through a module specifier reads on to: what it names
    last; of a path (``./utils/ast-utils.js``), one word of the file's or
    folder's name without its extension (the longest, then the last in order).
    Every word of such a name indexes its path, so one word finds it; reading
    on to each would tie together the modules that share a word (``ast-utils``
    and ``string-utils``, through ``utils``), and through them every name that
    reads on to any of them."""
    text = source.strip()
    if "/" not in text and "\\" not in text:
        return _last_segment(text)
    words = names_in(_stem(re.split(r"[/\\]", text.rstrip("/\\"))[-1]))
    if len(words) < 2:
        return words
    return frozenset({max(words, key=lambda word: (len(word), word))})


@functools.lru_cache(maxsize=1 << 12)
def _method_set_names(text: str) -> frozenset[str]:
    """The method sets of the types ``text`` names: each word after ``^``, case
    kept. Where types are structural (Go, TypeScript), names differ by case:
    folded, gin's ``String`` type shared its method set with every
    ``string(b)`` conversion."""
    return frozenset(METHOD_SET + name for name in _WORD.findall(text.replace("_", "")))


def _method_set_of(text: str) -> frozenset[str]:
    """The method set of the type ``text`` names last (``*render.String``)."""
    words = _WORD.findall(text.replace("_", ""))
    return frozenset({METHOD_SET + words[-1]}) if words else _NONE


def _private_bound(i: Import) -> frozenset[str]:
    """The names an import private to its file binds: its alias, the member it
    names, or what its source names last, never the first segment of a dotted
    name (Python's ``import a.b`` binds ``a``; Java's ``import a.b.C`` does not)."""
    bound = names_in(i.alias) if i.alias else names_in(i.name) if i.name else _NONE
    if not bound or i.name == "*":
        bound = _last_segment(i.source)
    return bound


def _import_content(i: Import, scope: str) -> tuple[object, ...]:
    return ("i", i.source, i.name, i.alias, scope, i.type_only)


def _import_reads(i: Import) -> frozenset[str]:
    """What a lookup through an import reads on to: the member it names, which
    its module's elements are indexed under with their path; a module's, the module."""
    return names_in(i.name) if i.name and i.name != "*" else _read_on_to(i.source)


def _bound(i: Import) -> frozenset[str]:
    """The names an import binds where imports are also module attributes:
    its alias, the member it names, or what an import of a whole module binds."""
    bound = names_in(i.alias) if i.alias else names_in(i.name) if i.name else _NONE
    if not bound or i.name == "*":
        bound = _module_bound(i.source)
    return bound


def _module_bound(source: str) -> frozenset[str]:
    """The names an import of a whole module binds: its last segment (a Go
    package, a header), and for a dotted module its first too (``import a.b.c``
    binds ``a``, through which ``a.b.c`` is read)."""
    text = source.strip()
    if "/" in text or "\\" in text or "::" in text:
        return _last_segment(text)
    return names_in(text.strip(".").partition(".")[0]) | _last_segment(text)


def _namespaces_declared(qualified: str) -> Iterator[tuple[frozenset[str], str]]:
    """The namespaces a declaration of ``qualified`` declares (``A.B`` declares
    ``A`` too), each with the shared names it is offered under: its last
    segment's. Declaring ``A.B`` where ``A`` was declared already changes
    nothing a reader of ``A`` sees."""
    parts = qualified.replace(" ", "").split(".")
    for end in range(1, len(parts) + 1):
        yield frozenset(SHARED + name for name in names_in(parts[end - 1])), ".".join(parts[:end])


def _head(expression: str) -> str:
    """The name a base expression starts with: ``a`` of ``a.b.C[T]``."""
    return _GENERIC_ARGUMENTS.split(expression, 1)[0].strip().partition(".")[0]


def _outside_bound(facts: FileFacts, free: Sequence[str]) -> dict[str, list[tuple[str, str, bool]]]:
    """The names the file's imports bind that may name something outside the
    repository: bound by an import that is not relative (``.x``), of a module
    outside ``free`` (as written, in any scope). Each has, per such import,
    the module it names (normalised: ``_module_name``), the name imported
    from it (empty for ``import a.b``) and whether the import names it by an
    alias."""
    bound: dict[str, list[tuple[str, str, bool]]] = {}
    for i in facts.imports:
        top = i.source.partition(".")[0]
        if not top or "*" in (i.name, i.alias) or top in free:
            continue
        module = _module_name(i.source)
        if module:
            named = (module, _module_name(i.name or ""), bool(i.alias))
            bound.setdefault(i.alias or i.name or top, []).append(named)
    return bound


def _module_name(dotted: str) -> str:
    """A dotted module name as the tree's paths are compared with it: each part
    lowercased, without underscores (``_name_words``)."""
    return ".".join(
        "".join(_WORD.findall(part.lower().replace("_", ""))) for part in dotted.split(".")
    )


def _base_module(expression: str, module: str, name: str, aliased: bool) -> str:
    """The module a base ``expression`` is a class of, through an import of
    ``module`` (``name`` imported from it, by an alias or not): ``C`` of
    ``from m import C`` is ``m``'s; ``n.C`` of ``from m import n`` is
    ``m.n``'s; ``a.b.C`` of ``import a.b`` is ``a.b``'s, and ``x.C`` of
    ``import a.b as x`` too."""
    parts = _module_name(_GENERIC_ARGUMENTS.split(expression, 1)[0].strip()).split(".")
    middle = parts[1:-1]
    if len(parts) == 1:
        return module
    if name:
        return ".".join([module, name, *middle])
    return ".".join([module, *middle]) if aliased else ".".join(parts[:-1])


def _last_name(text: str) -> str:
    words = _WORD.findall(text.lower().replace("_", ""))
    return words[-1] if words else ""


ClassRecord = tuple[str, tuple[str, ...], tuple[str, ...], str, str]
"""(name, member names, linked names, digest of its links, its callbacks):
see ``FileDependencies``."""


@dataclass(frozen=True, slots=True)
class FileDependencies:
    """What one file offers other files' lookups, and what its own lookups name.

    ``offers`` are (name, digest of the file's elements indexed under it, in
    file order) pairs, by name; ``classes`` are
    (name, member names, linked names, digest of its links, callbacks) for
    every definition with members or bases (the links digest after
    ``_PLAIN`` when it has no links); a class's callbacks, where
    ``LanguageRule.public_callbacks``, are the digest of its public members
    and, for each base that an import which may be of an outside module
    binds, the base's name and the module it is a class of
    (``,client,werkzeug.test``), else empty; ``mentions`` are the names the
    full facts write. All are plain lists of strings, cached as JSON.
    """

    mentions: tuple[str, ...]
    offers: tuple[tuple[str, str], ...]
    classes: tuple[ClassRecord, ...]
    follows: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(name, names a lookup of it reads on to): an alias to what it names, a
    function to its return type, a field to its type."""


class DependencyTexts(NamedTuple):
    """A file's dependency data as the cache holds it: its mentions, and what
    it offers (offers, classes and follows), each as text.

    Kept as text until read: the offers are read only when the name digests
    are computed again, and the mentions one file at a time. Every name is a
    word of ``names_in`` (or ``*`` before one), so the texts are names joined
    by spaces, commas, semicolons and bars, which no name holds: a fifth
    smaller than JSON, and read back by splitting.
    """

    mentions: str
    offers: str


# Within a record, its fields; within a field, its names (each after a comma,
# so that no name and one empty name differ); between records; after each
# part. No newline: a cache entry is one line.
_FIELD, _ITEM, _RECORD, _PART = " ", ",", ";", "|"


def dependency_texts(deps: FileDependencies) -> DependencyTexts:
    """``deps`` as ``DependencyTexts``: mentions; and offers, classes and follows
    each ended by ``_PART`` (a cut text is seen as damaged)."""
    offers = _FIELD.join(f"{name}{_FIELD}{digest}" for name, digest in deps.offers)
    classes = _RECORD.join(
        _FIELD.join((name, digest, _items(members), _items(links), calls_back))
        for name, members, links, digest, calls_back in deps.classes
    )
    follows = _RECORD.join(f"{name}{_FIELD}{_items(then)}" for name, then in deps.follows)
    return DependencyTexts(
        _FIELD.join(deps.mentions), f"{offers}{_PART}{classes}{_PART}{follows}{_PART}"
    )


def _items(names: Sequence[str]) -> str:
    return "".join(_ITEM + name for name in names)


def _names_of_items(field: str) -> tuple[str, ...]:
    if field[:1] not in ("", _ITEM):
        raise ValueError("damaged dependency names")
    return tuple(field.split(_ITEM)[1:])


def readable(texts: DependencyTexts) -> bool:
    """Whether the offers decode (a damaged cache entry's do not). Mentions are
    names split by spaces, any text of which reads; an entry cut short loses
    its offers, which come after them."""
    try:
        _offered(texts)
    except ValueError:
        return False
    return True


def _offered(texts: DependencyTexts) -> FileDependencies:
    """The offers, classes and follows of ``texts`` (no mentions); raises
    ValueError when damaged."""
    offers, classes, follows = _offer_lines(texts)
    return FileDependencies(
        (),
        tuple(zip(offers[0::2], offers[1::2], strict=True)),
        tuple(_class_records(classes)),
        tuple(_follow_records(follows)),
    )


def _offer_lines(texts: DependencyTexts) -> tuple[list[str], str, str]:
    """The offers' fields (name, digest, name, digest ...), and the classes' and
    follows' lines; raises ValueError when the text is cut or damaged."""
    offers, classes, follows = _offer_parts(texts)
    fields = offers.split(_FIELD) if offers else []
    if len(fields) % 2 or any(len(d) != _DIGEST_CHARS for d in fields[1::2]):
        raise ValueError("damaged offers")
    return fields, classes, follows


def _class_records(line: str) -> Iterator[ClassRecord]:
    for record in line.split(_RECORD) if line else ():
        name, digest, members, links, calls_back = record.split(_FIELD)
        if calls_back and (
            len(calls_back.partition(_ITEM)[0]) != _DIGEST_CHARS or calls_back.count(_ITEM) % 2
        ):
            raise ValueError("damaged callbacks")
        yield name, _names_of_items(members), _names_of_items(links), digest, calls_back


def _follow_records(line: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    for record in line.split(_RECORD) if line else ():
        name, then = record.split(_FIELD)
        yield name, _names_of_items(then)


def _mentioned(texts: DependencyTexts) -> list[str]:
    return texts.mentions.split(_FIELD) if texts.mentions else []


def file_dependencies(full: FileFacts, interface: FileFacts) -> FileDependencies:
    """The dependency data of one file, from its full facts and its interface."""
    described = _described(full)
    elements, classes, follows = _elements(interface, described)
    by_name: dict[str, list[str]] = {}
    for names, content in elements:
        for name in names:
            by_name.setdefault(name, []).append(content)
    offers = tuple(
        (
            name,
            _digest(*sorted(set(by_name[name])))
            if name[:1] == SHARED
            else _digest(full.path, *by_name[name]),
        )
        for name in sorted(by_name)
    )
    return FileDependencies(_mentions(full, described), offers, classes, follows)


_TITLED = "titled"


def _described(facts: FileFacts) -> frozenset[tuple[str, str, int, int]]:
    """The file's definitions (kind, name, first and last line) named by a title that no lookup
    finds them by (``LanguageRule.titled_found``): any title where lookups
    never find a titled definition (ExUnit's ``test "delete/2"``), else a
    title with a space in it (``it("works", ...)``, ``t.Run("no rows", ...)``),
    which no reference spells. Indexed under their words, removing one ExUnit
    test file resolved again every file that writes ``with``, ``and`` or
    ``is``, or calls a ``delete``."""
    titled = {scope for scope, trait in facts.traits if trait == _TITLED}
    if not titled:
        return frozenset()
    rule = language_for_path(facts.path)
    found = rule is None or rule.titled_found
    return frozenset(
        _definition_key(d)
        for index, d in enumerate(facts.definitions)
        if index in titled and (not found or any(c.isspace() for c in d.name))
    )


def _definition_key(d: Definition) -> tuple[str, str, int, int]:
    """A definition as the full facts and the interface both hold it (their
    indices may differ)."""
    return d.kind, d.name, d.start_line, d.end_line


def _mentions(facts: FileFacts, described: frozenset[tuple[str, str, int, int]]) -> tuple[str, ...]:
    """Every name the file's facts write but the titles of its ``described``
    tests, and the names in its path but its extension (which every file of
    the language has: a name that a binding somewhere gives a digest, ``js``,
    would tie every file together), where lookups find files by their paths
    (``LanguageRule.found_by_path``)."""
    rule = language_for_path(facts.path)
    by_path = rule is None or rule.found_by_path
    folder, _, name = facts.path.rpartition("/")
    words: list[str] = [folder.replace("/", " "), _stem(name)] if by_path else []
    words.extend(d.name for d in facts.definitions if _definition_key(d) not in described)
    for i in facts.imports:
        words.extend((i.source, i.name or "", i.alias or ""))
    implied = dict(rule.implied_names) if rule is not None else {}
    for r in facts.references:
        words.append(r.name)
        if r.receiver:
            words.append(r.receiver)
        if implied and (named := implied.get(_last_name(r.name))):
            words.extend(named)  # the methods a route to a resource names unwritten
    words.extend(b.expression for b in facts.bases)
    # A name the file binds (a local, an attribute it assigns) is looked up by
    # the references that read it, which are here already: bound names and
    # keyword arguments are left out. Parameters stay (pytest fixtures are
    # looked up by them).
    for _, _, expression, how in facts.typed:
        words.extend((expression, how))
    words.extend(facts.exports or ())
    for e in facts.exported:
        words.extend((e.name, e.local, e.source))
    words.extend(literal.value for literal in facts.literals)
    words.extend(literal.keyword or "" for literal in facts.literals)
    words.extend(result.expression for result in facts.results)
    words.extend(expression for _, expression, _ in facts.returns)
    words.extend(trait for _, trait in facts.traits)
    for signature in facts.signatures:
        words.extend(p.name for p in signature.parameters)
    # Names repeat all through a file (``self``, a module used everywhere):
    # each distinct text is scanned once.
    found = _names_of("\n".join(set(words)))
    # An operator called (``a + b``) has no word: it is read under its own name.
    for called in {r.name for r in facts.references}:
        if not _WORD.search(called):
            found |= _defined_names(called)
    if not folder and by_path:
        found |= _TOP  # its folder is the top one, which has no name
    stars = [i.source for i in facts.imports if i.name == "*" or i.alias == "*"]
    stars.extend(e.source for e in facts.exported if e.source and "*" in (e.name, e.local))
    for source in stars:
        # What a star binds is everything the module offers: its files, by name.
        targets = _last_segment(source) or names_in(facts.path.rpartition("/")[0].replace("/", " "))
        found |= {STAR + name for name in targets}
    return tuple(sorted(found))


def _elements(
    facts: FileFacts,
    described: frozenset[tuple[str, str, int, int]] = frozenset(),
) -> tuple[
    list[tuple[frozenset[str], str]],
    tuple[ClassRecord, ...],
    tuple[tuple[str, tuple[str, ...]], ...],
]:
    """A file's interface as (names it is indexed under, content) elements, and
    its classes' links; the definitions named in ``described`` (``_described``)
    are indexed under no name."""
    definitions = facts.definitions
    qualified: list[str] = []
    for d in definitions:  # parents come before their children
        parent = qualified[d.parent] if 0 <= d.parent < len(qualified) else ""
        qualified.append(f"{parent}.{d.name}" if parent else d.name)

    def scope_name(scope: int) -> str:
        return qualified[scope] if 0 <= scope < len(qualified) else ""

    def own(scope: int) -> frozenset[str]:
        # A namespace's name is no lookup's way into what is declared in it
        # (each is found by its own name), and every file of it writes that name.
        if 0 <= scope < len(definitions) and definitions[scope].kind != _NAMESPACE:
            return _name_of(definitions[scope])
        return _NONE

    def _name_of(d: Definition) -> frozenset[str]:
        return _NONE if _definition_key(d) in described else _defined_names(d.name)

    context = _digest(
        *(
            f"{name}\1{expression}\1{how}"
            for scope, name, expression, how in facts.typed
            if scope == MODULE_SCOPE and how in _CONTEXT_HOWS
        )
    )
    out: list[tuple[frozenset[str], str]] = []
    follows: dict[str, set[str]] = {}
    rule = language_for_path(facts.path)
    private = rule is not None and rule.private_imports
    # Where imports are the file's own, another file reads one only through
    # this file's elements (a field's type, a result's, a base written here and
    # resolved in this file's scope), never by naming it: an element that reads
    # on to a name an import binds holds that import instead, and reads on to
    # what the import names. Indexed under the bare name, a change to one
    # file's imports reached every file that mentions the name (``sync``,
    # ``List``) or reads on to it.
    imported: dict[str, tuple[str, frozenset[str]]] = {}
    if private:
        for i in facts.imports:
            if "*" not in (i.name, i.alias):
                held = (repr(_import_content(i, scope_name(i.scope))), _import_reads(i))
                for name in _private_bound(i):
                    imported.setdefault(name, held)
    # The names that what every file reads (an autouse fixture) reads on to:
    # this file's imports of them are indexed for every file instead (read on
    # to, ``pytest`` would be every file's import of it).
    everyone_reads: set[str] = set()

    def add(names: frozenset[str], *content: object, then: frozenset[str] = _NONE) -> None:
        """Index ``content`` under ``names``; a lookup of one of them reads on to
        ``then``, through this file's imports where they bind it."""
        text = context + repr(content)
        if then:
            if EVERYONE in names:
                everyone_reads.update(then)
            if imported and not imported.keys().isdisjoint(then):
                # Read through this file's import of it, which reads on to what it names.
                held = sorted({imported[name] for name in then if name in imported})
                text += "".join(content_text for content_text, _ in held)
                then = then.difference(imported).union(*(reads for _, reads in held))
            for name in names - _ALL:
                follows.setdefault(name, set()).update(then - {name})
        out.append((names, text))

    def declare(namespace: str) -> None:
        """Offer the declaration of a merged namespace: the same in any file, so
        without the file's context (its own package)."""
        for names, declared in _namespaces_declared(namespace):
            out.append((names, repr(("d", _NAMESPACE, declared))))

    folder, _, stem = facts.path.rpartition("/")
    # A module's implicit member (Python's module ``__getattr__``) answers for
    # names it never spells: it is read by whoever names the module.
    module_names = names_in(stem.partition(".")[0]) | names_in(folder.rpartition("/")[2])
    # Where a type's methods are declared apart from it (Go), a lookup of a
    # method reads on to its type's method set: the methods declared on the
    # type, what it embeds, whether it is an interface and whether some file
    # makes one. They are indexed under ``^`` and the type's name as well, and
    # the method reads on to that alone: reading on to the type's name, it read
    # every field's type too, and through them most of the package (``String``
    # is a method of most types, and ``string`` a word of every file).
    structural = rule is not None and rule.structural_types
    # A merged namespace is read for being declared, by any file: its
    # declarations are offered apart from the file (``SHARED``).
    merged = rule is not None and rule.merged_namespaces
    by_path = rule is None or rule.found_by_path
    for index, d in enumerate(definitions):
        names = _name_of(d)
        if merged and d.kind == _NAMESPACE:
            declare(qualified[index])
            continue
        if d.parent == MODULE_SCOPE and names & _IMPLICIT_MEMBERS:
            names = names | module_names
        if structural and d.parent == MODULE_SCOPE and d.kind != "function" and names:
            names = names | _method_set_names(d.name)
        add(names, "d", d.kind, qualified[index])
    # What a star import binds, no name tells. Where imports are the file's own
    # (``LanguageRule.private_imports``), it is read only by the lookups that
    # enter the file by what it defines (a type written in it, resolved
    # there): it is indexed under those names and the file's, not under its
    # module's or its namespace's, which every file using them mentions.
    # Elsewhere it reaches every file (a module's star import re-exports).
    own_names = _NONE
    if private:
        own_names = _name_words(stem) | _names_of(
            " ".join(
                d.name
                for d in definitions
                if d.kind != _NAMESPACE and _definition_key(d) not in described
            )
        )
    loads_only = rule is not None and rule.loads_bind_nothing
    for i in facts.imports:
        if loads_only and not (i.name or i.alias):
            continue  # it binds no name: no other file's lookup reads it
        content = _import_content(i, scope_name(i.scope))
        star = "*" in (i.name, i.alias)
        if star and own_names:
            add(own_names, *content)
            continue
        if private and not star:
            continue  # held by this file's elements that read through it
        bound = _bound(i)
        add(bound | _ALL if star else bound, *content, then=_import_reads(i))
    for b in facts.bases:
        # Indexed under its class's name: a lookup through the class reads on to
        # its bases. Who derives from a base is the inheritance links'
        # to say: indexed under the base's name as well, every class deriving
        # from ``IEnumerable<T>`` was read on to by whatever reads on to
        # ``IEnumerable``. A class with no name (an object expression) is found
        # through its base alone: its own name, not its qualifier's or its
        # type arguments' (``System``, ``T``: words most files write).
        owner = own(b.definition)
        base_name = "" if owner else _last_name(_GENERIC_ARGUMENTS.split(b.expression, 1)[0])
        add(
            owner | ({base_name} if base_name else _NONE),
            "b",
            scope_name(b.definition),
            b.expression,
            then=names_in(b.expression),
        )
        if structural:
            # An embedded type's methods are the embedding type's too.
            embedded = names_in(b.expression)
            add(
                _method_set_names(definitions[b.definition].name) if own(b.definition) else _NONE,
                "b",
                scope_name(b.definition),
                b.expression,
                then=_method_set_names(b.expression) | (embedded & imported.keys()),
            )
    for scope, name in facts.bindings:
        add(names_in(name.rpartition(".")[2]), "v", scope_name(scope), name)
    for scope, name, expression, how in facts.typed:
        if how == _RECEIVER:
            # A method's receiver: indexed under the method and its type (not the
            # receiver's variable), read on from the method to the type's method
            # set. A lookup of the type reads its methods, not on to what its
            # method set holds besides (which files make one): ``String`` is a
            # type of gin's, and ``string(b)`` a conversion many files write.
            owner = names_in(expression)
            dispatch = _method_set_names(expression)
            add(own(scope) | dispatch, "t", scope_name(scope), name, expression, how,
                then=dispatch)  # fmt: skip
            add(owner, "t", scope_name(scope), name, expression, how)
            continue
        if structural and how in _MADE_HOWS:
            # Which types some file makes is read by dispatch alone, through the
            # method sets of the types a called method is declared on: indexed
            # under the made type's method set (``^`` and its last name), not
            # under its name or the variable's (``string(b)``, ``err :=
            # errors.New(...)``: words most files write). An assertion that a
            # type implements an interface is read by the type's file too, and
            # the interface's: under their names as well. Either reads on to
            # nothing but this file's imports, by which its expression is resolved.
            made = _method_set_of(expression)
            if how == _ASSERTED:
                made = made | _method_set_of(name)
                made = made | frozenset({_last_name(expression), _last_name(name)} - {""})
            words = names_in(expression)
            add(made, "t", scope_name(scope), name, expression, how,
                then=words & imported.keys())  # fmt: skip
            continue
        # An attribute (``self.mapper = ...``) is read by the lookups that spell
        # its name, as its binding is, never through the method that assigns
        # it. Indexed under that method's name too, every file with an
        # ``__init__`` read what any ``__init__`` anywhere assigns: renaming
        # SQLAlchemy's ``to_list``, which one ``__init__`` calls, resolved 321
        # of its 694 files again.
        enclosing = _NONE if "." in name else own(scope)
        names = names_in(name.rpartition(".")[2]) | enclosing
        if merged and how in _DECLARED_HOWS and scope == MODULE_SCOPE:
            declare(name)
            continue
        if how in _EVERYONE_HOWS:
            names = names | _ALL
        add(names, "t", scope_name(scope), name, expression, how, then=names_in(expression))
    # Declaring __all__ at all changes what a star import of the module binds,
    # and of every module that star-imports it in turn: it reaches everyone.
    # A module that declares none adds nothing here, so that a file added or
    # removed without one reaches only the names it offered or offers.
    if facts.exports is not None:
        add(_ALL, "x", True)
    for name in facts.exports or ():
        add(names_in(name), "x", name)
    for e in facts.exported:
        names = names_in(e.name)
        if EVERYONE in (e.name, e.local):
            names = names | _ALL
        add(
            names,
            "e",
            e.name,
            e.local,
            e.source,
            e.type_only,
            then=names_in(e.local) | (_read_on_to(e.source) if e.source else _NONE),
        )
    for r in facts.references:
        # What a decorator means (``@pytest.fixture`` makes a fixture) is its
        # callee's to say: it reads on to the callee's names.
        callee = names_in(r.name)
        add(
            own(r.scope) | callee,
            "r",
            r.kind,
            r.name,
            r.receiver,
            scope_name(r.scope),
            then=(callee | names_in(r.receiver) if r.receiver else callee) if r.header else _NONE,
        )
    for literal in facts.literals:
        called = (
            facts.references[literal.reference]
            if literal.reference < len(facts.references)
            else None
        )
        scope = called.scope if called is not None else MODULE_SCOPE
        names = own(scope) | names_in(literal.value)
        if literal.keyword == "autouse":
            names = names | _ALL
        # What the literal means is the call's to say (``name="client"`` names a
        # fixture only in a call of ``pytest.fixture``): it reads on to the call.
        add(
            names,
            "l",
            scope_name(scope),
            literal.position,
            literal.keyword,
            literal.value,
            then=names_in(f"{called.receiver or ''} {called.name}") if called else _NONE,
        )
    valued = {result.scope for result in facts.results}
    for result in facts.results:
        add(
            own(result.scope),
            "s",
            scope_name(result.scope),
            result.statement,
            result.expression,
            result.how,
            then=names_in(result.expression),
        )
    for scope, expression, how in facts.returns:
        add(own(scope), "rt", scope_name(scope), expression, how, then=names_in(expression))
    for scope, trait in facts.traits:
        add(own(scope) if scope != MODULE_SCOPE else _ALL, "tr", scope_name(scope), trait)
    for signature in facts.signatures:
        # A function whose value others read (a fixture) reads its parameters' values.
        parameters = (
            names_in(" ".join(p.name for p in signature.parameters))
            if signature.definition in valued
            else _NONE
        )
        add(
            own(signature.definition),
            "sg",
            scope_name(signature.definition),
            signature.receiver,
            signature.parameters,
            then=parameters,
        )

    if everyone_reads:
        for i in facts.imports:
            bound = _private_bound(i) if private else _bound(i)
            if "*" not in (i.name, i.alias) and not everyone_reads.isdisjoint(bound):
                add(_ALL, *_import_content(i, scope_name(i.scope)))
    members: dict[int, set[str]] = {}
    links: dict[int, list[str]] = {}
    implicit: dict[int, list[str]] = {}
    # Where an outside base may call back a class's public methods
    # (``LanguageRule.public_callbacks``), a call of a method no class of the
    # repository defines, on the class or a subclass, reads which those are
    # and which class of its ancestors answers each: their public members.
    public: dict[int, list[str]] = {}
    renamed: dict[str, set[str]] = {}
    for i in facts.imports:
        if i.alias and i.name and i.alias != i.name and "*" not in (i.name, i.alias):
            renamed.setdefault(i.alias, set()).update(names_in(i.name))
    callbacks = rule is not None and rule.public_callbacks
    outside = _outside_bound(facts, rule.callback_free_modules) if callbacks and rule else {}
    for d in definitions:
        if d.parent != MODULE_SCOPE:
            if _definition_key(d) not in described:
                members.setdefault(d.parent, set()).update(names_in(d.name))
            if callbacks and not d.name.startswith("_"):
                public.setdefault(d.parent, []).append(f"{d.kind}\1{d.name}")
            if names_in(d.name) & _IMPLICIT_MEMBERS:
                # Part of the class's links: subclasses inherit it, unnamed.
                implicit.setdefault(d.parent, []).append(f"{d.kind}\1{d.name}")
    for b in facts.bases:
        links.setdefault(b.definition, []).append(b.expression)
    for scope, _, expression, how in facts.typed:
        if how in _LINK_HOWS and scope != MODULE_SCOPE:
            links.setdefault(scope, []).append(expression)
    classes = []
    for index in sorted(members.keys() | links.keys()):
        if not 0 <= index < len(definitions):
            continue
        if merged and definitions[index].kind == _NAMESPACE and index not in links:
            # What a namespace declares inherits nothing from it: as a class of
            # its members, every class whose bases write its name
            # (``Newtonsoft.Json.JsonConverter``) was linked to it.
            continue
        written = links.get(index, [])
        linked = set().union(*(names_in(x) for x in written)) if written else set()
        # A base imported under another name (``from .x import Base as B``)
        # is the class of its own name.
        linked.update(w for x in written for w in renamed.get(_head(x), ()))
        # Where a type implements an interface by its methods alone (Go,
        # TypeScript), the method set is a link too.
        method_set = (
            sorted(members.get(index, ()))
            if structural and definitions[index].kind == "interface"
            else ()
        )
        digest = _digest(
            # Where a type is named by its package, not its file, a file moved
            # in the package moves none of its classes' links.
            facts.path if by_path else context,
            qualified[index],
            *written,
            "\2",
            *implicit.get(index, ()),
            "\3",
            *method_set,
        )
        if not (written or implicit.get(index) or method_set):
            digest = _PLAIN + digest
        # Which bases are outside the repository is the resolver's to know; a
        # base bound by an import that is not relative may be: its name and
        # its module say, once every file's classes and paths are known
        # (``_links_index``).
        calls_back = ""
        if callbacks and definitions[index].kind == "class":
            bases = [
                (_last_name(_GENERIC_ARGUMENTS.split(x, 1)[0]), _base_module(x, *bound))
                for x in written
                for bound in outside.get(_head(x), ())
            ]
            if bases or index in public:
                calls_back = _digest(facts.path, qualified[index], *sorted(public.get(index, ())))
                calls_back += "".join(_items(pair) for pair in bases)
        classes.append(
            (
                ""
                if _definition_key(definitions[index]) in described
                else _last_name(definitions[index].name),
                tuple(sorted(members.get(index, ()))),
                tuple(sorted(linked)),
                digest,
                calls_back,
            )
        )
    if rule is not None and rule.declared_modules:
        # Where a file is a module only as another file declares it (Rust's
        # ``mod cat;``), what it defines is named by that declaration: a
        # lookup of any of it reads on to the names the file is declared
        # under (its own, or its folder's for ``mod.rs``; a crate's root is
        # declared by its manifest).
        module = folder.rpartition("/")[2] if stem == "mod.rs" else stem.partition(".")[0]
        declared = _NONE if stem in ("lib.rs", "main.rs") else names_in(module)
        for names, _ in out if declared else ():
            for name in names - _ALL:
                if name[:1] != SHARED and (then := declared - {name}):
                    follows.setdefault(name, set()).update(then)
    for scope, _, expression, how in facts.typed:
        if how == _MIXIN and 0 <= scope < len(definitions):
            # A mixin's code runs in the class that includes it: its ``super``
            # is the next of that class's ancestors (Ruby's modules). The
            # mixin is linked to the class as well, as a base is to a subclass,
            # so the links above the class are read under the mixin's names.
            includer = _last_name(definitions[scope].name)
            classes.append(
                (
                    _last_name(expression),
                    (),
                    (includer,) if includer else (),
                    _PLAIN + _digest(facts.path, qualified[scope], expression),
                    "",
                )
            )
    return out, tuple(classes), tuple((k, tuple(sorted(v))) for k, v in sorted(follows.items()))


def name_digests_key(
    paths: Sequence[str], files: Mapping[str, DependencyTexts], aliases: Aliases = _NO_ALIASES
) -> str:
    """A digest of everything ``name_digests`` reads: the paths and their aliases,
    and every file's offers, classes and follows (not its mentions).

    Equal keys mean equal name digests, so a run whose files changed only in
    what they mention (a body edit) can reuse the last run's.
    """
    h = hashlib.blake2b(digest_size=32)
    for path in sorted(paths):
        data = path.encode("utf-8", "surrogateescape")
        h.update(len(data).to_bytes(4, "little") + data)
    h.update(b"\0")
    data = aliases.text.encode("utf-8", "surrogateescape")
    h.update(len(data).to_bytes(8, "little") + data)
    for path in sorted(files):
        for text in (path, files[path].offers):
            data = text.encode("utf-8", "surrogateescape")
            h.update(len(data).to_bytes(8, "little") + data)
    return h.hexdigest()


def name_digests(
    paths: Sequence[str], texts: Mapping[str, DependencyTexts], aliases: Aliases = _NO_ALIASES
) -> dict[str, str]:
    """For every name some lookup may read, a digest of everything indexed under
    it (elements, paths, inheritance links, what it reads on to).

    Raises ValueError when a file's dependency data is damaged.
    Each file's data is decoded in turn and let go: only what is indexed stays.
    """
    # Each name's digests as the bytes its own digest is taken of ("\0" and
    # each digest in turn): a few bytes each, where strings in lists took
    # several times that across a large tree's offers.
    index: dict[str, bytearray] = {}
    stars: list[tuple[str, str]] = []
    classes: list[ClassRecord] = []
    follows: dict[str, set[str]] = {}
    shared: dict[str, set[str]] = {}
    for path in sorted(texts):
        deps = _offered(texts[path])
        for name, digest in deps.offers:
            if name[:1] == SHARED:
                shared.setdefault(name[1:], set()).add(digest)
            else:
                _add(index, name, digest)
        whole = _digest(path, *(d for _, d in deps.offers))  # as ``_own_digests`` takes it
        stars.extend((STAR + word, whole) for word in _star_words(path, aliases))
        classes.extend(deps.classes)
        for name, then in deps.follows:
            follows.setdefault(name, set()).update(then)
    for name, digests in shared.items():
        for digest in sorted(digests):
            _add(index, name, digest)
    for word, digest in _tree_digests(paths, None, aliases):
        _add(index, word, digest)
    # After the paths' and folders' digests, in file order, as each name's list expects.
    for word, whole in stars:
        _add(index, word, whole)
    _index_links(classes, paths, index)
    # The digest of the name and its digests joined by "\0", as ``_digest`` takes it.
    by_name = {name: _name_digest(name, joined) for name, joined in index.items()}
    _follow(follows, by_name)
    return by_name


def _name_digest(name: str, joined: bytes | bytearray) -> str:
    """A name's own digest, of its indexed digests each after a NUL (``joined``)."""
    return hashlib.blake2b(
        name.encode("utf-8", "surrogateescape") + joined, digest_size=_DIGEST_CHARS // 2
    ).hexdigest()


MAX_UPDATED_FILES = 32
"""Beyond this many changed files, updating the last name digests costs about
what computing them all does: ``updated_name_digests`` declines."""
# Likewise, beyond this many names to digest again.
_MAX_REGION = 512
_CLASS_TOKEN = re.compile("[" + re.escape(_FIELD + _ITEM + _RECORD) + "]")


def updated_name_digests(
    paths: Sequence[str],
    texts: Mapping[str, DependencyTexts],
    previous: Mapping[str, str],
    before: Mapping[str, DependencyTexts | None],
    paths_before: Sequence[str] | None = None,
    aliases: Aliases = _NO_ALIASES,
) -> dict[str, str] | None:
    """``name_digests(paths, texts, aliases)``, made from ``previous``: the digests
    of the tree when its paths were ``paths_before`` (the same, when None) and
    the files of ``before`` had those texts (None: the file had none; it was
    added, or was not parsed), with the same ``aliases``. A file of ``before``
    missing from ``texts`` was removed.

    Only the names whose digests can differ are computed again: those a
    changed file offered or offers differently, its path's star names, the
    words of paths and folders added or removed, the class and member names
    of classes whose links (or those above them) changed, names entering or leaving
    the follow graph, and every name whose lookups read on to one of them.
    The result equals ``name_digests``'s. None when too much changed for an
    update to pay: ``name_digests`` must run. Raises ValueError when a file's
    dependency data is damaged.
    """
    lines = {path: _offer_parts(texts[path]) for path in sorted(texts)}
    changed = sorted(p for p in before if before[p] != texts.get(p))
    if len(changed) > MAX_UPDATED_FILES:
        return None
    computed_links: list[dict[str, list[str]]] = []

    def links_index() -> dict[str, list[str]]:
        # Computed when first needed, and once: the classes of every file.
        if not computed_links:
            computed_links.append(_links_index(_all_classes(lines), new_words))
        return computed_links[0]

    # The names whose own digests, follows or place in the follow graph may differ.
    seeds: set[str] = set()
    if paths_before is not None:
        for path in set(paths).symmetric_difference(paths_before):
            seeds.update(_file_words(path, aliases))
        for folder in _folders(paths_before) ^ _folders(paths):
            seeds.update(_folder_words(folder))
    classes_changed = False
    # The changed files' follows, before and after, and the names whose
    # follows or place in the graph differ in one of them.
    old_maps: list[dict[str, set[str]]] = []
    new_maps: list[dict[str, set[str]]] = []
    moved: set[str] = set()
    for path in changed:
        old, new = before[path], texts.get(path)
        old_fields, old_classes, old_follows = _offer_lines(old) if old else ([], "", "")
        new_fields, new_classes, new_follows = _offer_lines(new) if new else ([], "", "")
        classes_changed = classes_changed or old_classes != new_classes
        old_offers, new_offers = _by_offered_name(old_fields), _by_offered_name(new_fields)
        seeds.update(name.removeprefix(SHARED) for name in _differing(old_offers, new_offers))
        # The digest its path's star names index (any parsed file has one).
        if old is None or new is None or old_fields[1::2] != new_fields[1::2]:
            seeds.update(STAR + word for word in _star_words(path, aliases))
        if old_follows != new_follows:
            old_map, new_map = _follow_map(old_follows), _follow_map(new_follows)
            old_maps.append(old_map)
            new_maps.append(new_map)
            moved.update(_differing(old_map, new_map))
            old_names = set(old_map).union(*old_map.values())
            new_names = set(new_map).union(*new_map.values())
            moved.update(old_names ^ new_names)
    if moved:
        # Only where the whole graph differs: a function added with a parameter
        # of a common type (``int``) brings that name into its file's follows,
        # not into the graph, which every other file keeps it in.
        seeds.update(_moved_in_graph(moved, old_maps, new_maps, lines, set(changed)))
    new_words = _module_names(paths)
    old_words = new_words if paths_before is None else _module_names(paths_before)
    # Files of modules added or removed may move a base outside the tree or into it.
    if classes_changed or _modules_moved(old_words, new_words, lines):
        old_lines = dict(lines)
        for path in changed:
            then = before[path]
            if then is None:
                del old_lines[path]
            else:
                old_lines[path] = _offer_parts(then)
        old_index, new_index = _links_index(_all_classes(old_lines), old_words), links_index()
        seeds.update(_differing(old_index, new_index))
    if not seeds:
        return dict(previous)
    region = _upstream(seeds, lines)
    if region is None:
        return None
    # What lookups of the region read on to, and which of its names are in the graph.
    follows: dict[str, set[str]] = {}
    in_graph: set[str] = set()
    for _, _, follow_line in lines.values():
        if follow_line and any(name in follow_line for name in region):
            for name, read_on in _follow_records(follow_line):
                if name in region:
                    follows.setdefault(name, set()).update(read_on)
                in_graph.update(region.intersection(read_on))
    in_graph.update(follows)
    own = _own_digests(region, paths, lines, links_index, aliases)
    fixed: dict[str, str] = {}
    for successors in follows.values():
        for successor in successors - region:
            # One with no digest indexes nothing and reads on to nothing that does.
            if successor in previous:
                fixed[successor] = previous[successor]
    merkle = _merkle(follows, own, sorted(in_graph), fixed)
    result = dict(previous)
    for name in region:
        if name in merkle:
            result[name] = merkle[name]
        elif name in own:
            result[name] = own[name]
        else:
            result.pop(name, None)
    return result


def _moved_in_graph(
    names: set[str],
    old_maps: Sequence[Mapping[str, set[str]]],
    new_maps: Sequence[Mapping[str, set[str]]],
    lines: Mapping[str, tuple[str, str, str]],
    changed: set[str],
) -> set[str]:
    """Those of ``names`` whose follows, or whether they are in the follow graph
    at all, differ in the whole tree, the changed files' follows having been
    ``old_maps`` and being ``new_maps``: what their digests depend on of the
    graph (a name in it is digested with what it reads on to; one outside it,
    alone)."""
    # What the unchanged files say of them: the same before and after.
    kept: dict[str, set[str]] = {}
    reached: set[str] = set()
    for path, (_, _, follow_line) in lines.items():
        if path in changed or not follow_line or not any(n in follow_line for n in names):
            continue
        for name, then in _follow_records(follow_line):
            if name in names:
                kept.setdefault(name, set()).update(then)
            reached.update(names.intersection(then))

    def place(name: str, maps: Sequence[Mapping[str, set[str]]]) -> tuple[bool, set[str]]:
        then = set(kept.get(name, ()))
        keyed = name in kept
        for follows in maps:
            if name in follows:
                keyed = True
                then |= follows[name]
        inside = keyed or name in reached or any(name in t for m in maps for t in m.values())
        return inside, then

    return {name for name in names if place(name, old_maps) != place(name, new_maps)}


def _differing(old: Mapping[str, object], new: Mapping[str, object]) -> set[str]:
    """The keys whose values differ, or that only one of ``old`` and ``new`` has."""
    return {key for key in old.keys() | new.keys() if old.get(key) != new.get(key)}


def _offer_parts(texts: DependencyTexts) -> tuple[str, str, str]:
    """The offers', classes' and follows' texts, unsplit; raises ValueError when cut."""
    offers, classes, follows, end = texts.offers.split(_PART)
    if end:
        raise ValueError("damaged dependency data")
    return offers, classes, follows


def _by_offered_name(fields: Sequence[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name, digest in zip(fields[0::2], fields[1::2], strict=True):
        found.setdefault(name, []).append(digest)
    return found


def _follow_map(line: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for name, then in _follow_records(line):
        found.setdefault(name, set()).update(then)
    return found


def _star_words(path: str, aliases: Aliases) -> frozenset[str]:
    """The words whose star names index a file's offers: a star import names the
    module it reads by its path or, through configuration, an alias."""
    rule = language_for_path(path)
    if rule is not None and not rule.found_by_path:
        return aliases.words_of(path)
    return _path_words(path) | aliases.words_of(path)


def _path_words(path: str) -> frozenset[str]:
    """The words of a file's name and of its folder's: its star names (with its
    aliases, ``_star_words``), and its path's where it is found through its
    folder (``_file_words``)."""
    folder, _, name = path.rpartition("/")
    return _name_words(name) | (names_in(folder.rpartition("/")[2]) if folder else _TOP)


def _name_words(name: str) -> frozenset[str]:
    """The words of a file's name without its extension: a lookup names a file by
    its stem, and an extension (``py``) would index every file together."""
    return names_in(_stem(name))


def _stem(name: str) -> str:
    """A file or folder name without its extension (``.eslintrc.js``: ``.eslintrc``)."""
    stem, dot, _ = name.rpartition(".")
    return stem if dot and stem else name


def _file_words(path: str, aliases: Aliases = _NO_ALIASES) -> frozenset[str]:
    """The words a file's path is indexed under: its name's, and its folder's
    where a lookup may find it through its folder (``LanguageRule.folder_files``;
    any file without language rules), and those of its ``aliases``. A module
    added beside others then reaches the files that name it, not every file
    that names its folder."""
    rule = language_for_path(path)
    if rule is not None and not rule.found_by_path:
        return aliases.words_of(path)
    name = path.rpartition("/")[2]
    if (
        rule is None
        or rule.folder_files is None
        or name in rule.folder_files
        or name in rule.test_support_files
    ):
        words = _path_words(path)
    else:
        words = _name_words(name)
    return words | aliases.words_of(path)


def path_aliases(lookups: Mapping[str, Sequence[str]]) -> Aliases:
    """The words files are also indexed under, from the texts that lookups
    finding them through configuration write (``BuildOptions.lookup_aliases``):
    by a path without extension, or a pattern of such paths with one ``*``."""
    exact: dict[str, frozenset[str]] = {}
    patterns: list[tuple[str, str, frozenset[str]]] = []
    rows: list[str] = []
    for key, texts in sorted(lookups.items()):
        words = _names_of(" ".join(texts))
        rows.append(f"{key}\t{' '.join(sorted(words))}")
        before, star, after = key.partition("*")
        if star:
            patterns.append((before, after, words))
        else:
            exact[key] = words
    # One line of plain text: it is written into cache entries and snapshots,
    # which hold one entry a line.
    text = json.dumps(rows, ensure_ascii=True, separators=(",", ":")) if rows else ""
    return Aliases(exact, tuple(patterns), text)


def _folder_words(folder: str) -> frozenset[str]:
    """The words a folder is indexed under: its name's and its parent's."""
    parent, _, name = folder.rpartition("/")
    return names_in(name) | names_in(parent.rpartition("/")[2])


def _upstream(seeds: set[str], lines: Mapping[str, tuple[str, str, str]]) -> set[str] | None:
    """``seeds`` and every name whose lookups read on to one of them, transitively;
    None when that is more than ``_MAX_REGION`` names."""
    region = set(seeds)
    frontier = set(seeds)
    while frontier:
        found: set[str] = set()
        for _, _, follow_line in lines.values():
            # A name in a record is in its text: most files are passed over unsplit.
            if follow_line and any(name in follow_line for name in frontier):
                for name, then in _follow_records(follow_line):
                    if name not in region and not frontier.isdisjoint(then):
                        found.add(name)
        region |= found
        frontier = found
        if len(region) > _MAX_REGION:
            return None
    return region


def _all_classes(
    lines: Mapping[str, tuple[str, str, str]],
) -> list[ClassRecord]:
    return [record for _, classes, _ in lines.values() for record in _class_records(classes)]


def _own_digests(
    names: set[str],
    paths: Sequence[str],
    lines: Mapping[str, tuple[str, str, str]],
    links_index: Callable[[], Mapping[str, list[str]]],
    aliases: Aliases,
) -> dict[str, str]:
    """The digests ``name_digests`` gives ``names`` before follows are folded in,
    computed for those names alone, in the same order. ``links_index`` is
    asked only when one of them is a class or member name."""
    index: dict[str, list[str]] = {}
    stars: list[tuple[str, str]] = []
    shared: dict[str, set[str]] = {}
    classed = False
    for path, (offers, classes, _) in lines.items():  # in path order
        if not classed and classes and any(name in classes for name in names):
            classed = not names.isdisjoint(_CLASS_TOKEN.split(classes))
        if offers and any(name in offers for name in names):
            fields = offers.split(_FIELD)
            for name, digest in zip(fields[0::2], fields[1::2], strict=True):
                if name in names:
                    index.setdefault(name, []).append(digest)
                elif name[:1] == SHARED and name[1:] in names:
                    shared.setdefault(name[1:], set()).add(digest)
        words = [STAR + word for word in _star_words(path, aliases) if STAR + word in names]
        if words:
            whole = _digest(path, *(offers.split(_FIELD)[1::2] if offers else ()))
            stars.extend((word, whole) for word in words)
    for name, digests in shared.items():
        index.setdefault(name, []).extend(sorted(digests))
    for word, digest in _tree_digests(paths, names, aliases):
        index.setdefault(word, []).append(digest)
    for word, whole in stars:
        index.setdefault(word, []).append(whole)
    if classed:
        links = links_index()
        for name in sorted(names):
            if name in links:
                index.setdefault(name, []).extend(links[name])
    return {
        name: _name_digest(name, "".join("\0" + d for d in digests).encode("ascii"))
        for name, digests in index.items()
    }


def _folders(paths: Sequence[str]) -> set[str]:
    """Every folder holding one of ``paths``, at any depth, that a lookup may find
    (one holding a file of a language whose lookups find files by path)."""
    found: set[str] = set()
    for path in paths:
        rule = language_for_path(path)
        if rule is not None and not rule.found_by_path:
            continue
        folder = path.rpartition("/")[0]
        while folder and folder not in found:
            found.add(folder)
            folder = folder.rpartition("/")[0]
    return found


def _tree_digests(
    paths: Sequence[str], only: set[str] | None, aliases: Aliases
) -> Iterator[tuple[str, str]]:
    """(word, digest) for every file and folder of the tree, under the words of
    ``_file_words`` and ``_folder_words`` (of ``only``, when given): files in
    path order, then folders in path order."""
    for path in sorted(paths):
        words = _file_words(path, aliases)
        if only is None or not only.isdisjoint(words):
            digest = _digest("p", path)
            yield from ((word, digest) for word in words if only is None or word in only)
    for folder in sorted(_folders(paths)):
        words = _folder_words(folder)
        if only is None or not only.isdisjoint(words):
            digest = _digest("f", folder)
            yield from ((word, digest) for word in words if only is None or word in only)


def file_reads(
    files: Mapping[str, DependencyTexts], by_name: Mapping[str, str], context: str
) -> dict[str, str]:
    """Each file's dependency digest: the digests of the names it mentions
    (``name_digests``), with ``context`` and what every file reads. Equal
    digests mean the file's output is the same, whatever else changed."""
    everyone = by_name.get(EVERYONE, "")
    result: dict[str, str] = {}
    get = by_name.get
    for path, texts in files.items():
        # Each found digest has a fixed length and covers its name: no ambiguity.
        read = "".join(filter(None, map(get, _mentioned(texts))))
        result[path] = hashlib.sha256(f"{context}\0{everyone}\0{read}".encode()).hexdigest()
    return result


def _follow(follows: Mapping[str, set[str]], by_name: dict[str, str]) -> None:
    """Fold into each name's digest the digests of every name a lookup of it reads
    on to, transitively (an alias of an alias of a function, its return type)."""
    by_name.update(_merkle(follows, by_name, sorted(follows), {}))


def _merkle(
    follows: Mapping[str, set[str]],
    own: Mapping[str, str],
    roots: Sequence[str],
    fixed: Mapping[str, str],
) -> dict[str, str]:
    """The follow digest of every name reached from ``roots``, but those of ``fixed``.

    A Merkle digest over the graph's strongly connected components, in one
    pass (iterative Tarjan): a name's digest covers its component's names and
    their ``own`` digests, and the digests of the components it reaches. A name
    of ``fixed`` is not entered: its digest is given (a part of the graph that
    did not change).
    """
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    merkle: dict[str, str] = {}
    for root in roots:
        if root in order:
            continue
        work = [(root, iter(sorted(follows.get(root, ()))))]
        order[root] = low[root] = len(order)
        stack.append(root)
        on_stack.add(root)
        while work:
            name, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor in fixed:
                    continue
                if successor not in order:
                    order[successor] = low[successor] = len(order)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(follows.get(successor, ())))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[name] = min(low[name], order[successor])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[name])
            if low[name] == order[name]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == name:
                        break
                members = set(component)
                reached = sorted(
                    {
                        found
                        for m in component
                        for t in follows.get(m, ())
                        if t not in members
                        and (found := fixed[t] if t in fixed else merkle.get(t)) is not None
                    }
                )
                if not reached and not any(own.get(m) for m in component):
                    # Names that index nothing and read on to nothing that does:
                    # as if no lookup named them (a type written once, from a
                    # package outside the tree), so entering or leaving the
                    # graph changes no reader.
                    continue
                digest = _digest(
                    *(f"{m}\1{own.get(m, '')}" for m in sorted(component)), "\2", *reached
                )
                for member in component:
                    merkle[member] = digest
    return merkle


def _add(index: dict[str, bytearray], name: str, digest: str) -> None:
    """Index ``digest`` (a hexadecimal digest) under ``name``, after those before it;
    raises TypeError or ValueError for anything else (damaged data)."""
    if not isinstance(digest, str):
        raise TypeError(f"a digest that is no text: {digest!r}")
    found = index.get(name)
    if found is None:
        index[name] = bytearray(b"\0" + digest.encode("ascii"))
    else:
        found += b"\0" + digest.encode("ascii")


def _index_links(
    records: Sequence[ClassRecord], paths: Sequence[str], index: dict[str, bytearray]
) -> None:
    """Index the links above each class under its name and member names, and
    the callbacks above it under its name."""
    for name, digests in _links_index(records, _module_names(paths)).items():
        for digest in digests:
            _add(index, name, digest)


def _callbacks_above(
    records: Sequence[ClassRecord],
    nodes: Mapping[str, list[int]],
    above: Mapping[str, set[str]],
    path_words: Callable[[], frozenset[str]],
) -> dict[str, str]:
    """For each class at or under one with a base that may be outside the
    repository, the digest of the public members that decide what such a base
    may call back on it (``LanguageRule.public_callbacks``).

    An outside base may call back the public methods of the class deriving
    from it, each answered by the first class of the caller's method
    resolution order that defines it. That class is the one deriving from the
    outside base or one before it in that order, never one of its own
    ancestors: a class's members count unless it is strictly above every
    class with an outside base that the caller derives from. Counted for every
    class above, a method added to Django's ``Model`` reached every reader of
    every test model with an ``enum`` base, and through them every file.
    """

    def has_outside_base(record: ClassRecord) -> bool:
        # A base named by no class of the repository, or a class of a module
        # that no folder or file of the tree can be, is outside it.
        items = record[4].split(_ITEM)
        return any(
            base not in nodes or module not in path_words()
            for base, module in zip(items[1::2], items[2::2], strict=True)
        )

    deriving = {
        n for n, record in enumerate(records) if _ITEM in record[4] and has_outside_base(record)
    }
    if not deriving:
        return {}
    outside = {records[n][0] for n in deriving}
    public: dict[str, str] = {}
    for key, numbers in nodes.items():
        kept = sorted(records[n][4].partition(_ITEM)[0] for n in numbers if records[n][4])
        if kept:
            public[key] = _digest(key, *kept)
    reached: dict[str, frozenset[str]] = {}

    def ancestors(key: str) -> frozenset[str]:
        # Strictly above ``key``: every class its bases name, transitively
        # (names meet, so ``key`` itself where they loop).
        found = reached.get(key)
        if found is None:
            found = reached[key] = frozenset(_reachable(above, above.get(key, ())))
        return found

    # The classes under one with an outside base: only they have callbacks.
    below: dict[str, set[str]] = {}
    for key, names in above.items():
        for name in names:
            below.setdefault(name, set()).add(key)
    under = _reachable(below, outside)
    # Each class on its own (the classes of one name meet only above it: a
    # test's ``Number(models.Model)`` is not the ``Number(Decimal, Choices)``
    # of another test).
    found: dict[str, set[str]] = {}
    for n, (key, _, linked, _, calls_back) in enumerate(records):
        if not key or key not in under:
            continue
        # A base surely outside leads to no class of the repository, whatever
        # its name meets (``datetime.time`` and a test's ``Time`` model).
        items = calls_back.split(_ITEM)
        away = {
            word
            for base, module in zip(items[1::2], items[2::2], strict=True)
            if module not in path_words()
            for word in (base, *module.split("."))
        }
        lineage: set[str] = set()
        for name in linked:
            if name in nodes and name != key and name not in away:
                lineage.add(name)
                lineage.update(ancestors(name))
        bases_outside = sorted(lineage & outside)
        if not bases_outside and n not in deriving:
            continue
        counted = sorted(
            name
            for name in lineage
            if name in public
            and any(name not in ancestors(f) or f in ancestors(name) for f in bases_outside)
        )
        found.setdefault(key, set()).add(
            _digest(
                calls_back.partition(_ITEM)[0],
                str(n in deriving),
                *bases_outside,
                "\1",
                *(public[name] for name in counted),
            )
        )
    return {key: _digest(*sorted(digests)) for key, digests in found.items()}


def _reachable(graph: Mapping[str, set[str]], starts: Iterable[str]) -> set[str]:
    """``starts`` and every name ``graph`` leads to from them, transitively."""
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph.get(name, ()))
    return seen


def _module_names(paths: Sequence[str]) -> Callable[[], frozenset[str]]:
    """Every module the tree's files whose outside bases may call back
    (``LanguageRule.public_callbacks``) can be, whatever the root modules are
    found from: each run of their folders' and names' parts, dotted
    (``_module_name``; ``a/b/c.py``: ``c``, ``b.c``, ``a.b``, ``b``...). A
    module none of them is outside the tree. Worked out when first asked
    for, once."""

    @functools.cache
    def names() -> frozenset[str]:
        found: set[str] = set()
        for path in paths:
            rule = language_for_path(path)
            if rule is None or not rule.public_callbacks:
                continue
            folder, _, name = path.rpartition("/")
            parts = [_module_name(part) for part in folder.split("/")] if folder else []
            if _stem(name) != "__init__":
                parts.append(_module_name(_stem(name)))
            for start in range(len(parts)):
                for end in range(start + 1, len(parts) + 1):
                    found.add(".".join(parts[start:end]))
        return frozenset(found)

    return names


def _modules_moved(
    before: Callable[[], frozenset[str]],
    after: Callable[[], frozenset[str]],
    lines: Mapping[str, tuple[str, str, str]],
) -> bool:
    """Whether a module some class's base may be of came into the tree or left it."""
    if before is after or before() == after():
        return False
    moved = before() ^ after()
    return any(
        module in moved for record in _all_classes(lines) for module in record[4].split(_ITEM)[2::2]
    )


def _links_index(
    records: Sequence[ClassRecord], path_words: Callable[[], frozenset[str]]
) -> dict[str, list[str]]:
    """For every class and member name, the digests of the links above each
    class that has it: its own links and those of every class its bases name,
    transitively (in digest order).

    What a class's links decide for the names below them is which members its
    subclasses inherit and which overrides a call dispatches to: a call of
    ``m`` on a base may run the ``m`` of any class under it, so ``m`` reads
    the links of every class above each class defining it. A class that comes,
    goes or changes its bases reaches its own names and those of the classes
    under it, not every name of the classes it is linked with; a call through
    a subclass's name reads on through its bases' elements.
    """

    def node(name: str, digest: str) -> str:
        # Classes meet by name, but no base names an anonymous one (a lambda's
        # scope, an object expression): each is a class of its own, under its
        # own bases, never linked to every other anonymous scope.
        return name if name else "\0" + digest

    nodes: dict[str, list[int]] = {}
    for number, (name, _, _, digest, _) in enumerate(records):
        nodes.setdefault(node(name, digest), []).append(number)
    above: dict[str, set[str]] = {}
    for name, _, linked, digest, _ in records:
        if linked:
            key = node(name, digest)
            found = {n for n in linked if n in nodes and n != key}
            if found:
                above.setdefault(key, set()).update(found)
    # A plain class links nothing: that it exists, and its members, the offers
    # say; one coming or going (a function's first member) would otherwise
    # reach every reader of every member of the classes under it.
    own: dict[str, str] = {}
    for key, numbers in nodes.items():
        kept = sorted(records[n][3] for n in numbers if not records[n][3].startswith(_PLAIN))
        if kept:
            own[key] = _digest("c", *kept)
    # Each class's digest covers its own links and the digests of the classes
    # its bases name, in one pass over the graph (a class with no links and
    # none above it has none).
    above_digests = _merkle(above, own, sorted(own.keys() | above.keys()), {})
    index: dict[str, set[str]] = {}
    for key in sorted(above_digests):
        digest = above_digests[key]
        names = {member for n in nodes[key] for member in records[n][1]}
        if not key.startswith("\0"):
            names.add(key)
        for name in names:
            index.setdefault(name, set()).add(digest)
    # Where a class has a base that may be outside the repository, or one of
    # the classes above it has, a call through it of a method the repository
    # does not define reads the public members of the classes above it that
    # may answer a call back: under its name alone (under its members' too, a
    # method added to a class reached every reader of every member of every
    # class under it).
    for key, digest in _callbacks_above(records, nodes, above, path_words).items():
        if not key.startswith("\0"):
            index.setdefault(key, set()).add(digest)
    return {name: sorted(digests) for name, digests in index.items()}
