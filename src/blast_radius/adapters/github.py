"""GitHub as a destination: the sticky pull request comment, the check run, review requests.

Every call goes through PyGithub against ``api_url`` (``GITHUB_API_URL`` in
Actions, so GitHub Enterprise Server works as well as github.com).

Retries are done here rather than by urllib3 underneath PyGithub, for three
reasons. A retried write must not create a second comment when the first
attempt landed but its answer was lost (a 502 from GitHub's front end, a read
timeout), so the comment is retried as a whole operation: look again, then
write. GitHub's rate limit answers need reading (``Retry-After``, the
``x-ratelimit-*`` headers, the message of a 403) before anyone can say whether
waiting helps. And the waiting goes through an injectable ``sleep`` so tests
can check it without spending real seconds.

The token is handed to PyGithub once and kept only to scrub it from messages:
no exception, log line or ``repr`` raised or written here contains it.
"""

from __future__ import annotations

import email.utils
import functools
import logging
import math
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final, TypeVar

import github
import requests
from github.CheckRun import CheckRun
from github.GithubException import GithubException
from github.Issue import Issue
from github.IssueComment import IssueComment

from blast_radius import __version__
from blast_radius.core.publish import LineNote

DEFAULT_API_URL: Final = "https://api.github.com"
"""Where the REST API lives when ``GITHUB_API_URL`` is not set."""

MAX_ANNOTATIONS_PER_REQUEST: Final = 50
"""GitHub rejects check run updates that carry more annotations than this."""

MAX_OUTPUT_CHARS: Final = 65_535
"""Upper bound GitHub sets on a check run's ``output.summary`` and ``output.text``."""

ANNOTATION_LEVELS: Final = frozenset({"notice", "warning", "failure"})
CONCLUSIONS: Final = frozenset(
    {"action_required", "cancelled", "failure", "neutral", "success", "skipped", "timed_out"}
)

_MAX_ANNOTATION_TITLE_CHARS: Final = 255
_MAX_ANNOTATION_MESSAGE_CHARS: Final = 65_535
# GitHub asks clients hit by a secondary rate limit without a Retry-After
# header to wait at least a minute before trying again.
_SECONDARY_RATE_LIMIT_WAIT: Final = 60.0
_TRUNCATION_NOTE: Final = (
    "\n\n… (cut short here: GitHub keeps at most 65,535 characters; "
    "the pull request comment has the full report)"
)

_FORK_ADVICE: Final = (
    "Pull requests from forks only ever get a read-only token, whatever the workflow asks for. "
    "For those, let the `pull_request` workflow upload the report as an artifact and post it "
    "from a second workflow triggered by `workflow_run`, which runs in the base repository "
    "with its write permissions."
)

_PULL_REQUESTS_READ: Final = "pull-requests: read"
_PULL_REQUESTS_WRITE: Final = "pull-requests: write"
_CHECKS_WRITE: Final = "checks: write"

# Failures of the connection itself, as requests (under PyGithub) raises them.
# Other RequestExceptions (an invalid URL, a bad header) would fail the same way
# every time, so they are not retried.
_NETWORK_ERRORS: Final = (
    requests.exceptions.ConnectionError,
    requests.exceptions.Timeout,
    requests.exceptions.ChunkedEncodingError,
)

_log = logging.getLogger(__name__)

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Annotation:
    """One line range of a file flagged on the check run."""

    path: str
    start_line: int
    end_line: int
    level: str
    """``"notice"``, ``"warning"`` or ``"failure"``."""
    title: str
    message: str

    def __post_init__(self) -> None:
        if self.level not in ANNOTATION_LEVELS:
            raise ValueError(
                f"annotation level must be one of {sorted(ANNOTATION_LEVELS)}, not {self.level!r}"
            )
        if self.start_line < 1 or self.end_line < self.start_line:
            raise ValueError(
                f"annotation lines must satisfy 1 <= start <= end, "
                f"got {self.start_line}..{self.end_line} in {self.path}"
            )

    def to_payload(self) -> dict[str, str | int]:
        """The annotation as the Checks API expects it in ``output.annotations``."""
        return {
            "path": self.path,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "annotation_level": self.level,
            "title": _truncate(self.title, _MAX_ANNOTATION_TITLE_CHARS, "…"),
            "message": _truncate(self.message, _MAX_ANNOTATION_MESSAGE_CHARS, "…"),
        }


