"""The ``blast-radius`` command line: parses settings once and wires the adapters."""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from blast_radius import __version__
from blast_radius.adapters.cache import FactsCache
from blast_radius.adapters.config import DEFAULT_CONFIG, ConfigError, load_config
from blast_radius.adapters.extraction import ExtractionError, Extractor, default_jobs
from blast_radius.adapters.grammars import GrammarError, fingerprint
from blast_radius.adapters.progress import StderrProgress
from blast_radius.adapters.workspace import Workspace, WorkspaceError
from blast_radius.app.indexing import (
    ExtractionFoundNothing,
    IndexResult,
    IndexSettings,
    index_tree,
)
from blast_radius.core.build import BuildOptions
from blast_radius.core.languages import LANGUAGES


@dataclass(frozen=True, slots=True)
class IndexCommand:
    """Settings of ``index`` and ``graph``, parsed once from arguments and config."""

    root: Path
    jobs: int
    cache_dir: Path | None
    settings: IndexSettings
    quiet: bool


def _default_cache_dir(root: Path) -> Path:
    result = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--path-format=absolute", "--git-common-dir"],
        capture_output=True,
        check=False,
        text=True,
    )
    if result.returncode == 0 and result.stdout.strip():
        return Path(result.stdout.strip()) / "blast-radius"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "blast-radius" / hashlib.sha256(str(root).encode()).hexdigest()[:16]


def _index_command(args: argparse.Namespace) -> IndexCommand:
    root = Path(args.path).resolve()
    if not root.is_dir():
        raise WorkspaceError(f"{args.path} is not a directory")
    config_path = Path(args.config) if args.config else root / DEFAULT_CONFIG
    config = load_config(config_path, required=bool(args.config))
    if args.no_cache:
        cache_dir = None
    elif args.cache_dir:
        cache_dir = Path(args.cache_dir)
    else:
        cache_dir = _default_cache_dir(root)
    return IndexCommand(
        root=root,
        jobs=args.jobs or default_jobs(),
        cache_dir=cache_dir,
        settings=IndexSettings(
            excludes=config.exclude,
            max_file_bytes=config.max_file_size,
            build=BuildOptions(python_roots=config.python_roots),
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


def _cmd_index(args: argparse.Namespace) -> int:
    command = _index_command(args)
    started = time.perf_counter()
    result = _run_index(command)
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.graph_text, encoding="utf-8")
    seconds = time.perf_counter() - started
    if not command.quiet:
        print(format_summary(command.root, result, seconds))
        if args.out:
            print(f"Graph written to {args.out}")
    return 0


def _cmd_graph(args: argparse.Namespace) -> int:
    command = _index_command(args)
    result = _run_index(command)
    sys.stdout.write(result.graph_text)
    return 0


def _add_index_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", default=".", help="repository root (default: .)")
    parser.add_argument("--jobs", type=int, default=0, help="parser processes (default: cores)")
    parser.add_argument("--config", help=f"config file (default: <path>/{DEFAULT_CONFIG})")
    parser.add_argument("--cache-dir", help="facts cache folder (default: inside .git)")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write a cache")
    parser.add_argument("--quiet", action="store_true", help="no progress or summary")


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
    index.set_defaults(func=_cmd_index)
    graph = sub.add_parser("graph", help="print the code graph")
    _add_index_options(graph)
    graph.add_argument("--format", choices=["json"], default="json", help="output format")
    graph.set_defaults(func=_cmd_graph)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    if getattr(args, "jobs", 0) is not None and getattr(args, "jobs", 0) < 0:
        print("blast-radius: --jobs must be 1 or more", file=sys.stderr)
        return 2
    try:
        status: int = args.func(args)
        return status
    except (
        ConfigError,
        WorkspaceError,
        GrammarError,
        ExtractionError,
        ExtractionFoundNothing,
    ) as error:
        print(f"blast-radius: error: {error}", file=sys.stderr)
        return 1
