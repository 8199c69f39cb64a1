"""Escaping repository text for GitHub comments, with hostile inputs.

Exact strings pin the escaping down; a CommonMark parser (markdown-it-py,
installed through import-linter's dependencies) then checks that what we
emit renders as the original text and creates no markup.
"""

from __future__ import annotations

import html
import re

import pytest

from blast_radius.core.markdown import (
    CUT_NOTE,
    Strong,
    code_span,
    cut_between_blocks,
    escape_table_cell,
    escape_text,
    fenced_text,
    html_code,
    html_text,
    truncate,
)

markdown_it = pytest.importorskip("markdown_it")

# GitHub renders comments with raw HTML allowed, tables and strikethrough.
MD = markdown_it.MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])

# (input, escape_text output, the text a reader should see)
HOSTILE = [
    ("<img src=x onerror=alert(1)>", r"&lt;img src\=x onerror\=alert\(1\)&gt;", None),
    ("[x](javascript:alert(1)).py", r"\[x\]\(javascript:alert\(1\)\)\.py", None),
    ("`rm -rf`", r"\`rm \-rf\`", None),
    ("@octocat", "@&#8203;octocat", "@\u200boctocat"),
    ("**bold**", r"\*\*bold\*\*", None),
    ("<!-- -->", r"&lt;\!\-\- \-\-&gt;", None),
    ("</details>", "&lt;/details&gt;", None),
    ("evil\n# heading", "evil␊\\# heading", "evil␊# heading"),
    ("a\r\n\tb\x00\x1b\x7f", "a␍␊␉b␀␛␡", "a␍␊␉b␀␛␡"),
    ("|pipe|", r"\|pipe\|", None),
    ("ünï_cødé/文件.py", r"ünï\_cødé/文件\.py", None),
    ("say \"hi\" & 'bye'", "say &quot;hi&quot; &amp; &#39;bye&#39;", None),
    ("https://evil.example/x", r"https&#8203;://evil\.example/x", "https\u200b://evil.example/x"),
    ("www.Example.com", r"www&#8203;\.Example\.com", "www\u200b.Example.com"),
    ("fixes #12", r"fixes \#&#8203;12", "fixes #\u200b12"),
    ("ops@example.com", r"ops@&#8203;example\.com", "ops@\u200bexample.com"),
    ("\u202eevil.py", r"\u202eevil\.py", "\\u202eevil.py"),
    ("a\\b", r"a\\b", None),
    ("$x^2$ ~~gone~~ {a}", r"\$x^2\$ \~\~gone\~\~ \{a\}", None),
    ("1. not a list", r"1\. not a list", None),
    ("> not a quote", "&gt; not a quote", None),
    ("    not code", "&#32;   not code", None),
    ("_init_ + x = y!", r"\_init\_ \+ x \= y\!", None),
]


def _shown(original: str, visible: str | None) -> str:
    return original if visible is None else visible


def _paragraph_text(rendered: str) -> str:
    """The text of a single rendered paragraph, asserting it holds no markup."""
    match = re.fullmatch(r"<p>(.*)</p>\n", rendered, re.DOTALL)
    assert match is not None, rendered
    inner = match.group(1)
    assert "<" not in inner, rendered
    return html.unescape(inner)


@pytest.mark.parametrize(("raw", "escaped", "visible"), HOSTILE)
def test_escape_text_exact(raw: str, escaped: str, visible: str | None) -> None:
    assert escape_text(raw) == escaped


@pytest.mark.parametrize(("raw", "escaped", "visible"), HOSTILE)
def test_escape_text_is_inert(raw: str, escaped: str, visible: str | None) -> None:
    out = escape_text(raw)
    assert "<" not in out
    assert ">" not in out
    assert "](" not in out
    assert "\n" not in out
    assert "\r" not in out
    # Mentions, autolinks and issue references are found in the page text,
    # after references are decoded.
    text = html.unescape(out)
    assert re.search(r"@[A-Za-z0-9]", text) is None
    assert re.search(r"[A-Za-z]://", text) is None
    assert re.search(r"www\\?\.", text, re.IGNORECASE) is None
    assert re.search(r"#\d", text) is None


@pytest.mark.parametrize(("raw", "escaped", "visible"), HOSTILE)
def test_escape_text_renders_as_the_text(raw: str, escaped: str, visible: str | None) -> None:
    text = _paragraph_text(MD.render(escape_text(raw)))
    assert text.strip() == _shown(raw, visible).strip()


@pytest.mark.parametrize(("raw", "escaped", "visible"), HOSTILE)
def test_escape_text_stays_one_paragraph_after_text(
    raw: str, escaped: str, visible: str | None
) -> None:
    # After a line of text, "===" or "---" would turn it into a heading.
    rendered = MD.render("Changed:\n" + escape_text(raw))
    assert rendered.startswith("<p>Changed:\n")
    assert "<h" not in rendered


def test_setext_underline_is_escaped() -> None:
    assert escape_text("===") == r"\=\=\="
    assert MD.render("title\n" + escape_text("===")) == "<p>title\n===</p>\n"
    assert MD.render("title\n" + escape_text("---")) == "<p>title\n---</p>\n"


