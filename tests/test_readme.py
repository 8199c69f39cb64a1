"""The README shows what the tool really prints: its sample comment is the demo's output.

Regenerate the sample after a change to the report with
``python -m tests.test_readme`` from the repository root.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
START = "<!-- demo output: start -->\n"
END = "<!-- demo output: end -->\n"
# The only part of the demo's comment that changes from run to run.
_TOOK = re.compile(r"Took \d+\\?\.\d s\\?\.")


def demo_comment() -> str:
    """What ``blast-radius demo`` prints: the comment of the sample pull request."""
    result = subprocess.run(
        [sys.executable, "-m", "blast_radius", "demo", "--format", "markdown"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return result.stdout


def readme_sample(text: str) -> tuple[int, int]:
    """Where the sample comment starts and ends in the README's ``text``."""
    start = text.index(START) + len(START)
    return start, text.index(END, start)


def _steady(markdown: str) -> str:
    return _TOOK.sub("Took … s.", markdown.strip())


def test_the_readme_sample_comment_is_what_the_demo_prints() -> None:
    text = README.read_text(encoding="utf-8")
    start, end = readme_sample(text)
    assert _steady(text[start:end]) == _steady(demo_comment()), (
        "README.md's sample comment differs from `blast-radius demo`: "
        "run `python -m tests.test_readme` to regenerate it"
    )


def _regenerate() -> None:
    text = README.read_text(encoding="utf-8")
    start, end = readme_sample(text)
    sample = demo_comment().strip() + "\n"
    README.write_text(text[:start] + "\n" + sample + "\n" + text[end:], encoding="utf-8")


if __name__ == "__main__":
    _regenerate()
