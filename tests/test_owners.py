"""CODEOWNERS parsing and matching, checked against GitHub's documented behaviour."""

from __future__ import annotations

import itertools
import random
import time

import pathspec
import pytest

from blast_radius.core.owners import CODEOWNERS_LOCATIONS, CodeOwners, parse_codeowners

# The example file from GitHub's "About code owners" page, in its order.
DOCS_EXAMPLE = """\
# This is a comment.
# Each line is a file pattern followed by one or more owners.

*       @global-owner1 @global-owner2
*.js    @js-owner #This is an inline comment.
*.go docs@example.com
*.txt @octo-org/octocats
/build/logs/ @doctocat
docs/*  docs@example.com
apps/ @octocat
/docs/ @doctocat
/scripts/ @doctocat @octocat
**/logs @octocat
/apps/ @octocat
/apps/github
"""

GLOBAL = ("@global-owner1", "@global-owner2")


def owns(pattern: str, path: str) -> bool:
    """Whether a one-line file with ``pattern`` gives ``path`` an owner."""
    codeowners = parse_codeowners(f"{pattern} @owner")
    assert codeowners.errors == ()
    return codeowners.owners_of(path) == ("@owner",)


def test_locations_in_github_search_order() -> None:
    assert CODEOWNERS_LOCATIONS == (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS")


@pytest.mark.parametrize(
    ("path", "line", "owners"),
    [
        ("README.md", 4, GLOBAL),
        ("src/index.js", 5, ("@js-owner",)),
        ("cmd/main.go", 6, ("docs@example.com",)),
        ("notes/todo.txt", 7, ("@octo-org/octocats",)),
        # /docs/ (line 11) comes after docs/* (line 9) and covers both depths.
        ("docs/getting-started.md", 11, ("@doctocat",)),
        ("docs/build-app/troubleshooting.md", 11, ("@doctocat",)),
        # docs/* has a slash, so it is tied to the root like /docs/.
        ("src/docs/readme.md", 4, GLOBAL),
        ("web/apps/main.py", 10, ("@octocat",)),
        ("apps/web/main.py", 14, ("@octocat",)),
        ("apps/github/main.py", 15, ()),
        ("apps/githubber/main.py", 14, ("@octocat",)),
        ("scripts/deploy.sh", 12, ("@doctocat", "@octocat")),
        # **/logs (line 13) is later than /build/logs/ (line 8) and *.txt (line 7).
        ("build/logs/out.txt", 13, ("@octocat",)),
        ("deeply/nested/logs/a.txt", 13, ("@octocat",)),
    ],
)
def test_docs_example_last_match_wins(path: str, line: int, owners: tuple[str, ...]) -> None:
    codeowners = parse_codeowners(DOCS_EXAMPLE)
    assert codeowners.errors == ()
    rule = codeowners.rule_for(path)
    assert rule is not None
    assert rule[0] == line
    assert codeowners.owners_of(path) == owners


def test_docs_example_rules_as_parsed() -> None:
    rules = parse_codeowners(DOCS_EXAMPLE).rules
    assert [(rule.line, rule.pattern, rule.owners) for rule in rules][:3] == [
        (4, "*", GLOBAL),
        (5, "*.js", ("@js-owner",)),
        (6, "*.go", ("docs@example.com",)),
    ]
    assert rules[-1].pattern == "/apps/github"
    assert rules[-1].owners == ()


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        # *.js: any depth, whole extension only.
        ("*.js", "a.js", True),
        ("*.js", "x/y/z.js", True),
        ("*.js", "a.jsx", False),
        ("*.js", "a.js.map", False),
        # /build/logs/: everything below build/logs at the root, at any depth.
        ("/build/logs/", "build/logs/a.log", True),
        ("/build/logs/", "build/logs/2024/01/a.log", True),
        ("/build/logs/", "build/logs", False),
        ("/build/logs/", "src/build/logs/a.log", False),
        ("/build/logs/", "build/logsbook/a.log", False),
        # docs/*: files directly in docs, not deeper (GitHub, not gitignore).
        ("docs/*", "docs/getting-started.md", True),
        ("docs/*", "docs/build-app/troubleshooting.md", False),
        ("docs/*", "docs", False),
        ("docs/*", "src/docs/a.md", False),
        # apps/: a directory called apps anywhere.
        ("apps/", "apps/a.py", True),
        ("apps/", "x/y/apps/z/a.py", True),
        ("apps/", "apps", False),
        ("apps/", "myapps/a.py", False),
        # /docs/: the root docs directory, any depth below it.
        ("/docs/", "docs/a.md", True),
        ("/docs/", "docs/x/y.md", True),
        ("/docs/", "src/docs/a.md", False),
        # **/logs: a file or directory called logs anywhere.
        ("**/logs", "logs", True),
        ("**/logs", "build/logs/a", True),
        ("**/logs", "scripts/logs/x.txt", True),
        ("**/logs", "deeply/nested/logs/y", True),
        ("**/logs", "catalogs/a", False),
        ("**/logs", "logs.txt", False),
    ],
)
def test_docs_patterns_one_at_a_time(pattern: str, path: str, expected: bool) -> None:
    assert owns(pattern, path) is expected


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        # "*" never crosses a slash.
        ("src/*.py", "src/a.py", True),
        ("src/*.py", "src/sub/a.py", False),
        ("/*", "setup.py", True),
        ("/*", "src/setup.py", False),
        ("*", "a/b/c/d.txt", True),
        ("f*", "foo", True),
        ("f*", "bar/foo/baz", True),
        ("f*", "bar/baz", False),
        # No slash (or only a trailing one): any depth.
        ("Makefile", "Makefile", True),
        ("Makefile", "tools/Makefile", True),
        ("Makefile", "Makefile.am", False),
        # A leading slash ties the pattern to the root.
        ("/Makefile", "Makefile", True),
        ("/Makefile", "tools/Makefile", False),
        # So does a slash in the middle.
        ("src/util", "src/util/x.py", True),
        ("src/util", "src/util", True),
        ("src/util", "lib/src/util/x.py", False),
        ("src/util", "src/utils/x.py", False),
        # A name owns the directory of that name and everything below it.
        ("foo/*/baz", "foo/bar/baz/qux", True),
        ("foo/*.txt", "foo/bar/baz.txt", False),
        # A trailing slash matches only below a directory.
        ("build/", "build/a", True),
        ("build/", "x/build/a", True),
        ("build/", "build", False),
        # ** as in gitignore.
        ("**/test_*.py", "test_a.py", True),
        ("**/test_*.py", "pkg/tests/test_a.py", True),
        ("src/**/conftest.py", "src/conftest.py", True),
        ("src/**/conftest.py", "src/a/b/conftest.py", True),
        ("src/**/conftest.py", "lib/src/conftest.py", False),
        ("src/**", "src/a", True),
        ("src/**", "src/a/b", True),
        ("src/**", "src", False),
        ("src/**/", "src/a", True),
        ("**/", "a", False),
        ("**/", "a/b", True),
        # ? is one character other than a slash.
        ("f?o", "foo", True),
        ("f?o", "fo", False),
        ("a?b", "a/b", False),
        # Escapes make a character literal.
        ("f\\*o", "f*o", True),
        ("f\\*o", "foo", False),
        ("notes\\#1.md", "notes#1.md", True),
        ("app/\\[id\\]/page.tsx", "app/[id]/page.tsx", True),
        # A # that does not follow whitespace is part of the pattern.
        ("C#/*.cs", "C#/Program.cs", True),
        # Paths are case sensitive.
        ("/Docs/", "docs/a.md", False),
        # A leading slash on the path is ignored.
        ("/docs/", "/docs/a.md", True),
    ],
)
def test_matching_rules(pattern: str, path: str, expected: bool) -> None:
    assert owns(pattern, path) is expected


