"""The snapshot codec: deterministic bytes, lazy facts, and refusal of anything doubtful."""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Callable

import pytest

from blast_radius.core import snapshot
from blast_radius.core.snapshot import (
    MAGIC,
    SNAPSHOT_VERSION,
    SnapshotError,
    decode_snapshot,
    encode_snapshot,
)

KEY = "a" * 64
KEY2 = "b" * 64
ENTRIES = [
    ("facts", KEY, '["p.py","python",1]'),
    ("facts", KEY2, '["q.py","python",2,"\u00e9"]'),
    ("interface", KEY, '[["p.py"],"d"]'),
    ("interface", KEY2, '[["q.py"],"\u00e9\u4e2d"]'),
    ("output", f"{KEY}:{'b' * 64}", "x\x1ey"),
]


def encode(entries: list[tuple[str, str, str]] = ENTRIES) -> bytes:
    return encode_snapshot(
        entries, tool_version="1", fingerprint="fp", settings="s", commit="c" * 40
    )


def test_round_trip_and_byte_identical_output() -> None:
    data = encode()
    assert data == encode(list(reversed(ENTRIES)))
    loaded = decode_snapshot(data, fingerprint="fp")
    assert loaded.header.commit == "c" * 40
    assert loaded.header.entries == len(ENTRIES)
    assert loaded.entries == tuple(e for e in sorted(ENTRIES) if e[0] != "facts")
    assert list(loaded.facts.keys()) == [KEY, KEY2]
    assert len(loaded.facts) == 2
    for kind, key, text in ENTRIES:
        if kind == "facts":
            assert loaded.facts.get(key) == text
    assert loaded.facts.get("c" * 64) is None


def test_a_snapshot_without_facts_or_without_anything_round_trips() -> None:
    only_facts = [e for e in ENTRIES if e[0] == "facts"]
    assert decode_snapshot(encode(only_facts), fingerprint="fp").entries == ()
    empty = decode_snapshot(encode([]), fingerprint="fp")
    assert (empty.entries, len(empty.facts)) == ((), 0)


def test_another_tool_or_grammar_version_is_refused() -> None:
    with pytest.raises(SnapshotError, match="another version"):
        decode_snapshot(encode(), fingerprint="other")


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d[:-10],  # truncated
        lambda d: d[:-1] + bytes([d[-1] ^ 1]),  # one bit flipped in the last facts blob
        lambda d: b"NOT" + d,  # not a snapshot
        lambda d: MAGIC + b"{" * 70_000 + b"\n",  # endless header
        lambda d: d.replace(b'"version": 3', b'"version": 4'),  # future format
        lambda d: d.replace(b'"version": 3', b'"version": 2'),  # rows of the older layout
        lambda d: d.replace(b'"version": 3', b'"version": 1'),  # the single-stream format
        lambda d: d.replace(b'"sections": [', b'"sections": [1, '),  # sections do not add up
    ],
)
def test_damaged_snapshots_are_refused(damage: Callable[[bytes], bytes]) -> None:
    with pytest.raises(SnapshotError):
        decode_snapshot(damage(encode()), fingerprint="fp")


def table(*rows: tuple[str, int, int, int]) -> bytes:
    return zlib.compress("".join(f"{k}\t{o}\t{n}\t{s}\n" for k, o, n, s in rows).encode())


def hand_made(
    lines: str | bytes = "", rows: bytes | None = None, blobs: bytes = b"", *, entries: int
) -> bytes:
    """A snapshot put together by hand, with a correct checksum over whatever it holds."""
    data = lines.encode() if isinstance(lines, str) else lines
    sections = [zlib.compress(data), table() if rows is None else rows, blobs]
    payload = b"".join(sections)
    header = {
        "version": SNAPSHOT_VERSION,
        "tool_version": "1",
        "fingerprint": "fp",
        "settings": "s",
        "commit": "c" * 40,
        "entries": entries,
        "sections": [len(section) for section in sections],
        "checksum": hashlib.sha256(payload).hexdigest(),
    }
    return MAGIC + json.dumps(header).encode() + b"\n" + payload


def test_the_hand_made_helper_makes_what_the_encoder_makes() -> None:
    text = '["p.py","python",1]'
    blob = zlib.compress(text.encode(), 6)
    made = hand_made(
        f"interface\t{KEY}\t[]\n", table((KEY, 0, len(blob), len(text))), blob, entries=2
    )
    loaded = decode_snapshot(made, fingerprint="fp")
    assert loaded.entries == (("interface", KEY, "[]"),)
    assert loaded.facts.get(KEY) == text


def test_a_decompression_bomb_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshot, "MAX_EXPANDED_BYTES", 10_000_000)
    bomb = zlib.compress(b"\0" * 50_000_000, 9)
    assert len(bomb) < 100_000
    made = hand_made(entries=1)
    sections = [bomb, table(), b""]
    payload = b"".join(sections)
    header = json.loads(made[len(MAGIC) : made.index(b"\n", len(MAGIC))])
    header["sections"] = [len(s) for s in sections]
    header["checksum"] = hashlib.sha256(payload).hexdigest()
    with pytest.raises(SnapshotError, match="expands beyond"):
        decode_snapshot(MAGIC + json.dumps(header).encode() + b"\n" + payload, fingerprint="fp")


