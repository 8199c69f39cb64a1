"""Java benchmark workloads: Debian source tarballs and jars, pinned by version and sha256.

There is no Maven repository in the benchmark's world, so the Java code comes
from Debian: the upstream tarball of a source package (``debian.Orig``, from
the archive's pool) is the repository, and the jars it compiles against (and
its tests run with) come from Debian's ``lib*-java`` binary packages
(``debian.Deb``, unpacked into the cache, never installed).

Each workload is laid out under ``<cache>/java-bench/<key>/``:

* ``repo/``: the upstream tree as released, copied and committed once (a git
  repository with one commit);
* ``classes/main`` and ``classes/test``: what plain ``javac`` (the JDK on the
  machine, ``--release 17``, with ``-g`` for line numbers) makes of the main
  and test source roots, against the pinned jars. A test source file that
  needs a jar Debian does not carry is left out of the test build, by a fixed
  point on javac's own errors, and counted (``CompiledTree.left_out``).

The oracles read the bytecode: ``javap -c -l -p`` for calls (java_calls.py),
``jdeps -verbose:class`` for type dependencies.

    python benchmarks/java_workloads.py [--workload jsoup] [--cache-dir DIR] [--compile]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Deb, Orig, unpack_deb, unpack_orig
from workloads import add_cache_dir_argument, make_git_repo

JAVAC = os.environ.get("JAVAC", "javac")
JAVA = os.environ.get("JAVA", "java")


def _debs(*debs: Deb) -> dict[str, Deb]:
    return {d.package: d for d in debs}


# Debian 12 (bookworm) versions; `apt-cache show PKG` gives the SHA256 field.
JARS = _debs(
    Deb(
        "libjsr305-java",
        "0.1~+svn49-11",
        "563cdb6dcc6b011265c08867165eddde576a77ac646b1a29560797c65b8f17c7",
    ),
    Deb("junit5", "5.9.2-1", "72bb5f95d755a773df5f78abd667547c129ec2d6c0f84286b3d736396b245afa"),
    Deb("junit4", "4.13.2-3", "2f516bef5fa0f714da4f8b95c367c00aea64159c099c5157579fb95823dbcc56"),
    Deb(
        "libopentest4j-java",
        "1.2.0-4",
        "a6c6c67ece5121ebfae264e9bc5b1ad391c382624b6658bf10e3ddd675e5dcd2",
    ),
    Deb(
        "libapiguardian-java",
        "1.1.2-1",
        "8048fcceb16de9e9f37b6dcd80c89a1543982ef272bfb311865da24da1ee8b47",
    ),
    Deb(
        "libgoogle-gson-java",
        "2.10-1",
        "d96f9671cd867fc5b63059f613d9300d3b382ee6dca63e86c11076a844601050",
    ),
    Deb(
        "libhamcrest-java",
        "2.2-1",
        "a3e84b0462e4bd75bfcd34dd46c9a5db6b9e7174da2d120339f4dc89aab90a56",
    ),
    Deb(
        "libeasymock-java",
        "5.1.0-1",
        "07120af095641be79749f64b0af74d455fc1ee598b2160e09facdfe0c135f849",
    ),
    Deb(
        "libobjenesis-java",
        "3.3-3",
        "f151a4df7a98dcce8560bb60adbc4fe95b15272839f3a6dbacdec863d5a1e813",
    ),
    Deb(
        "libjetty9-java",
        "9.4.57-1.1~deb12u1",
        "c36c7358464e6082abfb367d033af4fd7fb9bcf8378801691fa041740bb32f2f",
    ),
    Deb(
        "libservlet-api-java",
        "4.0.1-2",
        "d4cb9329f203d1251d90583f86223fbf2de5bf60e174c1d8fdc8b1c34f320af0",
    ),
)

# The jars every test build needs: JUnit 5 (and 4, for the vintage engine) and theirs.
JUNIT = ("junit5", "junit4", "libopentest4j-java", "libapiguardian-java", "libhamcrest-java")


@dataclass(frozen=True)
class JavaWorkload:
    """One upstream Java project: where its sources are and what it compiles against."""

    key: str
    orig: Orig
    main_roots: tuple[str, ...]  # source folders of the main code, relative to the tree
    test_roots: tuple[str, ...]
    main_jars: tuple[str, ...]  # Debian packages whose jars the main code needs
    test_jars: tuple[str, ...]  # ... and the tests, beyond the main jars and JUNIT
    why: str = ""
    # "calls" and "types" compile it; "speed" only parses it.
    benchmarks: tuple[str, ...] = ("calls", "types", "tests")
    # Folders of the tree left out of the repository (duplicates of other folders).
    drop: tuple[str, ...] = ()
    # Test sources that are not tests of this tree (benchmarks, manual checks).
    test_excludes: tuple[str, ...] = ()


WORKLOADS = (
    JavaWorkload(
        key="jsoup",
        orig=Orig(
            "jsoup",
            "1.15.3",
            "pool/main/j/jsoup",
            "jsoup_1.15.3.orig.tar.xz",
            "052511f0be47511f9b2a17d44fc1eccc4b5373e77cc5a3221e34b6af437e1e2e",
        ),
        main_roots=("src/main/java",),
        test_roots=("src/test/java",),
        main_jars=("libjsr305-java",),
        test_jars=("libgoogle-gson-java", "libjetty9-java", "libservlet-api-java"),
        why="an HTML parser: a deep Node/Element hierarchy with many overrides, a state"
        " machine of enum constants with bodies (TokeniserState), fluent builders",
    ),
    JavaWorkload(
        key="commons-lang3",
        orig=Orig(
            "libcommons-lang3-java",
            "3.12.0",
            "pool/main/libc/libcommons-lang3-java",
            "libcommons-lang3-java_3.12.0.orig.tar.xz",
            "f7c22574707611b63bae19ff17f59e24cdd32e2b0e61a50ec9b1b525fbc909d1",
        ),
        main_roots=("src/main/java",),
        test_roots=("src/test/java",),
        main_jars=(),
        test_jars=("libeasymock-java", "libobjenesis-java"),
        why="a utility library: static methods overloaded by arity and by parameter type"
        " (StringUtils, ArrayUtils), builders, nested functional interfaces",
        # JMH benchmarks under src/test are not tests, and JMH is not in Debian.
        test_excludes=("src/test/java/org/apache/commons/lang3/*Benchmark*.java",),
    ),
)

# Large workloads, for speed (parsed, not compiled).
LARGE_WORKLOADS = (
    JavaWorkload(
        key="guava",
        orig=Orig(
            "guava-libraries",
            "31.1",
            "pool/main/g/guava-libraries",
            "guava-libraries_31.1.orig.tar.xz",
            "3dbb56b34e5ebd1b97184f72d31fbf9da24cc26c28f1ad3714aeeefdeedaed2a",
        ),
        main_roots=("guava/src", "guava-testlib/src"),
        test_roots=("guava-tests/test", "guava-testlib/test"),
        main_jars=(),
        test_jars=(),
        benchmarks=("speed",),
        # android/ is a second copy of the library for Android, and guava-gwt/
        # its GWT variant: a repository would not hold both flavours.
        drop=("android", "guava-gwt"),
        why="Guava 31.1, a multi-module Maven project with non-standard source folders"
        " (guava/src, guava-tests/test): 393k lines of Java",
    ),
)
ALL_WORKLOADS = WORKLOADS + LARGE_WORKLOADS


def jars(packages: tuple[str, ...], cache_dir: Path) -> list[Path]:
    """The jars of the given Debian packages (unpacked once), real files only, sorted."""
    out: list[Path] = []
    for name in packages:
        root = unpack_deb(JARS[name], cache_dir, tag="java_workloads")
        java = root / "usr" / "share" / "java"
        out.extend(p for p in sorted(java.glob("*.jar")) if not p.is_symlink())
    return out


def source_tree(w: JavaWorkload, cache_dir: Path) -> Path:
    """The upstream tree of ``w``, unpacked once (read-only: copy before editing)."""
    return unpack_orig(w.orig, cache_dir, tag="java_workloads")


def prepare(w: JavaWorkload, cache_dir: Path, dest: Path | None = None) -> Path:
    """Make the workload's repository afresh (``<cache>/java-bench/<key>/repo`` by default)."""
    cache_dir = Path(cache_dir).expanduser()
    dest = cache_dir / "java-bench" / w.key / "repo" if dest is None else dest
    if dest.exists():
        shutil.rmtree(dest)
    src = source_tree(w, cache_dir)
    if not w.drop:
        return make_git_repo(src, dest)
    staging = dest.with_name(dest.name + ".staging")
    if staging.exists():
        shutil.rmtree(staging)
    shutil.copytree(src, staging, ignore=shutil.ignore_patterns(*w.drop))
    make_git_repo(staging, dest)
    shutil.rmtree(staging)
    return dest


