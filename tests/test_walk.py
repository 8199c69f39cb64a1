"""The walk on small hand-made graphs: best paths, products of confidences, limits."""

from __future__ import annotations

from blast_radius.core.graph import ROW, Edge, Graph, Node, edge_block, node_row
from blast_radius.core.walk import (
    Dependent,
    Hop,
    ReverseIndex,
    Seed,
    Trail,
    WalkLimits,
    find_dependents,
)


def node(name: str, kind: str = "function") -> Node:
    return Node(f"python:{name}", kind, name.rpartition(".")[2], name, "m.py", 1, 2, "python")


def edge(source: str, target: str, confidence: float = 1.0, kind: str = "calls") -> Edge:
    return Edge(f"python:{source}", f"python:{target}", kind, confidence, 1)


def walk(
    edges: list[Edge], seeds: list[Seed], limits: WalkLimits | None = None
) -> dict[str, tuple[float, int]]:
    names = {e.source for e in edges} | {e.target for e in edges}
    nodes = [node(n.removeprefix("python:")) for n in sorted(names)]
    graph = Graph(tuple(nodes), tuple(edges))
    result = find_dependents(ReverseIndex.of_graph(graph), seeds, limits or WalkLimits())
    return {d.id.removeprefix("python:"): (d.confidence, d.distance) for d in result.dependents}


def test_confidence_is_the_product_along_the_best_path() -> None:
    edges = [
        edge("b", "a", 0.5),
        edge("c", "b", 0.5),
        edge("c", "a", 0.1),  # a direct but unlikely edge loses to the longer likely path
    ]
    assert walk(edges, [Seed("python:a")]) == {"b": (0.5, 1), "c": (0.25, 2)}


def test_limits_cut_the_walk_and_say_so() -> None:
    chain = [edge(f"n{i + 1}", f"n{i}") for i in range(10)]
    index = ReverseIndex.of_graph(Graph(tuple(node(f"n{i}") for i in range(11)), tuple(chain)))
    by_depth = find_dependents(index, [Seed("python:n0")], WalkLimits(max_depth=3))
    assert [d.id for d in by_depth.dependents] == ["python:n1", "python:n2", "python:n3"]
    assert by_depth.cut_by == ("depth",)
    by_nodes = find_dependents(index, [Seed("python:n0")], WalkLimits(max_nodes=2))
    assert len(by_nodes.dependents) == 2
    assert "nodes" in by_nodes.cut_by
    weak = [edge("b", "a", 0.1), edge("c", "b", 0.1)]
    result = walk(weak, [Seed("python:a")], WalkLimits(min_confidence=0.05))
    assert result == {"b": (0.1, 1)}


def test_why_path_runs_from_the_dependent_to_the_changed_symbol() -> None:
    edges = [edge("b", "a"), edge("c", "b")]
    graph = Graph(tuple(node(n) for n in "abc"), tuple(edges))
    [_, c] = find_dependents(
        ReverseIndex.of_graph(graph), [Seed("python:a")], WalkLimits()
    ).dependents
    assert [(h.source, h.target) for h in c.path] == [
        ("python:c", "python:b"),
        ("python:b", "python:a"),
    ]
    assert c.seed == "python:a"


def test_a_path_is_made_when_read_and_equals_its_hops() -> None:
    edges = [edge("b", "a", 0.5), edge("c", "b", 0.5)]
    graph = Graph(tuple(node(n) for n in "abc"), tuple(edges))
    [b, c] = find_dependents(
        ReverseIndex.of_graph(graph), [Seed("python:a")], WalkLimits()
    ).dependents
    assert isinstance(c.path, Trail)
    hops = (
        Hop("python:c", "python:b", "calls", 0.5, 1),
        Hop("python:b", "python:a", "calls", 0.5, 1),
    )
    # A dependent with its path as a tuple is the same dependent.
    assert c == Dependent("python:c", 0.25, 2, hops)
    assert hash(c) == hash(Dependent("python:c", 0.25, 2, hops))
    assert c.path == hops and c.path[1:] == hops[1:] and len(b.path) == 1
    assert repr(c.path) == repr(hops)
    assert c != Dependent("python:c", 0.25, 2, hops[:1])

    made: list[int] = []

    def make(key: str) -> tuple[Hop, ...]:
        made.append(1)
        return hops if key == "python:c" else ()

    trail = Trail(make, "python:c")
    assert not made  # nothing is made until the path is read
    assert list(trail) == list(hops) and trail == hops and made == [1]


