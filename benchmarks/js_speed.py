"""Index speed and memory on a TypeScript codebase: effect 3.19.14 (235,000 lines).

The workload is the npm tarball of ``effect@3.19.14``, pinned by version and
integrity and fetched with ``js_imports.fetch_npm_package``: its ``src/`` (362
``.ts`` files, 234,787 lines), ``package.json`` and ``LICENSE`` become a git
repository with one commit (``js_imports.build_repo``; the ``dist/`` build
output is left out, as a checkout has it). The measurements are
``speed.py``'s, the same for every language:

* the floor: every tracked JS/TS file parsed with the grammar our indexer
  uses for its extension and the same concatenated query, over ``--jobs``
  worker processes;
* ours: ``python -m blast_radius index REPO --out FILE --cache-dir DIR --jobs N``
  cold (a fresh cache folder), warm (the same, nothing changed), after a body
  edit (a comment line appended to ``src/internal/core.ts``, 3,166 lines) and
  after a function was added to that file, each judged against the issue's
  targets (``speed.py``);
* a pull request restored from the published index, with ``store.py``'s
  machinery: a bare ``origin``, ``index --publish-branch`` on ``main``, a
  branch ``pr`` that adds ``void 0`` as the first statement of
  ``pipeArguments`` (``src/Pipeable.ts``, about a hundred callers), and
  ``blast-radius impact`` on a fresh ``git clone --depth 1`` of ``pr`` with a
  fresh cache: restored (the index branch) and cold (``--index-branch ''``).

    python benchmarks/js_speed.py [--jobs 2] [--json] [--floor-repeat 3] [--repeat 3] [--no-pr]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from js_imports import CODE_FILE, NpmWorkload, build_repo, fetch_npm_package
from speed import Built, SpeedCase
from speed import main as speed_main

EFFECT = NpmWorkload(
    key="effect",
    package="effect",
    version="3.19.14",
    integrity="sha512-3vwdq0zlvQOxXzXNKRIPKTqZNMyGCdaFUBfMPqpsyzZDre67kgC1EEHDV4EoQTovJ4w5fmJW756f86kkuz7WFA==",
    keep=("LICENSE", "package.json", "src"),
    why="TypeScript in one package: 362 .ts files under src/ (101 in src/internal/), "
    "heavy generics, namespaces and `dual` APIs",
)
CHANGED_FILE = "src/internal/core.ts"
PR_FILE = "src/Pipeable.ts"
PR_FUNCTION = "pipeArguments"

CASE = SpeedCase(
    tag="js_speed",
    script=Path(__file__).resolve(),
    code_file=CODE_FILE,
    kinds="JS/TS",
    changed_file=CHANGED_FILE,
    module_node=f"js:{CHANGED_FILE}",
    pr_file=PR_FILE,
    pr_function=PR_FUNCTION,
    pr_node=f"js:{PR_FILE}:{PR_FUNCTION}",
    pr_statement="void 0",
    added_function="\nexport function {name}(value: unknown): unknown {\n  return value\n}\n",
    # The largest TypeScript workload: held to the same 2.0x as Go and Python.
    target_cold_over_floor=2.0,
)


def build(cache_dir: Path, dest: Path) -> Built:
    package_dir = fetch_npm_package(EFFECT, cache_dir)
    return Built(build_repo(EFFECT, package_dir, dest), f"{EFFECT.package}@{EFFECT.version}")


def main(argv: list[str] | None = None) -> int:
    return speed_main(CASE, __doc__.split("\n\n")[0], build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
