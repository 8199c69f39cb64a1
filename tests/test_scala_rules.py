"""Scala's file conventions, its import clauses and the sbt command for selected tests."""

from __future__ import annotations

import pytest

from blast_radius.core import report
from blast_radius.core.facts import MODULE_SCOPE, Import
from blast_radius.core.languages import is_test_path, language_for_path
from blast_radius.core.play_routes import play_route_handlers
from blast_radius.core.resolve_java import scala_imports
from blast_radius.core.view import TEST_SELECTORS


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("src/test/scala/shop/CartSpec.scala", True),
        ("modules/core/src/test/scala/shop/Helpers.scala", True),
        ("shop/CartSuite.scala", True),
        ("shop/CartTest.scala", True),
        ("src/main/scala/shop/Cart.scala", False),
        ("scripts/build.sc", False),
    ],
)
def test_scala_test_files_follow_scalatest_munit_and_sbt(path: str, expected: bool) -> None:
    rule = language_for_path(path)
    assert rule is not None and rule.name == "scala"
    assert is_test_path(rule, path) is expected


def imported(source: str) -> list[tuple[str, str | None, str | None]]:
    clause = Import(source, None, None, 1, MODULE_SCOPE, False, 1)
    return [(i.source, i.name, i.alias) for i in scala_imports(clause)]


def test_scala_import_clauses_are_read_one_name_at_a_time() -> None:
    assert imported("import a.b.C") == [("a.b", "C", None)]
    assert imported("import a.b._") == [("a.b", "*", None)]
    assert imported("import a.b.*") == [("a.b", "*", None)]
    # selectors: a name, a rename both ways, a hidden name, the rest
    assert imported("import a.b.{C, D => E, F as G, H => _, _}") == [
        ("a.b", "C", None),
        ("a.b", "D", "E"),
        ("a.b", "F", "G"),
        ("a.b", "*", None),
    ]
    # Scala 3's rename without braces, Scala 2's several importers in one clause
    assert imported("import a.b.C as D") == [("a.b", "C", "D")]
    assert imported("import a.B, c.{D, E}") == [
        ("a", "B", None),
        ("c", "D", None),
        ("c", "E", None),
    ]
    # given instances come with a wildcard; backquoted names lose their quotes
    assert imported("import a.b.given") == [("a.b", "*", None)]
    assert imported("import a.`type`.C") == [("a.type", "C", None)]


def hit(test_id: str, node: str) -> report.TestHit:
    return report.TestHit(test_id, node, test_id.partition("::")[0], 1, 1.0)


def test_sbt_runs_the_classes_of_the_selected_tests() -> None:
    tests = [
        # ScalaTest's and MUnit's tests mark their class
        hit("src/test/scala/shop/CartSpec.scala::CartSpec", "java:shop.CartSpec"),
        # a JUnit method runs with its class
        hit("src/test/scala/shop/CartTest.scala::CartTest::adds", "java:shop.CartTest.adds"),
        hit("src/test/scala/shop/CartTest.scala::CartTest::removes", "java:shop.CartTest.removes"),
        # a class nested in the file's class runs through it
        hit("t/OuterSpec.scala::OuterSpec::Inner", "java:shop.OuterSpec.Inner"),
    ]
    assert TEST_SELECTORS["sbt"]("sbt", tests) == [
        "sbt 'testOnly shop.CartSpec shop.CartTest shop.OuterSpec'"
    ]
    assert TEST_SELECTORS["sbt"]("sbt", []) == []


def test_play_routes_name_their_handlers() -> None:
    routes = (
        "# a comment\n"
        "GET   /          controllers.Home.index()\n"
        "POST  /x/:id     @controllers.Items.save(id: Long)   # injected\n"
        "GET   /static    controllers.Assets.at\n"
        "->    /admin     admin.Routes\n"
        "GET   /bad       index\n"
    )
    manifests = (("conf/routes", routes), ("conf/admin.routes", "PUT /a admin.A.b()\n"))
    assert play_route_handlers(manifests) == {
        "controllers.Home.index",
        "controllers.Items.save",
        "controllers.Assets.at",
        "admin.A.b",
    }
    # another file of that name pattern's list is not read as routes
    assert play_route_handlers((("conf/application.conf", routes),)) == frozenset()
