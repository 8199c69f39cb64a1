"""Per-file facts: what one source file defines, imports, calls and inherits.

Facts are language independent. The extractor produces them from tree-sitter
query captures; a resolver per ecosystem turns the facts of all files into
graph edges. Facts are plain values so they can cross process boundaries and
be cached as JSON. The many small facts are named tuples: they are built by
the hundred thousand, and a tuple is already their JSON form.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from sys import intern
from typing import Any, NamedTuple

MODULE_SCOPE = -1
"""Scope index meaning "the module itself" rather than a definition."""

ANONYMOUS_SCOPE = "scope"
"""The kind of a definition that binds names but is no symbol (a lambda)."""

FACTS_VERSION = "9"
"""Changes whenever extracted facts change shape or meaning (part of cache keys)."""

LITERAL_RECEIVER = "#literal"
"""Receiver of a method called on a literal (a string, a list): a builtin type."""


DEFINITION_KINDS = ("class", "function", ANONYMOUS_SCOPE, "interface", "type", "enum", "namespace")
"""What a definition can be: classes and functions (methods are functions in a
class), anonymous scopes, and declarations that only type (TypeScript's
interfaces, type aliases and enums) or group (namespaces)."""


class Definition(NamedTuple):
    """A class or function defined in a file.

    ``parent`` is the index of the enclosing definition in the file's
    definition tuple, or ``MODULE_SCOPE``. Lines are 1-based and inclusive;
    ``start_line`` includes decorators, ``body_line`` is where the body starts
    (so lines before it are the signature). ``kind`` is ``class``, ``function``
    or ``scope`` (an anonymous scope: a lambda or a comprehension, which binds
    names of its own but is not a symbol).
    """

    kind: str
    name: str
    start_line: int
    end_line: int
    body_line: int
    parent: int


class Import(NamedTuple):
    """One name bound by an import statement.

    ``source`` is the module specifier as written (``..pkg.mod``). ``name`` is
    the imported member for ``from`` imports (``*`` for a star import) and
    ``None`` for ``import a.b``. ``alias`` is the ``as`` name.
    """

    source: str
    name: str | None
    alias: str | None
    line: int
    scope: int
    type_only: bool
    end_line: int
    """Last line of the import statement (it may span several)."""


class Reference(NamedTuple):
    """A use of a name: a call, a decorator or a function used as a value.

    ``kind`` is ``call``, ``value``, ``implicit`` or ``read``; or ``route`` or
    ``command``, a value a framework enters (a route's handler, a command's action). An implicit
    reference is a call the syntax does not spell (``with x`` calls
    ``x.__enter__()``): ``name`` is the method called on the receiver, or
    several names separated by spaces of which the first the receiver's type
    defines is called. A read is an attribute read that is neither a call
    nor a value (``x.size`` in ``x.size > 1``): it runs code when the
    attribute is a property. ``receiver`` is the simple expression
    before the final dot (``self``, ``pkg.mod``, ``super()``; ``f()`` or
    ``a.b()`` for what a call without nested parentheses returns), ``"?"`` when
    that expression is none of these, ``"#literal"`` for a literal,
    or ``None`` when there is no receiver. ``header`` is true for a use in a
    definition's header (decorators, default values, annotations): it belongs
    to the definition but is evaluated in the enclosing scope.
    """

    kind: str
    name: str
    receiver: str | None
    line: int
    scope: int
    header: bool = False


POSITIONAL_ONLY = "positional-only"
POSITIONAL_OR_KEYWORD = "positional-or-keyword"
VAR_POSITIONAL = "var-positional"
KEYWORD_ONLY = "keyword-only"
VAR_KEYWORD = "var-keyword"
PARAMETER_KINDS = (
    POSITIONAL_ONLY,
    POSITIONAL_OR_KEYWORD,
    VAR_POSITIONAL,
    KEYWORD_ONLY,
    VAR_KEYWORD,
)
"""How a parameter can be passed (the kinds of Python's ``inspect.Parameter``)."""

RECEIVER_NONE = "none"
RECEIVER_INSTANCE = "instance"
RECEIVER_CLASS = "class"
RECEIVERS = (RECEIVER_NONE, RECEIVER_INSTANCE, RECEIVER_CLASS)
"""What a function's first parameter receives without being passed: nothing
(a function, a static method), the instance a method is called on, or the
class (a class method, called on the class or on an instance)."""


class Parameter(NamedTuple):
    """One parameter as written: its name, kind (``PARAMETER_KINDS``) and whether
    it has a default value."""

    name: str
    kind: str
    default: bool


class Signature(NamedTuple):
    """The parameters of the function definition at index ``definition``, in order.

    Present only when every parameter could be read; a function without a
    signature fact has an unknown signature.
    """

    definition: int
    receiver: str
    parameters: tuple[Parameter, ...]


class CallArguments(NamedTuple):
    """The shape of the arguments of the call reference at index ``reference``.

    ``positional`` counts the positional arguments written (a ``*iterable``
    splat aside); ``keywords`` are the keyword arguments' names, in order;
    ``splat`` and ``keyword_splat`` say whether ``*iterable`` or ``**mapping``
    is passed. A call without this fact has an unknown shape.
    """

    reference: int
    positional: int
    keywords: tuple[str, ...]
    splat: bool
    keyword_splat: bool


class LiteralArgument(NamedTuple):
    """A literal argument of the decorator call at reference index ``reference``.

    ``position`` is the argument's place in the call, keyword arguments
    counted; ``keyword`` its keyword, or ``None`` for a positional argument;
    ``value`` the literal as written, a string without its quotes (``db``),
    ``True``, ``3``. A tuple or list of strings written as the first argument
    gives one fact per string, all at position 0. Test frameworks read these:
    ``@pytest.fixture(name="db", autouse=True)``, ``@pytest.mark.usefixtures("db")``.
    """

    reference: int
    position: int
    keyword: str | None
    value: str


RESULT_RETURN = "return"
RESULT_YIELD = "yield"
RESULT_ANNOTATION = "annotation"
RESULT_CONSTRUCTED = "constructed"
RESULT_NAMED = "named"
RESULT_ANNOTATED = "annotated"


class Result(NamedTuple):
    """What the function at definition index ``scope`` gives back, one statement at a time.

    ``statement`` is ``return`` or ``yield`` (one fact per such statement of
    the function's own body), or ``annotation`` for its return annotation.
    ``how`` says what ``expression`` holds: ``constructed``, the called
    expression of ``return Cls(...)`` (of any call: whether it names a class
    is for the resolver to say); ``named``, the name of ``return var``;
    ``annotated``, the annotation (``-> Cls``); or ``""`` (and ``expression``
    ``""``) for any other value, a bare ``return`` or a ``yield from``.
    """

    scope: int
    statement: str
    expression: str
    how: str


class Export(NamedTuple):
    """A name a module exports (JavaScript's ``export``, ``module.exports``).

    ``name`` is the exported name (``default`` for a default export); ``local``
    the name it binds in the module, or in the module ``source`` re-exports
    it from (``""``: an anonymous value; ``*``: every name of ``source``, or a
    namespace of them when ``name`` is not ``*``). ``source`` is the
    specifier as written, ``""`` for the module's own names.
    """

    name: str
    local: str
    source: str
    line: int
    type_only: bool = False
    """``export type``: the name exists for the type checker only."""


class Base(NamedTuple):
    """A base-class expression of the class definition at index ``definition``;
    ``implements`` for an interface it implements (TypeScript's ``implements``)."""

    definition: int
    expression: str
    line: int
    implements: bool = False


@dataclass(frozen=True, slots=True)
class FileFacts:
    """Everything the extractor learned from one file."""

    path: str
    language: str
    line_count: int
    definitions: tuple[Definition, ...]
    imports: tuple[Import, ...]
    references: tuple[Reference, ...]
    bases: tuple[Base, ...]
    bindings: tuple[tuple[int, str], ...]
    """Names bound by assignment or as parameters, as (scope, name) pairs, one per binding."""
    typed: tuple[tuple[int, str, str, str], ...]
    """Bindings whose type is visible, as (scope, name, type expression, how) where
    how is ``constructed`` (``x = Cls()``, or ``x = f()``: the expression is what is
    called), ``annotated`` (``x: Cls``), ``entered`` (``with f() as x``), ``iterated``
    (``for x in f()``) or ``awaited`` (``x = await f()``)."""
    exports: tuple[str, ...] | None
    """The module's declared public names (``__all__``), when it declares them."""
    entry_points: tuple[tuple[str, int], ...]
    """Entry points the file declares, as (kind, scope) pairs: the definition
    (or ``MODULE_SCOPE`` for the module) that is entered from outside."""
    syntax_errors: int
    notes: tuple[str, ...]
    """Degradations worth reporting, such as ``not-utf8``."""
    signatures: tuple[Signature, ...] = ()
    """The parameters of function definitions, by definition index."""
    arguments: tuple[CallArguments, ...] = ()
    """The argument shapes of call references, by reference index."""
    literals: tuple[LiteralArgument, ...] = ()
    """The literal arguments of decorator calls, by reference index."""
    results: tuple[Result, ...] = ()
    """What functions return or yield, and their return annotations, by scope."""
    returns: tuple[tuple[int, str, str], ...] = ()
    """What functions return, as (definition, type expression, how): how is
    ``annotated`` (the return annotation, ``Optional`` stripped), ``yields`` (the
    element type of an annotated iterable or generator) or ``constructed`` (every
    return statement returns a call of the expression)."""
    traits: tuple[tuple[int, str], ...] = ()
    """What decorators and keywords make of definitions, as (definition, trait):
    ``property`` (runs when read), ``context-manager`` (a generator decorated to be
    a context manager), ``coroutine`` (an ``async`` function), ``own-this`` (a
    JavaScript ``function``, whose ``this`` is its own)."""
    exported: tuple[Export, ...] = ()
    """Names the module exports by statement (JavaScript), in source order."""

    def to_json(self) -> list[Any]:
        """Return a compact form for ``json.dumps`` or pickling; ``from_json`` inverts it."""
        return [
            self.path,
            self.language,
            self.line_count,
            self.definitions,
            self.imports,
            self.references,
            self.bases,
            self.bindings,
            self.typed,
            self.exports,
            self.entry_points,
            self.syntax_errors,
            self.notes,
            self.signatures,
            self.arguments,
            self.literals,
            self.results,
            self.returns,
            self.traits,
            self.exported,
        ]

    @staticmethod
    def from_json(data: list[Any]) -> FileFacts:
        """Rebuild facts from the output of ``to_json``."""
        (
            path,
            language,
            line_count,
            definitions,
            imports,
            references,
            bases,
            bindings,
            typed,
            exports,
            entry_points,
            syntax_errors,
            notes,
            signatures,
            arguments,
            literals,
            results,
            returns,
            traits,
            exported,
        ) = data
        # Names, kinds and expressions repeat across a file's facts and across
        # files: each is kept once (an interface's decoded form shrinks by about
        # a third). Rows are unpacked, so a row of the wrong length is an error.
        return FileFacts(
            path=path,
            language=intern(language),
            line_count=line_count,
            definitions=tuple(
                [
                    _new(Definition, (intern(k), intern(n), s, e, b, p))
                    for k, n, s, e, b, p in definitions
                ]
            ),
            imports=tuple(
                [
                    _new(Import, (intern(s), n and intern(n), a and intern(a), li, sc, t, e))
                    for s, n, a, li, sc, t, e in imports
                ]
            ),
            references=tuple(
                [
                    _new(Reference, (intern(k), intern(n), r and intern(r), li, s, h))
                    for k, n, r, li, s, h in references
                ]
            ),
            bases=tuple([_new(Base, (d, intern(e), li, i)) for d, e, li, i in bases]),
            bindings=tuple([(s, intern(n)) for s, n in bindings]),
            typed=tuple([(s, intern(n), intern(e), intern(h)) for s, n, e, h in typed]),
            exports=None if exports is None else tuple(exports),
            entry_points=tuple([(intern(k), s) for k, s in entry_points]),
            syntax_errors=syntax_errors,
            notes=tuple(notes),
            signatures=tuple(
                [
                    _new(
                        Signature,
                        (
                            definition,
                            receiver,
                            tuple([_new(Parameter, (n, k, d)) for n, k, d in ps]),
                        ),
                    )
                    for definition, receiver, ps in signatures
                ]
            ),
            arguments=tuple(
                [
                    _new(CallArguments, (r, positional, tuple(keywords), splat, keyword_splat))
                    for r, positional, keywords, splat, keyword_splat in arguments
                ]
            ),
            literals=tuple([_new(LiteralArgument, (r, p, k, v)) for r, p, k, v in literals]),
            results=tuple([_new(Result, (d, st, e, h)) for d, st, e, h in results]),
            returns=tuple([(d, intern(e), intern(h)) for d, e, h in returns]),
            traits=tuple([(d, intern(t)) for d, t in traits]),
            exported=tuple(map(Export._make, exported)),
        )


class _SharedInts(dict[str, int]):
    """Decoded integers by their text, each made once: the line numbers and
    indexes of every file's facts are mostly the same few thousand numbers."""

    def __missing__(self, text: str) -> int:
        value = int(text)
        if len(self) < _SHARED_INTS:
            self[text] = value
        return value


_SHARED_INTS = 1 << 14
_shared_int = _SharedInts().__getitem__
# One decoder for every text: ``json.loads`` with a hook makes a new one each call.
_DECODER = json.JSONDecoder(parse_int=_shared_int)
_new = tuple.__new__


def facts_text(facts: FileFacts) -> str:
    """The cached text of ``facts``, compact; ``facts_from_text`` inverts it."""
    # Facts are tuples of tuples, never cyclic: the encoder's cycle check
    # (a dictionary entry per container) is a seventh of its time.
    return json.dumps(
        facts.to_json(), ensure_ascii=False, separators=(",", ":"), check_circular=False
    )


def facts_from_text(text: str) -> FileFacts:
    """Rebuild facts from ``facts_text(facts)``; raises ValueError
    or TypeError when the text is damaged."""
    return FileFacts.from_json(_DECODER.decode(text))
