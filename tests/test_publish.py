"""The action's decisions, as pure functions of the event and the report."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blast_radius.core.changes import ChangedSymbol
from blast_radius.core.publish import (
    MAX_TEST_IDS_CHARS,
    annotations_for,
    check_title,
    conclusion_for,
    format_outputs,
    outputs_for,
    plan_for,
    should_comment,
)
from blast_radius.core.report import (
    BreakingChange,
    CallSite,
    IndexInfo,
    Limits,
    Report,
    ReportDependent,
)
from blast_radius.core.report import TestHit as Hit

SHA_A = "a" * 40
SHA_B = "b" * 40
PULL = {"pull_request": {"number": 7, "base": {"sha": SHA_A}, "head": {"sha": SHA_B}}}


def report(**changes: object) -> Report:
    base = Report(
        changed=(ChangedSymbol("python:m.f", "function", "body", "m.py", 3),),
        changed_files=("m.py",),
        dependents=(
            ReportDependent(
                "python:m.g", "function", "g", "m.g", "m.py", 9, 1, 1.0, "python:m.f", ()
            ),
        ),
        reach=1.0,
        dependent_symbols=1,
        dependent_files=1,
        risk="low",
        risk_score=1.0,
        entry_points=(),
        tests=(),
        test_files=(),
        owners_changed=(),
        owners_affected=(),
        breaking=(),
        limits=Limits(4, 0.01, 50_000, ()),
        index=IndexInfo(SHA_A, SHA_B, SHA_A, "built", 1, 1, {}, 0, (), 0.0),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("event", "mode", "task", "publish"),
    [
        ("pull_request", "auto", "analyze", True),
        ("pull_request", "analyze", "analyze", False),
        ("workflow_run", "auto", "publish", True),
        ("push", "auto", "index", False),
        ("schedule", "auto", "index", False),
        ("issues", "auto", "skip", False),
    ],
)
def test_the_plan_follows_the_event(event: str, mode: str, task: str, publish: bool) -> None:
    plan = plan_for(event, PULL if event == "pull_request" else {}, mode, "")
    assert (plan.task, plan.publish_results) == (task, publish)
    if task == "analyze":
        assert (plan.pr_number, plan.base, plan.head) == (7, SHA_A, SHA_B)


def test_without_a_base_there_is_nothing_to_compare() -> None:
    assert plan_for("workflow_dispatch", {}, "analyze", "").task == "skip"
    assert plan_for("workflow_dispatch", {}, "analyze", "origin/main").base == "origin/main"
    with pytest.raises(ValueError, match="mode must be one of"):
        plan_for("pull_request", PULL, "sometimes", "")


def test_fail_on_thresholds() -> None:
    low, high = report(), report(risk="high")
    assert conclusion_for(low, "never") == "success"
    assert conclusion_for(high, "never") == "success"
    assert conclusion_for(low, "risk-medium") == "success"
    assert conclusion_for(high, "risk-medium") == "failure"
    assert conclusion_for(low, "risk-low") == "failure"
    removed = report(breaking=(BreakingChange("python:m.f", "removed", "m.py", 3, ()),))
    assert conclusion_for(removed, "breaking") == "failure"


def test_fail_on_breaking_ignores_signature_changes_every_call_still_fits() -> None:
    site = CallSite("python:x", "calls", "x.py", 2, "has no parameter 'b'")
    unchecked = CallSite("python:x", "calls", "x.py", 2, "the call is not in its facts", True)
    compatible = BreakingChange("python:m.f", "signature-compatible", "m.py", 3, (), fitting=4)
    broken = BreakingChange("python:m.f", "signature", "m.py", 3, (site,), fitting=3)
    not_checked = BreakingChange("python:m.f", "signature", "m.py", 3, (unchecked,))
    assert conclusion_for(report(breaking=(compatible,)), "breaking") == "success"
    assert conclusion_for(report(breaking=(broken,)), "breaking") == "failure"
    # A call that could not be checked is not claimed to fit.
    assert conclusion_for(report(breaking=(not_checked,)), "breaking") == "failure"


def test_on_impact_comments_only_when_something_is_reached() -> None:
    assert should_comment(report(risk="none"), "on-impact") is False
    assert should_comment(report(), "on-impact") is True
    assert should_comment(report(risk="none"), "always") is True
    assert should_comment(report(), "never") is False


def test_outputs_cannot_end_their_own_block_early() -> None:
    hostile = "tests/a.py\nBLAST_RADIUS_x\nrisk<<EOF"
    text = format_outputs({"affected-tests": hostile, "risk": "low"})
    name, _, delimiter = text.split("\n", 1)[0].partition("<<")
    assert name == "affected-tests"
    body = text.split("\n")[1 : 1 + hostile.count("\n") + 1]
    assert "\n".join(body) == hostile
    assert delimiter not in hostile


def test_annotations_say_who_uses_the_changed_symbol() -> None:
    [note] = annotations_for(report())
    assert (note.path, note.line, note.level) == ("m.py", 3, "notice")
    assert note.message == "used by 1 symbol in 1 file."
    broken = report(
        changed=(ChangedSymbol("python:m.f", "function", "removed", "m.py", 3),),
        breaking=(
            BreakingChange(
                "python:m.f", "removed", "m.py", 3, (CallSite("python:x", "calls", "x.py", 2),)
            ),
        ),
    )
    [warning] = annotations_for(broken)
    assert warning.level == "warning"
    assert warning.message.startswith("removed: still used in 1 place")


def test_annotations_tell_a_breaking_signature_from_a_compatible_one() -> None:
    changed = (ChangedSymbol("python:m.f", "function", "signature", "m.py", 3),)
    site = CallSite("python:x", "calls", "x.py", 2, "has no parameter 'b'")
    broken = report(
        changed=changed,
        breaking=(BreakingChange("python:m.f", "signature", "m.py", 3, (site,), fitting=2),),
    )
    [warning] = annotations_for(broken)
    assert warning.level == "warning"
    assert warning.message == (
        "1 call site no longer fits the new signature; 2 call sites still fit; "
        "used by 1 symbol in 1 file."
    )
    compatible = report(
        changed=changed,
        breaking=(BreakingChange("python:m.f", "signature-compatible", "m.py", 3, (), fitting=1),),
    )
    [notice] = annotations_for(compatible)
    assert notice.level == "notice"
    assert notice.message == (
        "signature changed, every call still fits (1 call site); used by 1 symbol in 1 file."
    )
    assert check_title(compatible) == "low risk: 1 dependent in 1 file"
    assert check_title(broken) == "low risk: 1 dependent in 1 file, 1 breaking change"


def test_too_many_test_ids_for_the_outputs_fall_back_to_their_files() -> None:
    def hit(n: int) -> Hit:
        test = f"test_{n:06d}"
        return Hit(
            f"tests/test_big.py::{test}",
            f"python:tests.test_big.{test}",
            "tests/test_big.py",
            2,
            1.0,
        )

    few = report(tests=(hit(1), hit(2)), test_files=("tests/test_big.py",))
    many = report(
        tests=tuple(hit(n) for n in range(MAX_TEST_IDS_CHARS // 20)),
        test_files=("tests/test_big.py",),
    )

    assert outputs_for(few, "r.json")["affected-tests"] == (
        "tests/test_big.py::test_000001 tests/test_big.py::test_000002"
    )
    # A file selects every test in it: more tests run, none is left out.
    assert outputs_for(many, "r.json")["affected-tests"] == "tests/test_big.py"
