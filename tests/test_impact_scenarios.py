"""The impact report on scenario pull requests built as real git repositories."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt

from .conftest import git

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "testdata" / "scenarios"
SAMPLE = ROOT / "src" / "blast_radius" / "sample" / "base"


def build_scenario(name: str, target: Path) -> Path:
    """A repository whose ``main`` is the scenario's base and ``pr`` its change."""
    folder = SCENARIOS / name
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")  # compiled caches next to the sample
    shutil.copytree(folder / "base" if (folder / "base").is_dir() else SAMPLE, target, ignore=skip)
    git(target, "init", "-q", "-b", "main")
    git(target, "add", "-A")
    git(target, "commit", "-q", "-m", "base")
    git(target, "checkout", "-q", "-b", "pr")
    renamed = folder / "renamed.txt"
    if renamed.is_file():
        for line in renamed.read_text().splitlines():
            old, _, new = line.partition(" -> ")
            git(target, "mv", old.strip(), new.strip())
    deleted = folder / "deleted.txt"
    if deleted.is_file():
        for line in deleted.read_text().splitlines():
            git(target, "rm", "-q", line.strip())
    if (folder / "head").is_dir():
        # Plain copies: preserved modification times could hide edits from git.
        shutil.copytree(folder / "head", target, dirs_exist_ok=True, copy_function=shutil.copy)
    git(target, "add", "-A")
    git(target, "commit", "-q", "-m", "change")
    return target


def impact(root: Path, *args: str, fmt: str = "json") -> Any:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "blast_radius",
            "impact",
            str(root),
            "--base",
            "main",
            "--no-cache",
            "--quiet",
            "--jobs",
            "1",
            "--format",
            fmt,
            *args,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout) if fmt == "json" else result.stdout


@pytest.fixture
def scenario(tmp_path: Path) -> Callable[[str], Path]:
    return lambda name: build_scenario(name, tmp_path / name)


def changes(report: Any) -> set[tuple[str, str]]:
    return {(c["id"], c["change"]) for c in report["changed"]}


def dependents(report: Any) -> dict[str, tuple[int, float]]:
    return {d["id"]: (d["distance"], d["confidence"]) for d in report["dependents"]}


def test_leaf_change_reaches_its_one_caller(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("leaf_change"))
    assert changes(report) == {("python:shop.cli.parse_item", "body")}
    assert dependents(report) == {"python:shop.cli.main": (1, 1.0), "python:shop.cli": (2, 1.0)}
    assert report["risk"] == "low"
    assert {e["id"] for e in report["entry_points"]} == {"python:shop.cli.main", "python:shop.cli"}
    assert report["tests"] == []


def test_core_utility_change_reaches_far(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("core_utility"))
    assert changes(report) == {("python:shop.money.round_cents", "body")}
    reached = dependents(report)
    assert reached["python:shop.money.format_price"] == (1, 1.0)
    assert reached["python:shop.pricing.price_with_tax"] == (1, 1.0)
    assert reached["python:shop.cart.Cart.total"] == (2, 1.0)
    assert reached["python:tests.test_pricing.test_tax"] == (2, 1.0)
    assert {t["id"] for t in report["tests"]} == {
        "tests/test_pricing.py::test_tax",
        "tests/test_pricing.py::test_discount",
        "tests/test_cart.py::test_total",
        "tests/test_cart.py::test_gift_receipt",
    }
    assert report["test_files"] == ["tests/test_cart.py", "tests/test_pricing.py"]
    assert report["risk"] in ("medium", "high")
    leaf = impact(scenario("leaf_change"))
    assert report["reach"] > 3 * leaf["reach"]
    owners = {o["owner"]: o["files"] for o in report["owners_affected"]}
    assert owners["@shop/finance"] == ["src/shop/pricing.py"]
    assert "tests/test_cart.py" in owners["@shop/qa"]
    assert [o["owner"] for o in report["owners_changed"]] == ["@shop/finance"]


def test_deleted_function_still_called_is_breaking(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("deleted_still_called"))
    assert ("python:shop.pricing.apply_discount", "removed") in changes(report)
    [breaking] = report["breaking"]
    assert breaking["id"] == "python:shop.pricing.apply_discount"
    assert breaking["change"] == "removed"
    sites = {(s["source"], s["path"], s["line"]) for s in breaking["call_sites"]}
    assert sites == {
        ("python:shop.cart.Cart.total", "src/shop/cart.py", 27),
        ("python:tests.test_pricing.test_discount", "tests/test_pricing.py", 9),
        # `from .pricing import apply_discount` fails when the package loads.
        ("python:shop", "src/shop/__init__.py", 3),
        ("python:tests.test_pricing", "tests/test_pricing.py", 1),
    }
    assert report["risk"] == "high"


def test_renamed_module_is_a_move_not_a_removal(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("renamed_module"))
    found = {(c["id"], c["change"], c["old_id"]) for c in report["changed"]}
    assert ("python:shop.currency.round_cents", "moved", "python:shop.money.round_cents") in found
    assert ("python:shop.currency", "moved", "python:shop.money") in found
    assert report["breaking"] == []


