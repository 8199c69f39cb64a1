"""Index benchmark on SQLAlchemy 2.0.36 made into a git repository.

One run measures, on the same machine and tree:

* the floor: tree-sitter parsing of every tracked ``.py`` file plus one
  query (tree-sitter-python's own ``queries/tags.scm``) per file, over a
  ``ProcessPoolExecutor`` with ``--jobs`` processes. Each worker builds its
  parser and compiled query once (pool initializer), and reads its files
  itself: the parent only sends paths. It runs as a child process of this
  script so that its wall time includes interpreter start-up, as ours does;
* ours: ``python -m blast_radius index`` cold (fresh cache folder), warm
  (same cache, nothing changed), after one file changed (a line appended
  to ``lib/sqlalchemy/sql/elements.py``) and after a function was added to
  it. Each is run ``--repeat`` times and the fastest kept, as for the floor:
  every cold run starts from an empty cache, and every edit appends a line
  (or a function) of a new name, so each re-index meets an edit it has not
  seen;
* the peer: ``repo2graph build`` (repo2graph 4.1.0, in its own virtualenv under
  the cache folder) on a separate copy of the same tree, once scoped like ours
  (Python files, graph output only) and once with its defaults.

Peak memory of every run is measured two ways: the largest single process
(``/usr/bin/time -v``, "Maximum resident set size"; it covers the child and
the workers it reaped, as a maximum, not a sum), and the whole process tree
(sum of PSS over the child and all its descendants, sampled every 0.1 s from
/proc). The 600 MB target is checked against the larger of the two.

    python benchmarks/index.py [--jobs N] [--json] [--peer lean|default|both|none] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from workloads import SQLALCHEMY, add_cache_dir_argument, make_git_repo, workload_root

PEER_NAME = "repo2graph"
PEER_VERSION = "4.1.0"
CHANGED_FILE = "lib/sqlalchemy/sql/elements.py"
MARKER_LINE = "_bench_marker = 1\n"
ADDED_FUNCTION = "\n\ndef bench_added_function(value):\n    return literal_column(value)\n"

TARGET_COLD_OVER_FLOOR = 2.0
TARGET_WARM_OVER_COLD = 0.10
TARGET_CHANGED_OVER_COLD = 0.10
TARGET_ADDED_OVER_COLD = 0.15
TARGET_PEAK_MB = 600.0

TIME_BIN = "/usr/bin/time"
SAMPLE_SECONDS = 0.1

# Fallback when /usr/bin/time is missing: run the command and write the
# ru_maxrss (KiB on Linux) of the children this launcher reaped.
_LAUNCHER = (
    "import resource, subprocess, sys\n"
    "rc = subprocess.call(sys.argv[2:])\n"
    "with open(sys.argv[1], 'w') as f:\n"
    "    f.write('Maximum resident set size (kbytes): %d\\n'\n"
    "            % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    "sys.exit(rc)\n"
)


# --------------------------------------------------------------------------
# Measuring one child process
# --------------------------------------------------------------------------


@dataclass
class Run:
    label: str
    cmd: list[str]
    seconds: float
    returncode: int
    max_rss_mb: float | None  # largest single process (wait4 ru_maxrss)
    tree_peak_mb: float | None  # sampled sum over the process tree
    tree_peak_private_mb: tuple[float, ...] = ()  # each process's own at that peak
    stdout: str = field(repr=False, default="")
    stderr: str = field(repr=False, default="")

    @property
    def peak_mb(self) -> float | None:
        values = [v for v in (self.max_rss_mb, self.tree_peak_mb) if v is not None]
        return max(values) if values else None


def _children_map() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        # pid (comm) state ppid ...; comm may hold spaces and parentheses
        rest = stat[stat.rfind(b")") + 2 :].split()
        children.setdefault(int(rest[1]), []).append(int(entry.name))
    return children


def _memory_kb(pid: int) -> tuple[int, int]:
    """PSS and private memory of one process (both RSS where smaps_rollup cannot
    be read), in KiB. Private pages are the process's alone: its own
    allocations and the pages it copied from its parent on writing them."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as f:
            pss = private = 0
            for line in f:
                if line.startswith(b"Pss:"):
                    pss = int(line.split()[1])
                elif line.startswith((b"Private_Clean:", b"Private_Dirty:")):
                    private += int(line.split()[1])
            return pss, private
    except OSError:
        pass
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            for line in f:
                if line.startswith(b"VmRSS:"):
                    rss = int(line.split()[1])
                    return rss, rss
    except OSError:
        pass
    return 0, 0