def test_a_module_passes_a_change_to_its_importers_only_when_its_code_changed() -> None:
    nodes = (node("pkg.mod", "module"), node("app", "module"), node("pkg.mod.f"))
    edges = (
        Edge("python:app", "python:pkg.mod", "imports", 1.0, 1),
        Edge("python:pkg.mod", "python:pkg.mod.f", "contains", 1.0, 1),
    )
    index = ReverseIndex.of_graph(Graph(nodes, edges))
    quiet = find_dependents(index, [Seed("python:pkg.mod")], WalkLimits())
    assert quiet.dependents == ()
    loud = find_dependents(index, [Seed("python:pkg.mod", through_imports=True)], WalkLimits())
    assert [d.id for d in loud.dependents] == ["python:app"]


def test_importing_a_submodule_runs_its_package_but_type_checking_imports_never_run() -> None:
    nodes = (
        node("pkg", "module"),
        node("pkg.sub", "module"),
        node("user", "module"),
        node("typed", "module"),
    )
    edges = (
        Edge("python:user", "python:pkg.sub", "imports", 1.0, 3),
        Edge("python:typed", "python:pkg", "imports", 1.0, 5, ("type-checking",)),
    )
    index = ReverseIndex.of_graph(Graph(nodes, edges))
    result = find_dependents(index, [Seed("python:pkg", through_imports=True)], WalkLimits())
    assert [d.id for d in result.dependents] == ["python:user"]


def test_submodule_imports_are_below_the_package_not_of_siblings_sharing_its_prefix() -> None:
    nodes = (
        node("pkg", "module"),
        node("pkg.a.b", "module"),
        node("pkg2", "module"),
        node("pkg2.sub", "module"),
        node("pkg-x", "module"),
        node("deep_user", "module"),
        node("sibling_user", "module"),
        node("dash_user", "module"),
    )
    edges = (
        Edge("python:deep_user", "python:pkg.a.b", "imports", 0.9, 3),
        Edge("python:sibling_user", "python:pkg2.sub", "imports", 1.0, 4),
        Edge("python:dash_user", "python:pkg-x", "imports", 1.0, 5),
    )
    index = ReverseIndex.of_graph(Graph(nodes, edges))
    result = find_dependents(index, [Seed("python:pkg", through_imports=True)], WalkLimits())
    [user] = result.dependents
    assert (user.id, user.confidence) == ("python:deep_user", 0.9)
    assert [(h.source, h.target, h.kind, h.line) for h in user.path] == [
        ("python:deep_user", "python:pkg.a.b", "imports", 3)
    ]


def test_a_path_hop_keeps_the_line_and_kind_of_the_edge_followed_among_others() -> None:
    nodes = (node("m", "module"), node("a"), node("b"), node("c"))
    edges = (
        Edge("python:m", "python:a", "imports", 1.0, 1),
        Edge("python:b", "python:a", "references", 0.5, 7),
        Edge("python:c", "python:a", "calls", 0.8, 9),
    )
    index = ReverseIndex.of_graph(Graph(nodes, edges))
    result = find_dependents(index, [Seed("python:a")], WalkLimits())
    hops = [(d.id, [(h.kind, h.confidence, h.line) for h in d.path]) for d in result.dependents]
    assert hops == [
        ("python:c", [("calls", 0.8, 9)]),
        ("python:b", [("references", 0.5, 7)]),
    ]


