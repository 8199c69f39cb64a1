"""The comment, the check-run summary and the job summary as GitHub renders them.

The snapshots in ``snapshots/comments`` keep the Markdown a reviewer diffs;
this module parses it the way GitHub does for the constructs the template
uses (CommonMark with raw HTML, tables and strikethrough) and checks what a
reader sees: every table cell, list line and code span shows the view's raw
value, the report's own emphasis is emphasis, and no string from the
repository becomes markup, a link, a live HTML element or a table column.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import fields, replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from blast_radius.adapters.render import render_markdown
from blast_radius.adapters.runner import GitHubRunner, RunnerSettings
from blast_radius.app.action import SUMMARY_LIMIT
from blast_radius.app.indexing import IndexSettings
from blast_radius.core.markdown import Strong, show_controls
from blast_radius.core.report import Report, report_from_json
from blast_radius.core.view import (
    NO_PROOF,
    RUNNER_COMMANDS,
    TEST_SELECTORS,
    Caps,
    CommentView,
    Section,
    build_view,
)
from blast_radius.core.walk import WalkLimits

from .test_impact_scenarios import SCENARIOS, build_scenario, impact

# What GitHub Flavored Markdown does for the constructs the template uses.
MD = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])

# The raw HTML the template writes; GitHub keeps these and strips other tags.
TEMPLATE_TAGS = frozenset({"details", "summary", "sub", "br"})
# Everything the page may hold: those, and what Markdown makes.
PAGE_TAGS = TEMPLATE_TAGS | set(
    "h3 h4 p ul li pre code strong em table thead tbody tr th td".split()
)
CODE_CLASSES = frozenset({"language-mermaid", "language-sh"})

# The table under each heading: which view section it shows, and which of
# its columns are code spans.
TABLES: dict[str, tuple[str, frozenset[int]]] = {
    "Changed": ("changed", frozenset({0})),
    "Dependents": ("dependents", frozenset({0, 5})),
    "Entry points reached": ("entry_points", frozenset({0})),
    "Tests to run": ("tests", frozenset({0, 3})),
    "Owners": ("owners", frozenset()),
}
WHY_SUMMARY = re.compile(r"Why each of the first (\d+) is reached")
GRAPH_SUMMARY = "Graph of the change and its nearest dependents"

# A view with nothing cut (but the graph, checked on its own): a rendering
# shows the start of each of its lists.
EVERYTHING = replace(Caps(*(1_000_000 for _ in fields(Caps))), mermaid_nodes=0)

# Text GitHub would turn into a mention, an issue reference or a link.
GITHUB_AUTOLINK = re.compile(r"@\w|#\d|\w://|(?i:www)\.")
# A backslash escape that should have been read as one: "\_" shown as such.
SHOWN_ESCAPE = re.compile(r"\\[!-/:-@\[-`{-~]")
# What differs between two runs over the same repository.
VARYING = re.compile(r"\b[0-9a-f]{12}\b|\d+\.\d+ s\b")

ARTIFACT = "blast-radius-report.json"


# Walking the tree ---------------------------------------------------------


def parse(markdown: str) -> SyntaxTreeNode:
    return SyntaxTreeNode(MD.parse(markdown))


def text_of(node: SyntaxTreeNode) -> str:
    """The text a reader sees in ``node``: text and code, no markup, no zero-width spaces."""
    if node.type in ("text", "code_inline"):
        return node.content.replace("\u200b", "")
    if node.type == "softbreak":
        return "\n"
    return "".join(text_of(child) for child in node.children)


def inline_parts(node: SyntaxTreeNode) -> list[SyntaxTreeNode]:
    """The inline nodes of a table cell, a heading or a list item's first line."""
    if node.type == "list_item":
        node = node.children[0]  # its paragraph
    [inline] = node.children or [SyntaxTreeNode()]
    # Emphasis leaves empty text nodes where its delimiters were.
    return [part for part in inline.children if part.type != "text" or part.content]


