"""The action as a runner runs it, on the checkouts actions/checkout makes and under API faults.

Each test builds a real origin (a bare repository served over ``file://``)
holding the base branch, the pull request's branch and the merge commit
GitHub makes for it (``refs/pull/7/merge``), checks it out the way
actions/checkout does, and runs ``blast-radius action`` as a subprocess with
a runner's environment against the REST API stand-in on loopback. Whatever
fails, every run must end in a published state: its exit status as
documented, every check run completed, a job summary carrying the report or
the reason, the outputs written, at most one bot comment, and the token
never printed but to mask it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from blast_radius.adapters.cache import languages_hint
from blast_radius.core.report import report_from_json

from .conftest import git
from .test_action import parse_outputs
from .test_github_adapter import (
    CHECK_RUNS,
    COMMENTS,
    PR,
    REPOSITORY,
    REVIEW_REQUESTS,
    SECONDARY_LIMIT_MESSAGE,
    TOKEN,
    FakeGitHub,
    requests_made,
)
from .test_impact_scenarios import SAMPLE, SCENARIOS
from .test_rendered_html import check_comment, check_page, parse

CHANGED = "shop.money.round_cents"


@dataclass(frozen=True)
class Origin:
    """A remote as GitHub holds it for pull request #7."""

    url: str
    base: str
    """The base branch's tip (``pull_request.base.sha``)."""
    head: str
    """The pull request's head commit (``pull_request.head.sha``)."""
    merge: str
    """GitHub's merge commit (``refs/pull/7/merge``, ``GITHUB_SHA``)."""
    merge_base: str


@dataclass(frozen=True)
class Outcome:
    result: subprocess.CompletedProcess[str]
    summary: str
    outputs: dict[str, str]
    seconds: float


@pytest.fixture
def fake(httpserver: HTTPServer) -> Iterator[FakeGitHub]:
    stand_in = FakeGitHub(httpserver)
    yield stand_in
    httpserver.check_assertions()
    httpserver.check_handler_errors()


def make_origin(tmp_path: Path, prefix: str = "") -> Origin:
    """The sample shop (under ``prefix`` in a monorepo) with a pull request and a moved base."""
    work = tmp_path / "work"
    target = work / prefix
    shutil.copytree(SAMPLE, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    if prefix:
        (work / "README.md").write_text("A monorepo.\n")
    git(work, "init", "-q", "-b", "main")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "base")
    merge_base = git(work, "rev-parse", "HEAD").strip()
    git(work, "checkout", "-q", "-b", "pr")
    shutil.copytree(
        SCENARIOS / "core_utility" / "head", target, dirs_exist_ok=True, copy_function=shutil.copy
    )
    git(work, "commit", "-qam", "round to any number of digits")
    head = git(work, "rev-parse", "HEAD").strip()
    # The base branch moves on after the pull request branched off.
    git(work, "checkout", "-q", "main")
    (target / "CHANGELOG.md").write_text("Unreleased.\n")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "changelog")
    base = git(work, "rev-parse", "HEAD").strip()
    git(work, "checkout", "-q", "--detach", base)
    git(work, "merge", "-q", "--no-ff", "-m", f"Merge {head} into {base}", head)
    merge = git(work, "rev-parse", "HEAD").strip()
    bare = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(bare))
    git(
        work,
        "push",
        "-q",
        str(bare),
        "main",
        "pr",
        f"{head}:refs/pull/{PR}/head",
        f"{merge}:refs/pull/{PR}/merge",
    )
    return Origin(f"file://{bare}", base, head, merge, merge_base)


