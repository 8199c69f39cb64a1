"""Escaping repository text for GitHub comments.

File names, symbol names and owners come from the repository under review,
so anyone who can open a pull request chooses them. A PR comment is
rendered as GitHub Flavored Markdown with some raw HTML allowed, and after
rendering GitHub turns ``@name`` into a notification and ``#123`` into a
cross-reference. Every piece of repository text therefore goes through one
of these functions, chosen by where it lands:

==============================  =========================================
running Markdown text           ``escape_text``
a cell of a Markdown table      ``escape_table_cell``
a path or name shown verbatim   ``code_span`` (``in_table=True`` in a table)
inside an HTML block            ``html_text`` / ``html_code``
inside a fenced code block      ``fenced_text``
==============================  =========================================

The report's own emphasis is a value too, ``Strong``, never Markdown
written into a string: ``escape_text`` and ``escape_table_cell`` write it
as ``**...**`` around its escaped words. A string is always repository text
to them, so no string can bring markup of its own, and the report's
emphasis is never shown as literal asterisks.

Why HTML blocks differ: a line that starts with ``<details>`` or
``<summary>`` opens an HTML block, whose content GitHub passes through as
HTML until the next blank line, with no Markdown processing. Backslash
escapes then show as backslashes and a code span shows its backticks, so
``<summary>`` gets ``html_code`` (a ``<code>`` element) rather than
``code_span``. The ``html_*`` functions encode everything as character
references, which a browser decodes in an HTML block and CommonMark decodes
in running text without reading them as syntax, so they are correct in
either place.

Truncate raw text with ``truncate`` before escaping it, never after: the
escaped form has backslash pairs and ``&...;`` references that a cut must
not split.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

ELLIPSIS = "\u2026"

# Written as a character reference rather than the bare character so that
# the intent is visible in the comment source and in tests.
_ZWSP = "&#8203;"
_ZWSP_CHAR = "\u200b"

# A leading space is written as a reference: four spaces at the start of a
# line would make an indented code block of whatever follows, and a line
# that starts with a reference does not start with indentation.
_SPACE = "&#32;"

# Named references for the characters that matter to HTML. The apostrophe is
# included so the result is also safe inside a single-quoted attribute.
_HTML_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}

# ASCII punctuation that can start or end Markdown syntax. "=" (setext
# headings) and "$" (GitHub's math) are beyond the usual list but just as
# able to change what a name renders as. All are ASCII punctuation, so
# CommonMark accepts a backslash before each.
_MARKDOWN_SPECIALS = frozenset("\\`*_{}[]()#+-.!|~=$")

# What the html_* functions write as numeric references besides the HTML
# characters, so that their output is inert if it lands in running Markdown
# after all. Inside <code> only inline syntax matters (and ":" for URL
# autolinks); free text may also sit at the start of a line, where "#", "-",
# "+", "1." or "=" would open a block.
_CODE_SPECIALS = frozenset("\\`*_[]~|:$")
_TEXT_SPECIALS = _CODE_SPECIALS | _MARKDOWN_SPECIALS

# Invisible characters that could hide or reorder what a reviewer reads:
# C1 controls, Unicode line and paragraph separators, bidirectional
# controls ("Trojan Source") and the byte order mark.
_INVISIBLE = frozenset(
    [chr(code) for code in range(0x80, 0xA0)]
    + ["\u2028", "\u2029", "\u200e", "\u200f", "\ufeff"]
    + [chr(code) for code in range(0x202A, 0x202F)]
    + [chr(code) for code in range(0x2066, 0x206A)]
)

# Places where GitHub would create a link, a notification or a cross
# reference. A zero-width space breaks each without changing what is read:
# "@name" (mention, and e-mail autolink), "://" (URL autolink), "www."
# (www autolink), "#123" (issue reference). GitHub finds mentions and issue
# references in the rendered page text, where "&#64;" would already be a
# plain "@" again, so an entity alone does not help; the zero-width space
# survives into the page text.
_DEFUSE = re.compile(r"@|://|(?i:www)\.|#(?=\d)")


def _visible(char: str) -> str:
    """A visible stand-in for a control or invisible character; other characters unchanged."""
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # Unicode "control pictures": "\n" becomes "␊"
    if code == 0x7F:
        return "\u2421"  # ␡
    if char in _INVISIBLE:
        return f"\\u{code:04x}"
    return char


def show_controls(s: str) -> str:
    """``s`` with control and invisible characters replaced by visible stand-ins.

    A newline becomes ``␊`` (the Unicode control pictures stand in for all C0
    controls and DEL); bidirectional controls, C1 controls and line
    separators become ``\\uXXXX``. Other output formats (Mermaid labels) use
    it so that a name can neither start a new line nor hide what it says.
    """
    return "".join(_visible(char) for char in s)


def _defuse(text: str) -> str:
    """``text`` with a zero-width space inside every place ``_DEFUSE`` finds."""

    def split(found: re.Match[str]) -> str:
        token = found.group(0)
        if token == "://":
            return _ZWSP_CHAR + token
        return token[:-1] + _ZWSP_CHAR + token[-1] if len(token) > 1 else token + _ZWSP_CHAR

    return _DEFUSE.sub(split, text)


@dataclass(frozen=True, slots=True)
class Strong:
    """Words the report itself stresses, such as an owner not yet asked to review.

    ``escape_text`` writes them as ``**words**`` with the words escaped like
    any other text. As a plain string (``str()``, the terminal report) they
    are just the words.
    """

    text: str

    def __str__(self) -> str:
        return self.text


def escape_text(s: str | Strong) -> str:
    """``s`` as literal text in running Markdown: no markup, link, mention or new block.

    HTML-significant characters become entities, Markdown punctuation is
    backslash-escaped, control and invisible characters are shown as visible
    stand-ins (a newline as ``␊``), and mentions, URLs and issue references
    are broken with a zero-width space. Also safe, but not pretty, inside an
    HTML block, where the backslashes would show: use ``html_text`` there.
    A ``Strong`` value is the one exception to "no markup": its escaped words
    between ``**``.
    """
    if isinstance(s, Strong):
        # "****" would be literal asterisks, not an empty emphasis.
        return f"**{escape_text(s.text)}**" if s.text else ""
    out: list[str] = []
    for char in _defuse(s):
        if char == " " and not out:
            out.append(_SPACE)  # see _SPACE
        elif char in _HTML_ENTITIES:
            out.append(_HTML_ENTITIES[char])
        elif char in _MARKDOWN_SPECIALS:
            out.append("\\" + char)
        elif char == _ZWSP_CHAR:
            out.append(_ZWSP)
        else:
            out.append(_visible(char))
    return "".join(out)


def escape_table_cell(s: str | Strong) -> str:
    """``s`` as literal text in a cell of a GitHub table.

    A ``|`` must be written ``\\|`` there: GitHub splits cells on every pipe
    not preceded by a backslash, before any other parsing. ``escape_text``
    already writes pipes that way (harmless in running text), so this is the
    same escaping under the name a table should use.
    """
    return escape_text(s)


def code_span(s: str, *, in_table: bool = False) -> str:
    """``s`` as an inline code span, shown verbatim.

    Markdown escapes and entities are not interpreted inside a code span, and
    GitHub makes no mention or link there, so the text needs no escaping:
    the fence is one backtick longer than the longest backtick run inside,
    and the content is padded with a space when it starts or ends with a
    backtick (or would otherwise lose a leading and trailing space). Control
    characters are shown as visible stand-ins. In a table cell pass
    ``in_table=True``: pipes are then written ``\\|``, which GitHub's table
    parser turns back into ``|`` inside the code. Do not use in an HTML
    block such as ``<summary>``; see ``html_code``. Nothing placed right
    after the span should start with a backtick.
    """
    body = show_controls(s)
    if in_table:
        body = body.replace("|", "\\|")
    if not body:
        # An empty pair of backticks is not a code span; a lone space is.
        return "` `"
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * (longest + 1)
    if (
        body[0] == "`"
        or body[-1] == "`"
        or (body[0] == " " and body[-1] == " " and body.strip(" "))
    ):
        # CommonMark strips one space from each end when both ends have
        # one; the padding is what it strips.
        body = f" {body} "
    return f"{fence}{body}{fence}"


# A line that closes a fenced code block: three or more backticks or tildes
# indented by at most three spaces (and, strictly, nothing after them but
# spaces; any such line is treated as dangerous).
_FENCE_LINE = re.compile(r"^ {0,3}(?=```|~~~)")


def fenced_text(s: str) -> str:
    """``s`` as the content of a fenced code block, shown verbatim: no line can end the block.

    A line that starts like a fence (three backticks or tildes, indented by
    at most three spaces) gets an indentation of four spaces, which makes it
    plain content. Carriage returns, which CommonMark also reads as line ends,
    and the other control characters but newline and tab are shown as
    visible stand-ins.
    """
    lines = ("".join(c if c == "\t" else _visible(c) for c in line) for line in s.split("\n"))
    return "\n".join(_FENCE_LINE.sub("    ", line, count=1) for line in lines)


def _html_escape(s: str, specials: frozenset[str]) -> str:
    out: list[str] = []
    for char in s:
        if char == " " and not out:
            out.append(_SPACE)
        elif char in _HTML_ENTITIES:
            out.append(_HTML_ENTITIES[char])
        elif char in specials:
            out.append(f"&#{ord(char)};")
        elif char == _ZWSP_CHAR:
            out.append(_ZWSP)
        else:
            out.append(_visible(char))
    return "".join(out)


def html_text(s: str) -> str:
    """``s`` as literal text inside an HTML block (``<summary>``, ``<td>``) or running text.

    Like ``escape_text`` but with character references instead of
    backslashes, so it renders the same in both places.
    """
    return _html_escape(_defuse(s), _TEXT_SPECIALS)


def html_code(s: str) -> str:
    """``s`` in a ``<code>`` element: the way to show a path or name inside ``<summary>``.

    The text is HTML-escaped and the characters that could open Markdown
    syntax are written as numeric references, so it shows verbatim whether
    the line is read as an HTML block or as Markdown. No pipe is left
    unencoded, so it is also safe in a table cell. GitHub makes no mention
    inside ``<code>``, so ``@`` is left alone.
    """
    return f"<code>{_html_escape(s, _CODE_SPECIALS)}</code>"


CUT_NOTE = "_(cut to fit the size limit)_\n"


def cut_between_blocks(markdown: str, limit: int) -> str:
    """``markdown`` cut at a blank line to fit in ``limit`` characters, ending in ``CUT_NOTE``.

    For a rendered comment too long even in its smallest view. Cutting
    anywhere else could stop inside a table row, a code span, an escape or
    a code block; the blocks the built-in template writes end at blank
    lines, and it writes none inside a code block. A ``<details>`` element
    left open is closed, so the note is not hidden in it. The template
    starts every ``<details>`` and ``</details>`` line itself: repository
    text never starts a line.
    """
    end = limit
    while True:
        end = max(0, markdown.rfind("\n\n", 0, end))
        kept = markdown[:end]
        lines = kept.split("\n")
        unclosed = sum(line.startswith("<details>") for line in lines) - sum(
            line.startswith("</details>") for line in lines
        )
        cut = kept + "\n\n</details>" * unclosed + "\n\n" + CUT_NOTE if kept else CUT_NOTE
        if len(cut) <= limit or not kept:
            return cut


def truncate(s: str, limit: int) -> str:
    """``s`` cut to at most ``limit`` characters, ending in ``…`` when anything was cut.

    Works on raw text, before escaping. The cut never separates a
    character from the combining marks or joiners that follow it, so an
    accented letter or an emoji sequence is kept whole or dropped whole.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if len(s) <= limit:
        return s
    cut = limit - len(ELLIPSIS)
    while cut > 0 and (_joins_previous(s[cut]) or s[cut - 1] == "\u200d"):
        cut -= 1
    return s[:cut] + ELLIPSIS


def _joins_previous(char: str) -> bool:
    """Whether ``char`` belongs to the character before it when displayed."""
    return (
        unicodedata.combining(char) != 0
        or unicodedata.category(char) == "Me"
        or char in "\u200d\ufe0e\ufe0f"
        or "\U0001f3fb" <= char <= "\U0001f3ff"  # skin tone modifiers
    )
