"""Compare our JS/TS ``calls`` edges with what the TypeScript checker says each call runs.

The workloads are those of ``js_imports.py`` (zod, Redux Toolkit, rxjs and
eslint: npm tarballs pinned by version and integrity, each made into a git
repository with one commit); this script imports their definitions, the
fetching and the oracle's installation from there. Two sets of (caller node id,
callee node id) pairs are built over each repository:

* the oracle: ``benchmarks/js_oracle/calls.mjs`` under Node with the pinned
  ``typescript``. One ``ts.Program`` per tsconfig (options read as
  ``resolve.mjs`` reads them; files no config includes, such as all of
  eslint, get ``allowJs`` with ``checkJs`` off). For every call, ``new``,
  capitalised JSX element, decorator and tagged template, the callee is
  ``checker.getResolvedSignature(site).declaration``, else the symbol at the
  callee's name through ``getAliasedSymbol``; ``new C()`` and ``<C />`` give
  the class and the constructor that runs; an overload signature stands for
  its implementation; a member the checker only types, on a ``const`` bound
  to an object literal, is the literal's method. Declarations outside the
  repository are dropped. The oracle describes each declaration by the names
  and start lines our queries would give it, and the script maps it to our
  node by (file, name, line). The caller is the innermost of the declarations
  around the call that is a node of ours, else the module. A callee that is
  no node of ours (a value of function type, a type-literal member, an
  anonymous function) is counted by what it is and not compared;
* ours: ``python -m blast_radius graph REPO --format json --no-cache --jobs N``,
  keeping the ``calls`` edges (one per caller and callee; its confidence and
  tags are those of the merged edge).

Self-calls (recursion) are left out of both sides: the graph has no edge from a
node to itself. Two kinds of our extra edges are counted apart:

* *dispatch*: the checker names the declaration a call binds to statically; on
  an interface- or class-typed receiver our edges may also reach an override
  or implementation. An extra edge to a method of the same name in a class
  that the oracle's heritage clauses (``extends``/``implements``) make a
  subtype of the owner of a member the oracle has as a callee of the same
  caller is neither true nor false: left out of every precision but the one
  printed as "counting dispatch as false";
* *any*: an extra edge whose every call of that name in the caller is one the
  checker finds no declaration for (a receiver of type ``any``, an unresolved
  name; most of eslint's JavaScript). They count as false in the first table
  and are left out of the second.

    python benchmarks/js_calls.py [--workload zod] [--check] [--json [FILE]] [--keep]
        [--python PY] [--node NODE] [--jobs 2] [--examples 12]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from js_imports import (
    ORACLE_DIR,
    WORKLOADS,
    NpmWorkload,
    build_repo,
    ensure_oracle,
    fetch_npm_package,
    run_ours,
    tool_version,
    tracked_code_files,
)
from workloads import add_cache_dir_argument

# (figure, target): the precision of our edges by confidence, and recall.
TARGETS = {
    "precision_certain": 0.95,
    "precision_half": 0.90,
    "precision_all": 0.60,
    "recall": 0.70,
}
EXAMPLES = 12
CALLS_ORACLE = ORACLE_DIR / "calls.mjs"

Pair = tuple[str, str]

# What a target that is no node of ours is, in words.
NOT_A_NODE = {
    "interface-member": "a member of an interface (no node; its implementations may be)",
    "type-member": "a member of a type literal or type alias",
    "function-type": "a value of function type (a parameter, a property, an option)",
    "parameter": "a parameter (a callback passed in)",
    "variable": "a variable or property whose value is not a function we name",
    "anonymous-function": "an anonymous function (returned, passed, assigned)",
    "object-property-function": "a function-valued property of an object literal",
    "anonymous-class": "an anonymous class",
    "object-method": "a method of an object literal",
    "computed-name": "a method with a computed name",
    "ambient": "a declaration without a body (.d.ts, `declare`)",
    "no-body": "a declaration without a body",
}


@dataclass(frozen=True, slots=True)
class Decl:
    file: str
    names: tuple[str, ...]
    lines: tuple[int, ...]
    kind: str  # the TypeScript syntax kind
    why: str  # "" for a construct we make a node of, else what it is
    owner: int  # for an interface member: the interface's declaration
    member: str | None
    outer_lines: tuple[int, ...]  # start lines of same-named declarations around it


@dataclass(frozen=True, slots=True)
class Site:
    """One call as the oracle saw it."""

    file: str
    line: int
    kind: str  # call, new, jsx, decorator, tagged, super
    name: str  # the callee's name as written
    # The declarations around the call, innermost first, each with the line our
    # node of it must start at or before (a decorated member), else 0.
    sources: tuple[tuple[int, int], ...]
    targets: tuple[int, ...]
    notes: tuple[str, ...]  # external, overload, by-symbol, no-declaration, checker-error
    receiver: str  # what the receiver of `a.m()` is bound to ("" without one)
    receiver_type: str  # the category of its type


@dataclass
class Ours:
    pairs: dict[Pair, dict[str, Any]]  # (source, target) -> the merged edge
    nodes: dict[str, dict[str, Any]]
    parent: dict[str, str]  # node id -> the id of what contains it
    modules: set[str]


@dataclass
class Comparison:
    workload: NpmWorkload
    files: list[str]
    oracle: dict[str, Any]
    ours: Ours | None = None
    ours_error: str = ""
    decls: list[Decl] = field(default_factory=list)
    sites: list[Site] = field(default_factory=list)
    mapped: dict[int, str | None] = field(default_factory=dict)  # decl index -> node id
    unmapped: dict[int, str] = field(default_factory=dict)  # decl index -> why
    oracle_pairs: dict[Pair, list[Site]] = field(default_factory=dict)
    site_counts: Counter[str] = field(default_factory=Counter)
    not_a_node: Counter[str] = field(default_factory=Counter)
    unmapped_sources: list[Site] = field(default_factory=list)
    skipped_callers: Counter[str] = field(default_factory=Counter)  # enclosing kinds not nodes
    merged: Counter[str] = field(default_factory=Counter)  # declarations in a merged node
    unmapped_targets: list[tuple[Site, int]] = field(default_factory=list)
    self_calls: int = 0
    dispatch: dict[Pair, dict[str, Any]] = field(default_factory=dict)
    unknown: dict[Pair, dict[str, Any]] = field(default_factory=dict)  # the checker finds nothing
    interface_sites: list[Site] = field(default_factory=list)
    interface_covered: int = 0

    def compared(self, known: bool = False) -> dict[Pair, dict[str, Any]]:
        """Our pairs less those counted apart as dispatch (and, with ``known``, less
        those at calls where the checker finds no declaration)."""
        assert self.ours is not None
        return {
            p: e
            for p, e in self.ours.pairs.items()
            if p not in self.dispatch and not (known and p in self.unknown)
        }

    def precision(
        self, minimum: float, strict: bool = False, known: bool = False
    ) -> tuple[float, int, int]:
        """(precision, true positives, edges) of our pairs with confidence >= minimum."""
        assert self.ours is not None
        pool = self.ours.pairs if strict else self.compared(known)
        chosen = [p for p, e in pool.items() if float(e["confidence"]) >= minimum]
        tp = sum(1 for p in chosen if p in self.oracle_pairs)
        return (tp / len(chosen) if chosen else 0.0), tp, len(chosen)

    @property
    def recall(self) -> tuple[float, int, int]:
        assert self.ours is not None
        tp = sum(1 for p in self.oracle_pairs if p in self.ours.pairs)
        total = len(self.oracle_pairs)
        return (tp / total if total else 0.0), tp, total

    @property
    def false_positives(self) -> list[Pair]:
        return sorted(p for p in self.compared() if p not in self.oracle_pairs)

    @property
    def false_negatives(self) -> list[Pair]:
        assert self.ours is not None
        return sorted(p for p in self.oracle_pairs if p not in self.ours.pairs)


# --- running the two sides -------------------------------------------------------------------


def run_calls_oracle(node: str, oracle_home: Path, repo: Path, files: list[str]) -> dict[str, Any]:
    cmd = [node, str(CALLS_ORACLE), "--repo", str(repo), "--typescript", str(oracle_home)]
    proc = subprocess.run(
        cmd, input="\n".join(files) + "\n", capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        raise RuntimeError(f"calls.mjs exited with {proc.returncode}\n{proc.stderr[-4000:]}")
    for line in proc.stderr.splitlines():
        print(line, file=sys.stderr)
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


def read_ours(graph: dict[str, Any]) -> Ours:
    nodes = {n["id"]: n for n in graph.get("nodes", []) if str(n["id"]).startswith("js:")}
    parent: dict[str, str] = {}
    pairs: dict[Pair, dict[str, Any]] = {}
    for e in graph.get("edges", []):
        kind = e.get("kind")
        if kind == "contains":
            parent[e["target"]] = e["source"]
        elif kind == "calls" and e["source"] in nodes and e["target"] in nodes:
            pair = (e["source"], e["target"])
            held = pairs.get(pair)
            if held is None or float(e["confidence"]) > float(held["confidence"]):
                pairs[pair] = e
    modules = {n["path"] for n in nodes.values() if n.get("kind") == "module"}
    return Ours(pairs=pairs, nodes=nodes, parent=parent, modules=modules)


# --- mapping the oracle's declarations to our nodes ------------------------------------------


NodeIndex = dict[tuple[str, str], list[tuple[int, int, str]]]
MERGED = "merged into a node of the same name"


def node_index(ours: Ours) -> NodeIndex:
    index: NodeIndex = defaultdict(list)
    for nid, n in ours.nodes.items():
        if n.get("kind") in ("module", "file"):
            continue
        key = (str(n["path"]), str(n["name"]))
        index[key].append((int(n["start_line"]), int(n["end_line"]), nid))
    return index


def map_decl(d: Decl, index: NodeIndex, ours: Ours) -> tuple[str | None, str]:
    """Our node id for a declaration the oracle names, or why there is none.

    A node of the same file and name that starts on one of the declaration's
    candidate lines (tried in the oracle's order: where tree-sitter starts the
    construct first) is the one; two such nodes on the same line are ambiguous.
    Failing that, the innermost node of that name whose lines hold the
    declaration's, unless it starts where a same-named declaration around it
    does: our graph may make one symbol of the definitions of a name in one
    scope (a getter and its setter, an interface and a function of the same
    name, two object-literal methods), and the why says so.
    """
    if not d.names:
        return None, d.why or "nothing names it"
    if d.file not in ours.modules:
        return None, "file without a module node of ours (skipped)"
    for line in d.lines:
        found = sorted(
            {
                nid
                for name in d.names
                for start, _, nid in index.get((d.file, name), ())
                if start == line
            }
        )
        if len(found) == 1:
            return found[0], ""
        if len(found) > 1:
            return None, "two nodes of ours with that name on that line"
    holding = sorted(
        (end - start, nid)
        for name in d.names
        for start, end, nid in index.get((d.file, name), ())
        if start <= d.lines[0] <= end and start not in d.outer_lines
    )
    if holding:
        return holding[0][1], MERGED
    if d.why:
        return None, d.why
    return None, f"no node of ours named {d.names[0]!r} at line {d.lines[0]} ({d.kind})"


def compare(w: NpmWorkload, files: list[str], oracle: dict[str, Any], graph: Any) -> Comparison:
    c = Comparison(workload=w, files=files, oracle=oracle)
    c.decls = [
        Decl(f, tuple(n or ()), tuple(lines), kind, why, owner, member, tuple(outer))
        for f, n, lines, kind, why, owner, member, outer in oracle["decls"]
    ]
    c.sites = [
        Site(
            f,
            line,
            kind,
            name,
            tuple((e[0], e[1]) if isinstance(e, list) else (e, 0) for e in sources),
            tuple(targets),
            tuple(notes),
            how,
            rtype,
        )
        for f, line, kind, name, sources, targets, notes, how, rtype in oracle["calls"]
    ]
    if isinstance(graph, str):
        c.ours_error = graph
        return c
    ours = c.ours = read_ours(graph)
    index = node_index(ours)
    for i, d in enumerate(c.decls):
        nid, why = map_decl(d, index, ours)
        c.mapped[i] = nid
        if nid is None:
            c.unmapped[i] = why
        elif why == MERGED:
            c.merged[d.kind] += 1

    pairs: dict[Pair, list[Site]] = defaultdict(list)
    for s in c.sites:
        if not s.targets:
            c.site_counts[
                "external" if "external" in s.notes else "no declaration (any, unresolved)"
            ] += 1
            continue
        c.site_counts["in the repository"] += 1
        source = _source_id(c, s)
        if source is None:
            c.unmapped_sources.append(s)
            continue
        for around, _ in s.sources:
            if c.mapped.get(around) is not None:
                break
            c.skipped_callers[c.decls[around].kind] += 1
        for t in s.targets:
            d = c.decls[t]
            target = c.mapped[t]
            if target is None and d.why:
                c.not_a_node[d.why] += 1
                if d.why == "interface-member":
                    c.interface_sites.append(s)
                continue
            if target is None:
                c.unmapped_targets.append((s, t))
                continue
            if target == source:
                c.self_calls += 1
                continue
            pairs[(source, target)].append(s)
    c.oracle_pairs = dict(pairs)
    find_dispatch(c)
    find_unknown(c)
    return c


def find_unknown(c: Comparison) -> None:
    """Our extra edges whose every call of that name in the caller is one the checker
    finds no declaration for (a receiver of type `any`, an unresolved name): the
    oracle cannot say whether they are right."""
    assert c.ours is not None
    by_caller: dict[str, list[Site]] = defaultdict(list)
    for s in c.sites:
        source = _source_id(c, s)
        if source is not None:
            by_caller[source].append(s)
    for pair, edge in c.ours.pairs.items():
        if pair in c.oracle_pairs or pair in c.dispatch:
            continue
        names = _callee_names(c.ours, pair[1])
        sites = [s for s in by_caller.get(pair[0], ()) if s.name in names]
        if sites and all(not s.targets and "no-declaration" in s.notes for s in sites):
            c.unknown[pair] = edge


def _source_id(c: Comparison, s: Site) -> str | None:
    """Our innermost node around the call: the first of the oracle's enclosing
    declarations that is a node of ours, else the module."""
    assert c.ours is not None
    for d, by_line in s.sources:
        nid = c.mapped.get(d)
        if nid is not None and (not by_line or int(c.ours.nodes[nid]["start_line"]) <= by_line):
            return nid
    return "js:" + s.file if s.file in c.ours.modules else None


# --- dispatch: implementations and overrides of the oracle's callee --------------------------


def find_dispatch(c: Comparison) -> None:
    """Our extra edges that reach an override or implementation of a member the oracle
    calls from the same caller, by the oracle's heritage clauses."""
    assert c.ours is not None
    ours = c.ours
    supers: dict[str, set[str]] = defaultdict(set)
    for cls, bases in c.oracle["supertypes"]:
        child = c.mapped.get(cls)
        for b in bases:
            base = c.mapped.get(b)
            if child and base:
                supers[child].add(base)

    def ancestors(cls: str) -> set[str]:
        seen: set[str] = set()
        stack = list(supers.get(cls, ()))
        while stack:
            x = stack.pop()
            if x not in seen:
                seen.add(x)
                stack.extend(supers.get(x, ()))
        return seen

    members: dict[str, set[tuple[str, str]]] = defaultdict(set)  # caller -> (owner, name)
    interface_members: dict[str, list[Site]] = defaultdict(list)
    for s in c.sites:
        source = _source_id(c, s) if s.targets else None
        if source is None:
            continue
        for t in s.targets:
            d = c.decls[t]
            target = c.mapped.get(t)
            if target is None and d.why == "interface-member" and d.member:
                owner = c.mapped.get(d.owner)
                if owner:
                    members[source].add((owner, d.member))
                    interface_members[source].append(s)
            elif target is not None:
                owner = ours.parent.get(target)
                if owner and ours.nodes.get(owner, {}).get("kind") in ("class", "interface"):
                    members[source].add((owner, str(ours.nodes[target]["name"])))
    covered: set[tuple[str, str, str]] = set()
    for (source, target), edge in ours.pairs.items():
        if (source, target) in c.oracle_pairs or source not in members:
            continue
        node = ours.nodes[target]
        cls = ours.parent.get(target)
        if node.get("kind") != "method" or cls is None:
            continue
        up = ancestors(cls)
        for owner, name in members[source]:
            if name == node["name"] and owner in up:
                c.dispatch[(source, target)] = edge
                covered.add((source, owner, name))
                break
    for source, sites in interface_members.items():
        for s in sites:
            for t in s.targets:
                d = c.decls[t]
                unmapped_member = d.why == "interface-member" and c.mapped.get(t) is None
                owner = c.mapped.get(d.owner) if unmapped_member else None
                if owner and (source, owner, d.member or "") in covered:
                    c.interface_covered += 1


