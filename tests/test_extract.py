"""Signature and call-argument facts, extracted by the Python query."""

from __future__ import annotations

import json
from textwrap import dedent

import pytest

from blast_radius.adapters.grammars import load_language
from blast_radius.core.extract import CompiledLanguage, extract_facts
from blast_radius.core.facts import (
    KEYWORD_ONLY,
    POSITIONAL_ONLY,
    POSITIONAL_OR_KEYWORD,
    VAR_KEYWORD,
    VAR_POSITIONAL,
    CallArguments,
    Definition,
    FileFacts,
    Import,
    Parameter,
    facts_from_text,
    facts_text,
)
from blast_radius.core.languages import language_by_name
from blast_radius.core.resolve_python import python_interface


@pytest.fixture(scope="module")
def python() -> CompiledLanguage:
    return load_language(language_by_name("python"))


def facts_of(python: CompiledLanguage, source: str) -> FileFacts:
    return extract_facts(python, "m.py", dedent(source).encode())


def signatures(facts: FileFacts) -> dict[str, tuple[str, tuple[Parameter, ...]]]:
    return {
        facts.definitions[s.definition].name: (s.receiver, s.parameters) for s in facts.signatures
    }


def shapes(facts: FileFacts) -> list[tuple[str, int, CallArguments]]:
    found = []
    for shape in facts.arguments:
        ref = facts.references[shape.reference]
        found.append((ref.name, ref.line, shape._replace(reference=0)))
    return found


def test_every_kind_of_parameter(python: CompiledLanguage) -> None:
    facts = facts_of(
        python,
        """
        def f(a, b: int, /, c=1, d: int = 2, *args: int, e, g=3, **kw: str):
            pass

        def h(a, *, b, # the last one
              c=None):
            pass

        def k(*names, **options):
            pass

        def empty():
            pass
        """,
    )
    assert signatures(facts) == {
        "f": (
            "none",
            (
                Parameter("a", POSITIONAL_ONLY, False),
                Parameter("b", POSITIONAL_ONLY, False),
                Parameter("c", POSITIONAL_OR_KEYWORD, True),
                Parameter("d", POSITIONAL_OR_KEYWORD, True),
                Parameter("args", VAR_POSITIONAL, False),
                Parameter("e", KEYWORD_ONLY, False),
                Parameter("g", KEYWORD_ONLY, True),
                Parameter("kw", VAR_KEYWORD, False),
            ),
        ),
        "h": (
            "none",
            (
                Parameter("a", POSITIONAL_OR_KEYWORD, False),
                Parameter("b", KEYWORD_ONLY, False),
                Parameter("c", KEYWORD_ONLY, True),
            ),
        ),
        "k": (
            "none",
            (Parameter("names", VAR_POSITIONAL, False), Parameter("options", VAR_KEYWORD, False)),
        ),
        "empty": ("none", ()),
    }


def test_what_the_first_parameter_of_a_method_receives(python: CompiledLanguage) -> None:
    facts = facts_of(
        python,
        """
        class A:
            def method(self, x):
                def inner(y):
                    pass

            @property
            def value(self):
                pass

            @classmethod
            def make(cls, y=1):
                pass

            @staticmethod
            def helper(z):
                pass
        """,
    )
    found = {name: receiver for name, (receiver, _) in signatures(facts).items()}
    assert found == {
        "method": "instance",
        "inner": "none",
        "value": "instance",
        "make": "class",
        "helper": "none",
    }


def test_a_parameter_list_the_query_cannot_read_has_no_signature(
    python: CompiledLanguage,
) -> None:
    # Python 2 tuple parameters: the parameter list holds something unknown.
    facts = facts_of(python, "def old(a, (b, c)):\n    pass\n\ndef new(a):\n    pass\n")
    assert set(signatures(facts)) == {"new"}


def test_the_shape_of_each_call(python: CompiledLanguage) -> None:
    facts = facts_of(
        python,
        """
        f(1, 2)
        f(1, *xs, key=2, **more)
        f(x for x in y)
        f(a,  # a comment is no argument
          b,)
        obj.method(name="n", other=3)
        "-".join(parts)
        g(*a, *b, c)
        h()

        @decorator
        @factory(1, flag=True)
        def z():
            pass
        """,
    )
    assert shapes(facts) == [
        ("f", 2, CallArguments(0, 2, (), False, False)),
        ("f", 3, CallArguments(0, 1, ("key",), True, True)),
        ("f", 4, CallArguments(0, 1, (), False, False)),
        # the generator iterates `y`: implicit calls with no arguments
        ("__iter__ __getitem__", 4, CallArguments(0, 0, (), False, False)),
        ("__next__", 4, CallArguments(0, 0, (), False, False)),
        ("f", 5, CallArguments(0, 2, (), False, False)),
        ("method", 7, CallArguments(0, 0, ("name", "other"), False, False)),
        ("join", 8, CallArguments(0, 1, (), False, False)),
        ("g", 9, CallArguments(0, 1, (), True, False)),
        ("h", 10, CallArguments(0, 0, (), False, False)),
        ("decorator", 12, CallArguments(0, 1, (), False, False)),
        ("factory", 13, CallArguments(0, 1, ("flag",), False, False)),
    ]