def test_pattern_without_owners_unowns() -> None:
    codeowners = parse_codeowners("* @everyone\n/apps/ @octocat\n/apps/github\n")
    assert codeowners.owners_of("apps/github/x.py") == ()
    assert codeowners.rule_for("apps/github/x.py") == (3, "/apps/github")
    assert codeowners.owners_of("apps/web/x.py") == ("@octocat",)
    assert codeowners.owners_of("lib/x.py") == ("@everyone",)


def test_no_match() -> None:
    codeowners = parse_codeowners("/docs/ @doctocat\n")
    assert codeowners.rule_for("src/a.py") is None
    assert codeowners.owners_of("src/a.py") == ()
    assert parse_codeowners("").owners_of("a") == ()


def test_comments_blank_lines_and_line_endings() -> None:
    text = (
        "\ufeff# heading\r\n"
        "\r\n"
        "   # indented comment\r\n"
        "*.py @python # trailing comment\r\n"
        "*.md\t@docs\t#tab before the comment\r\n"
        "*.rs @rust #no space after the hash\r\n"
    )
    codeowners = parse_codeowners(text)
    assert codeowners.errors == ()
    assert codeowners.rule_for("a.py") == (4, "*.py")
    assert codeowners.owners_of("a.py") == ("@python",)
    assert codeowners.owners_of("a.md") == ("@docs",)
    assert codeowners.owners_of("a.rs") == ("@rust",)


