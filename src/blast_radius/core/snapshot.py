"""Snapshots: the per-file cache entries of one indexed commit, as one portable file.

A snapshot holds, for every parsed file of the commit, its facts, its
interface and its rendered graph part, and the digests of the names files
look up (``core.dependencies``) — exactly what the local cache holds —
so a pull-request run can restore it and re-parse only the files that differ.
Such a run needs the facts of only the few files it changed, so the facts are
stored one by one and inflated only when asked for. The index job publishes
a commit's snapshot as two files of this format: one with the interface,
output and names entries, which every run reads, and one with the facts, read only by
runs that must resolve unchanged files again.

Layout (format 3; format 2 rendered rows with other separators): a magic
line; one header line of JSON; then three sections, whose byte lengths the
header lists in ``sections``:

1. a zlib stream of the sorted ``kind<TAB>key<TAB>text`` lines of the
   ``interface``, ``names`` and ``output`` entries;
2. the facts table: a zlib stream of ``key<TAB>offset<TAB>length<TAB>size``
   lines, sorted by key, one per facts entry;
3. the facts: each entry's text compressed on its own (zlib, level 6), laid
   end to end in the table's order; ``offset`` and ``length`` place a blob in
   this section, ``size`` is the length of its text once inflated.

The header also carries the format and tool versions, the extractor
fingerprint, the settings digest, the commit, the entry count and a SHA-256
of everything after the header line. Loading never executes anything (no
pickle), verifies the checksum before inflating anything, checks every bound
and the whole table, and rejects the whole file on any doubt. A facts blob
that still fails to inflate to its declared text when read is a cache miss.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol, cast


class _Inflater(Protocol):
    @property
    def eof(self) -> bool: ...
    @property
    def unused_data(self) -> bytes: ...
    def decompress(self, data: bytes, max_length: int = 0, /) -> bytes: ...


try:  # ISA-L inflates the same zlib streams about twice as fast
    from isal import isal_zlib

    _decompressobj: Callable[[], _Inflater] = isal_zlib.decompressobj
    _INFLATE_ERRORS: tuple[type[Exception], ...] = (
        zlib.error,
        cast(type[Exception], isal_zlib.error),
    )
except ImportError:  # a platform without its wheel: the standard library's
    _decompressobj = zlib.decompressobj
    _INFLATE_ERRORS = (zlib.error,)

MAGIC = b"BLAST-RADIUS-SNAPSHOT\n"
SNAPSHOT_VERSION = 3
KINDS = frozenset({"facts", "interface", "output", "names"})
MAX_HEADER_BYTES = 64 * 1024
MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024
MAX_EXPANDED_BYTES = 2 * 1024 * 1024 * 1024
MAX_ENTRIES = 5_000_000
_KEY = re.compile(r"[0-9a-f]{64}(?::[0-9a-f]{64})?")
_TABLE_ROW = re.compile(rf"({_KEY.pattern})\t([0-9]{{1,12}})\t([0-9]{{1,12}})\t([0-9]{{1,12}})")
_LEVEL = 6


class SnapshotError(ValueError):
    """A snapshot that cannot be used; the message says why (the caller rebuilds)."""


@dataclass(frozen=True, slots=True)
class SnapshotHeader:
    """What a snapshot was built from, and where its sections lie."""

    version: int
    tool_version: str
    fingerprint: str
    settings: str
    commit: str
    entries: int
    checksum: str
    sections: tuple[int, ...] = ()
    """Byte lengths of the sections after the header line (three)."""


@dataclass(frozen=True, slots=True)
class FactsBlob:
    """Where one facts entry lies in the facts section, and its inflated size."""

    offset: int
    length: int
    size: int


@dataclass(frozen=True, slots=True)
class SnapshotFacts:
    """The facts entries of a snapshot, each inflated only when asked for."""

    data: bytes
    table: Mapping[str, FactsBlob]

    def get(self, key: str) -> str | None:
        """The facts text of ``key``; None when absent or its blob is damaged (a miss)."""
        blob = self.table.get(key)
        if blob is None:
            return None
        return _inflate_blob(self.data[blob.offset : blob.offset + blob.length], blob.size)

    def keys(self) -> Iterator[str]:
        """The facts keys, sorted."""
        return iter(self.table)

    def __contains__(self, key: object) -> bool:
        return key in self.table

    def __len__(self) -> int:
        return len(self.table)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A loaded snapshot: its header, its interface, names and output entries, and its facts."""

    header: SnapshotHeader
    entries: tuple[tuple[str, str, str], ...]
    """The ``interface``, ``names`` and ``output`` entries (kind, key, text), sorted."""
    facts: SnapshotFacts


def encode_snapshot(
    entries: Iterable[tuple[str, str, str]],
    *,
    tool_version: str,
    fingerprint: str,
    settings: str,
    commit: str,
) -> bytes:
    """The snapshot bytes; the same entries, in any order, always give the same bytes."""
    return b"".join(
        encode_snapshot_pieces(
            sorted(set(entries)),
            tool_version=tool_version,
            fingerprint=fingerprint,
            settings=settings,
            commit=commit,
        ).pieces
    )


