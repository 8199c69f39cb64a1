"""Index speed and memory on a Go codebase: x/tools 0.5.0 and Moby 20.10.24 (363,000 lines).

The workload is one git repository with one commit and two Go modules side by
side, both from the Debian packages ``go_workloads.py`` pins by version and
sha256 (fetched with ``go_workloads.fetch_deb``):

* ``tools/``: ``golang.org/x/tools`` 0.5.0 (``golang-golang-x-tools-dev``
  1:0.5.0+ds-1) as Debian ships it, its ``go.mod`` included: 1,072 ``.go``
  files, 200,381 lines (180,080 outside ``testdata/``);
* ``moby/``: ``github.com/docker/docker`` 20.10.24 (``golang-github-docker-docker-dev``
  20.10.24+dfsg1-1+deb12u1, no ``vendor/``): 1,242 ``.go`` files, 162,926 lines.
  Moby 20.10 has no ``go.mod``; the benchmark adds a three-line one
  (``module github.com/docker/docker``), so that the repository's imports of
  its own packages resolve to ``moby/`` as they would in a checkout of Moby
  alone.

Together: 2,314 ``.go`` files, 363,307 lines (newlines of every tracked
``.go`` file, as js_speed.py counts). The measurements are ``speed.py``'s, the
same for every language:

* the floor: every tracked file our indexer has a language rule for (the
  ``.go`` files and five ``.js`` files of godoc) parsed with its grammar and
  our concatenated query, over ``--jobs`` worker processes;
* ours: ``python -m blast_radius index REPO --out FILE --cache-dir DIR --jobs N``
  cold, warm (nothing changed), after a body edit (a comment line appended
  to ``tools/go/ssa/builder.go``, 2,616 lines) and after a function was
  added to that file, each judged against the issue's targets (``speed.py``);
* a pull request restored from the published index: a branch that adds
  ``_ = 0`` as the first statement of ``errdefs.InvalidParameter``
  (``moby/errdefs/helpers.go``, about a hundred calls from fifty files), run
  with ``blast-radius impact`` on a fresh shallow clone, restored and cold.
  A cold pull-request run builds two graphs of the whole tree, so the
  default is one run of each kind (``--repeat``).

    python benchmarks/go_speed.py [--jobs 2] [--json] [--floor-repeat 3] [--index-repeat 3]
        [--repeat 1] [--no-pr]
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from go_workloads import LARGE_WORKLOADS, GoWorkload, fetch_deb
from speed import Built, SpeedCase
from speed import main as speed_main
from workloads import make_git_repo

_BY_KEY = {w.key: w for w in LARGE_WORKLOADS}
# (folder in the repository, workload, go.mod to add when the module has none)
PARTS: tuple[tuple[str, GoWorkload, str | None], ...] = (
    ("tools", _BY_KEY["x-tools"], None),
    ("moby", _BY_KEY["docker"], "module github.com/docker/docker\n\ngo 1.13\n"),
)
CHANGED_FILE = "tools/go/ssa/builder.go"
PR_FILE = "moby/errdefs/helpers.go"
PR_FUNCTION = "InvalidParameter"

CASE = SpeedCase(
    tag="go_speed",
    script=Path(__file__).resolve(),
    code_file=re.compile(r"\.go$"),
    kinds="Go",
    changed_file=CHANGED_FILE,
    module_node=f"go:{CHANGED_FILE}",
    pr_file=PR_FILE,
    pr_function=PR_FUNCTION,
    pr_node=f"go:moby/errdefs:{PR_FUNCTION}",
    pr_statement="_ = 0",
    added_function="\nfunc {name}(b *builder) *builder {\n\treturn b\n}\n",
    target_cold_over_floor=2.0,
    default_repeat=1,
)


def build(cache_dir: Path, dest: Path) -> Built:
    """Copy each part's module into its folder, add the missing go.mod, commit once."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest.parent, prefix=f".{dest.name}-") as tmp:
        tree = Path(tmp) / "tree"
        names = []
        for folder, w, go_mod in PARTS:
            module_src = fetch_deb(w.deb, cache_dir) / w.import_path
            if not module_src.is_dir():
                raise RuntimeError(f"{w.package} has no {w.import_path}")
            shutil.copytree(module_src, tree / folder, symlinks=True)
            if go_mod is not None:
                if (tree / folder / "go.mod").exists():
                    raise RuntimeError(f"{w.package} has a go.mod of its own")
                (tree / folder / "go.mod").write_text(go_mod, encoding="utf-8")
            names.append(f"{w.import_path} {w.deb.version} ({folder}/)")
        make_git_repo(tree, dest)
    return Built(dest, " + ".join(names))


def main(argv: list[str] | None = None) -> int:
    return speed_main(CASE, __doc__.split("\n\n")[0], build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