def test_owner_forms() -> None:
    codeowners = parse_codeowners("* @user @org/team-name jane.doe+ci@example.co.uk @jane_acme\n")
    assert codeowners.errors == ()
    assert codeowners.owners_of("x") == (
        "@user",
        "@org/team-name",
        "jane.doe+ci@example.co.uk",
        "@jane_acme",
    )


def test_unsupported_syntax_is_skipped_and_reported() -> None:
    text = "\n".join(
        [
            "* @base",
            "!*.py @negated",
            "src/[ab].py @range",
            "path\\ with\\ space @escaped",
            "\\#hash @leading",
            "*.py user-without-at",
            "*.py @a#b",
            "ok/ @good",
            "trailing\\",
            "/",
        ]
    )
    codeowners = parse_codeowners(text)
    assert codeowners.errors == (
        (2, "negation (!) is not supported in CODEOWNERS"),
        (3, "character ranges ([ ]) are not supported in CODEOWNERS"),
        (4, "escaped spaces are not supported in CODEOWNERS"),
        (5, "escaping a leading # is not supported in CODEOWNERS"),
        (6, "invalid owner 'user-without-at'"),
        (7, "invalid owner '@a#b'"),
        (9, "pattern ends with a lone backslash"),
        (10, "pattern matches no file"),
    )
    assert [rule.line for rule in codeowners.rules] == [1, 8]
    # The skipped lines take no part: the earlier rule still decides.
    assert codeowners.owners_of("src/a.py") == ("@base",)
    assert codeowners.owners_of("#hash") == ("@base",)
    assert codeowners.owners_of("ok/x") == ("@good",)


def test_paths_with_spaces_and_unicode() -> None:
    codeowners = parse_codeowners("/ünïcødé/ @intl\ndocs/* @docs\n*.py @py\n")
    assert codeowners.owners_of("docs/release notes 2024.md") == ("@docs",)
    assert codeowners.owners_of("ünïcødé/read me.txt") == ("@intl",)
    assert codeowners.owners_of("ünïcødé/sub dir/文件.md") == ("@intl",)
    assert codeowners.owners_of("ünïcødé/sub dir/módulo con espacio.py") == ("@py",)
    assert codeowners.owners_of("docs/sub dir/a.md") == ()
    assert owns("*.文件", "目录/名字.文件")


def test_codeowners_value_semantics() -> None:
    first = parse_codeowners("* @a\n")
    assert first == parse_codeowners("* @a\n")
    assert first != parse_codeowners("* @b\n")
    rebuilt = CodeOwners(first.rules, first.errors)
    assert rebuilt.owners_of("x") == ("@a",)