class TreeSampler(threading.Thread):
    """Samples the summed memory of a process's descendants until stopped."""

    def __init__(self, root_pid: int, include_root: bool) -> None:
        super().__init__(daemon=True)
        self.root_pid = root_pid
        self.include_root = include_root
        self.peak_kb = 0
        self.peak_private_kb: list[int] = []
        """Each process's private memory at the peak, largest first: the peak less
        their sum is what they shared."""
        self._halt = threading.Event()
        self.available = os.path.isdir("/proc/self")

    def run(self) -> None:
        while self.available and not self._halt.is_set():
            children = _children_map()
            pids = [self.root_pid] if self.include_root else []
            stack = list(children.get(self.root_pid, []))
            while stack:
                pid = stack.pop()
                pids.append(pid)
                stack.extend(children.get(pid, []))
            sizes = [_memory_kb(pid) for pid in pids]
            total = sum(pss for pss, _ in sizes)
            if total > self.peak_kb:
                self.peak_kb = total
                self.peak_private_kb = sorted((private for _, private in sizes), reverse=True)
            self._halt.wait(SAMPLE_SECONDS)

    def stop(self) -> None:
        self._halt.set()
        self.join()


def memory_method() -> str:
    if os.access(TIME_BIN, os.X_OK):
        return (
            f"{TIME_BIN} -v (largest process) + /proc PSS sum of the tree every {SAMPLE_SECONDS}s"
        )
    return (
        "Python launcher's RUSAGE_CHILDREN ru_maxrss (largest process) "
        f"+ /proc PSS sum of the tree every {SAMPLE_SECONDS}s"
    )


def run_measured(
    label: str, cmd: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None
) -> Run:
    """Run ``cmd`` to completion; return wall time, exit code and peak memory."""
    fd, rusage_file = tempfile.mkstemp(prefix="bench-rusage-")
    os.close(fd)
    if os.access(TIME_BIN, os.X_OK):
        wrapped = [TIME_BIN, "-v", "-o", rusage_file, *cmd]
    else:
        wrapped = [sys.executable, "-c", _LAUNCHER, rusage_file, *cmd]
    started = time.perf_counter()
    proc = subprocess.Popen(
        wrapped,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
    )
    sampler = TreeSampler(proc.pid, include_root=False)
    sampler.start()
    stdout, stderr = proc.communicate()
    seconds = time.perf_counter() - started
    sampler.stop()
    max_rss_kb = None
    try:
        for line in Path(rusage_file).read_text().splitlines():
            if "Maximum resident set size (kbytes)" in line:
                max_rss_kb = int(line.rsplit(":", 1)[1])
    finally:
        os.unlink(rusage_file)
    return Run(
        label=label,
        cmd=cmd,
        seconds=seconds,
        returncode=proc.returncode,
        max_rss_mb=max_rss_kb / 1024 if max_rss_kb is not None else None,
        tree_peak_mb=sampler.peak_kb / 1024 if sampler.available and sampler.peak_kb else None,
        tree_peak_private_mb=tuple(kb / 1024 for kb in sampler.peak_private_kb),
        stdout=stdout,
        stderr=stderr,
    )


def fastest(runs: list[Run]) -> Run:
    """The run that took least time (the first of equals)."""
    return min(runs, key=lambda r: r.seconds)


