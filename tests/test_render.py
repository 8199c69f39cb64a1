"""Rendering with user templates, and the size limits, on the demo's report."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from blast_radius.adapters.render import (
    TemplateError,
    make_environment,
    render_markdown,
)
from blast_radius.core.report import Report, ReportDependent


@pytest.fixture(scope="module")
def report(demo_report: Report) -> Report:
    return demo_report


def test_a_user_template_can_extend_the_built_in_one(report: Report, tmp_path: Path) -> None:
    (tmp_path / "ours.md.j2").write_text(
        '{% extends "comment.md.j2" %}\n'
        "{% block footer %}\n_Reach questions? Ask #platform._\n{% endblock %}\n"
    )
    text = render_markdown(report, environment=make_environment(tmp_path), template="ours.md.j2")
    assert text.startswith("<!-- blast-radius:comment -->")
    assert "`shop.money.format_price`" in text
    assert text.rstrip().endswith("_Reach questions? Ask #platform._")
    assert "A missing edge never proves" not in text


def test_a_template_cannot_reach_python_internals(report: Report, tmp_path: Path) -> None:
    (tmp_path / "evil.md.j2").write_text("{{ view.__class__.__mro__[1].__subclasses__() }}")
    with pytest.raises(TemplateError, match=r"evil\.md\.j2"):
        render_markdown(report, environment=make_environment(tmp_path), template="evil.md.j2")


def test_an_undefined_variable_is_an_error(report: Report, tmp_path: Path) -> None:
    (tmp_path / "typo.md.j2").write_text("{{ view.reech }}")
    with pytest.raises(TemplateError, match=r"typo\.md\.j2"):
        render_markdown(report, environment=make_environment(tmp_path), template="typo.md.j2")


def test_huge_reports_are_cut_to_the_limit_and_say_so(report: Report) -> None:
    template = report.dependents[0]
    many = tuple(
        replace(
            template, id=f"python:pkg.m{n}.f{n}", qualname=f"pkg.m{n}.f{n}", path=f"pkg/m{n}.py"
        )
        for n in range(50_000)
    )
    big = replace(report, dependents=many, dependent_symbols=len(many), reach=50_000.0)
    for limit in (65_536, 65_535, 10_000):
        text = render_markdown(big, limit=limit, full_report="see the job summary")
        assert len(text) <= limit
        assert "more dependents not shown: see the job summary" in text
    assert isinstance(many[0], ReportDependent)
    json.loads(big.to_json())