def test_overriding_methods_follow_a_changed_signature() -> None:
    nodes = (
        node("m.Base", "class"),
        node("m.Base.run", "method"),
        node("m.Child", "class"),
        node("m.Child.run", "method"),
    )
    edges = (Edge("python:m.Child", "python:m.Base", "inherits", 1.0, 4),)
    index = ReverseIndex.of_graph(Graph(nodes, edges))
    body = find_dependents(index, [Seed("python:m.Base.run")], WalkLimits())
    assert body.dependents == ()
    signature = find_dependents(
        index, [Seed("python:m.Base.run", through_overrides=True)], WalkLimits()
    )
    assert [(d.id, d.path[0].kind) for d in signature.dependents] == [
        ("python:m.Child.run", "overrides")
    ]


def test_an_index_read_from_rows_skips_a_damaged_row_and_keeps_the_others() -> None:
    edges = [edge("a", "b"), edge("c", "b", 0.5), edge("b", "d")]
    names = ["a", "b", "c", "d"]
    nodes = [node(n) for n in names]
    graph = Graph((), tuple(edges))
    node_rows = ROW.join(node_row(n) for n in nodes)
    well_formed = ReverseIndex((), edge_block(list(graph.edges)), "", node_rows)
    # A row without its separators, as a truncated or altered entry would hold.
    damaged = ReverseIndex(
        (),
        edge_block(list(graph.edges)) + ROW + "python:x",
        "",
        node_rows + ROW + "python:y",
    )
    for index in (well_formed, damaged):
        assert sorted(index.nodes) == [f"python:{n}" for n in names]
        assert index.nodes["python:c"] == nodes[2]
        assert [(e.source, e.confidence) for e in index.incoming.get("python:b")] == [
            ("python:a", 1.0),
            ("python:c", 0.5),
        ]
        assert "python:x" not in index.nodes and "python:y" not in index.nodes
    result = find_dependents(damaged, [Seed("python:d")], WalkLimits())
    assert {d.id: d.confidence for d in result.dependents} == {
        "python:b": 1.0,
        "python:a": 1.0,
        "python:c": 0.5,
    }


def test_nodes_read_from_rows_give_path_and_kind_unparsed_and_edges_their_line_and_tags() -> None:
    odd = Node('python:q"d\\x.f', "function", "f", 'q"d\\x.f', 'dir "q"/\\x\tö.py', 3, 4, "python")
    plain = node("p.g")
    index = ReverseIndex(
        (plain,),
        edge_block(
            [
                Edge(odd.id, plain.id, "calls", 0.5, 12, ("type-checking",)),
                Edge("python:h", plain.id, "references", 0.25, 30),
            ]
        ),
        "",
        node_row(odd),
    )
    # An unparsed row and a parsed node answer alike; an unknown id has none.
    assert index.nodes.path(odd.id) == odd.path and index.nodes.kind(odd.id) == "function"
    assert index.nodes.path(plain.id) == "m.py" and index.nodes.path("python:nope") is None
    assert index.nodes[odd.id] == odd and index.nodes.path(odd.id) == odd.path
    columns = index.incoming.columns(plain.id)
    assert columns is not None
    # In (source, kind) order.
    assert columns.sources == ["python:h", odd.id] and columns.confidences == [0.25, 0.5]
    assert [columns.hop(i) for i in range(2)] == [
        ("python:h", plain.id, "references", 0.25, 30),
        (odd.id, plain.id, "calls", 0.5, 12),
    ]
    assert columns.tagged(1, "type-checking") and not columns.tagged(0, "type-checking")
    assert [e.tags for e in index.incoming.get(plain.id)] == [(), ("type-checking",)]