# --- explaining the differences ------------------------------------------------------------------


_lines_cache: dict[Path, list[str]] = {}


def source_line(repo: Path, path: str, line: int) -> str:
    file = repo / path
    if file not in _lines_cache:
        try:
            _lines_cache[file] = file.read_text(encoding="utf-8", errors="replace").split("\n")
        except OSError:
            _lines_cache[file] = []
    text = _lines_cache[file]
    return text[line - 1].strip()[:110] if 0 < line <= len(text) else ""


def _tier(edge: dict[str, Any]) -> str:
    tags = set(edge.get("tags") or ())
    if "name-match" in tags:
        return "name-match"
    if "dispatch" in tags:
        return "dispatch"
    conf = float(edge["confidence"])
    return "certain" if conf >= 1.0 else f"typed ({conf:g})"


def _callee_names(ours: Ours, target: str) -> set[str]:
    """The names a call of ``target`` is written with."""
    node = ours.nodes[target]
    name = str(node["name"])
    if node.get("kind") == "class":
        return {name}
    if name == "constructor":
        cls = ours.parent.get(target)
        owner = ours.nodes.get(cls or "", {}).get("name")
        return {"super", str(owner)} if owner else {"super"}
    return {name}


PLAIN_CALLEES = {
    "import": "an imported binding",
    "function": "a function in scope",
    "destructured": "a destructured binding",
    "destructured-import()": "a binding destructured from `await import()`",
    "destructured-require()": "a binding destructured from `require()`",
    "variable-other": "a const holding another value (an alias, a member)",
    "variable-call-result": "a const holding a call's result",
    "variable-annotated": "a variable with a type annotation",
    "variable-annotated-generic": "a variable with a type annotation `T<A>`",
    "variable-annotated-other": "a variable with a type annotation other than a name",
    "variable-object-literal": "a variable holding an object literal",
    "parameter-untyped": "an untyped parameter",
    "parameter-annotated": "a typed parameter",
    "parameter-annotated-generic": "a parameter typed `T<A>`",
    "parameter-annotated-other": "a parameter typed by other than a name",
    "callback-parameter-untyped": "an untyped callback parameter",
    "class": "a class",
}


