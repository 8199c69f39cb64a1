"""Shared fixtures: real git repositories built in tmp_path."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from blast_radius.core.report import Report, report_from_json

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Test",
    "GIT_AUTHOR_EMAIL": "test@example.invalid",
    "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
    # Fixed dates make commit ids, and so rendered reports, reproducible.
    "GIT_AUTHOR_DATE": "2026-01-01T00:00:00+00:00",
    "GIT_COMMITTER_DATE": "2026-01-01T00:00:00+00:00",
    "HOME": "/nonexistent",
}


def git(root: Path, *args: str) -> str:
    """Run git in ``root`` with a fixed identity; return stdout."""
    import os

    env = {**os.environ, **GIT_ENV}
    result = subprocess.run(
        ["git", "-C", str(root), *args], capture_output=True, text=True, env=env, check=True
    )
    return result.stdout


def write_tree(root: Path, files: Mapping[str, str | bytes]) -> None:
    """Write ``files`` (path -> text or bytes) under ``root``."""
    for path, content in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")


@pytest.fixture(scope="session")
def demo_report() -> Report:
    """The report of the bundled demo, as its JSON reads back (a value: shared)."""
    result = subprocess.run(
        [sys.executable, "-m", "blast_radius", "demo", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    return report_from_json(result.stdout)


@pytest.fixture
def make_repo(tmp_path: Path) -> Callable[..., Path]:
    """Build a git repository with one commit holding ``files``."""

    def build(files: Mapping[str, str | bytes], name: str = "repo") -> Path:
        root = tmp_path / name
        root.mkdir()
        git(root, "init", "-q", "-b", "main")
        write_tree(root, files)
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "base", "--allow-empty")
        return root

    return build
