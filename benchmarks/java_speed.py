"""Index speed and memory on a Java codebase: Guava 31.1 (393,000 lines).

The workload is ``guava`` of ``java_workloads.LARGE_WORKLOADS``: the upstream
tarball of Debian's ``guava-libraries`` 31.1 (pinned by version and sha256),
without its ``android/`` and ``guava-gwt/`` copies of the library, made a git
repository with one commit by ``java_workloads.prepare``. It is a multi-module
Maven project whose source folders are not Maven's defaults: ``guava/src``,
``guava-testlib/src``, ``guava-tests/test`` and ``guava-testlib/test``. The
measurements are ``speed.py``'s, the same for every language:

* the floor: every tracked file our indexer has a language rule for (the
  ``.java`` files) parsed with its grammar and our concatenated query, over
  ``--jobs`` worker processes;
* ours: ``python -m blast_radius index REPO --out FILE --cache-dir DIR --jobs N``
  cold, warm (nothing changed), after a body edit (a comment line appended to
  ``guava/src/com/google/common/collect/Maps.java``, 4,638 lines) and after a
  method was added to its class, each judged against the issue's targets
  (``speed.py``);
* a pull request restored from the published index: a branch that adds
  ``assert true;`` as the first statement of ``Preconditions.checkNotNull``
  (``guava/src/com/google/common/base/Preconditions.java``; its overloads are
  one node, called from about 270 files of the library alone), run with
  ``blast-radius impact`` on a fresh shallow clone, restored and cold. A cold
  pull-request run builds two graphs of the whole tree, so the default is one
  run of each kind (``--repeat``).

    python benchmarks/java_speed.py [--jobs 2] [--json] [--floor-repeat 3] [--index-repeat 3]
        [--repeat 1] [--no-pr] [--no-profile]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from java_workloads import LARGE_WORKLOADS, prepare
from speed import Built, SpeedCase
from speed import main as speed_main

GUAVA = {w.key: w for w in LARGE_WORKLOADS}["guava"]
CHANGED_FILE = "guava/src/com/google/common/collect/Maps.java"
PR_FILE = "guava/src/com/google/common/base/Preconditions.java"
PR_FUNCTION = "checkNotNull"

CASE = SpeedCase(
    tag="java_speed",
    script=Path(__file__).resolve(),
    code_file=re.compile(r"\.java$"),
    kinds="Java",
    changed_file=CHANGED_FILE,
    module_node=f"java:{CHANGED_FILE}",
    pr_file=PR_FILE,
    pr_function=PR_FUNCTION,
    pr_node=f"java:com.google.common.base.Preconditions.{PR_FUNCTION}",
    pr_statement="assert true;",
    added_function="\n  static int {name}(int value) {\n    return value + 1;\n  }\n",
    added_in_class=True,
    target_cold_over_floor=2.0,
    default_repeat=1,
)


def build(cache_dir: Path, dest: Path) -> Built:
    """The Guava tree as ``java_workloads.prepare`` lays it out, at ``dest``."""
    repo = prepare(GUAVA, cache_dir, dest)
    return Built(
        repo, f"{GUAVA.orig.package} {GUAVA.orig.version} (guava/, guava-testlib/, guava-tests/)"
    )


def main(argv: list[str] | None = None) -> int:
    return speed_main(CASE, __doc__.split("\n\n")[0], build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