@pytest.mark.parametrize(("raw", "escaped", "visible"), HOSTILE)
def test_escape_table_cell_keeps_one_cell(raw: str, escaped: str, visible: str | None) -> None:
    cell = escape_table_cell(raw)
    assert cell == escaped
    rendered = MD.render(f"| name | n |\n| --- | --- |\n| {cell} | 1 |\n")
    cells = re.findall(r"<td>(.*?)</td>", rendered, re.DOTALL)
    assert len(cells) == 2, rendered
    assert "<" not in cells[0]
    assert html.unescape(cells[0]).strip() == _shown(raw, visible).strip()
    assert cells[1] == "1"


def test_the_reports_own_emphasis_is_emphasis() -> None:
    assert escape_text(Strong("not yet")) == "**not yet**"
    assert escape_table_cell(Strong("not yet")) == "**not yet**"
    assert str(Strong("not yet")) == "not yet"
    assert escape_text(Strong("")) == ""
    table = f"| asked |\n| --- |\n| {escape_table_cell(Strong('not yet'))} |\n"
    assert "<td><strong>not yet</strong></td>" in MD.render(table)
    # A string is repository text even when it looks like the report's markup.
    assert escape_table_cell("**not yet**") == r"\*\*not yet\*\*"


@pytest.mark.parametrize(("raw", "escaped", "visible"), HOSTILE)
def test_strong_words_are_escaped_inside_the_emphasis(
    raw: str, escaped: str, visible: str | None
) -> None:
    assert escape_text(Strong(raw)) == f"**{escaped}**"
    rendered = MD.render(f"x {escape_text(Strong(raw))} y")
    match = re.fullmatch(r"<p>x <strong>(.*)</strong> y</p>\n", rendered, re.DOTALL)
    assert match is not None, rendered
    assert "<" not in match.group(1)
    assert html.unescape(match.group(1)) == _shown(raw, visible)


@pytest.mark.parametrize(
    ("raw", "span"),
    [
        ("src/app.py", "`src/app.py`"),
        ("`rm -rf`", "`` `rm -rf` ``"),
        ("a``b", "```a``b```"),
        ("a`", "`` a` ``"),
        ("<img src=x onerror=alert(1)>", "`<img src=x onerror=alert(1)>`"),
        ("[x](javascript:alert(1)).py", "`[x](javascript:alert(1)).py`"),
        ("@octocat", "`@octocat`"),
        ("**bold**", "`**bold**`"),
        ("a\nb", "`a␊b`"),
        (" padded ", "`  padded  `"),
        (" left", "` left`"),
        ("   ", "`   `"),
        ("", "` `"),
        ("ünï cødé/文件.py", "`ünï cødé/文件.py`"),
        ("|pipe|", "`|pipe|`"),
    ],
)
def test_code_span_exact_and_verbatim(raw: str, span: str) -> None:
    assert code_span(raw) == span
    rendered = MD.render(span)
    match = re.fullmatch(r"<p><code>(.*)</code></p>\n", rendered, re.DOTALL)
    assert match is not None, rendered
    assert "<" not in match.group(1)
    expected = raw.replace("\n", "␊") if raw else " "
    assert html.unescape(match.group(1)) == expected


@pytest.mark.parametrize("raw", ["|pipe|", "a\\|b", "x|`y`|z", "plain"])
def test_code_span_in_a_table(raw: str) -> None:
    span = code_span(raw, in_table=True)
    assert "|" not in span.replace("\\|", "")
    rendered = MD.render(f"| path |\n| --- |\n| {span} |\n")
    cells = re.findall(r"<td>(.*?)</td>", rendered, re.DOTALL)
    assert len(cells) == 1, rendered
    match = re.fullmatch(r"<code>(.*)</code>", cells[0])
    assert match is not None, cells
    assert html.unescape(match.group(1)) == raw


def test_code_span_table_pipe_exact() -> None:
    assert code_span("|pipe|", in_table=True) == r"`\|pipe\|`"


@pytest.mark.parametrize(
    ("raw", "content"),
    [
        ("python -m pytest a.py", "python -m pytest a.py"),
        ("a\n```\n<img src=x onerror=alert(1)>", "a\n    ```\n<img src=x onerror=alert(1)>"),
        ("a\n   ```", "a\n    ```"),
        ("~~~\n `x`", "    ~~~\n `x`"),
        ("a\r```\tb", "a␍```\tb"),
        ("    ```", "    ```"),
    ],
)
def test_fenced_text_cannot_end_its_block(raw: str, content: str) -> None:
    assert fenced_text(raw) == content
    for fence in ("```", "~~~"):
        tokens = MD.parse(f"{fence}sh\n{fenced_text(raw)}\n{fence}\n\nafter\n")
        assert [token.type for token in tokens][:2] == ["fence", "paragraph_open"], raw
        assert tokens[0].content == content + "\n"


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("<img src=x onerror=alert(1)>", "<code>&lt;img src=x onerror=alert(1)&gt;</code>"),
        ("</summary></details>", "<code>&lt;/summary&gt;&lt;/details&gt;</code>"),
        ("`x`*_[y]~|z", "<code>&#96;x&#96;&#42;&#95;&#91;y&#93;&#126;&#124;z</code>"),
        ("https://x.io", "<code>https&#58;//x.io</code>"),
        ("@octocat", "<code>@octocat</code>"),
        ("a\nb", "<code>a␊b</code>"),
        ("ünï cødé/文件.py", "<code>ünï cødé/文件.py</code>"),
    ],
)
def test_html_code_exact(raw: str, code: str) -> None:
    assert html_code(raw) == code


