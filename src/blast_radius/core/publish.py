"""Decisions of the GitHub Action, as pure functions of the event and the report.

What to do for an event, which conclusion a check run gets, which lines get
annotations, and what the step outputs hold. Each is tested on its own.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from blast_radius.core.report import RISK_LEVELS, Report
from blast_radius.core.view import breaking_summary

COMMENT_MODES = ("always", "on-impact", "never")
FAIL_ON = ("never", "breaking", "risk-low", "risk-medium", "risk-high")
MODES = ("auto", "analyze", "publish", "index")
PULL_REQUEST_EVENTS = ("pull_request", "pull_request_target")
INDEX_EVENTS = ("push", "schedule", "workflow_dispatch")
MAX_ANNOTATIONS = 500


@dataclass(frozen=True, slots=True)
class Plan:
    """What one run does.

    ``task`` is ``analyze`` (compute the report), ``publish`` (post a report
    made earlier, from the fork-safe second workflow), ``index`` or ``skip``.
    ``publish_results`` says whether an analysis also posts its results.
    """

    task: str
    publish_results: bool
    pr_number: int | None
    base: str | None
    head: str | None
    reason: str


def _pull_request(event: Mapping[str, Any]) -> Mapping[str, Any]:
    pull = event.get("pull_request")
    return pull if isinstance(pull, Mapping) else {}


def _sha(value: Any) -> str | None:
    return value if isinstance(value, str) and len(value) in (40, 64) else None


def plan_for(event_name: str, event: Mapping[str, Any], mode: str, base_input: str) -> Plan:
    """Decide what to do for this event and ``mode`` input."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)} (got {mode!r})")
    pull = _pull_request(event)
    number = pull.get("number") if isinstance(pull.get("number"), int) else None
    base_info = pull.get("base")
    head_info = pull.get("head")
    base_sha = _sha(base_info.get("sha")) if isinstance(base_info, Mapping) else None
    head_sha = _sha(head_info.get("sha")) if isinstance(head_info, Mapping) else None
    base = base_input or base_sha
    if mode == "index" or (mode == "auto" and event_name in INDEX_EVENTS):
        return Plan("index", False, None, None, None, f"{event_name}: index the default branch")
    if mode == "publish" or (mode == "auto" and event_name == "workflow_run"):
        run = event.get("workflow_run")
        head = _sha(run.get("head_sha")) if isinstance(run, Mapping) else None
        return Plan("publish", True, None, None, head, "publish the report of an earlier run")
    if mode == "analyze" or (mode == "auto" and event_name in PULL_REQUEST_EVENTS):
        if base is None:
            return Plan(
                "skip",
                False,
                number,
                None,
                head_sha,
                "no base to compare with: run on pull_request events or set the `base` input",
            )
        return Plan("analyze", mode == "auto", number, base, head_sha, f"{event_name}: analyze")
    return Plan(
        "skip",
        False,
        None,
        None,
        None,
        f"nothing to do for the {event_name!r} event: use pull_request, workflow_run, push or "
        "schedule, or set `mode`",
    )


def conclusion_for(report: Report, fail_on: str) -> str:
    """The check run's conclusion: ``failure`` when ``fail-on`` is met, else ``success``."""
    if fail_on not in FAIL_ON:
        raise ValueError(f"fail-on must be one of {', '.join(FAIL_ON)} (got {fail_on!r})")
    if fail_on == "breaking":
        # A signature change that every call still fits breaks nothing.
        broken = any(b.breaks for b in report.breaking)
        return "failure" if broken else "success"
    if fail_on.startswith("risk-"):
        threshold = RISK_LEVELS.index(fail_on.removeprefix("risk-"))
        return "failure" if RISK_LEVELS.index(report.risk) >= threshold else "success"
    return "success"


def should_comment(report: Report, mode: str) -> bool:
    """Whether a missing comment is created (an existing one is always kept current)."""
    if mode not in COMMENT_MODES:
        raise ValueError(f"comment must be one of {', '.join(COMMENT_MODES)} (got {mode!r})")
    if mode == "never":
        return False
    return mode == "always" or report.risk != "none"