def receiver_label(s: Site) -> str:
    """A short cause for a call, from what the receiver is bound to and its type."""
    how, rtype = s.receiver, s.receiver_type
    if how.startswith("f:"):
        return "plain call `f()` of " + PLAIN_CALLEES.get(how[2:], how[2:])
    if s.kind != "call" or not how:
        if how.startswith("callee-"):
            return f"callee is an expression ({how[7:]})"
        return {
            "new": "`new C()`",
            "jsx": "JSX element",
            "decorator": "decorator",
            "tagged": "tagged template",
            "super": "`super()`",
        }.get(s.kind, "plain call `f()`")
    labels = {
        "callback-parameter-untyped": "untyped callback parameter",
        "parameter-untyped": "untyped parameter",
        "parameter-annotated": "parameter with a type annotation",
        "variable-annotated": "variable with a type annotation",
        "variable-call-result": "variable holding a call's result",
        "variable-awaited": "variable holding an awaited result",
        "variable-new": "variable holding `new C()`",
        "variable-object-literal": "variable holding an object literal",
        "variable-other": "variable of inferred type",
        "destructured": "destructured binding",
        "call-result": "chained call on a returned value",
        "this": "`this.m()`",
        "super": "`super.m()`",
        "property-annotated": "property with a declared type",
        "property-inferred": "property of inferred type",
        "property-new": "property holding `new C()`",
        "import": "imported binding",
        "namespace-import": "namespace import `ns.f()`",
        "namespace": "namespace or enum member",
        "class": "static member `C.m()`",
        "element": "element access `a[i].m()`",
        "new": "method of a fresh `new C()`",
        "property-unresolved": "property the checker cannot resolve",
        "property-BinaryExpression": "property assigned by `this.x = ...`",
        "property-MethodDeclaration": "property that is a method (`a.b.m()`)",
        "identifier-unresolved": "name the checker cannot resolve",
    }
    shape = ""
    for suffix, words in (("-generic", " `T<A>`"), ("-other", " other than a name")):
        if how.endswith("-annotated" + suffix):
            how, shape = how.removesuffix(suffix), words
    label = labels.get(how, how)
    if shape:
        label = label.replace("a declared type", "a declared type" + shape).replace(
            "a type annotation", "a type annotation" + shape
        )
    if rtype in ("any", "unknown"):
        return f"{label}, of type `any`"
    if rtype == "type-parameter":
        return f"{label}, of a type parameter"
    if rtype in ("union", "intersection"):
        return f"{label}, of a {rtype} type"
    if rtype.startswith("lib-"):
        return f"{label}, of a library type"
    return label