@pytest.mark.parametrize(("raw", "escaped", "visible"), HOSTILE)
def test_html_code_in_summary_and_inline(raw: str, escaped: str, visible: str | None) -> None:
    code = html_code(raw)
    shown = raw.replace("\u202e", "\\u202e")
    shown = "".join(
        chr(0x2400 + ord(c)) if ord(c) < 0x20 else "\u2421" if c == "\x7f" else c for c in shown
    )
    # In an HTML block the line is passed through untouched...
    block = MD.render(f"<details><summary>{code}</summary>\n\nbody\n\n</details>\n")
    match = re.match(r"<details><summary><code>(.*?)</code></summary>\n", block, re.DOTALL)
    assert match is not None, block
    assert "<" not in match.group(1)
    assert html.unescape(match.group(1)).strip() == shown.strip()
    # ...and in running text nothing inside the element is read as Markdown.
    inline = MD.render(f"see {code} here")
    match = re.fullmatch(r"<p>see <code>(.*)</code> here</p>\n", inline, re.DOTALL)
    assert match is not None, inline
    assert "<" not in match.group(1)
    assert html.unescape(match.group(1)).strip() == shown.strip()


@pytest.mark.parametrize(("raw", "escaped", "visible"), HOSTILE)
def test_html_text_renders_as_the_text_in_both_places(
    raw: str, escaped: str, visible: str | None
) -> None:
    text = html_text(raw)
    assert "<" not in text
    assert "\\" not in text.replace("\\u202e", "")
    assert re.search(r"@[A-Za-z0-9]", text) is None
    assert _paragraph_text(MD.render(text)).strip() == _shown(raw, visible).strip()
    block = MD.render(f"<details><summary>{text}</summary>\n\nbody\n\n</details>\n")
    match = re.match(r"<details><summary>(.*?)</summary>\n", block, re.DOTALL)
    assert match is not None, block
    assert "<" not in match.group(1)
    assert html.unescape(match.group(1)).strip() == _shown(raw, visible).strip()


def test_html_text_exact() -> None:
    assert html_text("@octocat **x**") == "@&#8203;octocat &#42;&#42;x&#42;&#42;"
    assert html_text("# a-b.py") == "&#35; a&#45;b&#46;py"


@pytest.mark.parametrize(
    ("raw", "limit", "cut"),
    [
        ("abcdef", 4, "abc…"),
        ("abc", 3, "abc"),
        ("abcd", 1, "…"),
        ("e\u0301e\u0301e\u0301", 4, "e\u0301…"),
        ("ab\U0001f468\u200d\U0001f469\u200d\U0001f467", 5, "ab…"),
        ("ab\U0001f44d\U0001f3fdc", 4, "ab…"),
    ],
)
def test_truncate(raw: str, limit: int, cut: str) -> None:
    assert truncate(raw, limit) == cut
    assert len(truncate(raw, limit)) <= limit


def test_truncate_rejects_a_useless_limit() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        truncate("abc", 0)


@pytest.mark.parametrize(("raw", "escaped", "visible"), HOSTILE)
def test_truncate_then_escape_never_splits_an_escape(
    raw: str, escaped: str, visible: str | None
) -> None:
    for limit in range(1, len(raw) + 2):
        for out in (escape_text(truncate(raw, limit)), html_text(truncate(raw, limit))):
            assert re.search(r"&[#\w]*$", out) is None, out
            trailing = len(out) - len(out.rstrip("\\"))
            assert trailing % 2 == 0, out
            _paragraph_text(MD.render(out))


def test_a_hard_cut_ends_between_blocks_with_details_closed() -> None:
    markdown = (
        "<!-- marker -->\n### Title\n\n| a |\n| --- |\n| `x` |\n| \\_y |\n\n"
        "<details><summary>More</summary>\n\n- one\n- two\n\n</details>\n\ntail\n"
    )
    for limit in range(len(CUT_NOTE), len(markdown) + 1):
        cut = cut_between_blocks(markdown, limit)
        assert len(cut) <= limit
        assert cut.endswith(CUT_NOTE)
        kept = cut.removesuffix(CUT_NOTE).removesuffix("\n\n").removesuffix("\n\n</details>")
        assert kept == "" or markdown.startswith(kept + "\n\n"), cut
        assert cut.count("<details>") == cut.count("</details>"), cut
    assert cut_between_blocks(markdown, 60) == "<!-- marker -->\n### Title\n\n" + CUT_NOTE
