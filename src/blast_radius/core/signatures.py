"""Does a call still fit a function's signature?

Pure decisions over the language-neutral facts: a signature is its
parameters (``facts.Parameter``), a call is its argument shape
(``facts.CallArguments``). The rules are those of Python's argument binding,
which cover the other languages' simpler ones: positional parameters are
filled in order, keywords by name (never a positional-only parameter),
``*args`` takes extra positional arguments, ``**kwargs`` extra keywords, and
every parameter without a default must be given.

A ``*iterable`` or ``**mapping`` splat in the call hides how many arguments
it passes. Such a call is taken to fit unless it is wrong whatever the splat
holds: too many positional arguments written out, a keyword that no
parameter accepts, a required parameter the splat cannot reach.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from blast_radius.core.facts import (
    ANONYMOUS_SCOPE,
    KEYWORD_ONLY,
    MODULE_SCOPE,
    POSITIONAL_ONLY,
    POSITIONAL_OR_KEYWORD,
    RECEIVER_CLASS,
    RECEIVER_INSTANCE,
    VAR_KEYWORD,
    VAR_POSITIONAL,
    CallArguments,
    FileFacts,
    Parameter,
    Reference,
    Signature,
)

CALLED_PLAIN = "plain"
"""``f(...)``: nothing is bound."""
CALLED_ON_INSTANCE = "instance"
"""``obj.f(...)``, ``self.f(...)``, ``super().f(...)``."""
CALLED_ON_CLASS = "class"
"""``Cls.f(...)``, ``cls.f(...)``: a plain method gets its instance written out."""
CALLED_AS_CONSTRUCTOR = "constructor"
"""``Cls(...)`` running the class's constructor method on a new instance."""

_POSITIONAL = (POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD)
_BY_KEYWORD = (POSITIONAL_OR_KEYWORD, KEYWORD_ONLY)


@dataclass(frozen=True, slots=True)
class Fit:
    """Whether a call fits a signature; ``problem`` says why not."""

    fits: bool
    problem: str = ""


FITS = Fit(True)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def names_a_call(name: str, target_name: str, class_name: str | None, constructor: str) -> bool:
    """Whether a call reference named ``name`` can be a call of the target.

    ``target_name`` is the function called, ``class_name`` the class it is a
    method of (None for a function) and ``constructor`` the language's
    constructor method (``__init__``; empty when it has none): calling the
    class runs it.
    """
    return name == target_name or (
        bool(constructor) and target_name == constructor and name == class_name
    )


def how_called(
    name: str,
    receiver: str | None,
    target_name: str,
    class_name: str | None,
    constructor: str,
    class_receivers: frozenset[str] = frozenset(),
) -> str:
    """How a call reference named ``name`` on ``receiver`` reaches its target.

    The arguments are those of ``names_a_call``; ``class_receivers`` are the
    names that hold the class in the caller (a class method's first
    parameter). A receiver named like the class holds the class; any other
    receiver (``self``, ``super()``, a variable) is taken for an instance.
    """
    if name != target_name and name == class_name and target_name == constructor:
        return CALLED_AS_CONSTRUCTOR
    if receiver is None:
        return CALLED_PLAIN
    if receiver in class_receivers or receiver.rpartition(".")[2] == class_name:
        return CALLED_ON_CLASS
    return CALLED_ON_INSTANCE


def bound_arguments(receiver: str, called: str) -> int:
    """How many leading parameters a call fills without writing them (0 or 1).

    ``receiver`` is what the function's first parameter receives
    (``facts.RECEIVERS``), ``called`` how it is called (``CALLED_*``).
    """
    if receiver == RECEIVER_INSTANCE:
        return 1 if called in (CALLED_ON_INSTANCE, CALLED_AS_CONSTRUCTOR) else 0
    if receiver == RECEIVER_CLASS:
        return 0 if called == CALLED_PLAIN else 1
    return 0