def cold_and_warm(
    ours: Callable[[str, Path], Run], fresh_cache: Callable[[], None], work: Path, repeat: int
) -> tuple[list[Run], Run]:
    """``repeat`` cold indexes (``graph.json`` in ``work``), each from an emptied
    cache, then the fastest of ``repeat`` warm ones (``graph-warm.json``)."""
    colds = []
    for _ in range(repeat):
        fresh_cache()
        colds.append(ours("ours cold", work / "graph.json"))
    warm = fastest([ours("ours warm", work / "graph-warm.json") for _ in range(repeat)])
    return colds, warm


def _require_ok(run: Run) -> Run:
    if run.returncode != 0:
        raise RuntimeError(
            f"{run.label}: `{' '.join(run.cmd)}` exited with {run.returncode}\n{run.stderr[-4000:]}"
        )
    return run


# --------------------------------------------------------------------------
# The floor (runs in a child process: `index.py --floor-child REPO --jobs N`)
# --------------------------------------------------------------------------

# The parser and compiled query of this worker process, built once by the
# pool initializer.
_WORKER: dict[str, Any] = {}


def _floor_init(query_source: str) -> None:
    import tree_sitter_python
    from tree_sitter import Language, Parser, Query

    lang = Language(tree_sitter_python.language())
    _WORKER["parser"] = Parser(lang)
    _WORKER["query"] = Query(lang, query_source)


def _floor_file(path: str) -> tuple[int, int]:
    from tree_sitter import QueryCursor

    data = Path(path).read_bytes()
    tree = _WORKER["parser"].parse(data)
    matches = QueryCursor(_WORKER["query"]).matches(tree.root_node)
    return len(data), len(matches)


def our_query_source() -> str | None:
    """Our own Python query (the one ``index`` runs), or None when blast-radius
    is not importable here."""
    try:
        from blast_radius.adapters.grammars import query_source
        from blast_radius.core.languages import language_by_name
    except ImportError:
        return None
    return query_source(language_by_name("python"))


def tags_query_source() -> str:
    from importlib.resources import files

    return (files("tree_sitter_python") / "queries" / "tags.scm").read_text(encoding="utf-8")