def _target_words(c: Comparison, t: int) -> str:
    d = c.decls[t]
    if d.why:
        return NOT_A_NODE.get(d.why, d.why)
    return c.mapped.get(t) or c.unmapped.get(t, "?")


def fp_cause(
    c: Comparison, pair: Pair, sites_by_caller: dict[str, list[Site]]
) -> tuple[str, Site | None]:
    """Why our extra edge is wrong, from what the oracle saw at the same caller."""
    assert c.ours is not None
    source, target = pair
    edge = c.ours.pairs[pair]
    tier = _tier(edge)
    names = _callee_names(c.ours, target)
    line = int(edge.get("line") or 0)
    candidates = [s for s in sites_by_caller.get(source, ()) if s.name in names]
    if not candidates:
        if any(
            s.name in names for s in sites_by_caller.get("@" + c.ours.nodes[source]["path"], ())
        ):
            return f"{tier}: the oracle places this call in another symbol", None
        return f"{tier}: no call of that name in this symbol (oracle)", None
    at_line = [s for s in candidates if s.line == line] or candidates
    s = at_line[0]
    mapped = [c.mapped.get(t) for t in s.targets if not c.decls[t].why and c.mapped.get(t)]
    whys = sorted({c.decls[t].why for t in s.targets if c.decls[t].why})
    if mapped:
        outcome = "the checker binds another declaration"
        if "overload" in s.notes:
            outcome += " (an overload's implementation)"
    elif whys:
        outcome = "the checker binds " + NOT_A_NODE.get(whys[0], whys[0]).split(" (")[0]
    elif "external" in s.notes:
        outcome = "the checker binds a library declaration"
    elif s.targets:
        outcome = "the checker's declaration has no node of ours"
    else:
        outcome = "the checker finds no declaration (`any`)"
    return f"{tier}: {outcome}; {receiver_label(s)}", s


