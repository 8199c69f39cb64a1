"""Code owners as GitHub reads a CODEOWNERS file.

GitHub documents the format as "most of the same rules used in gitignore
files", then departs from gitignore in ways that change who owns a file:

* ``docs/*`` owns ``docs/a.md`` but not ``docs/build/a.md``. In gitignore the
  pattern would also match the directory ``docs/build`` and so everything in
  it; GitHub only matches the files directly inside.
* Negation (``!``), character ranges (``[ ]``) and escaping a leading ``#``
  do not work, and the docs say a line with invalid syntax stops the file
  from being used at all. We are more forgiving: such a line is skipped and
  reported in ``CodeOwners.errors`` so the report can say so.
* A ``#`` after whitespace starts a comment (GitHub's own example has one).
* The last matching line wins, and a line with no owners makes its files
  unowned.

Because of the first point the matcher is our own translation to regular
expressions rather than ``pathspec``: pathspec implements gitignore exactly,
which is what GitHub does not do here. The tests compare the two on the
patterns where both behave the same.

Matching is done against repository-relative POSIX paths of files, case
sensitive (GitHub: "CODEOWNERS paths are case sensitive").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

CODEOWNERS_LOCATIONS = (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS")
"""Where GitHub looks for the file, in its search order; the first one found is used."""

CODEOWNERS_MAX_BYTES = 3 * 1024 * 1024
"""GitHub ignores a CODEOWNERS file of this size or more ("must be under 3 MB")."""

# Owners as GitHub writes them: @user, @org/team, or an e-mail address.
# Kept a little wider than GitHub's own name rules (underscores and dots are
# allowed) so that enterprise-managed names such as @jane_acme are accepted;
# whether an owner exists is GitHub's business, not ours.
_OWNER = re.compile(
    r"@[A-Za-z0-9][A-Za-z0-9_.-]*(?:/[A-Za-z0-9][A-Za-z0-9_.-]*)?"
    r"|[^\s@]+@[^\s@]+\.[^\s@]+"
)

# Rules without a literal to index by are tried through combined
# expressions of this many alternatives: the regex engine then tries them,
# not a Python loop, and no single expression gets large enough to be slow
# to compile.
_CHUNK = 200


@dataclass(frozen=True, slots=True)
class OwnerRule:
    """One valid CODEOWNERS line: its 1-based line number, pattern as written, owners."""

    line: int
    pattern: str
    owners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CodeOwners:
    """A parsed CODEOWNERS file: its valid rules, and the lines that were skipped.

    ``errors`` holds ``(line number, message)`` for every line GitHub would
    reject; those lines take no part in matching.
    """

    rules: tuple[OwnerRule, ...] = ()
    errors: tuple[tuple[int, str], ...] = ()
    _matcher: _Matcher = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_matcher", _Matcher.build(self.rules))

    def _match(self, path: str) -> OwnerRule | None:
        index = self._matcher.find(path.lstrip("/"))
        return self.rules[index] if index >= 0 else None

    def owners_of(self, path: str) -> tuple[str, ...]:
        """Owners of the file at ``path`` (repository-relative); empty when nobody owns it."""
        rule = self._match(path)
        return rule.owners if rule is not None else ()

    def rule_for(self, path: str) -> tuple[int, str] | None:
        """The deciding line for ``path`` as ``(line number, pattern)``, or None if none matches.

        A match with no owners is still returned: that line is why the file is unowned.
        """
        rule = self._match(path)
        return (rule.line, rule.pattern) if rule is not None else None


def parse_codeowners(text: str) -> CodeOwners:
    """Parse the text of a CODEOWNERS file.

    Never raises on bad input: unsupported or malformed lines are skipped and
    listed in ``errors`` with their line number.
    """
    rules: list[OwnerRule] = []
    errors: list[tuple[int, str]] = []
    # Split on "\n" only: str.splitlines would also break on form feeds and
    # Unicode separators and so disagree with GitHub's line numbers.
    for number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        line = raw.rstrip("\r").strip(" \t")
        if not line or line.startswith("#"):
            continue
        try:
            pattern, owners = _split_line(line)
            _check_pattern(pattern)
        except ValueError as error:
            errors.append((number, str(error)))
            continue
        bad = [owner for owner in owners if _OWNER.fullmatch(owner) is None]
        if bad:
            errors.append((number, f"invalid owner {bad[0]!r}"))
            continue
        rules.append(OwnerRule(number, pattern, owners))
    return CodeOwners(tuple(rules), tuple(errors))


def _split_line(line: str) -> tuple[str, tuple[str, ...]]:
    """Split a non-comment line into its pattern and owner tokens, dropping a trailing comment."""
    tokens: list[str] = []
    current: list[str] = []
    index = 0
    while index < len(line):
        char = line[index]
        if char == "\\":
            following = line[index + 1 : index + 2]
            if following in (" ", "\t"):
                raise ValueError("escaped spaces are not supported in CODEOWNERS")
            # Keep the escape for the pattern translator; it only has to know
            # here that an escaped character does not end the token.
            current.append(line[index : index + 2])
            index += 2
            continue
        if char in " \t":
            if current:
                tokens.append("".join(current))
                current = []
        elif char == "#" and not current:
            break  # a comment: starts a token, so it follows whitespace
        else:
            current.append(char)
        index += 1
    if current:
        tokens.append("".join(current))
    return tokens[0], tuple(tokens[1:])


def _check_pattern(pattern: str) -> None:
    """Reject the gitignore syntax that GitHub does not support."""
    if pattern.startswith("!"):
        raise ValueError("negation (!) is not supported in CODEOWNERS")
    if pattern.startswith("\\#"):
        raise ValueError("escaping a leading # is not supported in CODEOWNERS")
    escaped = False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char in "[]":
            raise ValueError("character ranges ([ ]) are not supported in CODEOWNERS")
    if escaped:
        raise ValueError("pattern ends with a lone backslash")
    if not pattern.strip("/"):
        raise ValueError("pattern matches no file")


@dataclass(frozen=True, slots=True)
class _Matcher:
    """Finds the last rule matching a path without trying every rule.

    Most patterns contain a segment without wildcards (``/build/logs/``,
    ``apps/``) or end in an extension (``*.js``); a path can only match such
    a rule if one of its components is that literal or has that extension,
    which two dictionary look-ups per component find. Of the others, those
    with some literal text (``*tmp*``) are only tried when the path contains
    it: a substring test is far cheaper than the regular expression, whose
    unanchored form backtracks over every directory. The candidates are
    then checked one by one, newest first.

    Rules with no literal at all (``*``, ``?/*``) go through combined
    expressions in which, newest first, every rule is one capturing group:
    the first alternative that matches is the newest rule, and
    ``lastindex`` names it.
    """

    regexes: tuple[re.Pattern[str], ...]
    by_name: Mapping[str, tuple[int, ...]]
    by_extension: Mapping[str, tuple[int, ...]]
    by_substring: tuple[tuple[str, tuple[int, ...]], ...]
    unkeyed: tuple[tuple[re.Pattern[str], tuple[int, ...]], ...]

    @staticmethod
    def build(rules: Sequence[OwnerRule]) -> _Matcher:
        sources = [_pattern_regex(rule.pattern) for rule in rules]
        by_name: dict[str, list[int]] = {}
        by_extension: dict[str, list[int]] = {}
        by_substring: dict[str, list[int]] = {}
        rest: list[int] = []
        for index, rule in enumerate(rules):
            kind, key = _rule_key(rule.pattern)
            if kind == "name":
                by_name.setdefault(key, []).append(index)
            elif kind == "extension":
                by_extension.setdefault(key, []).append(index)
            elif kind == "substring":
                by_substring.setdefault(key, []).append(index)
            else:
                rest.append(index)
        rest.reverse()
        unkeyed = []
        for start in range(0, len(rest), _CHUNK):
            part = tuple(rest[start : start + _CHUNK])
            body = "|".join(f"({sources[i]})" for i in part)
            unkeyed.append((re.compile(body), part))
        return _Matcher(
            tuple(re.compile(source) for source in sources),
            MappingProxyType({key: tuple(value) for key, value in by_name.items()}),
            MappingProxyType({key: tuple(value) for key, value in by_extension.items()}),
            tuple((key, tuple(value)) for key, value in by_substring.items()),
            tuple(unkeyed),
        )

    def find(self, path: str) -> int:
        """Index of the last rule matching ``path``, or -1."""
        candidates: set[int] = set()
        for component in path.split("/"):
            candidates.update(self.by_name.get(component, ()))
            dot = component.rfind(".")
            if dot >= 0:
                candidates.update(self.by_extension.get(component[dot:], ()))
        for text, indexes in self.by_substring:
            if text in path:
                candidates.update(indexes)
        best = -1
        for index in sorted(candidates, reverse=True):
            if self.regexes[index].fullmatch(path) is not None:
                best = index
                break
        for regex, part in self.unkeyed:
            if part[0] < best:
                break  # this chunk and the ones after it hold only older rules
            found = regex.fullmatch(path)
            if found is not None and found.lastindex is not None:
                best = max(best, part[found.lastindex - 1])
                break
        return best


def _split_pattern(pattern: str) -> tuple[bool, list[str]]:
    """Whether ``pattern`` is tied to the root, and its segments (a trailing "/" becomes "**")."""
    directory_only = pattern.endswith("/")
    body = pattern[:-1] if directory_only else pattern
    # A slash at the start or in the middle ties the pattern to the root;
    # otherwise it may match at any depth, as in gitignore.
    anchored = "/" in body
    segments: list[str] = []
    for segment in [*body.split("/"), "**"] if directory_only else body.split("/"):
        # "dir/" owns every file below a directory called dir, which is what
        # "dir/**" says; writing it that way leaves one case to handle.
        if segment and not (segment == "**" and segments and segments[-1] == "**"):
            segments.append(segment)
    if directory_only and segments == ["**"]:
        # "**/" is any directory, so its files sit at least one level down;
        # the merge above would have let it own top-level files too.
        segments = ["*", "**"]
    return anchored, segments


def _wildcard_positions(segment: str) -> tuple[list[int], str]:
    """Positions of unescaped ``*``/``?`` in ``segment``, and the segment with escapes resolved."""
    positions: list[int] = []
    plain: list[str] = []
    index = 0
    while index < len(segment):
        char = segment[index]
        if char == "\\" and index + 1 < len(segment):
            plain.append(segment[index + 1])
            index += 2
            continue
        if char in "*?":
            positions.append(len(plain))
        plain.append(char)
        index += 1
    return positions, "".join(plain)


def _rule_key(pattern: str) -> tuple[str, str]:
    """What a path must contain for ``pattern`` to match it.

    ``("name", x)``: a component equal to x. ``("extension", ".y")``: a
    component whose last dot starts ".y". ``("substring", z)``: the text z
    somewhere. ``("", "")``: nothing at all. Every pattern segment other than
    ``**`` matches exactly one path component, so each condition is
    necessary for a match; the most selective one found is returned.
    """
    _, segments = _split_pattern(pattern)
    extension = ""
    longest = ""
    for segment in reversed(segments):
        if segment == "**":
            continue
        wildcards, plain = _wildcard_positions(segment)
        if not wildcards:
            return "name", plain
        tail = plain[wildcards[-1] + 1 :]
        if not extension and "." in tail:
            # The component ends with the tail, so its last dot is the tail's.
            extension = tail[tail.rindex(".") :]
        bounds = [-1, *wildcards, len(plain)]
        for left, right in itertools.pairwise(bounds):
            if right - left - 1 > len(longest):
                longest = plain[left + 1 : right]
    if extension:
        return "extension", extension
    return ("substring", longest) if longest else ("", "")


def _segment_regex(segment: str) -> str:
    out: list[str] = []
    index = 0
    while index < len(segment):
        char = segment[index]
        if char == "\\" and index + 1 < len(segment):
            out.append(re.escape(segment[index + 1]))
            index += 2
            continue
        if char == "*":
            # Runs of stars inside a segment are one star: only a whole
            # "**" segment may cross directories.
            while index + 1 < len(segment) and segment[index + 1] == "*":
                index += 1
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        else:
            out.append(re.escape(char))
        index += 1
    return "".join(out)


def _pattern_regex(pattern: str) -> str:
    """A regular expression (no capturing groups) for the file paths ``pattern`` owns.

    The pattern has already passed ``_check_pattern``.
    """
    anchored, collapsed = _split_pattern(pattern)
    out = [] if anchored else ["(?:[^/]+/)*"]
    last = len(collapsed) - 1
    for position, segment in enumerate(collapsed):
        if segment == "**":
            # Leading or middle: zero or more directories. Trailing: at least
            # one more path component, i.e. something inside.
            out.append(".+" if position == last else "(?:[^/]+/)*")
            continue
        out.append(_segment_regex(segment))
        if position != last:
            out.append("/")
    final = collapsed[last]
    if final not in {"**", "*"}:
        # A pattern that names a file or a directory also owns everything
        # below that directory. A trailing lone "*" does not: GitHub's
        # "docs/*" stops at the files directly inside docs.
        out.append("(?:/.+)?")
    return "".join(out)