def python_files(repo: Path) -> list[Path]:
    """The tracked ``.py`` files of ``repo`` (what the floor parses)."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", "*.py"], cwd=repo, check=True, capture_output=True
    ).stdout
    return [repo / os.fsdecode(p) for p in out.split(b"\0") if p]


def floor_child(repo: Path, jobs: int, query: str = "tags") -> int:
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    paths = [str(p) for p in python_files(repo)]
    chunksize = max(1, len(paths) // (jobs * 8))
    source = tags_query_source() if query == "tags" else our_query_source()
    if source is None:
        print("blast-radius is not importable", file=sys.stderr)
        return 1
    with ProcessPoolExecutor(max_workers=jobs, initializer=_floor_init, initargs=(source,)) as pool:
        results = list(pool.map(_floor_file, paths, chunksize=chunksize))
    print(
        json.dumps(
            {
                "files": len(paths),
                "bytes": sum(r[0] for r in results),
                "matches": sum(r[1] for r in results),
                "inner_seconds": time.perf_counter() - started,
            }
        )
    )
    return 0


# --------------------------------------------------------------------------
# The peer
# --------------------------------------------------------------------------


def ensure_peer(cache_dir: Path) -> Path:
    """Install repo2graph==PEER_VERSION into its own virtualenv; return its CLI."""
    venv = cache_dir / "peer" / f"{PEER_NAME}-{PEER_VERSION}"
    exe = venv / "bin" / PEER_NAME
    marker = venv / ".bench-installed"
    if marker.exists() and exe.exists():
        return exe
    if venv.exists():
        shutil.rmtree(venv)
    venv.parent.mkdir(parents=True, exist_ok=True)
    print(f"[index] installing {PEER_NAME}=={PEER_VERSION} into {venv} ...", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "--quiet",
            f"{PEER_NAME}=={PEER_VERSION}",
        ],
        check=True,
    )
    marker.write_text(f"{PEER_NAME}=={PEER_VERSION}\n")
    return exe


PEER_MODES = {
    # Same scope as ours: Python files, graph files only (no RAG chunks,
    # GraphML, Cypher or HTML).
    "lean": ["--include", "*.py", "--formats", "jsonl", "--no-chunks"],
    # What `repo2graph build REPO -o OUT` does out of the box.
    "default": [],
}


def _dir_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def run_peer(exe: Path, tree: Path, out: Path, jobs: int, mode: str) -> dict[str, Any]:
    cmd = [str(exe), "build", str(tree), "-o", str(out), "--jobs", str(jobs), *PEER_MODES[mode]]
    run = _require_ok(run_measured(f"{PEER_NAME} ({mode})", cmd))
    stats: dict[str, Any] = {}
    stats_file = out / "agent" / "stats.json"
    if stats_file.exists():
        stats = json.loads(stats_file.read_text())
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--ignored"],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return {
        "run": run,
        "files": stats.get("files"),
        "nodes": stats.get("nodes"),
        "edges": stats.get("edges"),
        "output_bytes": _dir_bytes(out),
        "wrote_into_tree": bool(dirty),
    }


# --------------------------------------------------------------------------
# Ours
# --------------------------------------------------------------------------


def ours_available(python: str) -> str | None:
    """None when ``python -m blast_radius index`` can run, else why not."""
    proc = subprocess.run(
        [python, "-m", "blast_radius", "index", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        return lines[-1] if lines else f"exit status {proc.returncode}"
    return None


def graph_stats(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        "bytes": path.stat().st_size,
        "nodes": len(data.get("nodes", [])),
        "edges": len(data.get("edges", [])),
    }


def change_seen(before: Path, after: Path) -> bool:
    """Whether the graph after the edit reflects it (the edited file's extent grew)."""

    def extents(path: Path) -> list[tuple[str, int]]:
        data = json.loads(path.read_text(encoding="utf-8"))
        return sorted(
            (n["id"], n.get("end_line", 0))
            for n in data.get("nodes", [])
            if n.get("path") == CHANGED_FILE and n.get("kind") in ("file", "module")
        )

    return extents(before) != extents(after)


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------


def _mb(value: float | None) -> str:
    return f"{value:8.1f}" if value is not None else "       -"


def _verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Index benchmark on SQLAlchemy 2.0.36.")
    add_cache_dir_argument(parser)
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="processes for the floor, ours and the peer (default: cores)",
    )
    parser.add_argument("--json", action="store_true", help="also print the figures as JSON")
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter that has blast_radius installed (default: this one)",
    )
    parser.add_argument(
        "--peer",
        choices=["both", "lean", "default", "none"],
        default="both",
        help="which repo2graph builds to time (default: both)",
    )
    parser.add_argument(
        "--floor-repeat",
        type=int,
        default=3,
        help="run the floor this many times and keep the fastest (default: 3)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="run each of ours this many times and keep the fastest (default: 3)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument("--floor-child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--floor-query", choices=("tags", "ours"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.floor_child is not None:
        return floor_child(args.floor_child, args.jobs, args.floor_query or "tags")

    cache_dir: Path = args.cache_dir.expanduser()
    jobs: int = args.jobs
    src = workload_root(SQLALCHEMY, cache_dir)
    runs_dir = cache_dir / "runs"
    runs_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="index-", dir=runs_dir))
    results: dict[str, Any] = {
        "workload": f"{SQLALCHEMY.name}=={SQLALCHEMY.version}",
        "jobs": jobs,
        "cpu_count": os.cpu_count(),
        "memory_method": memory_method(),
        "targets": {
            "cold_over_floor_max": TARGET_COLD_OVER_FLOOR,
            "warm_over_cold_max": TARGET_WARM_OVER_COLD,
            "changed_over_cold_max": TARGET_CHANGED_OVER_COLD,
            "added_over_cold_max": TARGET_ADDED_OVER_COLD,
            "peak_mb_max": TARGET_PEAK_MB,
        },
    }
    try:
        repo = make_git_repo(src, work / "repo")
        n_files = len(python_files(repo))
        print(
            f"workload: {results['workload']} as a git repo at {repo} "
            f"({n_files} tracked .py files); jobs={jobs}; cores={os.cpu_count()}"
        )
        print(f"memory: {memory_method()}")

        # -- floor --------------------------------------------------------
        # The floor is parsing plus the grammar's own tags query, what any
        # tree-sitter tool pays. The same with our query, which captures every
        # name a resolver reads, shows how much of the rest tree-sitter itself
        # spends on the richer query.
        results["floor"] = _floor(repo, jobs, args.floor_repeat, "tags")
        if our_query_source() is not None:
            results["floor_our_query"] = _floor(repo, jobs, args.floor_repeat, "ours")

        # -- ours ---------------------------------------------------------
        why_not = ours_available(args.python)
        if why_not:
            print(
                f"ours: skipped, `{args.python} -m blast_radius index` is not runnable: {why_not}"
            )
            results["ours"] = None
        else:
            ours_cache = work / "cache-ours"
            ours_cache.mkdir()

            def ours(label: str, out: Path) -> Run:
                return _require_ok(
                    run_measured(
                        label,
                        [
                            args.python,
                            "-m",
                            "blast_radius",
                            "index",
                            str(repo),
                            "--out",
                            str(out),
                            "--cache-dir",
                            str(ours_cache),
                            "--jobs",
                            str(jobs),
                        ],
                    )
                )

            repeat = max(1, args.repeat)

            def fresh_cache() -> None:
                shutil.rmtree(ours_cache)
                ours_cache.mkdir()

            def append(text: str) -> None:
                changed_path = repo / CHANGED_FILE
                old = changed_path.read_text(encoding="utf-8")
                newline = "" if old.endswith("\n") else "\n"
                changed_path.write_text(old + newline + text, encoding="utf-8")

            colds, warm = cold_and_warm(ours, fresh_cache, work, repeat)
            cold = fastest(colds)
            changes = []
            for number in range(repeat):
                append(MARKER_LINE.replace("_bench_marker", f"_bench_marker_{number}"))
                changes.append(ours("ours one changed", work / "graph-changed.json"))
            changed = fastest(changes)
            additions = []
            for number in range(repeat):
                append(ADDED_FUNCTION.replace("bench_added_function", f"bench_added_{number}"))
                additions.append(ours("ours function added", work / "graph-added.json"))
            added = fastest(additions)
            # The same tree from nothing: the incremental graph must be this one.
            fresh_cache()
            ours("ours cold again", work / "graph-added-cold.json")
            cold_graph = graph_stats(work / "graph.json")
            results["ours"] = {
                "cold": _run_json(cold),
                "warm": _run_json(warm),
                "one_changed": _run_json(changed),
                "function_added": _run_json(added),
                "added_identical_to_cold": (work / "graph-added.json").read_bytes()
                == (work / "graph-added-cold.json").read_bytes(),
                "graph": cold_graph,
                "graph_after_change": graph_stats(work / "graph-changed.json"),
                "warm_graph_identical": (work / "graph.json").read_bytes()
                == (work / "graph-warm.json").read_bytes(),
                "change_seen": change_seen(work / "graph.json", work / "graph-changed.json"),
                "cold_summary": (cold.stderr + cold.stdout).strip().splitlines()[-6:],
                "all_seconds": {
                    name: [r.seconds for r in runs]
                    for name, runs in (
                        ("cold", colds),
                        ("body edit", changes),
                        ("function added", additions),
                    )
                },
            }

        # -- peer ---------------------------------------------------------
        peer_results: dict[str, Any] = {}
        modes = (
            ["lean", "default"]
            if args.peer == "both"
            else ([] if args.peer == "none" else [args.peer])
        )
        if modes:
            exe = ensure_peer(cache_dir)
            version = subprocess.run(
                [str(exe), "--version"], capture_output=True, text=True, check=False
            ).stdout.strip()
            # A separate pristine copy: never the tree that ours indexes
            # (that one gets edited) and never shared between peer builds.
            for mode in modes:
                tree = make_git_repo(src, work / f"peer-repo-{mode}")
                peer_results[mode] = run_peer(exe, tree, work / f"peer-out-{mode}", jobs, mode)
                peer_results[mode]["version"] = version
                peer_results[mode]["cmd"] = peer_results[mode]["run"].cmd
        results["peer"] = {
            m: {**{k: v for k, v in p.items() if k != "run"}, **_run_json(p["run"])}
            for m, p in peer_results.items()
        }

        print_table(results)
        if args.json:
            print(json.dumps(results, indent=2, default=str))
    finally:
        if args.keep:
            print(f"scratch folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


def _run_json(run: Run) -> dict[str, Any]:
    d = asdict(run)
    d.pop("stdout")
    d.pop("stderr")
    d["peak_mb"] = run.peak_mb
    return d


def _floor(repo: Path, jobs: int, repeat: int, query: str) -> dict[str, Any]:
    """The fastest of ``repeat`` runs of the floor child with ``query`` ("tags" or "ours")."""
    runs = []
    for _ in range(max(1, repeat)):
        r = _require_ok(
            run_measured(
                "floor" if query == "tags" else "floor (our query)",
                [
                    sys.executable,
                    str(Path(__file__).resolve()),
                    "--floor-child",
                    str(repo),
                    "--jobs",
                    str(jobs),
                    "--floor-query",
                    query,
                ],
            )
        )
        runs.append((r, json.loads(r.stdout)))
    fastest, info = min(runs, key=lambda x: x[0].seconds)
    return {
        "seconds": fastest.seconds,
        "all_seconds": [r.seconds for r, _ in runs],
        "max_rss_mb": fastest.max_rss_mb,
        "tree_peak_mb": fastest.tree_peak_mb,
        **info,
        "files_read_in": "worker (the parent sends paths)",
    }


def print_table(results: dict[str, Any]) -> None:
    floor = results["floor"]
    fs = floor["seconds"]
    print()
    print(
        f"floor: {floor['files']} files, {floor['bytes'] / 1e6:.1f} MB of source, "
        f"{floor['matches']} tags.scm matches; fastest of "
        f"{', '.join(f'{s:.2f}' for s in floor['all_seconds'])} s "
        f"(inside the child: {floor['inner_seconds']:.2f} s)"
    )
    header = (
        f"{'run':<26}{'seconds':>9}{'x floor':>9}{'x cold':>8}"
        f"{'max-proc MB':>13}{'tree MB':>9}  target"
    )
    print(header)
    print("-" * len(header))
    print(
        f"{'floor (parse + tags.scm)':<26}{fs:9.2f}{1.0:9.2f}{'':>8}"
        f"{_mb(floor['max_rss_mb']):>13}{_mb(floor['tree_peak_mb']):>9}"
    )
    mine = results.get("floor_our_query")
    if mine:
        print(
            f"{'parse + our query':<26}{mine['seconds']:9.2f}{mine['seconds'] / fs:9.2f}{'':>8}"
            f"{_mb(mine['max_rss_mb']):>13}{_mb(mine['tree_peak_mb']):>9}"
            f"  {mine['matches']} matches (tags.scm: {floor['matches']})"
        )

    ours = results.get("ours")
    if ours:
        cs = ours["cold"]["seconds"]
        rows = [
            (
                "ours cold",
                ours["cold"],
                f"<= {TARGET_COLD_OVER_FLOOR:g}x floor",
                cs / fs <= TARGET_COLD_OVER_FLOOR,
            ),
            (
                "ours warm (unchanged)",
                ours["warm"],
                f"<= {TARGET_WARM_OVER_COLD:.0%} of cold",
                ours["warm"]["seconds"] / cs <= TARGET_WARM_OVER_COLD,
            ),
            (
                "ours body edit",
                ours["one_changed"],
                f"<= {TARGET_CHANGED_OVER_COLD:.0%} of cold",
                ours["one_changed"]["seconds"] / cs <= TARGET_CHANGED_OVER_COLD,
            ),
            (
                "ours function added",
                ours["function_added"],
                f"<= {TARGET_ADDED_OVER_COLD:.0%} of cold",
                ours["function_added"]["seconds"] / cs <= TARGET_ADDED_OVER_COLD,
            ),
        ]
        for name, r, target, ok in rows:
            peak_ok = r["peak_mb"] is None or r["peak_mb"] <= TARGET_PEAK_MB
            print(
                f"{name:<26}{r['seconds']:9.2f}{r['seconds'] / fs:9.2f}"
                f"{r['seconds'] / cs:8.2f}{_mb(r['max_rss_mb']):>13}{_mb(r['tree_peak_mb']):>9}"
                f"  {target}: {_verdict(ok)}; peak <= {TARGET_PEAK_MB:g} MB: "
                f"{_verdict(peak_ok)}"
            )
    for mode, p in results.get("peer", {}).items():
        ratio = f"{p['seconds'] / ours['cold']['seconds']:.2f}x ours cold" if ours else ""
        print(
            f"{'repo2graph (' + mode + ')':<26}{p['seconds']:9.2f}{p['seconds'] / fs:9.2f}"
            f"{'':>8}{_mb(p['max_rss_mb']):>13}{_mb(p['tree_peak_mb']):>9}  {ratio}"
        )

    if ours:
        g = ours["graph"]
        runs = "; ".join(
            f"{name} {', '.join(f'{x:.2f}' for x in seconds)}"
            for name, seconds in ours["all_seconds"].items()
        )
        print(f"all runs of ours (s), the fastest of each counts: {runs}")
        print(
            f"\nour graph: {g['bytes'] / 1e6:.2f} MB, {g['nodes']} nodes, {g['edges']} edges; "
            f"warm re-index wrote an identical file: {ours['warm_graph_identical']}; "
            f"the one-file edit shows in the graph: {ours['change_seen']}; "
            f"after the function was added, the graph equals a cold build's: "
            f"{ours['added_identical_to_cold']}"
        )
        print("our cold run said: " + " | ".join(ours["cold_summary"]))
        print(
            f"ratios: cold/floor {ours['cold']['seconds'] / fs:.2f}, "
            f"warm/cold {ours['warm']['seconds'] / ours['cold']['seconds']:.3f}, "
            f"body-edit/cold {ours['one_changed']['seconds'] / ours['cold']['seconds']:.3f}, "
            f"function-added/cold "
            f"{ours['function_added']['seconds'] / ours['cold']['seconds']:.3f}"
            + (
                f"; cold / (parse + our query) {ours['cold']['seconds'] / mine['seconds']:.2f}"
                if mine
                else ""
            )
        )
    for mode, p in results.get("peer", {}).items():
        print(f"repo2graph ({mode}): {' '.join(p['cmd'])}")
        print(
            f"    {p['version']}; {p['files']} files, {p['nodes']} nodes, {p['edges']} edges, "
            f"output {p['output_bytes'] / 1e6:.1f} MB; wrote into the tree: "
            f"{p['wrote_into_tree']}"
        )


if __name__ == "__main__":
    raise SystemExit(main())
