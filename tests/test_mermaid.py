"""The Mermaid flowchart: exact output, hostile labels and size limits."""

from __future__ import annotations

import random
import re

import pytest

from blast_radius.core.mermaid import GraphEdge, GraphNode, mermaid_flowchart, mermaid_label

# A node line: generated id, then one quoted label with no quote inside.
NODE_LINE = re.compile(r'    n\d+\["[^"]*"\]')
EDGE_LINE = re.compile(r'    n\d+ -->(?:\|"[^"]*"\|)? n\d+')
STYLE_LINE = re.compile(r"    (?:classDef (?:changed|entry|test) [a-z:#0-9,-]+|class [n0-9,]+ \w+)")


def test_three_nodes_exact() -> None:
    nodes = [
        GraphNode("python:app.core.engine", "app.core.engine", "changed"),
        GraphNode("python:app.cli.main", "app.cli:main", "entry"),
        GraphNode("python:tests.test_core.test_engine", "test_engine", "test"),
    ]
    edges = [
        GraphEdge("python:app.cli.main", "python:app.core.engine", "calls"),
        GraphEdge("python:tests.test_core.test_engine", "python:app.core.engine", ""),
    ]
    assert mermaid_flowchart(nodes, edges) == (
        "flowchart LR\n"
        '    n0["app.core.engine"]\n'
        '    n1["app.cli#58;main"]\n'
        '    n2["test_engine"]\n'
        '    n1 -->|"calls"| n0\n'
        "    n2 --> n0\n"
        "    classDef changed fill:#ffebe9,stroke:#cf222e,color:#1f2328\n"
        "    classDef entry stroke-width:3px\n"
        "    classDef test fill:#dafbe1,stroke:#1a7f37,color:#1f2328\n"
        "    class n0 changed\n"
        "    class n1 entry\n"
        "    class n2 test",
        0,
    )


def _assert_well_formed(text: str) -> None:
    """Every line is the header or one of the statements we generate."""
    lines = text.split("\n")
    assert lines[0] == "flowchart LR"
    for line in lines[1:]:
        assert (
            NODE_LINE.fullmatch(line) or EDGE_LINE.fullmatch(line) or STYLE_LINE.fullmatch(line)
        ), line
    assert "%%" not in text
    assert "`" not in text
    assert "<" not in text
    assert ">" not in text.replace("-->", "")


HOSTILE = [
    '"]; click n0 callback',
    'x"] --> n1\n    click n1 call alert()',
    "%%{init: {'securityLevel': 'loose'}}%%",
    "<script>alert(1)</script>",
    "line one\nline two",
    "```\nend of fence",
    "a|b[c](d){e}",
    "style n0 fill:#f00;",
    "#quot; #35; &amp; \\",
    "\ufb02\u00b0\u00b060\u00b6\u00df",
    "",
]


@pytest.mark.parametrize("label", HOSTILE)
def test_hostile_labels_stay_in_their_quotes(label: str) -> None:
    nodes = [GraphNode("a", label, "changed"), GraphNode("b", label, "dependent")]
    text, omitted = mermaid_flowchart(nodes, [GraphEdge("b", "a", label)])
    assert omitted == 0
    _assert_well_formed(text)
    lines = text.split("\n")
    assert len(lines) == 1 + 2 + 1 + 2  # header, nodes, edge, classDef + class
    # Nothing but the generated statements: "click" can only be label text.
    for line in lines:
        if "click" in line:
            assert NODE_LINE.fullmatch(line) or EDGE_LINE.fullmatch(line)


def test_label_codes() -> None:
    assert mermaid_label('"]; click n0 callback') == '"#quot;#93;; click n0 callback"'
    assert mermaid_label("%%{init: {}}%%") == '"#37;#37;#123;init#58; #123;#125;#125;#37;#37;"'
    assert mermaid_label("<script>") == '"#60;script#62;"'
    assert mermaid_label("a\nb") == '"a␊b"'
    assert mermaid_label("`x` & #1") == '"#96;x#96; #38; #35;1"'
    assert mermaid_label("ünï cødé ❤") == '"ünï cødé ❤"'
    assert mermaid_label("") == '" "'
    assert mermaid_label("x" * 100) == '"' + "x" * 59 + '…"'


def test_raw_ids_never_appear() -> None:
    nodes = [GraphNode("click", "a", "changed"), GraphNode('x"]', "b", "test")]
    text, _ = mermaid_flowchart(nodes, [GraphEdge('x"]', "click", "")])
    assert "click" not in text
    assert 'x"]' not in text
    assert "    n1 --> n0" in text.split("\n")


