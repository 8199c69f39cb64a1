"""The syntactic tier on real code: a pinned Debian source package per language,
and a seeded sample of its certain edges to check by hand.

For each workload: ``python -m blast_radius graph`` of the package's folder,
then the language's files, the files with syntax errors, the call and
reference edges starting in the language's files, the share of them that are
name matches and the share that are certain (1.0).

``--sample N`` draws N of the certain call edges of the whole tier (seeded,
spread over the languages in proportion to their certain edges) and prints
each with the line of its evidence and the target's definition line, so a
reader can judge it. The verdicts are kept in
``benchmarks/syntactic_sample.txt`` (``ok`` or ``wrong``, and why); with
``--check`` the script recomputes the sample and compares it with that file
(the same edges must be drawn) and prints the precision.

No Debian package holds Dart or Zig code (bookworm's ``dart`` is a robotics
library in C++; there is no ``zig``), nor Julia (not in bookworm): those
languages are measured on their fixtures only.

    python benchmarks/syntactic_edges.py [--language lua ...] [--sample 50] [--check]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from debian import Orig, unpack_orig
from workloads import add_cache_dir_argument

SAMPLE_FILE = Path(__file__).resolve().parent / "syntactic_sample.txt"
SEED = 15


@dataclass(frozen=True)
class Workload:
    """One language's pinned source package, and the folder of it to index."""

    language: str
    orig: Orig
    root: str  # folder inside the tarball's top folder, "" for all of it

    @property
    def name(self) -> str:
        return f"{self.orig.package} {self.orig.version}" + (
            f" ({self.root}/)" if self.root else ""
        )


WORKLOADS: dict[str, Workload] = {
    w.language: w
    for w in (
        Workload(
            "lua",
            Orig(
                "luarocks",
                "3.8.0+dfsg1",
                "pool/main/l/luarocks",
                "luarocks_3.8.0+dfsg1.orig.tar.xz",
                "6c691772a341d1873d9bcfb63c91ad0ae213df56a002067f1f9619a8f09e0f77",
            ),
            "",
        ),
        Workload(
            "bash",
            Orig(
                "dracut",
                "059",
                "pool/main/d/dracut",
                "dracut_059.orig.tar.xz",
                "11c338ba8a71d07874753f1dba1c261f2f3cef9f2ba5d14dfc2c13f4047e266a",
            ),
            "",
        ),
        Workload(
            "elixir",
            Orig(
                "elixir-lang",
                "1.14.0.dfsg",
                "pool/main/e/elixir-lang",
                "elixir-lang_1.14.0.dfsg.orig.tar.xz",
                "3dfa724f36b90d1bc41b9626a8ea0c293255c3a21a4d608c576ce39e2a23e5c9",
            ),
            "lib/elixir",
        ),
        Workload(
            "haskell",
            Orig(
                "haskell-optparse-applicative",
                "0.16.1.0",
                "pool/main/h/haskell-optparse-applicative",
                "haskell-optparse-applicative_0.16.1.0.orig.tar.gz",
                "6205278362f333c52256b9dd3edf5f8fe0f84f00cb9ee000291089f6eaccd69a",
            ),
            "",
        ),
        Workload(
            "ocaml",
            Orig(
                "ocaml-re",
                "1.10.4",
                "pool/main/o/ocaml-re",
                "ocaml-re_1.10.4.orig.tar.bz2",
                "83eb3e4300aa9b1dc7820749010f4362ea83524742130524d78c20ce99ca747c",
            ),
            "",
        ),
        Workload(
            "objc",
            Orig(
                "gnustep-base",
                "1.28.1+really1.28.0",
                "pool/main/g/gnustep-base",
                "gnustep-base_1.28.1+really1.28.0.orig.tar.gz",
                "c7d7c6e64ac5f5d0a4d5c4369170fc24ed503209e91935eb0e2979d1601039ed",
            ),
            "Source",
        ),
        Workload(
            "perl",
            Orig(
                "libmojolicious-perl",
                "9.31+dfsg",
                "pool/main/libm/libmojolicious-perl",
                "libmojolicious-perl_9.31+dfsg.orig.tar.xz",
                "78fef673b4a53fea0cf4f6b4403a41b16ac5661d8a54af2d4c9cc5bdc431dfdf",
            ),
            "",
        ),
    )
}


def prepare(workload: Workload, cache: Path) -> Path:
    """The folder of the workload to index, fetched and unpacked once."""
    top = unpack_orig(workload.orig, cache / "syntactic", tag="syntactic")
    return top / workload.root if workload.root else top


def graph_of(root: Path) -> dict[str, Any]:
    """A cold one-process graph of ``root``."""
    out = subprocess.run(
        [
            *(sys.executable, "-m", "blast_radius", "graph", str(root)),
            *("--format", "json", "--no-cache", "--jobs", "1"),
        ],
        check=True,
        capture_output=True,
    ).stdout
    parsed: dict[str, Any] = json.loads(out)
    return parsed


