"""Name-resolution fixtures: every ``testdata/<language>/<case>/EXPECTED``.

Each case directory is a tiny repository. The test builds its graph with the
command-line tool and checks each assertion line of ``EXPECTED`` against the
edges and nodes of the JSON graph. The syntax is described in
``testdata/python/README.md``; names are written without the node id prefix
of their ecosystem (``python:``, ``js:``), which the test adds.
"""

from __future__ import annotations

import difflib
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = REPO_ROOT / "testdata"
PREFIXES = {
    "python": "python:",
    "javascript": "js:",
    "typescript": "js:",
    "go": "go:",
    "java": "java:",
    "kotlin": "java:",
    "ruby": "rb:",
    "php": "php:",
    "csharp": "cs:",
    "rust": "rust:",
    "swift": "swift:",
    "c": "c:",
    "cpp": "c:",
    "lua": "syn:",
    "elixir": "syn:",
    "bash": "syn:",
    "zig": "syn:",
    "dart": "syn:",
    "haskell": "syn:",
    "ocaml": "syn:",
    "objc": "syn:",
    "julia": "syn:",
    "perl": "syn:",
    "scala": "java:",
}
"""The node id prefix of each folder's ecosystem."""
CASES = sorted(p.parent for folder in PREFIXES for p in (CASES_DIR / folder).glob("*/EXPECTED"))

EDGE_KINDS = ("contains", "imports", "calls", "references", "inherits")
NODE_KINDS = (
    "file", "module", "package", "class", "function", "method", "interface", "type", "enum",
    "namespace",
)  # fmt: skip
WILDCARD = "*"
TOLERANCE = 1e-6


@dataclass(frozen=True)
class Assertion:
    """One parsed line of an EXPECTED file."""

    lineno: int
    text: str
    op: str  # "edge", "node" or "count"
    negated: bool = False
    kind: str = ""
    source: str = ""
    target: str = ""
    compare: str | None = None  # "=" or "<"
    value: float | None = None
    tag: str | None = None
    count: int | None = None
    node_kind: str | None = None

    def names(self) -> list[str]:
        return [n for n in (self.source, self.target) if n and n != WILDCARD]


class SyntaxProblem(ValueError):
    pass


def node_id(name: str, prefix: str) -> str:
    """Turn a name written in EXPECTED into a graph node id."""
    if name == WILDCARD or name.startswith("file:"):
        return name
    return prefix + name


def _parse_edge_kind(word: str) -> str:
    if word not in EDGE_KINDS:
        raise SyntaxProblem(f"unknown edge kind {word!r} (expected one of {EDGE_KINDS})")
    return word


def _parse_arrow(words: list[str], prefix: str) -> tuple[str, str, list[str]]:
    if len(words) < 3 or words[1] != "->":
        raise SyntaxProblem("expected `SOURCE -> TARGET`")
    return node_id(words[0], prefix), node_id(words[2], prefix), words[3:]


