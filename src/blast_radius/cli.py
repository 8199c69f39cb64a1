"""The ``blast-radius`` command line: the arguments, then the command.

This module stays light on purpose: a pull-request run starts downloading the
index branch before the rest of the tool is even imported.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from blast_radius import __version__
from blast_radius.adapters.config import DEFAULT_CONFIG

# The fetch of the index branch and the merge base are started, and so
# imported, by ``impact`` only: an index run starts without them.
if TYPE_CHECKING:
    from blast_radius.adapters.git import StartedMergeBase
    from blast_radius.adapters.index_branch import BackgroundFetch
    from blast_radius.adapters.standby import Standby

WORK_TREE = "WORKTREE"


def _add_index_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", default=".", help="repository root (default: .)")
    parser.add_argument("--jobs", type=int, default=0, help="parser processes (default: cores)")
    parser.add_argument("--config", help=f"config file (default: <path>/{DEFAULT_CONFIG})")
    parser.add_argument("--cache-dir", help="facts cache folder (default: inside .git)")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write a cache")
    parser.add_argument("--quiet", action="store_true", help="no progress or summary")
    parser.add_argument(
        "--memory-budget",
        type=int,
        default=0,
        metavar="MB",
        help="memory for the facts of files being resolved; above it, files are resolved "
        "in batches (default: the config file's memory-budget, else 128)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``blast-radius`` command."""
    parser = argparse.ArgumentParser(
        prog="blast-radius",
        description="Build a code graph of a repository and show how far a change reaches.",
    )
    parser.add_argument("--version", action="version", version=f"blast-radius {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    index = sub.add_parser("index", help="build the code graph and print a summary")
    _add_index_options(index)
    index.add_argument("--out", help="write the graph JSON to this file")
    index.add_argument(
        "--publish-branch", help="store a snapshot of HEAD on this data branch and push it"
    )
    index.add_argument("--keep", type=int, default=10, help="snapshots kept on the branch")
    index.add_argument("--shard", help="K/N: extract only the K-th of N shares of the files")
    index.add_argument("--facts-out", help="with --shard: the folder for this shard's facts")
    index.add_argument(
        "--merge", nargs="+", metavar="DIR", help="build the graph from these shards' facts"
    )
    graph = sub.add_parser("graph", help="print the code graph")
    _add_index_options(graph)
    graph.add_argument("--format", choices=["json"], default="json", help="output format")
    impact = sub.add_parser("impact", help="report what a change reaches")
    _add_index_options(impact)
    impact.add_argument("--base", required=True, help="the base revision (e.g. origin/main)")
    impact.add_argument(
        "--head",
        default="HEAD",
        help=f"the head revision (default HEAD; {WORK_TREE} for uncommitted changes)",
    )
    impact.add_argument(
        "--format", choices=["markdown", "json", "text"], default="markdown", help="output format"
    )
    impact.add_argument("--out", help="write the report to this file instead of stdout")
    impact.add_argument(
        "--index-branch",
        default="blast-radius-index",
        help="restore the merge base's snapshot from this branch when it exists "
        "(default blast-radius-index; empty to build from the files)",
    )
    impact.add_argument("--max-depth", type=int, default=4, help="walk at most this far")
    impact.add_argument(
        "--min-confidence", type=float, default=0.01, help="ignore paths less likely than this"
    )
    impact.add_argument(
        "--max-nodes", type=int, default=50_000, help="stop after this many dependents"
    )
    impact.add_argument(
        "--test-confidence",
        type=float,
        default=0.0001,
        help="select tests reached at any depth along paths at least this likely (default 0.0001)",
    )
    impact.add_argument(
        "--test-selection",
        choices=["precise", "conservative"],
        default="precise",
        help="conservative: also select test files that import a changed module (default precise)",
    )
    demo = sub.add_parser("demo", help="run impact on the bundled sample repository")
    demo.add_argument(
        "--format", choices=["markdown", "json", "text"], default="markdown", help="output format"
    )
    sub.add_parser("action", help="run as the GitHub Action (reads the runner's environment)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    return _run(argv, None)


def entry() -> NoReturn:
    """The ``blast-radius`` command: ``main``, then an exit that skips tearing the
    interpreter down.

    A large repository's graphs are millions of small objects, and freeing
    them one by one, as returning and exiting do, took a tenth to half a
    second after the report was written (sympy). They are kept to the end
    instead, and the process exits once its output is flushed.
    """
    kept: list[object] = []
    status = _run(None, kept)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:  # a reader that went away: the exit status says so
        status = status or 1
    os._exit(status)


def _run(argv: Sequence[str] | None, kept: list[object] | None) -> int:
    # The run is short and builds hundreds of thousands of acyclic tuples:
    # the cycle collector would re-scan them again and again (a quarter of
    # the run time on large repositories) and find nothing to free.
    gc.disable()
    args = build_parser().parse_args(argv)
    if getattr(args, "jobs", 0) is not None and getattr(args, "jobs", 0) < 0:
        print("blast-radius: --jobs must be 1 or more", file=sys.stderr)
        return 2
    if getattr(args, "memory_budget", 0) and args.memory_budget < 16:
        print("blast-radius: --memory-budget must be at least 16 (MB)", file=sys.stderr)
        return 2
    started = Started(retained=kept)
    if args.command in ("index", "impact"):
        from blast_radius.adapters.cache import default_cache_dir, languages_hint
        from blast_radius.adapters.standby import Standby, usable_cores

        folder = None
        if not args.no_cache:
            root = Path(args.path).resolve()
            folder = Path(args.cache_dir) if args.cache_dir else default_cache_dir(root)
        started = replace(started, cache_folder=folder)
        # Forked before any thread starts, and before this process loads the
        # tool's modules: the changed files are parsed there, their languages
        # compiled while this process lists the tree (or restores the index).
        # (An index run that merges, publishes or extracts a shard uses none.)
        warm = languages_hint(folder)
        wanted = args.command == "impact" or (
            bool(warm) and not (args.shard or args.merge or args.publish_branch)
        )
        if wanted and (args.jobs or usable_cores()) > 1:
            started = replace(started, standby=Standby.start(warm))
    if args.command == "impact":
        from blast_radius.adapters.git import StartedMergeBase
        from blast_radius.adapters.index_branch import BackgroundFetch, IndexBranch

        # Both git waits overlap the imports below, and each other.
        root = Path(args.path).resolve()
        head = "HEAD" if args.head == WORK_TREE else args.head
        started = replace(started, merge_base=StartedMergeBase.start(root, args.base, head))
        if args.index_branch:
            with contextlib.suppress(ValueError):  # a bad name is reported by the command
                fetching = BackgroundFetch(IndexBranch(root, args.index_branch))
                started = replace(started, fetching=fetching)
    from blast_radius import commands

    try:
        return commands.run(args, started)
    finally:
        if started.standby is not None:
            started.standby.close()


@dataclass(frozen=True, slots=True)
class Started:
    """Work begun before the tool's modules load: the merge base and the index's fetch."""

    merge_base: StartedMergeBase | None = None
    fetching: BackgroundFetch | None = None
    standby: Standby | None = None
    """A parser process forked before the threads started (``Extractor``)."""
    cache_folder: Path | None = None
    """The cache folder, worked out once (``index`` and ``impact``; None
    otherwise, or with ``--no-cache``)."""
    retained: list[object] | None = None
    """Where a command puts what it built and need not free: the process exits
    without freeing it (``entry``). None: freed as usual (``main``)."""
