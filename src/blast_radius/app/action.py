"""One run of the GitHub Action: plan, analyze or publish, and always leave a trace.

The check run, once started, is always completed (also when the analysis
crashes); the job summary and the JSON report are always written; a token
without write access degrades to those instead of failing the job.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from blast_radius.core.publish import (
    LineNote,
    Plan,
    annotations_for,
    check_title,
    conclusion_for,
    escape_command_property,
    escape_command_value,
    format_outputs,
    outputs_for,
    plan_for,
    should_comment,
)
from blast_radius.core.report import Report, report_from_json
from blast_radius.core.view import COMMENT_MARKER

SUMMARY_LIMIT = 1_000_000


@dataclass(frozen=True, slots=True)
class ActionInputs:
    """The action's inputs, parsed once. The token is never part of the repr."""

    token: str = field(repr=False)
    base: str
    comment: str
    check_run: bool
    check_name: str
    fail_on: str
    mode: str
    report_artifact: str


@dataclass(frozen=True, slots=True)
class ActionContext:
    """What the runner tells about this run."""

    event_name: str
    event: Mapping[str, Any]
    repository: str
    sha: str
    inputs: ActionInputs


class Publisher(Protocol):
    """Where results go on GitHub."""

    def requested_reviewers(self, pr_number: int) -> frozenset[str]: ...

    def upsert_comment(self, pr_number: int, body: str, marker: str, *, create: bool) -> Any: ...

    def start_check_run(self, head_sha: str, name: str) -> tuple[int, str]: ...

    def complete_check_run(
        self,
        check_run_id: int,
        *,
        conclusion: str,
        title: str,
        summary: str,
        text: str,
        annotations: Sequence[LineNote],
    ) -> str: ...

    def pull_requests_for(self, head_sha: str) -> list[int]: ...


class Runner(Protocol):
    """The runner's side effects: files, logs, and the analyses themselves."""

    def analyze(self, base: str, head: str | None, reviewers: frozenset[str] | None) -> Report: ...

    def index(self) -> str: ...

    def render(self, report: Report, limit: int, full_report: str) -> str: ...

    def read_text(self, path: str) -> str: ...

    def write_text(self, path: str, text: str) -> None: ...

    def append_summary(self, text: str) -> None: ...

    def append_outputs(self, text: str) -> None: ...

    def log(self, line: str) -> None: ...


@dataclass(slots=True)
class _Results:
    comment_url: str | None = None
    check_run_url: str | None = None


def run_action(
    context: ActionContext,
    runner: Runner,
    publisher: Publisher | None,
    is_recoverable: Callable[[BaseException], bool],
) -> int:
    """Run the planned task; returns the exit status of the step."""
    inputs = context.inputs
    plan = plan_for(context.event_name, context.event, inputs.mode, inputs.base)
    runner.log(f"::notice title=Blast radius::{escape_command_value(plan.reason)}")
    if plan.task == "skip":
        runner.append_summary(f"Blast radius did nothing: {plan.reason}.\n")
        return 0
    if plan.task == "index":
        runner.append_summary(runner.index())
        return 0
    if plan.task == "publish":
        return _publish_earlier_report(context, plan, runner, publisher, is_recoverable)
    return _analyze(context, plan, runner, publisher, is_recoverable)


def _analyze(
    context: ActionContext,
    plan: Plan,
    runner: Runner,
    publisher: Publisher | None,
    is_recoverable: Callable[[BaseException], bool],
) -> int:
    inputs = context.inputs
    results = _Results()
    head_sha = plan.head or context.sha
    publish = plan.publish_results and publisher is not None and plan.pr_number is not None
    check: tuple[int, str] | None = None
    if publish and inputs.check_run and publisher is not None:
        try:
            check = publisher.start_check_run(head_sha, inputs.check_name)
        except Exception as error:
            check = None
            if not _degrade(error, "check run", runner, is_recoverable):
                raise
    reviewers: frozenset[str] | None = None
    if publish and publisher is not None and plan.pr_number is not None:
        try:
            reviewers = publisher.requested_reviewers(plan.pr_number)
        except Exception as error:
            if not _degrade(error, "reviewer list", runner, is_recoverable):
                raise
    try:
        runner.log("::group::Blast radius: analysis")
        report = runner.analyze(plan.base or "", plan.head, reviewers)
        runner.log("::endgroup::")
    except Exception as error:
        runner.log("::endgroup::")
        message = f"The analysis failed: {type(error).__name__}: {error}"
        runner.log(f"::error title=Blast radius::{escape_command_value(message)}")
        runner.append_summary(f"### Blast radius\n\n{message}\n")
        if check is not None and publisher is not None:
            publisher.complete_check_run(
                check[0],
                conclusion="neutral",
                title="Blast radius could not analyze this change",
                summary=message,
                text="",
                annotations=(),
            )
        return 1
    runner.write_text(inputs.report_artifact, report.to_json())
    _finish(
        context,
        plan,
        report,
        runner,
        publisher if publish else None,
        check,
        results,
        is_recoverable,
    )
    return 1 if conclusion_for(report, inputs.fail_on) == "failure" else 0