def test_duplicates_and_dangling_edges_are_dropped() -> None:
    nodes = [
        GraphNode("a", "A", "changed"),
        GraphNode("b", "B", "dependent"),
        GraphNode("a", "A again", "test"),
    ]
    edges = [
        GraphEdge("b", "a", "calls"),
        GraphEdge("b", "a", "calls"),
        GraphEdge("b", "missing", "calls"),
        GraphEdge("missing", "a", "calls"),
    ]
    text, omitted = mermaid_flowchart(nodes, edges)
    assert omitted == 0
    assert text == (
        'flowchart LR\n    n0["A"]\n    n1["B"]\n    n1 -->|"calls"| n0\n'
        "    classDef changed fill:#ffebe9,stroke:#cf222e,color:#1f2328\n    class n0 changed"
    )


def test_changed_nodes_are_kept_first_then_input_order() -> None:
    nodes = [
        GraphNode("d1", "d1", "dependent"),
        GraphNode("d2", "d2", "dependent"),
        GraphNode("c1", "c1", "changed"),
        GraphNode("t1", "t1", "test"),
    ]
    edges = [GraphEdge("d1", "c1", ""), GraphEdge("d2", "c1", ""), GraphEdge("t1", "d1", "")]
    text, omitted = mermaid_flowchart(nodes, edges, max_nodes=2)
    assert omitted == 2
    # c1 and d1 are kept; numbered in input order, so d1 is n0.
    assert text.split("\n")[:4] == ["flowchart LR", '    n0["d1"]', '    n1["c1"]', "    n0 --> n1"]


def test_empty_graph() -> None:
    assert mermaid_flowchart([], []) == ("flowchart LR", 0)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown role"):
        GraphNode("a", "a", "owner")
    with pytest.raises(ValueError, match="at least 12"):
        mermaid_flowchart([], [], max_chars=5)
    with pytest.raises(ValueError, match="500 edges"):
        mermaid_flowchart([], [], max_edges=501)
    with pytest.raises(ValueError, match="must not be negative"):
        mermaid_flowchart([], [], max_nodes=-1)


def _big_graph(seed: int) -> tuple[list[GraphNode], list[GraphEdge]]:
    rnd = random.Random(seed)
    roles = ["changed", "dependent", "dependent", "dependent", "entry", "test"]
    nodes = [
        GraphNode(f"python:pkg.mod{n}.func{n}", f"pkg.mod{n}.func{n}", rnd.choice(roles))
        for n in range(1000)
    ]
    edges = [
        GraphEdge(rnd.choice(nodes).id, rnd.choice(nodes).id, rnd.choice(["calls", "imports"]))
        for _ in range(5000)
    ]
    return nodes, edges


@pytest.mark.parametrize(
    ("max_nodes", "max_edges", "max_chars"),
    [(30, 60, 5000), (1000, 500, 50_000), (200, 500, 3000), (30, 60, 400), (5, 2, 5000)],
)
def test_limits_hold_on_a_large_graph(max_nodes: int, max_edges: int, max_chars: int) -> None:
    nodes, edges = _big_graph(5)
    text, omitted = mermaid_flowchart(nodes, edges, max_nodes, max_edges, max_chars)
    _assert_well_formed(text)
    lines = text.split("\n")
    node_lines = [line for line in lines if NODE_LINE.fullmatch(line)]
    edge_lines = [line for line in lines if EDGE_LINE.fullmatch(line)]
    assert len(text) <= max_chars
    assert len(node_lines) <= max_nodes
    assert len(edge_lines) <= max_edges
    assert omitted == 1000 - len(node_lines)
    assert node_lines  # something always fits at these sizes
    # Edges only join kept nodes.
    kept = {line.split("[", 1)[0].strip() for line in node_lines}
    for line in edge_lines:
        ends = re.findall(r"\bn\d+\b", line.replace('"', " "))
        assert set(ends) <= kept, line
    # Deterministic.
    assert mermaid_flowchart(nodes, edges, max_nodes, max_edges, max_chars) == (text, omitted)


def test_char_limit_uses_the_room() -> None:
    nodes, edges = _big_graph(9)
    text, omitted = mermaid_flowchart(nodes, edges, max_nodes=30, max_edges=60, max_chars=1500)
    assert len(text) <= 1500
    # One node more would not have fitted.
    larger, _ = mermaid_flowchart(nodes, edges, max_nodes=1000 - omitted + 1, max_edges=60)
    assert len(larger) > 1500 or 1000 - omitted == 30