def parse_line(lineno: int, raw: str, prefix: str = "python:") -> Assertion | None:
    # `#` starts a comment at the start of a line or after a space: a name may
    # hold one (Ruby's `Cart#add`)
    text = re.split(r"(?:^|\s)#", raw, maxsplit=1)[0].strip()
    if not text:
        return None
    words = text.split()
    negated = words[0] == "not"
    if negated:
        words = words[1:]
    if not words:
        raise SyntaxProblem("`not` without an assertion")

    if words[0] == "node":
        if negated:
            if len(words) not in (2, 3):
                raise SyntaxProblem("expected `not node NAME [KIND]`")
        elif len(words) != 3:
            raise SyntaxProblem("expected `node NAME KIND`")
        kind = words[2] if len(words) == 3 else None
        if kind is not None and kind not in NODE_KINDS:
            raise SyntaxProblem(f"unknown node kind {kind!r} (expected one of {NODE_KINDS})")
        return Assertion(
            lineno, text, "node", negated=negated, source=node_id(words[1], prefix), node_kind=kind
        )

    if words[0] == "count":
        if negated:
            raise SyntaxProblem("`not count` is not allowed")
        kind = _parse_edge_kind(words[1]) if len(words) > 1 else ""
        source, target, rest = _parse_arrow(words[2:], prefix)
        if len(rest) != 1 or not rest[0].isdigit():
            raise SyntaxProblem("expected `count KIND SOURCE -> TARGET N`")
        return Assertion(
            lineno, text, "count", kind=kind, source=source, target=target, count=int(rest[0])
        )

    kind = _parse_edge_kind(words[0])
    source, target, rest = _parse_arrow(words[1:], prefix)
    if not negated and WILDCARD in (source, target):
        raise SyntaxProblem("`*` is only allowed in `not` and `count` lines")
    compare: str | None = None
    value: float | None = None
    tag: str | None = None
    while rest:
        if rest[0] in ("=", "<") and len(rest) >= 2:
            compare = rest[0]
            try:
                value = float(rest[1])
            except ValueError:
                raise SyntaxProblem(f"not a number: {rest[1]!r}") from None
            rest = rest[2:]
        elif rest[0] == "tag" and len(rest) >= 2:
            tag = rest[1]
            rest = rest[2:]
        else:
            raise SyntaxProblem(f"unexpected {' '.join(rest)!r}")
    return Assertion(
        lineno,
        text,
        "edge",
        negated=negated,
        kind=kind,
        source=source,
        target=target,
        compare=compare,
        value=value,
        tag=tag,
    )


def parse_expected(path: Path) -> list[Assertion]:
    prefix = PREFIXES[path.parent.parent.name]
    assertions: list[Assertion] = []
    problems: list[str] = []
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            parsed = parse_line(lineno, raw, prefix)
        except SyntaxProblem as exc:
            problems.append(f"{path}:{lineno}: {exc}\n    {raw.strip()}")
            continue
        if parsed is not None:
            assertions.append(parsed)
    if problems:
        pytest.fail("EXPECTED syntax errors:\n" + "\n".join(problems), pytrace=False)
    if not assertions:
        pytest.fail(f"{path} holds no assertions", pytrace=False)
    return assertions


def _matches_endpoint(pattern: str, actual: str) -> bool:
    return pattern in (WILDCARD, actual)


def _selected(edges: list[dict[str, Any]], a: Assertion) -> list[dict[str, Any]]:
    return [
        e
        for e in edges
        if e["kind"] == a.kind
        and _matches_endpoint(a.source, e["source"])
        and _matches_endpoint(a.target, e["target"])
    ]


def _satisfies(edge: dict[str, Any], a: Assertion) -> bool:
    confidence = float(edge["confidence"])
    if a.compare == "=" and a.value is not None and abs(confidence - a.value) > TOLERANCE:
        return False
    if a.compare == "<" and a.value is not None and not 0.0 < confidence < a.value:
        return False
    return not (a.tag is not None and a.tag not in edge.get("tags", []))


def with_patterns_resolved(a: Assertion, graph: dict[str, Any]) -> tuple[Assertion, str | None]:
    """``a`` with each name holding a ``*`` (other than a lone ``*``) replaced by the one
    node id it matches: names a line cannot spell (a test titled with spaces)."""
    ids = sorted(node["id"] for node in graph["nodes"])
    resolved = {}
    for role in ("source", "target"):
        name = getattr(a, role)
        if name and name != WILDCARD and "*" in name:
            matches = [i for i in ids if fnmatch.fnmatchcase(i, name)]
            if len(matches) != 1:
                return a, f"pattern {name!r} matches {len(matches)} nodes, not one: {matches[:5]}"
            resolved[role] = matches[0]
    return (replace(a, **resolved) if resolved else a), None


