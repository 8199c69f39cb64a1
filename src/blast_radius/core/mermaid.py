"""A small Mermaid flowchart of the changed symbols and what depends on them.

GitHub renders a fenced ``mermaid`` block in a comment as a diagram. The
labels are symbol and file names from the repository under review, so they
are treated as hostile: Mermaid ids are generated (``n0``, ``n1``, ...), and
every label is a quoted string in which each character Mermaid or HTML could
read as syntax is written as a Mermaid entity code (``#quot;``, ``#35;``).
A label therefore cannot close its quotes and add statements (``click``,
``style``), cannot hold the ``%%{init}%%`` directive that Mermaid looks for
anywhere in the text, cannot be read as a Markdown string (backticks) or as
HTML, and cannot end the enclosing code fence.

Mermaid refuses diagrams over 50,000 characters (``maxTextSize``) or 500
edges (``maxEdges``) by default, and a large diagram is unreadable in a
comment anyway, so the output is cut to the given limits: nodes are kept
changed ones first, then in the order given (callers list nearer nodes
first), and only edges between kept nodes are drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from blast_radius.core.markdown import show_controls, truncate

ROLES = ("changed", "dependent", "entry", "test")
"""The kinds of node; each has its own style except ``dependent``."""

MERMAID_MAX_TEXT = 50_000
"""Mermaid's default ``maxTextSize``: larger diagrams are not rendered."""

MERMAID_MAX_EDGES = 500
"""Mermaid's default ``maxEdges``: diagrams with more edges are not rendered."""

MAX_LABEL_CHARS = 60
"""Longer labels are cut (before escaping) so one name cannot crowd out the rest."""

MAX_EDGE_LABEL_CHARS = 30

_HEADER = "flowchart LR"

# Red-ish for what the pull request changed, green-ish for tests, and a
# heavy border for entry points. Text colour is set wherever the fill is,
# so the labels stay readable under GitHub's dark theme.
_STYLES = {
    "changed": "fill:#ffebe9,stroke:#cf222e,color:#1f2328",
    "entry": "stroke-width:3px",
    "test": "fill:#dafbe1,stroke:#1a7f37,color:#1f2328",
}

# Characters written as Mermaid entity codes inside a label. Mermaid decodes
# "#name;" and "#123;" (decimal) after parsing, so none of these reaches the
# parser: '"' would end the string, '#' would start a code, '%' could form
# a directive, backticks make a Markdown string (and could close the
# Markdown fence around the diagram), '<' '>' '&' would be HTML in the
# label, and the brackets and pipe are node and edge-label syntax. ':' is
# there because Mermaid, before parsing, drops the last ';' of any line that
# reads like "style ...:...#...;" (to protect colour codes), which would
# spoil the codes in a label that happens to contain "style" and a colon.
# "\ufb02" starts the placeholders Mermaid swaps the codes for while it
# parses; a label must not be able to write one.
_CODES = {'"': "#quot;"} | {char: f"#{ord(char)};" for char in "#%&<>`[](){}|\\:\ufb02"}


@dataclass(frozen=True, slots=True)
class GraphNode:
    """A node to draw: ``role`` is one of ``ROLES``."""

    id: str
    label: str
    role: str

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}; expected one of {ROLES}")


@dataclass(frozen=True, slots=True)
class GraphEdge:
    """``source`` depends on ``target``; drawn as an arrow from source to target."""

    source: str
    target: str
    label: str


def mermaid_label(text: str, limit: int = MAX_LABEL_CHARS) -> str:
    """``text`` as a quoted Mermaid label, cut to ``limit`` characters, that cannot break out."""
    shown = show_controls(truncate(text, limit)) if text else " "
    return '"' + "".join(_CODES.get(char, char) for char in shown) + '"'


def mermaid_flowchart(
    nodes: Sequence[GraphNode],
    edges: Sequence[GraphEdge],
    max_nodes: int = 30,
    max_edges: int = 60,
    max_chars: int = 5000,
) -> tuple[str, int]:
    """Mermaid source for the graph (no code fence) and how many nodes were left out.

    Nodes with the same id after the first are ignored, as are edges whose
    ends are not among the nodes and repeated edges. Nodes are kept changed
    first, then in the given order, as many as fit ``max_nodes`` and, with
    their edges (the first ``max_edges`` in the given order), ``max_chars``.
    Kept nodes appear in the given order as ``n0``, ``n1``, ... The output
    depends only on the input.
    """
    if max_nodes < 0 or max_edges < 0:
        raise ValueError("max_nodes and max_edges must not be negative")
    if max_edges > MERMAID_MAX_EDGES or max_chars > MERMAID_MAX_TEXT:
        raise ValueError(
            f"Mermaid renders at most {MERMAID_MAX_EDGES} edges and {MERMAID_MAX_TEXT} characters"
        )
    if max_chars < len(_HEADER):
        raise ValueError(f"max_chars must be at least {len(_HEADER)}")

    unique: dict[str, GraphNode] = {}
    for node in nodes:
        unique.setdefault(node.id, node)
    ordered = list(unique.values())
    position = {node.id: index for index, node in enumerate(ordered)}
    priority = sorted(
        range(len(ordered)), key=lambda index: (ordered[index].role != "changed", index)
    )
    # Edges as positions, deduplicated, in the order given.
    links = list(
        dict.fromkeys(
            (position[edge.source], position[edge.target], edge.label)
            for edge in edges
            if edge.source in position and edge.target in position
        )
    )

    def render(count: int) -> str:
        kept = sorted(priority[:count])
        mermaid_id = {index: f"n{number}" for number, index in enumerate(kept)}
        lines = [_HEADER]
        lines += [f"    {mermaid_id[i]}[{mermaid_label(ordered[i].label)}]" for i in kept]
        drawn = 0
        for source, target, label in links:
            if drawn == max_edges:
                break
            if source in mermaid_id and target in mermaid_id:
                arrow = f"-->|{mermaid_label(label, MAX_EDGE_LABEL_CHARS)}|" if label else "-->"
                lines.append(f"    {mermaid_id[source]} {arrow} {mermaid_id[target]}")
                drawn += 1
        present = [role for role in _STYLES if any(ordered[i].role == role for i in kept)]
        lines += [f"    classDef {role} {_STYLES[role]}" for role in present]
        for role in present:
            members = ",".join(mermaid_id[i] for i in kept if ordered[i].role == role)
            lines.append(f"    class {members} {role}")
        return "\n".join(lines)

    # Find the most nodes that fit. More nodes make longer text, so a binary
    # search over the count applies; only counts whose text was seen to fit
    # are ever accepted, so the result fits even where that does not hold
    # exactly (a new node can displace a longer edge beyond max_edges).
    low, high = 0, min(len(ordered), max_nodes)
    best = render(0)
    text = render(high)
    if len(text) <= max_chars:
        return text, len(ordered) - high
    while high - low > 1:
        middle = (low + high) // 2
        text = render(middle)
        if len(text) <= max_chars:
            low, best = middle, text
        else:
            high = middle
    return best, len(ordered) - low