def checkout(origin: Origin, target: Path, how: str) -> Path:
    """Check ``origin`` out as actions/checkout does: ``merge`` (default), ``full`` or ``head``."""
    target.mkdir()
    git(target, "init", "-q")
    git(target, "remote", "add", "origin", origin.url)
    fetch = ["fetch", "-q", "--no-tags", "--prune", "--no-recurse-submodules"]
    if how == "merge":  # fetch-depth: 1 of refs/pull/7/merge
        git(target, *fetch, "--depth=1", "origin", f"+{origin.merge}:refs/remotes/pull/{PR}/merge")
        git(target, "checkout", "-q", "--force", f"refs/remotes/pull/{PR}/merge")
    elif how == "full":  # fetch-depth: 0
        git(
            target,
            *fetch,
            "origin",
            "+refs/heads/*:refs/remotes/origin/*",
            "+refs/tags/*:refs/tags/*",
        )
        git(target, *fetch, "origin", f"+{origin.merge}:refs/remotes/pull/{PR}/merge")
        git(target, "checkout", "-q", "--force", f"refs/remotes/pull/{PR}/merge")
    elif how == "head":  # ref: the head branch, fetch-depth: 1
        git(target, *fetch, "--depth=1", "origin", "+refs/heads/pr:refs/remotes/origin/pr")
        git(target, "checkout", "-q", "--force", "-B", "pr", "refs/remotes/origin/pr")
    else:
        raise ValueError(how)
    return target


