"""The snapshot codec: deterministic bytes, and refusal of anything doubtful."""

from __future__ import annotations

import json
import zlib

import pytest

from blast_radius.core import snapshot
from blast_radius.core.snapshot import (
    MAGIC,
    SnapshotError,
    decode_snapshot,
    encode_snapshot,
)

KEY = "a" * 64
ENTRIES = [
    ("facts", KEY, '["p.py","python",1]'),
    ("interface", KEY, '[["p.py"],"d"]'),
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
    assert loaded.entries == tuple(sorted(ENTRIES))


def test_another_tool_or_grammar_version_is_refused() -> None:
    with pytest.raises(SnapshotError, match="another version"):
        decode_snapshot(encode(), fingerprint="other")


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d[:-10],  # truncated
        lambda d: d[:-1] + bytes([d[-1] ^ 1]),  # one bit flipped
        lambda d: b"NOT" + d,  # not a snapshot
        lambda d: MAGIC + b"{" * 70_000 + b"\n",  # endless header
        lambda d: d.replace(b'"version": 1', b'"version": 2'),  # future format
    ],
)
def test_damaged_snapshots_are_refused(damage: object) -> None:
    assert callable(damage)
    with pytest.raises(SnapshotError):
        decode_snapshot(damage(encode()), fingerprint="fp")


def hand_made(payload: bytes, entries: int) -> bytes:
    import hashlib

    header = {
        "version": 1,
        "tool_version": "1",
        "fingerprint": "fp",
        "settings": "s",
        "commit": "c" * 40,
        "entries": entries,
        "checksum": hashlib.sha256(payload).hexdigest(),
    }
    return MAGIC + json.dumps(header).encode() + b"\n" + payload


def test_a_decompression_bomb_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshot, "MAX_EXPANDED_BYTES", 10_000_000)
    bomb = zlib.compress(b"\0" * 50_000_000, 9)
    assert len(bomb) < 100_000
    with pytest.raises(SnapshotError, match="expands beyond"):
        decode_snapshot(hand_made(bomb, 1), fingerprint="fp")


@pytest.mark.parametrize(
    "line",
    [
        "facts\t../../etc/passwd\t{}\n",
        "code\t" + KEY + "\tprint(1)\n",
        "facts\t" + KEY + "\n",
    ],
)
def test_entries_that_are_not_cache_entries_are_refused(line: str) -> None:
    with pytest.raises(SnapshotError):
        decode_snapshot(hand_made(zlib.compress(line.encode()), 1), fingerprint="fp")


def test_entry_count_must_match_the_header() -> None:
    payload = zlib.compress(f"facts\t{KEY}\t[]\n".encode())
    with pytest.raises(SnapshotError, match="count"):
        decode_snapshot(hand_made(payload, 2), fingerprint="fp")


def test_encoding_refuses_entries_it_could_not_read_back() -> None:
    with pytest.raises(ValueError):
        encode([("facts", KEY, "two\nlines")])