def sources(repo: Path, roots: tuple[str, ...], excludes: tuple[str, ...] = ()) -> list[Path]:
    """The ``.java`` files under the given source folders, sorted, minus ``excludes`` globs."""
    out: list[Path] = []
    for root in roots:
        out.extend(sorted((repo / root).rglob("*.java")))
    return [p for p in out if not any(p.relative_to(repo).match(g) for g in excludes)]


@dataclass
class CompiledTree:
    """A workload's repository and its bytecode."""

    workload: JavaWorkload
    repo: Path
    main_classes: Path
    test_classes: Path
    main_classpath: list[Path]
    test_classpath: list[Path]  # jars and main_classes: what the tests compile against
    left_out: list[str] = field(default_factory=list)  # test files javac could not build

    def runtime_classpath(self) -> str:
        """The class path a test run needs: test classes, main classes and every jar."""
        parts = [self.test_classes, self.main_classes, *self.test_classpath]
        return os.pathsep.join(str(p) for p in dict.fromkeys(parts))


_ERROR_FILE = re.compile(r"^(/[^:\n]+\.java):\d+: error:", re.MULTILINE)


def javac(files: list[Path], classpath: list[Path], out: Path) -> subprocess.CompletedProcess[str]:
    """Plain javac: Java 17, UTF-8, debug information, no annotation processing."""
    out.mkdir(parents=True, exist_ok=True)
    argfile = out.parent / f"{out.name}.sources"
    argfile.write_text("".join(f'"{p}"\n' for p in files))
    cmd = [JAVAC, "--release", "17", "-encoding", "UTF-8", "-g", "-nowarn", "-proc:none"]
    cmd += ["-Xmaxerrs", "100000", "-d", str(out)]
    if classpath:
        cmd += ["-cp", os.pathsep.join(str(p) for p in classpath)]
    cmd.append(f"@{argfile}")
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def compile_tree(w: JavaWorkload, cache_dir: Path, repo: Path | None = None) -> CompiledTree:
    """Prepare (unless ``repo`` is given) and compile the main and the test code of ``w``.

    The main code must compile as it is; a test file that does not (a jar
    Debian lacks) is left out, with every file that needs it, until javac
    succeeds.
    """
    cache_dir = Path(cache_dir).expanduser()
    home = cache_dir / "java-bench" / w.key
    repo = prepare(w, cache_dir) if repo is None else repo
    main_cp = jars(w.main_jars, cache_dir)
    main_out = home / "classes" / "main"
    test_out = home / "classes" / "test"
    for out in (main_out, test_out):
        if out.exists():
            shutil.rmtree(out)
    proc = javac(sources(repo, w.main_roots), main_cp, main_out)
    if proc.returncode != 0:
        raise RuntimeError(f"javac (main) failed for {w.key}:\n{proc.stderr[-4000:]}")
    test_cp = [main_out, *main_cp, *jars(JUNIT + w.test_jars, cache_dir)]
    files = sources(repo, w.test_roots, w.test_excludes)
    left_out: list[str] = []
    for _ in range(20):
        if test_out.exists():
            shutil.rmtree(test_out)
        proc = javac(files, test_cp, test_out)
        if proc.returncode == 0:
            break
        bad = {Path(m) for m in _ERROR_FILE.findall(proc.stderr)}
        if not bad:
            raise RuntimeError(f"javac (tests) failed for {w.key}:\n{proc.stderr[-4000:]}")
        left_out.extend(str(p.relative_to(repo)) for p in sorted(bad))
        files = [p for p in files if p not in bad]
    else:
        raise RuntimeError(f"javac (tests) did not settle for {w.key}")
    return CompiledTree(w, repo, main_out, test_out, main_cp, test_cp, sorted(left_out))


