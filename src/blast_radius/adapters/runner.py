"""The GitHub Actions runner as the action sees it: files, logs and the analyses."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, TypeVar

from blast_radius import __version__
from blast_radius.adapters.cache import FactsCache, languages_hint
from blast_radius.adapters.extraction import Extractor
from blast_radius.adapters.grammars import fingerprint
from blast_radius.adapters.index_branch import IndexBranch
from blast_radius.adapters.progress import StderrProgress
from blast_radius.adapters.render import make_environment, render_markdown
from blast_radius.adapters.repository import LocalRepository, branch_snapshots
from blast_radius.adapters.standby import Standby
from blast_radius.adapters.workspace import Workspace
from blast_radius.app.impact import ImpactRequest, analyze_impact
from blast_radius.app.indexing import IndexSettings
from blast_radius.app.store import SnapshotFiles, build_snapshot
from blast_radius.core.languages import LANGUAGES
from blast_radius.core.report import Report
from blast_radius.core.snapshot import SnapshotPieces
from blast_radius.core.walk import DEFAULT_TEST_CONFIDENCE, WalkLimits

T = TypeVar("T")

_MAX_REPORT_BYTES = 200 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class RunnerSettings:
    """Where things are on the runner, parsed once from its environment."""

    workspace: Path
    output_file: Path | None
    summary_file: Path | None
    cache_dir: Path | None
    jobs: int
    index_settings: IndexSettings
    limits: WalkLimits
    template: Path | None
    index_branch: str | None
    keep: int = 10
    test_confidence: float = DEFAULT_TEST_CONFIDENCE
    test_selection: str = "precise"


class GitHubRunner:
    """Implements the action's side effects on a GitHub Actions runner."""

    def __init__(
        self,
        settings: RunnerSettings,
        stream: TextIO | None = None,
        retain: list[object] | None = None,
    ) -> None:
        """``retain`` receives what an analysis built, for a process that exits
        without freeing it (see ``analyze_impact``)."""
        self.settings = settings
        self._stream = stream or sys.stdout
        self._retain = retain
        template_dir = settings.template.parent if settings.template else None
        self._environment = make_environment(template_dir)
        self._template = settings.template.name if settings.template else "comment.md.j2"

    def analyze(self, base: str, head: str | None, reviewers: frozenset[str] | None) -> Report:
        """The impact report of ``head`` (or the checkout) against ``base``."""
        settings = self.settings
        # Forked before the fetch's thread starts: it parses the changed files
        # (compiling, meanwhile, the languages a cache kept from an earlier
        # run names).
        warm = languages_hint(settings.cache_dir)
        standby = Standby.start(warm) if settings.jobs > 1 else None
        try:
            snapshots = branch_snapshots(settings.workspace, settings.index_branch)
            if snapshots is not None:
                snapshots.prefetch()
            return analyze_impact(
                LocalRepository(settings.workspace),
                ImpactRequest(
                    base=base,
                    head=head or "HEAD",
                    limits=settings.limits,
                    requested_reviewers=reviewers,
                    test_confidence=settings.test_confidence,
                    test_selection=settings.test_selection,
                ),
                FactsCache(settings.cache_dir),
                Extractor(settings.jobs, standby),
                settings.index_settings,
                fingerprint(LANGUAGES, __version__),
                StderrProgress(),
                snapshots=snapshots,
                retain=self._retain,
            )
        finally:
            if standby is not None:
                standby.close()

    def index(self) -> str:
        """Index the checkout and publish its snapshot; text for the job summary."""
        settings = self.settings
        commit = LocalRepository(settings.workspace).resolve("HEAD")

        def build(keep: Callable[[SnapshotPieces], T]) -> SnapshotFiles[T]:
            return build_snapshot(
                Workspace(settings.workspace),
                FactsCache(settings.cache_dir),
                Extractor(settings.jobs),
                settings.index_settings,
                fingerprint(LANGUAGES, __version__),
                commit,
                keep,
                StderrProgress(),
            )

        where = "the local cache"
        if settings.index_branch:
            branch = IndexBranch(settings.workspace, settings.index_branch)
            # Each snapshot file goes to git's objects as soon as it is made.
            files = build(branch.store)
            branch.publish(commit, files.graph, facts=files.facts, keep=settings.keep)
            where = f"branches `{settings.index_branch}` and `{branch.facts_branch}`"
            size, entries = (files.graph.size + files.facts.size) / 1e6, files.entries
        else:
            sizes = build(lambda snapshot: snapshot.size)
            size, entries = (sizes.graph + sizes.facts) / 1e6, sizes.entries
        return (
            "### Blast radius index\n\n"
            f"Snapshot of {commit[:12]}: {entries} cache entries, {size:.1f} MB, "
            f"stored on {where}.\n"
        )

    def render(self, report: Report, limit: int, full_report: str) -> str:
        """The Markdown report within ``limit`` characters."""
        return render_markdown(
            report,
            limit=limit,
            full_report=full_report,
            environment=self._environment,
            template=self._template,
        )

    def read_text(self, path: str) -> str:
        """A file of the workspace (the report artifact), size-checked."""
        target = self._path(path)
        if target.stat().st_size > _MAX_REPORT_BYTES:
            raise ValueError(f"{path} is larger than {_MAX_REPORT_BYTES} bytes")
        return target.read_text(encoding="utf-8")

    def write_text(self, path: str, text: str) -> None:
        """Write a file relative to the workspace."""
        target = self._path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    def append_summary(self, text: str) -> None:
        """Add to the job summary (or print it when not on a runner)."""
        self._append(self.settings.summary_file, text)

    def append_outputs(self, text: str) -> None:
        """Add step outputs (or print them when not on a runner)."""
        self._append(self.settings.output_file, text)

    def log(self, line: str) -> None:
        """A line of the job log (workflow commands included)."""
        self._stream.write(line + "\n")
        self._stream.flush()

    def _append(self, file: Path | None, text: str) -> None:
        if file is None:
            self.log(text)
            return
        with file.open("a", encoding="utf-8") as handle:
            handle.write(text if text.endswith("\n") else text + "\n")

    def _path(self, path: str) -> Path:
        candidate = Path(path)
        return candidate if candidate.is_absolute() else self.settings.workspace / candidate