def test_nested_calls_on_one_line_keep_their_own_shapes(python: CompiledLanguage) -> None:
    facts = facts_of(python, "f(f(1), f(), key=f(2, 3))\n")
    assert sorted((s.positional, s.keywords) for _, _, s in shapes(facts)) == [
        (0, ()),
        (1, ()),
        (2, ()),
        (2, ("key",)),
    ]


def test_signatures_and_shapes_survive_json_and_stay_out_of_the_interface(
    python: CompiledLanguage,
) -> None:
    facts = facts_of(
        python,
        """
        class A:
            def m(self, a, /, b=1, *, c, **kw):
                return helper(a, b=b, *kw)
        """,
    )
    assert facts.signatures and facts.arguments
    text = facts_text(facts)
    again = FileFacts.from_json(json.loads(text))
    assert again == facts
    assert isinstance(again.arguments[0].keywords, tuple)
    assert isinstance(again.signatures[0].parameters[0], Parameter)
    interface = python_interface(facts)
    assert (interface.signatures, interface.arguments) == ((), ())


def test_facts_read_from_text_share_their_names_and_refuse_a_damaged_row(
    python: CompiledLanguage,
) -> None:
    source = """
        import os.path as osp
        class Widget(Base):
            def render(self, x: Widget) -> Widget:
                self.size = osp.join(x.render(), x)
                return Widget()
        """
    one, two = facts_of(python, source), facts_of(python, source)
    text = facts_text(one)
    first, second = facts_from_text(text), facts_from_text(text)
    assert first == one == two
    assert type(first.definitions[0]) is Definition and type(first.imports[0]) is Import
    # Each name is one object however many facts and files spell it.
    assert first.definitions[0].name is second.definitions[0].name
    assert first.references[0].name is second.references[0].name
    assert first.imports[0].source is second.imports[0].source
    assert first.typed and first.typed[0][2] is second.typed[0][2]
    # A row with a field too few is a damaged entry, not a short named tuple.
    data = json.loads(text)
    data[3][0] = data[3][0][:-1]
    with pytest.raises(ValueError):
        facts_from_text(json.dumps(data))


def test_the_literal_arguments_of_decorator_calls(python: CompiledLanguage) -> None:
    facts = facts_of(
        python,
        """
        @pytest.fixture(name="db", autouse=True, scope='module', params=[1, 2])
        def database():
            pass

        @pytest.mark.parametrize(("x", "y"), [("a", "b")])
        @pytest.mark.parametrize("z, w", [f"{a}", "c"], indirect=True)
        @pytest.mark.usefixtures("a", # the first
            "b")
        def test_it(x, y, z, w):
            call("not a decorator")
        """,
    )
    found = [
        (facts.references[a.reference].name, a.position, a.keyword, a.value) for a in facts.literals
    ]
    assert found == [
        ("fixture", 0, "name", "db"),
        ("fixture", 1, "autouse", "True"),
        ("fixture", 2, "scope", "module"),
        # a tuple of strings as the first argument: each string at its place
        ("parametrize", 0, None, "x"),
        ("parametrize", 0, None, "y"),
        # an f-string is no literal; the list after the first argument counts not
        ("parametrize", 0, None, "z, w"),
        ("parametrize", 2, "indirect", "True"),
        ("usefixtures", 0, None, "a"),
        ("usefixtures", 1, None, "b"),
    ]


def test_what_each_function_returns_or_yields(python: CompiledLanguage) -> None:
    facts = facts_of(
        python,
        """
        def plain() -> Runner:
            if x:
                return app.Runner(1)
            return runner

        def generator() -> Iterator[Runner]:
            yield Runner()
            yield from others()
            value = yield
            return

        def outer():
            def inner():
                return 1, 2
            return inner
        """,
    )
    found = [
        (facts.definitions[r.scope].name, r.statement, r.expression, r.how) for r in facts.results
    ]
    assert found == [
        ("plain", "annotation", "Runner", "annotated"),
        ("plain", "return", "app.Runner", "constructed"),
        ("plain", "return", "runner", "named"),
        # a generic annotation is no class
        ("generator", "yield", "Runner", "constructed"),
        ("generator", "yield", "", ""),
        ("generator", "yield", "", ""),
        ("generator", "return", "", ""),
        ("inner", "return", "", ""),
        ("outer", "return", "inner", "named"),
    ]


def test_the_interface_keeps_what_fixture_lookups_read(python: CompiledLanguage) -> None:
    facts = facts_of(
        python,
        """
        @helper
        def other():
            return Other()

        @pytest.fixture(name="app")
        def make_app():
            app = App()
            return app

        @pytest.fixture
        def client(app):
            return app.test_client()
        """,
    )
    text = facts_text(facts)
    assert FileFacts.from_json(json.loads(text)) == facts
    interface = python_interface(facts)
    assert [(r.name, facts.definitions[r.scope].name) for r in interface.references] == [
        ("fixture", "make_app"),
        ("fixture", "client"),
    ]
    assert [(a.reference, a.keyword, a.value) for a in interface.literals] == [(0, "name", "app")]
    # a returned local is read as the class it holds: the interface keeps no locals
    assert [(facts.definitions[r.scope].name, r.expression, r.how) for r in interface.results] == [
        ("make_app", "App", "constructed"),
        # what is called; whether it is a class, the resolver decides
        ("client", "app.test_client", "constructed"),
    ]