def fn_cause(c: Comparison, pair: Pair) -> str:
    assert c.ours is not None
    s = c.oracle_pairs[pair][0]
    source = pair[0]
    ours_from = [t for (src, t) in c.ours.pairs if src == source]
    names = {s.name}
    elsewhere = [t for t in ours_from if names & _callee_names(c.ours, t)]
    label = receiver_label(s)
    if "overload" in s.notes:
        label += " (overloaded)"
    if s.name and s.name not in _callee_names(c.ours, pair[1]):
        label += "; called under another name (`const f = C.m`, `export {a as b}`, `{...ns}`)"
    if elsewhere:
        return f"{label}; ours points elsewhere"
    return label


# --- printing ----------------------------------------------------------------------------------


def figures(c: Comparison) -> dict[str, Any]:
    w = c.workload
    out: dict[str, Any] = {
        "package": f"{w.package}@{w.version}",
        "files": len(c.files),
        "oracle_sites": len(c.sites),
    }
    if c.ours is None:
        out["ours_error"] = c.ours_error.splitlines()[0] if c.ours_error else "not run"
        return out
    p1, tp1, n1 = c.precision(1.0)
    p5, tp5, n5 = c.precision(0.5)
    pa, tpa, na = c.precision(0.0)
    sp = c.precision(0.0, strict=True)[0]
    k1, k5, ka = (c.precision(m, known=True) for m in (1.0, 0.5, 0.0))
    r, tpr, nr = c.recall
    out.update(
        {
            "sites": dict(sorted(c.site_counts.items())),
            "targets_not_nodes": dict(sorted(c.not_a_node.items())),
            "unmapped_sources": len(c.unmapped_sources),
            "unmapped_targets": len(c.unmapped_targets),
            "self_calls": c.self_calls,
            "merged_declarations": sum(c.merged.values()),
            "oracle_pairs": nr,
            "our_pairs": len(c.ours.pairs),
            "dispatch_pairs": len(c.dispatch),
            "interface_member_sites": len(c.interface_sites),
            "interface_member_sites_reaching_an_implementation": c.interface_covered,
            "precision_certain": round(p1, 4),
            "certain_edges": n1,
            "certain_true": tp1,
            "precision_half": round(p5, 4),
            "half_edges": n5,
            "half_true": tp5,
            "precision_all": round(pa, 4),
            "all_edges": na,
            "all_true": tpa,
            "precision_all_strict": round(sp, 4),
            "unknown_pairs": len(c.unknown),
            "precision_certain_known": round(k1[0], 4),
            "certain_edges_known": k1[2],
            "precision_half_known": round(k5[0], 4),
            "half_edges_known": k5[2],
            "precision_all_known": round(ka[0], 4),
            "all_edges_known": ka[2],
            "recall": round(r, 4),
            "recall_true": tpr,
        }
    )
    return out


