"""Synthetic repositories made of real code: several renamed copies of workloads.

A repository K times the size of a real one, for size and memory figures,
without writing code nobody would: copy ``i`` of a workload lives in its own
folder (``django-2/``) with its package renamed (``django`` -> ``django_2``)
in the package folder's name and, as a whole word, in every Python file of
the copy. Imports then stay inside their copy, as they would in a monorepo of
independent projects, instead of every copy naming one package.

    python benchmarks/synthetic.py DEST --copies django=4
    python benchmarks/synthetic.py DEST --lines 5000000   # cycles the workloads
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from workloads import (
    DEFAULT_CACHE_DIR,
    WORKLOADS,
    Workload,
    add_cache_dir_argument,
    make_git_repo,
    workload_root,
)

_SUFFIXES = (".py", ".pyi")


@dataclass(frozen=True)
class Copy:
    """One copy of a workload in the synthetic tree."""

    workload: Workload
    index: int  # 1-based; copy 1 keeps the package's own name

    @property
    def folder(self) -> str:
        return f"{self.workload.name.lower()}-{self.index}"

    @property
    def package(self) -> str:
        name = self.workload.package
        return name if self.index == 1 else f"{name}_{self.index}"


def python_lines(root: Path) -> int:
    """Lines of the Python files under ``root``, its ``.git`` folder aside.

    A background ``git gc`` may be removing object folders while this walks:
    they are never entered.
    """
    total = 0
    paths: list[Path] = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [d for d in subfolders if d != ".git"]
        paths.extend(Path(folder, name) for name in files)
    for path in sorted(paths):
        if path.suffix in _SUFFIXES and path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                total += sum(1 for _ in handle)
    return total


def write_copy(src: Path, dest: Path, copy: Copy) -> None:
    """Copy the workload tree ``src`` to ``dest`` with its package renamed."""
    shutil.copytree(src, dest, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    if copy.index == 1:
        return
    old, new = copy.workload.package, copy.package
    package_dir = dest / copy.workload.source_root / old
    package_dir.rename(package_dir.with_name(new))
    word = re.compile(rb"\b" + re.escape(old.encode()) + rb"\b")
    for path in sorted(dest.rglob("*")):
        if path.suffix in _SUFFIXES and path.is_file() and not path.is_symlink():
            data = path.read_bytes()
            changed = word.sub(new.encode(), data)
            if changed != data:
                path.write_bytes(changed)


def plan(counts: dict[str, int]) -> list[Copy]:
    """The copies for ``{workload name: copies}``, in ``WORKLOADS`` order."""
    by_name = {w.name.lower(): w for w in WORKLOADS}
    unknown = sorted(set(counts) - set(by_name))
    if unknown:
        raise ValueError(f"unknown workloads {unknown}; known: {sorted(by_name)}")
    return [Copy(w, i) for w in WORKLOADS for i in range(1, counts.get(w.name.lower(), 0) + 1)]


def plan_lines(target: int, cache_dir: Path) -> tuple[list[Copy], int]:
    """Copies of every workload in turn until their Python lines reach ``target``."""
    sizes = {w: python_lines(workload_root(w, cache_dir)) for w in WORKLOADS}
    copies: list[Copy] = []
    made = dict.fromkeys(WORKLOADS, 0)
    total = 0
    while total < target:
        for w in WORKLOADS:
            if total >= target:
                break
            made[w] += 1
            copies.append(Copy(w, made[w]))
            total += sizes[w]
    return copies, total


def make_synthetic_repo(copies: list[Copy], dest: Path, cache_dir: Path) -> Path:
    """Write the copies under a staging folder, then commit them as one repository."""
    staging = dest.with_name(dest.name + ".staging")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        for copy in copies:
            write_copy(workload_root(copy.workload, cache_dir), staging / copy.folder, copy)
        return make_git_repo(staging, dest)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make a synthetic repository of real code.")
    add_cache_dir_argument(parser)
    parser.add_argument("dest", type=Path, help="the repository to create (must not exist)")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument(
        "--copies",
        nargs="+",
        metavar="NAME=K",
        help="copies per workload, e.g. django=4 sqlalchemy=2",
    )
    group.add_argument("--lines", type=int, help="cycle the workloads up to this many lines")
    args = parser.parse_args(argv)
    cache_dir: Path = args.cache_dir or DEFAULT_CACHE_DIR
    if args.lines:
        copies, total = plan_lines(args.lines, cache_dir)
    else:
        counts = {k: int(v) for k, v in (item.split("=", 1) for item in args.copies)}
        copies = plan(counts)
        sizes = {w: python_lines(workload_root(w, cache_dir)) for w in {c.workload for c in copies}}
        total = sum(sizes[c.workload] for c in copies)
    repo = make_synthetic_repo(copies, args.dest, cache_dir)
    print(f"{repo}: {len(copies)} copies, {total:,} lines of Python")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
