"""Render reports with jinja2: Markdown for pull requests, plain text for terminals.

Templates run in a sandbox with undefined variables as errors; users may
supply their own template that extends the built-in one. Every string from
the repository passes an escaping filter before it reaches Markdown.
"""

from __future__ import annotations

from pathlib import Path

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from blast_radius.core.markdown import (
    code_span,
    cut_between_blocks,
    escape_table_cell,
    escape_text,
    fenced_text,
)
from blast_radius.core.report import Report
from blast_radius.core.view import Caps, CommentView, build_view, shrink

COMMENT_LIMIT = 65_536
CHECK_SUMMARY_LIMIT = 65_535
DEFAULT_TEMPLATE = "comment.md.j2"


class TemplateError(ValueError):
    """A user template failed to load or render; the message says where."""


def _code_cell(text: str) -> str:
    # An empty cell stays empty: a code span of nothing would show a blank box.
    return code_span(text).replace("|", "\\|") if text else ""


def make_environment(user_template_dir: Path | None = None) -> SandboxedEnvironment:
    """A sandboxed environment over the built-in templates (and a user's folder first)."""
    loaders: list[jinja2.BaseLoader] = []
    if user_template_dir is not None:
        loaders.append(jinja2.FileSystemLoader(str(user_template_dir)))
    loaders.append(jinja2.PackageLoader("blast_radius", "templates"))
    environment = SandboxedEnvironment(
        loader=jinja2.ChoiceLoader(loaders),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    environment.filters.update(
        text=escape_text,
        code=code_span,
        cell=escape_table_cell,
        codecell=_code_cell,
        fenced=fenced_text,
    )
    return environment


def render_view(environment: SandboxedEnvironment, template: str, view: CommentView) -> str:
    """Render one view with one template."""
    try:
        return environment.get_template(template).render(view=view)
    except jinja2.TemplateError as error:
        where = f" (line {error.lineno})" if isinstance(error, jinja2.TemplateSyntaxError) else ""
        raise TemplateError(f"template {template}{where}: {error}") from error


def render_markdown(
    report: Report,
    *,
    limit: int = COMMENT_LIMIT,
    full_report: str = "see the full JSON report",
    environment: SandboxedEnvironment | None = None,
    template: str = DEFAULT_TEMPLATE,
) -> str:
    """The Markdown report, cut down until it fits in ``limit`` characters."""
    environment = environment or make_environment()
    caps: Caps | None = Caps()
    text = ""
    while caps is not None:
        text = render_view(environment, template, build_view(report, caps, full_report))
        if len(text) <= limit:
            return text
        caps = shrink(caps)
    # Even the smallest view is too long (a user template, huge names): cut hard.
    return cut_between_blocks(text, limit)


def render_text(report: Report, full_report: str = "use --format json for all") -> str:
    """The report as plain text for a terminal (nothing is cut but long lists)."""
    environment = make_environment()
    for name in ("text", "code", "cell", "codecell", "fenced"):
        environment.filters[name] = str
    caps = Caps(changed=200, dependents=100, why=0, tests=200, mermaid_nodes=0)
    return render_view(environment, "report.txt.j2", build_view(report, caps, full_report))
