"""C#: entry points, partial types' spans, project manifests and test files."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from blast_radius.adapters.grammars import load_language
from blast_radius.core import report
from blast_radius.core.csharp_projects import SDK_USINGS, Using, csharp_projects
from blast_radius.core.extract import extract_facts
from blast_radius.core.languages import is_test_path, language_by_name, language_for_path
from blast_radius.core.resolve_csharp import csharp_symbols
from blast_radius.core.view import TEST_SELECTORS

CASES = Path(__file__).resolve().parent.parent / "testdata" / "csharp"
COMPILED = load_language(language_by_name("csharp"))


def test_entry_points_of_programs_controllers_minimal_apis_and_tests(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    shutil.copytree(CASES / "04_entry_points_and_tests", root)
    result = subprocess.run(
        [sys.executable, "-m", "blast_radius", "graph", str(root), "--no-cache", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
    )
    found = {
        (e["id"].removeprefix("cs:"), e["kind"]) for e in json.loads(result.stdout)["entry_points"]
    }
    assert found == {
        # top-level statements: the file; an inline minimal-API handler is in it
        ("Api/Program.cs", "main"),
        ("Api/Program.cs", "http-route"),
        # a named handler of `app.MapPost("/orders", Handlers.CreateOrder)`
        ("Acme.Api.Handlers.CreateOrder", "http-route"),
        ("Acme.Cli.EntryPoint.Main", "main"),
        # a controller's public actions, with or without an HTTP attribute
        ("Acme.Api.Controllers.OrdersController.Get", "http-route"),
        ("Acme.Api.Controllers.OrdersController.List", "http-route"),
        # NUnit `[Test]`, `[TestCase]`, MSTest `[TestMethod]`; not `[SetUp]`
        ("Acme.Api.Tests.HealthTests.Checks", "test"),
        ("Acme.Api.Tests.HealthTests.Creates", "test"),
        ("Acme.Api.Tests.OrdersSpec.Lists", "test"),
    }


def test_each_part_of_a_partial_type_is_the_types_span_in_its_file() -> None:
    path = "src/Invoice.Tax.cs"
    source = (CASES / "02_partial_and_extensions" / path).read_bytes()
    rows = csharp_symbols(extract_facts(COMPILED, path, source), "cs:" + path)
    spans = {row[0]: (row[1], row[3], row[4]) for row in rows}
    assert spans["cs:Acme.Billing.Invoice"] == ("class", 3, 8)
    assert spans["cs:Acme.Billing.Invoice.Tax"] == ("method", 5, 5)


def test_projects_read_implicit_usings_using_items_and_props() -> None:
    projects = csharp_projects(
        (
            ("Directory.Build.props", "<Project><ItemGroup><Using Include='Acme.Core'/>"
             "</ItemGroup></Project>"),
            (
                "src/Web/Web.csproj",
                '<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup>'
                "<ImplicitUsings>enable</ImplicitUsings></PropertyGroup><ItemGroup>"
                '<Using Include="Acme.Text.Format" Static="true"/>'
                '<Using Include="Acme.Text.Slug" Alias="Slug"/>'
                '<Using Remove="System.Net.Http"/></ItemGroup></Project>',
            ),
            ("src/Web.Tests/Web.Tests.csproj", "<Project><ItemGroup><PackageReference "
             'Include="Microsoft.NET.Test.Sdk" Version="17"/></ItemGroup></Project>'),
            ("src/Broken/Broken.csproj", "<Project"),
            ("README.md", "not a manifest"),
        )
    )  # fmt: skip
    assert [p.folder for p in projects.projects] == ["src/Web", "src/Web.Tests"]
    web, tests = projects.projects
    assert web.usings[: len(SDK_USINGS) - 1] == tuple(
        Using(u) for u in SDK_USINGS if u != "System.Net.Http"
    )
    assert Using("Microsoft.AspNetCore.Http") in web.usings
    assert web.usings[-3:] == (
        Using("Acme.Core"),
        Using("Acme.Text.Format", static=True),
        Using("Acme.Text.Slug", alias="Slug"),
    )
    assert tests.usings == (Using("Acme.Core"),)
    assert projects.project_of("src/Web/Pages/Index.cs") == "src/Web"
    assert projects.project_of("tools/Gen.cs") == ""


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("tests/Shop.Tests/CartTests.cs", True),
        ("src/Shop.Tests/Helpers/Builder.cs", True),
        ("src/Shop/CartTest.cs", True),
        ("test/Shop.UnitTests/Fakes.cs", True),
        ("src/Shop/Cart.cs", False),
        ("src/Shop/Testing.cs", False),
    ],
)
def test_test_files_by_test_class_and_test_project_names(path: str, expected: bool) -> None:
    rule = language_for_path(path)
    assert rule is not None and rule.name == "csharp"
    assert is_test_path(rule, path) is expected


def hit(test_id: str, node: str, whole: bool = False) -> report.TestHit:
    return report.TestHit(test_id, node, test_id.partition("::")[0], 1, 1.0, whole_class=whole)


def test_dotnet_filter_names_tests_as_the_adapters_do() -> None:
    tests = [
        hit("t/CartTests.cs::CartTests::Adds", "cs:Shop.CartTests.Adds"),
        # a reached set-up: its class runs whole
        hit("t/CartTests.cs::CartTests::Removes", "cs:Shop.CartTests.Removes", whole=True),
        # the global namespace, a nested class
        hit("t/Misc.cs::Misc::When::Works", "cs:Misc.When.Works"),
        # a name the filter cannot spell is left out
        hit("t/Odd.cs::Odd::a b", "cs:Odd.a b"),
    ]
    assert TEST_SELECTORS["dotnet"]("dotnet", tests) == [
        "dotnet test --filter "
        "'FullyQualifiedName~Misc+When.Works|FullyQualifiedName~Shop.CartTests.'"
    ]
