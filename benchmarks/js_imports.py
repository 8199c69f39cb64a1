"""Compare our JS/TS module import edges with the TypeScript compiler's module resolution.

Each workload is an npm package pinned by version and tarball integrity that
ships its TypeScript or JavaScript sources. ``npm pack`` fetches it into the
cache folder, and the script turns the sources (with the build output left
out, as a git checkout of the project would have it) into a git repository
with one commit. Then it builds two sets of (importer file, imported file)
pairs over the repository's JS/TS files:

* the oracle: ``benchmarks/js_oracle/resolve.mjs`` under Node, with
  ``typescript`` pinned by ``js_oracle/package-lock.json`` and installed with
  ``npm ci`` into the cache folder. For every tracked JS/TS file it walks the
  TypeScript AST for string-literal specifiers (``import``/``export ... from``,
  ``import x = require()``, ``require()``, ``import()``, ``import("x").T``)
  and resolves each one with ``ts.resolveModuleName``, under the compiler
  options of the nearest tsconfig.json/jsconfig.json that includes the file
  (``extends``, ``baseUrl``, ``paths``, ``customConditions`` honoured) or,
  when none does, NodeNext with ``allowJs``. A resolution to a JS/TS file
  inside the repository (not under node_modules) is an edge;
* ours: ``python -m blast_radius graph REPO --format json --no-cache --jobs N``,
  keeping the ``imports`` edges between two ``js:<path>`` module nodes.

The oracle counts as the truth: precision = |ours & oracle| / |ours| and
recall = |ours & oracle| / |oracle|. Pairs whose only evidence in the oracle
is an ``import("x").T`` type node or a JSDoc comment are left out of both sides. A resolution to
a ``.d.ts`` file counts as an edge to that file, as the compiler has it; the
report says how many such edges have a ``.js`` sibling (the file that runs).

    python benchmarks/js_imports.py [--workload zod] [--check] [--json [FILE]] [--keep]
        [--oracle-only] [--python PY] [--node NODE] [--jobs 2]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from workloads import add_cache_dir_argument, make_git_repo

THRESHOLD = 0.99
EXAMPLES = 15
ORACLE_DIR = Path(__file__).resolve().parent / "js_oracle"

# The files the tool reads as JS/TS, and so the importers the oracle reads.
CODE_FILE = re.compile(r"\.(?:[cm]?[jt]sx?)$")
DECLARATION_FILE = re.compile(r"\.d\.[cm]?ts$")
# Specifier kinds in the oracle's output that are not compared: `import("x").T`
# type nodes, and the JSDoc `import("x")` types and `@import` tags of JS files.
UNCOMPARED_KINDS = frozenset({"import-type", "jsdoc"})

Pair = tuple[str, str]
Use = tuple[str, str, int]  # how the oracle saw one import: kind, specifier, line


@dataclass(frozen=True)
class NpmWorkload:
    """A pinned npm package, and what of its tarball makes the repository."""

    key: str  # the --workload name
    package: str  # name on the npm registry
    version: str
    integrity: str  # the registry's dist.integrity of the tarball
    keep: tuple[str, ...]  # top-level entries of the tarball's package/ kept; () keeps all
    drop: tuple[str, ...] = ()  # top-level entries removed (build output)
    added: tuple[tuple[str, str], ...] = ()  # files written into the tree: (path, text)
    why: str = ""


ZOD_TSCONFIG = """{
  // Written by benchmarks/js_imports.py: the npm package ships no tsconfig. These
  // are the options of zod's own packages/zod/tsconfig.json that bear on module
  // resolution: NodeNext, and the "@zod/source" condition of package.json
  // "exports", which maps every self-import ("zod/v4/core") to src/.
  "compilerOptions": {
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "customConditions": ["@zod/source"],
    "noEmit": true,
  },
}
"""

RTK_TSCONFIG = """{
  // Written by benchmarks/js_imports.py: the npm package ships no tsconfig. These
  // are the options of Redux Toolkit's packages/toolkit/tsconfig.base.json that
  // bear on module resolution: node10, baseUrl, and the paths its sources and
  // tests import through ("@internal/*", "@reduxjs/toolkit/query", ...).
  "compilerOptions": {
    "target": "ESNext",
    "module": "ESNext",
    "moduleResolution": "Node",
    "jsx": "react",
    "noEmit": true,
    "baseUrl": ".",
    "paths": {
      "@reduxjs/toolkit": ["src/index.ts"],
      "@reduxjs/toolkit/react": ["src/react/index.ts"],
      "@reduxjs/toolkit/query": ["src/query/index.ts"],
      "@reduxjs/toolkit/query/react": ["src/query/react/index.ts"],
      "@reduxjs/toolkit/dist/*": ["src/*"],
      "@reduxjs/toolkit/dist/query/*": ["src/query/*"],
      "@internal/*": ["src/*"],
      "react": ["node_modules/react"],
    },
  },
}
"""

WORKLOADS = (
    NpmWorkload(
        key="zod",
        package="zod",
        version="4.6.7",
        integrity="sha512-g8W2D2kU6a8untc053fX1uVBKzM7yqAxW/3zwk83+6RyF2+SKOuV+c0wBDhUwzV1PaGapmZH+rmcUzPf+3CGwg==",
        keep=("LICENSE", "package.json", "src"),
        added=(("tsconfig.json", ZOD_TSCONFIG),),
        why='ESM TypeScript ("type": "module", NodeNext): relative imports written as'
        ' `./x.js`, package.json "exports" with a custom source condition, and'
        " tests that import the package by its own name",
    ),
    NpmWorkload(
        key="rtk",
        package="@reduxjs/toolkit",
        version="2.5.0",
        integrity="sha512-awNe2oTodsZ6LmRqmkFhtb/KH03hUhxOamEQy411m3Njj3BbFvoBovxo4Q1cBWnV1ErprVj9MlF0UPXkng0eyg==",
        keep=("LICENSE", "package.json", "query", "react", "src"),
        added=(("tsconfig.json", RTK_TSCONFIG),),
        why="TypeScript and TSX with tsconfig `baseUrl` and `paths` (node10): sources"
        ' and tests import "@internal/..." and the package\'s own entry points by name',
    ),
    NpmWorkload(
        key="rxjs",
        package="rxjs",
        version="7.8.1",
        integrity="sha512-AA3TVj+0A2iuIoQkWEK/tqFjBq2j+6PO6Y0zJcvzLAFhEFIO3HL0vls9hWLncZbAAbK0mar7oZ4V079I/qPMxg==",
        keep=(),
        drop=("dist",),
        why="TypeScript whose own tsconfig ships in the package (node10, `baseUrl`,"
        " `paths`, `extends` in src/tsconfig.*.json), extensionless relative imports"
        " and `import(...)` in doc comments",
    ),
    NpmWorkload(
        key="eslint",
        package="eslint",
        version="8.57.1",
        integrity="sha512-ypowyDxpVSYpkXr9WPv2PAZCtNip1Mv5KTW0SCurXv/9iOpcrH9PaqUElksqEB6pChqHGDRCFTyrZlGhnLNGiA==",
        keep=(),
        why="plain CommonJS JavaScript with no tsconfig or jsconfig: `require()` of"
        " relative paths, often inside functions, and JSDoc `import()` types",
    ),
)


# --- fetching and building the workloads ---------------------------------------------------


def _integrity(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def fetch_npm_package(w: NpmWorkload, cache_dir: Path) -> Path:
    """Download (once) and unpack (once) the tarball of ``w``; return its ``package/`` folder.

    The tarball is kept in ``<cache>/npm/`` and checked against ``w.integrity``;
    the unpacked tree is ``<cache>/npm-src/<name>-<version>/``.
    """
    cache_dir = Path(cache_dir).expanduser()
    slug = f"{w.package.lstrip('@').replace('/', '-')}-{w.version}"
    root = cache_dir / "npm-src" / slug
    done = cache_dir / "npm-src" / f"{slug}.unpacked"
    if done.exists():
        return root / "package"
    dl_dir = cache_dir / "npm"
    dl_dir.mkdir(parents=True, exist_ok=True)
    tarball = dl_dir / f"{slug}.tgz"
    if not tarball.exists() or _integrity(tarball) != w.integrity:
        print(f"[js_imports] npm pack {w.package}@{w.version} ...", file=sys.stderr)
        with tempfile.TemporaryDirectory(dir=dl_dir) as tmp:
            subprocess.run(
                ["npm", "pack", f"{w.package}@{w.version}", "--pack-destination", tmp, "--silent"],
                check=True,
                stdout=subprocess.DEVNULL,
            )
            (packed,) = Path(tmp).glob("*.tgz")
            packed.replace(tarball)
    got = _integrity(tarball)
    if got != w.integrity:
        raise RuntimeError(f"{tarball}: integrity {got}, expected {w.integrity}")
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    with tarfile.open(tarball) as tf:
        tf.extractall(root, filter="data")
    done.write_text(f"{w.package}@{w.version}\n")
    return root / "package"


def build_repo(w: NpmWorkload, package_dir: Path, dest: Path) -> Path:
    """Copy the kept part of the package to ``dest``, add ``w.added``, commit it once."""
    entries = sorted(p.name for p in package_dir.iterdir())
    chosen = [e for e in entries if (not w.keep or e in w.keep) and e not in w.drop]
    missing = sorted(set(w.keep) - set(entries))
    if missing:
        raise RuntimeError(f"{w.package}@{w.version} has no {missing}")
    if dest.exists():
        shutil.rmtree(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest.parent, prefix=f".{dest.name}-") as tmp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        for name in chosen:
            src = package_dir / name
            if src.is_dir():
                shutil.copytree(src, tree / name)
            else:
                shutil.copy2(src, tree / name)
        for rel, text in w.added:
            (tree / rel).parent.mkdir(parents=True, exist_ok=True)
            (tree / rel).write_text(text, encoding="utf-8")
        make_git_repo(tree, dest)
    return dest


def tracked_code_files(repo: Path) -> list[str]:
    """The tracked files with a JS/TS extension, sorted."""
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=repo, check=True, capture_output=True
    ).stdout.decode("utf-8")
    return sorted(p for p in out.split("\0") if p and CODE_FILE.search(p))


# --- the oracle ------------------------------------------------------------------------------


def ensure_oracle(cache_dir: Path, node: str) -> Path:
    """``npm ci`` the oracle's pinned typescript into ``<cache>/js-oracle/<lock hash>/``."""
    lock = (ORACLE_DIR / "package-lock.json").read_bytes()
    home = Path(cache_dir).expanduser() / "js-oracle" / hashlib.sha256(lock).hexdigest()[:12]
    marker = home / ".bench-installed"
    if not marker.exists():
        if home.exists():
            shutil.rmtree(home)
        home.mkdir(parents=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(ORACLE_DIR / name, home / name)
        print(f"[js_imports] npm ci (typescript) into {home} ...", file=sys.stderr)
        subprocess.run(
            ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=home,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        marker.write_text("ok\n")
    subprocess.run([node, "--version"], check=True, capture_output=True)
    return home


def run_oracle(node: str, oracle_home: Path, repo: Path, files: list[str]) -> dict[str, Any]:
    cmd = [
        node,
        str(ORACLE_DIR / "resolve.mjs"),
        "--repo",
        str(repo),
        "--typescript",
        str(oracle_home),
    ]
    proc = subprocess.run(
        cmd, input="\n".join(files) + "\n", capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise RuntimeError(f"the oracle exited with {proc.returncode}\n{proc.stderr[-4000:]}")
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


# --- ours ------------------------------------------------------------------------------------


def run_ours(python: str, repo: Path, jobs: int) -> dict[str, Any]:
    cmd = [python, "-m", "blast_radius", "graph", str(repo), "--format", "json", "--no-cache"]
    cmd += ["--jobs", str(jobs)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(
            f"`{' '.join(cmd)}` exited with {proc.returncode}\n{proc.stderr[-4000:]}"
        )
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


def tool_version(python: str) -> str:
    """Where ``blast_radius`` comes from: its git commit (``+dirty`` for local edits)."""
    proc = subprocess.run(
        [python, "-c", "import blast_radius, os; print(os.path.dirname(blast_radius.__file__))"],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        return "not importable"
    where = proc.stdout.strip()

    def git(*args: str) -> str:
        run = subprocess.run(["git", *args], cwd=where, capture_output=True, text=True, check=False)
        return run.stdout.strip() if run.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD")
    if not commit:
        return where
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".")
    return commit + ("+dirty" if dirty else "")


# --- the comparison --------------------------------------------------------------------------


@dataclass
class Comparison:
    workload: NpmWorkload
    files: list[str]
    oracle: dict[str, Any]
    ours: dict[str, Any] | None
    ours_error: str = ""
    oracle_pairs: set[Pair] = field(default_factory=set)
    uncompared_pairs: set[Pair] = field(default_factory=set)  # type nodes or JSDoc only
    our_pairs: set[Pair] = field(default_factory=set)
    our_modules: set[str] = field(default_factory=set)
    oracle_uses: dict[Pair, list[Use]] = field(default_factory=dict)
    our_edges: dict[Pair, list[dict[str, Any]]] = field(default_factory=dict)
    our_external: int = 0
    our_non_module: list[dict[str, Any]] = field(default_factory=list)

    def other_imports(self, outcome: str) -> list[list[Any]]:
        """The oracle's compared imports that gave no edge, with this outcome."""
        return [
            u for u in self.oracle["others"] if u[4] == outcome and u[2] not in UNCOMPARED_KINDS
        ]

    @property
    def true_positives(self) -> set[Pair]:
        return self.our_pairs & self.oracle_pairs

    @property
    def false_positives(self) -> set[Pair]:
        return self.our_pairs - self.oracle_pairs

    @property
    def false_negatives(self) -> set[Pair]:
        return self.oracle_pairs - self.our_pairs

    @property
    def precision(self) -> float:
        return len(self.true_positives) / len(self.our_pairs) if self.our_pairs else 0.0

    @property
    def recall(self) -> float:
        return len(self.true_positives) / len(self.oracle_pairs) if self.oracle_pairs else 0.0


def compare(w: NpmWorkload, files: list[str], oracle: dict[str, Any], ours: Any) -> Comparison:
    c = Comparison(workload=w, files=files, oracle=oracle, ours=None)
    uses: dict[Pair, list[Use]] = defaultdict(list)
    for importer, imported, kind, specifier, line in oracle["edges"]:
        uses[(importer, imported)].append((str(kind), str(specifier), int(line)))
    c.oracle_uses = dict(uses)
    for pair, found in uses.items():
        if all(kind in UNCOMPARED_KINDS for kind, _, _ in found):
            c.uncompared_pairs.add(pair)
        else:
            c.oracle_pairs.add(pair)
    if isinstance(ours, str):
        c.ours_error = ours
        return c
    c.ours = ours
    kinds = {n["id"]: n.get("kind", "") for n in ours.get("nodes", [])}
    c.our_modules = {
        nid[3:] for nid, kind in kinds.items() if kind == "module" and nid.startswith("js:")
    }
    edges: dict[Pair, list[dict[str, Any]]] = defaultdict(list)
    for edge in ours.get("edges", []):
        if edge.get("kind") != "imports" or edge["source"] not in kinds:
            continue
        source, target = edge["source"], edge["target"]
        if kinds[source] != "module" or not source.startswith("js:"):
            continue
        if not target.startswith("js:"):
            c.our_external += 1
            continue
        if kinds.get(target, "module") != "module":
            c.our_non_module.append(edge)
            continue
        pair = (source[3:], target[3:])
        if pair in c.uncompared_pairs:
            continue
        edges[pair].append(edge)
    c.our_edges = dict(edges)
    c.our_pairs = set(edges)
    return c


def _by_line(use: Use) -> tuple[int, str, str]:
    return use[2], use[0], use[1]


def _status(kinds: set[str]) -> str:
    if kinds <= {"type"}:
        return "type"
    if kinds <= {"dynamic"}:
        return "deferred"
    return "static"


def _our_status(edges: list[dict[str, Any]]) -> str:
    tags = [set(e.get("tags") or ()) for e in edges]
    if all("type-checking" in t for t in tags):
        return "type"
    if all("deferred" in t for t in tags):
        return "deferred"
    return "static"


def tag_mismatches(c: Comparison) -> dict[Pair, str]:
    """The true positives whose type-only/deferred status differs between the two sides."""
    wrong: dict[Pair, str] = {}
    for pair in c.true_positives:
        theirs = _status({k for k, _, _ in c.oracle_uses[pair] if k not in UNCOMPARED_KINDS})
        ours = _our_status(c.our_edges[pair])
        if theirs != ours:
            wrong[pair] = f"oracle {theirs}, ours {ours}"
    return wrong


def declaration_targets(c: Comparison) -> tuple[int, int]:
    """Oracle pairs whose target is a ``.d.ts``, and how many of those have a JS sibling."""
    tracked = set(c.files)
    total = with_js = 0
    for _, imported in c.oracle_pairs:
        if DECLARATION_FILE.search(imported):
            total += 1
            stem = DECLARATION_FILE.sub("", imported)
            ext = imported.rsplit(".", 1)[1].replace("ts", "js")
            if f"{stem}.{ext}" in tracked:
                with_js += 1
    return total, with_js


def _source_line(repo: Path, rel_path: str, line: int) -> str:
    try:
        text = (repo / rel_path).read_text(encoding="utf-8", errors="replace").splitlines()
        return text[line - 1].strip()[:100] if 0 < line <= len(text) else ""
    except OSError:
        return ""


def _oracle_at(c: Comparison) -> dict[tuple[str, int], list[str]]:
    """What the oracle made of each (file, line): for explaining our extra edges."""
    at: dict[tuple[str, int], list[str]] = defaultdict(list)
    for importer, imported, kind, specifier, line in c.oracle["edges"]:
        at[(importer, line)].append(f"{specifier!r} -> {imported} ({kind})")
    for importer, line, kind, specifier, outcome, target in c.oracle["others"]:
        to = f" -> {target}" if target else ""
        at[(importer, line)].append(f"{specifier!r}{to} {outcome} ({kind})")
    return at


def _ours_at(c: Comparison) -> dict[tuple[str, int], list[str]]:
    at: dict[tuple[str, int], list[str]] = defaultdict(list)
    for (importer, imported), edges in c.our_edges.items():
        for e in edges:
            at[(importer, int(e.get("line") or 0))].append(imported)
    return at


def _package_name(specifier: str) -> str:
    parts = specifier.split("/")
    return "/".join(parts[:2]) if specifier.startswith("@") else parts[0]


def figures(c: Comparison) -> dict[str, Any]:
    w = c.workload
    others = c.other_imports
    oracle_edges = [e for e in c.oracle["edges"] if e[2] not in UNCOMPARED_KINDS]
    out: dict[str, Any] = {
        "package": f"{w.package}@{w.version}",
        "files": len(c.files),
        "oracle_imports_resolved_in_repo": len(oracle_edges),
        "oracle_pairs": len(c.oracle_pairs),
        "oracle_pairs_by_kind": dict(
            sorted(
                Counter(
                    _status({k for k, _, _ in c.oracle_uses[p] if k not in UNCOMPARED_KINDS})
                    for p in c.oracle_pairs
                ).items()
            )
        ),
        "uncompared_pairs": dict(
            sorted(
                Counter(
                    "+".join(sorted({k for k, _, _ in c.oracle_uses[p]}))
                    for p in c.uncompared_pairs
                ).items()
            )
        ),
        "oracle_pairs_through_bare_specifiers": sum(
            1
            for p in c.oracle_pairs
            if any(not s.startswith((".", "/")) for k, s, _ in c.oracle_uses[p])
        ),
        "oracle_unresolved_relative": len(others("unresolved")),
        "oracle_non_code_targets": len(others("non-code")),
        "oracle_external_imports": len(others("external")),
        "oracle_declaration_targets": declaration_targets(c)[0],
        "oracle_declaration_targets_with_js_sibling": declaration_targets(c)[1],
    }
    if c.ours is None:
        out["ours_error"] = c.ours_error.splitlines()[0] if c.ours_error else "not run"
        return out
    agree = len(c.true_positives) - len(tag_mismatches(c))
    out.update(
        {
            "our_modules": len(c.our_modules),
            "our_pairs": len(c.our_pairs),
            "true_positives": len(c.true_positives),
            "false_positives": len(c.false_positives),
            "false_negatives": len(c.false_negatives),
            "precision": round(c.precision, 4),
            "recall": round(c.recall, 4),
            "tags_agree": agree,
            "our_external_edges": c.our_external,
        }
    )
    return out


def report(c: Comparison, examples: int, repo: Path) -> None:
    w = c.workload
    f = figures(c)
    o = c.oracle
    others = c.other_imports
    print(f"\n=== {w.key}: {w.package}@{w.version} ===")
    print(f"why: {w.why}")
    configs = o["configs"]
    by_config = Counter(v or "(defaults)" for v in o["files"].values())
    print(f"files: {len(c.files)} JS/TS files tracked; compiler options from {dict(by_config)}")
    for name, cfg in configs.items():
        paths = cfg["paths"]
        desc = (
            f"  {name}: moduleResolution {cfg['moduleResolution']}, module {cfg['module']}"
            + (f", baseUrl {cfg['baseUrl']}" if cfg["baseUrl"] else "")
            + (f", {len(paths)} paths" if paths else "")
            + (f", customConditions {cfg['customConditions']}" if cfg["customConditions"] else "")
        )
        print(desc)
        for err in cfg["errors"]:
            print(f"    config error: {err}")
    if "(defaults)" in by_config:
        d = o["defaultOptions"]
        print(
            f"  (defaults): moduleResolution {d['moduleResolution']}, module {d['module']}, allowJs"
        )
    print(
        f"oracle (typescript {o['typescript']}): {f['oracle_imports_resolved_in_repo']} imports "
        f"resolved to a repository file, {f['oracle_pairs']} file pairs "
        f"{f['oracle_pairs_by_kind']}; {f['oracle_external_imports']} external, "
        f"{f['oracle_unresolved_relative']} relative unresolved, "
        f"{f['oracle_non_code_targets']} to non-JS/TS files (JSON)"
    )
    print(
        f"  {f['oracle_pairs_through_bare_specifiers']} pairs through a bare specifier "
        "(a self-import, paths or baseUrl); not compared, pairs only through "
        f"type nodes or JSDoc: {f['uncompared_pairs'] or 0}"
    )
    if f["oracle_declaration_targets"]:
        print(
            f"  {f['oracle_declaration_targets']} pairs end at a .d.ts file "
            f"({f['oracle_declaration_targets_with_js_sibling']} of them beside a .js file)"
        )
    packages = Counter(_package_name(u[3]) for u in others("external"))
    print(f"  external, by package: {dict(packages.most_common(8))}")
    for importer, line, kind, specifier, _, _ in others("unresolved")[:examples]:
        print(f"  unresolved: {importer}:{line} {specifier!r} ({kind})")
    if o["parseErrors"]:
        print(f"  {len(o['parseErrors'])} files with syntax errors, e.g. {o['parseErrors'][0]}")
    if c.ours is None:
        print(f"ours: could not run\n{c.ours_error}")
        return

    print(
        f"ours: {len(c.our_modules)} JS/TS module nodes, {len(c.our_pairs)} file pairs "
        f"({c.our_external} edges to packages outside the repository not compared)"
    )
    only_oracle = sorted(set(c.files) - c.our_modules)
    only_ours = sorted(c.our_modules - set(c.files))
    if only_oracle or only_ours:
        skipped = c.ours.get("meta", {}).get("skipped") or {}
        print(
            f"files without a module node of ours: {len(only_oracle)} {only_oracle[:8]}"
            f" (the graph's meta.skipped: {skipped})"
        )
        print(f"module nodes of ours not tracked:    {len(only_ours)} {only_ours[:8]}")
    tp, fp, fn = c.true_positives, c.false_positives, c.false_negatives
    print(f"true positives {len(tp)}, false positives {len(fp)}, false negatives {len(fn)}")
    print(f"precision {c.precision:.4f}   recall {c.recall:.4f}   (target >= {THRESHOLD})")
    wrong = tag_mismatches(c)
    counts = dict(sorted(Counter(wrong.values()).items()))
    print(
        f"type-only/deferred tags agree on {len(tp) - len(wrong)} of {len(tp)} "
        f"true positives {counts}"
    )
    for pair in sorted(wrong)[:examples]:
        theirs = ", ".join(f"{k} L{n}" for k, _, n in sorted(c.oracle_uses[pair], key=_by_line))
        ours = ", ".join(
            f"L{e.get('line')} [{','.join(e.get('tags') or ()) or 'no tags'}]"
            for e in sorted(c.our_edges[pair], key=lambda e: int(e.get("line") or 0))
        )
        print(f"  {pair[0]} -> {pair[1]}: oracle {theirs}; ours {ours}")
    if c.our_non_module:
        print(f"{len(c.our_non_module)} of our imports edges end at a non-module node, e.g.:")
        for e in c.our_non_module[:5]:
            print(f"  {e['source']} -> {e['target']} (line {e.get('line')})")

    if fn:
        ours_at = _ours_at(c)
        print(f"\nmissed (the oracle has, we do not): {len(fn)}")
        for pair in sorted(fn)[:examples]:
            kind, specifier, line = sorted(c.oracle_uses[pair], key=_by_line)[0]
            instead = sorted(set(ours_at.get((pair[0], line), [])))
            note = f"; ours at that line -> {', '.join(instead)}" if instead else ""
            print(f"  {pair[0]}:{line} {specifier!r} -> {pair[1]} ({kind}){note}")
            print(f"      {_source_line(repo, pair[0], line)!r}")
    if fp:
        oracle_at = _oracle_at(c)
        print(f"\nextra (we have, the oracle does not): {len(fp)}")
        for pair in sorted(fp)[:examples]:
            e = min(c.our_edges[pair], key=lambda e: int(e.get("line") or 0))
            at = int(e.get("line") or 0)
            tags = ",".join(e.get("tags") or ())
            said = "; ".join(oracle_at.get((pair[0], at), [])) or "nothing at that line"
            src = _source_line(repo, pair[0], at)
            print(f"  {pair[0]}:{at} -> {pair[1]}" + (f" [{tags}]" if tags else "") + f" {src!r}")
            print(f"      oracle: {said}")


def totals(results: list[Comparison]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "files": sum(len(c.files) for c in results),
        "oracle_pairs": sum(len(c.oracle_pairs) for c in results),
    }
    ran = [c for c in results if c.ours is not None]
    if ran:
        ours = sum(len(c.our_pairs) for c in ran)
        oracle = sum(len(c.oracle_pairs) for c in ran)
        tp = sum(len(c.true_positives) for c in ran)
        out.update(
            {
                "our_pairs": ours,
                "true_positives": tp,
                "precision": round(tp / ours, 4) if ours else 0.0,
                "recall": round(tp / oracle, 4) if oracle else 0.0,
            }
        )
    return out


def print_table(results: list[Comparison]) -> None:
    header = ("workload", "files", "oracle", "ours", "TP", "FP", "FN", "precision", "recall")
    rows: list[tuple[str, ...]] = []
    for c in results:
        if c.ours is None:
            rows.append(
                (c.workload.key, str(len(c.files)), str(len(c.oracle_pairs)), "-", *"-----")
            )
            continue
        rows.append(
            (
                c.workload.key,
                str(len(c.files)),
                str(len(c.oracle_pairs)),
                str(len(c.our_pairs)),
                str(len(c.true_positives)),
                str(len(c.false_positives)),
                str(len(c.false_negatives)),
                f"{c.precision:.4f}",
                f"{c.recall:.4f}",
            )
        )
    t = totals(results)
    if "our_pairs" in t:
        ran = [c for c in results if c.ours is not None]
        rows.append(
            (
                "all",
                str(t["files"]),
                str(t["oracle_pairs"]),
                str(t["our_pairs"]),
                str(t["true_positives"]),
                str(sum(len(c.false_positives) for c in ran)),
                str(sum(len(c.false_negatives) for c in ran)),
                f"{t['precision']:.4f}",
                f"{t['recall']:.4f}",
            )
        )
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    print()
    for r in (header, *rows):
        print(
            "  ".join(v.ljust(widths[i]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(r))
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_cache_dir_argument(parser)
    parser.add_argument(
        "--workload",
        choices=[w.key for w in WORKLOADS],
        action="append",
        help="compare only this workload (repeatable; default: all)",
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter that has blast_radius installed (default: this one)",
    )
    parser.add_argument("--node", default="node", help="the Node.js that runs the oracle")
    parser.add_argument("--jobs", type=int, default=2, help="--jobs for blast-radius graph")
    parser.add_argument(
        "--examples", type=int, default=EXAMPLES, help="missed and extra edges listed per workload"
    )
    parser.add_argument(
        "--oracle-only", action="store_true", help="run the oracle only, not blast-radius"
    )
    parser.add_argument(
        "--check", action="store_true", help=f"exit 1 when precision or recall is below {THRESHOLD}"
    )
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="also write the figures as JSON, to FILE or (without one) to stdout",
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep the repositories under <cache>/js-imports/"
    )
    args = parser.parse_args(argv)

    chosen = [w for w in WORKLOADS if not args.workload or w.key in args.workload]
    oracle_home = ensure_oracle(args.cache_dir, args.node)
    version = "not run" if args.oracle_only else tool_version(args.python)
    print(f"blast-radius: {version}; oracle: benchmarks/js_oracle (typescript pinned by its lock)")
    runs = Path(args.cache_dir).expanduser() / "js-imports"
    results: list[Comparison] = []
    failed = False
    for w in chosen:
        package_dir = fetch_npm_package(w, args.cache_dir)
        repo = build_repo(w, package_dir, runs / w.key)
        try:
            files = tracked_code_files(repo)
            started = time.perf_counter()
            oracle = run_oracle(args.node, oracle_home, repo, files)
            oracle_s = time.perf_counter() - started
            ours: dict[str, Any] | str = "not run (--oracle-only)"
            ours_s = 0.0
            if not args.oracle_only:
                started = time.perf_counter()
                try:
                    ours = run_ours(args.python, repo, args.jobs)
                except RuntimeError as exc:
                    ours = str(exc)
                ours_s = time.perf_counter() - started
            print(
                f"[js_imports] {w.key}: oracle {oracle_s:.1f} s, ours {ours_s:.1f} s",
                file=sys.stderr,
            )
            c = compare(w, files, oracle, ours)
            report(c, args.examples, repo)
        finally:
            if not args.keep:
                shutil.rmtree(repo, ignore_errors=True)
        results.append(c)
        if c.ours is None or c.precision < THRESHOLD or c.recall < THRESHOLD:
            failed = True
    if args.keep:
        print(f"\nrepositories kept under {runs}")

    print_table(results)
    if args.json:
        payload = {
            "blast_radius": version,
            "typescript": results[0].oracle["typescript"] if results else None,
            "workloads": {c.workload.key: figures(c) for c in results},
            "all": totals(results),
        }
        text = json.dumps(payload, indent=2, sort_keys=True)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
            print(f"\nJSON written to {args.json}")
    if args.check and failed:
        print(f"\nFAIL: precision or recall below {THRESHOLD} (or a run failed)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
