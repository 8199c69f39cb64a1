"""Snapshots: the per-file cache entries of one indexed commit, as one portable file.

A snapshot holds, for every parsed file of the commit, its facts, its
interface and its rendered graph part — exactly what the local cache holds —
so a pull-request run can restore it and re-parse only the files that differ.

Layout: a magic line, one header line of JSON, then a zlib stream of sorted
``kind<TAB>key<TAB>text`` lines. The header carries the format and tool
versions, the extractor fingerprint, the settings digest, the commit and a
SHA-256 of the compressed payload. Loading never executes anything (no
pickle), checks every bound and rejects the whole file on any doubt.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

MAGIC = b"BLAST-RADIUS-SNAPSHOT\n"
SNAPSHOT_VERSION = 1
KINDS = frozenset({"facts", "interface", "output"})
MAX_HEADER_BYTES = 64 * 1024
MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024
MAX_EXPANDED_BYTES = 2 * 1024 * 1024 * 1024
MAX_ENTRIES = 5_000_000
_KEY = re.compile(r"[0-9a-f]{64}(?::[0-9a-f]{64})?")
_CHUNK = 1 << 20


class SnapshotError(ValueError):
    """A snapshot that cannot be used; the message says why (the caller rebuilds)."""


@dataclass(frozen=True, slots=True)
class SnapshotHeader:
    """What a snapshot was built from."""

    version: int
    tool_version: str
    fingerprint: str
    settings: str
    commit: str
    entries: int
    checksum: str


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A loaded snapshot: its header and its cache entries (kind, key, text)."""

    header: SnapshotHeader
    entries: tuple[tuple[str, str, str], ...]


def encode_snapshot(
    entries: Iterable[tuple[str, str, str]],
    *,
    tool_version: str,
    fingerprint: str,
    settings: str,
    commit: str,
) -> bytes:
    """The snapshot bytes; the same entries always give the same bytes."""
    lines = sorted(set(entries))
    for kind, key, text in lines:
        if kind not in KINDS or not _KEY.fullmatch(key) or "\n" in text:
            raise ValueError(f"not a snapshot entry: {kind} {key}")
    raw = "".join(f"{kind}\t{key}\t{text}\n" for kind, key, text in lines).encode("utf-8")
    payload = zlib.compress(raw, 6)
    header = {
        "version": SNAPSHOT_VERSION,
        "tool_version": tool_version,
        "fingerprint": fingerprint,
        "settings": settings,
        "commit": commit,
        "entries": len(lines),
        "checksum": hashlib.sha256(payload).hexdigest(),
    }
    return MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + payload


def read_header(data: bytes) -> tuple[SnapshotHeader, bytes]:
    """The header and the compressed payload; SnapshotError when malformed."""
    if len(data) > MAX_SNAPSHOT_BYTES:
        raise SnapshotError(f"snapshot larger than {MAX_SNAPSHOT_BYTES} bytes")
    if not data.startswith(MAGIC):
        raise SnapshotError("not a blast-radius snapshot")
    end = data.find(b"\n", len(MAGIC), len(MAGIC) + MAX_HEADER_BYTES)
    if end < 0:
        raise SnapshotError("snapshot header missing or too long")
    try:
        fields = json.loads(data[len(MAGIC) : end])
        header = SnapshotHeader(
            version=int(fields["version"]),
            tool_version=str(fields["tool_version"]),
            fingerprint=str(fields["fingerprint"]),
            settings=str(fields["settings"]),
            commit=str(fields["commit"]),
            entries=int(fields["entries"]),
            checksum=str(fields["checksum"]),
        )
    except (ValueError, KeyError, TypeError) as error:
        raise SnapshotError(f"snapshot header is damaged: {error}") from None
    return header, data[end + 1 :]


def decode_snapshot(data: bytes, *, fingerprint: str) -> Snapshot:
    """Load a snapshot made by the same tool and grammars.

    Raises SnapshotError for another version, a checksum mismatch, a
    truncated or oversized payload, or entries that are not cache entries.
    Other settings are no reason to refuse: every entry is keyed by what it
    depends on, so entries made under other settings are simply not used.
    """
    header, payload = read_header(data)
    if header.version != SNAPSHOT_VERSION:
        raise SnapshotError(f"snapshot format {header.version}, expected {SNAPSHOT_VERSION}")
    if header.fingerprint != fingerprint:
        raise SnapshotError("snapshot made by another version of the tool or its grammars")
    if not 0 <= header.entries <= MAX_ENTRIES:
        raise SnapshotError("snapshot claims too many entries")
    if hashlib.sha256(payload).hexdigest() != header.checksum:
        raise SnapshotError("snapshot checksum does not match (truncated or altered)")
    raw = _inflate(payload)
    entries: list[tuple[str, str, str]] = []
    for line in raw.split("\n"):
        if not line:
            continue
        parts = line.split("\t", 2)
        if len(parts) != 3 or parts[0] not in KINDS or not _KEY.fullmatch(parts[1]):
            raise SnapshotError("snapshot holds an entry that is not a cache entry")
        entries.append((parts[0], parts[1], parts[2]))
    if len(entries) != header.entries:
        raise SnapshotError("snapshot entry count does not match its header")
    return Snapshot(header, tuple(entries))


def _inflate(payload: bytes) -> str:
    """Decompress with a bound on the output: a small file cannot expand without limit."""
    inflater = zlib.decompressobj()
    parts: list[bytes] = []
    total = 0
    data = payload
    try:
        while data:
            chunk = inflater.decompress(data, _CHUNK)
            total += len(chunk)
            if total > MAX_EXPANDED_BYTES:
                raise SnapshotError("snapshot expands beyond the size limit")
            parts.append(chunk)
            data = inflater.unconsumed_tail
        tail = inflater.flush()
    except zlib.error as error:
        raise SnapshotError(f"snapshot payload is damaged: {error}") from None
    if not inflater.eof:
        raise SnapshotError("snapshot payload is truncated")
    parts.append(tail)
    try:
        return b"".join(parts).decode("utf-8")
    except UnicodeDecodeError as error:
        raise SnapshotError("snapshot payload is not text") from error