@dataclass(frozen=True, slots=True)
class CommentResult:
    """What :meth:`GitHubPublisher.upsert_comment` did."""

    action: str
    """``"created"``, ``"updated"``, ``"unchanged"`` or ``"skipped"``."""
    url: str | None
    """The comment's web address; ``None`` when no comment exists."""


class GitHubError(RuntimeError):
    """GitHub refused a request for a reason that retrying will not change."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        """The HTTP status GitHub answered with, when it answered."""


class PermissionDenied(GitHubError):
    """The token may not do what was asked; the message names the permission to add."""


class TokenRejected(GitHubError):
    """GitHub does not accept the token at all (HTTP 401): no later request can succeed."""


class GitHubUnavailable(GitHubError):
    """GitHub kept failing (5xx, timeouts, rate limits) after every retry."""


class _Transient(Exception):
    """A failure worth another attempt; private to the retry loop."""

    def __init__(self, reason: str, wait: float | None, *, unreachable: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.wait = wait
        """Seconds GitHub asked us to wait, or ``None`` for plain exponential backoff."""
        self.unreachable = unreachable
        """The connection itself failed (refused, timed out): GitHub did not answer."""


def api_url_from_environment(environ: Mapping[str, str]) -> str:
    """The REST API base URL: ``GITHUB_API_URL`` when set (Enterprise Server), else github.com."""
    return environ.get("GITHUB_API_URL", "").strip() or DEFAULT_API_URL


class GitHubPublisher:
    """Publishes blast-radius results to one repository through the GitHub REST API."""

    def __init__(
        self,
        api_url: str,
        token: str,
        repository: str,
        *,
        timeout: float = 30.0,
        max_retries: int = 3,
        backoff: float = 1.0,
        max_wait: float = 60.0,
        write_interval: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        """Connect lazily: no request is made until a method is called.

        ``backoff`` is the first wait between attempts, doubled each time; a
        ``Retry-After`` header or a rate limit's reset time replaces it. No
        single wait exceeds ``max_wait`` seconds. ``write_interval`` spaces
        writes apart as GitHub asks integrations to (0 turns that off).
        ``sleep`` does the waiting between attempts and exists for tests.
        """
        if not token:
            raise ValueError("a GitHub token is required")
        owner, _, name = repository.partition("/")
        if not owner or not name or "/" in name:
            raise ValueError(f"repository must look like 'owner/name', got {repository!r}")
        if timeout <= 0 or max_retries < 0 or backoff < 0 or max_wait < 0 or write_interval < 0:
            raise ValueError("timeout must be positive; retries and waits cannot be negative")
        # "https://ghe.example.com/api/v3/" and ".../api/v3" must give the same
        # request paths, and github.com is only recognised without the slash.
        self._api_url = api_url.rstrip("/")
        self._repository = repository
        self._owner = owner
        self._token = token
        self._max_retries = max_retries
        self._backoff = backoff
        # Set once the token is refused or the API cannot be reached: later
        # calls fail at once instead of spending their own retries.
        self._given_up: GitHubError | None = None
        self._max_wait = max_wait
        self._sleep = sleep
        self._github = github.Github(
            base_url=self._api_url,
            auth=github.Auth.Token(token),
            # PyGithub insists on whole seconds; round up so we never wait less.
            timeout=max(1, math.ceil(timeout)),
            user_agent=f"blast-radius/{__version__}",
            per_page=100,
            # Retrying is ours (see the module docstring); urllib3 must not retry underneath.
            retry=None,
            seconds_between_requests=None,
            seconds_between_writes=write_interval or None,
            # Objects built from a URL stay unfetched until an attribute needs
            # them, so get_repo/get_issue/get_check_run cost no request.
            lazy=True,
        )
        self._repo = self._github.get_repo(repository)

    def __repr__(self) -> str:
        return f"GitHubPublisher(api_url={self._api_url!r}, repository={self._repository!r})"

    def close(self) -> None:
        """Close the HTTP connections."""
        self._github.close()

    def __enter__(self) -> GitHubPublisher:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- review requests -------------------------------------------------------------------

    def requested_reviewers(self, pr_number: int) -> frozenset[str]:
        """Users (``login``) and teams (``org/slug``) asked to review, all in lower case."""

        def attempt() -> frozenset[str]:
            with self._translate("read the pull request's review requests", _PULL_REQUESTS_READ):
                users, teams = self._repo.get_pull(pr_number).get_review_requests()
                # Only teams of the repository's owner can be asked to review,
                # and the listing does not repeat the organisation, so take it
                # from the repository.
                return frozenset(
                    [user.login.lower() for user in users]
                    + [f"{self._owner}/{team.slug}".lower() for team in teams]
                )

        return self._retrying("read the review requests", attempt)

    # -- sticky comment --------------------------------------------------------------------

    def upsert_comment(
        self, pr_number: int, body: str, marker: str, *, create: bool
    ) -> CommentResult:
        """Keep exactly one bot comment carrying ``marker`` on the pull request, showing ``body``.

        The oldest bot comment containing ``marker`` is edited in place when its
        body differs and left alone when it is the same; comments written by
        people are never touched. Without such a comment one is created only
        when ``create`` is true. Every retry looks for the comment again first,
        so a write that reached GitHub before its answer was lost is not repeated.
        """
        if not marker.strip():
            raise ValueError("the comment marker must not be blank")
        if marker not in body:
            # Without the marker the next run could not find this comment and
            # would post another one.
            raise ValueError("the comment body must contain the marker")
        return self._retrying(
            "update the pull request comment",
            functools.partial(self._upsert_comment_once, pr_number, body, marker, create),
        )

    def _upsert_comment_once(
        self, pr_number: int, body: str, marker: str, create: bool
    ) -> CommentResult:
        issue = self._repo.get_issue(pr_number)
        existing = self._find_sticky_comment(issue, pr_number, marker)
        if existing is None:
            if not create:
                return CommentResult("skipped", None)
            with self._translate(
                "create the pull request comment", _PULL_REQUESTS_WRITE, write=True
            ):
                comment = issue.create_comment(body)
                return CommentResult("created", comment.html_url)
        if _same_text(existing.body, body):
            return CommentResult("unchanged", existing.html_url)
        with self._translate("edit the pull request comment", _PULL_REQUESTS_WRITE, write=True):
            existing.edit(body)
            return CommentResult("updated", existing.html_url)

    def _find_sticky_comment(
        self, issue: Issue, pr_number: int, marker: str
    ) -> IssueComment | None:
        with self._translate("list the pull request's comments", _PULL_REQUESTS_READ):
            # Iterating the paginated list follows the Link headers through every page.
            ours = [
                comment
                for comment in issue.get_comments()
                if marker in (comment.body or "")
                and comment.user is not None
                and comment.user.type == "Bot"
            ]
        if not ours:
            return None
        oldest = min(ours, key=lambda comment: comment.id)
        if len(ours) > 1:
            # Deleting the extra copies could remove a comment someone replied
            # to or another tool owns; updating one and leaving the rest is safe.
            _log.warning(
                "%d comments on pull request #%d carry the blast-radius marker; updating the "
                "oldest (id %d) and leaving the others",
                len(ours),
                pr_number,
                oldest.id,
            )
        return oldest

    # -- check run -------------------------------------------------------------------------

    def start_check_run(self, head_sha: str, name: str, run_key: str = "") -> tuple[int, str]:
        """Create an in-progress check run on ``head_sha``; return its id and web address.

        ``run_key`` names this run of the workflow; it is stored as the check
        run's ``external_id``. When a create landed but its answer was lost
        (a 502 from GitHub's front end), the retry finds that check run by
        name, commit and key and reuses it: a second one would leave the
        first in progress forever.
        """

        def attempt() -> tuple[int, str]:
            if run_key:
                earlier = self._unfinished_check_run(head_sha, name, run_key)
                if earlier is not None:
                    return earlier
            with self._translate("create the check run", _CHECKS_WRITE, write=True):
                run = self._repo.create_check_run(
                    name=name,
                    head_sha=head_sha,
                    status="in_progress",
                    external_id=run_key or github.GithubObject.NotSet,
                )
                return run.id, run.html_url

        return self._retrying("create the check run", attempt)

    def _unfinished_check_run(
        self, head_sha: str, name: str, run_key: str
    ) -> tuple[int, str] | None:
        with self._translate("list the commit's check runs", "checks: read"):
            runs = self._repo.get_commit(head_sha).get_check_runs(check_name=name, filter="all")
            mine = [run for run in runs if run.external_id == run_key and run.status != "completed"]
        if not mine:
            return None
        oldest = min(mine, key=lambda run: run.id)
        return oldest.id, oldest.html_url

    def complete_check_run(
        self,
        check_run_id: int,
        *,
        conclusion: str,
        title: str,
        summary: str,
        text: str,
        annotations: Sequence[Annotation | LineNote],
    ) -> str:
        """Attach ``annotations`` and the report to the check run, then complete it.

        Annotations go out in batches of at most 50, one update each, because
        GitHub refuses more per request; the last update sets the conclusion
        and the full output. Returns the check run's web address.
        """
        if conclusion not in CONCLUSIONS:
            raise ValueError(f"conclusion must be one of {sorted(CONCLUSIONS)}, not {conclusion!r}")
        summary = _truncate(summary, MAX_OUTPUT_CHARS, _TRUNCATION_NOTE)
        text = _truncate(text, MAX_OUTPUT_CHARS, _TRUNCATION_NOTE)
        run = self._repo.get_check_run(check_run_id)
        payloads = [_annotation(note).to_payload() for note in annotations]
        # Each batch is retried on its own: repeating earlier, accepted batches
        # would show their annotations twice.
        for start in range(0, len(payloads), MAX_ANNOTATIONS_PER_REQUEST):
            batch = payloads[start : start + MAX_ANNOTATIONS_PER_REQUEST]
            output: dict[str, Any] = {"title": title, "summary": summary, "annotations": batch}
            self._retrying(
                "add annotations to the check run",
                functools.partial(self._edit_check_run, run, output=output),
            )
        final_output: dict[str, Any] = {"title": title, "summary": summary}
        if text:
            final_output["text"] = text
        self._retrying(
            "complete the check run",
            functools.partial(
                self._edit_check_run,
                run,
                output=final_output,
                status="completed",
                conclusion=conclusion,
            ),
        )
        return run.html_url

    def pull_requests_for(self, head_sha: str) -> list[int]:
        """Numbers of the open pull requests whose head is ``head_sha``."""

        def attempt() -> list[int]:
            with self._translate("list the pull requests of a commit", "contents: read"):
                pulls = self._repo.get_commit(head_sha).get_pulls()
                return sorted(
                    p.number for p in pulls if p.state == "open" and p.head.sha == head_sha
                )

        return self._retrying("list the pull requests of a commit", attempt)

    def _edit_check_run(self, run: CheckRun, **changes: Any) -> None:
        with self._translate("update the check run", _CHECKS_WRITE, write=True):
            run.edit(**changes)

    # -- errors and retries ----------------------------------------------------------------

    def _retrying(self, action: str, attempt: Callable[[], _T]) -> _T:
        """Run ``attempt`` until it succeeds, retrying transient failures with backoff."""
        if self._given_up is not None:
            reason = (
                "GitHub rejected the token"
                if isinstance(self._given_up, TokenRejected)
                else "GitHub could not be reached"
            )
            raise type(self._given_up)(
                f"Could not {action}: not tried, {reason} earlier in this run.",
                self._given_up.status,
            )
        attempts = self._max_retries + 1
        for number in range(attempts):
            try:
                return attempt()
            except TokenRejected as rejected:
                self._given_up = rejected
                raise
            except _Transient as failure:
                if number + 1 == attempts:
                    unavailable = GitHubUnavailable(
                        self._redact(
                            f"Could not {action}: GitHub still failed after {attempts} attempts "
                            f"(last: {failure.reason})."
                        )
                    )
                    if failure.unreachable:
                        self._given_up = unavailable
                    raise unavailable from None
                delay = self._backoff * 2**number if failure.wait is None else failure.wait
                delay = min(max(delay, 0.0), self._max_wait)
                _log.warning(
                    "Could not %s (%s); retrying in %.1f s (retry %d of %d)",
                    action,
                    self._redact(failure.reason),
                    delay,
                    number + 1,
                    self._max_retries,
                )
                self._sleep(delay)
        raise AssertionError("unreachable: the last attempt returns or raises")

    @contextmanager
    def _translate(self, action: str, permission: str, *, write: bool = False) -> Iterator[None]:
        """Turn PyGithub and requests failures into ours, marking the ones worth retrying."""
        try:
            yield
        except GithubException as exc:
            raise self._classify(exc, action, permission, write=write) from None
        except _NETWORK_ERRORS as exc:
            raise _Transient(_network_reason(exc), None, unreachable=True) from None

    def _classify(
        self, exc: GithubException, action: str, permission: str, *, write: bool
    ) -> Exception:
        status = exc.status
        headers = {str(key).lower(): str(value) for key, value in (exc.headers or {}).items()}
        message = _github_message(exc.data)
        described = f"HTTP {status}" + (f" {message}" if message else "")
        retry_after = _retry_after_seconds(headers.get("retry-after"))

        if status == 429 or (status == 403 and _is_rate_limited(headers, message)):
            if retry_after is not None:
                return _Transient(described, retry_after)
            if headers.get("x-ratelimit-remaining") == "0":
                # The primary limit: nothing helps before the reset time.
                reset = _to_float(headers.get("x-ratelimit-reset"))
                wait = None if reset is None else max(reset - time.time(), 0.0) + 1.0
                if wait is None or wait > self._max_wait:
                    return GitHubUnavailable(
                        self._redact(
                            f"Could not {action}: the token's API rate limit is used up "
                            f"({described}); it resets "
                            + ("at an unknown time" if reset is None else f"at {_utc(reset)}")
                            + "."
                        ),
                        status,
                    )
                return _Transient(described, wait)
            return _Transient(described, _SECONDARY_RATE_LIMIT_WAIT)
        if status >= 500:
            return _Transient(described, retry_after)
        if status == 403 or (status == 404 and write):
            return PermissionDenied(
                self._redact(
                    f"Could not {action} in {self._repository} ({described}): the token lacks "
                    f"the permission. Add `{permission}` under `permissions:` in the workflow "
                    f"(or the job) that runs blast-radius. {_FORK_ADVICE}"
                ),
                status,
            )
        if status == 401:
            return TokenRejected(
                self._redact(
                    f"Could not {action}: GitHub rejected the token ({described}). "
                    "Pass a valid token in the `github-token` input, such as "
                    "`${{ github.token }}` (the default)."
                ),
                status,
            )
        return GitHubError(
            self._redact(f"Could not {action} in {self._repository}: {described}."), status
        )

    def _redact(self, text: str) -> str:
        return text.replace(self._token, "***")


def _network_reason(error: requests.exceptions.RequestException) -> str:
    """A failed connection in a few words (requests' own message nests three exceptions)."""
    if isinstance(error, requests.exceptions.ConnectTimeout):
        return "timed out connecting to the API"
    if isinstance(error, requests.exceptions.Timeout):
        return "the API did not answer within the timeout"
    errno = re.search(r"\[Errno -?\d+\] ([^\"')\]]+)", str(error))
    if errno is not None:
        return f"{type(error).__name__}: {errno.group(1).strip()}"
    return f"{type(error).__name__}: {' '.join(str(error).split())[:200]}"


def _github_message(data: object) -> str:
    """GitHub's own explanation from an error body, if it has one."""
    if isinstance(data, Mapping):
        message = data.get("message")
        if isinstance(message, str):
            return message
        # PyGithub wraps a body that is not JSON (an HTML error page) as {"data": ...}.
        raw = data.get("data")
        if isinstance(raw, str):
            return " ".join(raw.split())[:200]
    return ""


def _is_rate_limited(headers: Mapping[str, str], message: str) -> bool:
    """Whether a 403 is GitHub's rate limiting rather than a refusal."""
    lowered = message.lower()
    return (
        "retry-after" in headers
        or headers.get("x-ratelimit-remaining") == "0"
        or "rate limit" in lowered
        # The wording GitHub used for secondary limits before it named them so.
        or "abuse detection" in lowered
        or lowered.endswith(
            (
                "please retry your request again later.",
                "please wait a few minutes before you try again.",
            )
        )
    )


def _retry_after_seconds(value: str | None) -> float | None:
    """``Retry-After`` as seconds from now; it may be a number or an HTTP date."""
    if value is None:
        return None
    seconds = _to_float(value)
    if seconds is not None:
        return max(seconds, 0.0)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - time.time(), 0.0)


def _to_float(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        number = float(value.strip())
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _utc(timestamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(timestamp))


def _same_text(current: str | None, wanted: str) -> bool:
    # GitHub stores what it was sent, but a body edited in the browser comes
    # back with CRLF line ends; those alone are not worth a rewrite.
    def normalised(text: str) -> str:
        return text.replace("\r\n", "\n").rstrip()

    return current is not None and normalised(current) == normalised(wanted)


def _truncate(text: str, limit: int, note: str) -> str:
    """``text`` cut to at most ``limit`` characters, ending with ``note`` when cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - len(note), 0)] + note[:limit]


def _annotation(note: Annotation | LineNote) -> Annotation:
    if isinstance(note, Annotation):
        return note
    return Annotation(note.path, note.line, note.line, note.level, note.title, note.message)