def run(
    workspace: Path,
    origin: Origin,
    api_url: str,
    tmp_path: Path,
    *,
    env: dict[str, str] | None = None,
    while_running: Callable[[subprocess.Popen[str]], None] | None = None,
    **inputs: str,
) -> Outcome:
    """``blast-radius action`` in a runner's environment; returns what the step left.

    ``while_running`` gets the process, on a thread of its own, while it runs.
    """
    summary = tmp_path / "summary.md"
    outputs = tmp_path / "outputs.txt"
    for path in (summary, outputs):
        path.write_text("")
    event = tmp_path / "event.json"
    event.write_text(
        json.dumps(
            {
                "action": "synchronize",
                "number": PR,
                "pull_request": {
                    "number": PR,
                    "head": {"sha": origin.head, "ref": "pr"},
                    "base": {"sha": origin.base, "ref": "main"},
                },
                "repository": {"full_name": REPOSITORY},
            }
        )
    )
    environment = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "INPUT_"))},
        "GITHUB_ACTIONS": "true",
        "GITHUB_EVENT_NAME": "pull_request",
        "GITHUB_EVENT_PATH": str(event),
        "GITHUB_REPOSITORY": REPOSITORY,
        "GITHUB_API_URL": api_url,
        "GITHUB_WORKSPACE": str(workspace),
        "GITHUB_SHA": origin.merge,
        "GITHUB_RUN_ID": "812",
        "GITHUB_RUN_ATTEMPT": "1",
        "GITHUB_JOB": "blast-radius",
        "GITHUB_OUTPUT": str(outputs),
        "GITHUB_STEP_SUMMARY": str(summary),
        "INPUT_GITHUB-TOKEN": TOKEN,
        "INPUT_CACHE-DIR": str(tmp_path / "cache"),
        **{f"INPUT_{k.upper().replace('_', '-')}": v for k, v in inputs.items()},
        **(env or {}),
    }
    started = time.monotonic()
    with subprocess.Popen(
        [sys.executable, "-m", "blast_radius", "action"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        cwd=workspace,
    ) as process:
        watcher = None
        if while_running is not None:
            watcher = threading.Thread(target=while_running, args=(process,))
            watcher.start()
        stdout, stderr = process.communicate(timeout=300)
        if watcher is not None:
            watcher.join()
    result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
    return Outcome(
        result,
        summary.read_text(),
        parse_outputs(outputs),
        time.monotonic() - started,
    )


def assert_finished(outcome: Outcome, fake: FakeGitHub | None, *, status: int = 0) -> None:
    """What every run must leave behind, whatever went wrong."""
    result = outcome.result
    assert result.returncode == status, result.stdout[-3000:] + result.stderr[-3000:]
    assert outcome.summary.strip(), "the job summary is empty"
    assert set(outcome.outputs) >= {"risk", "report-json", "comment-url", "check-run-url"}
    mask = f"::add-mask::{TOKEN}\n"
    assert result.stdout.startswith(mask)
    assert TOKEN not in result.stdout[len(mask) :] + result.stderr + outcome.summary
    assert TOKEN not in "".join(outcome.outputs.values())
    # What GitHub would show is well-formed: notes, report or reason, no stray markup.
    check_page(parse(outcome.summary))
    if fake is not None:
        stale = [r for r in fake.check_runs.values() if r["status"] != "completed"]
        assert stale == [], "a check run was left in progress"
        for check in fake.check_runs.values():
            check_page(parse(check["output"]["summary"]))
        bots = [c for c in fake.comments if c["user"]["type"] == "Bot"]
        assert len(bots) <= 1
        for comment in bots:
            check_page(parse(comment["body"]))


def assert_reported(outcome: Outcome) -> None:
    """The report itself reached the summary and the outputs."""
    assert "### 🟠 Blast radius: medium risk" in outcome.summary
    assert f"`{CHANGED}`" in outcome.summary
    assert outcome.outputs["risk"] == "medium"
    assert outcome.outputs["affected-test-files"] == "tests/test_cart.py tests/test_pricing.py"


# -- checkouts -----------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["merge", "full", "head"])
def test_every_checkout_gets_the_report(how: str, fake: FakeGitHub, tmp_path: Path) -> None:
    origin = make_origin(tmp_path)
    workspace = checkout(origin, tmp_path / "workspace", how)

    outcome = run(workspace, origin, fake.base, tmp_path)

    assert_finished(outcome, fake)
    assert_reported(outcome)
    [comment] = fake.comments
    assert f"`{CHANGED}`" in comment["body"]
    # Compared with the merge base, not the base branch's moved tip: the
    # base's later commit is not part of the change.
    assert "CHANGELOG" not in comment["body"]
    assert f"merge base {origin.merge_base[:12]}" in comment["body"].replace("\\", "")
    [check] = fake.check_runs.values()
    assert (check["conclusion"], check["head_sha"]) == ("success", origin.head)
    report = json.loads((workspace / outcome.outputs["report-json"]).read_text())
    assert report["index"]["merge_base"] == origin.merge_base
    assert report["index"]["head_commit"] == origin.head
    # A full clone has every commit; the shallow ones fetch them by id, then deepen.
    assert (report["index"]["fetches"] == 0) == (how == "full")
    if how != "full":
        assert "Fetched missing history: " in comment["body"]


@dataclass(frozen=True)
class Analysed:
    """What the fork's unprivileged workflow left: the origin and its report's text."""

    origin: Origin
    report: str


@pytest.fixture
def analysed(fake: FakeGitHub, tmp_path: Path) -> Analysed:
    """``mode: analyze`` on the pull request's merge checkout, as the fork's
    workflow runs it: it writes the report and posts nothing."""
    origin = make_origin(tmp_path)
    workspace = checkout(origin, tmp_path / "workspace", "merge")
    (tmp_path / "analyze").mkdir()
    outcome = run(workspace, origin, fake.base, tmp_path / "analyze", mode="analyze")
    assert outcome.result.returncode == 0, outcome.result.stderr[-3000:]
    assert fake.comments == []
    assert fake.check_runs == {}
    return Analysed(origin, (workspace / outcome.outputs["report-json"]).read_text())


def publish(analysed: Analysed, report: str, fake: FakeGitHub, folder: Path) -> Outcome:
    """``mode: publish`` on ``workflow_run``, in an empty workspace holding only
    the downloaded artifact (the publishing workflow never checks out the fork)."""
    (folder / "step").mkdir(parents=True)
    (folder / "workspace").mkdir()
    (folder / "workspace" / "blast-radius-report.json").write_text(report)
    event = folder / "workflow_run.json"
    head = analysed.origin.head
    run_event = {"head_sha": head, "event": "pull_request", "conclusion": "success"}
    event.write_text(
        json.dumps({"workflow_run": run_event, "repository": {"full_name": REPOSITORY}})
    )
    return run(
        folder / "workspace",
        analysed.origin,
        fake.base,
        folder / "step",
        mode="publish",
        env={"GITHUB_EVENT_NAME": "workflow_run", "GITHUB_EVENT_PATH": str(event)},
    )


def test_a_forks_report_is_published_from_its_artifact_alone(
    analysed: Analysed, fake: FakeGitHub, tmp_path: Path
) -> None:
    """The two-workflow set-up for forks: ``publish`` reads the file strictly and
    posts it to the pull request whose head the analysed commit is."""
    fake.pulls_of[analysed.origin.head] = [PR]
    published = publish(analysed, analysed.report, fake, tmp_path / "publish")
    assert_finished(published, fake)
    assert_reported(published)
    [comment] = fake.comments
    assert f"`{CHANGED}`" in comment["body"]
    [check] = fake.check_runs.values()
    assert (check["status"], check["conclusion"], check["head_sha"]) == (
        "completed",
        "success",
        analysed.origin.head,
    )

    # A report edited on the way is refused, with where it is wrong; nothing is posted.
    data = json.loads(analysed.report)
    data["tests"][0]["line"] = "12"
    refused = publish(analysed, json.dumps(data), fake, tmp_path / "tampered")
    assert_finished(refused, fake, status=1)
    assert "report.tests[0].line: expected int" in refused.result.stdout
    assert "report.tests[0].line: expected int" in refused.summary.replace("\\", "")
    assert len(fake.comments) == 1
    assert len(fake.check_runs) == 1


def test_publishing_through_a_failing_api_posts_once_and_completes_its_check_run(
    analysed: Analysed, fake: FakeGitHub, tmp_path: Path
) -> None:
    fake.pulls_of[analysed.origin.head] = [PR]
    pulls = re.compile(rf"/repos/{REPOSITORY}/commits/[0-9a-f]+/pulls$")
    fake.fail("GET", pulls, 502)
    fake.lose_answer("POST", COMMENTS)
    fake.lose_answer("POST", CHECK_RUNS)

    published = publish(analysed, analysed.report, fake, tmp_path / "publish")

    assert_finished(published, fake)
    assert_reported(published)
    [comment] = fake.comments
    assert published.outputs["comment-url"].endswith(f"#issuecomment-{comment['id']}")
    [check] = fake.check_runs.values()
    assert check["status"] == "completed"


def test_a_monorepo_working_directory_reports_paths_of_the_repository(
    fake: FakeGitHub, tmp_path: Path
) -> None:
    origin = make_origin(tmp_path, prefix="services/shop")
    workspace = checkout(origin, tmp_path / "workspace", "merge")

    outcome = run(workspace, origin, fake.base, tmp_path, working_directory="services/shop")

    assert_finished(outcome, fake)
    assert f"`{CHANGED}`" in outcome.summary
    assert outcome.outputs["risk"] == "medium"
    report = json.loads((workspace / "services/shop" / outcome.outputs["report-json"]).read_text())
    assert report["changed_files"] == ["services/shop/src/shop/money.py"]
    [check] = fake.check_runs.values()
    assert check["conclusion"] == "success"


def test_without_a_reachable_remote_a_shallow_checkout_says_what_to_set(
    fake: FakeGitHub, tmp_path: Path
) -> None:
    origin = make_origin(tmp_path)
    workspace = checkout(origin, tmp_path / "workspace", "merge")
    git(workspace, "remote", "set-url", "origin", f"file://{tmp_path}/gone.git")

    outcome = run(workspace, origin, fake.base, tmp_path)

    assert_finished(outcome, fake)
    assert "fetch-depth: 0" in outcome.summary.replace("\\", "")
    assert outcome.outputs["risk"] == "unknown"
    [check] = fake.check_runs.values()
    assert check["conclusion"] == "neutral"
    assert "fetch-depth: 0" in check["output"]["summary"].replace("\\", "")


# -- faults --------------------------------------------------------------------------------------


@pytest.fixture
def shallow(tmp_path: Path) -> tuple[Path, Origin]:
    origin = make_origin(tmp_path)
    return checkout(origin, tmp_path / "workspace", "merge"), origin


@pytest.mark.parametrize("status", [404, 403])
def test_unreadable_review_requests_leave_the_column_unknown(
    status: int, shallow: tuple[Path, Origin], fake: FakeGitHub, tmp_path: Path
) -> None:
    fake.fail("GET", REVIEW_REQUESTS, status, times=4, message="Not Found")

    outcome = run(*shallow, fake.base, tmp_path)

    assert_finished(outcome, fake)
    assert_reported(outcome)
    [comment] = fake.comments
    assert "who was asked to review is unknown" in comment["body"]
    assert f"HTTP {status}" in comment["body"]
    workspace = shallow[0]
    report = report_from_json((workspace / outcome.outputs["report-json"]).read_text())
    assert report.gaps and report.gaps[0].startswith("who was asked to review is unknown")
    assert all(owner.requested is None for owner in report.owners_affected)
    check_comment(comment["body"], report)
    [check] = fake.check_runs.values()
    assert check["conclusion"] == "success"


def test_a_rejected_token_still_writes_the_report_and_the_reason(
    shallow: tuple[Path, Origin], httpserver: HTTPServer, tmp_path: Path
) -> None:
    httpserver.expect_request(re.compile(".*")).respond_with_json(
        {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest"},
        status=401,
    )

    outcome = run(*shallow, httpserver.url_for("/").rstrip("/"), tmp_path)

    assert_finished(outcome, None, status=1)
    assert_reported(outcome)
    assert "rejected the token" in outcome.summary
    assert "github-token" in outcome.result.stdout
    # One request learnt that the token is refused; the others were not sent.
    assert len(httpserver.log) == 1


def test_a_secondary_rate_limit_on_the_comment_is_waited_out(
    shallow: tuple[Path, Origin], fake: FakeGitHub, tmp_path: Path
) -> None:
    fake.fail("POST", COMMENTS, 403, message=SECONDARY_LIMIT_MESSAGE, headers={"Retry-After": "1"})

    outcome = run(*shallow, fake.base, tmp_path)

    assert_finished(outcome, fake)
    assert len(fake.comments) == 1
    assert [r.path for r in requests_made(fake.server, "POST")].count(COMMENTS) == 2


def test_a_comment_whose_answer_was_lost_is_not_posted_twice(
    shallow: tuple[Path, Origin], fake: FakeGitHub, tmp_path: Path
) -> None:
    fake.lose_answer("POST", COMMENTS)

    outcome = run(*shallow, fake.base, tmp_path)

    assert_finished(outcome, fake)
    [comment] = fake.comments
    assert outcome.outputs["comment-url"].endswith(f"#issuecomment-{comment['id']}")


def test_a_check_run_whose_answer_was_lost_is_completed_not_doubled(
    shallow: tuple[Path, Origin], fake: FakeGitHub, tmp_path: Path
) -> None:
    fake.lose_answer("POST", CHECK_RUNS)

    outcome = run(*shallow, fake.base, tmp_path)

    assert_finished(outcome, fake)
    [check] = fake.check_runs.values()
    assert check["conclusion"] == "success"
    assert check["external_id"] == "812.1.blast-radius"
    assert outcome.outputs["check-run-url"] == check["html_url"]


def test_a_body_github_finds_too_long_is_cut_and_posted(
    shallow: tuple[Path, Origin], fake: FakeGitHub, tmp_path: Path
) -> None:
    fake.fail(
        "POST",
        COMMENTS,
        422,
        message="Validation Failed: body is too long (maximum is 65536 characters)",
    )

    outcome = run(*shallow, fake.base, tmp_path)

    assert_finished(outcome, fake)
    [comment] = fake.comments
    assert comment["body"].startswith("<!-- blast-radius:comment -->")
    assert f"`{CHANGED}`" in comment["body"]
    assert [r.path for r in requests_made(fake.server, "POST")].count(COMMENTS) == 2


def test_with_the_api_port_closed_the_report_reaches_the_summary_quickly(
    shallow: tuple[Path, Origin], tmp_path: Path
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    outcome = run(*shallow, f"http://127.0.0.1:{port}", tmp_path)

    assert_finished(outcome, None)
    assert_reported(outcome)
    assert "Could not create the check run" in outcome.summary
    assert "not tried" in outcome.summary  # the later calls did not retry again
    # One call's retries (1 + 2 + 4 s of backoff), not one per call.
    assert outcome.seconds < 40


def test_an_api_slower_than_the_client_timeout_is_given_up_on(
    shallow: tuple[Path, Origin], httpserver: HTTPServer, tmp_path: Path
) -> None:
    def slow(_: Request) -> Response:
        time.sleep(1.5)
        return Response("{}", status=200, content_type="application/json")

    httpserver.expect_request(re.compile(".*")).respond_with_handler(slow)

    outcome = run(
        *shallow,
        httpserver.url_for("/").rstrip("/"),
        tmp_path,
        env={"BLAST_RADIUS_API_TIMEOUT": "1"},
    )

    assert_finished(outcome, None)
    assert_reported(outcome)
    assert "did not answer within the timeout" in outcome.summary
    assert len(httpserver.log) <= 4  # the first call's attempts; nothing after


def test_faults_together(shallow: tuple[Path, Origin], fake: FakeGitHub, tmp_path: Path) -> None:
    fake.fail("GET", REVIEW_REQUESTS, 404, times=4, message="Not Found")
    fake.lose_answer("POST", CHECK_RUNS)
    fake.lose_answer("POST", COMMENTS)
    fake.fail("PATCH", re.compile(rf"{CHECK_RUNS}/\d+"), 502, times=2)

    outcome = run(*shallow, fake.base, tmp_path)

    assert_finished(outcome, fake)
    assert_reported(outcome)
    assert len(fake.check_runs) == 1
    assert len(fake.comments) == 1
    assert "who was asked to review is unknown" in fake.comments[0]["body"]


def test_a_run_on_the_last_runs_cache_compiles_ahead_and_reports_the_same(
    shallow: tuple[Path, Origin], fake: FakeGitHub, tmp_path: Path
) -> None:
    # The cache folder a first run left (as actions/cache restores it) names
    # the languages it parsed: the second run's parser compiles them as it
    # starts. Its report is the first's, through the same faults.
    first = run(*shallow, fake.base, tmp_path)
    assert_finished(first, fake)
    assert languages_hint(tmp_path / "cache") == ("python",)
    fake.fail("GET", REVIEW_REQUESTS, 404, times=4, message="Not Found")
    fake.fail("PATCH", re.compile(rf"{CHECK_RUNS}/\d+"), 502, times=2)

    second = run(*shallow, fake.base, tmp_path)

    assert_finished(second, fake)
    assert_reported(second)
    assert len(fake.comments) == 1
    workspace = shallow[0]
    assert (workspace / second.outputs["report-json"]).exists()
    assert second.outputs["risk"] == first.outputs["risk"]
    assert second.outputs["affected-test-files"] == first.outputs["affected-test-files"]


def test_a_cancel_from_the_runner_completes_the_check_run(
    shallow: tuple[Path, Origin], fake: FakeGitHub, tmp_path: Path
) -> None:
    """SIGTERM while the run waits on the API: the check run is still completed."""
    arrived = threading.Event()
    release = threading.Event()

    def hang(_: Request) -> Response:
        arrived.set()
        release.wait(30)
        return Response("{}", status=200, content_type="application/json")

    fake.server.expect_oneshot_request(REVIEW_REQUESTS, method="GET").respond_with_handler(hang)

    def cancel(process: subprocess.Popen[str]) -> None:
        try:
            assert arrived.wait(60)
            process.send_signal(signal.SIGTERM)
            time.sleep(0.5)  # the process notices before its request is answered
        finally:
            release.set()

    outcome = run(*shallow, fake.base, tmp_path, while_running=cancel)

    assert_finished(outcome, fake)
    [check] = fake.check_runs.values()
    assert check["conclusion"] == "neutral"
    assert "SIGTERM" in check["output"]["summary"]
    assert "cancelled" in outcome.summary
    assert outcome.outputs["risk"] == "unknown"