def _finish(
    context: ActionContext,
    plan: Plan,
    report: Report,
    runner: Runner,
    publisher: Publisher | None,
    check: tuple[int, str] | None,
    results: _Results,
    is_recoverable: Callable[[BaseException], bool],
) -> None:
    """Post the comment and complete the check run; write summary and outputs always."""
    inputs = context.inputs
    full = f"see the job summary and the `{inputs.report_artifact}` report"
    if publisher is not None and plan.pr_number is not None:
        body = runner.render(report, 65_536, full)
        try:
            result = publisher.upsert_comment(
                plan.pr_number,
                body,
                COMMENT_MARKER,
                create=should_comment(report, inputs.comment),
            )
            results.comment_url = getattr(result, "url", None)
        except Exception as error:
            if not _degrade(error, "comment", runner, is_recoverable):
                raise
    if check is not None and publisher is not None:
        try:
            results.check_run_url = publisher.complete_check_run(
                check[0],
                conclusion=conclusion_for(report, inputs.fail_on),
                title=check_title(report),
                summary=runner.render(report, 65_535, full),
                text="",
                annotations=annotations_for(report),
            )
        except Exception as error:
            if not _degrade(error, "check run", runner, is_recoverable):
                raise
    summary = runner.render(report, SUMMARY_LIMIT, f"the `{inputs.report_artifact}` report")
    runner.append_summary(summary)
    for note in annotations_for(report)[:10]:
        runner.log(
            f"::{'warning' if note.level == 'warning' else 'notice'} "
            f"file={escape_command_property(note.path)},line={note.line},title={escape_command_property(note.title)}::"
            f"{escape_command_value(note.message)}"
        )
    outputs = outputs_for(report, inputs.report_artifact)
    outputs["comment-url"] = results.comment_url or ""
    outputs["check-run-url"] = results.check_run_url or ""
    runner.append_outputs(format_outputs(outputs))


def _degrade(
    error: BaseException,
    what: str,
    runner: Runner,
    is_recoverable: Callable[[BaseException], bool],
) -> bool:
    """Log a missing permission or an unreachable API and go on; False to re-raise.

    The results still reach the job summary and the JSON report.
    """
    if not is_recoverable(error):
        return False
    message = escape_command_value(str(error))
    runner.log(f"::warning title=Blast radius could not post the {what}::{message}")
    return True


def _publish_earlier_report(
    context: ActionContext,
    plan: Plan,
    runner: Runner,
    publisher: Publisher | None,
    is_recoverable: Callable[[BaseException], bool],
) -> int:
    """The fork-safe second stage: post a report an unprivileged run produced.

    The report file is untrusted (a fork wrote it): it is parsed strictly and
    rendered with the same escaping; the pull request is found from the
    commit the first run analysed, never from the file.
    """
    inputs = context.inputs
    report = report_from_json(runner.read_text(inputs.report_artifact))
    if publisher is None or plan.head is None:
        runner.append_summary(runner.render(report, SUMMARY_LIMIT, inputs.report_artifact))
        return 0
    numbers = publisher.pull_requests_for(plan.head)
    if len(numbers) != 1:
        runner.log(
            f"::warning title=Blast radius::{len(numbers)} open pull requests have head commit "
            f"{plan.head}; not posting"
        )
        runner.append_summary(runner.render(report, SUMMARY_LIMIT, inputs.report_artifact))
        return 0
    results = _Results()
    check: tuple[int, str] | None = None
    if inputs.check_run:
        try:
            check = publisher.start_check_run(plan.head, inputs.check_name)
        except Exception as error:
            if not _degrade(error, "check run", runner, is_recoverable):
                raise
    resolved = Plan("publish", True, numbers[0], None, plan.head, plan.reason)
    _finish(context, resolved, report, runner, publisher, check, results, is_recoverable)
    return 1 if conclusion_for(report, inputs.fail_on) == "failure" else 0


__all__ = ["ActionContext", "ActionInputs", "Publisher", "Runner", "run_action"]
