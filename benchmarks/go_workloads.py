"""Go benchmark workloads: Debian ``golang-*-dev`` packages pinned by version and sha256.

There is no Go module proxy in the benchmark's world, so the Go code comes from
Debian: a ``golang-*-dev`` package holds a module's source (with its go.mod and
its tests) under ``usr/share/gocode/src/<import path>``. ``apt-get download
PKG=VERSION`` fetches the ``.deb`` into ``<cache>/deb/``, where its sha256 is
checked, and ``dpkg-deb -x`` unpacks it once into ``<cache>/deb-src/``.

Each workload is laid out as a GOPATH (``<cache>/go-bench/<key>/gopath``):

* ``src/<import path>/`` is the repository: the module's files as Debian ships
  them, copied and committed once (a git repository with one commit);
* every other folder under ``src/`` comes from the workload's dependency
  packages, outside the repository. They are there only for the oracles
  (``go list``, ``callgraph``), which run in GOPATH mode (``GO111MODULE=off``)
  and so need no module cache and no network. In GOPATH mode, an import of
  ``example.com/m/v5`` finds ``src/example.com/m`` when its go.mod says
  ``module example.com/m/v5`` (minimal module compatibility), which is how
  chi's ``/v5`` imports resolve.

The oracles see the module under its GOPATH import path (Debian's folder, e.g.
``github.com/go-chi/chi`` for the module ``github.com/go-chi/chi/v5``); the
benchmarks compare package directories, not import paths, so this does not
matter.

    python benchmarks/go_workloads.py [--workload gin] [--cache-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Deb, unpack_deb
from workloads import add_cache_dir_argument, make_git_repo

GO = os.environ.get("GO", "go")
CALLGRAPH = os.environ.get("CALLGRAPH", "callgraph")


def _debs(*debs: Deb) -> dict[str, Deb]:
    return {d.package: d for d in debs}


# Debian 12 (bookworm) versions. `apt-cache show PKG` gives the SHA256 field.
DEBS = _debs(
    Deb(
        "golang-github-go-chi-chi-dev",
        "5.0.7-1",
        "70beea5ca4f20af122e8083c91b56b6055df895595c7d9dcf286fadd4ad26f9b",
    ),
    Deb(
        "golang-github-gin-gonic-gin-dev",
        "1.8.1-1",
        "66d916769bcd36a6722b0c92a81719b8faca56f69662b17d1ef7ba257c85367a",
    ),
    Deb(
        "golang-github-spf13-cobra-dev",
        "1.6.1-1",
        "4f5d20855133319beef3c5b49d3c21a0406f270bf94fb4b6f4d406b691283cb2",
    ),
    Deb(
        "golang-github-hashicorp-raft-dev",
        "1.1.2-1",
        "f34877bf2e6d361137752e477ed94bb92556fd43a6ed29fa6135cc010f7d1954",
    ),
    Deb(
        "golang-github-docker-docker-dev",
        "20.10.24+dfsg1-1+deb12u1",
        "ecbf86108a209a86a69dc16a6d6e1f354c31d855237498109401fb3e55042692",
    ),
    Deb(
        "golang-golang-x-tools-dev",
        "1:0.5.0+ds-1",
        "d0cf4252c020c3ee79707619f925444779070dc1307cd8af1ed99bc8eaf7b3c5",
    ),
    # dependencies
    Deb(
        "golang-github-armon-go-metrics-dev",
        "0.3.4-1",
        "aa963c47b69c1bb97c1a156eece7a9c139e0a7e38818aa2dec92a41409e643d9",
    ),
    Deb(
        "golang-github-cpuguy83-go-md2man-v2-dev",
        "2.0.2+ds1-1",
        "16349f16371e87b280bfa6aeab9637b184c97ddadb21e6ead3e8c16b9eb6daf4",
    ),
    Deb(
        "golang-github-davecgh-go-spew-dev",
        "1.1.1-3",
        "7471fa721ba94220f06808b5e78825f3669815db1618a1dfd58220c1de916ae1",
    ),
    Deb(
        "golang-github-fatih-color-dev",
        "1.7.0-1",
        "017f37ee1960f3e20aa35b0ad9fac21408cd6f66cba32e46f49b23348ccaeda0",
    ),
    Deb(
        "golang-github-gin-contrib-sse-dev",
        "0.1.0-2",
        "34f142a8cbf98b71431b6bb7fef6368a01fc30ba339ad455efbe26748aae38d8",
    ),
    Deb(
        "golang-github-go-playground-locales-dev",
        "0.14.0-3",
        "7c95894172bff7d84fa692e44beaa8472e865e949c2e8aad04721a869c7610db",
    ),
    Deb(
        "golang-github-go-playground-universal-translator-dev",
        "0.17.0-2",
        "5f971a9451294512bbd53bc56a7e532dcd73dd8ae131ed6d8a225a34e49d2d0a",
    ),
    Deb(
        "golang-github-go-playground-validator-v10-dev",
        "10.4.1-4",
        "2851502518e87da308a62dc32f8794a3d98e4c09d2d08584a33d66fdb61970ac",
    ),
    Deb(
        "golang-github-hashicorp-go-hclog-dev",
        "0.11.0-1",
        "961f14b0235dcedf6d7ca21548b535b129a435ec0ed9dabd55c7c8cc9d970b09",
    ),
    Deb(
        "golang-github-hashicorp-go-immutable-radix-dev",
        "1.3.1-3",
        "fadcbf20321dc2f70279736e32c5fc4ed14f189d3780e0f2888acb90fa723f8a",
    ),
    Deb(
        "golang-github-hashicorp-go-msgpack-dev",
        "0.5.5-1",
        "c06387efffd4a6a4ffb74047c769669f17c2f3e6e1a3f3c6bce2a6ccaab5151d",
    ),
    Deb(
        "golang-github-hashicorp-golang-lru-dev",
        "0.5.4-2",
        "060ce36c6213ec4084c0604440ba0a62ebd66a64902dbb71d3422f5eb5719141",
    ),
    Deb(
        "golang-github-json-iterator-go-dev",
        "1.1.12-1",
        "b03bbfae7e679be899cd583e2560de92e652979c40a8c44816ff8c8d25e1a5fe",
    ),
    Deb(
        "golang-github-leodido-go-urn-dev",
        "1.2.1-3",
        "e56c4b4e23d8f0b50c5df8a321005fd56eb3e04479a8f7d3fcdc2d21d010bbe6",
    ),
    Deb(
        "golang-github-mattn-go-colorable-dev",
        "0.1.13-1",
        "2f44e9a91e20fc79f675649561888d20d656b06f0837ed821585f2bb0e3942e7",
    ),
    Deb(
        "golang-github-mattn-go-isatty-dev",
        "0.0.17-1",
        "07dc6594466081a0622814dfd05f5f4de7dd54047fafb35e2af7bacfb307b402",
    ),
    Deb(
        "golang-github-modern-go-concurrent-dev",
        "1.0.3-1.1",
        "d49fedf2c7a250b2e7b720d37539995a78964b66a61327f466c67a94bab82999",
    ),
    Deb(
        "golang-github-modern-go-reflect2-dev",
        "1.0.2-2",
        "af150a5172cf4c19bb321a53e67103e7fb18d07c1baa1e816a235155265d3948",
    ),
    Deb(
        "golang-github-pelletier-go-toml.v2-dev",
        "2.0.6-1",
        "9f0fb82d9ba64fefb54ce3e07d1601f085bffe5facb169c059a6d30e4a54ca20",
    ),
    Deb(
        "golang-github-pmezard-go-difflib-dev",
        "1.0.0-3",
        "e40784b6b23b94127c81010189ad0bc582c20b3bbdc145aa8a52c9622f8192f9",
    ),
    Deb(
        "golang-github-russross-blackfriday-v2-dev",
        "2.1.0-1",
        "8657969f1d807a6162f9091f54f96e0c8e436ac4b0ba97403af63233a5251ae0",
    ),
    Deb(
        "golang-github-spf13-pflag-dev",
        "1.0.6~git20210604-d5e0c0615ace-1",
        "bd1c3c2a3e47512a64da02ebea900eb5a3f3c5d386e559d5718a3a935c0ea570",
    ),
    Deb(
        "golang-github-stretchr-objx-dev",
        "0.5.0-1",
        "89825d57fa9ada1d518a3b2247a1ae632a0aab7d67e8c9cf27465094d5879fa9",
    ),
    Deb(
        "golang-github-stretchr-testify-dev",
        "1.8.1-1",
        "214a31391cf60e1d1abd9f218cb5134a1fd646340a147a04c2d95a981024a305",
    ),
    Deb(
        "golang-github-ugorji-go-codec-dev",
        "1.2.8-1",
        "b1d9959565aadd3f161d7560f5730f140c7d9a0fd8029c8d54012d1bee5d6454",
    ),
    Deb(
        "golang-github-yuin-goldmark-dev",
        "1.5.4-1",
        "c52d83484318f870494e3170646f7840a1085fd8c7ba77da75a9bb83d196ecf7",
    ),
    Deb(
        "golang-golang-x-crypto-dev",
        "1:0.4.0-1",
        "7047f0b62317fddfbbe934902e7889452569ba932c31e3eaa6ab7144c0da3593",
    ),
    Deb(
        "golang-golang-x-mod-dev",
        "0.7.0-1",
        "e718b3e1d089f9ae3658cf2de80d0572bbf1ce8cd1970373d300ae72e821ab33",
    ),
    Deb(
        "golang-golang-x-net-dev",
        "1:0.7.0+dfsg-1",
        "ddfa0ab08e6caf68eb51c96f9b8ba7c3ab6c93aada7147c3a20a187e38a9d259",
    ),
    Deb(
        "golang-golang-x-sys-dev",
        "0.3.0-1",
        "1bbeb938568f2014ada7473dd3fad8c8cbc45fabf0dcc7bc86b4392af0fd4bc8",
    ),
    Deb(
        "golang-golang-x-text-dev",
        "0.7.0-1",
        "0d4e17e9caa2656bdc633b723645d4adafeda93189bd1d55fedf64ec38439f63",
    ),
    Deb(
        "golang-google-protobuf-dev",
        "1.28.1-3",
        "8421baafafb4eb08d191fa1a09449bae40eda04aee82a55f827c52226c7abfc0",
    ),
    Deb(
        "golang-gopkg-yaml.v2-dev",
        "2.4.0-4",
        "cc805f37a67e8c2f5e7f7e882a0db09d173db20421af316ec81d3961f865f5d9",
    ),
    Deb(
        "golang-gopkg-yaml.v3-dev",
        "3.0.1-3",
        "3ad4febd49700bc670f0f143f3291ecab4e032cc227d69521bacadbc493cfbbe",
    ),
)


@dataclass(frozen=True)
class GoWorkload:
    """A Go module from a Debian package, and what the oracles need to type-check it."""

    key: str  # the --workload name
    package: str  # the Debian package with the module's source
    import_path: str  # its folder under usr/share/gocode/src (the GOPATH import path)
    module: str  # the go.mod module path
    deps: tuple[str, ...]  # Debian packages of the imports (tests included), outside the repo
    # Extra builds the import oracle also lists, each a -tags value: files only
    # these builds include (`//go:build nomsgpack`) are compared too.
    tags: tuple[str, ...] = ()
    why: str = ""
    # The benchmarks that use it: "imports" (go_imports.py) needs only the
    # module's own files; "calls" (go_calls.py) type-checks it, deps and tests.
    benchmarks: tuple[str, ...] = ("imports", "calls")

    @property
    def deb(self) -> Deb:
        return DEBS[self.package]


WORKLOADS = (
    GoWorkload(
        key="chi",
        package="golang-github-go-chi-chi-dev",
        import_path="github.com/go-chi/chi",
        module="github.com/go-chi/chi/v5",
        deps=(),
        why="a small router with no dependencies; a /v5 module path, method values and"
        " handler closures, middleware in a subpackage importing the root by its /v5 path",
    ),
    GoWorkload(
        key="gin",
        package="golang-github-gin-gonic-gin-dev",
        import_path="github.com/gin-gonic/gin",
        module="github.com/gin-gonic/gin",
        deps=(
            "golang-github-davecgh-go-spew-dev",
            "golang-github-gin-contrib-sse-dev",
            "golang-github-go-playground-locales-dev",
            "golang-github-go-playground-universal-translator-dev",
            "golang-github-go-playground-validator-v10-dev",
            "golang-github-json-iterator-go-dev",
            "golang-github-leodido-go-urn-dev",
            "golang-github-mattn-go-isatty-dev",
            "golang-github-modern-go-concurrent-dev",
            "golang-github-modern-go-reflect2-dev",
            "golang-github-pelletier-go-toml.v2-dev",
            "golang-github-pmezard-go-difflib-dev",
            "golang-github-stretchr-testify-dev",
            "golang-github-ugorji-go-codec-dev",
            "golang-golang-x-crypto-dev",
            "golang-golang-x-net-dev",
            "golang-golang-x-sys-dev",
            "golang-golang-x-text-dev",
            "golang-google-protobuf-dev",
            "golang-gopkg-yaml.v2-dev",
            "golang-gopkg-yaml.v3-dev",
        ),
        tags=("nomsgpack", "jsoniter"),
        why="a web framework: build variants (`nomsgpack`, `jsoniter`), interfaces"
        " (binding.Binding, render.Render) with many implementations, an internal/ package",
    ),
    GoWorkload(
        key="cobra",
        package="golang-github-spf13-cobra-dev",
        import_path="github.com/spf13/cobra",
        module="github.com/spf13/cobra",
        deps=(
            "golang-github-cpuguy83-go-md2man-v2-dev",
            "golang-github-russross-blackfriday-v2-dev",
            "golang-github-spf13-pflag-dev",
            "golang-gopkg-yaml.v3-dev",
        ),
        why="a CLI library: one large package of methods on *Command, a doc/ subpackage,"
        " external tests (package doc_test)",
    ),
    GoWorkload(
        key="raft",
        package="golang-github-hashicorp-raft-dev",
        import_path="github.com/hashicorp/raft",
        module="github.com/hashicorp/raft",
        deps=(
            "golang-github-armon-go-metrics-dev",
            "golang-github-davecgh-go-spew-dev",
            "golang-github-fatih-color-dev",
            "golang-github-hashicorp-go-hclog-dev",
            "golang-github-hashicorp-go-immutable-radix-dev",
            "golang-github-hashicorp-go-msgpack-dev",
            "golang-github-hashicorp-golang-lru-dev",
            "golang-github-mattn-go-colorable-dev",
            "golang-github-mattn-go-isatty-dev",
            "golang-github-pmezard-go-difflib-dev",
            "golang-github-stretchr-testify-dev",
            "golang-golang-x-sys-dev",
            "golang-gopkg-yaml.v3-dev",
        ),
        why="a consensus library: one big package, goroutines and closures, interfaces"
        " (Transport, LogStore, FSM) implemented in-repo and used through struct fields",
    ),
)

# Large workloads: many packages (for the imports) and size (for speed).
LARGE_WORKLOADS = (
    GoWorkload(
        key="docker",
        package="golang-github-docker-docker-dev",
        import_path="github.com/docker/docker",
        module="github.com/docker/docker",
        deps=(),
        benchmarks=("imports",),
        why="Moby 20.10.24 as Debian ships it (no vendor/), 184 packages: about 163k"
        " lines of Go in 1,242 files; its dependencies are not provided, which go list"
        " does not need for the imports between the repository's own packages",
    ),
    GoWorkload(
        key="x-tools",
        package="golang-golang-x-tools-dev",
        import_path="golang.org/x/tools",
        module="golang.org/x/tools",
        deps=(
            "golang-golang-x-mod-dev",
            "golang-golang-x-net-dev",
            "golang-golang-x-sys-dev",
            "golang-github-yuin-goldmark-dev",
        ),
        benchmarks=("imports",),
        why="golang.org/x/tools 0.5.0, 185 packages: about 180k lines of Go outside"
        " testdata/ in 709 files; callgraph -test would also need golang.org/x/sync",
    ),
)
ALL_WORKLOADS = WORKLOADS + LARGE_WORKLOADS


# --- fetching ------------------------------------------------------------------------------


def fetch_deb(deb: Deb, cache_dir: Path) -> Path:
    """Download and unpack ``deb`` once; return its ``usr/share/gocode/src``."""
    src = unpack_deb(deb, cache_dir, tag="go_workloads") / "usr" / "share" / "gocode" / "src"
    if not src.is_dir():
        raise RuntimeError(f"{deb.package} has no usr/share/gocode/src")
    return src


@dataclass(frozen=True)
class GoTree:
    """A prepared workload: the repository inside a GOPATH that also holds its deps."""

    workload: GoWorkload
    gopath: Path
    repo: Path  # gopath/src/<import path>

    def env(self, cache_dir: Path) -> dict[str, str]:
        """The environment of the oracles: GOPATH mode, offline, a build cache of our own."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("GO")}
        env.update(
            {
                "GO111MODULE": "off",
                "GOPATH": str(self.gopath),
                "GOFLAGS": "",
                "GOPROXY": "off",
                "GOWORK": "off",
                "GOTOOLCHAIN": "local",
                "GOCACHE": str(Path(cache_dir).expanduser() / "go-build"),
                "PWD": str(self.repo),
            }
        )
        return env


