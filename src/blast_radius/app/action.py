"""One run of the GitHub Action: plan, analyze or publish, and always leave a trace.

Whatever happens after the check run was created (an exception anywhere, a
failing API, a cancel from the runner), the run ends in a published state:
the check run is completed, the job summary and the step outputs are
written. Reads that only add detail (who was asked to review) degrade to a
note in the report; failed writes (comment, check run) fall back to the job
summary. The exit status is 0 unless ``fail-on`` is met or an input (the
token, the report artifact) is unusable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from blast_radius.core.markdown import escape_text
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
COMMENT_LIMIT = 65_536
CHECK_SUMMARY_LIMIT = 65_535

TOKEN_REJECTED = "token-rejected"
"""What ``classify`` says of an error when GitHub refused the token itself (HTTP 401)."""
TOO_LONG = "too-long"
"""What ``classify`` says of an error when GitHub found a body too long (HTTP 422)."""

_T = TypeVar("_T")


class ActionCancelled(BaseException):
    """The runner asked the step to stop (a cancelled run, a timeout); raised by a signal.

    A BaseException, like KeyboardInterrupt, so that no ``except Exception``
    on the way swallows it; the run still completes its check run.
    """


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
    run_key: str = ""
    """Names this run (run id, attempt, job) on the check runs it creates."""


class Publisher(Protocol):
    """Where results go on GitHub."""

    def requested_reviewers(self, pr_number: int) -> frozenset[str]: ...

    def upsert_comment(self, pr_number: int, body: str, marker: str, *, create: bool) -> Any: ...

    def start_check_run(self, head_sha: str, name: str, run_key: str) -> tuple[int, str]: ...

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
class _Run:
    """What one run has published so far, and what went wrong on the way."""

    runner: Runner
    classify: Callable[[BaseException], str]
    check: tuple[int, str] | None = None
    comment_url: str | None = None
    check_run_url: str | None = None
    gaps: list[str] = field(default_factory=list)
    """Parts missing from the report, with the reason (shown in its footer)."""
    problems: list[str] = field(default_factory=list)
    """Writes that did not happen, with the reason (shown at the top of the job summary)."""
    token_rejected: bool = False

    def attempt(self, what: str, call: Callable[[], _T]) -> _T | None:
        """``call()``, or None after logging why it failed; never raises."""
        try:
            return call()
        except (Exception, ActionCancelled, KeyboardInterrupt) as error:
            # A cancel that arrives while results are posted stops only the
            # current request: the rest (check run, summary) is quick and must happen.
            if self.classify(error) == TOKEN_REJECTED:
                self.token_rejected = True
            message = _message(error)
            if not message.startswith("Could not "):
                message = f"Could not {what}: {message}"
            self.runner.log(
                f"::warning title=Blast radius could not {escape_command_property(what)}::"
                f"{escape_command_value(message)}"
            )
            self.problems.append(message)
            return None


def run_action(
    context: ActionContext,
    runner: Runner,
    publisher: Publisher | None,
    classify: Callable[[BaseException], str],
) -> int:
    """Run the planned task; returns the exit status of the step.

    ``classify`` names the errors the publisher raises that change what the
    run does (``TOKEN_REJECTED``, ``TOO_LONG``); any other string for the rest.
    """
    inputs = context.inputs
    plan = plan_for(context.event_name, context.event, inputs.mode, inputs.base)
    runner.log(f"::notice title=Blast radius::{escape_command_value(plan.reason)}")
    if plan.task == "skip":
        runner.append_summary(f"Blast radius did nothing: {escape_text(plan.reason)}.\n")
        runner.append_outputs(format_outputs(_outputs(None, _Run(runner, classify), "")))
        return 0
    if plan.task == "index":
        try:
            runner.append_summary(runner.index())
        except (Exception, ActionCancelled, KeyboardInterrupt) as error:
            message = f"Indexing failed: {_message(error)}"
            runner.log(f"::error title=Blast radius::{escape_command_value(message)}")
            runner.append_summary(f"### Blast radius index\n\n{escape_text(message)}\n")
            return 1
        return 0
    run = _Run(runner, classify)
    if plan.task == "publish":
        return _publish_earlier_report(context, plan, run, publisher)
    return _analyze(context, plan, run, publisher)


def _analyze(context: ActionContext, plan: Plan, run: _Run, publisher: Publisher | None) -> int:
    inputs = context.inputs
    runner = run.runner
    publish = publisher if plan.publish_results and plan.pr_number is not None else None
    report: Report | None = None
    failure: str | None = None
    try:
        if publish is not None and inputs.check_run:
            head_sha = plan.head or context.sha
            run.check = run.attempt(
                "create the check run",
                lambda: publish.start_check_run(head_sha, inputs.check_name, context.run_key),
            )
        reviewers = _requested_reviewers(run, publish, plan.pr_number)
        runner.log("::group::Blast radius: analysis")
        try:
            report = runner.analyze(plan.base or "", plan.head, reviewers)
        finally:
            runner.log("::endgroup::")
        if run.gaps:
            report = replace(report, gaps=(*report.gaps, *run.gaps))
        runner.write_text(inputs.report_artifact, report.to_json())
    except (Exception, ActionCancelled, KeyboardInterrupt) as error:
        failure = _failure(error)
        runner.log(f"::error title=Blast radius::{escape_command_value(failure)}")
    finally:
        _finish(context, plan, run, publish, report, failure)
    return _exit_status(run, report, inputs.fail_on)


def _requested_reviewers(
    run: _Run, publisher: Publisher | None, pr_number: int | None
) -> frozenset[str] | None:
    """Who is asked to review, or None (the column stays empty) when it cannot be read."""
    if publisher is None or pr_number is None:
        return None
    try:
        return publisher.requested_reviewers(pr_number)
    except Exception as error:
        # A missing detail of the report, not a failed write: a note in its footer.
        if run.classify(error) == TOKEN_REJECTED:
            run.token_rejected = True
        message = _message(error)
        run.runner.log(
            "::warning title=Blast radius could not read the review requests::"
            + escape_command_value(message)
        )
        run.gaps.append(f"who was asked to review is unknown: {message}")
        return None


def _finish(
    context: ActionContext,
    plan: Plan,
    run: _Run,
    publisher: Publisher | None,
    report: Report | None,
    failure: str | None,
) -> None:
    """Post the comment, complete the check run, write summary and outputs: each on its own.

    Nothing here raises: one part failing must not keep the others from happening.
    """
    inputs = context.inputs
    runner = run.runner
    full = f"see the job summary and the `{inputs.report_artifact}` report"
    if publisher is not None and plan.pr_number is not None:
        number = plan.pr_number
        if report is not None:
            run.comment_url = _post_comment(run, publisher, number, report, inputs.comment, full)
        elif failure is not None:
            # A comment left by an earlier push would describe older code.
            body = f"{COMMENT_MARKER}\n{_failure_text(failure, plan.head or context.sha)}"
            run.attempt(
                "update the pull request comment",
                lambda: publisher.upsert_comment(number, body, COMMENT_MARKER, create=False),
            )
    if run.check is not None and publisher is not None:
        check_id = run.check[0]
        if report is not None:
            run.check_run_url = run.attempt(
                "complete the check run",
                lambda: publisher.complete_check_run(
                    check_id,
                    conclusion=conclusion_for(report, inputs.fail_on),
                    title=check_title(report),
                    summary=runner.render(report, CHECK_SUMMARY_LIMIT, full),
                    text="",
                    annotations=annotations_for(report),
                ),
            )
        else:
            run.check_run_url = run.attempt(
                "complete the check run",
                lambda: publisher.complete_check_run(
                    check_id,
                    conclusion="neutral",
                    title="Blast radius could not analyze this change",
                    summary=escape_text(failure or "The analysis did not finish."),
                    text="",
                    annotations=(),
                ),
            )
    _write_summary(run, report, failure, inputs.report_artifact)
    _log_annotations(run, report)
    outputs = _outputs(report, run, inputs.report_artifact)
    try:
        runner.append_outputs(format_outputs(outputs))
    except Exception as error:
        runner.log(f"::error title=Blast radius::could not write the outputs: {_message(error)}")


def _post_comment(
    run: _Run, publisher: Publisher, number: int, report: Report, mode: str, full: str
) -> str | None:
    """Create or edit the sticky comment; a body GitHub finds too long is cut further."""
    create = should_comment(report, mode)

    def post() -> str | None:
        limit = COMMENT_LIMIT
        while True:
            body = run.runner.render(report, limit, full)
            try:
                result = publisher.upsert_comment(number, body, COMMENT_MARKER, create=create)
            except Exception as error:
                # GitHub counts some characters twice (UTF-16): a body at the
                # limit can still be refused, and a shorter one then fits.
                if run.classify(error) != TOO_LONG or limit <= 4_096:
                    raise
                limit //= 2
                continue
            return getattr(result, "url", None) or None

    return run.attempt("post the pull request comment", post)


def _write_summary(run: _Run, report: Report | None, failure: str | None, artifact: str) -> None:
    runner = run.runner
    parts: list[str] = []
    if run.problems:
        parts.append("\n>\n".join(f"> **Note:** {escape_text(p)}" for p in run.problems))
    try:
        if report is not None:
            parts.append(runner.render(report, SUMMARY_LIMIT, f"the `{artifact}` report"))
    except Exception as error:
        failure = f"The report could not be rendered: {_message(error)}"
    if report is None or failure is not None:
        parts.append(_failure_text(failure or "The analysis did not finish.", None))
    try:
        runner.append_summary("\n\n".join(parts))
    except Exception as error:
        runner.log(f"::error title=Blast radius::could not write the job summary: {error}")


def _log_annotations(run: _Run, report: Report | None) -> None:
    if report is None:
        return
    for note in annotations_for(report)[:10]:
        run.runner.log(
            f"::{'warning' if note.level == 'warning' else 'notice'} "
            f"file={escape_command_property(note.path)},line={note.line},"
            f"title={escape_command_property(note.title)}::{escape_command_value(note.message)}"
        )


def _outputs(report: Report | None, run: _Run, artifact: str) -> dict[str, str]:
    outputs = outputs_for(report, artifact)
    outputs["comment-url"] = run.comment_url or ""
    outputs["check-run-url"] = run.check_run_url or ""
    return outputs


def _exit_status(run: _Run, report: Report | None, fail_on: str) -> int:
    if run.token_rejected:
        run.runner.log(
            "::error title=Blast radius::GitHub rejected the `github-token` input "
            "(HTTP 401); the report is in the job summary only"
        )
        return 1
    if report is not None and conclusion_for(report, fail_on) == "failure":
        return 1
    return 0


def _failure(error: BaseException) -> str:
    if isinstance(error, ActionCancelled | KeyboardInterrupt):
        reason = str(error) or "the runner stopped the step"
        return f"The analysis was cancelled: {reason}."
    return f"The analysis failed: {_message(error)}"


def _failure_text(failure: str, commit: str | None) -> str:
    where = f" of {commit[:12]}" if commit else ""
    return f"### Blast radius: no report{where}\n\n{escape_text(failure)}\n"


def _message(error: BaseException) -> str:
    """The error's own message; the type's name too when the message may not say enough."""
    text = str(error).strip()
    if text.startswith("Could not "):
        return text
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _publish_earlier_report(
    context: ActionContext, plan: Plan, run: _Run, publisher: Publisher | None
) -> int:
    """The fork-safe second stage: post a report an unprivileged run produced.

    The report file is untrusted (a fork wrote it): it is parsed strictly and
    rendered with the same escaping; the pull request is found from the
    commit the first run analysed, never from the file. A report that cannot
    be read is an unusable input: the step fails, after writing why.
    """
    inputs = context.inputs
    runner = run.runner
    try:
        report = report_from_json(runner.read_text(inputs.report_artifact))
    except Exception as error:
        unreadable = f"The report `{inputs.report_artifact}` could not be read: {_message(error)}"
        runner.log(f"::error title=Blast radius::{escape_command_value(unreadable)}")
        _finish(context, plan, run, None, None, unreadable)
        return 1
    numbers: list[int] | None = None
    if publisher is not None and plan.head is not None:
        head = plan.head
        numbers = run.attempt(
            "list the pull requests of the analysed commit",
            lambda: publisher.pull_requests_for(head),
        )
    if publisher is None or plan.head is None or numbers is None or len(numbers) != 1:
        if numbers is not None and len(numbers) != 1:
            runner.log(
                f"::warning title=Blast radius::{len(numbers)} open pull requests have head "
                f"commit {plan.head}; not posting"
            )
        _finish(context, plan, run, None, report, None)
        return _exit_status(run, report, inputs.fail_on)
    head_sha = plan.head
    failure: str | None = None
    try:
        if inputs.check_run:
            run.check = run.attempt(
                "create the check run",
                lambda: publisher.start_check_run(head_sha, inputs.check_name, context.run_key),
            )
    except (ActionCancelled, KeyboardInterrupt) as error:
        failure = _failure(error)
    finally:
        resolved = Plan("publish", True, numbers[0], None, head_sha, plan.reason)
        _finish(context, resolved, run, publisher, None if failure else report, failure)
    return _exit_status(run, report, inputs.fail_on)


__all__ = [
    "TOKEN_REJECTED",
    "TOO_LONG",
    "ActionCancelled",
    "ActionContext",
    "ActionInputs",
    "Publisher",
    "Runner",
    "run_action",
]
