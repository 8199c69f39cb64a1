"""The action end to end: a real repository, the runner's environment, the entrypoint as a
subprocess, and PyGithub talking to the REST API stand-in on loopback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer

from blast_radius.adapters.runner import GitHubRunner, RunnerSettings
from blast_radius.app.indexing import IndexSettings
from blast_radius.core.walk import WalkLimits

from .conftest import git, write_tree
from .test_github_adapter import (
    CHECK_RUNS,
    COMMENTS,
    PR,
    REPOSITORY,
    TOKEN,
    FakeGitHub,
    requests_made,
)
from .test_impact_scenarios import build_scenario

COMMENT_LIMIT = 65_536
SUMMARY_LIMIT = 65_535


@pytest.fixture
def fake(httpserver: HTTPServer) -> Iterator[FakeGitHub]:
    stand_in = FakeGitHub(httpserver)
    yield stand_in
    httpserver.check_assertions()
    httpserver.check_handler_errors()


def pull_request_event(root: Path, path: Path) -> Path:
    event = {
        "action": "synchronize",
        "number": PR,
        "pull_request": {
            "number": PR,
            "head": {"sha": git(root, "rev-parse", "pr").strip(), "ref": "pr"},
            "base": {"sha": git(root, "rev-parse", "main").strip(), "ref": "main"},
        },
        "repository": {"full_name": REPOSITORY},
    }
    path.write_text(json.dumps(event))
    return path


def run_action(
    root: Path, fake: FakeGitHub, tmp_path: Path, **inputs: str
) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    summary = tmp_path / f"summary-{len(list(tmp_path.glob('summary-*')))}.md"
    outputs = tmp_path / f"outputs-{len(list(tmp_path.glob('outputs-*')))}.txt"
    event = pull_request_event(root, tmp_path / "event.json")
    env = {
        **os.environ,
        "GITHUB_EVENT_NAME": "pull_request",
        "GITHUB_EVENT_PATH": str(event),
        "GITHUB_REPOSITORY": REPOSITORY,
        "GITHUB_API_URL": fake.base,
        "GITHUB_WORKSPACE": str(root),
        "GITHUB_SHA": git(root, "rev-parse", "HEAD").strip(),
        "GITHUB_OUTPUT": str(outputs),
        "GITHUB_STEP_SUMMARY": str(summary),
        "INPUT_GITHUB-TOKEN": TOKEN,
        "INPUT_CACHE-DIR": str(tmp_path / "cache"),
        **{f"INPUT_{k.upper().replace('_', '-')}": v for k, v in inputs.items()},
    }
    result = subprocess.run(
        [sys.executable, "-m", "blast_radius", "action"],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        check=False,
        timeout=600,
    )
    return result, summary, outputs


def parse_outputs(path: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    lines = path.read_text().split("\n")
    index = 0
    while index < len(lines) and lines[index]:
        name, _, delimiter = lines[index].partition("<<")
        end = lines.index(delimiter, index + 1)
        values[name] = "\n".join(lines[index + 1 : end])
        index = end + 1
    return values


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return build_scenario("core_utility", tmp_path / "repo")


def test_first_run_creates_one_comment_and_completes_one_check_run(
    repo: Path, fake: FakeGitHub, tmp_path: Path
) -> None:
    result, summary, outputs = run_action(repo, fake, tmp_path)
    assert result.returncode == 0, result.stderr + result.stdout
    # The token is printed once, to ask the runner to mask it; never otherwise.
    assert result.stdout.startswith(f"::add-mask::{TOKEN}\n")
    assert TOKEN not in result.stdout.removeprefix(f"::add-mask::{TOKEN}\n") + result.stderr
    posts = requests_made(fake.server, "POST")
    assert [r.path for r in posts] == [CHECK_RUNS, COMMENTS]
    [comment] = fake.comments
    assert comment["body"].startswith("<!-- blast-radius:comment -->")
    assert "shop.money.round_cents" in comment["body"]
    [run] = fake.check_runs.values()
    assert run["status"] == "completed"
    assert run["conclusion"] == "success"
    assert run["output"]["title"].startswith("medium risk")
    assert all(len(a) <= 50 for a in fake.annotations.values())
    [notes] = fake.annotations.values()
    assert {(n["path"], n["start_line"]) for n in notes} == {("src/shop/money.py", 6)}
    assert notes[0]["message"] == "used by 3 symbols in 2 files; reaches 4 entry points."
    values = parse_outputs(outputs)
    assert values["risk"] == "medium"
    assert values["affected-test-files"] == "tests/test_cart.py tests/test_pricing.py"
    assert values["comment-url"].endswith(f"#issuecomment-{comment['id']}")
    assert values["check-run-url"] == run["html_url"]
    report = json.loads((repo / values["report-json"]).read_text())
    assert report["risk"] == "medium"
    assert "### 🟠 Blast radius: medium risk" in summary.read_text()


def test_second_run_edits_the_same_comment(repo: Path, fake: FakeGitHub, tmp_path: Path) -> None:
    run_action(repo, fake, tmp_path)
    (repo / "src" / "shop" / "cart.py").write_text(
        (repo / "src" / "shop" / "cart.py").read_text().replace("GIFT", "GIFT!")
    )
    git(repo, "commit", "-qam", "another push")
    result, _, _ = run_action(repo, fake, tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(fake.comments) == 1
    assert [r.path for r in requests_made(fake.server, "POST")].count(COMMENTS) == 1
    assert "shop.cart.GiftCart.receipt" in fake.comments[0]["body"]
    assert len(requests_made(fake.server, "PATCH")) >= 3  # the comment, and two check runs


def test_a_read_only_token_falls_back_to_the_summary(
    repo: Path, fake: FakeGitHub, tmp_path: Path
) -> None:
    fake.fail("POST", COMMENTS, 403, message="Resource not accessible by integration")
    result, summary, outputs = run_action(repo, fake, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "pull-requests: write" in result.stdout
    assert fake.comments == []
    assert "Blast radius: medium risk" in summary.read_text()
    assert parse_outputs(outputs)["comment-url"] == ""


def test_bad_gateways_are_retried(repo: Path, fake: FakeGitHub, tmp_path: Path) -> None:
    fake.fail("POST", COMMENTS, 502, times=2)
    result, _, _ = run_action(repo, fake, tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(fake.comments) == 1
    assert [r.path for r in requests_made(fake.server, "POST")].count(COMMENTS) == 3


def test_a_crash_in_the_analysis_still_completes_the_check_run(
    repo: Path, fake: FakeGitHub, tmp_path: Path
) -> None:
    result, summary, outputs = run_action(repo, fake, tmp_path, base="no-such-branch")
    # A neutral check, not a failed step: the analysis failing is not the change's fault.
    assert result.returncode == 0
    [run] = fake.check_runs.values()
    assert run["status"] == "completed"
    assert run["conclusion"] == "neutral"
    assert "no\\-such\\-branch" in run["output"]["summary"]
    assert "The analysis failed" in summary.read_text()
    assert parse_outputs(outputs)["risk"] == "unknown"
    assert fake.comments == []


def test_a_failed_analysis_marks_an_earlier_comment_as_out_of_date(
    repo: Path, fake: FakeGitHub, tmp_path: Path
) -> None:
    run_action(repo, fake, tmp_path)
    result, _, _ = run_action(repo, fake, tmp_path, base="no-such-branch")
    assert result.returncode == 0
    [comment] = fake.comments
    assert comment["body"].startswith("<!-- blast-radius:comment -->\n### Blast radius: no report")
    assert "The analysis failed" in comment["body"]


def test_unusable_inputs_fail_the_step_but_still_write_the_summary_and_outputs(
    repo: Path, fake: FakeGitHub, tmp_path: Path
) -> None:
    result, summary, outputs = run_action(repo, fake, tmp_path, max_depth="deep")
    assert result.returncode == 1
    assert "max-depth" in summary.read_text().replace("\\", "")
    assert parse_outputs(outputs)["risk"] == "unknown"
    assert "::error title=Blast radius::" in result.stdout
    assert requests_made(fake.server) == []


def test_fail_on_fails_the_step_and_the_check(repo: Path, fake: FakeGitHub, tmp_path: Path) -> None:
    result, _, _ = run_action(repo, fake, tmp_path, fail_on="risk-medium")
    assert result.returncode == 1
    [run] = fake.check_runs.values()
    assert run["conclusion"] == "failure"
    assert len(fake.comments) == 1


def test_a_three_thousand_file_pull_request_stays_within_every_limit(
    make_repo: Callable[..., Path], fake: FakeGitHub, tmp_path: Path
) -> None:
    files: dict[str, str | bytes] = {
        "core/__init__.py": "",
        "core/util.py": "def helper():\n    return 1\n",
    }
    for n in range(3000):
        files[f"mods/m{n}.py"] = (
            f"from core.util import helper\n\n\ndef f{n}():\n    return helper()\n"
        )
    root = make_repo(files)
    git(root, "checkout", "-q", "-b", "pr")
    changed = {"core/util.py": "def helper():\n    return 2\n"}
    for n in range(3000):
        changed[f"mods/m{n}.py"] = (
            f"from core.util import helper\n\n\ndef f{n}():\n    return helper() + {n}\n"
        )
    write_tree(root, changed)
    git(root, "commit", "-qam", "everything")
    result, summary, outputs = run_action(root, fake, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    [comment] = fake.comments
    assert len(comment["body"]) <= COMMENT_LIMIT
    assert "more changed not shown" in comment["body"]
    [run] = fake.check_runs.values()
    assert len(run["output"]["summary"]) <= SUMMARY_LIMIT
    batches = [r for r in requests_made(fake.server, "PATCH") if CHECK_RUNS in r.path]
    sizes = [len(r.get_json()["output"].get("annotations", [])) for r in batches]
    assert max(sizes) <= 50
    assert sum(sizes) == len(fake.annotations[run["id"]])
    assert len(summary.read_text()) <= 1_000_000
    assert len(outputs.read_text()) < 1_000_000
    report: dict[str, Any] = json.loads((root / "blast-radius-report.json").read_text())
    assert len(report["changed"]) == 3001


def test_the_index_mode_without_an_index_branch_keeps_the_snapshot_local(
    repo: Path, tmp_path: Path
) -> None:
    settings = RunnerSettings(
        workspace=repo,
        output_file=None,
        summary_file=None,
        cache_dir=tmp_path / "cache",
        jobs=1,
        index_settings=IndexSettings(),
        limits=WalkLimits(),
        template=None,
        index_branch=None,
    )
    branches = git(repo, "branch", "--list", "--all")
    summary = GitHubRunner(settings).index()
    found = re.search(
        r"Snapshot of (\w+): (\d+) cache entries, ([\d.]+) MB, stored on (.*)\.", summary
    )
    assert found is not None, summary
    assert found[1] == git(repo, "rev-parse", "HEAD").strip()[:12]
    assert int(found[2]) > 0 and float(found[3]) >= 0
    assert found[4] == "the local cache"
    assert git(repo, "branch", "--list", "--all") == branches


def test_a_push_to_the_default_branch_publishes_the_index(
    repo: Path, fake: FakeGitHub, tmp_path: Path
) -> None:
    origin = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(origin))
    git(repo, "remote", "add", "origin", str(origin))
    git(repo, "push", "-q", "origin", "main")
    git(repo, "checkout", "-q", "main")
    event = tmp_path / "push.json"
    event.write_text(
        json.dumps({"ref": "refs/heads/main", "repository": {"full_name": REPOSITORY}})
    )
    env = {
        **os.environ,
        "GITHUB_EVENT_NAME": "push",
        "GITHUB_EVENT_PATH": str(event),
        "GITHUB_REPOSITORY": REPOSITORY,
        "GITHUB_API_URL": fake.base,
        "GITHUB_WORKSPACE": str(repo),
        "GITHUB_SHA": git(repo, "rev-parse", "HEAD").strip(),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "INPUT_GITHUB-TOKEN": TOKEN,
        "INPUT_CACHE-DIR": str(tmp_path / "cache"),
    }
    result = subprocess.run(
        [sys.executable, "-m", "blast_radius", "action"],
        capture_output=True,
        text=True,
        env=env,
        cwd=repo,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    head = git(repo, "rev-parse", "HEAD").strip()
    listing = git(origin, "ls-tree", "-r", "--name-only", "blast-radius-index")
    assert f"snapshots/{head}.brs" in listing
    facts_listing = git(origin, "ls-tree", "-r", "--name-only", "blast-radius-index-facts")
    assert f"snapshots/{head}.brf" in facts_listing
    summary = (tmp_path / "summary.md").read_text()
    assert "stored on branches `blast-radius-index` and `blast-radius-index-facts`" in summary
    assert requests_made(fake.server) == []  # indexing needs no API call
