"""The report's JSON form: written the same however its values are shared, and
read back strictly (a fork's run may have written it)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from blast_radius.core import report as report_module
from blast_radius.core.report import Report, ReportFormatError, WhyHop, report_from_json


@pytest.fixture(scope="module")
def demo(demo_report: Report) -> Report:
    return demo_report


def wide(report: Report, copies: int = 40) -> Report:
    """The demo's report with many tests sharing one why-path and its hops, as
    the tests of one reached module do."""
    shared = (
        WhyHop("python:t.test_a", "python:shop.money.f", "calls", 0.5, "tests/t.py", 3),
        WhyHop("python:shop.money.f", "python:shop.money.g", "calls", 1.0, "shop/money.py", 9),
    )
    template = report.tests[0]
    tests = tuple(
        replace(template, id=f"tests/t.py::test_{n}", node=f"python:t.test_{n}", why=shared)
        for n in range(copies)
    )
    return replace(report, tests=report.tests + tests)


def test_shared_values_are_written_as_copies_would_be(demo: Report) -> None:
    report = wide(demo)
    text = report.to_json()
    # Read back, every test has its own why-path and hops: nothing is shared.
    loaded = report_from_json(text)
    assert loaded == report
    assert loaded.tests[-1].why is not loaded.tests[-2].why
    assert loaded.to_json() == text
    written = json.loads(text)["tests"]
    assert written[-1]["why"] == written[-2]["why"]
    assert written[-1]["why"][1] == {
        "source": "python:shop.money.f",
        "target": "python:shop.money.g",
        "kind": "calls",
        "confidence": 1.0,
        "path": "shop/money.py",
        "line": 9,
    }


def test_whole_numbers_in_float_fields_are_written_as_they_read_back(demo: Report) -> None:
    # A sum of no fetches is the int 0; a hop of full confidence may be 1.
    hop = WhyHop("python:t.test_a", "python:shop.money.f", "calls", 1, "tests/t.py", 3)  # type: ignore[arg-type]
    report = replace(
        demo,
        index=replace(demo.index, fetch_seconds=0),  # type: ignore[arg-type]
        elapsed_seconds=2,  # type: ignore[arg-type]
        tests=(replace(demo.tests[0], why=(hop,)),),
    )
    text = report.to_json()
    written = json.loads(text)
    assert type(written["index"]["fetch_seconds"]) is float
    assert type(written["elapsed_seconds"]) is float
    assert type(written["tests"][0]["why"][0]["confidence"]) is float
    assert type(written["tests"][0]["why"][0]["line"]) is int
    assert report_from_json(text).to_json() == text


def test_each_type_is_worked_out_once_not_for_every_value(
    demo: Report, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = wide(demo, copies=200).to_json()
    calls: list[Any] = []
    hints = report_module.get_type_hints

    def counted(kind: Any) -> Any:
        calls.append(kind)
        return hints(kind)

    monkeypatch.setattr(report_module, "get_type_hints", counted)
    report_module._reader.cache_clear()
    try:
        report_from_json(text)
        report_from_json(text)
    finally:
        report_module._reader.cache_clear()
    # One per record type (Report, its parts, ChangedSymbol), not one per test.
    assert len(calls) == len(set(calls)) < 20
    assert WhyHop in calls


def edited(report: Report, change: Any) -> str:
    data = json.loads(report.to_json())
    change(data)
    return json.dumps(data)


def setter(path: list[Any], value: Any) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def remover(path: list[Any]) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (setter(["tests", 1, "why", 0, "line"], "3"), "report.tests[1].why[0].line: expected int"),
        (setter(["dependent_symbols"], True), "report.dependent_symbols: expected int"),
        (setter(["reach"], "1"), "report.reach: expected a number"),
        (setter(["reach"], False), "report.reach: expected a number"),
        (setter(["limits", "extra"], 1), "report.limits: unknown field(s) ['extra']"),
        (remover(["dependents", 0, "kind"]), "report.dependents[0]: missing field 'kind'"),
        (setter(["index"], []), "report.index: expected an object"),
        (setter(["changed_files"], {}), "report.changed_files: expected a list"),
        (setter(["index", "skipped", "x.py"], "big"), "report.index.skipped.x.py: expected int"),
        (setter(["elapsed_seconds"], "soon"), "report.elapsed_seconds: unexpected value"),
        (setter(["test_runners"], [["pytest", 3]]), "report.test_runners[0][1]: expected str"),
        (setter(["owners_changed"], [{"owner": "@a", "files": [], "requested": "yes"}]),
         "report.owners_changed[0].requested: unexpected value"),
    ],
)  # fmt: skip
def test_a_malformed_value_is_refused_with_where_it_is(
    demo: Report, change: Any, message: str
) -> None:
    with pytest.raises(ReportFormatError) as refused:
        report_from_json(edited(wide(demo, copies=2), change))
    assert str(refused.value) == message


def test_optional_values_may_be_null_and_defaults_may_be_left_out(demo: Report) -> None:
    def change(data: Any) -> None:
        data["elapsed_seconds"] = None
        del data["gaps"]
        del data["tests"][0]["why"]

    loaded = report_from_json(edited(demo, change))
    assert loaded.elapsed_seconds is None
    assert loaded.gaps == ()
    assert loaded.tests[0].why == ()
    assert loaded.tests[1:] == demo.tests[1:]


def test_too_many_items_are_refused(demo: Report, monkeypatch: pytest.MonkeyPatch) -> None:
    limit = max(len(demo.dependents), len(demo.tests), len(demo.changed)) + 10
    text = wide(demo, copies=limit + 1 - len(demo.tests)).to_json()
    monkeypatch.setattr(report_module, "MAX_REPORT_ITEMS", limit)
    with pytest.raises(ReportFormatError, match=r"^report\.tests: expected a list$"):
        report_from_json(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ("[]", "not a blast-radius report"),
        ('{"format": "blast-radius-report", "version": 1}', "report version 1 is not"),
    ],
)
def test_what_is_not_a_report_of_this_version_is_refused(text: str, message: str) -> None:
    with pytest.raises(ReportFormatError, match=message):
        report_from_json(text)