def _link_tree(src: Path, dest: Path) -> None:
    """Hard-link (or copy) the files of ``src`` into ``dest``, merging folders."""
    for dirpath, _dirs, files in os.walk(src):
        rel = Path(dirpath).relative_to(src)
        (dest / rel).mkdir(parents=True, exist_ok=True)
        for name in files:
            target = dest / rel / name
            if target.exists() or target.is_symlink():
                continue
            source = Path(dirpath) / name
            if source.is_symlink():
                target.symlink_to(os.readlink(source))
                continue
            try:
                os.link(source, target)
            except OSError:
                shutil.copy2(source, target)


def prepare(
    w: GoWorkload, cache_dir: Path, with_deps: bool = True, home: Path | None = None
) -> GoTree:
    """Lay out ``<cache>/go-bench/<key>/gopath``: the deps (once), the repository (afresh).

    ``home`` replaces ``<cache>/go-bench/<key>``: a script that edits the
    repository's files (go_test_selection.py) keeps a GOPATH of its own.
    """
    cache_dir = Path(cache_dir).expanduser()
    home = cache_dir / "go-bench" / w.key if home is None else home
    gopath = home / "gopath"
    repo = gopath / "src" / w.import_path
    module_src = fetch_deb(w.deb, cache_dir) / w.import_path
    if not module_src.is_dir():
        raise RuntimeError(f"{w.package} has no {w.import_path}")
    stamp = home / "deps.json"
    wanted = [f"{d}={DEBS[d].version}" for d in w.deps] if with_deps else []
    have: list[str] = json.loads(stamp.read_text()) if stamp.exists() else []
    if repo.exists():
        shutil.rmtree(repo)
    if not set(wanted) <= set(have):
        if gopath.exists():
            shutil.rmtree(gopath)
        (gopath / "src").mkdir(parents=True)
        for name in w.deps if with_deps else ():
            _link_tree(fetch_deb(DEBS[name], cache_dir), gopath / "src")
        stamp.write_text(json.dumps(wanted))
        # A dependency package must not have put files inside the module's folder.
        if repo.exists():
            raise RuntimeError(f"a dependency of {w.key} has files under {w.import_path}")
    make_git_repo(module_src, repo)
    return GoTree(w, gopath, repo)


