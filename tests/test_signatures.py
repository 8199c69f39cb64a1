"""Whether a call fits a signature, checked against Python's own argument binding."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from blast_radius.adapters.grammars import load_language
from blast_radius.core.extract import CompiledLanguage, extract_facts
from blast_radius.core.facts import (
    KEYWORD_ONLY,
    POSITIONAL_OR_KEYWORD,
    RECEIVER_CLASS,
    RECEIVER_INSTANCE,
    RECEIVER_NONE,
    VAR_KEYWORD,
    CallArguments,
    Parameter,
)
from blast_radius.core.languages import language_by_name
from blast_radius.core.signatures import (
    CALLED_AS_CONSTRUCTOR,
    CALLED_ON_CLASS,
    CALLED_ON_INSTANCE,
    CALLED_PLAIN,
    SITE_BREAKS,
    SITE_DID_NOT_FIT,
    SITE_FITS,
    SITE_UNCHECKED,
    Callee,
    SiteCheck,
    bound_arguments,
    call_fits,
    call_sites_of,
    callee_at,
    check_call_site,
    find_definition,
    how_called,
    names_a_call,
)

PYTHON: CompiledLanguage = load_language(language_by_name("python"))


def parameters_of(definition: str) -> tuple[Parameter, ...]:
    """The parameters of the one function ``definition`` defines, as extracted."""
    facts = extract_facts(PYTHON, "m.py", f"{definition}:\n    pass\n".encode())
    [signature] = facts.signatures
    return signature.parameters


def shape_of(call: str) -> CallArguments:
    """The argument shape of the outermost call in ``call``, as extracted."""
    facts = extract_facts(PYTHON, "m.py", (call + "\n").encode())
    return next(a for a in facts.arguments if facts.references[a.reference].name == "f")


def python_accepts(definition: str, call: str) -> bool:
    """Whether Python binds ``call``'s arguments to ``definition``'s parameters."""
    namespace: dict[str, Any] = {}
    exec(f"{definition}:\n    pass\n", namespace)  # test data written here, not input
    signature = inspect.signature(namespace["f"])
    try:
        eval(call, {"f": signature.bind})  # binds without running the function
    except TypeError:
        return False
    return True


# (old or unchanged definition, new definition, a call that fitted the old one)
CHANGES = [
    pytest.param("def f(amount)", "def f(amount, digits=2)", "f(1.5)", True, id="new-optional"),
    pytest.param("def f(a)", "def f(a, b)", "f(1)", False, id="new-required-omitted"),
    pytest.param("def f(a, b=0)", "def f(a, b)", "f(1, 2)", True, id="default-removed-passed"),
    pytest.param("def f(a, b=1)", "def f(a)", "f(1, b=2)", False, id="removed-by-keyword"),
    pytest.param("def f(a, b=1)", "def f(a)", "f(1, 2)", False, id="removed-by-position"),
    pytest.param("def f(a, b=1)", "def f(a)", "f(1)", True, id="removed-unused"),
    pytest.param("def f(a, size)", "def f(a, length)", "f(1, size=2)", False, id="renamed-kw"),
    pytest.param("def f(a, size)", "def f(a, length)", "f(1, 2)", True, id="renamed-position"),
    pytest.param("def f(a, b)", "def f(a, *, b)", "f(1, 2)", False, id="made-keyword-only"),
    pytest.param("def f(a, b)", "def f(a, *, b)", "f(1, b=2)", True, id="kw-only-by-kw"),
    pytest.param("def f(a, b)", "def f(a, b, /)", "f(1, b=2)", False, id="made-positional-only"),
    pytest.param("def f(a, b)", "def f(a, b, /)", "f(1, 2)", True, id="pos-only-by-pos"),
    pytest.param("def f(a)", "def f(a, **kw)", "f(1)", True, id="added-kwargs"),
    pytest.param("def f(a, b=1)", "def f(a, **kw)", "f(1, b=2)", True, id="kwargs-takes-kw"),
    pytest.param("def f(a, b=1)", "def f(a, *args)", "f(1, 2)", True, id="args-takes-pos"),
    pytest.param("def f(a, b=1)", "def f(a, *args)", "f(1, b=2)", False, id="args-no-kw"),
    pytest.param("def f(a, b)", "def f(b, a)", "f(a=1, b=2)", True, id="reordered-by-kw"),
    pytest.param("def f(b, a=0)", "def f(a, b=0)", "f(1, a=2)", False, id="swapped-twice"),
    pytest.param("def f(a)", "def f(a, *, flag)", "f(1)", False, id="new-required-kw-only"),
    pytest.param("def f(a)", "def f(a, *, flag=0)", "f(1)", True, id="new-optional-kw-only"),
    pytest.param("def f(a, b)", "def f(a, b=2)", "f(1, 2)", True, id="default-added"),
    pytest.param("def f(a, b=2)", "def f(a, b)", "f(1)", False, id="default-removed"),
    pytest.param("def f(a, /, b)", "def f(a, b)", "f(1, 2)", True, id="pos-only-lifted"),
    pytest.param("def f(**kw)", "def f(*, a=1)", "f(a=1)", True, id="kwargs-narrowed-fits"),
    pytest.param("def f(**kw)", "def f(*, a=1)", "f(b=1)", False, id="kwargs-narrowed-breaks"),
    pytest.param("def f(*args)", "def f(a, b)", "f(1, 2, 3)", False, id="args-narrowed"),
    pytest.param("def f(x, **kw)", "def f(a, /, **kw)", "f(1, a=2)", True, id="name-in-kwargs"),
]


@pytest.mark.parametrize(("old", "new", "call", "fits"), CHANGES)
def test_a_changed_signature_against_a_call_that_fitted_the_old_one(
    old: str, new: str, call: str, fits: bool
) -> None:
    assert python_accepts(old, call), "the case must start from a call that worked"
    assert python_accepts(new, call) is fits, "the case must say what Python does"
    verdict = call_fits(parameters_of(new), shape_of(call))
    assert verdict.fits is fits
    assert bool(verdict.problem) is not fits
    assert call_fits(parameters_of(old), shape_of(call)).fits


@pytest.mark.parametrize(
    ("definition", "call", "problem"),
    [
        ("def f(a, digits)", "f(1)", "no argument for the required parameter 'digits'"),
        ("def f(a)", "f(1, b=2)", "has no parameter 'b'"),
        ("def f(a, *, b)", "f(1, 2)", "accepts at most 1 positional argument, 2 given"),
        ("def f(a, /)", "f(a=1)", "parameter 'a' is positional-only: not by keyword"),
        ("def f(a, b=0)", "f(1, a=2)", "'a' is given by position and by keyword"),
        ("def f()", "f(1, 2)", "accepts at most 0 positional arguments, 2 given"),
    ],
)
def test_what_is_wrong_with_a_call(definition: str, call: str, problem: str) -> None:
    assert not python_accepts(definition, call)
    assert call_fits(parameters_of(definition), shape_of(call)).problem == problem


DEFINITIONS = [
    "def f()",
    "def f(a)",
    "def f(a, b=1)",
    "def f(a, /, b)",
    "def f(a, *, b)",
    "def f(a, *, b=2)",
    "def f(*args)",
    "def f(**kw)",
    "def f(a, *args, b, **kw)",
    "def f(a=1, /, b=2, *, c=3)",
    "def f(a, b, /, c, *args, d, e=5, **kw)",
]
CALLS = [
    "f()",
    "f(1)",
    "f(1, 2)",
    "f(1, 2, 3)",
    "f(a=1)",
    "f(b=1)",
    "f(1, b=2)",
    "f(1, a=2)",
    "f(1, 2, d=4)",
    "f(1, 2, 3, d=4, z=0)",
    "f(a=1, b=2, c=3)",
    "f(c=3)",
]


@pytest.mark.parametrize("definition", DEFINITIONS)
def test_calls_without_splats_fit_exactly_when_python_binds_them(definition: str) -> None:
    parameters = parameters_of(definition)
    for call in CALLS:
        verdict = call_fits(parameters, shape_of(call))
        assert verdict.fits is python_accepts(definition, call), (definition, call, verdict)


@pytest.mark.parametrize(
    ("definition", "call", "fits"),
    [
        # What the splat holds is unknown: it may fill the missing parameters...
        ("def f(a, b)", "f(*xs)", True),
        ("def f(a, b, c)", "f(1, *xs)", True),
        ("def f(a, *, b)", "f(1, **options)", True),
        ("def f(a, b)", "f(**options)", True),
        ("def f(a, /, b)", "f(*xs, **options)", True),
        # ...but not make the written arguments right.
        ("def f(a)", "f(1, 2, *xs)", False),
        ("def f(a)", "f(*xs, b=1)", False),
        ("def f(a, /)", "f(**options)", False),  # positional-only: no mapping reaches it
        ("def f(a, *, b)", "f(*xs)", False),  # keyword-only: no iterable reaches it
        ("def f(a)", "f(1, **options)", True),  # the mapping may well be empty
    ],
)
def test_a_splat_fits_unless_certainly_wrong(definition: str, call: str, fits: bool) -> None:
    assert call_fits(parameters_of(definition), shape_of(call)).fits is fits


METHOD = (
    Parameter("self", POSITIONAL_OR_KEYWORD, False),
    Parameter("x", POSITIONAL_OR_KEYWORD, False),
)


@pytest.mark.parametrize(
    ("receiver", "called", "bound"),
    [
        (RECEIVER_NONE, CALLED_PLAIN, 0),
        (RECEIVER_NONE, CALLED_ON_INSTANCE, 0),  # a static method, or a module's function
        (RECEIVER_NONE, CALLED_ON_CLASS, 0),
        (RECEIVER_INSTANCE, CALLED_ON_INSTANCE, 1),
        (RECEIVER_INSTANCE, CALLED_AS_CONSTRUCTOR, 1),
        (RECEIVER_INSTANCE, CALLED_ON_CLASS, 0),  # Cls.method(obj, x)
        (RECEIVER_INSTANCE, CALLED_PLAIN, 0),
        (RECEIVER_CLASS, CALLED_ON_CLASS, 1),
        (RECEIVER_CLASS, CALLED_ON_INSTANCE, 1),
    ],
)
def test_what_a_call_binds_without_writing_it(receiver: str, called: str, bound: int) -> None:
    assert bound_arguments(receiver, called) == bound


def test_a_bound_instance_fills_the_first_parameter() -> None:
    one = CallArguments(0, 1, (), False, False)
    two = CallArguments(0, 2, (), False, False)
    assert call_fits(METHOD, one, bound=1).fits
    assert not call_fits(METHOD, two, bound=1).fits  # obj.m(1, 2)
    assert call_fits(METHOD, two, bound=0).fits  # Cls.m(obj, 1)
    self_again = CallArguments(0, 1, ("self",), False, False)
    assert call_fits(METHOD, self_again, bound=1).problem == (
        "'self' is given by position and by keyword"
    )
    assert call_fits((), CallArguments(0, 0, (), False, False), bound=1).problem == (
        "has no parameter for the instance or class it is called on"
    )
    no_self = (Parameter("x", POSITIONAL_OR_KEYWORD, False),)
    assert not call_fits(no_self, one, bound=1).fits
    only_args = (Parameter("args", "var-positional", False),)
    assert call_fits(only_args, one, bound=1).fits


def test_keyword_only_and_kwargs_from_hand_built_parameters() -> None:
    parameters = (
        Parameter("a", POSITIONAL_OR_KEYWORD, False),
        Parameter("flag", KEYWORD_ONLY, True),
        Parameter("rest", VAR_KEYWORD, False),
    )
    assert call_fits(parameters, CallArguments(0, 1, ("flag", "other"), False, False)).fits
    assert not call_fits(parameters, CallArguments(0, 2, (), False, False)).fits


@pytest.mark.parametrize(
    ("name", "receiver", "target", "class_name", "expected"),
    [
        ("f", None, "f", None, CALLED_PLAIN),
        ("f", "module", "f", None, CALLED_ON_INSTANCE),  # bound nothing: a function
        ("total", "cart", "total", "Cart", CALLED_ON_INSTANCE),
        ("total", "self", "total", "Cart", CALLED_ON_INSTANCE),
        ("total", "Cart", "total", "Cart", CALLED_ON_CLASS),
        ("total", "shop.cart.Cart", "total", "Cart", CALLED_ON_CLASS),
        ("make", "cls", "make", "Cart", CALLED_ON_CLASS),
        ("Cart", None, "__init__", "Cart", CALLED_AS_CONSTRUCTOR),
        ("Cart", "cart", "__init__", "Cart", CALLED_AS_CONSTRUCTOR),
        ("__init__", "super()", "__init__", "Cart", CALLED_ON_INSTANCE),
    ],
)
def test_how_a_call_reaches_its_target(
    name: str, receiver: str | None, target: str, class_name: str | None, expected: str
) -> None:
    assert how_called(name, receiver, target, class_name, "__init__", frozenset({"cls"})) == (
        expected
    )


def test_which_call_references_can_call_the_target() -> None:
    assert names_a_call("total", "total", "Cart", "__init__")
    assert names_a_call("Cart", "__init__", "Cart", "__init__")
    assert not names_a_call("Cart", "total", "Cart", "__init__")
    assert not names_a_call("Cart", "__init__", "Cart", "")
    assert not names_a_call("other", "f", None, "__init__")


# ---- call sites: a caller's facts against the changed function ----------


def callee(source: str, name: str) -> Callee:
    facts = extract_facts(PYTHON, "lib.py", source.encode())
    index = next(i for i, d in enumerate(facts.definitions) if d.name == name)
    return callee_at(facts, index, "__init__")


def check(caller_source: str, caller: str, line: int, new: Callee, old: Callee | None) -> SiteCheck:
    facts = extract_facts(PYTHON, "caller.py", caller_source.encode())
    definition = facts.definitions[[d.name for d in facts.definitions].index(caller)]
    scope = find_definition(facts, caller, definition.start_line)
    assert scope is not None
    return check_call_site(call_sites_of(facts), scope, line, new, old)


OLD_LIB = "def f(a):\n    pass\n\nclass C:\n    def __init__(self, x):\n        pass\n"
NEW_LIB = "def f(a, b):\n    pass\n\nclass C:\n    def __init__(self, x, *, y=0):\n        pass\n"


def test_a_call_site_is_checked_against_the_new_signature() -> None:
    new, old = callee(NEW_LIB, "f"), callee(OLD_LIB, "f")
    caller = "def g():\n    f(1, 2)\n    f(1)\n    h = lambda: f(3)\n"
    assert check(caller, "g", 2, new, old) == SiteCheck(SITE_FITS)
    assert check(caller, "g", 3, new, old) == SiteCheck(
        SITE_BREAKS, "no argument for the required parameter 'b'"
    )
    # A lambda's calls belong to the function around it, as the graph's edges do.
    assert check(caller, "g", 4, new, old).verdict == SITE_BREAKS


def test_a_constructor_call_is_checked_against_init_without_self() -> None:
    new = callee(NEW_LIB, "__init__")
    caller = "def g():\n    C(1)\n    C(1, y=2)\n    C(1, 2)\n"
    assert check(caller, "g", 2, new, None).verdict == SITE_FITS
    assert check(caller, "g", 3, new, None).verdict == SITE_FITS
    assert check(caller, "g", 4, new, None).verdict == SITE_BREAKS


def test_the_worst_call_on_a_line_decides() -> None:
    new, old = callee(NEW_LIB, "f"), callee(OLD_LIB, "f")
    caller = "def g():\n    return [f(1, 2), f(3)]\n"
    assert check(caller, "g", 2, new, old).verdict == SITE_BREAKS


def test_a_call_that_did_not_fit_before_either_is_not_this_change_s_break() -> None:
    new, old = callee(NEW_LIB, "f"), callee(OLD_LIB, "f")
    caller = "def g():\n    f(1, 2, 3)\n"
    assert check(caller, "g", 2, new, old) == SiteCheck(
        SITE_DID_NOT_FIT, "accepts at most 2 positional arguments, 3 given"
    )
    # Without the old signature (a caller the change edits), it breaks.
    assert check(caller, "g", 2, new, None).verdict == SITE_BREAKS


def test_what_cannot_be_read_is_unchecked_not_fitting() -> None:
    new = callee(NEW_LIB, "f")
    caller = "def g():\n    f(1, 2)\n    f(1, 2 3)\n"
    assert check(caller, "g", 5, new, None) == SiteCheck(
        SITE_UNCHECKED, "the call is not in the caller's facts"
    )
    assert check(caller, "g", 3, new, None) == SiteCheck(
        SITE_UNCHECKED, "the call's arguments could not be read"
    )
    unknown = Callee("f", None, None, "__init__")
    assert check(caller, "g", 2, unknown, None) == SiteCheck(
        SITE_UNCHECKED, "the new signature could not be read"
    )


def test_a_class_method_called_through_cls_binds_the_class() -> None:
    lib = (
        "class C:\n    @classmethod\n    def make(cls, a):\n        pass\n"
        "    def plain(self, a):\n        pass\n"
    )
    make, plain = callee(lib, "make"), callee(lib, "plain")
    caller = (
        "class D(C):\n    @classmethod\n    def build(cls):\n"
        "        cls.make(1)\n        cls.plain(1)\n"
    )
    assert check(caller, "build", 4, make, None).verdict == SITE_FITS
    # A plain method through the class takes its instance as the first argument.
    assert check(caller, "build", 5, plain, None) == SiteCheck(
        SITE_BREAKS, "no argument for the required parameter 'a'"
    )


def test_an_implicit_call_is_checked_with_the_arguments_python_passes() -> None:
    # `with ctx:` calls ctx.__exit__(exc_type, exc, tb); `a != b` calls
    # a.__ne__(b), or a.__eq__(b) when there is no __ne__.
    lib = (
        "class Ctx:\n    def __exit__(self, *exc):\n        pass\n"
        "    def __eq__(self, other):\n        pass\n"
    )
    broken = (
        "class Ctx:\n    def __exit__(self):\n        pass\n    def __eq__(self):\n        pass\n"
    )
    caller = "def g(ctx: Ctx, other: Ctx):\n    with ctx:\n        pass\n    return ctx != other\n"
    assert check(caller, "g", 2, callee(lib, "__exit__"), None).verdict == SITE_FITS
    assert check(caller, "g", 2, callee(broken, "__exit__"), None) == SiteCheck(
        SITE_BREAKS, "accepts at most 0 positional arguments, 3 given"
    )
    assert check(caller, "g", 4, callee(lib, "__eq__"), None).verdict == SITE_FITS
    assert check(caller, "g", 4, callee(broken, "__eq__"), None).verdict == SITE_BREAKS