def call_fits(parameters: Sequence[Parameter], call: CallArguments, bound: int = 0) -> Fit:
    """Whether ``call`` binds to ``parameters`` once ``bound`` leading ones are filled.

    A splat in the call counts as fitting unless the call is certainly wrong
    (see the module docstring).
    """
    positional = [p for p in parameters if p.kind in _POSITIONAL]
    var_positional = any(p.kind == VAR_POSITIONAL for p in parameters)
    var_keyword = any(p.kind == VAR_KEYWORD for p in parameters)
    if bound > len(positional) and not var_positional:
        return Fit(False, "has no parameter for the instance or class it is called on")
    filled = {p.name for p in positional[:bound]}
    free = positional[bound:]
    if call.positional > len(free) and not var_positional:
        return Fit(
            False,
            f"accepts at most {_plural(len(free), 'positional argument')}, {call.positional} given",
        )
    filled.update(p.name for p in free[: call.positional])
    by_name = {p.name: p for p in parameters if p.kind in _BY_KEYWORD}
    positional_only = {p.name for p in parameters if p.kind == POSITIONAL_ONLY}
    for keyword in call.keywords:
        if keyword not in by_name:
            if var_keyword:
                continue  # taken by **kwargs (a positional-only name too)
            if keyword in positional_only:
                return Fit(False, f"parameter '{keyword}' is positional-only: not by keyword")
            return Fit(False, f"has no parameter '{keyword}'")
        if keyword in filled:
            return Fit(False, f"'{keyword}' is given by position and by keyword")
        filled.add(keyword)
    for parameter in parameters:
        if parameter.default or parameter.name in filled:
            continue
        if parameter.kind in _POSITIONAL and call.splat:
            continue  # the *iterable may fill it
        if parameter.kind in _BY_KEYWORD and call.keyword_splat:
            continue  # the **mapping may fill it
        if parameter.kind in (VAR_POSITIONAL, VAR_KEYWORD):
            continue
        return Fit(False, f"no argument for the required parameter '{parameter.name}'")
    return FITS


# ---- call sites: a caller's facts against the function it calls -------------

SITE_FITS = "fits"
SITE_BREAKS = "breaks"
SITE_UNCHECKED = "unchecked"
SITE_DID_NOT_FIT = "did-not-fit"
"""The call did not fit the old signature either: this change did not break it."""


@dataclass(frozen=True, slots=True)
class Callee:
    """A function as its callers see it; ``signature`` None when it could not be read."""

    name: str
    class_name: str | None
    signature: Signature | None
    constructor: str


@dataclass(frozen=True, slots=True)
class SiteCheck:
    """What one call site makes of a changed signature (``SITE_*``), and why."""

    verdict: str
    problem: str = ""


def find_definition(facts: FileFacts, name: str, start_line: int) -> int | None:
    """The index of the definition named ``name`` that starts at ``start_line``."""
    for index, definition in enumerate(facts.definitions):
        if (definition.start_line, definition.name) == (start_line, name) and (
            definition.kind != ANONYMOUS_SCOPE
        ):
            return index
    return None


def callee_at(facts: FileFacts, index: int, constructor: str) -> Callee:
    """The function defined at ``index`` in ``facts``, with its signature if known."""
    definition = facts.definitions[index]
    parent = definition.parent
    class_name = None
    if parent != MODULE_SCOPE and facts.definitions[parent].kind == "class":
        class_name = facts.definitions[parent].name
    signature = next((s for s in facts.signatures if s.definition == index), None)
    return Callee(definition.name, class_name, signature, constructor)


@dataclass(frozen=True, slots=True)
class CallSites:
    """A file's calls by (symbol scope, line), each with its argument shape if known.

    A symbol's scope includes its lambdas and comprehensions (anonymous
    scopes), as the graph's edges do. ``class_receivers`` holds, per class
    method, the name of the parameter that receives the class (``cls``).
    """

    calls: Mapping[tuple[int, int], tuple[tuple[Reference, CallArguments | None], ...]]
    class_receivers: Mapping[int, frozenset[str]]


