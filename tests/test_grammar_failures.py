"""A grammar that fails to load turns off only its language, loudly.

The failures are real: a package shadowing the Lua grammar wheel on
``PYTHONPATH`` either raises on import, or hands over another language's
grammar so that the Lua queries do not compile. ``blast-radius impact`` runs
as a subprocess, as a user runs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from blast_radius.adapters.grammars import installed_version
from blast_radius.core.languages import LANGUAGES

from .conftest import git

BROKEN_GRAMMARS = {
    "import-fails": 'raise ImportError("this grammar is broken on purpose")\n',
    # a grammar that loads, but is not Lua's: the Lua query cannot compile
    "query-fails": "from tree_sitter_python import language\n",
}


def _repository(root: Path) -> Path:
    (root / "lib").mkdir(parents=True)
    (root / "lib" / "money.lua").write_text("function plus(a, b)\n  return a + b\nend\n")
    (root / "lib" / "cart.lua").write_text(
        'require "money"\nfunction total(c)\n  return plus(c, 1)\nend\n'
    )
    (root / "app.py").write_text("def f():\n    return 1\n\n\ndef g():\n    return f()\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "base")
    git(root, "checkout", "-q", "-b", "pr")
    (root / "lib" / "money.lua").write_text("function plus(a, b)\n  return a + b + 0\nend\n")
    (root / "app.py").write_text("def f():\n    return 2\n\n\ndef g():\n    return f()\n")
    git(root, "commit", "-q", "-am", "change")
    return root


def _impact(root: Path, shadow: Path, fmt: str, jobs: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(shadow)}
    return subprocess.run(
        [
            *(sys.executable, "-m", "blast_radius", "impact", str(root), "--base", "main"),
            *("--no-cache", "--quiet", "--jobs", jobs, "--format", fmt),
        ],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )


@pytest.mark.parametrize("how", sorted(BROKEN_GRAMMARS))
def test_a_grammar_that_fails_turns_off_its_language_and_says_so(tmp_path: Path, how: str) -> None:
    shadow = tmp_path / "shadow"
    (shadow / "tree_sitter_lua").mkdir(parents=True)
    (shadow / "tree_sitter_lua" / "__init__.py").write_text(BROKEN_GRAMMARS[how])
    root = _repository(tmp_path / "repo")

    for jobs in ("1", "2"):
        result = _impact(root, shadow, "json", jobs)
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        # the other language is read: its change reaches its caller
        assert "python:app.g" in {d["id"] for d in report["dependents"]}
        assert "file:lib/money.lua" in {c["id"] for c in report["changed"]}
        (gap,) = report["gaps"]
        assert gap.startswith(
            "the lua grammar (tree_sitter_lua) failed to load"
            if how == "import-fails"
            else "query for lua does not compile"
        )
        assert gap.endswith("(its files are not parsed)")
        # said even with --quiet
        assert "blast-radius: warning: " + gap in result.stderr

    markdown = _impact(root, shadow, "markdown", "1")
    assert markdown.returncode == 0, markdown.stderr
    headline = markdown.stdout.splitlines()[3]
    assert headline.startswith("⚠️ **Not every file was read**")
    assert "what depends on the changes through those files is unknown" in headline


def test_with_its_grammar_the_language_is_read(tmp_path: Path) -> None:
    root = _repository(tmp_path / "repo")
    result = _impact(root, tmp_path / "nothing-shadowed", "json", "1")
    report = json.loads(result.stdout)
    assert report["gaps"] == []
    assert "syn:lib/cart.lua:total" in {d["id"] for d in report["dependents"]}


def test_grammar_versions_are_those_their_installed_wheels_declare() -> None:
    # Read off the wheels' metadata folders where they lie beside the module,
    # else asked of importlib.metadata (this project, installed editable).
    for rule in LANGUAGES:
        expected = metadata.version(rule.grammar_module.replace("_", "-"))
        assert installed_version(rule.grammar_module) == expected
    assert installed_version("blast_radius") == metadata.version("blast-radius")
    assert installed_version("no_module_of_this_name") == "unknown"