def test_an_index_of_parts_equals_the_index_of_their_joined_blocks() -> None:
    # Two files' parts: edges into the same target from both, children of one
    # parent split across them (merged, in part order), and a node in both
    # (the later part's row wins, as in one joined block).
    first = [edge("a", "t"), edge("b", "t", 0.5), edge("m", "a", kind="contains")]
    second = [edge("c", "t", 0.25), edge("d", "a"), edge("m", "c", kind="contains")]
    twice = node("t")
    moved = twice._replace(path="other.py", start_line=7)
    parts = []
    for edges, extra in ((first, twice), (second, moved)):
        names = sorted({e.source for e in edges} | {e.target for e in edges} - {twice.id})
        rows = ROW.join([*(node_row(node(n.removeprefix("python:"))) for n in names)])
        rows += ROW + node_row(extra)
        uses = [e for e in edges if e.kind != "contains"]
        contains = [e for e in edges if e.kind == "contains"]
        parts.append((rows, edge_block(uses), edge_block(contains, by_source=True)))
    joined = [ROW.join(p[i] for p in parts) for i in range(3)]
    whole = ReverseIndex([], joined[1], joined[2], joined[0])
    split = ReverseIndex.of_parts([], iter(parts))
    ids = sorted(whole.nodes)
    assert ids == sorted(split.nodes)
    assert split.nodes["python:t"] == moved == whole.nodes["python:t"]
    for node_id in ids:
        assert split.nodes[node_id] == whole.nodes[node_id]
        assert list(split.incoming.get(node_id)) == list(whole.incoming.get(node_id))
        assert list(split.children.get(node_id)) == list(whole.children.get(node_id))
    assert [e.source for e in split.incoming.get("python:t")] == [
        "python:a",
        "python:b",
        "python:c",
    ]
    assert list(split.children.get("python:m")) == ["python:a", "python:c"]


def test_ids_that_rows_escape_are_found_by_their_text() -> None:
    # Quotes, backslashes and control characters are escaped in rows; an
    # index read from rows answers for the ids themselves.
    odd = 'pkg."q\\u\tx'
    nodes = [
        node("pkg", "module"),
        node(f"{odd}", "module"),
        node(f"{odd}.K", "class"),
        node(f"{odd}.K.run", "method"),
        node('user."call', "function"),
        node("importer", "module"),
    ]
    edges = [
        Edge(f"python:{odd}", f"python:{odd}.K", "contains", 1.0, 1),
        Edge(f"python:{odd}.K", f"python:{odd}.K.run", "contains", 1.0, 2),
        Edge('python:user."call', f"python:{odd}.K.run", "calls", 0.5, 3),
        Edge("python:importer", f"python:{odd}", "imports", 1.0, 4),
    ]
    contains = [e for e in edges if e.kind == "contains"]
    others = [e for e in edges if e.kind != "contains"]
    index = ReverseIndex(
        (),
        edge_block(others),
        edge_block(contains, by_source=True),
        ROW.join(node_row(n) for n in nodes),
    )
    assert index.nodes[f"python:{odd}.K.run"].name == "run"
    assert index.nodes.kind(f"python:{odd}.K") == "class"
    assert index.nodes.path('python:user."call') == "m.py"
    assert f"python:{odd}" in index.nodes and "python:nothing" not in index.nodes
    assert sorted(index.nodes) == sorted(n.id for n in nodes)
    assert [n.id for n in index.nodes.of_kind("class")] == [f"python:{odd}.K"]
    assert index.children.get(f"python:{odd}.K") == [f"python:{odd}.K.run"]
    assert [e.source for e in index.incoming.get(f"python:{odd}.K.run")] == ['python:user."call']
    call = find_dependents(index, [Seed(f"python:{odd}.K.run")], WalkLimits())
    assert [(d.id, d.confidence) for d in call.dependents] == [('python:user."call', 0.5)]
    # The package runs when its (oddly named) submodule is imported.
    package = find_dependents(index, [Seed("python:pkg", through_imports=True)], WalkLimits())
    assert [d.id for d in package.dependents] == ["python:importer"]
    # A parent whose children come in two parts has them all.
    more = Edge(f"python:{odd}.K", f"python:{odd}.K.stop", "contains", 1.0, 3)
    parts = [
        ("", "", edge_block(contains, by_source=True)),
        ("", "", edge_block([more], by_source=True)),
    ]
    merged = ReverseIndex.of_parts((), parts)
    assert merged.children.get(f"python:{odd}.K") == [
        f"python:{odd}.K.run",
        f"python:{odd}.K.stop",
    ]