def raw_tags(html: str) -> list[tuple[str, str, list[tuple[str, str | None]]]]:
    """The tags in a piece of raw HTML, in order: ("start" or "end", name, attributes)."""
    tags: list[tuple[str, str, list[tuple[str, str | None]]]] = []

    class Collect(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            tags.append(("start", tag, attrs))

        def handle_endtag(self, tag: str) -> None:
            tags.append(("end", tag, []))

    collect = Collect()
    collect.feed(html)
    collect.close()
    return tags


def header_of(table: SyntaxTreeNode) -> tuple[str, ...]:
    [header_row] = table.children[0].children
    return tuple(text_of(cell) for cell in header_row.children)


def rows_of(table: SyntaxTreeNode) -> list[list[SyntaxTreeNode]]:
    body = table.children[1:]  # no tbody when a table has no rows
    return [row.children for row in body[0].children] if body else []


def top_level(tree: SyntaxTreeNode) -> Iterator[tuple[str, SyntaxTreeNode]]:
    """Each top-level block with the text of the heading above it."""
    heading = ""
    for node in tree.children:
        if node.type == "heading":
            heading = text_of(node)
        yield heading, node


# Checking what a reader sees -----------------------------------------------


def assert_shows(node: SyntaxTreeNode, raw: str | Strong, *, code: bool = False) -> None:
    """``node`` (a table cell, a list line) shows ``raw`` and nothing else."""
    parts = inline_parts(node)
    where = f"{raw!r:.200} rendered as {[part.type for part in parts]}"
    if isinstance(raw, Strong):
        assert [part.type for part in parts] == ["strong"], where
        assert text_of(parts[0]) == raw.text, where
    elif code and raw:
        assert [part.type for part in parts] == ["code_inline"], where
        assert parts[0].content == show_controls(raw), where
    else:
        assert {part.type for part in parts} <= {"text"}, where
        assert text_of(node) == show_controls(raw), where


def assert_code_then_text(node: SyntaxTreeNode, symbol: str, text: str) -> None:
    """A list line that is a code span followed by plain text."""
    first, *rest = inline_parts(node)
    assert first.type == "code_inline", node.pretty()
    assert first.content == show_controls(symbol)
    assert {part.type for part in rest} <= {"text"}, node.pretty()
    assert "".join(text_of(part) for part in rest) == text


def check_page(tree: SyntaxTreeNode) -> None:
    """What holds for any rendering: only the template's HTML, balanced; no stray markup."""
    open_tags: list[str] = []
    for node in tree.walk():
        assert node.type not in ("link", "image", "s"), node.pretty()
        if node.type in ("html_block", "html_inline"):
            for kind, tag, attrs in raw_tags(node.content):
                assert tag in TEMPLATE_TAGS and not attrs, f"live HTML: {node.content!r}"
                if tag == "br":
                    continue
                if kind == "end":
                    assert open_tags and open_tags.pop() == tag, f"unbalanced </{tag}>"
                elif tag == "summary":
                    assert open_tags[-1:] == ["details"], "<summary> outside <details>"
                    assert f"</{tag}>" in node.content, "<summary> not closed on its line"
                    open_tags.append(tag)
                else:
                    open_tags.append(tag)
        if node.type == "text":
            assert not SHOWN_ESCAPE.search(node.content), f"escape shown: {node.content!r}"
            assert not GITHUB_AUTOLINK.search(node.content), f"GitHub links: {node.content!r}"
        if node.type == "fence":
            assert node.info in ("mermaid", "sh"), node.info
    assert open_tags == [], f"not closed: {open_tags}"


def check_html(html: str) -> None:
    """The HTML page has only Markdown's elements and the template's."""
    for _, tag, attrs in raw_tags(html):
        assert tag in PAGE_TAGS, f"<{tag}> in the page"
        for name, value in attrs:
            assert tag == "code" and name == "class" and value in CODE_CLASSES, (tag, name)


def check_table(table: SyntaxTreeNode, section: Section, code_columns: frozenset[int]) -> None:
    """The table shows the first rows of ``section``, one cell per header, and counts the rest."""
    assert header_of(table) == section.headers
    rows = rows_of(table)
    for cells, row in zip(rows, section.rows, strict=False):
        assert len(cells) == len(section.headers), f"{section.title}: {len(cells)} cells"
        for column, (cell, raw) in enumerate(zip(cells, row.cells, strict=True)):
            assert_shows(cell, raw, code=column in code_columns)
    left_out = len(section.rows) - len(rows)
    assert left_out >= 0
    note = table.next_sibling
    if left_out:
        assert note is not None and note.type == "paragraph", f"{section.title}: no note"
        [emphasis] = inline_parts(note)
        assert emphasis.type == "em"
        prefix = f"…and {left_out} more {section.title.lower()} not shown: "
        assert text_of(emphasis).startswith(prefix), text_of(emphasis)
    else:
        assert note is None or not text_of(note).startswith("…and"), text_of(note)


def expected_headings(view: CommentView) -> list[tuple[str, str]]:
    sections = [
        ("⚠️ Breaking changes", bool(view.breaking)),
        ("Compatible signature changes", bool(view.compatible)),
        ("Changed", True),
        ("Dependents", bool(view.dependents.rows)),
        ("Entry points reached", bool(view.entry_points.rows)),
        ("Tests to run", bool(view.tests.rows)),
        ("Owners", bool(view.owners.rows)),
    ]
    return [("h3", f"{view.badge} Blast radius: {view.risk} risk")] + [
        ("h4", title) for title, shown in sections if shown
    ]


def check_comment(
    markdown: str, report: Report, *, caps: Caps | None = None, cut: bool = False
) -> SyntaxTreeNode:
    """``markdown``, a rendering of ``report``, shows it faithfully; its tree.

    ``caps`` are those of the rendering when known (the graph depends on
    them); ``cut`` means the text was cut hard to a size, so it may stop
    after any block.
    """
    tree = parse(markdown)
    check_page(tree)
    check_html(MD.render(markdown))
    view = build_view(report, EVERYTHING, "")
    blocks = list(top_level(tree))
    check_headings_and_tables(blocks, view, cut)
    check_breaking(blocks, view)
    check_details(blocks, view, build_view(report, caps, "").mermaid if caps is not None else None)
    check_test_command(blocks, view, report, cut)
    if cut:
        [note] = inline_parts(tree.children[-1])
        assert (note.type, text_of(note)) == ("em", "(cut to fit the size limit)")
    else:
        check_footer(tree.children[-1], view)
    return tree


def check_headings_and_tables(
    blocks: list[tuple[str, SyntaxTreeNode]], view: CommentView, cut: bool
) -> None:
    """The headings in order, the numbers table under the first, a section's under each."""
    headings = [(node.tag, text_of(node)) for _, node in blocks if node.type == "heading"]
    expected = expected_headings(view)
    assert headings == (expected[: len(headings)] if cut else expected)

    (title, stats), *tables = [(heading, node) for heading, node in blocks if node.type == "table"]
    assert title == expected[0][1]
    assert header_of(stats) == tuple(name for name, _ in view.stats)
    [values] = rows_of(stats)
    for cell, (_, value) in zip(values, view.stats, strict=True):
        assert_shows(cell, value)

    titles = [title for _, title in expected if title in TABLES]
    assert [heading for heading, _ in tables] == titles[: len(tables) if cut else None]
    for heading, table in tables:
        name, code_columns = TABLES[heading]
        check_table(table, getattr(view, name), code_columns)


def check_test_command(
    blocks: list[tuple[str, SyntaxTreeNode]], view: CommentView, report: Report, cut: bool
) -> None:
    """The commands to run the tests: one ``sh`` code block, a line per runner, one
    shell word per test file."""
    commands = [node.content for _, node in blocks if node.type == "fence" and node.info == "sh"]
    if commands or not cut:
        assert commands == ([view.test_command + "\n"] if view.test_command else [])
    pairs = report.test_runners or tuple(("pytest", file) for file in report.test_files)
    expected: dict[str, list[str]] = {}
    for runner, file in pairs:
        expected.setdefault(runner, []).append(show_controls(file))
    # runners that pick single tests (go, maven, gradle, cargo, ...) have lines of their own
    for runner in TEST_SELECTORS:
        expected.pop(runner, None)
    files_of = {
        runner: {file for name, file in pairs if name == runner} for runner in TEST_SELECTORS
    }
    picking = [
        line
        for runner, select in TEST_SELECTORS.items()
        if files_of[runner]
        for line in select(runner, [t for t in report.tests if t.path in files_of[runner]])
    ]
    go_tests: dict[str, list[str]] = {}
    for test in report.tests:
        if test.path in files_of["go"]:
            folder = "./" + test.path.rpartition("/")[0] if "/" in test.path else "."
            name = test.id.rpartition("::")[2].split("/", 1)[0]
            if name not in go_tests.setdefault(folder, []):
                go_tests[folder].append(name)
    for command in commands:
        lines = command.splitlines()
        assert [shlex.split(line) for line in lines if line not in picking] == [
            [*shlex.split(RUNNER_COMMANDS[runner]), *files] for runner, files in expected.items()
        ]
        # the lines of the runners that pick tests follow the file runners'
        assert lines[len(lines) - len(picking) :] == picking
        # go runs packages, and picks their tests by name
        assert [shlex.split(line) for line in lines if line.startswith("go ")] == [
            ["go", "test", folder, "-run", f"^({'|'.join(sorted(names))})$"]
            for folder, names in sorted(go_tests.items())
        ]


def split_more(items: list[SyntaxTreeNode]) -> tuple[list[SyntaxTreeNode], str]:
    """List items, and the text of a last "…and N more" item if there is one."""
    if items and text_of(items[-1]).startswith("…and "):
        return items[:-1], text_of(items[-1])
    return items, ""


def assert_more(more: str, left_out: int, wording: str) -> None:
    """``more`` (a last list item, or "") counts the ``left_out`` items in ``wording``."""
    if left_out:
        assert more.startswith(wording.format(left_out)), (more, left_out)
    else:
        assert more == "", more


def check_breaking(blocks: list[tuple[str, SyntaxTreeNode]], view: CommentView) -> None:
    """Each breaking change: its symbol and summary, then the first call sites."""
    sections = (
        ("⚠️ Breaking changes", view.breaking, view.breaking_omitted, "breaking changes"),
        (
            "Compatible signature changes",
            view.compatible,
            view.compatible_omitted,
            "compatible signature changes",
        ),
    )
    for title, shown, omitted, wording in sections:
        lists = [node for heading, node in blocks if heading == title and node.type != "heading"]
        if not shown:
            assert lists == []
            continue
        [listing] = lists
        items, more = split_more(listing.children)
        assert_more(more, omitted, "…and {} more " + wording + ": ")
        assert len(items) == len(shown)
        for item, breaking in zip(items, shown, strict=True):
            assert_code_then_text(item, breaking.symbol, ": " + breaking.summary)
            sites, more = split_more(item.children[1].children if len(item.children) > 1 else [])
            for site, raw in zip(sites, breaking.sites, strict=False):
                assert_shows(site, raw)
            assert_more(more, len(breaking.sites) - len(sites), "…and {} more")


def check_details(
    blocks: list[tuple[str, SyntaxTreeNode]], view: CommentView, graph: str | None
) -> None:
    """The why-paths and the graph, each in its own ``<details>``; ``graph`` if known."""
    nodes = [node for _, node in blocks]
    for at, node in enumerate(nodes):
        if node.type != "html_block" or not node.content.startswith("<details>"):
            continue
        summary = node.content.removeprefix("<details><summary>").partition("</summary>")[0]
        if found := WHY_SUMMARY.fullmatch(summary):
            listing, end = nodes[at + 1 : at + 3]
            assert (listing.type, end.content) == ("bullet_list", "</details>\n")
            assert len(listing.children) == int(found[1])
            for item, why in zip(listing.children, view.why, strict=False):
                assert_code_then_text(item, why.symbol, "")
                for hop, raw in zip(item.children[1].children, why.hops, strict=True):
                    assert_shows(hop, raw)
        else:
            assert summary == GRAPH_SUMMARY
            fence, *rest = nodes[at + 1 : at + 4]
            assert (fence.type, fence.info) == ("fence", "mermaid")
            assert fence.content.startswith("flowchart LR\n")
            if graph is not None:
                assert fence.content == graph + "\n"
            assert "</details>\n" in [node.content for node in rest]


def check_footer(footer: SyntaxTreeNode, view: CommentView) -> None:
    """The last block: the footer lines in ``<sub>``, one ``<br>`` between lines."""
    parts = inline_parts(footer)
    assert (parts[0].content, parts[-1].content) == ("<sub>", "</sub>")
    lines: list[str] = [""]
    for part in parts[1:-1]:
        if part.type == "html_inline":
            assert part.content == "<br>"
            lines.append("")
        else:
            assert part.type == "text", footer.pretty()
            lines[-1] += text_of(part)
    assert [VARYING.sub("…", line) for line in lines] == [
        VARYING.sub("…", show_controls(line)) for line in view.footer
    ]
    assert lines[-1] == NO_PROOF


# The renderings -------------------------------------------------------------

SCENARIO_NAMES = sorted(folder.name for folder in SCENARIOS.iterdir() if folder.is_dir())

# Every string of a report made of this: markup, HTML, a table pipe, a code
# fence on a line of its own, and what GitHub would link.
HOSTILE = (
    "s|h`o**p**_<img src=x onerror=alert(1)><script>x</script>\n```\n</details>"
    " [l](javascript:alert(1)) @team #1 www.x.io https://x.io a\\b ~~s~~ $x$"
)


@pytest.fixture(scope="module")
def repository(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """A scenario's repository, built once for the module."""
    built: dict[str, Path] = {}

    def build(name: str) -> Path:
        if name not in built:
            built[name] = build_scenario(name, tmp_path_factory.mktemp("scenario") / name)
        return built[name]

    return build


def demo(output_format: str) -> str:
    return subprocess.run(
        [sys.executable, "-m", "blast_radius", "demo", "--format", output_format],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def hostile(value: Any) -> Any:
    """``value`` (a report's JSON) with the sample's names made of ``HOSTILE``."""
    if isinstance(value, str):
        return value.replace("shop", HOSTILE).replace("cart", HOSTILE)
    if isinstance(value, list):
        return [hostile(item) for item in value]
    if isinstance(value, dict):
        return {key: hostile(item) for key, item in value.items()}
    return value


def asked(report: Report, requested: Callable[[str], bool]) -> Report:
    """``report`` as the action makes it once it knows who was asked to review."""
    return replace(
        report,
        owners_changed=tuple(
            replace(o, requested=requested(o.owner)) for o in report.owners_changed
        ),
        owners_affected=tuple(
            replace(o, requested=requested(o.owner)) for o in report.owners_affected
        ),
    )


def owner_column(tree: SyntaxTreeNode) -> list[tuple[str, list[str], str]]:
    """Each owners row: the owner, the inline node types and text of "Asked to review"."""
    [table] = [
        node for heading, node in top_level(tree) if heading == "Owners" and node.type == "table"
    ]
    return [
        (text_of(owner), [part.type for part in inline_parts(cell)], text_of(cell))
        for owner, _, _, cell in rows_of(table)
    ]


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_each_scenario_comment_shows_its_report(
    name: str, repository: Callable[[str], Path]
) -> None:
    root = repository(name)
    report = report_from_json(json.dumps(impact(root)))
    check_comment(impact(root, fmt="markdown"), report, caps=Caps())


def test_the_demo_comment_shows_its_report(demo_report: Report) -> None:
    tree = check_comment(demo("markdown"), demo_report, caps=Caps())
    assert [node.info for node in tree.walk() if node.type == "fence"] == ["mermaid", "sh"]


def test_hostile_file_names_stay_text(repository: Callable[[str], Path]) -> None:
    root = repository("markdown_injection")
    markdown = impact(root, fmt="markdown")
    check_comment(markdown, report_from_json(json.dumps(impact(root))), caps=Caps())
    html = MD.render(markdown)
    tags = raw_tags(html)
    assert not {tag for _, tag, _ in tags} & {"img", "script"}
    assert not [name for _, _, attrs in tags for name, _ in attrs if name.startswith("on")]
    shown = [text_of(node) for node in parse(markdown).walk() if node.type == "text"]
    assert "pkg/<img src=x onerror=alert(1)>.py:1" in shown
    assert "pkg/[x](javascript:alert(1)).py:1" in shown


def test_a_report_made_of_hostile_names_renders_as_text(demo_report: Report) -> None:
    report = report_from_json(json.dumps(hostile(json.loads(demo_report.to_json()))))
    report = asked(report, lambda owner: owner.endswith("/qa"))
    assert HOSTILE in report.test_files[0]
    tree = check_comment(render_markdown(report), report, caps=Caps())
    assert [(types, text) for _, types, text in owner_column(tree)] == [
        (["strong"], "not yet"),
        (["strong"], "not yet"),
        (["strong"], "not yet"),
        (["text"], "yes"),
    ]


@pytest.fixture(scope="module")
def action_report(repository: Callable[[str], Path]) -> tuple[GitHubRunner, Report]:
    """The action's runner, and its report of a pull request that asked one owner to review."""
    settings = RunnerSettings(
        workspace=repository("core_utility"),
        output_file=None,
        summary_file=None,
        cache_dir=None,
        jobs=1,
        index_settings=IndexSettings(),
        limits=WalkLimits(),
        template=None,
        index_branch=None,
    )
    runner = GitHubRunner(settings)
    return runner, runner.analyze("main", None, frozenset({"shop/finance"}))


@pytest.mark.parametrize(
    ("limit", "full_report"),
    [
        (65_536, f"see the job summary and the `{ARTIFACT}` report"),  # the comment
        (65_535, f"see the job summary and the `{ARTIFACT}` report"),  # the check run
        (SUMMARY_LIMIT, f"the `{ARTIFACT}` report"),  # the job summary
    ],
)
def test_the_action_renderings_show_who_is_not_yet_asked(
    limit: int, full_report: str, action_report: tuple[GitHubRunner, Report]
) -> None:
    runner, report = action_report
    tree = check_comment(runner.render(report, limit, full_report), report, caps=Caps())
    assert owner_column(tree) == [
        ("@shop/finance", ["text"], "yes"),
        ("@shop/finance", ["text"], "yes"),
        ("@shop/maintainers", ["strong"], "not yet"),
        ("@shop/qa", ["strong"], "not yet"),
    ]
    html = MD.render(runner.render(report, limit, full_report))
    assert html.count("<td><strong>not yet</strong></td>") == 2


def test_a_report_cut_to_fit_keeps_its_tables_and_blocks(demo_report: Report) -> None:
    template = demo_report.dependents[0]
    many = tuple(
        replace(
            template, id=f"python:pkg.m{n}.f{n}", qualname=f"pkg.m{n}.f{n}", path=f"pkg/m{n}.py"
        )
        for n in range(50_000)
    )
    big = replace(demo_report, dependents=many, dependent_symbols=len(many), reach=50_000.0)
    for limit in (65_536, 65_535, 10_000):
        text = render_markdown(big, limit=limit, full_report="see the job summary")
        assert len(text) <= limit
        check_comment(text, big)


def test_a_report_too_big_for_any_view_is_cut_between_blocks(demo_report: Report) -> None:
    long_name = "pkg." + "very_long_name." * 1_000 + HOSTILE
    huge = tuple(
        replace(dependent, id=f"python:{long_name}{n}", path=f"{long_name}{n}.py")
        for n, dependent in enumerate(demo_report.dependents)
    )
    report = asked(replace(demo_report, dependents=huge), lambda owner: False)
    assert len(render_markdown(report, limit=1_000_000)) > 30_000
    for limit in (30_000, 10_000, 2_000):
        text = render_markdown(report, limit=limit)
        assert len(text) <= limit
        check_comment(text, report, cut=True)
