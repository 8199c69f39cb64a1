"""The GitHub adapter, with PyGithub speaking real HTTP to a REST API stand-in on loopback.

``FakeGitHub`` keeps the state a few endpoints need (the pull request's
comments, check runs, review requests) and answers with payloads shaped like
GitHub's. Failures are queued per endpoint as one-shot handlers, which the
server consults before the permanent ones. Every test then reads the
server's request log to see exactly what went over the wire.
"""

from __future__ import annotations

import json
import logging
import re
import socket
import traceback
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from blast_radius.adapters.github import (
    MAX_OUTPUT_CHARS,
    Annotation,
    CommentResult,
    GitHubError,
    GitHubPublisher,
    GitHubUnavailable,
    PermissionDenied,
    TokenRejected,
    api_url_from_environment,
)

OWNER = "acme"
NAME = "shop"
REPOSITORY = f"{OWNER}/{NAME}"
REPOSITORY_ID = 815_234
PR = 7
TOKEN = "ghs_TESTtokenDoNotLeak0123456789abcdefABCD"
MARKER = "<!-- blast-radius:comment -->"
HEAD_SHA = "3f786850e387550fdab836ed7e6dc881de23001b"
BOT = {"login": "github-actions[bot]", "id": 41898282, "type": "Bot"}
HUMAN = {"login": "alice", "id": 5830, "type": "User"}
OTHER_BOT = {"login": "dependabot[bot]", "id": 49699333, "type": "Bot"}

COMMENTS = f"/repos/{REPOSITORY}/issues/{PR}/comments"
COMMENTS_BY_ID = f"/repositories/{REPOSITORY_ID}/issues/{PR}/comments"
CHECK_RUNS = f"/repos/{REPOSITORY}/check-runs"
REVIEW_REQUESTS = f"/repos/{REPOSITORY}/pulls/{PR}/requested_reviewers"

SECONDARY_LIMIT_MESSAGE = (
    "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."
)


def body(text: str) -> str:
    return f"{MARKER}\n## Blast radius\n\n{text}\n"