# --- the oracles' tools --------------------------------------------------------------------


def decode_json_stream(text: str) -> list[dict[str, Any]]:
    """The objects of a stream of concatenated JSON values (``go list -json``)."""
    dec = json.JSONDecoder()
    out: list[dict[str, Any]] = []
    i, n = 0, len(text)
    while True:
        while i < n and text[i].isspace():
            i += 1
        if i >= n:
            return out
        obj, i = dec.raw_decode(text, i)
        out.append(obj)


def go_list(tree: GoTree, cache_dir: Path, tags: str = "") -> list[dict[str, Any]]:
    """``go list -e -json -deps -test ./...`` in the repository (GOPATH mode, offline)."""
    cmd = [GO, "list", "-e", "-json", "-deps", "-test"]
    if tags:
        cmd.append(f"-tags={tags}")
    cmd.append("./...")
    proc = subprocess.run(
        cmd, cwd=tree.repo, env=tree.env(cache_dir), capture_output=True, text=True, check=False
    )
    if proc.returncode != 0 and not proc.stdout:
        raise RuntimeError(
            f"`{' '.join(cmd)}` exited with {proc.returncode}\n{proc.stderr[-4000:]}"
        )
    return decode_json_stream(proc.stdout)


def go_version() -> str:
    proc = subprocess.run([GO, "version"], capture_output=True, text=True, check=False)
    return proc.stdout.strip() or "go not found"