_SEGMENTS = ["a", "b", "*", "**", "a*", "*.py", "?", "x?z", "*b", "c.py"]
_COMPONENTS = ["a", "b", "c.py", "xyz", "a.py", "ab", "bb"]
_ALL_PATHS = sorted(
    "/".join(parts) for size in range(1, 5) for parts in itertools.product(_COMPONENTS, repeat=size)
)
# Every path up to three deep, and a sample of the deeper ones (for "**").
_PATHS = [path for path in _ALL_PATHS if path.count("/") < 3]
_PATHS += random.Random(3).sample([path for path in _ALL_PATHS if path.count("/") == 3], 300)


def _random_patterns(seed: int, count: int) -> list[str]:
    rnd = random.Random(seed)
    patterns = []
    for _ in range(count):
        body = "/".join(rnd.choice(_SEGMENTS) for _ in range(rnd.randint(1, 3)))
        lead = "/" if rnd.random() < 0.3 else ""
        trail = "/" if rnd.random() < 0.3 else ""
        patterns.append(lead + body + trail)
    return patterns


def test_agrees_with_gitignore_where_github_does() -> None:
    # GitHub departs from gitignore only for a final lone "*" after a slash
    # ("docs/*"); everywhere else pathspec's gitignore matching is the oracle.
    checked = 0
    for pattern in _random_patterns(7, 250):
        segments = [segment for segment in pattern.split("/") if segment]
        if segments[-1] == "*" and "/" in pattern.rstrip("/"):
            continue
        spec = pathspec.GitIgnoreSpec.from_lines([pattern])
        codeowners = parse_codeowners(f"{pattern} @x")
        for path in _PATHS:
            assert bool(codeowners.owners_of(path)) == spec.match_file(path), (pattern, path)
        checked += 1
    assert checked > 150


def test_index_agrees_with_trying_every_rule() -> None:
    # The matcher looks rules up by literal components; trying every rule,
    # newest first, must give the same answer.
    patterns = _random_patterns(11, 60)
    text = "\n".join(f"{pattern} @o{number}" for number, pattern in enumerate(patterns))
    codeowners = parse_codeowners(text)
    singles = [parse_codeowners(f"{pattern} @o{n}") for n, pattern in enumerate(patterns)]
    for path in _ALL_PATHS:
        expected: tuple[str, ...] = ()
        for single in reversed(singles):
            if single.owners_of(path):
                expected = single.owners_of(path)
                break
        assert codeowners.owners_of(path) == expected, path


def test_ten_thousand_paths_against_five_hundred_rules() -> None:
    rnd = random.Random(1)
    lines = ["* @default"]
    for n in range(499):
        kind = n % 7
        lines.append(
            [
                f"/dir{n}/ @team/a{n}",
                f"*.ext{n} @u{n}",
                f"**/logs{n} @u{n}",
                f"src/pkg{n}/* @u{n}",
                f"name{n} @u{n}",
                f"/lib/**/mod{n}/*.py @u{n} u{n}@example.com",
                f"*tmp{n}* @u{n}",
            ][kind]
        )
    codeowners = parse_codeowners("\n".join(lines))
    assert codeowners.errors == ()
    names = ["src", "lib", "dir", "pkg", "mod", "logs", "name", "a", "tmp"]
    paths = []
    for n in range(10_000):
        parts = [f"{rnd.choice(names)}{rnd.randint(0, 600)}" for _ in range(rnd.randint(0, 5))]
        parts.append(f"file {n}.{rnd.choice(['py', 'js', f'ext{rnd.randint(0, 600)}'])}")
        paths.append("/".join(parts))
    start = time.perf_counter()
    owned = [codeowners.owners_of(path) for path in paths]
    elapsed = time.perf_counter() - start
    assert all(owned)  # "* @default" owns what nothing later claims
    assert sum(1 for owners in owned if owners != ("@default",)) > 1000
    assert elapsed < 0.5, elapsed
