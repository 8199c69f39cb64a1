"""Benchmark workloads: pinned source distributions fetched from PyPI.

Each workload is an sdist downloaded with ``pip download --no-binary :all:``
and unpacked once into the cache folder; later runs reuse the unpacked tree.

    python benchmarks/workloads.py            # fetch every workload
    python benchmarks/workloads.py --cache-dir /tmp/bench
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / (
    "blast-radius-bench"
)


@dataclass(frozen=True)
class Workload:
    """A pinned sdist and where its Python package lives inside it."""

    name: str  # distribution name on PyPI
    version: str
    package: str  # top-level import name
    source_root: str  # folder (relative to the sdist root) that holds ``package``


SQLALCHEMY = Workload("SQLAlchemy", "2.0.36", "sqlalchemy", "lib")
DJANGO = Workload("Django", "5.1.4", "django", ".")
SYMPY = Workload("sympy", "1.13.3", "sympy", ".")
WORKLOADS = (SQLALCHEMY, DJANGO, SYMPY)


def add_cache_dir_argument(parser: argparse.ArgumentParser) -> None:
    """The ``--cache-dir`` option shared by every benchmark script."""
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=DEFAULT_CACHE_DIR,
        help=f"where downloads and unpacked trees are kept (default: {DEFAULT_CACHE_DIR})",
    )


@contextlib.contextmanager
def scratch_folder(cache_dir: Path, prefix: str, keep: bool) -> Iterator[Path]:
    """A new folder under ``<cache_dir>/runs/``, deleted on leaving unless ``keep``."""
    runs_dir = cache_dir / "runs"
    runs_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=prefix, dir=runs_dir))
    try:
        yield work
    finally:
        if keep:
            print(f"scratch folder kept: {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


def finish_report(
    results: dict[str, Any], print_report: Callable[[dict[str, Any]], None], json_path: str | None
) -> None:
    """Note the load average now, print the report, and write the figures as JSON if asked."""
    results["load_average_after"] = list(os.getloadavg())
    print_report(results)
    if json_path:
        Path(json_path).write_text(json.dumps(results, indent=2) + "\n")


def whole_mb(value: float | None) -> str:
    """Megabytes rounded to a whole number, or '-' when not measured."""
    return f"{value:.0f}" if value is not None else "-"


def profiled_command(python: str, prof: Path, cli_args: list[str]) -> list[str]:
    """``blast-radius CLI_ARGS`` under cProfile, writing ``prof``.

    ``python -m blast_radius`` ends in ``os._exit`` once its output is
    flushed, before cProfile could write its file: the command runs a script
    (written beside ``prof``) that returns from ``cli.main`` instead.
    """
    script = prof.with_suffix(".py")
    script.write_text(
        "import sys\nfrom blast_radius.cli import main\nraise SystemExit(main(sys.argv[1:]))\n"
    )
    return [python, "-m", "cProfile", "-o", str(prof), str(script), *cli_args]


def _safe_extract(archive: Path, dest: Path) -> None:
    dest_resolved = dest.resolve()
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            for name in zf.namelist():
                if not (dest / name).resolve().is_relative_to(dest_resolved):
                    raise RuntimeError(f"unsafe path in {archive}: {name}")
            zf.extractall(dest)
        return
    with tarfile.open(archive) as tf:
        if hasattr(tarfile, "data_filter"):
            tf.extractall(dest, filter="data")
        else:  # pragma: no cover - Python without PEP 706
            for member in tf.getmembers():
                if not (dest / member.name).resolve().is_relative_to(dest_resolved):
                    raise RuntimeError(f"unsafe path in {archive}: {member.name}")
            tf.extractall(dest)


def fetch_sdist(name: str, version: str, cache_dir: Path) -> Path:
    """Download and unpack the sdist of ``name==version``; return its root folder.

    The result is cached: ``<cache_dir>/sdists/<name>-<version>/`` holds the
    archive, and ``<cache_dir>/src/<name>-<version>/`` the unpacked root (the
    single top folder of the archive). A second call returns at once.
    """
    cache_dir = Path(cache_dir).expanduser()
    key = f"{name.lower()}-{version}"
    root = cache_dir / "src" / key
    done = cache_dir / "src" / f"{key}.unpacked"  # beside the tree, not inside it
    if done.exists():
        return root

    dl_dir = cache_dir / "sdists" / key
    dl_dir.mkdir(parents=True, exist_ok=True)
    archives = _archives(dl_dir)
    if not archives:
        print(f"[workloads] downloading {name}=={version} sdist ...", file=sys.stderr)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--no-binary",
                ":all:",
                "--disable-pip-version-check",
                "--quiet",
                f"{name}=={version}",
                "-d",
                str(dl_dir),
            ],
            check=True,
        )
        archives = _archives(dl_dir)
    if len(archives) != 1:
        raise RuntimeError(f"expected one sdist in {dl_dir}, found {archives}")

    root.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=root.parent, prefix=f".{key}-") as tmp:
        tmp_path = Path(tmp)
        _safe_extract(archives[0], tmp_path)
        tops = list(tmp_path.iterdir())
        top = tops[0] if len(tops) == 1 and tops[0].is_dir() else tmp_path
        done.unlink(missing_ok=True)
        if root.exists():
            shutil.rmtree(root)
        if top is tmp_path:
            shutil.copytree(tmp_path, root)
        else:
            top.rename(root)
    done.write_text(f"{name}=={version}\n")
    return root


def _archives(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.iterdir()
        if p.is_file() and (p.name.endswith((".tar.gz", ".tgz", ".tar.bz2", ".zip")))
    )


def workload_root(workload: Workload, cache_dir: Path) -> Path:
    """The unpacked sdist root of a workload (fetched on first use)."""
    return fetch_sdist(workload.name, workload.version, cache_dir)


def make_git_repo(src: Path, dest: Path) -> Path:
    """Copy the tree ``src`` to ``dest`` and make it a git repository with one commit.

    ``dest`` must not exist yet. Returns ``dest``.
    """
    src = Path(src)
    dest = Path(dest)
    if dest.exists():
        raise FileExistsError(dest)
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns(".git"))
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=dest, check=True, env=env, stdout=subprocess.DEVNULL)

    git("init", "--quiet", "--initial-branch=main")
    git("add", "--all", "--force")
    commit_all(dest, "benchmark workload")
    return dest


def commit_all(repo: Path, message: str) -> None:
    """Commit every tracked change in ``repo`` as the benchmarks' author, with no user config."""
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    identity = ("-c", "user.name=bench", "-c", "user.email=bench@example.invalid")
    options = ("-c", "commit.gpgsign=false", "commit", "--quiet", "--no-verify", "-am", message)
    subprocess.run(
        ["git", *identity, *options], cwd=repo, check=True, env=env, stdout=subprocess.DEVNULL
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fetch the benchmark workloads.")
    add_cache_dir_argument(parser)
    args = parser.parse_args(argv)
    for w in WORKLOADS:
        root = workload_root(w, args.cache_dir)
        pkg = root / w.source_root / w.package
        n = sum(1 for _ in pkg.rglob("*.py"))
        print(f"{w.name}=={w.version}: {root} ({n} .py files under {pkg.relative_to(root)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