def check(a: Assertion, graph: dict[str, Any]) -> str | None:
    """Return why the assertion fails, or None when it holds."""
    edges: list[dict[str, Any]] = graph["edges"]
    if a.op == "node":
        found = [n for n in graph["nodes"] if n["id"] == a.source]
        if a.negated:
            if a.node_kind is not None:
                found = [n for n in found if n["kind"] == a.node_kind]
            return f"node {a.source} exists" if found else None
        if not found:
            return f"no node {a.source}"
        if found[0]["kind"] != a.node_kind:
            return f"node {a.source} has kind {found[0]['kind']!r}, not {a.node_kind!r}"
        return None
    selected = _selected(edges, a)
    if a.op == "count":
        if len(selected) != a.count:
            return f"expected {a.count} {a.kind} edge(s), found {len(selected)}"
        return None
    satisfying = [e for e in selected if _satisfies(e, a)]
    if a.negated:
        if satisfying:
            return "forbidden edge present: " + ", ".join(_format_edge(e) for e in satisfying)
        return None
    if satisfying:
        return None
    if selected:
        return "edge present but does not match: " + ", ".join(_format_edge(e) for e in selected)
    return "edge missing"


def _format_edge(edge: dict[str, Any]) -> str:
    tags = edge.get("tags") or []
    suffix = f" tags={','.join(tags)}" if tags else ""
    return (
        f"{edge['kind']} {edge['source']} -> {edge['target']} "
        f"confidence={edge['confidence']} line={edge['line']}{suffix}"
    )


def explain(a: Assertion, graph: dict[str, Any]) -> str:
    """Describe the graph around the symbols named in a failing assertion."""
    ids = {n["id"] for n in graph["nodes"]}
    lines: list[str] = []
    for name in a.names():
        if name not in ids:
            close = difflib.get_close_matches(name, sorted(ids), n=5, cutoff=0.6)
            hint = f" (similar: {', '.join(close)})" if close else ""
            lines.append(f"      node {name} does not exist{hint}")
        outgoing = [e for e in graph["edges"] if e["source"] == name]
        incoming = [e for e in graph["edges"] if e["target"] == name]
        lines.append(f"      edges from {name}:")
        lines.extend(f"        {_format_edge(e)}" for e in outgoing)
        if not outgoing:
            lines.append("        (none)")
        lines.append(f"      edges to {name}:")
        lines.extend(f"        {_format_edge(e)}" for e in incoming)
        if not incoming:
            lines.append("        (none)")
    return "\n".join(lines)


def build_graph(repo: Path) -> dict[str, Any]:
    env = dict(os.environ)
    src = REPO_ROOT / "src"
    if src.is_dir():
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(src), env.get("PYTHONPATH", "")) if p)
    cmd = [
        sys.executable,
        "-m",
        "blast_radius",
        "graph",
        str(repo),
        "--format",
        "json",
        "--no-cache",
        "--jobs",
        "1",
    ]
    try:
        proc = subprocess.run(cmd, check=True, capture_output=True, env=env)
    except subprocess.CalledProcessError as exc:
        stderr = exc.stderr.decode("utf-8", "replace")
        pytest.fail(f"`{' '.join(cmd)}` exited with {exc.returncode}:\n{stderr}", pytrace=False)
    graph: dict[str, Any] = json.loads(proc.stdout)
    assert graph.get("format") == "blast-radius-graph", "not a graph document"
    return graph


def _case_id(case: Path) -> str:
    return f"{case.parent.name}/{case.name}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_resolution_fixture(case: Path, tmp_path: Path) -> None:
    assertions = parse_expected(case / "EXPECTED")
    repo = tmp_path / case.name
    shutil.copytree(case, repo, ignore=shutil.ignore_patterns("EXPECTED"))
    graph = build_graph(repo)

    failures: list[str] = []
    for a in assertions:
        a, reason = with_patterns_resolved(a, graph)
        if reason is None:
            reason = check(a, graph)
        if reason is not None:
            failures.append(
                f"  EXPECTED:{a.lineno}: {a.text}\n    -> {reason}\n{explain(a, graph)}"
            )
    if failures:
        pytest.fail(
            f"{case.name}: {len(failures)} of {len(assertions)} assertion(s) failed\n"
            + "\n".join(failures),
            pytrace=False,
        )


def test_cases_exist() -> None:
    for folder in PREFIXES:
        assert any(case.parent.name == folder for case in CASES), f"no {folder} fixtures"
