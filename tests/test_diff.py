"""Line ranges of changes: the pure parsers and their results on real repositories."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from blast_radius.adapters.git import GitRepo
from blast_radius.core.diff import (
    DiffParseError,
    FileChange,
    FilePatch,
    Hunk,
    RawChange,
    build_changes,
    merge_ranges,
    parse_hunk_header,
    parse_patch,
    parse_raw_z,
    unquote_c_path,
)

from .conftest import git, write_tree

MakeRepo = Callable[..., Path]

TEN = "".join(f"line {n}\n" for n in range(1, 11))


def lines(*numbers: int | str) -> str:
    """Ten numbered lines with some replaced: an int keeps ``line n``, a str replaces it."""
    return "".join(f"{item}\n" if isinstance(item, str) else f"line {item}\n" for item in numbers)


def change_of(make_repo: MakeRepo, before: str, after: str) -> FileChange:
    root = make_repo({"f.txt": before})
    base = git(root, "rev-parse", "HEAD").strip()
    write_tree(root, {"f.txt": after})
    git(root, "commit", "-qam", "edit")
    (change,) = GitRepo(root).changed_files(base, "HEAD")
    assert change.status == "modified"
    assert (change.old_path, change.new_path) == ("f.txt", "f.txt")
    return change


# -- hunk headers and ranges on real diffs --------------------------------


def test_one_line_edit_is_the_same_line_on_both_sides(make_repo: MakeRepo) -> None:
    change = change_of(make_repo, TEN, lines(1, 2, 3, "changed", 5, 6, 7, 8, 9, 10))
    assert change.old_ranges == ((4, 4),)
    assert change.new_ranges == ((4, 4),)
    assert change.old_anchor_lines == ()
    assert change.new_anchor_lines == ()


def test_insertion_changes_no_old_line_and_anchors_after_the_preceding_one(
    make_repo: MakeRepo,
) -> None:
    change = change_of(make_repo, TEN, lines(1, 2, 3, "new a", "new b", 4, 5, 6, 7, 8, 9, 10))
    assert change.old_ranges == ()
    assert change.new_ranges == ((4, 5),)
    assert change.old_anchor_lines == (3,)  # inserted between old lines 3 and 4
    assert change.new_anchor_lines == ()


def test_insertion_at_the_top_anchors_at_zero(make_repo: MakeRepo) -> None:
    change = change_of(make_repo, TEN, "header\n" + TEN)
    assert change.new_ranges == ((1, 1),)
    assert change.old_anchor_lines == (0,)


def test_deletion_changes_no_new_line_and_anchors_where_the_lines_were(
    make_repo: MakeRepo,
) -> None:
    change = change_of(make_repo, TEN, lines(1, 2, 3, 4, 8, 9, 10))
    assert change.old_ranges == ((5, 7),)
    assert change.new_ranges == ()
    assert change.old_anchor_lines == ()
    assert change.new_anchor_lines == (4,)  # removed between new lines 4 and 5


def test_several_hunks_are_sorted_and_separate(make_repo: MakeRepo) -> None:
    after = lines("one", 2, 3, 4, 6, 7, "inserted", 8, 9, "ten", "eleven")
    change = change_of(make_repo, TEN, after)
    # Old: line 1 replaced, line 5 deleted, line 10 replaced (by two lines).
    assert change.old_ranges == ((1, 1), (5, 5), (10, 10))
    assert change.new_ranges == ((1, 1), (7, 7), (10, 11))
    assert change.old_anchor_lines == (7,)
    assert change.new_anchor_lines == (4,)


def test_missing_final_newline_counts_as_an_edit_of_the_last_line(make_repo: MakeRepo) -> None:
    change = change_of(make_repo, TEN, TEN.rstrip("\n"))
    assert change.old_ranges == ((10, 10),)
    assert change.new_ranges == ((10, 10),)


def test_lines_that_look_like_patch_headers_are_content(make_repo: MakeRepo) -> None:
    # Removed "-- a/x" prints as "--- a/x"; added "++ b/y" as "+++ b/y".
    before = "keep\n-- a/x\ndiff --git a/q b/q\n@@ -1 +1 @@\nend\n"
    after = "keep\n++ b/y\n@@ -9 +9 @@\nend\n"
    change = change_of(make_repo, before, after)
    assert change.old_ranges == ((2, 4),)
    assert change.new_ranges == ((2, 3),)


# -- pure parsers ----------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (b"@@ -3 +3 @@", Hunk(3, 1, 3, 1)),
        (b"@@ -3,0 +4,2 @@ def f():", Hunk(3, 0, 4, 2)),
        (b"@@ -5,3 +4,0 @@", Hunk(5, 3, 4, 0)),
        (b"@@ -0,0 +1,12 @@", Hunk(0, 0, 1, 12)),
    ],
)
def test_hunk_header(header: bytes, expected: Hunk) -> None:
    assert parse_hunk_header(header) == expected


def test_bad_hunk_header_is_an_error() -> None:
    with pytest.raises(DiffParseError):
        parse_hunk_header(b"@@ -x +1 @@")


def test_merge_ranges_joins_overlapping_and_touching() -> None:
    assert merge_ranges([(9, 9), (1, 3), (4, 5), (2, 2), (7, 8)]) == ((1, 5), (7, 9))
    assert merge_ranges([]) == ()


@pytest.mark.parametrize(
    ("quoted", "expected"),
    [
        (b"plain name", b"plain name"),
        (b'"a\\tb"', b"a\tb"),
        (b'"new\\nline"', b"new\nline"),
        (b'"qu\\"ote\\\\"', b'qu"ote\\'),
        (b'"\\303\\274ber"', "über".encode()),
        (b'"\\a\\b\\v\\f\\r"', b"\a\b\v\f\r"),
    ],
)
def test_unquote_c_path(quoted: bytes, expected: bytes) -> None:
    assert unquote_c_path(quoted) == expected


def test_unquote_rejects_unknown_escapes() -> None:
    with pytest.raises(DiffParseError):
        unquote_c_path(b'"a\\qb"')


def test_parse_raw_z_reads_renames_and_odd_names() -> None:
    zero, one = "0" * 40, "1" * 40
    data = (
        f":100644 100644 {zero} {one} R087\0".encode()
        + b"old name\0new\tname\0"
        + f":000000 100644 {zero} {one} A\0".encode()
        + b"line\nbreak\0"
    )
    assert parse_raw_z(data) == (
        RawChange("R", 87, "100644", "100644", zero, one, "old name", "new\tname"),
        RawChange("A", None, "000000", "100644", zero, one, "line\nbreak", "line\nbreak"),
    )


def test_parse_raw_z_rejects_garbage() -> None:
    with pytest.raises(DiffParseError):
        parse_raw_z(b"not raw\0")


def test_parse_patch_handles_quoting_and_the_space_tab() -> None:
    patch = (
        b'diff --git "a/new\\nline" "b/new\\nline"\n'
        b"index 1..2 100644\n"
        b'--- "a/new\\nline"\n'
        b'+++ "b/new\\nline"\n'
        b"@@ -1,0 +2 @@ c\n"
        b"+z\n"
        b"diff --git a/sp ace b/sp ace\n"
        b"old mode 100644\n"
        b"new mode 100755\n"
        b"diff --git a/x y b/x z w\n"
        b"similarity index 80%\n"
        b"rename from x y\n"
        b"rename to x z w\n"
        b"--- a/x y\t\n"
        b"+++ b/x z w\t\n"
        b"@@ -4,0 +5 @@ f\n"
        b"+z\n"
        b"\\ No newline at end of file\n"
        b"diff --git a/img.png b/img.png\n"
        b"Binary files a/img.png and b/img.png differ\n"
    )
    assert parse_patch(patch) == (
        FilePatch("new\nline", "new\nline", False, (Hunk(1, 0, 2, 1),)),
        FilePatch("sp ace", "sp ace", False, ()),
        FilePatch("x y", "x z w", False, (Hunk(4, 0, 5, 1),)),
        FilePatch("img.png", "img.png", True, ()),
    )


def test_parse_patch_rejects_a_truncated_hunk() -> None:
    with pytest.raises(DiffParseError):
        parse_patch(b"diff --git a/f b/f\n@@ -1,2 +1 @@\n-a\n")


def test_build_changes_pools_the_two_sections_of_a_type_change() -> None:
    zero, one = "0" * 40, "1" * 40
    raw = (RawChange("T", None, "100644", "120000", one, zero, "link", "link"),)
    patches = (
        FilePatch("link", "link", False, (Hunk(1, 3, 0, 0),)),
        FilePatch("link", "link", False, (Hunk(0, 0, 1, 1),)),
    )
    (change,) = build_changes(raw, patches)
    assert change.status == "type-changed"
    assert (change.old_ranges, change.new_ranges) == (((1, 3),), ((1, 1),))
    assert (change.old_anchor_lines, change.new_anchor_lines) == ((), ())


def test_build_changes_drops_a_modified_record_without_content_change() -> None:
    zero, one = "0" * 40, "1" * 40
    raw = (RawChange("M", None, "100644", "100644", one, zero, "same", "same"),)
    assert build_changes(raw, ()) == ()