def figures(graph: dict[str, Any], language: str) -> dict[str, Any]:
    """Files, files with syntax errors, and the tier's edges from the language's files."""
    from blast_radius.core.languages import language_for_path

    def of_language(path: str) -> bool:
        rule = language_for_path(path)
        return rule is not None and rule.name == language

    paths = {n["id"]: n["path"] for n in graph["nodes"]}
    counts: Counter[str] = Counter()
    for edge in graph["edges"]:
        if edge["kind"] not in ("calls", "references") or not of_language(
            paths.get(edge["source"], "")
        ):
            continue
        counts["edges"] += 1
        counts["name_matched"] += "name-match" in edge.get("tags", [])
        counts["certain"] += edge["confidence"] >= 1.0
    files = sum(1 for n in graph["nodes"] if n["kind"] == "file" and of_language(n["path"]))
    errors = [p for p in graph["meta"]["files_with_syntax_errors"] if of_language(p)]
    edges = counts["edges"] or 1
    return {
        "files": files,
        "files_with_syntax_errors": len(errors),
        "edges": counts["edges"],
        "certain": counts["certain"],
        "name_matched": counts["name_matched"],
        "name_matched_share": counts["name_matched"] / edges,
        "certain_share": counts["certain"] / edges,
    }


def certain_calls(graph: dict[str, Any]) -> list[tuple[str, str, str, int]]:
    """(source, target, kind, line) of every certain call edge, sorted."""
    return sorted(
        (e["source"], e["target"], e["kind"], e["line"])
        for e in graph["edges"]
        if e["kind"] == "calls" and e["confidence"] >= 1.0
    )


def draw(
    graphs: dict[str, dict[str, Any]], size: int
) -> list[tuple[str, tuple[str, str, str, int]]]:
    """A seeded sample of ``size`` certain calls over the languages, each language's
    share in proportion to its certain calls (at least one each)."""
    rng = random.Random(SEED)
    pools = {lang: certain_calls(g) for lang, g in sorted(graphs.items())}
    total = sum(len(p) for p in pools.values()) or 1
    # at least one each, the rest by the largest remainders: exactly ``size`` in all
    quotas = {lang: size * len(pool) / total for lang, pool in pools.items()}
    shares = {lang: max(1, int(q)) if pools[lang] else 0 for lang, q in quotas.items()}
    by_remainder = sorted(quotas, key=lambda lang: (int(quotas[lang]) - quotas[lang], lang))
    for lang in by_remainder:
        if sum(shares.values()) >= size:
            break
        if shares[lang] < len(pools[lang]):
            shares[lang] += 1
    sample: list[tuple[str, tuple[str, str, str, int]]] = []
    for lang, pool in pools.items():
        sample.extend((lang, edge) for edge in rng.sample(pool, min(shares[lang], len(pool))))
    return sample


def _line(root: Path, path: str, line: int) -> str:
    try:
        # lines as the graph counts them: form feeds and the like are no line breaks
        text = (root / path).read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        return ""
    return text[line - 1].strip()[:120] if 0 < line <= len(text) else ""


def describe(
    roots: dict[str, Path], graphs: dict[str, dict[str, Any]], item: tuple[str, Any]
) -> str:
    """One sampled edge with its evidence line and its target's first line."""
    lang, (source, target, _kind, line) = item
    nodes = {n["id"]: n for n in graphs[lang]["nodes"]}
    src, dst = nodes[source], nodes[target]
    return (
        f"{lang} | {source} -> {target} | {src['path']}:{line}: "
        f"{_line(roots[lang], src['path'], line)} | def {dst['path']}:{dst['start_line']}: "
        f"{_line(roots[lang], dst['path'], dst['start_line'])}"
    )


def read_verdicts() -> dict[str, str]:
    """The kept verdicts: the edge's ``source -> target`` -> ``ok`` or ``wrong``."""
    verdicts: dict[str, str] = {}
    if not SAMPLE_FILE.exists():
        return verdicts
    for line in SAMPLE_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith(("ok ", "wrong ")):
            verdict, _, rest = line.partition(" ")
            edge = rest.split(" | ")[1]
            verdicts[edge] = verdict
    return verdicts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", action="append", choices=sorted(WORKLOADS))
    parser.add_argument("--sample", type=int, default=0, help="draw this many certain calls")
    parser.add_argument("--check", action="store_true", help="precision from the kept verdicts")
    add_cache_dir_argument(parser)
    args = parser.parse_args(argv)
    cache = Path(args.cache_dir).expanduser()
    chosen = [WORKLOADS[k] for k in sorted(WORKLOADS) if not args.language or k in args.language]
    roots: dict[str, Path] = {}
    graphs: dict[str, dict[str, Any]] = {}
    print(
        f"{'language':<9}{'workload':<46}{'files':>6}{'errors':>7}{'edges':>8}{'1.0':>7}{'name':>7}"
    )
    for w in chosen:
        roots[w.language] = prepare(w, cache)
        graphs[w.language] = graph_of(roots[w.language])
        f = figures(graphs[w.language], w.language)
        print(
            f"{w.language:<9}{w.name:<46}{f['files']:>6}{f['files_with_syntax_errors']:>7}"
            f"{f['edges']:>8}{f['certain_share']:>7.1%}{f['name_matched_share']:>7.1%}"
        )
    if args.sample or args.check:
        sample = draw(graphs, args.sample or 50)
        lines = [describe(roots, graphs, item) for item in sample]
        if not args.check:
            print("\n".join("? " + line for line in lines))
            return 0
        verdicts = read_verdicts()
        judged = [verdicts.get(line.split(" | ")[1]) for line in lines]
        missing = sum(v is None for v in judged)
        ok = sum(v == "ok" for v in judged)
        print(
            f"\nsample of {len(lines)} certain calls (seed {SEED}): {ok} ok, "
            f"{sum(v == 'wrong' for v in judged)} wrong, {missing} not judged; "
            f"precision at 1.0: {ok / max(1, len(lines) - missing):.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