class FakeGitHub:
    """Just enough of the REST API for the adapter, with GitHub's payload shapes."""

    def __init__(self, server: HTTPServer) -> None:
        self.server = server
        self.base = server.url_for("/").rstrip("/")
        self.page_size = 100
        self.comments: list[dict[str, Any]] = []
        self.check_runs: dict[int, dict[str, Any]] = {}
        self.annotations: dict[int, list[dict[str, Any]]] = {}
        self.reviewers: dict[str, list[dict[str, Any]]] = {"users": [], "teams": []}
        self.pulls_of: dict[str, list[int]] = {}
        """The open pull requests whose head is each commit (``commits/{sha}/pulls``)."""
        self._next_id = 2_000_000_000
        for path in (COMMENTS, COMMENTS_BY_ID):
            server.expect_request(path, method="GET").respond_with_handler(self._list_comments)
        server.expect_request(COMMENTS, method="POST").respond_with_handler(self._create_comment)
        server.expect_request(
            re.compile(rf"/repos/{REPOSITORY}/issues/comments/\d+"), method="PATCH"
        ).respond_with_handler(self._edit_comment)
        server.expect_request(CHECK_RUNS, method="POST").respond_with_handler(self._create_run)
        server.expect_request(
            re.compile(rf"{CHECK_RUNS}/\d+"), method="PATCH"
        ).respond_with_handler(self._edit_run)
        server.expect_request(REVIEW_REQUESTS, method="GET").respond_with_handler(
            lambda _: self._json(self.reviewers)
        )
        server.expect_request(
            re.compile(rf"/repos/{REPOSITORY}/commits/[0-9a-f]+/check-runs"), method="GET"
        ).respond_with_handler(self._list_runs)
        server.expect_request(
            re.compile(rf"/repos/{REPOSITORY}/commits/[0-9a-f]+$"), method="GET"
        ).respond_with_handler(self._commit)
        server.expect_request(
            re.compile(rf"/repos/{REPOSITORY}/commits/[0-9a-f]+/pulls$"), method="GET"
        ).respond_with_handler(self._commit_pulls)

    # -- state ---------------------------------------------------------------------------------

    def new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def add_comment(self, user: dict[str, Any], text: str) -> dict[str, Any]:
        comment_id = self.new_id()
        comment = {
            "id": comment_id,
            "node_id": f"IC_kwDOMm{comment_id}",
            "url": f"{self.base}/repos/{REPOSITORY}/issues/comments/{comment_id}",
            "html_url": f"https://github.com/{REPOSITORY}/pull/{PR}#issuecomment-{comment_id}",
            "issue_url": f"{self.base}/repos/{REPOSITORY}/issues/{PR}",
            "body": text,
            "user": {
                **user,
                "node_id": f"U_{user['id']}",
                "url": f"{self.base}/users/{user['login']}",
                "html_url": f"https://github.com/{user['login']}",
                "site_admin": False,
            },
            "created_at": "2026-11-02T09:14:07Z",
            "updated_at": "2026-11-02T09:14:07Z",
            "author_association": "NONE" if user["type"] == "Bot" else "MEMBER",
        }
        self.comments.append(comment)
        return comment

    def comment(self, comment_id: int) -> dict[str, Any]:
        return next(c for c in self.comments if c["id"] == comment_id)

    def add_reviewer(self, login: str) -> None:
        self.reviewers["users"].append(
            {
                "login": login,
                "id": len(login) * 1000,
                "type": "User",
                "url": f"{self.base}/users/{login}",
                "html_url": f"https://github.com/{login}",
            }
        )

    def add_team(self, name: str, slug: str) -> None:
        team_id = self.new_id()
        self.reviewers["teams"].append(
            {
                "id": team_id,
                "node_id": f"T_{team_id}",
                "name": name,
                "slug": slug,
                "description": "",
                "privacy": "closed",
                "permission": "push",
                "url": f"{self.base}/organizations/91/team/{team_id}",
                "html_url": f"https://github.com/orgs/{OWNER}/teams/{slug}",
                "parent": None,
            }
        )

    # -- failures ------------------------------------------------------------------------------

    def fail(
        self,
        method: str,
        path: str | re.Pattern[str],
        status: int,
        *,
        times: int = 1,
        message: str = "Server Error",
        headers: dict[str, str] | None = None,
    ) -> None:
        """Answer the next ``times`` matching requests with an error, then behave again."""
        for _ in range(times):
            self.server.expect_oneshot_request(path, method=method).respond_with_json(
                {"message": message, "documentation_url": "https://docs.github.com/rest"},
                status=status,
                headers=headers,
            )

    def lose_answer(self, method: str, path: str | re.Pattern[str], *, times: int = 1) -> None:
        """Carry out the next ``times`` matching requests, then answer 502 as if the reply was lost.

        This is what a write through GitHub's front end looks like when the
        write landed but the gateway timed out on the way back.
        """
        handlers = {
            (COMMENTS, "POST"): self._create_comment,
            (CHECK_RUNS, "POST"): self._create_run,
        }
        handler = handlers[(str(path), method)]

        def carried_out_then_lost(request: Request) -> Response:
            handler(request)
            return Response("<html>502 Bad Gateway</html>", status=502, content_type="text/html")

        for _ in range(times):
            self.server.expect_oneshot_request(path, method=method).respond_with_handler(
                carried_out_then_lost
            )

    # -- handlers ------------------------------------------------------------------------------

    @staticmethod
    def _json(payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
        return Response(
            json.dumps(payload), status=status, headers=headers, content_type="application/json"
        )

    def _list_comments(self, request: Request) -> Response:
        # GitHub caps per_page at 100; this stand-in may cap lower to force pages.
        per_page = min(int(request.args.get("per_page", "30")), self.page_size)
        page = int(request.args.get("page", "1"))
        chunk = self.comments[(page - 1) * per_page : page * per_page]
        last = max(1, -(-len(self.comments) // per_page))
        headers = {}
        if page < last:
            # Like GitHub, the next page is addressed by repository id.
            url = f"{self.base}{COMMENTS_BY_ID}?per_page={per_page}&page="
            headers["Link"] = f'<{url}{page + 1}>; rel="next", <{url}{last}>; rel="last"'
        return self._json(chunk, headers=headers)

    def _create_comment(self, request: Request) -> Response:
        return self._json(self.add_comment(BOT, request.get_json()["body"]), status=201)

    def _edit_comment(self, request: Request) -> Response:
        comment = self.comment(int(request.path.rsplit("/", 1)[1]))
        comment["body"] = request.get_json()["body"]
        comment["updated_at"] = "2026-11-03T10:00:00Z"
        return self._json(comment)

    def _run_payload(self, run_id: int) -> dict[str, Any]:
        run = self.check_runs[run_id]
        return {
            **run,
            "output": {
                **run["output"],
                "annotations_count": len(self.annotations[run_id]),
                "annotations_url": f"{self.base}{CHECK_RUNS}/{run_id}/annotations",
            },
        }

    def _create_run(self, request: Request) -> Response:
        sent = request.get_json()
        run_id = self.new_id()
        self.check_runs[run_id] = {
            "id": run_id,
            "node_id": f"CR_kwDO{run_id}",
            "name": sent["name"],
            "head_sha": sent["head_sha"],
            "external_id": sent.get("external_id", ""),
            "url": f"{self.base}{CHECK_RUNS}/{run_id}",
            "html_url": f"https://github.com/{REPOSITORY}/runs/{run_id}",
            "details_url": f"https://github.com/{REPOSITORY}/runs/{run_id}",
            "status": sent.get("status", "queued"),
            "conclusion": None,
            "started_at": "2026-11-02T09:14:07Z",
            "completed_at": None,
            "output": {"title": None, "summary": None, "text": None},
            "check_suite": {"id": 31_337},
            "app": {"id": 15368, "slug": "github-actions", "name": "GitHub Actions"},
            "pull_requests": [],
        }
        self.annotations[run_id] = []
        return self._json(self._run_payload(run_id), status=201)

    def _commit(self, request: Request) -> Response:
        sha = request.path.rsplit("/", 1)[1]
        return self._json(
            {
                "sha": sha,
                "node_id": f"C_{sha[:12]}",
                "url": f"{self.base}/repos/{REPOSITORY}/commits/{sha}",
                "html_url": f"https://github.com/{REPOSITORY}/commit/{sha}",
                "commit": {"message": "a change", "tree": {"sha": sha}},
                "parents": [],
            }
        )

    def _commit_pulls(self, request: Request) -> Response:
        sha = request.path.split("/commits/", 1)[1].split("/", 1)[0]
        return self._json(
            [
                {
                    "number": number,
                    "state": "open",
                    "url": f"{self.base}/repos/{REPOSITORY}/pulls/{number}",
                    "html_url": f"https://github.com/{REPOSITORY}/pull/{number}",
                    "head": {"sha": sha, "ref": "pr"},
                    "base": {"sha": "0" * 40, "ref": "main"},
                }
                for number in self.pulls_of.get(sha, [])
            ]
        )

    def _list_runs(self, request: Request) -> Response:
        sha = request.path.split("/commits/", 1)[1].split("/", 1)[0]
        name = request.args.get("check_name")
        runs = [
            self._run_payload(run_id)
            for run_id, run in sorted(self.check_runs.items(), reverse=True)
            if run["head_sha"] == sha and (name is None or run["name"] == name)
        ]
        return self._json({"total_count": len(runs), "check_runs": runs})

    def _edit_run(self, request: Request) -> Response:
        run_id = int(request.path.rsplit("/", 1)[1])
        sent = request.get_json()
        run = self.check_runs[run_id]
        output = dict(sent.get("output", {}))
        if len(output.get("annotations", [])) > 50:
            return self._json({"message": "Only 50 annotations are allowed per request"}, 422)
        self.annotations[run_id].extend(output.pop("annotations", []))
        run["output"] = {**run["output"], **output}
        for key in ("status", "conclusion"):
            if key in sent:
                run[key] = sent[key]
        if run["conclusion"] is not None:
            run["status"] = "completed"
            run["completed_at"] = "2026-11-02T09:15:00Z"
        return self._json(self._run_payload(run_id))


# -- fixtures ------------------------------------------------------------------------------------


@pytest.fixture
def fake(httpserver: HTTPServer) -> Iterator[FakeGitHub]:
    stand_in = FakeGitHub(httpserver)
    yield stand_in
    # A request no handler matched, or a handler that crashed, fails the test.
    httpserver.check_assertions()
    httpserver.check_handler_errors()


@pytest.fixture
def sleeps() -> list[float]:
    """The waits the publisher asked for; nothing really sleeps."""
    return []


@pytest.fixture
def make_publisher(
    fake: FakeGitHub, sleeps: list[float]
) -> Iterator[Callable[..., GitHubPublisher]]:
    made: list[GitHubPublisher] = []

    def make(**options: Any) -> GitHubPublisher:
        settings: dict[str, Any] = {
            "backoff": 0.0,
            "write_interval": 0.0,
            "sleep": sleeps.append,
            **options,
        }
        api_url = settings.pop("api_url", fake.server.url_for("/"))
        publisher = GitHubPublisher(api_url, TOKEN, REPOSITORY, **settings)
        made.append(publisher)
        return publisher

    yield make
    for publisher in made:
        publisher.close()


@pytest.fixture
def publisher(make_publisher: Callable[..., GitHubPublisher]) -> GitHubPublisher:
    return make_publisher()


def requests_made(server: HTTPServer, method: str | None = None) -> list[Request]:
    return [request for request, _ in server.log if method is None or request.method == method]


def calls(server: HTTPServer) -> list[tuple[str, str]]:
    return [(request.method, request.path) for request, _ in server.log]


# -- sticky comment ------------------------------------------------------------------------------


def test_first_run_reads_every_page_then_creates_exactly_one_comment(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    fake.page_size = 3
    fake.add_comment(HUMAN, "Looks good, but what does this break?")
    fake.add_comment(OTHER_BOT, "Bumps pyyaml from 6.0.2 to 6.0.3.")
    fake.add_comment(HUMAN, "Let's see what the tool says.")
    fake.add_comment(HUMAN, "rebased")

    result = publisher.upsert_comment(PR, body("3 dependents"), MARKER, create=True)

    assert result.action == "created"
    created = fake.comments[-1]
    assert result == CommentResult("created", created["html_url"])
    assert calls(fake.server) == [
        ("GET", COMMENTS),
        ("GET", COMMENTS_BY_ID),
        ("POST", COMMENTS),
    ]
    first_page, second_page, post = requests_made(fake.server)
    assert first_page.args["per_page"] == "100"
    assert second_page.args["page"] == "2"
    assert post.get_json() == {"body": body("3 dependents")}
    assert all(r.headers["Authorization"] == f"token {TOKEN}" for r in (first_page, post))
    assert [c["body"] for c in fake.comments].count(body("3 dependents")) == 1


def test_later_runs_edit_the_same_comment_or_leave_it_alone(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    fake.add_comment(HUMAN, "first!")
    first = publisher.upsert_comment(PR, body("3 dependents"), MARKER, create=True)
    comment_id = fake.comments[-1]["id"]
    fake.server.clear_log()

    second = publisher.upsert_comment(PR, body("5 dependents"), MARKER, create=True)

    assert second == CommentResult("updated", first.url)
    assert calls(fake.server) == [
        ("GET", COMMENTS),
        ("PATCH", f"/repos/{REPOSITORY}/issues/comments/{comment_id}"),
    ]
    assert requests_made(fake.server, "PATCH")[0].get_json() == {"body": body("5 dependents")}
    assert fake.comment(comment_id)["body"] == body("5 dependents")
    fake.server.clear_log()

    third = publisher.upsert_comment(PR, body("5 dependents"), MARKER, create=True)

    assert third == CommentResult("unchanged", first.url)
    assert calls(fake.server) == [("GET", COMMENTS)]
    assert len(fake.comments) == 2


def test_with_several_marked_bot_comments_only_the_oldest_is_edited(
    fake: FakeGitHub, publisher: GitHubPublisher, caplog: pytest.LogCaptureFixture
) -> None:
    oldest = fake.add_comment(BOT, body("old"))
    newer = fake.add_comment(BOT, body("older copy"))

    result = publisher.upsert_comment(PR, body("new"), MARKER, create=True)

    assert result == CommentResult("updated", oldest["html_url"])
    assert [r.path for r in requests_made(fake.server, "PATCH")] == [
        f"/repos/{REPOSITORY}/issues/comments/{oldest['id']}"
    ]
    assert newer["body"] == body("older copy")
    assert "2 comments" in caplog.text


def test_a_marker_comment_written_by_a_person_is_ignored(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    quoted = fake.add_comment(HUMAN, f"Why does the tool post {MARKER} comments?")

    result = publisher.upsert_comment(PR, body("1 dependent"), MARKER, create=True)

    assert result.action == "created"
    assert requests_made(fake.server, "PATCH") == []
    assert len(requests_made(fake.server, "POST")) == 1
    assert quoted["body"] == f"Why does the tool post {MARKER} comments?"


def test_without_create_a_missing_comment_is_skipped(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    fake.add_comment(HUMAN, "no report here")

    result = publisher.upsert_comment(PR, body("1 dependent"), MARKER, create=False)

    assert result == CommentResult("skipped", None)
    assert calls(fake.server) == [("GET", COMMENTS)]


def test_without_create_an_existing_comment_is_still_updated(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    existing = fake.add_comment(BOT, body("old"))

    result = publisher.upsert_comment(PR, body("new"), MARKER, create=False)

    assert result == CommentResult("updated", existing["html_url"])
    assert requests_made(fake.server, "POST") == []


def test_a_body_without_the_marker_is_refused(publisher: GitHubPublisher) -> None:
    with pytest.raises(ValueError, match="marker"):
        publisher.upsert_comment(PR, "## Blast radius", MARKER, create=True)


# -- check run -----------------------------------------------------------------------------------


def test_check_run_starts_in_progress_and_gets_annotations_in_batches_of_fifty(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    annotations = [
        Annotation(
            path=f"src/shop/module_{n}.py",
            start_line=n + 1,
            end_line=n + 3,
            level=("notice", "warning", "failure")[n % 3],
            title=f"Reaches {n} callers",
            message=f"Changing this reaches {n} functions.",
        )
        for n in range(120)
    ]

    run_id, run_url = publisher.start_check_run(HEAD_SHA, "blast-radius")

    assert run_url == f"https://github.com/{REPOSITORY}/runs/{run_id}"
    (create,) = requests_made(fake.server)
    assert (create.method, create.path) == ("POST", CHECK_RUNS)
    assert create.get_json() == {
        "name": "blast-radius",
        "head_sha": HEAD_SHA,
        "status": "in_progress",
    }
    fake.server.clear_log()

    url = publisher.complete_check_run(
        run_id,
        conclusion="neutral",
        title="12 dependents reached",
        summary="**12** dependents, 2 entry points",
        text="details",
        annotations=annotations,
    )

    assert url == run_url
    updates = requests_made(fake.server)
    assert {(r.method, r.path) for r in updates} == {("PATCH", f"{CHECK_RUNS}/{run_id}")}
    payloads = [r.get_json() for r in updates]
    sizes = [len(p.get("output", {}).get("annotations", [])) for p in payloads]
    assert max(sizes) <= 50
    assert sum(sizes) == 120
    sent = [a for p in payloads for a in p.get("output", {}).get("annotations", [])]
    assert sent == [a.to_payload() for a in annotations]
    assert sent[0] == {
        "path": "src/shop/module_0.py",
        "start_line": 1,
        "end_line": 3,
        "annotation_level": "notice",
        "title": "Reaches 0 callers",
        "message": "Changing this reaches 0 functions.",
    }
    # Only the last request completes the run, and it carries the whole output.
    assert ["conclusion" in p for p in payloads] == [False] * (len(payloads) - 1) + [True]
    assert payloads[-1]["status"] == "completed"
    assert payloads[-1]["conclusion"] == "neutral"
    assert payloads[-1]["output"] == {
        "title": "12 dependents reached",
        "summary": "**12** dependents, 2 entry points",
        "text": "details",
    }
    assert fake.check_runs[run_id]["status"] == "completed"
    assert len(fake.annotations[run_id]) == 120


def test_check_run_without_annotations_is_completed_in_one_request(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    run_id, _ = publisher.start_check_run(HEAD_SHA, "blast-radius")
    fake.server.clear_log()

    publisher.complete_check_run(
        run_id, conclusion="success", title="Nothing reached", summary="-", text="", annotations=[]
    )

    (update,) = requests_made(fake.server)
    assert update.get_json() == {
        "status": "completed",
        "conclusion": "success",
        "output": {"title": "Nothing reached", "summary": "-"},
    }


def test_oversized_check_run_output_is_truncated_with_a_note(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    run_id, _ = publisher.start_check_run(HEAD_SHA, "blast-radius")
    fake.server.clear_log()

    publisher.complete_check_run(
        run_id,
        conclusion="neutral",
        title="Large",
        summary="s" * 70_000,
        text="t" * (MAX_OUTPUT_CHARS + 1),
        annotations=[],
    )

    output = requests_made(fake.server)[0].get_json()["output"]
    for key, letter in (("summary", "s"), ("text", "t")):
        assert len(output[key]) <= MAX_OUTPUT_CHARS
        assert output[key].startswith(letter * 60_000)
        assert "65,535 characters" in output[key]


def test_annotations_and_conclusions_are_checked_before_sending(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    with pytest.raises(ValueError, match="level"):
        Annotation("a.py", 1, 1, "error", "t", "m")
    with pytest.raises(ValueError, match="lines"):
        Annotation("a.py", 5, 4, "notice", "t", "m")
    with pytest.raises(ValueError, match="conclusion"):
        publisher.complete_check_run(
            1, conclusion="passed", title="t", summary="s", text="", annotations=[]
        )
    assert fake.server.log == []


# -- permissions ---------------------------------------------------------------------------------


def test_a_forbidden_comment_write_names_the_missing_permission(
    fake: FakeGitHub, publisher: GitHubPublisher, sleeps: list[float]
) -> None:
    fake.fail("POST", COMMENTS, 403, message="Resource not accessible by integration")

    with pytest.raises(PermissionDenied) as caught:
        publisher.upsert_comment(PR, body("x"), MARKER, create=True)

    message = str(caught.value)
    assert "pull-requests: write" in message
    assert "permissions:" in message
    assert "workflow_run" in message
    assert "Resource not accessible by integration" in message
    assert len(requests_made(fake.server, "POST")) == 1
    assert sleeps == []


def test_a_not_found_check_run_write_is_a_permission_problem(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    fake.fail("POST", CHECK_RUNS, 404, message="Not Found")

    with pytest.raises(PermissionDenied, match="checks: write"):
        publisher.start_check_run(HEAD_SHA, "blast-radius")


def test_a_not_found_read_is_not_blamed_on_permissions(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    fake.fail("GET", REVIEW_REQUESTS, 404, message="Not Found")

    with pytest.raises(GitHubError) as caught:
        publisher.requested_reviewers(PR)

    assert type(caught.value) is GitHubError
    assert "HTTP 404 Not Found" in str(caught.value)


# -- retries -------------------------------------------------------------------------------------


def test_two_bad_gateways_then_success_takes_exactly_three_attempts(
    fake: FakeGitHub, make_publisher: Callable[..., GitHubPublisher], sleeps: list[float]
) -> None:
    publisher = make_publisher(backoff=0.5)
    fake.fail("POST", COMMENTS, 502, times=2)

    result = publisher.upsert_comment(PR, body("x"), MARKER, create=True)

    assert result.action == "created"
    assert len(requests_made(fake.server, "POST")) == 3
    assert len(fake.comments) == 1
    assert sleeps == [0.5, 1.0]


def test_a_create_whose_answer_was_lost_is_not_repeated(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    def created_then_gateway_error(request: Request) -> Response:
        fake.add_comment(BOT, request.get_json()["body"])
        return Response("<html>502 Bad Gateway</html>", status=502, content_type="text/html")

    fake.server.expect_oneshot_request(COMMENTS, method="POST").respond_with_handler(
        created_then_gateway_error
    )

    result = publisher.upsert_comment(PR, body("x"), MARKER, create=True)

    assert result == CommentResult("unchanged", fake.comments[0]["html_url"])
    assert len(fake.comments) == 1
    assert calls(fake.server) == [("GET", COMMENTS), ("POST", COMMENTS), ("GET", COMMENTS)]


def test_a_server_that_keeps_failing_is_given_up_on(
    fake: FakeGitHub, make_publisher: Callable[..., GitHubPublisher], sleeps: list[float]
) -> None:
    publisher = make_publisher(max_retries=3, backoff=1.0)
    fake.fail("GET", REVIEW_REQUESTS, 503, times=10, message="Service Unavailable")

    with pytest.raises(GitHubUnavailable) as caught:
        publisher.requested_reviewers(PR)

    assert len(requests_made(fake.server)) == 4
    assert sleeps == [1.0, 2.0, 4.0]
    assert "4 attempts" in str(caught.value)
    assert "HTTP 503 Service Unavailable" in str(caught.value)


def test_each_annotation_batch_is_retried_on_its_own(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    run_id, _ = publisher.start_check_run(HEAD_SHA, "blast-radius")
    annotations = [Annotation("a.py", n, n, "notice", "t", "m") for n in range(1, 76)]
    # The first batch succeeds; the second fails once.
    fake.server.expect_oneshot_request(
        f"{CHECK_RUNS}/{run_id}", method="PATCH"
    ).respond_with_handler(fake._edit_run)
    fake.fail("PATCH", f"{CHECK_RUNS}/{run_id}", 500)

    publisher.complete_check_run(
        run_id, conclusion="neutral", title="t", summary="s", text="", annotations=annotations
    )

    assert len(fake.annotations[run_id]) == 75
    assert len(requests_made(fake.server, "PATCH")) == 4


def test_secondary_rate_limit_with_retry_after_is_retried_not_denied(
    fake: FakeGitHub, publisher: GitHubPublisher, sleeps: list[float]
) -> None:
    fake.fail(
        "POST",
        COMMENTS,
        403,
        message=SECONDARY_LIMIT_MESSAGE,
        headers={"Retry-After": "0"},
    )

    result = publisher.upsert_comment(PR, body("x"), MARKER, create=True)

    assert result.action == "created"
    assert len(requests_made(fake.server, "POST")) == 2
    assert sleeps == [0.0]


def test_secondary_rate_limit_known_only_from_the_message_waits_a_minute(
    fake: FakeGitHub, publisher: GitHubPublisher, sleeps: list[float]
) -> None:
    fake.fail("POST", CHECK_RUNS, 403, message=SECONDARY_LIMIT_MESSAGE)

    publisher.start_check_run(HEAD_SHA, "blast-radius")

    assert len(requests_made(fake.server, "POST")) == 2
    assert sleeps == [60.0]


def test_too_many_requests_honours_retry_after_up_to_the_cap(
    fake: FakeGitHub, make_publisher: Callable[..., GitHubPublisher], sleeps: list[float]
) -> None:
    publisher = make_publisher(max_wait=30.0)
    fake.fail(
        "GET", REVIEW_REQUESTS, 429, message="Too Many Requests", headers={"Retry-After": "7"}
    )
    fake.fail(
        "GET", REVIEW_REQUESTS, 429, message="Too Many Requests", headers={"Retry-After": "3600"}
    )

    publisher.requested_reviewers(PR)

    assert sleeps == [7.0, 30.0]


def test_an_exhausted_primary_rate_limit_fails_at_once(
    fake: FakeGitHub, publisher: GitHubPublisher, sleeps: list[float]
) -> None:
    fake.fail(
        "GET",
        REVIEW_REQUESTS,
        403,
        message="API rate limit exceeded for installation ID 4242.",
        headers={"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "4102444800"},
    )

    with pytest.raises(GitHubUnavailable, match=r"resets at 2100-01-01 00:00:00 UTC"):
        publisher.requested_reviewers(PR)

    assert len(requests_made(fake.server)) == 1
    assert sleeps == []


def test_refused_connections_are_retried_then_reported(
    make_publisher: Callable[..., GitHubPublisher], sleeps: list[float]
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # Nothing listens on the port any more.
    publisher = make_publisher(api_url=f"http://127.0.0.1:{port}", max_retries=2)

    with pytest.raises(GitHubUnavailable, match="3 attempts") as caught:
        publisher.start_check_run(HEAD_SHA, "blast-radius")

    assert "ConnectionError" in str(caught.value)
    assert sleeps == [0.0, 0.0]


def test_a_server_that_never_answers_times_out_and_is_retried(
    make_publisher: Callable[..., GitHubPublisher], sleeps: list[float]
) -> None:
    # The kernel completes the handshake for a listening socket, but nobody
    # ever reads the request, so each attempt waits out the (1 s) timeout.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        publisher = make_publisher(api_url=f"http://127.0.0.1:{port}", timeout=0.2, max_retries=1)

        with pytest.raises(GitHubUnavailable, match="2 attempts") as caught:
            publisher.requested_reviewers(PR)

    assert "did not answer within the timeout" in str(caught.value)
    assert sleeps == [0.0]


# -- review requests -----------------------------------------------------------------------------


def test_requested_reviewers_lists_users_and_teams_in_lower_case(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    fake.add_reviewer("Octocat")
    fake.add_reviewer("hubot")
    fake.add_team("Core Team", "Core-Team")

    assert publisher.requested_reviewers(PR) == frozenset(
        {"octocat", "hubot", f"{OWNER}/core-team"}
    )
    assert {(r.method, r.path) for r in requests_made(fake.server)} == {("GET", REVIEW_REQUESTS)}


def test_no_requested_reviewers_is_an_empty_set(publisher: GitHubPublisher) -> None:
    assert publisher.requested_reviewers(PR) == frozenset()


# -- configuration and secrecy -------------------------------------------------------------------


def test_enterprise_server_paths_are_kept_with_or_without_a_trailing_slash(
    fake: FakeGitHub, make_publisher: Callable[..., GitHubPublisher]
) -> None:
    for suffix in ("/api/v3", "/api/v3/"):
        fake.server.expect_oneshot_request(f"/api/v3{REVIEW_REQUESTS}").respond_with_json(
            {"users": [], "teams": []}
        )
        fake.server.expect_oneshot_request(f"/api/v3{REVIEW_REQUESTS}").respond_with_json(
            {"users": [], "teams": []}
        )
        publisher = make_publisher(api_url=fake.server.url_for(suffix))
        assert publisher.requested_reviewers(PR) == frozenset()
    assert {r.path for r in requests_made(fake.server)} == {f"/api/v3{REVIEW_REQUESTS}"}


def test_the_api_url_comes_from_the_environment() -> None:
    assert api_url_from_environment({}) == "https://api.github.com"
    assert api_url_from_environment({"GITHUB_API_URL": "https://ghe.example.com/api/v3"}) == (
        "https://ghe.example.com/api/v3"
    )


def test_the_token_never_shows_in_errors_logs_or_reprs(
    fake: FakeGitHub, publisher: GitHubPublisher, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    failures: list[BaseException] = []
    fake.fail("POST", COMMENTS, 403, message="Resource not accessible by integration")
    fake.fail("GET", REVIEW_REQUESTS, 503, times=4)
    fake.fail("POST", CHECK_RUNS, 422, message=f"Validation Failed for {TOKEN}")
    fake.fail("POST", CHECK_RUNS, 401, message="Bad credentials")
    for call in (
        lambda: publisher.upsert_comment(PR, body("x"), MARKER, create=True),
        lambda: publisher.requested_reviewers(PR),
        lambda: publisher.start_check_run(HEAD_SHA, "blast-radius"),
        lambda: publisher.start_check_run(HEAD_SHA, "blast-radius"),
    ):
        with pytest.raises(GitHubError) as caught:
            call()
        failures.append(caught.value)

    assert [type(f) for f in failures] == [
        PermissionDenied,
        GitHubUnavailable,
        GitHubError,
        TokenRejected,
    ]
    assert "rejected the token" in str(failures[3])
    for failure in failures:
        shown = [str(failure), repr(failure), "".join(traceback.format_exception(failure))]
        assert all(TOKEN not in text for text in shown)
    assert "***" in str(failures[2])
    assert TOKEN not in repr(publisher)
    assert caplog.records
    assert TOKEN not in caplog.text
    assert all(TOKEN not in str(record.args) for record in caplog.records)


def test_after_a_rejected_token_no_further_request_is_made(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    fake.fail("GET", REVIEW_REQUESTS, 401, message="Bad credentials")
    with pytest.raises(TokenRejected):
        publisher.requested_reviewers(PR)
    with pytest.raises(TokenRejected, match="not tried"):
        publisher.upsert_comment(PR, body("x"), MARKER, create=True)
    assert len(requests_made(fake.server)) == 1


def test_after_the_api_proved_unreachable_later_calls_fail_at_once(
    make_publisher: Callable[..., GitHubPublisher], sleeps: list[float]
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    publisher = make_publisher(api_url=f"http://127.0.0.1:{port}", backoff=1.0)
    with pytest.raises(GitHubUnavailable):
        publisher.requested_reviewers(PR)
    assert sleeps == [1.0, 2.0, 4.0]
    with pytest.raises(GitHubUnavailable, match="not tried"):
        publisher.start_check_run(HEAD_SHA, "blast-radius")
    assert sleeps == [1.0, 2.0, 4.0]


def test_a_check_run_created_but_unanswered_is_reused_not_doubled(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    fake.lose_answer("POST", CHECK_RUNS)

    run_id, url = publisher.start_check_run(HEAD_SHA, "blast-radius", "812.1.review")

    [only] = fake.check_runs.values()
    assert (run_id, url) == (only["id"], only["html_url"])
    assert only["external_id"] == "812.1.review"
    listing = f"/repos/{REPOSITORY}/commits/{HEAD_SHA}/check-runs"
    assert calls(fake.server) == [
        ("GET", listing),
        ("POST", CHECK_RUNS),
        ("GET", listing),
    ]


def test_a_check_run_of_another_run_or_already_completed_is_not_reused(
    fake: FakeGitHub, publisher: GitHubPublisher
) -> None:
    other, _ = publisher.start_check_run(HEAD_SHA, "blast-radius", "811.1.review")
    done, _ = publisher.start_check_run(HEAD_SHA, "blast-radius", "812.1.review")
    publisher.complete_check_run(
        done, conclusion="success", title="t", summary="s", text="", annotations=()
    )

    mine, _ = publisher.start_check_run(HEAD_SHA, "blast-radius", "812.1.review")

    assert mine not in (other, done)
    assert len(fake.check_runs) == 3


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="owner/name"):
        GitHubPublisher("https://api.github.com", TOKEN, "shop")
    with pytest.raises(ValueError, match="token"):
        GitHubPublisher("https://api.github.com", "", REPOSITORY)
    with pytest.raises(ValueError, match="negative"):
        GitHubPublisher("https://api.github.com", TOKEN, REPOSITORY, max_retries=-1)