def count_lines(repo: Path) -> tuple[int, int]:
    """(files, lines) of the tracked ``.go`` files outside ``testdata/`` folders."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.go"], cwd=repo, check=True, capture_output=True
    ).stdout.decode("utf-8")
    files = [p for p in out.split("\0") if p and "testdata" not in p.split("/")]
    lines = 0
    for p in files:
        with (repo / p).open("rb") as f:
            lines += sum(1 for _ in f)
    return len(files), lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fetch and lay out the Go workloads.")
    add_cache_dir_argument(parser)
    parser.add_argument(
        "--workload", choices=[w.key for w in ALL_WORKLOADS], action="append", help="(repeatable)"
    )
    args = parser.parse_args(argv)
    for w in ALL_WORKLOADS:
        if args.workload and w.key not in args.workload:
            continue
        tree = prepare(w, args.cache_dir)
        files, lines = count_lines(tree.repo)
        print(
            f"{w.key}: {w.package}={w.deb.version}: {tree.repo} ({files} .go files, {lines} lines)"
        )
        if w.benchmarks:
            pkgs = go_list(tree, args.cache_dir)
            mine = [
                p
                for p in pkgs
                if not p.get("ForTest")
                and not p.get("Standard")
                and Path(p.get("Dir", "/")).is_relative_to(tree.repo)
                and not p["ImportPath"].endswith(".test")
            ]
            errors = [p["ImportPath"] for p in pkgs if p.get("Error") or p.get("DepsErrors")]
            print(
                f"  go list: {len(mine)} packages in the repository, errors in {errors or 'none'}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