@dataclass(frozen=True, slots=True)
class SnapshotPieces:
    """A snapshot as the pieces it is made of, to be written one after the other."""

    pieces: tuple[bytes, ...]
    entries: int

    @property
    def size(self) -> int:
        """The snapshot's size in bytes."""
        return sum(map(len, self.pieces))


def encode_snapshot_pieces(
    entries: Iterable[tuple[str, str, str]],
    *,
    tool_version: str,
    fingerprint: str,
    settings: str,
    commit: str,
) -> SnapshotPieces:
    """The snapshot of entries given in (kind, key) order, each taken in turn,
    as pieces never joined: only the compressed snapshot is held, never the
    entries' texts at once, and a writer that takes the pieces in turn holds
    no second copy of it (60 MB of compressed facts for 5.4 million lines)."""
    others = zlib.compressobj(_LEVEL)
    other_chunks: list[bytes] = []
    blobs: list[bytes] = []
    rows: list[str] = []
    offset = 0
    count = 0
    previous: tuple[str, str, str] | None = None
    for entry in entries:
        kind, key, text = entry
        if previous is not None:
            if entry == previous:
                continue
            if entry < previous:
                raise ValueError(f"snapshot entries out of order: {kind} {key}")
            if kind == "facts" and entry[:2] == previous[:2]:
                raise ValueError("two facts entries share a key")
        previous = entry
        if kind not in KINDS or not _KEY.fullmatch(key) or "\n" in text:
            raise ValueError(f"not a snapshot entry: {kind} {key}")
        count += 1
        if kind != "facts":
            chunk = others.compress(f"{kind}\t{key}\t{text}\n".encode())
            if chunk:  # mostly empty: the compressor holds what it has not written
                other_chunks.append(chunk)
            continue
        raw = text.encode("utf-8")
        blob = zlib.compress(raw, _LEVEL)
        rows.append(f"{key}\t{offset}\t{len(blob)}\t{len(raw)}\n")
        blobs.append(blob)
        offset += len(blob)
    other_chunks.append(others.flush())
    table = zlib.compress("".join(rows).encode("ascii"), _LEVEL)
    checksum = hashlib.sha256()
    for piece in (*other_chunks, table, *blobs):
        checksum.update(piece)
    header = {
        "version": SNAPSHOT_VERSION,
        "tool_version": tool_version,
        "fingerprint": fingerprint,
        "settings": settings,
        "commit": commit,
        "entries": count,
        "sections": [sum(map(len, other_chunks)), len(table), sum(map(len, blobs))],
        "checksum": checksum.hexdigest(),
    }
    head = MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n"
    return SnapshotPieces((head, *other_chunks, table, *blobs), count)


def read_header(data: bytes) -> tuple[SnapshotHeader, bytes]:
    """The header and the payload after it; SnapshotError when malformed."""
    if len(data) > MAX_SNAPSHOT_BYTES:
        raise SnapshotError(f"snapshot larger than {MAX_SNAPSHOT_BYTES} bytes")
    if not data.startswith(MAGIC):
        raise SnapshotError("not a blast-radius snapshot")
    end = data.find(b"\n", len(MAGIC), len(MAGIC) + MAX_HEADER_BYTES)
    if end < 0:
        raise SnapshotError("snapshot header missing or too long")
    try:
        fields = json.loads(data[len(MAGIC) : end])
        sections = fields.get("sections", [])
        if not isinstance(sections, list) or not all(
            type(length) is int and length >= 0 for length in sections
        ):
            raise ValueError("sections are not byte lengths")
        header = SnapshotHeader(
            version=int(fields["version"]),
            tool_version=str(fields["tool_version"]),
            fingerprint=str(fields["fingerprint"]),
            settings=str(fields["settings"]),
            commit=str(fields["commit"]),
            entries=int(fields["entries"]),
            checksum=str(fields["checksum"]),
            sections=tuple(sections),
        )
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise SnapshotError(f"snapshot header is damaged: {error}") from None
    return header, data[end + 1 :]