def test_base_class_change_reaches_subclasses(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("base_class_change"))
    assert changes(report) == {("python:shop.cart.Cart", "body")}
    reached = dependents(report)
    assert reached["python:shop.cart.GiftCart"] == (1, 1.0)
    assert reached["python:shop.cli.main"] == (1, 1.0)
    assert "python:tests.test_cart.test_total" in reached


def test_module_constant_reaches_importers(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("module_constant"))
    assert changes(report) == {("python:shop.pricing", "module-code")}
    reached = dependents(report)
    assert reached["python:shop.cart"] == (1, 1.0)
    assert reached["python:tests.test_pricing"] == (1, 1.0)
    assert reached["python:shop"] == (1, 1.0)
    assert "python:shop.pricing.price_with_tax" not in reached


def test_import_only_change_reaches_nothing(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("import_only"))
    assert changes(report) == {("python:shop.cart", "imports")}
    assert report["dependents"] == []
    assert report["risk"] == "none"


def test_files_without_language_rules_are_file_changes(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("non_code_file"))
    assert {(c["id"], c["change"], c["detail"]) for c in report["changed"]} == {
        ("file:README.md", "file", "modified"),
        ("file:shop.yml", "file", "added"),
    }
    assert report["dependents"] == []


def test_changes_in_languages_not_read_say_their_dependents_are_unknown(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("unread_language")
    report = impact(root)
    assert {c["id"] for c in report["changed"]} == {
        "file:lib/Stop.groovy",
        "file:lib/Sync.groovy",
        "file:native/Lib.fs",
    }
    assert report["dependents"] == []
    assert report["gaps"] == [
        "what depends on the 1 changed F# file (F# is not read yet)",
        "what depends on the 2 changed Groovy files (Groovy is not read yet)",
    ]
    assert "what depends on the 2 changed Groovy files" in impact(root, fmt="markdown")


def test_go_interface_implementation_reaches_handlers_and_tests_of_other_packages(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("go_interface_change")
    report = impact(root)
    assert changes(report) == {("go:store:MemStore.Get", "body")}
    reached = dependents(report)
    # the implementation's own test, then through the interface (dispatch,
    # half the call's confidence split between the two constructed stores)
    assert reached["go:store_test:TestMemGet"] == (1, 1.0)
    assert reached["go:api:Handler.show"] == (1, 0.25)
    assert reached["go:api:Handler.ServeHTTP"] == (2, 0.25)
    assert reached["go:api_test:TestShow"] == (3, 0.25)
    assert reached["go:cmd/shop:main"] == (3, 0.25)
    for unreached in ("go:store_test:TestMemPut", "go:api:New", "go:store:SQLStore.Get"):
        assert unreached not in reached
    assert report["test_files"] == ["api/handler_test.go", "store/mem_test.go"]
    assert [t["id"] for t in report["tests"]] == [
        "api/handler_test.go::TestShow",
        "store/mem_test.go::TestMemGet",
    ]
    assert report["test_runners"] == [["go", "api/handler_test.go"], ["go", "store/mem_test.go"]]
    assert report["breaking"] == []
    markdown = impact(root, fmt="markdown")
    assert "go test ./api -run '^(TestShow)$'" in markdown
    assert "go test ./store -run '^(TestMemGet)$'" in markdown
    # conservative: every test file of a package that imports the changed
    # package, through the package's files (importing it runs them all)
    wide = impact(root, "--test-selection", "conservative")
    assert wide["test_files"] == [
        "api/handler_test.go",
        "store/mem_test.go",
        "store/sql_test.go",
    ]


def test_go_parameter_added_breaks_the_calls_that_do_not_pass_it(
    scenario: Callable[[str], Path],
) -> None:
    report = impact(scenario("go_signature"))
    assert changes(report) == {("go:server:Run", "signature")}
    [breaking] = report["breaking"]
    assert breaking["id"] == "go:server:Run"
    assert [(c["source"], c["line"], c["problem"]) for c in breaking["call_sites"]] == [
        ("go:cmd/app:main", 8, "no argument for the required parameter 'retries'")
    ]


def test_go_subtest_reached_runs_its_test(scenario: Callable[[str], Path]) -> None:
    root = scenario("go_subtest")
    report = impact(root)
    assert changes(report) == {("go:calc:Sub", "body")}
    assert [t["id"] for t in report["tests"]] == ["calc/calc_test.go::TestCalc/subtracts"]
    assert "go test ./calc -run '^(TestCalc)$'" in impact(root, fmt="markdown")


def test_java_repository_change_reaches_service_controller_and_their_tests(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("java_layers")
    report = impact(root)
    assert changes(report) == {("java:com.acme.shop.ItemRepository.find", "body")}
    reached = dependents(report)
    assert reached["java:com.acme.shop.ItemService.describe"] == (1, 1.0)
    assert reached["java:com.acme.shop.ItemController.show"] == (2, 1.0)
    assert report["test_files"] == [
        "src/test/java/com/acme/shop/ItemControllerTest.java",
        "src/test/java/com/acme/shop/ItemRepositoryTest.java",
        "src/test/java/com/acme/shop/ItemServiceTest.java",
    ]
    assert {e["id"] for e in report["entry_points"]} == {"java:com.acme.shop.ItemController.show"}
    assert all(runner == "maven" for runner, _ in report["test_runners"])
    assert (
        "mvn test -Dsurefire.failIfNoSpecifiedTests=false "
        "-Dtest='ItemControllerTest#shows,ItemRepositoryTest#findsById,ItemServiceTest#describes'"
        in impact(root, fmt="markdown")
    )


def test_rename_plus_edit(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("rename_plus_edit"))
    found = {c["id"]: c for c in report["changed"]}
    total = found["python:shop.basket.Cart.total"]
    assert (total["change"], total["old_id"], total["detail"]) == (
        "moved",
        "python:shop.cart.Cart.total",
        "edited",
    )
    assert found["python:shop.basket.Cart.add"]["detail"] == ""
    assert report["breaking"] == []


def test_names_that_try_markdown_and_html_injection_render_as_text(
    scenario: Callable[[str], Path],
) -> None:
    text = impact(scenario("markdown_injection"), fmt="markdown")
    # Render as GitHub would (raw HTML allowed, tables on) and look for live markup.
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    assert "<img" not in html
    assert "<script" not in html
    assert 'href="javascript' not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "[x](javascript:alert(1)).py" in html.replace("\\", "")
    assert "@octocat" not in html  # owners are shown, never pinged
    assert "@\u200boctocat" in html


def test_shallow_clone_fetches_the_merge_base(tmp_path: Path) -> None:
    origin = build_scenario("core_utility", tmp_path / "origin")
    for n in range(3):
        (origin / "src" / "shop" / f"extra{n}.py").write_text(f"VALUE = {n}\n")
        git(origin, "add", "-A")
        git(origin, "commit", "-q", "-m", f"more {n}")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "pr", f"file://{origin}", str(clone))
    report = impact(clone, "--base", "origin/main")
    assert ("python:shop.money.round_cents", "body") in changes(report)
    assert {c["id"] for c in report["changed"]} >= {
        "python:shop.money.round_cents",
        "python:shop.extra0",
    }


SNAPSHOT_SCENARIOS = [
    "leaf_change",
    "core_utility",
    "deleted_still_called",
    "renamed_module",
    "base_class_change",
    "module_constant",
    "import_only",
    "non_code_file",
    "rename_plus_edit",
    "markdown_injection",
    "signature_compatible",
    "signature_required_parameter",
    "method_parameter_removed",
    "keyword_renamed",
]


@pytest.mark.parametrize("name", SNAPSHOT_SCENARIOS)
def test_rendered_comment(name: str, scenario: Callable[[str], Path], snapshot: Any) -> None:
    text = impact(scenario(name), fmt="markdown")
    # Everything but the time taken is reproducible (commit dates are fixed).
    text = re.sub(r"Took \d+\\?\.\d s", "Took 0.0 s", text)
    snapshot.snapshot_dir = Path(__file__).parent / "snapshots" / "comments"
    snapshot.assert_match(text, f"{name}.md")


def signature_changes(report: Any) -> dict[str, tuple[str, set[tuple[str, int, str]], int]]:
    """Each changed signature's change, its (caller, line, problem) sites, and fitting count."""
    return {
        b["id"]: (
            b["change"],
            {(s["source"], s["line"], s["problem"]) for s in b["call_sites"]},
            b["fitting"],
        )
        for b in report["breaking"]
        if b["change"].startswith("signature")
    }


def test_a_new_optional_parameter_breaks_no_call(scenario: Callable[[str], Path]) -> None:
    root = scenario("signature_compatible")
    report = impact(root)
    assert changes(report) == {("python:shop.money.round_cents", "signature")}
    assert signature_changes(report) == {
        "python:shop.money.round_cents": ("signature-compatible", set(), 3)
    }
    # reach 12 + 4 entry points + 0.5 for a compatible signature change
    assert (report["risk"], report["risk_score"]) == ("medium", 16.5)
    text = impact(root, fmt="markdown")
    assert "Breaking" not in text
    assert "signature changed, every call still fits \\(3 call sites\\)" in text


def test_a_new_required_parameter_breaks_the_calls_that_omit_it(
    scenario: Callable[[str], Path],
) -> None:
    report = impact(scenario("signature_required_parameter"))
    # The test passes the new argument (its file changed too); the cart does not.
    assert signature_changes(report) == {
        "python:shop.pricing.price_with_tax": (
            "signature",
            {("python:shop.cart.Cart.total", 26, "no argument for the required parameter 'rate'")},
            1,
        )
    }
    assert report["risk"] == "high"


def test_a_removed_method_parameter_counts_the_bound_instance(
    scenario: Callable[[str], Path],
) -> None:
    report = impact(scenario("method_parameter_removed"))
    # cart.add("tea", 2.5, 2) passes three arguments besides the instance; the
    # command line's cart.add(*parse_item(arg)) splat may fit and is not blamed.
    assert signature_changes(report) == {
        "python:shop.cart.Cart.add": (
            "signature",
            {
                (
                    "python:tests.test_cart.test_total",
                    7,
                    "accepts at most 2 positional arguments, 3 given",
                )
            },
            2,
        )
    }


def test_a_renamed_keyword_breaks_the_calls_that_pass_it_by_name(
    scenario: Callable[[str], Path],
) -> None:
    report = impact(scenario("keyword_renamed"))
    assert signature_changes(report) == {
        "python:lib.geometry.scale": (
            "signature",
            {("python:lib.use.triple", 9, "has no parameter 'factor'")},
            2,  # scale(x) and scale(self.width, by)
        ),
        # Box(2, height=3) runs Box.__init__; Box(1) and Box(width=4) on the
        # same line still fit, the line breaks.
        "python:lib.geometry.Box.__init__": (
            "signature",
            {("python:lib.use.boxes", 13, "has no parameter 'height'")},
            1,
        ),
    }


def test_the_demo_reports_a_signature_change_every_call_still_fits() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "blast_radius", "demo", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout)
    assert {(c["id"], c["change"]) for c in report["changed"]} == {
        ("python:shop.money.round_cents", "signature")
    }
    # round_cents(amount) gains `digits: int = 2`: its three callers still fit.
    [signature] = report["breaking"]
    assert signature["change"] == "signature-compatible"
    assert signature["call_sites"] == []
    assert signature["fitting"] == 3
    callers = {
        (hop["source"], hop["line"])
        for d in report["dependents"]
        if d["distance"] == 1
        for hop in d["why"]
    }
    assert callers == {
        ("python:shop.money.format_price", 13),
        ("python:shop.pricing.price_with_tax", 9),
        ("python:shop.pricing.apply_discount", 15),
    }
    assert report["risk"] == "medium"


def test_tests_reach_a_change_through_their_fixtures(scenario: Callable[[str], Path]) -> None:
    report = impact(scenario("fixture_parameter_added"))
    assert changes(report) == {
        ("python:calc.engine.evaluate", "body"),
        ("python:tests.conftest.engine", "signature"),
    }
    reached = dependents(report)
    assert reached["python:calc.engine.Engine.run"] == (1, 1.0)
    # test_run(engine) requests the changed fixture, and gets an Engine from it
    # (`engine.run` is Engine.run, 0.9); test_settings requests only `settings`.
    assert reached["python:tests.test_engine.test_run"] == (1, 1.0)
    assert [t["id"] for t in report["tests"]] == ["tests/test_engine.py::test_run"]
    assert report["test_files"] == ["tests/test_engine.py"]
    # pytest, not the test, calls the fixture: its new parameter breaks no call.
    assert report["breaking"] == []


def test_a_repository_whose_every_call_leaves_it_reports_no_share(
    make_repo: Callable[..., Path],
) -> None:
    root = make_repo({"tool.py": "import os\n\n\ndef where():\n    return os.getcwd()\n"})
    git(root, "checkout", "-q", "-b", "pr")
    (root / "tool.py").write_text("import os\n\n\ndef where():\n    return os.getcwd() + '/'\n")
    git(root, "commit", "-qam", "slash")

    report = impact(root)

    assert report["index"]["name_matched_share"] == 0.0
    assert [c["id"] for c in report["changed"]] == ["python:tool.where"]


def test_a_typescript_workspace_change_reaches_another_packages_component_and_tests(
    scenario: Callable[[str], Path],
) -> None:
    repo = scenario("ts_monorepo")
    report = impact(repo)
    changed = "js:packages/util/src/money.ts:formatCents"
    assert changes(report) == {(changed, "body")}
    reached = dependents(report)
    # @acme/util resolves to its source through `exports` and `export *`
    assert reached["js:packages/web/src/components/Price.tsx:Price"] == (1, 1.0)
    # JSX: the page renders the component
    assert reached["js:packages/web/src/pages/Product.tsx:Product"] == (2, 1.0)
    assert reached["js:packages/util/test/money.test.ts:formatCents.formats whole dollars"] == (
        1,
        1.0,
    )
    assert report["test_files"] == [
        "packages/util/test/money.test.ts",
        "packages/web/src/components/Price.test.tsx",
    ]
    # each file's runner from the nearest package.json that names one
    assert report["test_runners"] == [
        ["jest", "packages/util/test/money.test.ts"],
        ["vitest", "packages/web/src/components/Price.test.tsx"],
    ]
    assert report["breaking"] == []
    comment = impact(repo, fmt="markdown")
    assert "npx jest packages/util/test/money.test.ts\n" in comment
    assert "npx vitest run packages/web/src/components/Price.test.tsx\n" in comment


def test_a_typescript_parameter_without_default_breaks_the_calls_that_omit_it(
    scenario: Callable[[str], Path],
) -> None:
    report = impact(scenario("ts_signature"))
    assert changes(report) == {
        ("js:packages/util/src/money.ts:formatCents", "signature"),
        ("js:packages/util/src/money.ts:unrelated", "signature"),
    }
    verdicts = {b["id"]: b for b in report["breaking"]}
    broken = verdicts["js:packages/util/src/money.ts:formatCents"]
    assert broken["change"] == "signature"
    assert {(s["path"], s["line"], s["problem"]) for s in broken["call_sites"]} == {
        (
            "packages/web/src/components/Price.tsx",
            4,
            "no argument for the required parameter 'currency'",
        ),
        (
            "packages/util/test/money.test.ts",
            5,
            "no argument for the required parameter 'currency'",
        ),
    }
    # an optional parameter (`extra?: number`): the one call still fits
    compatible = verdicts["js:packages/util/src/money.ts:unrelated"]
    assert (compatible["change"], compatible["fitting"]) == ("signature-compatible", 1)


def test_java_change_reaches_kotlin_callers_and_kotlin_tests(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("kotlin_mixed")
    report = impact(root)
    assert changes(report) == {("java:com.acme.store.Item.label", "body")}
    reached = dependents(report)
    # Kotlin's `val item = items.load(id)` is typed by load's declared result
    assert reached["java:com.acme.store.ItemService.describe"] == (1, 0.9)
    assert reached["java:com.acme.store.ItemController.show"][0] == 2
    assert report["test_files"] == [
        "src/test/java/com/acme/store/ItemControllerTest.java",
        "src/test/kotlin/com/acme/store/ItemServiceTest.kt",
    ]
    assert all(runner == "gradle" for runner, _ in report["test_runners"])
    assert (
        "./gradlew test --tests com.acme.store.ItemControllerTest"
        " --tests com.acme.store.ItemServiceTest" in impact(root, fmt="markdown")
    )


def test_java_inherited_and_nested_tests_are_selected_where_they_run(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("java_inherited_tests")
    report = impact(root)
    assert changes(report) == {
        ("java:com.acme.init.AtomicInitializer.get", "body"),
        ("java:com.acme.init.Validate.check", "body"),
    }
    # the abstract base's test runs as its concrete subclass's
    assert report["test_files"] == [
        "src/test/java/com/acme/init/AbstractInitializerTest.java",
        "src/test/java/com/acme/init/AtomicInitializerTest.java",
        "src/test/java/com/acme/init/SetupTest.java",
        "src/test/java/com/acme/init/ValidateTest.java",
    ]
    # `@Test` methods are the tests: a reached set-up runs its whole class
    whole = {t["node"]: t["whole_class"] for t in report["tests"]}
    assert whole == {
        "java:com.acme.init.AbstractInitializerTest.testGet": False,
        "java:com.acme.init.AtomicInitializerTest.testGet": False,
        "java:com.acme.init.SetupTest.first": True,
        "java:com.acme.init.SetupTest.second": True,
        "java:com.acme.init.ValidateTest.WithMessage.rejectsNull": False,
        "java:com.acme.init.ValidateTest.WithoutMessage.rejectsNull": False,
    }
    # the runner's names: the classes around a test tell same-named tests apart
    assert [t["id"] for t in report["tests"]][-2:] == [
        "src/test/java/com/acme/init/ValidateTest.java::ValidateTest::WithMessage::rejectsNull",
        "src/test/java/com/acme/init/ValidateTest.java::ValidateTest::WithoutMessage::rejectsNull",
    ]
    assert report["entry_points"] == []  # tests are no entry points
    # methods by class; a @Nested class through its top-level class's binary names
    assert (
        "mvn test -Dsurefire.failIfNoSpecifiedTests=false -Dtest='AbstractInitializerTest#testGet,"
        "AtomicInitializerTest#testGet,SetupTest,ValidateTest*'" in impact(root, fmt="markdown")
    )


def test_java_parameter_list_change_breaks_the_calls_that_no_longer_fit(
    scenario: Callable[[str], Path],
) -> None:
    report = impact(scenario("java_signature"))
    assert changes(report) == {
        ("java:com.acme.shop.Repository.find", "signature"),
        ("java:com.acme.shop.Repository.count", "signature"),
        ("java:com.acme.shop.Repository.total", "signature"),
    }
    found = {b["id"]: b for b in report["breaking"]}
    # a parameter added: the call with one argument breaks
    find = found["java:com.acme.shop.Repository.find"]
    assert find["change"] == "signature"
    assert [(s["source"], s["line"], s["unchecked"]) for s in find["call_sites"]] == [
        ("java:com.acme.shop.Service.describe", 7, False)
    ]
    # varargs added: the call still fits
    assert found["java:com.acme.shop.Repository.count"]["change"] == "signature-compatible"
    # an overload: no one signature, so its call is unchecked, never called fitting
    total = found["java:com.acme.shop.Repository.total"]
    assert [s["unchecked"] for s in total["call_sites"]] == [True]


def test_ruby_reopened_class_change_reaches_callers_routes_and_both_test_runners(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("ruby_reopened_class")
    report = impact(root)
    # the method of a class reopened in another file than its own
    assert changes(report) == {("rb:Inventory::Stock#reserve", "body")}
    reached = dependents(report)
    # an instance variable assigned `Stock.new`: typed
    assert reached["rb:Inventory::Order#place"] == (1, 0.9)
    assert reached["rb:OrdersController#create"] == (2, 0.81)
    # the Rails route that enters the controller action
    assert {e["id"] for e in report["entry_points"]} == {"rb:OrdersController#create"}
    assert report["test_files"] == ["spec/inventory/order_spec.rb", "test/stock_test.rb"]
    tests = {t["node"]: t["line"] for t in report["tests"]}
    assert tests == {
        "rb:spec/inventory/order_spec.rb:Inventory::Order/#place/reserves the amount": 7,
        "rb:StockTest#test_reserve": 5,
    }
    markdown = impact(root, fmt="markdown")
    assert "bundle exec rspec spec/inventory/order_spec.rb:7" in markdown
    assert "ruby -Itest test/stock_test.rb -n '/^(test_reserve)$/'" in markdown


def test_php_repository_change_reaches_service_controller_route_and_their_tests(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("php_laravel_layers")
    report = impact(root)
    assert changes(report) == {("php:App\\Repositories\\ItemRepository.find", "body")}
    reached = dependents(report)
    # promoted constructor properties type the receivers (0.9 each)
    assert reached["php:App\\Services\\ItemService.describe"] == (1, 0.9)
    assert reached["php:App\\Http\\Controllers\\ItemController.show"] == (2, 0.81)
    assert reached["php:routes/web.php"] == (3, 0.81)
    assert {e["id"] for e in report["entry_points"]} == {
        "php:App\\Http\\Controllers\\ItemController.show"
    }
    # the repository's own test does not call the changed method
    assert report["test_files"] == [
        "tests/Feature/ItemControllerTest.php",
        "tests/Unit/ItemServiceTest.php",
    ]
    assert [t["id"] for t in report["tests"]] == [
        "tests/Feature/ItemControllerTest.php::ItemControllerTest::shows",
        "tests/Unit/ItemServiceTest.php::ItemServiceTest::testDescribes",
    ]
    assert all(runner == "phpunit" for runner, _ in report["test_runners"])
    markdown = impact(root, fmt="markdown")
    assert (
        "vendor/bin/phpunit --filter '/^(?:Tests\\\\Feature\\\\ItemControllerTest::(?:shows)"
        "|Tests\\\\Unit\\\\ItemServiceTest::(?:testDescribes))(?: |$)/'" in markdown
    )
    # names keep their backslashes in code spans and escape them in text
    assert "`App\\Repositories\\ItemRepository.find`" in markdown
    assert "App\\\\Services\\\\ItemService\\.describe calls" in markdown


def test_csharp_repository_change_reaches_service_controller_and_their_tests(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("csharp_stock")
    report = impact(root)
    assert changes(report) == {("cs:Acme.Shop.Inventory.StockRepository.Find", "body")}
    reached = dependents(report)
    # a field typed by its declaration: typed receivers, 0.9 a step
    assert reached["cs:Acme.Shop.Services.StockService.Describe"] == (1, 0.9)
    assert reached["cs:Acme.Shop.Controllers.StockController.Get"] == (2, 0.81)
    assert "cs:Acme.Shop.Services.StockService.Restock" not in reached
    assert {e["id"] for e in report["entry_points"]} == {
        "cs:Acme.Shop.Controllers.StockController.Get"
    }
    assert report["test_files"] == [
        "tests/Shop.Tests/StockControllerTests.cs",
        "tests/Shop.Tests/StockServiceTests.cs",
    ]
    # `[Fact]` methods are the tests; one of a nested class, named by its classes
    assert [t["id"] for t in report["tests"]] == [
        "tests/Shop.Tests/StockControllerTests.cs::StockControllerTests::Gets",
        "tests/Shop.Tests/StockServiceTests.cs::StockServiceTests::WhenInStock::Describes",
    ]
    assert all(runner == "dotnet" for runner, _ in report["test_runners"])
    # the adapters' names: a nested class is `Outer+Inner`
    assert (
        "dotnet test --filter 'FullyQualifiedName~Acme.Shop.Tests.StockControllerTests.Gets"
        "|FullyQualifiedName~Acme.Shop.Tests.StockServiceTests+WhenInStock.Describes'"
        in impact(root, fmt="markdown")
    )


def test_csharp_parameter_list_change_breaks_the_calls_that_no_longer_fit(
    scenario: Callable[[str], Path],
) -> None:
    report = impact(scenario("csharp_signature"))
    assert changes(report) == {
        ("cs:Acme.Repo.Find", "signature"),
        ("cs:Acme.Repo.Count", "signature"),
        ("cs:Acme.RepoExtensions.Twice", "signature"),
        ("cs:Acme.RepoExtensions.Shout", "signature"),
    }
    found = {b["id"]: b for b in report["breaking"]}
    # a required parameter added: the calls with one argument break
    assert [(s["source"], s["line"]) for s in found["cs:Acme.Repo.Find"]["call_sites"]] == [
        ("cs:Acme.RepoExtensions.Twice", 13),
        ("cs:Acme.Service.Describe", 7),
    ]
    # an optional one: every call still fits
    assert found["cs:Acme.Repo.Count"]["change"] == "signature-compatible"
    # an extension method: called on a value, its `this` parameter is the
    # value; called on its class, the first argument
    twice = found["cs:Acme.RepoExtensions.Twice"]
    assert [(s["source"], s["unchecked"]) for s in twice["call_sites"]] == [
        ("cs:Acme.Service.Describe", False)
    ]
    assert found["cs:Acme.RepoExtensions.Shout"]["change"] == "signature-compatible"


def test_rust_workspace_change_reaches_other_crates_routes_and_their_tests(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("rust_workspace_change")
    report = impact(root)
    assert changes(report) == {("rust:shop-core::money::round", "body")}
    reached = dependents(report)
    # `money::round(...)` through `use shop_core::money;` in another crate: certain
    assert reached["rust:shop::cart::Cart::total"] == (1, 1.0)
    # `let cart = Cart::new(); cart.total()`: typed by `-> Self`
    assert reached["rust:shop::routes::checkout"] == (2, 0.9)
    assert "rust:shop::cart::Cart::label" not in reached
    assert {e["id"]: e["kinds"] for e in report["entry_points"]} == {
        "rust:shop::routes::checkout": ["http-route"]
    }
    # `#[test]` functions: unit tests in `mod tests` and an integration test crate
    assert sorted(t["node"] for t in report["tests"]) == [
        "rust:shop-core::money::tests::rounds_half_up",
        "rust:shop/test/checkout::checks_out",
        "rust:shop::cart::tests::totals",
    ]
    assert report["test_files"] == [
        "crates/shop-core/src/money.rs",
        "crates/shop/src/cart.rs",
        "crates/shop/tests/checkout.rs",
    ]
    assert all(runner == "cargo" for runner, _ in report["test_runners"])
    markdown = impact(root, fmt="markdown")
    # one line per crate, each test by its path in the crate
    assert "cargo test -p shop --lib -- --exact cart::tests::totals" in markdown
    assert "cargo test -p shop-core --lib -- --exact money::tests::rounds_half_up" in markdown
    assert "cargo test -p shop --test checkout -- --exact checks_out" in markdown


def test_a_rust_source_file_reached_at_module_level_is_no_test_file(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("rust_workspace_change")
    # a module-level edit (a new constant) reaches the module importing `money`
    money = root / "crates" / "shop-core" / "src" / "money.rs"
    money.write_text("pub const CENTS: i64 = 100;\n" + money.read_text(encoding="utf-8"))
    git(root, "commit", "-q", "-am", "a constant")
    report = impact(root)
    assert "rust:shop::cart" in dependents(report)
    # the files whose `#[test]` functions run: not lib.rs, which holds none
    assert report["test_files"] == [
        "crates/shop-core/src/money.rs",
        "crates/shop/src/cart.rs",
        "crates/shop/tests/checkout.rs",
    ]
    # a reached module runs the tests of its inline `mod tests`
    assert [t["id"] for t in report["tests"]] == [
        "crates/shop-core/src/money.rs::formats",
        "crates/shop-core/src/money.rs::rounds_half_up",
        "crates/shop/src/cart.rs::labels",
        "crates/shop/src/cart.rs::totals",
        "crates/shop/tests/checkout.rs::checks_out",
    ]


def test_swift_package_change_reaches_other_targets_main_and_tests(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("swift_package_change")
    report = impact(root)
    assert changes(report) == {("swift:Shop.Money.plus", "body")}
    reached = dependents(report)
    # `total.plus(...)` on a property typed by `Money(...)`: typed
    assert reached["swift:Shop.Cart.add"] == (1, 0.9)
    # another target, through `import Shop`; main.swift's top-level code
    assert reached["swift:Server.checkout"] == (2, 0.81)
    assert "swift:Server/Sources/Server/main.swift" in reached
    assert "swift:Shop.Cart.label" not in reached
    assert {e["id"]: e["kinds"] for e in report["entry_points"]} == {
        "swift:Server/Sources/Server/main.swift": ["main"]
    }
    # XCTest's `test*` methods and a Swift Testing `@Test` function
    assert sorted(t["node"] for t in report["tests"]) == [
        "swift:ShopTests.CartTests.testAdds",
        "swift:ShopTests.plusAdds",
    ]
    assert all(runner == "swift" for runner, _ in report["test_runners"])
    markdown = impact(root, fmt="markdown")
    assert "swift test --filter 'ShopTests.plusAdds|ShopTests.CartTests/testAdds'" in markdown


def test_cpp_change_reaches_callers_through_headers_main_and_gtest_tests(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("cpp_header_change")
    report = impact(root)
    assert changes(report) == {("c:calc::tax_rate", "body")}
    reached = dependents(report)
    # declared in an included header, defined in another source file: certain
    assert reached["c:calc::Invoice::total"] == (1, 1.0)
    # `calc::Invoice invoice(...)`; `invoice.total(1)`: a typed receiver
    assert reached["c:src/main.cpp#main"] == (2, 0.9)
    assert "c:calc::Invoice::label_width" not in reached
    assert {e["id"]: e["kinds"] for e in report["entry_points"]} == {
        "c:src/main.cpp#main": ["main"]
    }
    assert [t["node"] for t in report["tests"]] == ["c:tests/invoice_test.cc:Invoice.AddsTax"]
    assert report["test_runners"] == [["ctest", "tests/invoice_test.cc"]]
    markdown = impact(root, fmt="markdown")
    # gtest_discover_tests names each test Suite.Name
    assert "ctest -R '^(Invoice\\.AddsTax)$'" in markdown


def test_an_edited_prototype_in_a_header_changes_the_function_it_declares(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("cpp_header_change")
    header = root / "include" / "calc" / "rates.hpp"
    text = header.read_text(encoding="utf-8")
    header.write_text(
        text.replace("double discount(int percent);", "double discount(long percent);")
    )
    git(root, "commit", "-q", "-am", "a wider parameter")
    report = impact(root)
    # the prototype's lines are the function's symbol in the header
    assert ("c:calc::discount", "signature") in changes(report)
    reached = dependents(report)
    assert reached["c:calc::Invoice::label_width"] == (1, 1.0)
    assert "c:tests/invoice_test.cc:Invoice.LabelWidth" in {t["node"] for t in report["tests"]}


def test_c_static_change_reaches_a_test_program_run_by_ctest_under_its_name(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("c_test_program")
    report = impact(root)
    assert changes(report) == {("c:src/add.c#twice", "body")}
    reached = dependents(report)
    assert reached["c:scale"] == (1, 1.0)
    # declared in the header the test includes through the include folder
    assert reached["c:tests/test_scale.c#check_scale"] == (2, 1.0)
    assert "c:tests/test_add.c#main" not in reached
    assert report["test_files"] == ["tests/test_scale.c"]
    markdown = impact(root, fmt="markdown")
    # a test program without marked tests runs as the test named after its file
    assert "ctest -R '^(test_scale)$'" in markdown


def test_elixir_change_reaches_callers_through_aliases_a_mix_task_and_tests(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("elixir_money_change")
    report = impact(root)
    assert changes(report) == {("syn:lib/shop/money.ex:Shop.Money.plus", "body")}
    reached = dependents(report)
    # `alias Shop.Money` binds Money: certain
    assert reached["syn:lib/shop/cart.ex:Shop.Cart.add"] == (1, 1.0)
    # a module's full name is global: the Mix task calls Shop.Cart.add
    task = "syn:lib/mix/tasks/shop.total.ex:Mix.Tasks.Shop.Total.run"
    assert reached[task] == (2, 1.0)
    assert {(e["id"], tuple(e["kinds"])) for e in report["entry_points"]} == {
        (task, ("cli-command",))
    }
    # the ExUnit test that calls add runs, the one that calls empty does not
    assert [t["node"] for t in report["tests"]] == [
        "syn:test/cart_test.exs:Shop.CartTest.adds a price"
    ]
    assert "syn:lib/shop/cart.ex:Shop.Cart.empty" not in reached
    markdown = impact(root, fmt="markdown")
    assert "mix test test/cart_test.exs:4" in markdown


def test_scala_object_change_reaches_case_class_app_and_their_tests(
    scenario: Callable[[str], Path],
) -> None:
    root = scenario("scala_shop")
    report = impact(root)
    assert changes(report) == {("java:shop.Pricing.discount", "body")}
    reached = dependents(report)
    # `Pricing.discount(...)`: a member of an object, certain
    assert reached["java:shop.Cart.total"] == (1, 1.0)
    # `val cart = Cart(List(1, 2))` types cart as the case class: 0.9
    assert reached["java:shop.Server"] == (2, 0.9)
    assert {e["id"] for e in report["entry_points"]} == {"java:shop.Server"}
    # the spec of Cart and the JUnit test of Pricing; the unrelated suite is not run
    assert report["test_files"] == [
        "src/test/scala/shop/CartSpec.scala",
        "src/test/scala/shop/PricingTest.scala",
    ]
    assert all(runner == "sbt" for runner, _ in report["test_runners"])
    assert "sbt 'testOnly shop.CartSpec shop.PricingTest'" in impact(root, fmt="markdown")