@dataclass(frozen=True, slots=True)
class LineNote:
    """An annotation on a changed line."""

    path: str
    line: int
    level: str
    title: str
    message: str


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def annotations_for(report: Report) -> list[LineNote]:
    """One note per changed symbol with dependents or breakage, on its first line."""
    callers: dict[str, set[str]] = {}
    files: dict[str, set[str]] = {}
    entries: dict[str, int] = {}
    entry_ids = {e.id for e in report.entry_points if e.distance > 0}
    for dependent in report.dependents:
        seed = dependent.reaches
        if dependent.distance == 1:
            callers.setdefault(seed, set()).add(dependent.id)
            files.setdefault(seed, set()).add(dependent.path)
        if dependent.id in entry_ids:
            entries[seed] = entries.get(seed, 0) + 1
    broken = {b.id: b for b in report.breaking}
    notes: list[LineNote] = []
    for item in report.changed:
        if item.kind == "file" or not item.line:
            continue
        key = item.old_id if item.old_id and item.old_id in broken else item.id
        parts = []
        direct = callers.get(item.id, set())
        if direct:
            parts.append(
                f"used by {_plural(len(direct), 'symbol')} in "
                f"{_plural(len(files.get(item.id, set())), 'file')}"
            )
        if entries.get(item.id):
            parts.append(f"reaches {_plural(entries[item.id], 'entry point')}")
        level = "notice"
        if key in broken:
            breaking = broken[key]
            sites = len(breaking.call_sites)
            if breaking.change in ("removed", "renamed", "moved"):
                parts.insert(0, f"{breaking.change}: still used in {_plural(sites, 'place')}")
            else:
                parts.insert(0, breaking_summary(breaking))
            level = "warning" if breaking.breaks else "notice"
        if not parts:
            continue
        name = item.id.split(":", 1)[-1]
        notes.append(
            LineNote(item.path, item.line, level, f"Blast radius: {name}", "; ".join(parts) + ".")
        )
    notes.sort(key=lambda n: (n.path, n.line, n.title))
    return notes[:MAX_ANNOTATIONS]


def outputs_for(report: Report | None, report_path: str) -> dict[str, str]:
    """The step outputs; without a report (the analysis failed) the risk is ``unknown``."""
    if report is None:
        return {
            "risk": "unknown",
            "reach": "",
            "dependents": "",
            "entry-points": "",
            "affected-tests": "",
            "affected-test-files": "",
            "report-json": "",
        }
    return {
        "risk": report.risk,
        "reach": f"{report.reach:g}",
        "dependents": str(report.dependent_symbols),
        "entry-points": str(len(report.entry_points)),
        "affected-tests": affected_tests(report),
        "affected-test-files": " ".join(report.test_files),
        "report-json": report_path,
    }


MAX_TEST_IDS_CHARS = 300_000
"""Room for the test ids in the outputs: GitHub keeps at most 1 MB of them per job."""


def affected_tests(report: Report) -> str:
    """The selected tests' ids; their files instead when the ids would not fit.

    A file selects every test in it, so the fallback runs more tests, never fewer.
    """
    ids = " ".join(t.id for t in report.tests)
    return ids if len(ids) <= MAX_TEST_IDS_CHARS else " ".join(report.test_files)


def format_outputs(outputs: Mapping[str, str]) -> str:
    """``$GITHUB_OUTPUT`` text in the multi-line-safe ``name<<DELIMITER`` form.

    The delimiter is derived from the values and made longer until none of
    them contains it, so no value can end its own block early.
    """
    blocks: list[str] = []
    for name in sorted(outputs):
        value = outputs[name]
        delimiter = "BLAST_RADIUS_" + hashlib.sha256(value.encode()).hexdigest()[:16]
        while delimiter in value:
            delimiter += "_"
        blocks.append(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")
    return "".join(blocks)


def escape_command_value(text: str) -> str:
    """Escape a workflow command's message (``::warning::…``) as the runner expects."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_command_property(text: str) -> str:
    """Escape a workflow command's property (``file=…``)."""
    return escape_command_value(text).replace(":", "%3A").replace(",", "%2C")


def check_title(report: Report) -> str:
    """A short title for the check run."""
    breaking = sum(1 for b in report.breaking if b.breaks)
    title = (
        f"{report.risk} risk: {_plural(report.dependent_symbols, 'dependent')} in "
        f"{_plural(report.dependent_files, 'file')}"
    )
    if breaking:
        title += f", {_plural(breaking, 'breaking change')}"
    return title