def decode_snapshot(data: bytes, *, fingerprint: str) -> Snapshot:
    """Load a snapshot made by the same tool and grammars.

    Raises SnapshotError for another version, a checksum mismatch, a
    truncated or oversized payload, a facts table that does not describe
    the facts section, or entries that are not cache entries. Other settings
    are no reason to refuse: every entry is keyed by what it depends on, so
    entries made under other settings are simply not used. The facts are
    not inflated here: ``Snapshot.facts.get`` inflates one when asked.
    """
    header, payload = read_header(data)
    if header.version != SNAPSHOT_VERSION:
        raise SnapshotError(f"snapshot format {header.version}, expected {SNAPSHOT_VERSION}")
    if header.fingerprint != fingerprint:
        raise SnapshotError("snapshot made by another version of the tool or its grammars")
    if not 0 <= header.entries <= MAX_ENTRIES:
        raise SnapshotError("snapshot claims too many entries")
    if len(header.sections) != 3 or sum(header.sections) != len(payload):
        raise SnapshotError("snapshot sections do not add up to its size (truncated or altered)")
    if hashlib.sha256(payload).hexdigest() != header.checksum:
        raise SnapshotError("snapshot checksum does not match (truncated or altered)")
    entries_length, table_length, _ = header.sections
    table_end = entries_length + table_length
    table_text = _inflate(payload[entries_length:table_end], MAX_EXPANDED_BYTES)
    facts_data = payload[table_end:]
    table = _read_table(table_text, len(facts_data))
    budget = MAX_EXPANDED_BYTES - len(table_text) - sum(blob.size for blob in table.values())
    if budget < 0:
        raise SnapshotError("snapshot expands beyond the size limit")
    entries = _entries(_inflate_bytes(payload[:entries_length], budget))
    if len(entries) + len(table) != header.entries:
        raise SnapshotError("snapshot entry count does not match its header")
    return Snapshot(header, tuple(entries), SnapshotFacts(facts_data, MappingProxyType(table)))


def _entries(data: bytes) -> list[tuple[str, str, str]]:
    """The ``kind TAB key TAB text`` lines of the first section.

    Entries are sliced out of the inflated bytes where they lie and decoded
    one by one: splitting tens of megabytes into lines first would copy all
    of it once more, and one non-ASCII character would make the whole
    section, decoded at once, a text of two or four bytes a character.
    """
    entries: list[tuple[str, str, str]] = []
    start = 0
    end = len(data)
    try:
        while start < end:
            line_end = data.find(b"\n", start)
            if line_end < 0:
                line_end = end
            kind_end = data.find(b"\t", start, line_end)
            key_end = data.find(b"\t", kind_end + 1, line_end) if kind_end >= 0 else -1
            if key_end < 0:
                raise SnapshotError("snapshot holds an entry that is not a cache entry")
            kind = data[start:kind_end].decode("utf-8")
            key = data[kind_end + 1 : key_end].decode("utf-8")
            if kind not in KINDS or kind == "facts" or not _KEY.fullmatch(key):
                raise SnapshotError("snapshot holds an entry that is not a cache entry")
            entries.append((kind, key, data[key_end + 1 : line_end].decode("utf-8")))
            start = line_end + 1
    except UnicodeDecodeError as error:
        raise SnapshotError("snapshot payload is not text") from error
    return entries


def _read_table(text: str, section_length: int) -> dict[str, FactsBlob]:
    """The facts table: sorted unique keys, blobs end to end filling the whole section."""
    table: dict[str, FactsBlob] = {}
    previous = ""
    end = 0
    for line in text.split("\n"):
        if not line:
            continue
        row = _TABLE_ROW.fullmatch(line)
        if row is None:
            raise SnapshotError("snapshot facts table holds a line that is not a facts entry")
        key = row[1]
        blob = FactsBlob(int(row[2]), int(row[3]), int(row[4]))
        if key <= previous:
            raise SnapshotError("snapshot facts table is not sorted by key")
        if blob.offset != end or blob.offset + blob.length > section_length:
            raise SnapshotError("snapshot facts table points outside its blobs")
        if len(table) >= MAX_ENTRIES:
            raise SnapshotError("snapshot claims too many entries")
        table[key] = blob
        previous = key
        end = blob.offset + blob.length
    if end != section_length:
        raise SnapshotError("snapshot facts table does not cover its blobs")
    return table


def _inflate(payload: bytes, limit: int) -> str:
    """Decompress text with a bound on the output (see ``_inflate_bytes``)."""
    try:
        return _inflate_bytes(payload, limit).decode("utf-8")
    except UnicodeDecodeError as error:
        raise SnapshotError("snapshot payload is not text") from error


def _inflate_bytes(payload: bytes, limit: int) -> bytes:
    """Decompress with a bound on the output: a small file cannot expand without limit."""
    inflater = _decompressobj()
    try:
        # One call: the output grows as needed, never past the bound.
        raw = inflater.decompress(payload, limit + 1)
    except _INFLATE_ERRORS as error:
        raise SnapshotError(f"snapshot payload is damaged: {error}") from None
    if len(raw) > limit:
        raise SnapshotError("snapshot expands beyond the size limit")
    if not inflater.eof or inflater.unused_data:
        raise SnapshotError("snapshot payload is truncated")
    return raw


def _inflate_blob(blob: bytes, size: int) -> str | None:
    """One facts text, exactly ``size`` bytes once inflated; None when it is not."""
    inflater = _decompressobj()
    try:
        raw = inflater.decompress(blob, size + 1)
    except _INFLATE_ERRORS:
        return None
    if len(raw) != size or not inflater.eof or inflater.unused_data:
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return None if "\n" in text else text