TIER_ORDER = {"certain": 0, "typed": 1, "dispatch": 2, "name-match": 3}


def _grouped(
    items: Iterable[tuple[str, str]], examples: int, groups: int = 14
) -> list[tuple[str, int, list[str]]]:
    by: dict[str, list[str]] = defaultdict(list)
    for cause, text in items:
        by[cause].append(text)
    ranked = sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:groups]
    return [(cause, len(texts), texts[:examples]) for cause, texts in ranked]


def report(c: Comparison, examples: int, repo: Path) -> None:
    w = c.workload
    o = c.oracle
    print(f"\n=== {w.key}: {w.package}@{w.version} ===")
    programs = ", ".join(
        f"{k}: {v['roots']} files"
        + (f" ({v['notInProgram']} not in it)" if v["notInProgram"] else "")
        for k, v in o["programs"].items()
    )
    print(f"programs: {programs}")
    kinds = Counter(s.kind for s in c.sites)
    print(
        f"oracle (typescript {o['typescript']}): {len(c.sites)} call sites "
        f"{dict(sorted(kinds.items()))}"
    )
    if c.ours is None:
        print(f"ours: could not run\n{c.ours_error}")
        return
    f = figures(c)
    print(f"  callee: {dict(sorted(c.site_counts.items()))}")
    print(
        "  in-repository callees that are no node of ours (not compared): "
        f"{sum(c.not_a_node.values())} {dict(c.not_a_node.most_common())}"
    )
    print(
        f"  self-calls left out: {c.self_calls}; callers not mapped: {len(c.unmapped_sources)}; "
        f"callees not mapped: {len(c.unmapped_targets)}"
    )
    why_unmapped = Counter(
        c.unmapped[t].split(" named ")[0]
        + (f" ({c.decls[t].kind})" if " named " in c.unmapped[t] else "")
        for _, t in c.unmapped_targets
    )
    if c.skipped_callers:
        print(
            "  calls whose innermost enclosing declaration is no node of ours (they count for "
            f"the next one out, as in our graph), by its kind: "
            f"{dict(c.skipped_callers.most_common(6))}"
        )
    if c.merged:
        print(
            f"  {sum(c.merged.values())} declarations mapped to a node of ours of the same name "
            f"that holds them (one symbol for several definitions), by kind: "
            f"{dict(c.merged.most_common(6))}"
        )
    if c.unmapped_sources:
        skipped = sorted({s.file for s in c.unmapped_sources})
        print(
            f"  {len(c.unmapped_sources)} calls in files without a module node of ours "
            f"(skipped, e.g. as minified): {skipped[:4]}"
        )
    if why_unmapped:
        print(f"  callees not mapped, by reason: {dict(why_unmapped.most_common(8))}")
        for s, t in c.unmapped_targets[: min(examples, 5)]:
            print(f"    {s.file}:{s.line} {s.name}: {c.unmapped[t]}")
    print(
        f"oracle pairs {f['oracle_pairs']}; our calls pairs {f['our_pairs']}, of which "
        f"{f['dispatch_pairs']} dispatch (an override or implementation of the checker's callee)"
    )
    print(
        f"  {f['interface_member_sites']} oracle sites call an interface member; "
        f"{f['interface_member_sites_reaching_an_implementation']} of them reach an "
        "implementation in ours"
    )
    print(
        f"precision, confidence 1.0:  {f['precision_certain']:.4f} "
        f"({f['certain_true']}/{f['certain_edges']}, "
        f"target >= {TARGETS['precision_certain']})"
    )
    print(
        f"precision, confidence>=0.5: {f['precision_half']:.4f} "
        f"({f['half_true']}/{f['half_edges']}, "
        f"target >= {TARGETS['precision_half']})"
    )
    print(
        f"precision, all:             {f['precision_all']:.4f} ({f['all_true']}/{f['all_edges']}, "
        f"target >= {TARGETS['precision_all']}; "
        f"{f['precision_all_strict']:.4f} counting dispatch as false)"
    )
    print(
        f"  {f['unknown_pairs']} of our edges are at calls the checker finds no declaration for "
        f"(`any`); without them: {f['precision_certain_known']:.4f} / "
        f"{f['precision_half_known']:.4f} / {f['precision_all_known']:.4f}"
    )
    print(
        f"recall, all:                {f['recall']:.4f} ({f['recall_true']}/{f['oracle_pairs']}, "
        f"target >= {TARGETS['recall']})"
    )

    by_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for pair, sites in c.oracle_pairs.items():
        counts = by_kind[sites[0].kind]
        counts[0] += 1
        counts[1] += pair in c.ours.pairs
    print(
        "recall by the kind of call: "
        + ", ".join(f"{k} {tp}/{n}" for k, (n, tp) in sorted(by_kind.items()))
    )
    sites_by_caller: dict[str, list[Site]] = defaultdict(list)
    for s in c.sites:
        source = _source_id(c, s)
        if source is not None:
            sites_by_caller[source].append(s)
        sites_by_caller["@" + s.file].append(s)
    fps = []
    for pair in c.false_positives:
        cause, _ = fp_cause(c, pair, sites_by_caller)
        edge = c.ours.pairs[pair]
        line = int(edge.get("line") or 0)
        path = str(c.ours.nodes[pair[0]]["path"])
        tags = ",".join(edge.get("tags") or ()) or "-"
        text = (
            f"{path}:{line} {pair[0].split(':', 2)[-1]} -> {pair[1]} "
            f"[{float(edge['confidence']):.3g} {tags}] {source_line(repo, path, line)!r}"
        )
        fps.append((cause, text))
    if fps:
        print(f"\nfalse positives: {len(fps)}, by our confidence and cause")
        tiers = Counter(cause.split(":")[0] for cause, _ in fps)
        for tier in sorted(tiers, key=lambda t: TIER_ORDER.get(t.split(" ")[0], 9)):
            print(f"  {tier}: {tiers[tier]}")
            chosen = [(cause, text) for cause, text in fps if cause.split(":")[0] == tier]
            for cause, count, texts in _grouped(chosen, examples, groups=8):
                print(f"    {count:5d}  {cause.split(': ', 1)[1]}")
                for example in texts[: max(1, examples // 3)]:
                    print(f"             {example}")
    fns = []
    for pair in c.false_negatives:
        first = c.oracle_pairs[pair][0]
        text = (
            f"{first.file}:{first.line} {pair[0].split(':', 2)[-1]} -> {pair[1]} "
            f"{source_line(repo, first.file, first.line)!r}"
        )
        fns.append((fn_cause(c, pair), text))
    if fns:
        print(f"\nmisses: {len(fns)}, by how the call is written")
        for cause, count, texts in _grouped(fns, examples):
            print(f"  {count:5d}  {cause}")
            for example in texts[: max(1, examples // 3)]:
                print(f"           {example}")
    if c.dispatch:
        print(f"\ndispatch (counted apart): {len(c.dispatch)}, e.g.")
        for pair in sorted(c.dispatch)[: min(examples, 6)]:
            edge = c.dispatch[pair]
            tags = ",".join(edge.get("tags") or ()) or "-"
            print(f"  {pair[0]} -> {pair[1]} [{float(edge['confidence']):.3g} {tags}]")


def totals(results: list[Comparison]) -> dict[str, Any]:
    ran = [c for c in results if c.ours is not None]
    out: dict[str, Any] = {"files": sum(len(c.files) for c in results)}
    if not ran:
        return out

    def ratio(minimum: float, known: bool = False) -> tuple[float, int, int]:
        tp = sum(c.precision(minimum, known=known)[1] for c in ran)
        n = sum(c.precision(minimum, known=known)[2] for c in ran)
        return (tp / n if n else 0.0), tp, n

    p1, p5, pa = ratio(1.0), ratio(0.5), ratio(0.0)
    k1, k5, ka = ratio(1.0, True), ratio(0.5, True), ratio(0.0, True)
    tpr = sum(c.recall[1] for c in ran)
    nr = sum(c.recall[2] for c in ran)
    out.update(
        {
            "precision_certain": round(p1[0], 4),
            "certain_edges": p1[2],
            "precision_half": round(p5[0], 4),
            "half_edges": p5[2],
            "precision_all": round(pa[0], 4),
            "all_edges": pa[2],
            "recall": round(tpr / nr if nr else 0.0, 4),
            "oracle_pairs": nr,
            "recall_true": tpr,
            "dispatch_pairs": sum(len(c.dispatch) for c in ran),
            "unknown_pairs": sum(len(c.unknown) for c in ran),
            "precision_certain_known": round(k1[0], 4),
            "certain_edges_known": k1[2],
            "precision_half_known": round(k5[0], 4),
            "half_edges_known": k5[2],
            "precision_all_known": round(ka[0], 4),
            "all_edges_known": ka[2],
        }
    )
    return out


def _table(rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print(
            "  ".join(v.ljust(widths[i]) if i == 0 else v.rjust(widths[i]) for i, v in enumerate(r))
        )


def print_table(results: list[Comparison]) -> None:
    figs = [(c.workload.key, figures(c)) for c in results if c.ours is not None]
    t = totals(results)
    if "recall" in t:
        figs.append(("all", {**t, "our_pairs": sum(f["our_pairs"] for _, f in figs)}))

    def row(key: str, f: dict[str, Any], suffix: str) -> tuple[str, ...]:
        return (
            key,
            str(f["oracle_pairs"]),
            str(f["our_pairs"]),
            str(f["dispatch_pairs"]),
            str(f["unknown_pairs"]),
            f"{f['precision_certain' + suffix]:.4f}",
            str(f["certain_edges" + suffix]),
            f"{f['precision_half' + suffix]:.4f}",
            str(f["half_edges" + suffix]),
            f"{f['precision_all' + suffix]:.4f}",
            str(f["all_edges" + suffix]),
            f"{f['recall']:.4f}",
        )

    header: tuple[str, ...] = ("workload", "oracle", "ours", "disp", "any", "P@1.0", "(n)")
    header += ("P>=0.5", "(n)", "P all", "(n)", "recall")
    goal: tuple[str, ...] = ("target", "", "", "", "", f">={TARGETS['precision_certain']}", "")
    goal += (f">={TARGETS['precision_half']}", "", f">={TARGETS['precision_all']}", "")
    goal += (f">={TARGETS['recall']}",)
    print("\nevery edge of ours but dispatch compared (`any`: at calls the checker cannot resolve)")
    _table([header, *(row(k, f, "") for k, f in figs), goal])
    print("\nleaving out the edges at calls the checker cannot resolve (`any`, unresolved names)")
    _table([header, *(row(k, f, "_known") for k, f in figs), goal])


def _below_target(figures_: dict[str, Any]) -> list[str]:
    return [k for k, target in TARGETS.items() if float(figures_.get(k, 0.0)) < target]


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
        "--examples", type=int, default=EXAMPLES, help="examples listed per cause (a third shown)"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when a figure over all workloads misses its target",
    )
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="also write the figures as JSON, to FILE or (without one) to stdout",
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep the repositories under <cache>/js-calls/"
    )
    args = parser.parse_args(argv)

    chosen = [w for w in WORKLOADS if not args.workload or w.key in args.workload]
    oracle_home = ensure_oracle(args.cache_dir, args.node)
    version = tool_version(args.python)
    print(
        f"blast-radius: {version}; oracle: benchmarks/js_oracle/calls.mjs "
        "(typescript pinned by its lock)"
    )
    runs = Path(args.cache_dir).expanduser() / "js-calls"
    results: list[Comparison] = []
    for w in chosen:
        package_dir = fetch_npm_package(w, args.cache_dir)
        repo = build_repo(w, package_dir, runs / w.key)
        try:
            files = tracked_code_files(repo)
            started = time.perf_counter()
            oracle = run_calls_oracle(args.node, oracle_home, repo, files)
            oracle_s = time.perf_counter() - started
            started = time.perf_counter()
            ours: dict[str, Any] | str
            try:
                ours = run_ours(args.python, repo, args.jobs)
            except RuntimeError as exc:
                ours = str(exc)
            ours_s = time.perf_counter() - started
            print(
                f"[js_calls] {w.key}: oracle {oracle_s:.1f} s, ours {ours_s:.1f} s", file=sys.stderr
            )
            c = compare(w, files, oracle, ours)
            report(c, args.examples, repo)
        finally:
            if not args.keep:
                shutil.rmtree(repo, ignore_errors=True)
        results.append(c)
    if args.keep:
        print(f"\nrepositories kept under {runs}")

    print_table(results)
    overall = totals(results)
    if args.json:
        payload = {
            "blast_radius": version,
            "typescript": results[0].oracle["typescript"] if results else None,
            "targets": TARGETS,
            "workloads": {c.workload.key: figures(c) for c in results},
            "all": overall,
        }
        text = json.dumps(payload, indent=2, sort_keys=True)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
            print(f"\nJSON written to {args.json}")
    missed = _below_target(overall) if "recall" in overall else list(TARGETS)
    if missed:
        print(f"\nbelow target over all workloads: {', '.join(missed)}")
    if args.check and missed:
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
