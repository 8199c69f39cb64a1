"""On-disk cache of per-file facts, interfaces and rendered outputs, and the last graph.

Entries are keyed by a digest of the file's path and content and of the
extractor's fingerprint (outputs also by the digest of what the file's
lookups read of other files' interfaces), so an unchanged file is never
parsed or resolved twice. Each kind lives in one pack of lines, read lazily;
new entries are appended, and a pack mostly made of entries the last run did
not use is rewritten with only the used ones, so the cache stays bounded. A
damaged pack or entry is a cache miss, never an error.

Entries restored from a snapshot (imported without ``persist``, or served by a
fallback such as a snapshot's lazily read facts) serve the current run only:
they live on the index branch already and are never written to the folder.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import BinaryIO

KINDS = ("facts", "interface", "output")
_VERSION = "v6"
_GRAPH = f"graph-{_VERSION}.json"
_GRAPH_KEY = f"graph-{_VERSION}.key"
_COMPACT_MIN = 2000


def _write_atomic(path: Path, data: bytes | Iterable[str]) -> None:
    """Replace ``path`` with ``data`` (bytes, or pieces of text written one by one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(data, bytes):
                handle.write(data)
            else:
                _write_pieces(handle, data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


_WRITE_BATCH = 1 << 20


def _write_pieces(handle: BinaryIO, pieces: Iterable[str]) -> None:
    """Write text pieces in batches of about a megabyte: never the whole text at once."""
    batch: list[str] = []
    size = 0
    for piece in pieces:
        batch.append(piece)
        size += len(piece)
        if size >= _WRITE_BATCH:
            handle.write("".join(batch).encode())
            batch.clear()
            size = 0
    if batch:
        handle.write("".join(batch).encode())


def _slices(text: str) -> Iterator[str]:
    for start in range(0, len(text), _WRITE_BATCH):
        yield text[start : start + _WRITE_BATCH]


def _lines(entries: Mapping[str, str]) -> Iterator[str]:
    for key in sorted(entries):
        yield f"{key}\t{entries[key]}\n"


class FactsCache:
    """The cache folder; a ``None`` folder disables caching."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._packs: dict[str, dict[str, str]] = {}
        self._used: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
        self._added: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
        self._restored: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
        self._fallbacks: dict[str, list[Callable[[str], str | None]]] = {kind: [] for kind in KINDS}

    def _pack(self, kind: str) -> dict[str, str]:
        pack = self._packs.get(kind)
        if pack is None:
            pack = {}
            if self.folder is not None:
                try:
                    text = (self.folder / f"{kind}-{_VERSION}.jsonl").read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    text = ""
                for line in text.split("\n"):
                    key, sep, payload = line.partition("\t")
                    if sep:
                        pack[key] = payload
            self._packs[kind] = pack
        return pack

    def get(self, kind: str, key: str) -> str | None:
        """The JSON text stored for ``key``, or None.

        Looks in memory, then in the folder's pack, then in what was restored
        for this run (imported entries, then the fallbacks).
        """
        payload = self._used[kind].get(key)
        if payload is not None:
            return payload
        if self.folder is not None:
            payload = self._pack(kind).get(key)
            if payload is not None:
                self._used[kind][key] = payload
                return payload
        return self._restored_entry(kind, key)

    def has(self, kind: str, key: str) -> bool:
        """Whether an entry exists for ``key`` (without decoding its JSON).

        A fallback is asked for the entry itself, which is then kept in memory
        for the ``get`` that follows.
        """
        return (
            key in self._used[kind]
            or (self.folder is not None and key in self._pack(kind))
            or self._restored_entry(kind, key) is not None
        )

    def add_fallback(self, kind: str, lookup: Callable[[str], str | None]) -> None:
        """Serve entries of ``kind`` found nowhere else from ``lookup``, for this run only.

        ``lookup`` returns an entry's text or None (a miss); what it serves is
        never saved (a restored snapshot's facts, read one entry at a time).
        """
        self._fallbacks[kind].append(lookup)

    def _restored_entry(self, kind: str, key: str) -> str | None:
        restored = self._restored[kind]
        payload = restored.get(key)
        if payload is not None:
            return payload
        for lookup in self._fallbacks[kind]:
            payload = lookup(key)
            if payload is not None:
                restored[key] = payload
                return payload
        return None

    def retain(self, kind: str, keys: list[str]) -> None:
        """Keep the entries of ``keys`` at the next save, without reading them."""
        if self.folder is None:
            return
        pack = self._pack(kind)
        used = self._used[kind]
        for key in keys:
            if key not in used and key in pack:
                used[key] = pack[key]

    def put(self, kind: str, key: str, text: str) -> None:
        """Store JSON text (one line) for ``key`` (in memory too when there is no folder)."""
        self._used[kind][key] = text
        self._added[kind][key] = text

    def save(self) -> None:
        """Persist the entries added by this run.

        New entries are appended (cheap, and a torn line is just a miss later).
        When most of a pack is entries this run did not use (old versions of
        files), it is rewritten with only the used ones, atomically, so the
        cache stays bounded. Restored entries are neither appended nor
        rewritten: they were not put, retained or read from the pack.
        """
        if self.folder is None:
            return
        for kind in KINDS:
            added = self._added[kind]
            path = self.folder / f"{kind}-{_VERSION}.jsonl"
            pack = self._packs.get(kind)
            used = self._used[kind]
            if pack is not None and len(pack.keys() - used.keys()) > max(_COMPACT_MIN, len(used)):
                _write_atomic(path, _lines(used))
            elif added:
                path.parent.mkdir(parents=True, exist_ok=True)
                with open(path, "ab") as handle:
                    _write_pieces(handle, _lines(added))
            added.clear()

    def export(self, wanted: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
        """The (kind, key, text) entries for ``wanted`` (kind, key) pairs that exist."""
        found = []
        for kind, key in wanted:
            text = self._used[kind].get(key)
            if text is None:
                text = self._pack(kind).get(key)
            if text is None:
                text = self._restored_entry(kind, key)
            if text is not None:
                found.append((kind, key, text))
        return found

    def all_entries(self) -> list[tuple[str, str, str]]:
        """Every entry of the folder (for merging shards)."""
        return [
            (kind, key, text)
            for kind in KINDS
            for key, text in sorted({**self._pack(kind), **self._used[kind]}.items())
        ]

    def import_entries(self, entries: list[tuple[str, str, str]], *, persist: bool) -> None:
        """Add entries from a snapshot or from shards.

        With ``persist`` they are saved with the rest; without, they serve this
        run only (a snapshot restored on a runner is on its branch already) and
        are never written to the folder.
        """
        for kind, key, text in entries:
            if kind not in self._used:
                continue
            if persist:
                self._used[kind][key] = text
                self._added[kind][key] = text
            else:
                self._restored[kind][key] = text

    def get_graph(self, key: str) -> str | None:
        """The graph text built last time, when it was built for ``key``."""
        if self.folder is None:
            return None
        try:
            if (self.folder / _GRAPH_KEY).read_text(encoding="utf-8") != key:
                return None
            return (self.folder / _GRAPH).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def put_graph(self, key: str, text: str) -> None:
        """Remember the graph text built for ``key``."""
        if self.folder is None:
            return
        _write_atomic(self.folder / _GRAPH, _slices(text))
        _write_atomic(self.folder / _GRAPH_KEY, key.encode("utf-8"))
