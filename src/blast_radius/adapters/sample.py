"""Build the bundled sample into a git repository with a pull-request branch."""

from __future__ import annotations

import importlib.resources
import os
import shutil
import subprocess
from pathlib import Path

_IDENTITY = {
    "GIT_AUTHOR_NAME": "Blast Radius",
    "GIT_AUTHOR_EMAIL": "sample@blast-radius.invalid",
    "GIT_COMMITTER_NAME": "Blast Radius",
    "GIT_COMMITTER_EMAIL": "sample@blast-radius.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    # Fixed dates give fixed commit ids: the demo prints the same report on every run.
    "GIT_AUTHOR_DATE": "2026-01-01T12:00:00+00:00",
    "GIT_COMMITTER_DATE": "2026-01-01T12:00:00+00:00",
}


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(root), *args],
        check=True,
        capture_output=True,
        env={**os.environ, **_IDENTITY},
        timeout=60,
    )


def build_sample_repository(target: Path) -> Path:
    """A repository at ``target``: ``main`` holds the sample, ``change`` the PR on top."""
    sample = importlib.resources.files("blast_radius") / "sample"
    with importlib.resources.as_file(sample) as folder:
        # An installed package may hold compiled caches next to the sample.
        skip = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(folder / "base", target, ignore=skip)
        _git(target, "init", "-q", "-b", "main")
        _git(target, "add", "-A")
        _git(target, "commit", "-q", "-m", "The shop")
        _git(target, "checkout", "-q", "-b", "change")
        # Plain copies: preserved modification times could hide the edit from git.
        shutil.copytree(
            folder / "change", target, dirs_exist_ok=True, copy_function=shutil.copy, ignore=skip
        )
    _git(target, "add", "-A")
    _git(target, "commit", "-q", "-m", "Round to any number of digits")
    return target