def test_facts_declared_larger_than_the_limit_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshot, "MAX_EXPANDED_BYTES", 10_000_000)
    blob = zlib.compress(b"[]")
    made = hand_made(rows=table((KEY, 0, len(blob), 20_000_000)), blobs=blob, entries=1)
    with pytest.raises(SnapshotError, match="expands beyond"):
        decode_snapshot(made, fingerprint="fp")


@pytest.mark.parametrize(
    "line",
    [
        "interface\t../../etc/passwd\t{}\n",
        "code\t" + KEY + "\tprint(1)\n",
        "output\t" + KEY + "\n",
        "facts\t" + KEY + "\t[]\n",  # facts belong to the facts section
    ],
)
def test_entries_that_are_not_cache_entries_are_refused(line: str) -> None:
    with pytest.raises(SnapshotError):
        decode_snapshot(hand_made(line, entries=1), fingerprint="fp")


BLOB = zlib.compress(b"[]")


@pytest.mark.parametrize(
    ("rows", "blobs"),
    [
        (table((KEY, 0, 1000, 2)), BLOB),  # points past the end of the section
        (table((KEY, 5, len(BLOB), 2)), BLOB),  # starts elsewhere than where the last ended
        (table((KEY, 0, len(BLOB), 2), (KEY2, 0, len(BLOB), 2)), BLOB * 2),  # overlaps
        (table((KEY2, 0, len(BLOB), 2), (KEY, len(BLOB), len(BLOB), 2)), BLOB * 2),  # unsorted
        (table((KEY, 0, len(BLOB), 2), (KEY, len(BLOB), len(BLOB), 2)), BLOB * 2),  # twice
        (table((KEY, 0, len(BLOB), 2)), BLOB + b"x"),  # bytes no entry owns
        (table(("../../etc/passwd", 0, len(BLOB), 2)), BLOB),  # not a key
        (table((KEY, -1, len(BLOB), 2)), BLOB),  # not an offset
        (zlib.compress(f"{KEY}\t0\t{len(BLOB)}\n".encode()), BLOB),  # a field missing
        (zlib.compress(f"{KEY}\t0\t+{len(BLOB)}\t2\n".encode()), BLOB),  # a sign
        (b"not zlib", BLOB),  # the table itself damaged
    ],
)
def test_a_facts_table_that_does_not_describe_its_section_is_refused(
    rows: bytes, blobs: bytes
) -> None:
    entries = max(1, len(blobs) // len(BLOB))
    with pytest.raises(SnapshotError):
        decode_snapshot(hand_made(rows=rows, blobs=blobs, entries=entries), fingerprint="fp")


def test_entry_count_must_match_the_header() -> None:
    made = hand_made(f"interface\t{KEY}\t[]\n", table((KEY, 0, len(BLOB), 2)), BLOB, entries=3)
    with pytest.raises(SnapshotError, match="count"):
        decode_snapshot(made, fingerprint="fp")


@pytest.mark.parametrize(
    ("blob", "size"),
    [
        (zlib.compress(b"\0" * 50_000_000, 9), 100),  # a bomb: stopped at its declared size
        (b"garbage, not zlib", 7),
        (zlib.compress(b"[1,2,3]")[:-3], 7),  # truncated
        (zlib.compress(b"[1,2,3]") + b"tail", 7),  # trailing bytes
        (zlib.compress(b"[1,2,3]"), 6),  # not the declared size
        (zlib.compress(b"[1,2,3]"), 8),
        (zlib.compress(b"[1,\n2]"), 6),  # two lines
        (zlib.compress(b"[\xff\xfe]"), 4),  # not UTF-8
    ],
)
def test_a_damaged_facts_blob_is_a_miss_not_an_error(blob: bytes, size: int) -> None:
    good = zlib.compress(b"[]")
    made = hand_made(
        rows=table((KEY, 0, len(blob), size), (KEY2, len(blob), len(good), 2)),
        blobs=blob + good,
        entries=2,
    )
    loaded = decode_snapshot(made, fingerprint="fp")
    assert KEY in loaded.facts
    assert loaded.facts.get(KEY) is None
    assert loaded.facts.get(KEY2) == "[]"


def test_encoding_refuses_entries_it_could_not_read_back() -> None:
    with pytest.raises(ValueError):
        encode([("facts", KEY, "two\nlines")])
    with pytest.raises(ValueError):
        encode([("facts", KEY, "[1]"), ("facts", KEY, "[2]")])


def test_an_entry_that_is_not_utf8_is_refused() -> None:
    line = b"interface\t" + KEY.encode() + b"\t[\xff]\n"
    with pytest.raises(SnapshotError, match="not text"):
        decode_snapshot(hand_made(line, entries=1), fingerprint="fp")