def call_sites_of(facts: FileFacts) -> CallSites:
    """Index ``facts``' calls for ``check_call_site``."""
    definitions = facts.definitions
    owners: list[int] = []
    for index in range(len(definitions)):
        owner = index
        while owner != MODULE_SCOPE and definitions[owner].kind == ANONYMOUS_SCOPE:
            owner = definitions[owner].parent
        owners.append(owner)
    shapes = {a.reference: a for a in facts.arguments}
    calls: dict[tuple[int, int], list[tuple[Reference, CallArguments | None]]] = {}
    for index, ref in enumerate(facts.references):
        if ref.kind == "call":
            owner = owners[ref.scope] if ref.scope != MODULE_SCOPE else MODULE_SCOPE
            calls.setdefault((owner, ref.line), []).append((ref, shapes.get(index)))
        elif ref.kind == "implicit":  # `with x`: each method it may run, with its shape
            owner = owners[ref.scope] if ref.scope != MODULE_SCOPE else MODULE_SCOPE
            for name in ref.name.split():
                calls.setdefault((owner, ref.line), []).append(
                    (ref._replace(name=name), shapes.get(index))
                )
    receivers = {
        s.definition: frozenset({s.parameters[0].name})
        for s in facts.signatures
        if s.receiver == RECEIVER_CLASS and s.parameters
    }
    return CallSites({key: tuple(found) for key, found in calls.items()}, receivers)


def _fit(
    callee: Callee,
    call: CallArguments,
    name: str,
    receiver: str | None,
    class_receivers: frozenset[str],
) -> Fit:
    assert callee.signature is not None
    called = how_called(
        name, receiver, callee.name, callee.class_name, callee.constructor, class_receivers
    )
    bound = bound_arguments(callee.signature.receiver, called)
    return call_fits(callee.signature.parameters, call, bound)


_SEVERITY = (SITE_DID_NOT_FIT, SITE_FITS, SITE_UNCHECKED, SITE_BREAKS)


def check_call_site(
    sites: CallSites, scope: int, line: int, new: Callee, old: Callee | None
) -> SiteCheck:
    """Whether the calls of ``new`` at ``line`` in ``scope`` (of ``sites``' file) still fit it.

    With ``old`` (the function before the change), a call that fits neither
    version is ``SITE_DID_NOT_FIT``: the change did not break it (a
    name-matched call of another function, a decorator that changes the
    signature). Several calls on one line give the worst verdict; a call
    that cannot be found or read is unchecked.
    """
    candidates = [
        (ref, shape)
        for ref, shape in sites.calls.get((scope, line), ())
        if names_a_call(ref.name, new.name, new.class_name, new.constructor)
    ]
    if not candidates:
        return SiteCheck(SITE_UNCHECKED, "the call is not in the caller's facts")
    if new.signature is None:
        return SiteCheck(SITE_UNCHECKED, "the new signature could not be read")
    class_receivers = sites.class_receivers.get(scope, frozenset())
    worst: SiteCheck | None = None
    for ref, shape in candidates:
        if shape is None:
            check = SiteCheck(SITE_UNCHECKED, "the call's arguments could not be read")
        else:
            fit = _fit(new, shape, ref.name, ref.receiver, class_receivers)
            if fit.fits:
                check = SiteCheck(SITE_FITS)
            elif (
                old is not None
                and old.signature is not None
                and not _fit(old, shape, ref.name, ref.receiver, class_receivers).fits
            ):
                check = SiteCheck(SITE_DID_NOT_FIT, fit.problem)
            else:
                check = SiteCheck(SITE_BREAKS, fit.problem)
        if worst is None or _SEVERITY.index(check.verdict) > _SEVERITY.index(worst.verdict):
            worst = check
    assert worst is not None  # there is a candidate
    return worst
