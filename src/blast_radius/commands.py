"""The commands of ``blast-radius``: settings parsed once, adapters wired to the app."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blast_radius import __version__
from blast_radius.adapters.cache import FactsCache, default_cache_dir, text_slices, write_text
from blast_radius.adapters.config import DEFAULT_CONFIG, ConfigError, load_config
from blast_radius.adapters.extraction import ExtractionError, Extractor, default_jobs
from blast_radius.adapters.grammars import GrammarError, fingerprint
from blast_radius.adapters.progress import StderrProgress
from blast_radius.adapters.workspace import Workspace, WorkspaceError
from blast_radius.app.indexing import (
    ExtractionFoundNothing,
    IndexResult,
    IndexSettings,
    index_shard,
    index_tree,
)
from blast_radius.cli import WORK_TREE, Started, build_parser
from blast_radius.core.build import BuildOptions
from blast_radius.core.classify import UNPARSED_SUFFIX
from blast_radius.core.languages import LANGUAGES

# What only reports need (the walk, rendering, templates) is imported by the
# commands that make one: an index run starts without it.
if TYPE_CHECKING:
    from blast_radius.adapters.runner import RunnerSettings
    from blast_radius.app.action import ActionContext
    from blast_radius.app.impact import ImpactRequest


@dataclass(frozen=True, slots=True)
class IndexCommand:
    """Settings of ``index`` and ``graph``, parsed once from arguments and config."""

    root: Path
    jobs: int
    cache_dir: Path | None
    settings: IndexSettings
    quiet: bool


def _index_command(args: argparse.Namespace, begun: Started | None = None) -> IndexCommand:
    root = Path(args.path).resolve()
    if not root.is_dir():
        raise WorkspaceError(f"{args.path} is not a directory")
    config_path = Path(args.config) if args.config else root / DEFAULT_CONFIG
    config = load_config(config_path, required=bool(args.config))
    if args.no_cache:
        cache_dir = None
    elif begun is not None and begun.cache_folder is not None:
        cache_dir = begun.cache_folder  # worked out as the run started
    elif args.cache_dir:
        cache_dir = Path(args.cache_dir)
    else:
        cache_dir = default_cache_dir(root)
    return IndexCommand(
        root=root,
        jobs=args.jobs or default_jobs(),
        cache_dir=cache_dir,
        settings=IndexSettings(
            excludes=config.exclude,
            max_file_bytes=config.max_file_size,
            build=BuildOptions(python_roots=config.python_roots),
            memory_budget_mb=args.memory_budget or config.memory_budget_mb,
        ),
        quiet=args.quiet,
    )


def _run_index(command: IndexCommand) -> IndexResult:
    return index_tree(
        Workspace(command.root),
        FactsCache(command.cache_dir),
        Extractor(command.jobs),
        command.settings,
        fingerprint(LANGUAGES, __version__),
        StderrProgress(enabled=not command.quiet),
    )


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "n/a"


def format_summary(root: Path, result: IndexResult, seconds: float) -> str:
    """A short, human-readable account of an index run."""
    meta: dict[str, Any] = result.meta
    nodes = meta.get("node_kinds", {})
    edges = meta.get("edge_kinds", {})
    lines = [
        f"Indexed {root}: {meta.get('files', 0)} files, {meta.get('parsed', 0)} parsed "
        f"({result.parsed} now, {result.reused} from cache) in {seconds:.2f}s",
        f"  nodes: {sum(nodes.values())} (" + ", ".join(f"{k} {v}" for k, v in nodes.items()) + ")",
        f"  edges: {sum(edges.values())} (" + ", ".join(f"{k} {v}" for k, v in edges.items()) + ")",
    ]
    for language, counts in meta.get("resolution", {}).items():
        total = sum(counts.get(k, 0) for k in ("resolved", "name_matched", "unresolved"))
        lines.append(
            f"  {language} references: {_percent(counts.get('resolved', 0), total)} resolved "
            "by scope, imports or types, "
            f"{_percent(counts.get('name_matched', 0), total)} matched by name, "
            f"{_percent(counts.get('unresolved', 0), total)} outside the repository or unknown"
        )
    skipped = meta.get("skipped", {})
    if skipped:
        lines.append(
            f"  skipped: {sum(skipped.values())} ("
            + ", ".join(f"{k} {v}" for k, v in skipped.items())
            + ")"
        )
    if meta.get("syntax_errors"):
        lines.append(
            f"  syntax errors: {meta['syntax_errors']} in "
            f"{len(meta.get('files_with_syntax_errors', []))} file(s) (extracted as far as "
            "the tree allows)"
        )
    notes = meta.get("notes", {})
    if notes:
        lines.append("  notes: " + ", ".join(f"{k} {v}" for k, v in notes.items()))
    return "\n".join(lines)


def _parse_shard(text: str) -> tuple[int, int]:
    shard, _, shards = text.partition("/")
    try:
        k, n = int(shard), int(shards)
    except ValueError:
        raise ConfigError(f"--shard takes K/N with 1 <= K <= N (got {text!r})") from None
    if not 1 <= k <= n:
        raise ConfigError(f"--shard takes K/N with 1 <= K <= N (got {text!r})")
    return k - 1, n


def _cmd_index(args: argparse.Namespace, begun: Started) -> int:
    command = _index_command(args, begun)
    started = time.perf_counter()
    if args.shard:
        if not args.facts_out:
            raise ConfigError("--shard needs --facts-out DIR (where this shard's facts go)")
        shard, shards = _parse_shard(args.shard)
        count = index_shard(
            Workspace(command.root),
            FactsCache(Path(args.facts_out)),
            Extractor(command.jobs),
            command.settings,
            fingerprint(LANGUAGES, __version__),
            shard,
            shards,
        )
        if not command.quiet:
            print(f"Shard {shard + 1}/{shards}: facts of {count} files in {args.facts_out}")
        return 0
    store = FactsCache(command.cache_dir)
    for folder in args.merge or ():
        if not Path(folder).is_dir():
            raise ConfigError(f"--merge: {folder} is not a folder of shard facts")
        store.import_entries(FactsCache(Path(folder)).all_entries(), persist=True)
    if args.publish_branch:
        return _publish_index(command, store, args.publish_branch, args.keep, started)
    result = index_tree(
        Workspace(command.root),
        store,
        Extractor(command.jobs, begun.standby),
        command.settings,
        fingerprint(LANGUAGES, __version__),
        StderrProgress(enabled=not command.quiet),
        retain=begun.retained,
    )
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        # The cache holds the same text in a file: copied, it is not encoded again.
        if not (result.graph_key and store.copy_graph(result.graph_key, out)):
            write_text(out, result.graph)
    seconds = time.perf_counter() - started
    if not command.quiet:
        print(format_summary(command.root, result, seconds))
        if args.out:
            print(f"Graph written to {args.out}")
    return 0


def _publish_index(
    command: IndexCommand, store: FactsCache, branch: str, keep: int, started: float
) -> int:
    from blast_radius.adapters.index_branch import IndexBranch
    from blast_radius.adapters.repository import LocalRepository
    from blast_radius.app.store import build_snapshot

    repository = LocalRepository(command.root)
    commit = repository.resolve("HEAD")
    index_branch = IndexBranch(command.root, branch)
    # Each snapshot file goes to git's objects as soon as it is made.
    files = build_snapshot(
        Workspace(command.root),
        store,
        Extractor(command.jobs),
        command.settings,
        fingerprint(LANGUAGES, __version__),
        commit,
        index_branch.store,
        StderrProgress(enabled=not command.quiet),
    )
    published = index_branch.publish(commit, files.graph, facts=files.facts, keep=keep)
    if not command.quiet:
        print(
            f"Snapshot of {commit[:12]} ({files.entries} entries; graph "
            f"{files.graph.size / 1e6:.1f} MB, facts {files.facts.size / 1e6:.1f} MB) published "
            f"on {branch} and {index_branch.facts_branch} as {published[:12]} "
            f"in {time.perf_counter() - started:.1f}s"
        )
    return 0


def _cmd_graph(args: argparse.Namespace) -> int:
    command = _index_command(args)
    result = _run_index(command)
    sys.stdout.writelines(text_slices(result.graph))
    return 0


@dataclass(frozen=True, slots=True)
class ImpactCommand:
    """Settings of ``impact``, parsed once."""

    index: IndexCommand
    request: ImpactRequest
    output_format: str
    out: Path | None
    index_branch: str | None


def _impact_command(args: argparse.Namespace, begun: Started | None = None) -> ImpactCommand:
    from blast_radius.app.impact import ImpactRequest
    from blast_radius.core.walk import WalkLimits

    if args.max_depth < 1:
        raise ConfigError("--max-depth must be 1 or more")
    if not 0 < args.min_confidence <= 1:
        raise ConfigError("--min-confidence must be in (0, 1]")
    if not 0 < args.test_confidence <= 1:
        raise ConfigError("--test-confidence must be in (0, 1]")
    return ImpactCommand(
        index=_index_command(args, begun),
        request=ImpactRequest(
            base=args.base,
            head=None if args.head == WORK_TREE else args.head,
            limits=WalkLimits(
                max_depth=args.max_depth,
                min_confidence=args.min_confidence,
                max_nodes=args.max_nodes,
            ),
            test_confidence=args.test_confidence,
            test_selection=args.test_selection,
        ),
        output_format=args.format,
        out=Path(args.out) if args.out else None,
        index_branch=_index_branch_name(args.index_branch),
    )


def _index_branch_name(name: str) -> str | None:
    from blast_radius.adapters.index_branch import IndexBranch

    if not name:
        return None
    try:
        IndexBranch(Path("."), name)
    except ValueError as error:
        raise ConfigError(f"--index-branch: {error}") from None
    return name


def _cmd_impact(args: argparse.Namespace, begun: Started) -> int:
    from blast_radius.adapters.render import (
        DEFAULT_TEMPLATE,
        make_environment,
        render_markdown,
        render_text,
    )
    from blast_radius.adapters.repository import LocalRepository, branch_snapshots
    from blast_radius.app.impact import analyze_impact

    command = _impact_command(args, begun)
    started = time.perf_counter()
    snapshots = branch_snapshots(command.index.root, command.index_branch, begun.fetching)
    environment = None
    if snapshots is not None:
        snapshots.prefetch()
        if command.output_format == "markdown":
            # Compiling the template is work the download can hide.
            environment = make_environment()
            environment.get_template(DEFAULT_TEMPLATE)
    report = analyze_impact(
        LocalRepository(command.index.root, begun.merge_base),
        command.request,
        FactsCache(command.index.cache_dir),
        Extractor(command.index.jobs, begun.standby),
        command.index.settings,
        fingerprint(LANGUAGES, __version__),
        StderrProgress(enabled=not command.index.quiet),
        snapshots=snapshots,
        retain=begun.retained,
    )
    report = replace(report, elapsed_seconds=round(time.perf_counter() - started, 2))
    for gap in report.gaps:
        if gap.endswith(UNPARSED_SUFFIX):
            # said even with --quiet: the report below cannot see these files
            print(f"blast-radius: warning: {gap}", file=sys.stderr)
    if command.output_format == "json":
        text = report.to_json()
    elif command.output_format == "text":
        text = render_text(report)
    else:
        text = render_markdown(report, environment=environment)
    if command.out is not None:
        command.out.parent.mkdir(parents=True, exist_ok=True)
        command.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    from blast_radius.adapters.sample import build_sample_repository

    with tempfile.TemporaryDirectory(prefix="blast-radius-demo-") as folder:
        root = build_sample_repository(Path(folder) / "shop")
        print(
            f"Sample repository built in {root}: branch `change` edits "
            "src/shop/money.py on top of `main`.\n",
            file=sys.stderr,
        )
        return _cmd_impact(
            build_parser().parse_args(
                [
                    "impact",
                    str(root),
                    "--base",
                    "main",
                    "--no-cache",
                    "--quiet",
                    "--format",
                    args.format,
                ]
            ),
            Started(),
        )


def _input(environ: Mapping[str, str], name: str, default: str = "") -> str:
    """An action input: the runner passes ``INPUT_<NAME>`` (hyphens kept)."""
    upper = name.upper()
    value = environ.get(f"INPUT_{upper}", environ.get(f"INPUT_{upper.replace('-', '_')}"))
    return default if value is None or value.strip() == "" else value.strip()


def _choice(environ: Mapping[str, str], name: str, choices: tuple[str, ...], default: str) -> str:
    value = _input(environ, name, default)
    if value not in choices:
        raise ConfigError(f"input `{name}` must be one of {', '.join(choices)} (got {value!r})")
    return value


def _action_settings(environ: Mapping[str, str]) -> tuple[ActionContext, RunnerSettings]:
    from blast_radius.app.impact import TEST_SELECTIONS
    from blast_radius.core.publish import COMMENT_MODES, FAIL_ON, MODES
    from blast_radius.core.walk import DEFAULT_TEST_CONFIDENCE, WalkLimits

    """Everything the action reads from its environment, read once."""
    from blast_radius.adapters.runner import RunnerSettings
    from blast_radius.app.action import ActionContext, ActionInputs

    workspace = Path(environ.get("GITHUB_WORKSPACE") or ".").resolve()
    root = (workspace / _input(environ, "working-directory", ".")).resolve()
    event: dict[str, object] = {}
    event_path = environ.get("GITHUB_EVENT_PATH")
    if event_path and Path(event_path).is_file():
        try:
            loaded = json.loads(Path(event_path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise ConfigError(f"the event file {event_path} could not be read: {error}") from None
        event = loaded if isinstance(loaded, dict) else {}
    try:
        max_depth = int(_input(environ, "max-depth", "4"))
        min_confidence = float(_input(environ, "min-confidence", "0.01"))
        test_confidence = float(_input(environ, "test-confidence", str(DEFAULT_TEST_CONFIDENCE)))
    except ValueError as error:
        raise ConfigError(
            f"input max-depth, min-confidence or test-confidence is not a number: {error}"
        ) from None
    if max_depth < 1 or not 0 < min_confidence <= 1 or not 0 < test_confidence <= 1:
        raise ConfigError(
            "input max-depth must be >= 1, min-confidence and test-confidence in (0, 1]"
        )
    config_path = root / _input(environ, "config", DEFAULT_CONFIG)
    config = load_config(config_path)
    template = _input(environ, "template")
    cache_dir = _input(environ, "cache-dir")
    inputs = ActionInputs(
        token=_input(environ, "github-token"),
        base=_input(environ, "base"),
        comment=_choice(environ, "comment", COMMENT_MODES, "always"),
        check_run=_input(environ, "check-run", "true").lower() in ("true", "yes", "1", "on"),
        check_name=_input(environ, "check-name", "Blast radius"),
        fail_on=_choice(environ, "fail-on", FAIL_ON, "never"),
        mode=_choice(environ, "mode", MODES, "auto"),
        report_artifact=_input(environ, "report-artifact", "blast-radius-report.json"),
    )
    context = ActionContext(
        event_name=environ.get("GITHUB_EVENT_NAME", ""),
        event=event,
        repository=environ.get("GITHUB_REPOSITORY", ""),
        sha=environ.get("GITHUB_SHA", ""),
        inputs=inputs,
        run_key=".".join(
            environ.get(name, "") for name in ("GITHUB_RUN_ID", "GITHUB_RUN_ATTEMPT", "GITHUB_JOB")
        ).strip("."),
    )
    runner = RunnerSettings(
        workspace=root,
        output_file=Path(environ["GITHUB_OUTPUT"]) if environ.get("GITHUB_OUTPUT") else None,
        summary_file=(
            Path(environ["GITHUB_STEP_SUMMARY"]) if environ.get("GITHUB_STEP_SUMMARY") else None
        ),
        cache_dir=Path(cache_dir) if cache_dir else default_cache_dir(root),
        jobs=default_jobs(),
        index_settings=IndexSettings(
            excludes=config.exclude,
            max_file_bytes=config.max_file_size,
            build=BuildOptions(python_roots=config.python_roots),
            memory_budget_mb=config.memory_budget_mb,
        ),
        limits=WalkLimits(max_depth=max_depth, min_confidence=min_confidence),
        test_confidence=test_confidence,
        test_selection=_choice(environ, "test-selection", TEST_SELECTIONS, "precise"),
        template=(root / template) if template else None,
        index_branch=_input(environ, "index-branch", "blast-radius-index"),
    )
    return context, runner


def _cmd_action(args: argparse.Namespace, begun: Started) -> int:
    # Imported here: PyGithub takes a tenth of a second to load, and only the
    # action needs it (and the action's own modules).
    from blast_radius.adapters.github import (
        GitHubError,
        GitHubPublisher,
        TokenRejected,
        api_url_from_environment,
    )
    from blast_radius.adapters.runner import GitHubRunner
    from blast_radius.app.action import (
        TOKEN_REJECTED,
        TOO_LONG,
        ActionCancelled,
        run_action,
    )

    environ = os.environ
    token = _input(environ, "github-token")
    if token:
        # Ask the runner to hide the token from every later log line.
        print(f"::add-mask::{token}", flush=True)
    try:
        context, settings = _action_settings(environ)
        api_timeout = _api_timeout(environ)
    except ConfigError as error:
        _report_unusable_inputs(environ, str(error))
        return 1

    def stop(signum: int, _frame: object) -> None:
        # Only the first signal interrupts: the runner sends a second one
        # seconds later, and the run needs those seconds to complete its check run.
        for name in ("SIGTERM", "SIGINT"):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
        raise ActionCancelled(f"the runner sent {signal.Signals(signum).name}")

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def classify(error: BaseException) -> str:
        if isinstance(error, TokenRejected):
            return TOKEN_REJECTED
        if isinstance(error, GitHubError) and error.status == 422 and "too long" in str(error):
            return TOO_LONG
        return type(error).__name__

    publisher = None
    if token and context.repository:
        try:
            publisher = GitHubPublisher(
                api_url_from_environment(environ),
                token,
                context.repository,
                timeout=api_timeout,
            )
        except ValueError as error:
            print(f"::warning title=Blast radius::not posting to GitHub: {error}", flush=True)
    return run_action(context, GitHubRunner(settings, retain=begun.retained), publisher, classify)


def _api_timeout(environ: Mapping[str, str]) -> float:
    """Seconds one API request may take: ``BLAST_RADIUS_API_TIMEOUT``, else 20."""
    text = environ.get("BLAST_RADIUS_API_TIMEOUT", "").strip()
    try:
        seconds = float(text) if text else 20.0
    except ValueError:
        raise ConfigError(
            f"BLAST_RADIUS_API_TIMEOUT must be a number of seconds, not {text!r}"
        ) from None
    return seconds if seconds > 0 else 20.0


def _report_unusable_inputs(environ: Mapping[str, str], message: str) -> None:
    """The inputs could not be read: say so where the user looks, and set the outputs."""
    from blast_radius.core.markdown import escape_text
    from blast_radius.core.publish import escape_command_value, format_outputs, outputs_for

    print(f"::error title=Blast radius::{escape_command_value(message)}", flush=True)
    print(f"blast-radius: error: {message}", file=sys.stderr)
    summary = environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with Path(summary).open("a", encoding="utf-8") as handle:
            handle.write(f"### Blast radius did not run\n\n{escape_text(message)}\n")
    output = environ.get("GITHUB_OUTPUT")
    if output:
        values = {**outputs_for(None, ""), "comment-url": "", "check-run-url": ""}
        with Path(output).open("a", encoding="utf-8") as handle:
            handle.write(format_outputs(values))


_COMMANDS = {
    "graph": _cmd_graph,
    "demo": _cmd_demo,
}


def run(args: argparse.Namespace, started: Started | None = None) -> int:
    """Run the command ``args`` names, with what the command line already started."""
    try:
        if args.command == "impact":
            return _cmd_impact(args, started or Started())
        if args.command == "action":
            return _cmd_action(args, started or Started())
        if args.command == "index":
            return _cmd_index(args, started or Started())
        return _COMMANDS[args.command](args)
    except (
        ConfigError,
        WorkspaceError,
        GrammarError,
        ExtractionError,
        ExtractionFoundNothing,
    ) as error:
        print(f"blast-radius: error: {error}", file=sys.stderr)
        return 1
    except (ValueError, RuntimeError) as error:
        if not isinstance(error, _late_errors()):
            raise
        print(f"blast-radius: error: {error}", file=sys.stderr)
        return 1


def _late_errors() -> tuple[type[Exception], ...]:
    """The errors a user can cause through modules some commands load only (a
    failing git command, a bad report format or template): imported when an
    error is met, so that an index run starts without them."""
    from blast_radius.adapters.git import GitError
    from blast_radius.adapters.render import TemplateError
    from blast_radius.core.report import ReportFormatError

    return GitError, ReportFormatError, TemplateError