def java_version() -> str:
    """What ``javac -version`` prints."""
    proc = subprocess.run([JAVAC, "-version"], capture_output=True, text=True, check=False)
    return (proc.stdout or proc.stderr).strip() or "javac not found"


def count_lines(repo: Path) -> tuple[int, int]:
    """(files, lines) of the tracked ``.java`` files."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.java"], cwd=repo, check=True, capture_output=True
    ).stdout.decode("utf-8")
    files = [p for p in out.split("\0") if p]
    lines = 0
    for p in files:
        with (repo / p).open("rb") as f:
            lines += sum(1 for _ in f)
    return len(files), lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fetch, lay out and compile the Java workloads.")
    add_cache_dir_argument(parser)
    parser.add_argument(
        "--workload", choices=[w.key for w in ALL_WORKLOADS], action="append", help="(repeatable)"
    )
    parser.add_argument("--compile", action="store_true", help="also compile them with javac")
    args = parser.parse_args(argv)
    print(java_version())
    for w in ALL_WORKLOADS:
        if args.workload and w.key not in args.workload:
            continue
        repo = prepare(w, args.cache_dir)
        files, lines = count_lines(repo)
        print(f"{w.key}: {w.orig.package}={w.orig.version}: {repo} ({files} files, {lines} lines)")
        if args.compile and "calls" in w.benchmarks:
            tree = compile_tree(w, args.cache_dir, repo)
            classes = sum(1 for _ in tree.main_classes.rglob("*.class"))
            tests = sum(1 for _ in tree.test_classes.rglob("*.class"))
            print(f"  javac: {classes} main classes, {tests} test classes")
            print(f"  test files left out: {json.dumps(tree.left_out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
